"""Golden transcripts: every reference game and every example game with moves is pinned, event
by event, by a transcript kept in tests/data/golden/NAME.log.

The transcript is made through the command line only: the game is played into a fresh game
file (`acquire-ref play examples/NAME.toml`, or a script of the accepted lines of a reference
game in order), then it holds what `acquire-ref log` prints, followed by what `acquire-ref log --json`
prints, one line per move and one per event (keys sorted). The test compares it with the
golden file line by line and fails at the first line that differs, showing both lines.

When a change of wording or of the log's JSON is intended, regenerate the golden files and
review their diff before committing it:

    ACQUIRE_UPDATE_GOLDEN=1 python -m pytest tests/test_golden_transcripts.py
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
import tomli_w

from tests.helpers import EXAMPLES, ROOT, reference_games

GOLDEN = ROOT / "tests" / "data" / "golden"
UPDATE = os.environ.get("ACQUIRE_UPDATE_GOLDEN") == "1"

EXAMPLE_GAMES = sorted(p for p in EXAMPLES.glob("*.toml") if re.search(r"^moves = \[", p.read_text(), re.M))
REFERENCE_GAMES = reference_games()


def transcript(cli, path: Path) -> list[str]:
    """What `log` and `log --json` say about the game in ``path``, as lines of text."""
    text = cli("log", game=path)
    assert text.exit_code == 0, text.output
    rows = cli.json("log", game=path)
    lines = ["# acquire-ref log", *text.stdout.splitlines(), "# acquire-ref log --json"]
    for row in rows:
        lines.append(json.dumps({k: v for k, v in row.items() if k != "events"}, sort_keys=True))
        lines += ["    " + json.dumps(event, sort_keys=True) for event in row["events"]]
    return lines


def assert_matches_golden(lines: list[str], name: str) -> None:
    """``lines`` are the golden transcript ``name``, line for line (or become it, when updating)."""
    golden = GOLDEN / f"{name}.log"
    if UPDATE:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert golden.is_file(), f"no golden transcript {golden.relative_to(ROOT)}; make it with ACQUIRE_UPDATE_GOLDEN=1"
    expected = golden.read_text(encoding="utf-8").splitlines()
    for number, (want, got) in enumerate(zip(expected, lines, strict=False), 1):
        if want != got:
            pytest.fail(f"{golden.name} line {number} differs\n  golden: {want}\n  now:    {got}", pytrace=False)
    if len(expected) != len(lines):
        number = min(len(expected), len(lines)) + 1
        want = expected[number - 1] if len(expected) >= number else "(end of transcript)"
        got = lines[number - 1] if len(lines) >= number else "(end of transcript)"
        pytest.fail(f"{golden.name} line {number} differs\n  golden: {want}\n  now:    {got}", pytrace=False)


def test_there_is_a_golden_transcript_for_every_game_and_no_other():
    names = {p.stem for p in EXAMPLE_GAMES} | {g.name for g in REFERENCE_GAMES}
    assert len(names) == len(EXAMPLE_GAMES) + len(REFERENCE_GAMES), "an example and a reference game share a name"
    if not UPDATE:
        assert {p.stem for p in GOLDEN.glob("*.log")} == names


@pytest.mark.parametrize("script", EXAMPLE_GAMES, ids=lambda p: p.stem)
def test_example_game_matches_its_golden_transcript(cli, script, tmp_path):
    path = tmp_path / "game.toml"
    result = cli("play", script, game=path)
    assert result.exit_code == 0, result.output
    assert_matches_golden(transcript(cli, path), script.stem)


@pytest.mark.parametrize("ref", REFERENCE_GAMES, ids=lambda g: g.name)
def test_reference_game_matches_its_golden_transcript(cli, ref, tmp_path):
    # its accepted lines as one script: the same moves in the same file as typed one by one, which
    # tests/test_reference_games.py does (a command per line, each refusal checked)
    (_, new), *lines = ref.lines
    assert new[0] == "new"
    script = tmp_path / "script.toml"
    script.write_text(tomli_w.dumps({"format": 1, "players": new[1:],
                                     "moves": [" ".join(words) for bad, words in lines if not bad]}))
    path = tmp_path / "game.toml"
    result = cli("play", script, game=path)
    assert result.exit_code == 0, result.output
    assert_matches_golden(transcript(cli, path), ref.name)
