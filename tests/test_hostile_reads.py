"""Hostile input to the commands that only read: `pipe` requests whose numbers JSON has not
(NaN, Infinity, 1e999) or that are thousands of digits long, `ratings --projected` of a game whose
holdings are hidden (R10.1), `watch` of a player whose name is 10,000 characters, and `serve` of a
folder or a device."""

from __future__ import annotations

import json
import os
import subprocess
from io import StringIO

import pytest
from rich.console import Console

from acquire_ref.render import watch_file
from tests.helpers import EXAMPLES, installed


def strict(line: str) -> dict:
    """A JSON line as a strict reader takes it: NaN and Infinity are not JSON."""
    def refuse(word: str) -> None:
        raise ValueError(f"{word} is not JSON")

    value = json.loads(line, parse_constant=refuse)
    assert isinstance(value, dict)
    return value


@pytest.mark.parametrize(("request_line", "said"), [
    ('{"id": NaN, "query": "legal"}', "NaN is not a JSON number"),
    ('{"id": -Infinity, "query": "legal"}', "-Infinity is not a JSON number"),
    ('{"id": 1e999, "query": "legal"}', "the number 1e999 is too large"),
    ('{"query": "legal", "id": ' + "9" * 5000 + "}", "a number of 5,000 digits is too long"),
])
def test_pipe_refuses_numbers_json_has_not_and_every_answer_is_strict_json(tmp_path, request_line, said):
    """A request id of NaN was echoed as `"id": NaN`, which a strict JSON reader refuses; a
    5,000-digit id told Python's own advice (sys.set_int_max_str_digits)."""
    game = tmp_path / "g.toml"
    game.write_bytes((EXAMPLES / "mid-game.toml").read_bytes())
    before = game.read_bytes()
    lines = [request_line, '{"id": 2.5, "query": "legal"}']
    result = subprocess.run([installed(), "--game", str(game), "pipe"], input="\n".join(lines) + "\n",
                            capture_output=True, text=True, check=False, timeout=60)
    assert result.returncode == 0, result.stderr
    first, second = (strict(line) for line in result.stdout.splitlines())
    assert first == {"ok": False, "error": "usage", "message": f"the request is not valid JSON: {said}"}
    assert "set_int_max_str_digits" not in first["message"]
    assert second["ok"] is True and second["id"] == 2.5 and "place 4A" in second["result"]
    assert game.read_bytes() == before


@pytest.fixture
def hidden_game(cli, tmp_path):
    """examples/four-players.toml's first 20 moves with hidden holdings: not over."""
    from tests.helpers import moves_of

    script = tmp_path / "s.toml"
    script.write_text("moves = " + json.dumps(moves_of(EXAMPLES / "four-players.toml")[:20]) + "\n")
    path = tmp_path / "hidden.toml"
    assert cli("new", "Ann", "Ben", "Cat", "Dan", "--option", "holdings=hidden", game=path).exit_code == 0
    assert cli("play", "--append", script, game=path).exit_code == 0, "append"
    return path


def test_ratings_projected_refuses_a_game_whose_holdings_are_hidden(cli, hidden_game):
    """Rating an unfinished hidden game as it stands would rank its players by their hidden money
    (R10.1), which `score` refuses to project: ratings refuses it too (exit 3)."""
    before = hidden_game.read_bytes()
    result = cli("ratings", hidden_game, "--projected", "--json")
    assert result.exit_code == 3, result.output
    assert result.stdout == ""
    assert "holdings are hidden until the game is over (R10.1)" in result.stderr
    assert hidden_game.read_bytes() == before
    shown = cli("ratings", EXAMPLES / "four-players.toml", "--projected")
    assert shown.exit_code == 0 and "Ann" in shown.stdout


def test_watch_shortens_a_very_long_name_so_the_players_and_the_decision_stay_on_the_screen(cli, tmp_path):
    """A name of 10,000 characters is refused now (names have at most 80); the longest name
    there can be is still shortened on the screen."""
    path = tmp_path / "long.toml"
    assert cli("new", "W" * 10_000, "Ben", game=path).exit_code == 2 and not path.exists()
    name = "W" * 80
    assert cli("new", name, "Ben", game=path).exit_code == 0
    assert cli("start", "1A", "2B", game=path).exit_code == 0
    out = StringIO()
    Console(file=out, width=80, height=24, color_system=None, highlight=False).print(watch_file(path, 80))
    lines = out.getvalue().rstrip("\n").split("\n")
    assert len(lines) <= 24 and max(map(len, lines)) <= 80, "\n".join(lines)
    assert "> WWWWWWWWWWWWWWWWW...   $6,000   worth $6,000" in lines
    assert "  Ben                    $6,000   worth $6,000" in lines
    assert any(line.startswith("Next: WWWWWWWWWWWWWWWWW... to place a tile") for line in lines)


@pytest.mark.parametrize("kind", ["folder", "fifo", "device"])
def test_serve_refuses_a_folder_a_pipe_or_a_device_at_once(tmp_path, kind):
    """`serve` of a folder (or a fifo, or /dev/zero) once started and showed 'waiting' forever;
    every other command refuses such a path with exit 4, and now serve does too (run as a
    program with a time limit, so that a server that starts fails the test instead of hanging it)."""
    if kind == "folder":
        target = tmp_path / "games"
        target.mkdir()
    elif kind == "fifo":
        target = tmp_path / "pipe.toml"
        os.mkfifo(target)
    else:
        target = tmp_path / "zero.toml"
        target.symlink_to("/dev/zero")
    result = subprocess.run([installed(), "--game", str(target), "serve", "--port", "0"], capture_output=True,
                            text=True, check=False, timeout=60)
    assert result.returncode == 4, result.stderr
    assert "not a game file: name the game file with --game" in result.stderr
    assert "Traceback" not in result.stderr and "live board" not in result.stdout


def test_ratings_refuse_names_that_only_look_alike_across_games(cli, tmp_path):
    """'Ann' in one game and '\u0410nn' (Cyrillic A) in another were rated as two players whose
    rows read the same: now refused (exit 4), both named with their escapes."""
    import re

    text = "\n".join(line for line in (EXAMPLES / "four-players.toml").read_text().split("\n")
                     if not line.startswith("#"))
    other = tmp_path / "cyrillic.toml"
    other.write_text(re.sub(r"\bAnn\b", "\u0410nn", text), encoding="utf-8")
    assert cli("check", other).exit_code == 0
    result = cli("ratings", EXAMPLES / "four-players.toml", other, "--json")
    assert result.exit_code == 4, result.output
    assert result.stdout == ""
    assert "'\\u0410nn' in " in result.stderr and "'Ann' in " in result.stderr and "look alike" in result.stderr
    same = cli("ratings", EXAMPLES / "four-players.toml", EXAMPLES / "three-players.toml", "--json")
    assert same.exit_code == 0 and [r["games"] for r in json.loads(same.stdout)["ratings"] if r["player"] == "Ann"] == [2]
