"""Undo (DESIGN 2): taking back every kind of move returns the game exactly to where it was,
several moves at once or none, and says what it takes back."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from acquire_ref.files.record import Record
from acquire_ref.files.session import GameFile
from acquire_ref.viewers import views
from tests.helpers import EXAMPLES, moves_of


def undo_returns_status(cli, path: Path, *move: str) -> None:
    before = cli.json("status", game=path)
    result = cli(*move, game=path)
    assert result.exit_code == 0, (move, result.output)
    assert cli.json("status", game=path) != before
    result = cli("undo", game=path)
    assert result.exit_code == 0, result.output
    assert "Undid move" in result.stdout and move[0] in result.stdout
    assert cli.json("status", game=path) == before
    assert cli(*move, game=path).exit_code == 0  # and play it again to go on


@pytest.mark.parametrize("script, kinds_used", [
    ("four-players.toml", {"start", "place", "choose", "dispose", "buy", "end"}),
    ("six-players.toml", {"start", "place", "dispose", "buy", "end"}),  # decisions given up front
])
def test_undo_of_every_move_of_a_whole_game_returns_status_exactly(script, kinds_used, tmp_path):
    """Every move of a whole game, made through the game file (the path every front end writes
    by), then taken back: the status document and the file's moves are what they were, and the
    move is kept for redo; played again, the game goes on to its end."""
    path = tmp_path / "g.toml"
    players = tomllib.loads((EXAMPLES / script).read_text())["players"]
    handle = GameFile.create(path, Record(players))
    kinds = set()
    for text in moves_of(EXAMPLES / script):
        before, moves_before = views.status(handle.game), tomllib.loads(path.read_text())["moves"]
        handle.apply(text)
        assert views.status(handle.game) != before, text
        taken = [str(entry.move) for entry in handle.undo()]
        assert len(taken) == 1 and taken[0].split()[0] == text.split()[0], (taken, text)
        assert views.status(GameFile.open(path).game) == views.status(handle.game) == before, text
        assert tomllib.loads(path.read_text())["moves"] == moves_before
        assert tomllib.loads(path.read_text())["undone"] == taken
        handle.apply(text)
        kinds.add(text.split()[0])
    assert views.status(handle.game)["over"] is True
    assert kinds == kinds_used


def test_undo_through_the_command_line_around_a_merger(cli, tmp_path):
    """The command line's `undo` wired to the same path: ten moves of four-players.toml from just
    before its first disposal (the merger, its disposals, the buys after) each made, undone and
    made again."""
    script = EXAMPLES / "four-players.toml"
    moves = moves_of(script)
    first = min(n for n, m in enumerate(moves) if m.startswith("dispose")) - 3
    path = tmp_path / "g.toml"
    players = tomllib.loads(script.read_text())["players"]
    handle = GameFile.create(path, Record(players))
    handle.apply_all(moves[:first])
    kinds = set()
    for text in moves[first:first + 10]:
        undo_returns_status(cli, path, *text.split())
        kinds.add(text.split()[0])
    assert {"place", "dispose", "buy"} <= kinds


def test_undo_of_pass_discard_and_end(cli, safe_game):
    undo_returns_status(cli, safe_game, "discard", "1B")
    undo_returns_status(cli, safe_game, "end")
    undo_returns_status(cli, safe_game, "pass")
    undo_returns_status(cli, safe_game, "buy", "Tower")
    doc = cli.json("status", game=safe_game)
    assert doc["over"] is True  # Ann declared the end, passed and bought: the game is over
    # final payout: Tower 11 ($700): Ann 3 shares, sole holder 7,000 + 3,500 + 2,100;
    # Imperial 11 ($900): Ben sole holder 9,000 + 4,500 + 5 x 900
    cash = {p["name"]: p["cash"] for p in doc["players"]}
    assert cash == {"Ann": 6000 - 700 + 10500 + 2100, "Ben": 6000 + 13500 + 4500, "Cat": 0}


def test_undo_several_and_nothing_to_undo(cli, tmp_path):
    path = tmp_path / "g.toml"
    cli("new", "A", "B", "C", game=path)
    result = cli("undo", game=path)
    assert result.exit_code == 3 and "nothing to undo" in result.output
    fresh = cli.json("status", game=path)
    cli("start", "1A", "5E", "9I", game=path)
    cli("place", "2A", "--found", "Tower", game=path)
    result = cli("undo", "2", game=path)
    assert result.exit_code == 0
    assert result.stdout.count("Undid move") == 2
    assert cli.json("status", game=path) == fresh
    assert tomllib.loads(path.read_text())["moves"] == []
    result = cli("undo", "3", game=path)
    assert result.exit_code == 3


def test_undo_says_what_to_take_back(cli, tmp_path):
    path = tmp_path / "g.toml"
    for args in (["new", "A", "B", "C"], ["start", "1A", "5E", "9I"], ["place", "2A", "--found", "Tower"], ["buy", "Tower=2"]):
        assert cli(*args, game=path).exit_code == 0
    out = cli("undo", game=path).stdout
    assert out.splitlines()[1:4] == ["  take back what it did (money, certificates, tiles):",
                                     "    A puts the tile drawn back into the bag",
                                     "    A gets $400 back for 2 Tower"]  # Tower of 2 at $200 a share (R3.2, R6)
    assert "pays the bank" not in out


def test_undo_of_a_founding_takes_back_the_founders_share_and_the_chain(cli, tmp_path):
    path = tmp_path / "g.toml"
    for args in (["new", "A", "B", "C"], ["start", "1A", "5E", "9I"], ["place", "2A", "--found", "Tower"]):
        assert cli(*args, game=path).exit_code == 0
    out = cli("undo", game=path).stdout.splitlines()
    assert out[2:5] == ["    A gives the founder's share of Tower back to the bank",  # R4.2
                        "    Tower is no longer on the board: its tiles are lone tiles again",
                        "    2A comes off the board and goes back to A's rack"]
