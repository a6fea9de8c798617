"""The programs' reports in German and French (acquire_ref.language): ``simulate``'s summary,
``simulate --compare``'s rule study, the duplicate match of ``simulate --against`` and a finished
game's turning points (``log --html --turning-points``) speak no English, and write their numbers,
money and percentages as the language does (a decimal comma, ``87,5 %``, ``7.600 $``); the same
reports with ``--json`` stay English (a protocol).

What may stay English is what GLOSSARY.md keeps: the strategies' and the options' names as typed
(``random``, ``greedy``, ``holdings=hidden``), the move notation, the seats' names (p1, p2...)."""

from __future__ import annotations

import html
import re

import pytest

from tests.helpers import EXAMPLES
from tests.test_translations_cli import ENGLISH, english_words

WIDE = {"COLUMNS": "100"}
"""The terminal width the tables are drawn for (a table's lines wrap at its width)."""

NBSP = "\u00a0"


def said(cli, code: str, *args: str) -> str:
    """What ``acquire-ref --lang CODE ARGS`` prints, no-break spaces read as spaces; it must succeed."""
    result = cli("--lang", code, *args, env=WIDE)
    assert result.exit_code == 0, result.output
    return result.stdout.replace(NBSP, " ").replace("\u202f", " ")


@pytest.mark.parametrize(("code", "lines"), [
    ("de", ["3 simulierte Partien, 4 Spieler random",
            "│ Züge je Partie (Mittel, Min.–Max.)   │       61,0 (57–66) │",
            "│ Vorsprung des Siegers (Mittel, Max.) │ 7.600 $ (11.100 $) │",
            "│ Fusionen je Partie                   │               7,00 │",
            "│ Ende: angesagt                       │                  3 │"]),
    ("fr", ["3 parties simulées, 4 joueurs random",
            "│ tours par partie (moyenne, min–max) │       61,0 (57–66) │",
            "│ avance du gagnant (moyenne, max)    │ 7 600 $ (11 100 $) │",
            "│ fusions par partie                  │               7,00 │",
            "│ fin : annoncée                      │                  3 │"]),
])
def test_simulate_s_summary_is_written_in_the_language(cli, code, lines):
    """Three random games from seed 1: 61.0 turns on average (57 to 66), the winner $7,600 ahead
    on average and $11,100 at most, 7 mergers a game, each ended by a declaration (R8.2)."""
    out = said(cli, code, "simulate", "--games", "3", "--seed", "1", "--jobs", "1")
    assert english_words(out) == []
    for line in lines:
        assert line in out.splitlines(), out
    doc = cli.json("--lang", code, "simulate", "--games", "3", "--seed", "1", "--jobs", "1")
    assert doc["end_reasons"] == {"declared": 3} and doc["mergers_per_game"] == 7.0  # JSON: English, plain numbers


@pytest.mark.parametrize(("code", "share", "money"), [
    ("de", "│ Siegesanteil des Platzes greedy │      87,5 % (63,0 % bis 100,0 %, 95 %) │",
     "│ Geld des Siegers (Mittel)       │ 57.750 $ (48.587 $ bis 66.913 $, 95 %) │"),
    ("fr", "│ part des victoires de la place greedy │      87,5 % (63,0 % à 100,0 %, 95 %) │",
     "│ argent du gagnant (moyenne)           │ 57 750 $ (48 587 $ à 66 913 $, 95 %) │"),
])
def test_a_duplicate_match_and_a_rule_study_are_written_in_the_language(cli, code, share, money):
    """greedy against three random seats on 2 deals from seed 1, each once per position: 7 of
    the 8 games won by the greedy seat, 87.5% with its 95% interval; then the same deals under
    ``holdings=hidden`` too, which changes nothing a bot does (means with 95% intervals)."""
    match = said(cli, code, "simulate", "--games", "2", "--seed", "1", "--jobs", "1", "--strategy", "greedy",
                 "--against", "random")
    study = said(cli, code, "simulate", "--games", "2", "--seed", "1", "--jobs", "1", "--compare", "holdings=hidden")
    assert english_words(match + study) == []
    assert share in match.splitlines() and money in match.splitlines(), match
    if code == "de":
        assert "2 Verteilungen unter jedem Regelsatz, 4 Spieler random (Mittelwerte, 95-%-Intervalle)" in study
        assert re.search(r"│ \(keine Option\) +│ +68,5 │ +47\.300 \$ │ +- │ +- │", study), study
        assert re.search(r"│ holdings=hidden +│ +68,5 │ +47\.300 \$ │ +0,0 │ +0 \$ │", study), study
    else:
        assert "2 donnes sous chaque jeu de règles, 4 joueurs random (moyennes, intervalles à 95 %)" in study
        assert re.search(r"│ \(aucune option\) +│ +68,5 │ +47 300 \$ │ +- │ +- │", study), study


@pytest.mark.parametrize(("code", "title", "first"), [
    ("de", "Wendepunkte", "Eingabe 13, Zug 6: gespielt buy Tower=2 (41 % Gewinnchance)"),
    ("fr", "Tournants", "coup 13, tour 6 : joué buy Tower=2 (41 %"),
])
def test_a_game_s_turning_points_are_written_in_the_language(cli, tmp_path, code, title, first):
    """The two players' example: Ben's purchase of 2 Tower on turn 6 (move 13) is his costliest
    decision, 41% win chance against the search bot's 55% for 3 Tower."""
    out = tmp_path / "review.html"
    result = cli("--lang", code, "log", "--html", out, "--turning-points", game=EXAMPLES / "two-players.toml")
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    section = page[page.index('<section id="turning"'):]
    section = html.unescape(re.sub(r"<[^>]+>", " ", section[: section.index("</section>")]))
    section = section.replace(NBSP, " ").replace("\u202f", " ")
    assert title in section and first in section, section
    assert [w for w in ENGLISH if re.search(rf"(?<![\w-]){w}(?![\w-])", section)] == []


@pytest.mark.parametrize(("args", "de", "fr"), [
    (["simulate", "--strategy", "clever"], "--strategy 'clever': random oder greedy",
     "--strategy 'clever'\u00a0: random ou greedy"),
    (["simulate", "--option", "stall=continue"], "simulate braucht Partien, die enden",
     "simulate a besoin de parties qui finissent"),
    (["table", "--bot", "Dan=search"], "table --bot macht einen Platz eines neuen Spiels zum Bot",
     "table --bot fait d’une place d’une nouvelle partie un bot"),
    (["table", "Ann", "Ben", "--bot", "Cy"], "--bot 'Cy': schreib NAME=STRATEGIE", "--bot 'Cy'\u00a0: écrivez NOM=STRATÉGIE"),
])
def test_the_programs_refusals_are_written_in_the_language(cli, tmp_path, args, de, fr):
    """A usage error (exit 2), nothing written: the strategy, the rules under which a game may
    never end (R8.4), a bot seat without players, a bot seat without its strategy."""
    for code, expected in (("de", de), ("fr", fr)):
        result = cli("--lang", code, *args, game=tmp_path / "g.toml")
        assert result.exit_code == 2 and expected in result.stderr, result.output
        assert english_words(result.stderr) == [] and not (tmp_path / "g.toml").exists()
