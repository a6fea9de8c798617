"""Game files people script, edit, undo and trust: undo of every kind of move, log, check,
hand edits that must work and broken files that must be refused (exit 4, no traceback)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from acquire_ref.cli import app
from tests.helpers import EXAMPLES

runner = CliRunner()


def run(path, *args):
    return runner.invoke(app, ["--game", str(path), *args])


def status(path) -> dict:
    result = run(path, "status", "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def moves_of(script: Path) -> list[str]:
    return tomllib.loads(script.read_text())["moves"]


# --------------------------------------------------------------------------- undo
SAFE_POSITION = """
format = 1
players = ["Ann", "Ben", "Cat"]
[position]
next = "Ann"
bag = 68
[position.chains]
Tower = ["1A", "2A", "3A", "4A", "5A", "6A", "7A", "8A", "9A", "10A", "11A"]
Imperial = ["1C", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "11C"]
[position.cash]
Ann = 6000
Ben = 6000
Cat = 0
[position.shares]
Ann = { Tower = 2 }
Ben = { Imperial = 5 }
"""


@pytest.fixture
def safe_game(tmp_path) -> Path:
    """Two safe chains with 1B, 2B, ... between them: every B tile up to 11B is dead."""
    pos = tmp_path / "pos.toml"
    pos.write_text(SAFE_POSITION)
    path = tmp_path / "g.toml"
    result = run(path, "new", "--from", str(pos))
    assert result.exit_code == 0, result.output
    return path


def undo_returns_status(path: Path, *move: str) -> None:
    before = status(path)
    result = run(path, *move)
    assert result.exit_code == 0, (move, result.output)
    assert status(path) != before
    result = run(path, "undo")
    assert result.exit_code == 0, result.output
    assert "Undid move" in result.stdout and move[0] in result.stdout
    assert status(path) == before
    assert run(path, *move).exit_code == 0  # and play it again to go on


@pytest.mark.parametrize("script, kinds_used", [
    ("four-players.toml", {"start", "place", "choose", "dispose", "buy", "end"}),
    ("six-players.toml", {"start", "place", "dispose", "buy", "end"}),  # decisions given up front
])
def test_undo_of_every_move_of_a_whole_game_returns_status_exactly(script, kinds_used, tmp_path):
    path = tmp_path / "g.toml"
    players = tomllib.loads((EXAMPLES / script).read_text())["players"]
    assert run(path, "new", *players).exit_code == 0
    kinds = set()
    for text in moves_of(EXAMPLES / script):
        undo_returns_status(path, *text.split())
        kinds.add(text.split()[0])
    assert status(path)["over"] is True
    assert kinds == kinds_used


def test_undo_of_pass_discard_and_end(safe_game):
    undo_returns_status(safe_game, "discard", "1B")
    undo_returns_status(safe_game, "end")
    undo_returns_status(safe_game, "pass")
    undo_returns_status(safe_game, "buy", "Tower")
    doc = status(safe_game)
    assert doc["over"] is True  # Ann declared the end, passed and bought: the game is over
    # final payout: Tower 11 ($700): Ann 3 shares, sole holder 7,000 + 3,500 + 2,100;
    # Imperial 11 ($900): Ben sole holder 9,000 + 4,500 + 5 x 900
    cash = {p["name"]: p["cash"] for p in doc["players"]}
    assert cash == {"Ann": 6000 - 700 + 10500 + 2100, "Ben": 6000 + 13500 + 4500, "Cat": 0}


def test_undo_several_and_nothing_to_undo(tmp_path):
    path = tmp_path / "g.toml"
    run(path, "new", "A", "B", "C")
    result = run(path, "undo")
    assert result.exit_code == 3 and "nothing to undo" in result.output
    fresh = status(path)
    run(path, "start", "1A", "5E", "9I")
    run(path, "place", "2A", "--found", "Tower")
    result = run(path, "undo", "2")
    assert result.exit_code == 0
    assert result.stdout.count("Undid move") == 2
    assert status(path) == fresh
    assert tomllib.loads(path.read_text())["moves"] == []
    result = run(path, "undo", "3")
    assert result.exit_code == 3


def test_dead_tile_discard_and_pass_in_safe_position(safe_game):
    out = run(safe_game, "place", "1B")
    assert out.exit_code == 3 and "dead tile" in out.output and "R4.6" in out.output
    result = run(safe_game, "discard", "1B", "2B")
    assert result.exit_code == 0
    assert "draws 2" in result.stdout
    doc = status(safe_game)
    assert doc["bag"] == 66 and doc["discarded"] == ["1B", "2B"]
    out = run(safe_game, "discard", "3B")
    assert out.exit_code == 3 and "once per turn" in out.output  # R7.3


# --------------------------------------------------------------------------- log
def test_log_lists_every_move_with_turns_and_filters(tmp_path):
    path = tmp_path / "g.toml"
    assert run(path, "play", str(EXAMPLES / "four-players.toml")).exit_code == 0
    out = run(path, "log").stdout
    assert "bank pays" in out and "trades" in out and "declares the end" in out
    rows = json.loads(run(path, "log", "--json").stdout)
    assert len(rows) == len(moves_of(EXAMPLES / "four-players.toml"))
    assert rows[0]["move"].startswith("start") and rows[0]["turn"] == 0
    events = {e["event"] for r in rows for e in r["events"]}
    assert {"bonus_paid", "shares_sold", "shares_traded", "shares_bought", "chain_founded", "end_declared", "game_over"} <= events
    turn5 = json.loads(run(path, "log", "--json", "--turn", "5").stdout)
    assert turn5 and {r["turn"] for r in turn5} == {5}
    ann = json.loads(run(path, "log", "--json", "--player", "ann").stdout)
    assert [r for r in ann if r["player"] == "Ann"]  # her moves, and what came to her in others' moves:
    assert all(e.get("player") == "Ann" or "Ann" in e.get("holders", {})
               for r in ann if r["player"] != "Ann" for e in r["events"])
    assert run(path, "log", "--player", "Zed").exit_code == 2


# --------------------------------------------------------------------------- check / play --check
@pytest.mark.parametrize("script", ["four-players.toml", "six-players.toml", "mid-game.toml"])
def test_check_accepts_the_examples(script):
    result = runner.invoke(app, ["check", str(EXAMPLES / script), "--json"])
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert doc["sound"] is True and doc["problems"] == []


def test_play_check_writes_nothing_and_says_where_it_stops(tmp_path):
    path = tmp_path / "g.toml"
    result = run(path, "play", "--check", str(EXAMPLES / "mid-game.toml"))
    assert result.exit_code == 0
    assert "all 10 moves are legal" in result.stdout and "Cat to place a tile" in result.stdout
    assert not path.exists()


def test_mid_game_script_leaves_a_game_the_table_continues(tmp_path):
    path = tmp_path / "g.toml"
    assert run(path, "play", str(EXAMPLES / "mid-game.toml")).exit_code == 0
    doc = json.loads(run(path, "score", "--json").stdout)
    assert doc["final"] is False
    # worked by hand in the script's comments
    assert [(s["player"], s["cash"], s["rank"]) for s in doc["standings"]] == [
        ("Ben", 12100, 1), ("Ann", 10800, 2), ("Cat", 8200, 3)]
    assert run(path, "place", "9G").exit_code == 0  # Cat grows Luxor (9H 9I) to 3
    assert status(path)["chains"]["Luxor"]["size"] == 3


# --------------------------------------------------------------------------- hand edits that work
@pytest.fixture
def finished(tmp_path) -> Path:
    path = tmp_path / "g.toml"
    assert run(path, "play", str(EXAMPLES / "four-players.toml")).exit_code == 0
    return path


def test_renaming_a_player_in_the_setup(finished):
    text = finished.read_text().replace('"Ann",', '"Annie",', 1)
    finished.write_text(text)
    result = run(finished, "score", "--json")
    assert result.exit_code == 0, result.output
    assert "rebuilt" in result.stderr
    assert json.loads(result.stdout)["standings"][0] == {"player": "Annie", "cash": 26500, "rank": 1}


def test_correcting_a_mistyped_tile_in_the_log(tmp_path):
    path = tmp_path / "g.toml"
    assert run(path, "play", str(EXAMPLES / "mid-game.toml")).exit_code == 0
    # the table typed 3A for Ben but he played 1B: fix the log by hand
    path.write_text(path.read_text().replace('"place 3A"', '"place 1B"'))
    doc = status(path)
    assert doc["board"][1].startswith("B T")
    assert doc["chains"]["Tower"]["size"] == 3


def test_deleting_the_last_moves_by_hand(tmp_path):
    path = tmp_path / "g.toml"
    assert run(path, "play", str(EXAMPLES / "mid-game.toml")).exit_code == 0
    text = path.read_text()
    path.write_text(text.replace('    "place 3A",\n    "buy Luxor=1",\n', ""))
    doc = status(path)
    assert doc["pending"]["player"] == "Ben" and doc["chains"]["Tower"]["size"] == 2
    assert run(path, "place", "3A").exit_code == 0


# --------------------------------------------------------------------------- broken files
def game_text(tmp_path) -> str:
    path = tmp_path / "ok.toml"
    assert run(path, "play", str(EXAMPLES / "mid-game.toml")).exit_code == 0
    return path.read_text()


def edit(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


BROKEN = {
    "truncated": lambda t: t[: len(t) // 2],
    "empty": lambda t: "",
    "not_toml": lambda t: "this is not a game\n",
    "players_wrong_type": lambda t: edit(t, 'players = [\n    "Ann",\n    "Ben",\n    "Cat",\n]', 'players = "Ann Ben Cat"'),
    "format_wrong_type": lambda t: edit(t, "format = 1", 'format = "1"'),
    "newer_format": lambda t: edit(t, "format = 1", "format = 2"),
    "unknown_key": lambda t: edit(t, "format = 1", "format = 1\nreferee = \"Zed\""),
    "missing_players": lambda t: edit(t, 'players = [\n    "Ann",\n    "Ben",\n    "Cat",\n]\n', ""),
    "move_not_a_string": lambda t: edit(t, '"buy Luxor=1",', "42,"),
    "duplicate_start_tiles": lambda t: edit(t, '"start 5E 1A 9I"', '"start 5E 1A 5E"'),
    "tile_played_twice": lambda t: edit(t, '"place 3A"', '"place 2A"'),
    "malformed_tile": lambda t: edit(t, '"place 3A"', '"place 3Z"'),
    "unknown_chain": lambda t: edit(t, '"choose Luxor"', '"choose Hilton"'),
    "unknown_player": lambda t: edit(t, 'players = [\n    "Ann",\n    "Ben",\n    "Cat",\n]', 'players = ["Ann", "Ann", "Cat"]'),
    "shares_over_25": lambda t: edit(t, "[snapshot.shares.Ben]\nTower = 4", "[snapshot.shares.Ben]\nTower = 26"),
    "negative_cash": lambda t: edit(t, "Ann = 5400", "Ann = -100"),
    "cash_not_hundreds": lambda t: edit(t, "Ann = 5400", "Ann = 5450"),
    "snapshot_board_edited": lambda t: edit(t, '"A T T T', '"A T T .'),
    "move_after_the_end": None,  # built from a finished game below
    "illegal_buy": lambda t: edit(t, '"buy Luxor=1"', '"buy Luxor=4"'),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_file_is_refused_with_exit_4_and_a_message(name, tmp_path):
    if name == "move_after_the_end":
        done = tmp_path / "done.toml"
        assert run(done, "play", str(EXAMPLES / "four-players.toml")).exit_code == 0
        text = edit(done.read_text(), '    "buy Continental=2",\n]', '    "buy Continental=2",\n    "place 1I",\n]')
    else:
        text = BROKEN[name](game_text(tmp_path))
    path = tmp_path / "broken.toml"
    path.write_text(text)
    for args in (["status"], ["status", "--json"], ["place", "12A"], ["score"], ["check"]):
        before = path.read_bytes()
        result = run(path, *args)
        assert result.exit_code == 4, (name, args, result.output)
        assert "Traceback" not in result.output
        assert result.output.strip()
        assert path.read_bytes() == before
    doc = json.loads(run(path, "check", "--json").stdout)
    assert doc["sound"] is False and doc["problems"]


def test_check_lists_every_problem_not_only_the_first(tmp_path):
    text = game_text(tmp_path)
    text = edit(text, "Ann = 5400", "Ann = -100")
    text = edit(text, "[snapshot.shares.Ben]\nTower = 4", "[snapshot.shares.Ben]\nTower = 26")
    path = tmp_path / "g.toml"
    path.write_text(text)
    doc = json.loads(run(path, "check", "--json").stdout)
    problems = "\n".join(doc["problems"])
    assert "snapshot.cash.Ann is -100 in the file; the moves give 5400" in problems
    assert "cash is never negative" in problems
    assert "players hold 26 Tower and the bank 21: that is 47, not 25" in problems
    assert "snapshot.shares.Ben.Tower is 26 in the file; the moves give 4" in problems


def test_check_reports_toml_syntax_with_line_and_column(tmp_path):
    path = tmp_path / "g.toml"
    path.write_text('format = 1\nplayers = ["A", "B", "C"\nmoves = []\n')
    result = run(path, "check")
    assert result.exit_code == 4
    assert "line 3" in result.output and "column" in result.output


def test_check_reports_illegal_move_with_number_and_rule(tmp_path):
    path = tmp_path / "g.toml"
    path.write_text('format = 1\nplayers = ["A", "B", "C"]\nmoves = ["start 1A 5E 9I", "place 2A --found Tower", "buy Tower=4"]\n')
    result = run(path, "check")
    assert result.exit_code == 4
    assert "move 3 `buy Tower=4` is illegal" in result.output and "R6.1" in result.output


# --------------------------------------------------------------------------- positions
def test_new_from_position(tmp_path):
    path = tmp_path / "g.toml"
    result = run(path, "new", "--from", str(EXAMPLES / "position.toml"))
    assert result.exit_code == 0, result.output
    doc = status(path)
    assert doc["pending"]["player"] == "Cat" and doc["bag"] == 75
    assert doc["chains"]["American"] == {"size": 4, "price": 500, "safe": False, "bank": 21}
    assert run(path, "place", "9F").exit_code == 0  # founds with the lone 9G
    assert run(path, "choose", "Luxor").exit_code == 0
    assert status(path)["chains"]["Luxor"]["size"] == 2
    # the file keeps the position, so it replays on its own
    assert "position" in tomllib.loads(path.read_text())
    assert run(path, "undo", "2").exit_code == 0
    assert status(path)["pending"]["player"] == "Cat"


@pytest.mark.parametrize(
    "old, new, words",
    [
        ("bag = 75", "bag = 70", "= 103, not 108"),
        ('Tower = ["1A", "2A", "3A"]', 'Tower = ["1A", "3A", "2B"]', "not one connected group"),
        ('Tower = ["1A", "2A", "3A"]', 'Tower = ["1A"]', "at least 2"),
        ('lone = ["12I", "9G"]', 'lone = ["12I", "4A"]', "lone tile 4A touches Tower"),
        ('lone = ["12I", "9G"]', 'lone = ["12I", "2A"]', "tile 2A is listed twice"),
        ("Ann = 5100", "Ann = -5100", "can't be below 0"),
        ("Ann = 5100", "Ann = 5150", "multiples of $100"),
        ("Ben = { American = 3 }", "Ben = { American = 30 }", "players hold 31 American shares"),
        ("Ben = { American = 3 }", "Ben = { Hilton = 3 }", "unknown chain 'Hilton'"),
        ('next = "Cat"', 'next = "Zed"', "name the player whose turn"),
        ('American = ["6D", "7D", "8D", "6E"]', 'American = ["4A", "5A", "6D", "7D"]', "touches Tower"),
    ],
)
def test_unsound_position_is_refused_precisely(tmp_path, old, new, words):
    text = (EXAMPLES / "position.toml").read_text()
    pos = tmp_path / "pos.toml"
    pos.write_text(edit(text, old, new))
    path = tmp_path / "g.toml"
    result = run(path, "new", "--from", str(pos))
    assert result.exit_code == 4, result.output
    assert words in result.output
    assert not path.exists()
