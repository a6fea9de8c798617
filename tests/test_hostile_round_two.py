"""Hostile input, round two, through the installed command: the pipe's refusals echo a bounded
length of the value sent and a key given twice is refused; sizes (names, moves, files) are
bounded where a file is read and where a name is accepted; names with invisible code points are
refused and long names are shown distinctly."""

from __future__ import annotations

import json
import subprocess

from tests.helpers import EXAMPLES, installed


def pipe(game, *lines: str) -> list[dict]:
    """The answers of `acquire-ref --game GAME pipe` to ``lines``; it must exit 0."""
    result = subprocess.run([installed(), "--game", str(game), "pipe"], input="\n".join(lines) + "\n",
                            capture_output=True, text=True, check=False, timeout=60)
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_pipe_refusals_echo_at_most_a_bounded_part_of_the_value_sent(tmp_path):
    """A move of 100,000 characters was echoed in full in the refusal; now the value is cut to
    its first 60 characters and its length, as the command line's messages are, and no message
    is longer than 1,000 characters, even when the value has spaces in it."""
    game = tmp_path / "g.toml"
    game.write_bytes((EXAMPLES / "mid-game.toml").read_bytes())
    before = game.read_bytes()
    long_word = "Z" * 100_000
    spaced = "place " + " ".join(["4A"] * 50_000)
    answers = pipe(game, json.dumps({"move": "place " + long_word}), "buy " + long_word, spaced,
                   json.dumps({"move": "place 4A", "id": 1}))
    for refusal in answers[:3]:
        assert refusal["ok"] is False and refusal["error"] == "usage", refusal
        assert len(refusal["message"]) <= 1000
    for refusal in answers[:2]:  # the tile quoted: 100,002 characters
        assert "... (100,002 characters) is not a " in refusal["message"] and "Z" * 61 not in refusal["message"]
    assert answers[3]["ok"] is True and answers[3]["id"] == 1
    assert game.read_bytes() != before  # the good move was saved after the refusals


def test_pipe_refuses_a_key_given_twice_instead_of_taking_the_last(tmp_path):
    """{"move": "pass", "move": "place 4A"} was read as the last move; now it is refused, also
    a key twice in a nested object, and the game file is not changed."""
    game = tmp_path / "g.toml"
    game.write_bytes((EXAMPLES / "mid-game.toml").read_bytes())
    before = game.read_bytes()
    answers = pipe(game, '{"move": "pass", "move": "place 4A"}', '{"query": "legal", "id": {"a": 1, "a": 2}}')
    assert answers[0] == {"ok": False, "error": "usage", "message": 'the request is refused: the key "move" is given '
                          "twice in one object: give each key once"}
    assert answers[1]["ok"] is False and 'the key "a" is given twice' in answers[1]["message"]
    assert game.read_bytes() == before
