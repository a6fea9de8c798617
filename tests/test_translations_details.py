"""The details that once stayed English in a German or French session, now in the language
spoken: a bonus's kind (R5.4, R5.4a), why a turn ended with the player's cash (R6.2), why the game
ended on the console (R8.2), a hand-edited game file's problems and the file's refusals, and an
outside bot's fault as ``simulate`` tells it. The JSON of each stays English (a protocol)."""

from __future__ import annotations

import json
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
