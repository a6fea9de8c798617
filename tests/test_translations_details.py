"""The details that once stayed English in a German or French session, now in the language
spoken: a bonus's kind (R5.4, R5.4a), why a turn ended with the player's cash (R6.2), why the game
ended on the console (R8.2), a hand-edited game file's problems and the file's refusals, and an
outside bot's fault as ``simulate`` tells it. The JSON of each stays English (a protocol)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from acquire_ref.engine import events as ev
from acquire_ref.engine.scoring import place_bonuses
from acquire_ref.language import using
from acquire_ref.words.reasons import bonus
from tests.test_translations_cli import english_words

ROOT = Path(__file__).resolve().parent.parent
TWO = ROOT / "examples" / "two-players.toml"

SOLE = {"de": "  Ann (3 Aktien): 9.000\u00a0$ (Mehrheit + Minderheit (einziger Aktionär))",
        "fr": "  Ann (3 actions)\u00a0: 9\u202f000\u00a0$ (majorité + minorité (seul actionnaire))"}
TIED = {"de": "  Ann (3 Aktien): 4.500\u00a0$ (Mehrheit + Minderheit (Gleichstand beim größten Besitz, geteilt durch 2))",
        "fr": "  Ann (3 actions)\u00a0: 4\u202f500\u00a0$ "
              "(majorité + minorité (égalité pour la plus grosse part, partagée en 2))"}


@pytest.mark.parametrize("code", ["de", "fr"])
def test_r5_4_a_bonus_s_kind_is_worded_from_its_key_in_the_language_spoken(cli, code):
    sole = cli("--lang", code, "bonus", "American", "5", "Ann=3").stdout.splitlines()
    tied = cli("--lang", code, "bonus", "American", "5", "Ann=3", "Ben=3", "Cat=2").stdout.splitlines()
    assert sole[1] == SOLE[code]
    assert tied[1] == TIED[code]
    assert english_words("\n".join(sole + tied)) == []


def test_r5_4_a_bonus_s_kind_stays_english_in_json_and_in_english(cli):
    doc = cli.json("--lang", "de", "bonus", "American", "5", "Ann=3", "Ben=3", "Cat=2", "--json")
    assert [b["kind"] for b in doc["bonuses"]] == ["majority + minority (tie for the largest holding, split 2 ways)"] * 2
    assert cli("bonus", "American", "5", "Ann=3").stdout.splitlines()[1] == \
        "  Ann (3 shares): $9,000 (majority + minority (sole shareholder))"


@pytest.mark.parametrize(("code", "words"), [
    ("de", ["erster", "zweiter + dritter (kein dritter Aktionär)", "zweiter + dritter (geteilt durch 2)"]),
    ("fr", ["premier", "deuxième + troisième (pas de troisième actionnaire)", "deuxième + troisième (partagée en 2)"]),
])
def test_r5_4a_places_past_the_minority_are_worded_from_the_key(code, words):
    empty = place_bonuses((5000, 3800, 2500), {"A": 4, "B": 1})
    split = place_bonuses((5000, 3800, 2500), {"A": 5, "B": 3, "C": 3})
    assert [str(p.kind) for p in empty] == ["first", "second + third (no third holder)"]
    with using(code):
        assert [bonus(empty[0].kind), bonus(empty[1].kind), bonus(split[1].kind)] == words
        assert bonus("minority (split 2 ways)") == "minority (split 2 ways)"  # no key (read back from JSON): as written


CASH = {"de": "nichts kann gekauft werden: Ann kann sich keine Aktie leisten (500\u00a0$) (R6.2); das war der letzte Zug (R8)",
        "fr": "rien ne peut être acheté\u00a0: Ann ne peut se payer aucune action (500\u00a0$) (R6.2)\u202f; "
              "c’était le dernier tour (R8)"}


@pytest.mark.parametrize("code", ["de", "fr"])
def test_r6_2_a_turn_ended_for_want_of_cash_is_told_in_the_language_and_kept_english_in_the_event(code):
    from acquire_ref.files.storage import load_game
    from acquire_ref.words.events import told

    with using(code):
        game, _, _ = load_game(TWO)  # replayed while the language is spoken
        poor = [e for entry in game.log for e in entry.events if isinstance(e, ev.TurnFinished) and e.nothing == "cash"]
        assert poor[0].reason == "nothing can be bought: Ann can't afford any share ($500) (R6.2)"
        assert told(poor[0]) == CASH[code]


ENDED = {"de": "Endstand: Ann hat das Spielende angesagt (R8.2)", "fr": "Classement final\u00a0: Ann a annoncé la fin (R8.2)"}


@pytest.mark.parametrize("code", ["de", "fr"])
def test_r8_2_the_console_s_final_standings_say_why_the_game_ended_in_the_language(code):
    from acquire_ref.console.app import events_lines
    from acquire_ref.files.storage import load_game

    with using(code):
        game, _, _ = load_game(TWO)
        assert events_lines(game)[0] == ENDED[code]


NOT_A_MOVE = {
    "de": "hat \"place 5Z\" geantwortet, was kein Zug ist ('5Z' liegt außerhalb des Spielplans: die Spalten gehen von "
          "1-12 und die Reihen von A-I (R1.1)); die Partie wird abgebrochen (--bot-faults stop)",
    "fr": "a répondu \"place 5Z\", qui n’est pas un coup ('5Z' est hors du plateau\u00a0: les colonnes vont de 1 à 12 et "
          "les rangées de A à I (R1.1))\u202f; la partie est arrêtée (--bot-faults stop)",
}


def garbage_bot(tmp_path: Path) -> str:
    """The command of a bot that answers every decision with a tile off the board."""
    import shlex
    import sys

    script = tmp_path / "garbage.py"
    script.write_text("import sys\nfor line in sys.stdin:\n    if '\"decide\"' in line:\n        print('place 5Z', flush=True)\n")
    return f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}"


@pytest.mark.parametrize("code", ["de", "fr"])
def test_an_outside_bot_s_fault_is_told_in_the_language_spoken_and_kept_english_in_json(cli, tmp_path, code):
    args = ("simulate", "--jobs", "1", "--games", "1", "--seed", "2", "--players", "2",
            "--bot", f"G={garbage_bot(tmp_path)}", "--bot-faults", "stop")
    said = cli("--lang", code, *args)
    assert said.exit_code == 3
    told = [line for line in said.stderr.splitlines() if line.startswith("acquire-ref: ") and "(place)" in line]
    assert len(told) == 1 and told[0].endswith(NOT_A_MOVE[code]), said.stderr
    assert english_words(said.stderr) == []
    doc = cli("--lang", code, *args, "--json")
    fault = json.loads(doc.stdout)["first_faults"][0]
    assert fault["text"] == ("answered \"place 5Z\", which is not a move ('5Z' is off the board: columns run 1-12 and "
                             "rows A-I (R1.1)); the game is stopped (--bot-faults stop)")


def hand_edited(tmp_path: Path, cli, edit) -> Path:
    """A three players' game file (Ann founded Tower, her buy taken back by ``undo``) edited by ``edit``."""
    path = tmp_path / "g.toml"
    for args in (["new", "Ann", "Ben", "Cat"], ["start", "1A", "5E", "9I"], ["place", "2A"], ["choose", "Tower"],
                 ["buy", "Tower=2"], ["undo"]):
        assert cli(*args, game=path).exit_code == 0
    edited = tmp_path / "edited.toml"
    edited.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    return edited


def wrong_keys(text: str) -> str:
    return text.replace("format = 1", 'format = "1"').replace('tiles = "table"', "tiles = 5").replace(
        'stall = "end"', "stall = 3").replace("edition = ", 'colour = "red"\nedition = ')


def wrong_figures(text: str) -> str:
    return text.replace("Ann = 6000", "Ann = 6050").replace("Ben = 6000", "Ben = -100").replace("bag = 87", "bag = 80")


KEYS = {
    "de": ["edited.toml: 5 Probleme:",
           "  - edited.toml: unbekannter Schlüssel 'colour'; eine Spieldatei hat format, edition, options, tiles, seed, "
           "bag, players, position, moves, undone, snapshot, played, bots",
           "  - edited.toml: format muss vom Typ int sein, nicht str ('1')",
           "  - edited.toml: tiles muss vom Typ str sein, nicht int (5)",
           "  - edited.toml: options.stall muss ein Text (string) sein, nicht int",
           '  - edited.toml: tiles = 5; erlaubt sind "table" (Plättchen aus dem echten Beutel) oder "dealt"'],
    "fr": ["edited.toml\u00a0: 5 problèmes\u00a0:",
           "  - edited.toml\u00a0: clé inconnue 'colour'\u202f; un fichier de partie a format, edition, options, tiles, "
           "seed, bag, players, position, moves, undone, snapshot, played, bots",
           "  - edited.toml\u00a0: format doit être de type int, pas str ('1')",
           "  - edited.toml\u00a0: tiles doit être de type str, pas int (5)",
           "  - edited.toml\u00a0: options.stall doit être un texte (string), pas int",
           '  - edited.toml\u00a0: tiles = 5\u202f; il vaut "table" (tuiles du vrai sac) ou "dealt"'],
}


@pytest.mark.parametrize("code", ["de", "fr"])
def test_a_hand_edited_file_s_wrong_key_types_are_listed_in_the_language_spoken(cli, tmp_path, code):
    edited = hand_edited(tmp_path, cli, wrong_keys)
    said = cli("--lang", code, "check", edited)
    assert said.exit_code == 4
    assert said.output.replace(str(tmp_path) + "/", "").splitlines() == KEYS[code]
    english = cli("check", edited).output.replace(str(tmp_path) + "/", "").splitlines()
    assert english[0] == "edited.toml: 5 problems:"
    assert english[4] == "  - edited.toml: options.stall should be a string, not int"


FIGURES = {
    "de": ["  - snapshot.cash.Ann ist 6050: Geld gibt es nur in Vielfachen von 100\u00a0$ (R2.1)",
           "  - snapshot.cash.Ben ist -100: Bargeld ist nie negativ (keine Kredite, R6.3)",
           "  - snapshot: 4 Plättchen auf dem Spielplan + 80 im Beutel + 17 in den Ablagen + 0 aus dem Spiel = 101, nicht 108",
           "  - edited.toml: snapshot.bag ist 80 in der Datei; die Eingaben ergeben 87"],
    "fr": ["  - snapshot.cash.Ann vaut 6050\u00a0: l’argent va par multiples de 100\u00a0$ (R2.1)",
           "  - snapshot.cash.Ben vaut -100\u00a0: l’argent n’est jamais négatif (pas d’emprunt, R6.3)",
           "  - snapshot\u00a0: 4 tuiles sur le plateau + 80 dans le sac + 17 sur les chevalets + 0 hors jeu = 101, pas 108",
           "  - edited.toml\u00a0: snapshot.bag vaut 80 dans le fichier\u202f; les coups donnent 87"],
}


@pytest.mark.parametrize("code", ["de", "fr"])
def test_r2_1_r6_3_a_snapshot_s_wrong_figures_are_listed_in_the_language_spoken(cli, tmp_path, code):
    edited = hand_edited(tmp_path, cli, wrong_figures)
    said = cli("--lang", code, "check", edited)
    assert said.exit_code == 4
    lines = said.output.replace(str(tmp_path) + "/", "").splitlines()
    assert lines[1:4] == FIGURES[code][:3] and FIGURES[code][3] in lines
    assert english_words(re.sub(r"snapshot\.[\w.]+", "", said.output.replace(str(tmp_path), ""))) == []  # keys kept


REDO = {
    "de": "  - edited.toml: die zurückgenommene Eingabe 1 `buy Tower=99` lässt sich nicht wiederherstellen: Ann möchte 99 "
          "Aktien: höchstens 3 pro Zug (R6.1) (lösche die Liste `undone`, um die zurückgenommenen Eingaben zu verwerfen)",
    "fr": "  - edited.toml\u00a0: le coup annulé 1 `buy Tower=99` ne peut pas être rétabli\u00a0: Ann demande 99 "
          "actions\u00a0: au plus 3 par tour (R6.1) (supprimez la liste `undone` pour abandonner les coups annulés)",
}


@pytest.mark.parametrize("code", ["de", "fr"])
def test_an_undone_move_that_can_no_longer_be_redone_is_told_in_the_language_spoken(cli, tmp_path, code):
    edited = hand_edited(tmp_path, cli, lambda text: text.replace('"buy Tower=2"', '"buy Tower=99"'))
    said = cli("--lang", code, "check", edited)
    assert said.exit_code == 4
    assert said.output.replace(str(tmp_path) + "/", "").splitlines()[1] == REDO[code]


EXPORTS = {
    "de": ["acquire-ref: --html link.html ist ein symbolischer Link: ein Export wird nie über einen Link geschrieben (er "
           "könnte auf die Datei von irgendwem zeigen); nenne die Datei selbst oder entferne den Link",
           "acquire-ref: missing/x.html: Schreiben nicht möglich (Export): der Ordner missing existiert nicht",
           "acquire-ref: --html g.toml.lock ist die Spieldatei: nenne eine andere Datei für die Ausgabe"],
    "fr": ["acquire-ref: --html link.html est un lien symbolique\u00a0: un export n’est jamais écrit à travers un lien (il "
           "pourrait pointer vers le fichier de n’importe qui)\u202f; indiquez le fichier lui-même, ou supprimez le lien",
           "acquire-ref: missing/x.html\u00a0: écriture impossible (export)\u00a0: le dossier missing n’existe pas",
           "acquire-ref: --html g.toml.lock est le fichier de partie\u00a0: indiquez un autre fichier pour la sortie"],
}


@pytest.mark.parametrize("code", ["de", "fr"])
def test_an_export_refused_or_unwritable_is_told_in_the_language_spoken_and_nothing_is_written(cli, tmp_path, code):
    game = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", game=game).exit_code == 0
    (tmp_path / "link.html").symlink_to(tmp_path / "elsewhere.html")
    said = [cli("--lang", code, "log", "--html", target, game=game, cwd=tmp_path)
            for target in ("link.html", "missing/x.html", "g.toml.lock")]
    assert [r.exit_code for r in said] == [4, 4, 2]
    assert [r.stderr.strip() for r in said] == EXPORTS[code]
    assert not (tmp_path / "elsewhere.html").exists() and not (tmp_path / "missing").exists()


BOTS = {
    "de": ["  - edited.toml: bots.Zed: 'Zed' ist keiner der Spieler",
           "  - edited.toml: bots.Zed.strategy ist 'clever': search oder greedy",
           "  - edited.toml: bots.Zed.think_ms ist 0: eine ganze Zahl von Millisekunden von 1 bis 600.000"],
    "fr": ["  - edited.toml\u00a0: bots.Zed\u00a0: 'Zed' n’est pas l’un des joueurs",
           "  - edited.toml\u00a0: bots.Zed.strategy vaut 'clever'\u00a0: search ou greedy",
           "  - edited.toml\u00a0: bots.Zed.think_ms vaut 0\u00a0: un nombre entier de millisecondes de 1 à 600\u202f000"],
}
SEAT = {"de": "acquire-ref: --as Ben: die anstehende Entscheidung ist die von Ann; ein Platz macht nur seine eigenen "
              "Eingaben (R10.3)",
        "fr": "acquire-ref: --as Ben\u00a0: la décision en attente est celle d’Ann\u202f; une place ne joue que ses propres "
              "coups (R10.3)"}


@pytest.mark.parametrize("code", ["de", "fr"])
def test_r10_3_a_bot_table_s_problems_and_another_seat_s_move_are_refused_in_the_language_spoken(cli, tmp_path, code):
    edited = hand_edited(tmp_path, cli, lambda text: text.replace(
        "[options]", '[bots.Zed]\nstrategy = "clever"\nthink_ms = 0\n\n[options]'))
    said = cli("--lang", code, "check", edited)
    assert said.exit_code == 4
    assert said.output.replace(str(tmp_path) + "/", "").splitlines()[1:] == BOTS[code]
    game = tmp_path / "g.toml"
    kept = game.read_bytes()
    refused = cli("--lang", code, "--as", "Ben", "buy", game=game)
    assert refused.exit_code == 3 and refused.stderr.splitlines()[0] == SEAT[code]
    assert game.read_bytes() == kept
