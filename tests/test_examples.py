"""Every example game script in examples/ plays through the installed CLI to the final standings
worked out by hand in its `# final NAME AMOUNT` lines (or `# projected` for a game that stops)."""

from __future__ import annotations

import json
import re

import pytest

from tests.helpers import EXAMPLES

SCRIPTS = sorted(p for p in EXAMPLES.glob("*.toml") if re.search(r"^moves = \[", p.read_text(), re.M))


def hand_figures(text: str, word: str) -> dict[str, int]:
    return {m.group(1): int(m.group(2)) for m in re.finditer(rf"^# {word} (\S+) (\d+)\s*$", text, re.M)}


def test_examples_are_there():
    names = {p.name for p in SCRIPTS}
    assert {"three-players.toml", "four-players.toml", "five-players.toml", "six-players.toml",
            "two-players.toml", "eight-chains.toml", "mid-game.toml"} <= names


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_example_reaches_the_hand_worked_standings(cli, script, tmp_path):
    text = script.read_text()
    final, projected = hand_figures(text, "final"), hand_figures(text, "projected")
    assert final or projected, f"{script.name} has no hand-worked `# final` or `# projected` lines"
    path = tmp_path / "g.toml"
    result = cli("play", script, game=path)
    assert result.exit_code == 0, result.output
    doc = json.loads(cli("score", "--json", game=path).stdout)
    assert doc["final"] is bool(final)
    assert {s["player"]: s["cash"] for s in doc["standings"]} == (final or projected)
    # best first, as the comments list them
    assert [s["player"] for s in doc["standings"]] == list((final or projected).keys())
