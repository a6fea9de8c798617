"""What a German or French newcomer still read in English: a refusal of the command line, the
question of ``undo`` and its answer, the pages' and exports' titles, the room's and ``serve``'s
start-up lines, the seat's start tile and one-tap answers, and the lines joined in code, which in
French take their no-break space before ``:`` and ``;`` (locale/GLOSSARY.md, "Style")."""

from __future__ import annotations

import re

import pytest

from acquire_ref.language import using
from tests.helpers import EXAMPLES, moves_of
from tests.test_translations_cli import english_words

FOUR = EXAMPLES / "four-players.toml"
NBSP, NNBSP = "\u00a0", "\u202f"


@pytest.fixture
def on_a_terminal(monkeypatch):
    """Standard input is a terminal: ``undo`` may ask."""
    import acquire_ref.cli.undo

    monkeypatch.setattr(acquire_ref.cli.undo, "_asks", lambda: True)


def played(cli, tmp_path, count: int | None = None):
    """The game file of the four players' example, its first ``count`` moves (all by default)."""
    from tests.test_serve_pages import game_file

    path = tmp_path / "g.toml"
    assert cli("play", game_file(tmp_path / "script.toml", count), "--force", game=path).exit_code == 0
    return path


@pytest.mark.parametrize(("code", "rack", "nobody"), [
    ("de", "am Tisch gehören die Ablagen den Spielern: der Schiedsrichter kennt sie nicht",
     "kein Spieler 'Zed' in dieser Partie: die Spieler sind Ann, Ben, Cat, Dan"),
    ("fr", f"au mode table, les chevalets sont aux joueurs{NBSP}: l’arbitre ne les connaît pas",
     f"pas de joueur 'Zed' dans cette partie{NBSP}: les joueurs sont Ann, Ben, Cat, Dan"),
])
def test_a_table_s_rack_and_an_unknown_player_are_refused_in_the_language_spoken(cli, tmp_path, code, rack, nobody):
    path = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", "Cat", "Dan", game=path).exit_code == 0
    hand = cli("--lang", code, "hand", "Ann", game=path)
    log = cli("--lang", code, "log", "--player", "Zed", game=path)
    assert (hand.exit_code, log.exit_code) == (3, 2)
    assert rack in hand.stderr and nobody in log.stderr
    assert english_words(hand.stderr + log.stderr) == []


@pytest.mark.parametrize(("code", "letters", "yes", "no"), [("de", "[j/N]", ["j", "Ja"], "n"),
                                                            ("fr", "[o/N]", ["o", "OUI"], "n")])
def test_undo_asks_with_the_language_s_letters_and_takes_its_yes_and_y(cli, tmp_path, on_a_terminal, code, letters, yes,
                                                                       no):
    path = played(cli, tmp_path)  # 76 moves, the game over
    before = path.read_bytes()
    refused = cli("--lang", code, "undo", "2", game=path, input=f"{no}\n")
    assert refused.exit_code == 0 and f"{letters} " in refused.stdout and "[y/N]" not in refused.stdout
    assert path.read_bytes() == before
    for number, answer in enumerate([*yes, "y"]):
        taken = cli("--lang", code, "undo", "2", game=path, input=f"{answer}\n")
        assert taken.exit_code == 0 and path.read_bytes() != before, (answer, taken.stdout)
        assert len(moves_of(path)) == 76 - 2 * (number + 1)
        before = path.read_bytes()


def test_agrees_takes_y_yes_and_the_language_s_own_yes_and_nothing_else():
    from acquire_ref.cli.undo import agrees

    with using("de"):
        assert [agrees(a) for a in ("j", " JA ", "y", "yes", "", "n", "nein", "o", "oui")] == [
            True, True, True, True, False, False, False, False, False]
    with using("fr"):
        assert [agrees(a) for a in ("o", "Oui", "y", "j", "non")] == [True, True, True, False, False]
    with using("en"):
        assert [agrees(a) for a in ("y", "yes", "j", "o")] == [True, True, False, False]


@pytest.mark.parametrize(("code", "status", "review", "sold"), [
    ("de", "<title>Acquire, Zug 10</title>", "<title>Acquire: Ann, Ben, Cat, Dan: Rückblick</title>",
     f"5 Festival: 4.000{NBSP}$"),
    ("fr", "<title>Acquire, tour 10</title>", f"<title>Acquire{NBSP}: Ann, Ben, Cat, Dan{NBSP}: revue</title>",
     f"5 Festival{NBSP}: 4{NNBSP}000{NBSP}$"),
])
def test_the_exports_titles_and_the_standings_sales_are_in_the_language_spoken(cli, tmp_path, code, status, review,
                                                                               sold):
    going = played(cli, tmp_path, moves_of(FOUR).index("place 8G"))  # Cat's turn 10
    for flag, name in (("--html", "s.html"), ("--svg", "s.svg")):
        assert cli("--lang", code, "status", flag, tmp_path / name, game=going).exit_code == 0
        assert status in (tmp_path / name).read_text(encoding="utf-8"), flag
    over = tmp_path / "over"
    over.mkdir()
    done = played(cli, over)
    assert cli("--lang", code, "log", "--html", tmp_path / "r.html", game=done).exit_code == 0
    assert review in (tmp_path / "r.html").read_text(encoding="utf-8")
    assert cli("--lang", code, "score", "--html", tmp_path / "p.html", game=done).exit_code == 0
    assert sold in (tmp_path / "p.html").read_text(encoding="utf-8")  # Ann's 5 Festival sold at the end (R8.3)


def test_the_tv_page_s_title_and_its_merger_brief_in_french_take_the_no_break_space(cli, tmp_path):
    from acquire_ref.files.storage import load_game
    from acquire_ref.web import model

    path = played(cli, tmp_path, moves_of(FOUR).index("dispose Dan --trade 2"))  # Tower defunct, bonuses paid
    game = load_game(path)[0]
    with using("fr"):
        doc = model.board(game)
        assert doc["title"] == "Acquire, tour 19"
        assert doc["banner"]["defunct"][0]["brief"] == f"Tower{NBSP}: Cat 4{NNBSP}000{NBSP}$, Dan 2{NNBSP}000{NBSP}$."


def test_why_of_a_merger_in_french_joins_its_bonuses_with_a_narrow_no_break_space_before_the_semicolon(cli, tmp_path):
    """Dan's 6E on turn 19 (R5.4): Tower's majority bonus to Cat, its minority bonus to Dan."""
    path = played(cli, tmp_path, moves_of(FOUR).index("place 6E"))
    said = re.sub(r"[ \n]+", " ", cli("--lang", "fr", "why", "6E", game=path).stdout)
    assert f"Cat 4{NNBSP}000{NBSP}$ (majorité){NNBSP}; Dan 2{NNBSP}000{NBSP}$ (minorité)" in said, said


@pytest.mark.parametrize(("code", "lines"), [
    ("de", ["Der Raum von g.toml ist geöffnet.", "Öffne auf dem Fernseher http://192.168.1.20:8765/",
            "Ab jetzt wird jede Entscheidung auf den Handys getroffen. Strg-C beendet."]),
    ("fr", ["La salle de g.toml est ouverte.", "Sur la télévision, ouvrez http://192.168.1.20:8765/",
            "Désormais, chaque décision se prend sur les téléphones. Ctrl-C arrête."]),
])
def test_the_room_and_serve_say_their_start_up_lines_in_the_language_spoken(tmp_path, code, lines):
    from pathlib import Path

    from acquire_ref.web.serve import _tell_addresses, _tell_room

    said: list[str] = []
    with using(code):
        _tell_room(Path("g.toml"), "0.0.0.0", ["http://127.0.0.1:8765/", "http://192.168.1.20:8765/"], said.append)
        _tell_addresses(Path("g.toml"), "0.0.0.0", ["http://127.0.0.1:8765/", "http://192.168.1.20:8765/"], said.append)
    for line in lines:
        assert line in said, said
    assert english_words("\n".join(said)) == []


@pytest.mark.parametrize(("code", "freed"), [
    ("de", "Den Platz von Cat hatte kein Handy eingenommen: er ist frei, mit einem neuen Link; Cat tritt über die "
           "Beitrittsseite des Fernsehers bei."),
    ("fr", f"Aucun téléphone n’avait rejoint la place de Cat{NBSP}: elle est libre, avec un nouveau lien{NNBSP}; Cat "
           "la rejoint depuis la page d’accès de la télévision."),
])
def test_room_release_is_said_in_the_language_spoken(cli, tmp_path, code, freed):
    path = played(cli, tmp_path, 5)
    result = cli("--lang", code, "room", "--release", "Cat", game=path)
    assert result.exit_code == 0 and freed in re.sub(r"[ \n]+", " ", result.output), result.output


@pytest.mark.parametrize(("code", "start", "found", "quick"), [
    ("de", "Zieh dein Startplättchen aus dem Beutel und gib es ein",
     "American gründen, mit der Gründeraktie, wenn die Bank eine hat",
     ["Alle 4 verkaufen", "Möglichst viele tauschen: 4 gegen 2"]),
    ("fr", "Tirez votre tuile de départ du sac et saisissez-la",
     "fonder American, avec l’action de fondateur si la banque en a une",
     ["Vendre les 4", f"Échanger le plus possible{NBSP}: 4 contre 2"]),
])
def test_a_seat_s_start_tile_founding_and_one_tap_disposals_are_worded_in_its_language(cli, tmp_path, code, start,
                                                                                       found, quick):
    from acquire_ref.files.storage import load_game
    from acquire_ref.web import seat_model
    from acquire_ref.web.room import start_ask

    with using(code):
        new = tmp_path / "new.toml"
        assert cli("new", "Ann", "Ben", "Cat", "Dan", game=new).exit_code == 0
        assert start_ask(load_game(new)[0], "Ann", {})["title"] == start
        founding = load_game(played(cli, tmp_path, moves_of(FOUR).index("place 6C") + 1))[0]  # Ben founds
        chains = {a["move"]: a["preview"] for a in seat_model.answers(founding, None)["answers"]}
        assert chains["choose American"] == found
        other = tmp_path / "merger"
        other.mkdir()
        disposing = load_game(played(cli, other, moves_of(FOUR).index("dispose Cat --sell 2 --trade 2")))[0]
        assert [q["label"] for q in seat_model.answers(disposing, None)["quick"]] == quick
