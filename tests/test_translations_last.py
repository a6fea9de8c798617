"""The last sentences that stayed English in a German or French session, now in the language
spoken: the live server's refusal of a request naming another server, ``tournament``'s
confirmations at a terminal (the language's yes, as ``undo`` takes it), the rare refusals of
standard input and of a side file of another user, the operating system's common errors, and
TOML's syntax errors; and French elision and agreement where a name or a list follows."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from acquire_ref.language import using
from acquire_ref.web.app import create_app
from tests.helpers import EXAMPLES, tournament_ok
from tests.test_translations_cli import english_words

NBSP, NNBSP = "\u00a0", "\u202f"


@pytest.mark.parametrize(("code", "said"), [
    ("de", "Dieser Server antwortet nur auf 127.0.0.1, [::1], localhost, und die Anfrage nennt 'evil.example' (Host): "
           "öffne eine der Adressen, die `acquire-ref serve` ausgegeben hat.\n"),
    ("fr", f"Ce serveur ne répond qu’à 127.0.0.1, [::1], localhost, et la requête nomme 'evil.example' (Host){NBSP}: "
           "ouvrez une des adresses qu’a affichées `acquire-ref serve`.\n"),
])
def test_a_request_naming_another_server_is_refused_in_the_server_s_language(tmp_path, code, said):
    path = tmp_path / "g.toml"
    path.write_bytes((EXAMPLES / "mid-game.toml").read_bytes())
    refused = TestClient(create_app(path, lang=code), base_url="http://evil.example").get("/state.json")
    assert refused.status_code == 400
    assert refused.text == said
    english = TestClient(create_app(path), base_url="http://evil.example").get("/")
    assert english.text.startswith("This server answers to 127.0.0.1, [::1], localhost only, and the request "
                                   "names 'evil.example' (Host)")


@pytest.fixture
def on_a_terminal(monkeypatch):
    """Standard input and standard error are a terminal: ``tournament`` may ask."""
    import acquire_ref.cli.tournament

    monkeypatch.setattr(acquire_ref.cli.tournament, "_asks", lambda: True)


def with_a_result(cli, folder: Path) -> bytes:
    """An event of eight players, round 1 drawn and table 1's result entered: the event file."""
    tournament_ok(cli, folder, "new", "Club", "--seed", "11")
    tournament_ok(cli, folder, "add", "Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
    seats = json.loads(tournament_ok(cli, folder, "draw", "--json"))["round"]["tables"][0]["seats"]
    tournament_ok(cli, folder, "result", "1", "1", *[f"{p}={(i + 2) * 10000}" for i, p in enumerate(seats)])
    return (folder / "club.event.toml").read_bytes()


@pytest.mark.parametrize(("code", "asked", "yes", "unchanged"), [
    ("de", "Runde 1 hat eingetragene Ergebnisse für Tisch 1: eine Neuauslosung streicht sie. Fortfahren? [j/N] ",
     ["Ja", "y"], "nichts geändert"),
    ("fr", f"la ronde 1 a des résultats saisis pour la table 1{NBSP}: un nouveau tirage les supprime. "
           f"Continuer{NNBSP}? [o/N] ", ["oui", "y"], "rien n’a changé"),
])
def test_t2_3_a_redraw_asks_with_the_language_s_letters_and_takes_its_yes(cli, tmp_path, on_a_terminal, code, asked,
                                                                        yes, unchanged):
    before = with_a_result(cli, tmp_path)
    for answer in ("n", "", "yes please"):
        refused = cli("--lang", code, "tournament", "draw", "--force", cwd=tmp_path, input=f"{answer}\n")
        assert refused.exit_code == 3, refused.output
        assert refused.stderr.startswith(asked) and unchanged in refused.stderr and "[y/N]" not in refused.stderr
        assert (tmp_path / "club.event.toml").read_bytes() == before
    for answer in yes:
        folder = tmp_path / answer
        folder.mkdir()
        before = with_a_result(cli, folder)
        taken = cli("--lang", code, "tournament", "draw", "--force", cwd=folder, input=f"{answer}\n")
        assert taken.exit_code == 0, taken.output
        assert taken.stderr.startswith(asked)
        assert (folder / "club.event.toml").read_bytes() != before


@pytest.mark.parametrize(("code", "said"), [
    ("de", "die Standardeingabe beginnt mit einer Byte-Reihenfolge-Markierung: sende sie als UTF-8 ohne BOM (Skript)"),
    ("fr", f"l’entrée standard commence par une marque d’ordre des octets{NBSP}: envoyez-la en UTF-8 sans BOM (script)"),
])
def test_a_script_on_standard_input_with_a_byte_order_mark_is_refused_in_the_language_spoken(cli, tmp_path, code, said):
    path = tmp_path / "g.toml"
    refused = cli("--lang", code, "play", "-", game=path, input="\ufeffplayers = []\n")
    assert refused.exit_code == 4, refused.output
    assert said in refused.stderr and english_words(refused.stderr) == []
    assert not path.exists()


def test_standard_input_too_large_says_its_bound_as_the_language_writes_a_number():
    from acquire_ref.files.wording import standard_input

    with using("de"):
        assert standard_input("large", "script", most=8 * 1024 * 1024) == \
            "die Standardeingabe hat mehr als 8.388.608 Bytes: zu groß (Skript)"
    with using("fr"):
        assert standard_input("unread", "script", "Is a directory") == \
            f"entrée standard{NBSP}: lecture impossible (script){NBSP}: Is a directory"
    assert standard_input("large", "script", most=8 * 1024 * 1024) == \
        "standard input is more than 8,388,608 bytes: too large for a script"


@pytest.fixture
def seated(cli, tmp_path) -> Path:
    """The four players' example played out, and its seats' links made (GAME.seats)."""
    path = tmp_path / "g.toml"
    assert cli("play", EXAMPLES / "four-players.toml", game=path).exit_code == 0
    assert cli("seats", "--json", "--host", "127.0.0.1", game=path).exit_code == 0
    return path


OWNER = {"de": "g.toml.seats: die Datei gehört einem anderen Benutzer (Datei der Plätze; Benutzerkennung {owner}, "
               "nicht {user}, der diesen Befehl ausführt) und wird daher nicht gelesen: wer in ihren Ordner schreiben "
               "kann, könnte sie dort abgelegt haben; `acquire-ref seats --new` ersetzt sie durch neue Links",
         "fr": f"g.toml.seats{NBSP}: le fichier appartient à un autre utilisateur (fichier des places, identifiant "
               f"{{owner}} et non {{user}}, qui lance cette commande), il n’est donc pas lu{NBSP}: quiconque peut "
               f"écrire dans son dossier aurait pu l’y déposer{NNBSP}; `acquire-ref seats --new` la remplace par de "
               "nouveaux liens"}


@pytest.mark.skipif(os.name != "posix", reason="user ids as on POSIX")
@pytest.mark.parametrize("code", ["de", "fr"])
def test_a_seats_file_of_another_user_is_refused_in_the_language_spoken(cli, seated, monkeypatch, code):
    from acquire_ref.files import storage

    monkeypatch.setattr(storage, "running_user", lambda: os.geteuid() + 4242)
    refused = cli("--lang", code, "seats", "--host", "127.0.0.1", game=seated)
    assert refused.exit_code == 4, refused.output
    assert OWNER[code].format(owner=os.geteuid(), user=os.geteuid() + 4242) in refused.stderr
    assert english_words(refused.stderr.replace("acquire-ref seats", "")) == []


@pytest.mark.skipif(os.name != "posix", reason="file modes as on POSIX")
@pytest.mark.parametrize(("code", "said"), [
    ("de", "g.toml.seats: die Datei der Plätze ist für andere offen (Modus 644, nicht 600): ihre Links könnten "
           "gelesen worden sein; `acquire-ref seats --new` ersetzt sie durch neue Links"),
    ("fr", f"g.toml.seats{NBSP}: le fichier des places est ouvert aux autres (mode 644, pas 600){NBSP}: ses liens "
           f"ont pu être lus{NNBSP}; `acquire-ref seats --new` la remplace par de nouveaux liens"),
])
def test_a_seats_file_open_to_others_is_refused_in_the_language_spoken(cli, seated, code, said):
    Path(str(seated) + ".seats").chmod(0o644)
    refused = cli("--lang", code, "seats", "--host", "127.0.0.1", game=seated)
    assert refused.exit_code == 4, refused.output
    assert said in refused.stderr


@pytest.mark.parametrize(("code", "words"), [
    ("de", ["Keine Berechtigung", "Auf dem Gerät ist kein Speicherplatz mehr frei", "Das Dateisystem ist nur lesbar"]),
    ("fr", ["Permission non accordée", "Plus d’espace disponible sur le périphérique",
            "Système de fichiers en lecture seule"]),
])
def test_the_system_s_common_errors_are_worded_by_errno_and_others_as_the_system_says(code, words):
    import errno

    from acquire_ref.files.wording import system_error

    said = [OSError(errno.EACCES, "Permission denied"), OSError(errno.ENOSPC, "No space left on device"),
            OSError(errno.EROFS, "Read-only file system")]
    with using(code):
        assert [system_error(exc) for exc in said] == words
        assert system_error(OSError(errno.ENOTSUP, "Operation not supported")) == "Operation not supported"
        assert system_error(ValueError("embedded null byte")) == "embedded null byte"
    assert [system_error(exc) for exc in said] == ["Permission denied", "No space left on device",
                                                    "Read-only file system"]


@pytest.mark.skipif(os.name != "posix", reason="symbolic links as on POSIX")
@pytest.mark.parametrize(("code", "folder", "loop"), [
    ("de", "kann nicht gelesen werden: Ist kein Verzeichnis", "kann nicht gelesen werden: Zu viele Ebenen symbolischer Links"),
    ("fr", f"illisible{NBSP}: N’est pas un dossier", f"illisible{NBSP}: Trop de niveaux de liens symboliques"),
])
def test_a_game_file_under_a_file_or_in_a_loop_of_links_is_refused_with_the_system_s_error_in_the_language(
        cli, tmp_path, code, folder, loop):
    (tmp_path / "plain.toml").write_text("x = 1\n")
    (tmp_path / "a.toml").symlink_to(tmp_path / "b.toml")
    (tmp_path / "b.toml").symlink_to(tmp_path / "a.toml")
    under = cli("--lang", code, "status", game=tmp_path / "plain.toml" / "g.toml")
    looped = cli("--lang", code, "status", game=tmp_path / "a.toml")
    assert (under.exit_code, looped.exit_code) == (4, 4)
    assert folder in under.stderr and loop in looped.stderr
    assert english_words(under.stderr + looped.stderr) == []


@pytest.mark.parametrize(("code", "value", "twice"), [
    ("de", "ist kein gültiges TOML: Ungültiger Wert (Zeile 2, Spalte 8)",
     "ist kein gültiges TOML: Die Tabelle [setup] kann nicht zweimal angegeben werden (Zeile 3, Spalte 7)"),
    ("fr", f"n’est pas du TOML valide{NBSP}: Valeur invalide (ligne 2, colonne 8)",
     f"n’est pas du TOML valide{NBSP}: La table [setup] ne peut pas être déclarée deux fois (ligne 3, colonne 7)"),
])
def test_a_toml_syntax_error_is_worded_in_the_language_with_its_line_and_column(cli, tmp_path, code, value, twice):
    broken, doubled = tmp_path / "b.toml", tmp_path / "d.toml"
    broken.write_text("[setup]\nseed = \n")
    doubled.write_text("[setup]\nseed = 1\n[setup]\n")
    said = [cli("--lang", code, "status", game=path) for path in (broken, doubled)]
    assert [r.exit_code for r in said] == [4, 4]
    assert f"b.toml {value}" in said[0].stderr and f"d.toml {twice}" in said[1].stderr
    assert "Invalid value (at line 2, column 8)" in cli("status", game=broken).stderr  # English: tomllib's own


def test_toml_words_no_table_knows_stay_tomllib_s_with_the_place_in_the_language():
    from acquire_ref.files.wording import toml_problem

    with using("de"):
        assert toml_problem("Something new (at line 2, column 1)") == "Something new (Zeile 2, Spalte 1)"
        assert toml_problem("Unclosed array (at end of document)") == "Nicht geschlossene Liste (am Ende der Datei)"
        assert toml_problem("no place given") == "no place given"
    with using("fr"):
        assert toml_problem("Illegal character '\\x01' (at line 1, column 6)") == \
            "Caractère interdit '\\x01' (ligne 1, colonne 6)"


def test_french_elides_de_before_a_name_starting_with_a_vowel_and_not_before_others(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", "Eve", "Hal", game=path).exit_code == 0
    said = cli("--lang", "fr", "start", "1A", "2B", "3C", "4D", game=path).stdout.splitlines()
    assert said[:4] == ["la tuile de départ 1A d’Ann est posée comme tuile isolée (R2.2)",
                        "la tuile de départ 2B de Ben est posée comme tuile isolée (R2.2)",
                        "la tuile de départ 3C d’Eve est posée comme tuile isolée (R2.2)",
                        "la tuile de départ 4D de Hal est posée comme tuile isolée (R2.2)"]
    german = cli("--lang", "de", "log", game=path).stdout.splitlines()
    assert german[1].strip() == "Das Startplättchen 1A von Ann wird als einzelnes Plättchen gelegt (R2.2)"


def test_french_elision_follows_the_name_s_first_letter_and_its_field_alone():
    from acquire_ref.language import Elided, _

    rack = "le chevalet de {who} est vide"
    assert Elided(rack).format(who="Émile") == "le chevalet d’Émile est vide"
    assert Elided(rack).format(who="Yann") == "le chevalet de Yann est vide"
    assert Elided(rack).format(who="'Ann'") == "le chevalet de 'Ann' est vide"  # a name shown quoted: no elision
    assert Elided("De {player} à {chain}, plus que {player}").format(player="Olga", chain="Imperial") == \
        "D’Olga à Imperial, plus qu’Olga"
    assert Elided("la part de {chain} et de {count}").format(chain="American", count="8") == \
        "la part d’American et de 8"
    with using("fr"):
        assert _("{who}'s rack is empty and the bag is too (R7.2): type `pass`").format(who="Ann").startswith(
            "le chevalet d’Ann est vide")
    with using("de"):
        assert not isinstance(_("{who}'s rack is empty and the bag is too (R7.2): type `pass`"), Elided)


@pytest.mark.parametrize(("code", "one", "two"), [
    ("de", "Festival darf wieder gegründet werden (R5.5)", "Tower, American dürfen wieder gegründet werden (R5.5)"),
    ("fr", "Festival peut être fondée à nouveau (R5.5)", "Tower, American peuvent être fondées à nouveau (R5.5)"),
])
def test_r5_5_the_defunct_chains_that_may_be_founded_again_agree_in_number(code, one, two):
    from acquire_ref.engine import events as ev
    from acquire_ref.words.events import told

    with using(code):
        single = told(ev.MergerCompleted(survivor="Continental", size=14, price=900, defunct=("Festival",)))
        both = told(ev.MergerCompleted(survivor="Continental", size=21, price=1000, defunct=("Tower", "American"),
                                       safe=True))
    assert single.endswith(one)
    assert two in both
    english = told(ev.MergerCompleted(survivor="Continental", size=21, price=1000, defunct=("Tower", "American")))
    assert english.endswith("; Tower, American may be founded again (R5.5)")


def test_french_words_of_the_page_scripts_need_no_elision_as_they_are_filled_in_the_browser():
    """A page script fills its fields itself, without :class:`acquire_ref.language.Elided`: its
    French words are written so that no ``de`` or ``que`` comes before a name."""
    from babel.messages.pofile import read_po

    from acquire_ref.language import ELIDING, LOCALE_DIR

    with open(LOCALE_DIR / "fr" / "LC_MESSAGES" / "acquire_ref.po", "rb") as fh:
        scripts = [m for m in read_po(fh) if any(where.endswith(".js") for where, _ in m.locations)]
    assert len(scripts) > 10
    assert [m.id for m in scripts if ELIDING.search(m.string if isinstance(m.string, str) else " ".join(m.string))] == []
    with using("fr"):
        from acquire_ref.language import _

        assert _("{player}'s code (under Yours on {player}'s phone)").format(player="Ann") == \
            f"Code pour Ann (sous «{NNBSP}À vous{NNBSP}» sur son téléphone)"


@pytest.mark.parametrize(("code", "table", "dealt"), [
    ("en", "table tiles", "dealt tiles"),
    ("de", "Plättchen vom Tisch", "Plättchen vom Schiedsrichter ausgeteilt"),
    ("fr", "tuiles tirées à la table", "tuiles distribuées par l’arbitre"),
])
def test_the_status_line_names_the_tile_supply_in_the_language_spoken(cli, tmp_path, code, table, dealt):
    at_table, dealt_game = tmp_path / "t.toml", tmp_path / "d.toml"
    assert cli("new", "Ann", "Ben", "Cat", game=at_table).exit_code == 0
    assert cli("new", "Ann", "Ben", "Cat", "--tiles", "dealt", "--seed", "7", game=dealt_game).exit_code == 0
    for path, words in ((at_table, table), (dealt_game, dealt)):
        said = cli("--lang", code, "status", game=path).stdout
        assert f"; {words}." in said.replace(NNBSP, "")
        assert "table." not in said.replace(f"; {words}.", "")


def test_a_bonus_line_says_which_chain_in_german_word_order():
    with using("de"):
        from acquire_ref.language import _

        line = _("{chain} {bonus}: {amount}").format(chain="Tower", bonus="Mehrheit", amount="3.000 $")
        heading = _("take back what it did (money, certificates, tiles):")
    assert line == "Mehrheit bei Tower: 3.000 $"
    assert heading == "zurücknehmen, was sie bewirkt hat (Geld, Aktien, Plättchen):"


@pytest.mark.parametrize(("code", "said"), [
    ("en", "3A is already on the board, in the merger under way: it becomes the survivor's when the merger is done (R5.5).\n"),
    ("de", "3A liegt schon auf dem Spielplan, in der laufenden Fusion: es gehört der überlebenden Kette, sobald die Fusion "
           "abgeschlossen ist (R5.5).\n"),
    ("fr", f"3A est déjà sur le plateau, dans la fusion en cours{NBSP}: elle rejoint la chaîne survivante quand la fusion "
           "est terminée (R5.5).\n"),
])
def test_why_calls_the_merging_tile_part_of_the_merger_under_way_not_a_lone_tile(cli, tmp_path, code, said):
    path = tmp_path / "g.toml"
    for args in (["new", "A", "B", "C"], ["start", "1A", "4A", "9I"], ["place", "2A", "--found", "Tower"], ["buy"],
                 ["place", "5A", "--found", "Luxor"], ["buy"], ["place", "3A"]):
        assert cli(*args, game=path).exit_code == 0, args
    assert cli("--lang", code, "why", "3A", game=path).stdout == said
    assert cli("why", "2A", game=path).stdout == "2A is already on the board (Tower).\n"
    assert cli.json("why", "3A", game=path)["effect"] == "occupied"


def test_french_elides_before_a_list_of_chains_and_before_names_starting_with_oe_ae_or_o_slash():
    from acquire_ref.language import Elided

    with using("fr"):
        from acquire_ref.language import _

        found = _("{chain} is already on the board: found one of {free} (R4.2)").format(chain="Tower", free="American, Luxor")
        other = _("{chain} is already on the board: found one of {free} (R4.2)").format(chain="Tower", free="Luxor, American")
    assert found == f"Tower est déjà sur le plateau{NBSP}: fondez l’une d’American, Luxor (R4.2)"
    assert other == f"Tower est déjà sur le plateau{NBSP}: fondez l’une de Luxor, American (R4.2)"
    assert [Elided("le chevalet de {who}").format(who=name) for name in ("Œdipe", "Æsa", "Ørjan", "Hugo")] == [
        "le chevalet d’Œdipe", "le chevalet d’Æsa", "le chevalet d’Ørjan", "le chevalet de Hugo"]


@pytest.mark.parametrize(("code", "said"), [
    ("en", "Invalid value for '--game' / '-g' (env var: 'ACQUIRE_GAME'): Path 'noread.toml' is not readable."),
    ("de", "Ungültiger Wert für '--game' / '-g' (Umgebungsvariable: 'ACQUIRE_GAME'): Pfad 'noread.toml' ist nicht lesbar."),
    ("fr", f"Valeur invalide pour '--game' / '-g' (variable d’environnement{NBSP}: 'ACQUIRE_GAME'){NBSP}: "
           "Le chemin 'noread.toml' n’est pas lisible."),
])
def test_typer_s_refusal_of_an_unreadable_game_file_is_said_in_the_language_spoken(code, said):
    from acquire_ref.cli.spoken import reword

    with using(code):
        assert reword("Invalid value for '--game' / '-g' (env var: 'ACQUIRE_GAME'): Path 'noread.toml' is not readable.") == said


@pytest.mark.parametrize(("text", "de", "fr"), [
    ("x = '''abc\n", "\"'''\" wird erwartet (am Ende der Datei)", "\"'''\" est attendu (à la fin du fichier)"),
    ("x = {a = 1}\nx.b = 2\n",
     "Die Tabelle [x] kann nicht ergänzt werden: sie wurde als Ganzes angegeben, als Inline-Tabelle oder Array "
     "(Zeile 2, Spalte 8)",
     f"La table [x] ne peut pas être complétée{NBSP}: elle a été donnée d’un bloc, en table en ligne ou en tableau "
     "(ligne 2, colonne 8)"),
    ('["a.b"]\nq = 1\n["a.b"]\n', "Die Tabelle [\"a.b\"] kann nicht zweimal angegeben werden (Zeile 3, Spalte 7)",
     "La table [\"a.b\"] ne peut pas être déclarée deux fois (ligne 3, colonne 7)"),
])
def test_tomllib_s_rarer_errors_are_worded_too_and_a_quoted_table_name_stays_quoted(cli, tmp_path, text, de, fr):
    import tomllib

    path = tmp_path / "g.toml"
    path.write_text(text, encoding="utf-8")
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        english = str(exc)
    for code, words in (("de", de), ("fr", fr), ("en", english)):
        said = cli("--lang", code, "status", game=path).stderr
        assert said.endswith(f"{words}\n"), (code, said)


def test_french_keeps_de_before_a_y_that_sounds_as_a_consonant():
    from acquire_ref.language import Elided

    assert [Elided("la tuile de {who}").format(who=name) for name in ("Yann", "Yacht", "Yves", "Ytterbium")] == [
        "la tuile de Yann", "la tuile de Yacht", "la tuile d’Yves", "la tuile d’Ytterbium"]


@pytest.mark.parametrize(("code", "option", "played"), [
    ("en", "option stall takes end or continue, not 'bogus'",
     "--played '2026-13-01' is not a date: write YYYY-MM-DD, e.g. --played 2026-03-14"),
    ("de", "die Option stall nimmt end oder continue, nicht 'bogus'",
     "--played '2026-13-01' ist kein Datum: schreibe JJJJ-MM-TT, z. B. --played 2026-03-14"),
    ("fr", "l’option stall prend end ou continue, pas 'bogus'",
     f"--played '2026-13-01' n’est pas une date{NBSP}: écrivez AAAA-MM-JJ, par exemple --played 2026-03-14"),
])
def test_a_rule_option_s_value_and_a_played_date_are_refused_in_the_language_spoken(cli, tmp_path, code, option, played):
    path = tmp_path / "g.toml"
    bad_option = cli("--lang", code, "new", "A", "B", "--option", "stall=bogus", game=path)
    bad_date = cli("--lang", code, "new", "A", "B", "--played", "2026-13-01", game=path)
    assert (bad_option.exit_code, bad_date.exit_code) == (2, 2)
    assert bad_option.stderr == f"acquire-ref: {option}\n" and bad_date.stderr == f"acquire-ref: {played}\n"
    assert not path.exists()


def test_why_of_an_empty_space_during_a_merger_says_the_board_will_change_first(cli, tmp_path):
    path = tmp_path / "g.toml"
    for args in (["new", "A", "B", "C"], ["start", "1A", "4A", "9I"], ["place", "2A", "--found", "Tower"], ["buy"],
                 ["place", "5A", "--found", "Luxor"], ["buy"], ["place", "3A"]):
        assert cli(*args, game=path).exit_code == 0, args
    doc = cli.json("why", "6A", game=path)
    assert doc["effect"] == "grow" and doc["text"] == [
        "6A would grow Luxor from 2 to 3 tiles (R4.3); price $200 -> $300 a share.",
        "That is on the board as it stands: no tile is placed until the merger under way is done, and it changes the "
        "board first (R5.5); ask again then."]
    assert cli("choose", "Tower", game=path).exit_code == 0
    assert cli("dispose", "B", "--sell", "all", game=path).exit_code == 0
    assert len(cli.json("why", "6A", game=path)["text"]) == 1
