"""Game files people script, edit and trust: the move log, check and play --check, hand edits
that must work and broken files that must be refused (exit 4, no traceback)."""

from __future__ import annotations

import json

import pytest

from tests.helpers import EXAMPLES, edit, moves_of


# --------------------------------------------------------------------------- log
def test_log_lists_every_move_with_turns_and_filters(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("play", str(EXAMPLES / "four-players.toml"), game=path).exit_code == 0
    out = cli("log", game=path).stdout
    assert "bank pays" in out and "trades" in out and "declares the end" in out
    rows = json.loads(cli("log", "--json", game=path).stdout)
    assert len(rows) == len(moves_of(EXAMPLES / "four-players.toml"))
    assert rows[0]["move"].startswith("start") and rows[0]["turn"] == 0
    events = {e["event"] for r in rows for e in r["events"]}
    assert {"bonus_paid", "shares_sold", "shares_traded", "shares_bought", "chain_founded", "end_declared", "game_over"} <= events
    turn5 = json.loads(cli("log", "--json", "--turn", "5", game=path).stdout)
    assert turn5 and {r["turn"] for r in turn5} == {5}
    ann = json.loads(cli("log", "--json", "--player", "ann", game=path).stdout)
    assert [r for r in ann if r["player"] == "Ann"]  # her moves, and what came to her in others' moves:
    assert all(e.get("player") == "Ann" or "Ann" in e.get("holders", {})
               for r in ann if r["player"] != "Ann" for e in r["events"])
    assert cli("log", "--player", "Zed", game=path).exit_code == 2


# --------------------------------------------------------------------------- check / play --check
@pytest.mark.parametrize("script", ["four-players.toml", "six-players.toml", "mid-game.toml"])
def test_check_accepts_the_examples(cli, script):
    result = cli("check", EXAMPLES / script, "--json")
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert doc["sound"] is True and doc["problems"] == []


def test_play_check_writes_nothing_and_says_where_it_stops(cli, tmp_path):
    path = tmp_path / "g.toml"
    result = cli("play", "--check", str(EXAMPLES / "mid-game.toml"), game=path)
    assert result.exit_code == 0
    assert "all 10 moves are legal" in result.stdout and "Cat to place a tile" in result.stdout
    assert not path.exists()


def test_mid_game_script_leaves_a_game_the_table_continues(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("play", str(EXAMPLES / "mid-game.toml"), game=path).exit_code == 0
    doc = json.loads(cli("score", "--json", game=path).stdout)
    assert doc["final"] is False
    # worked by hand in the script's comments
    assert [(s["player"], s["cash"], s["rank"]) for s in doc["standings"]] == [
        ("Ben", 12100, 1), ("Ann", 10800, 2), ("Cat", 8200, 3)]
    assert cli("place", "9G", game=path).exit_code == 0  # Cat grows Luxor (9H 9I) to 3
    assert cli.json("status", game=path)["chains"]["Luxor"]["size"] == 3


# --------------------------------------------------------------------------- hand edits that work
def test_renaming_a_player_in_the_setup(cli, finished_game):
    text = finished_game.read_text().replace('"Ann",', '"Annie",', 1)
    finished_game.write_text(text)
    result = cli("score", "--json", game=finished_game)
    assert result.exit_code == 0, result.output
    assert "rebuilt" in result.stderr
    assert json.loads(result.stdout)["standings"][0] == {"player": "Annie", "cash": 26500, "rank": 1}


def test_correcting_a_mistyped_tile_in_the_log(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("play", str(EXAMPLES / "mid-game.toml"), game=path).exit_code == 0
    # the table typed 3A for Ben but he played 1B: fix the log by hand
    path.write_text(path.read_text().replace('"place 3A"', '"place 1B"'))
    doc = cli.json("status", game=path)
    assert doc["board"][1].startswith("B T")
    assert doc["chains"]["Tower"]["size"] == 3


def test_deleting_the_last_moves_by_hand(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("play", str(EXAMPLES / "mid-game.toml"), game=path).exit_code == 0
    text = path.read_text()
    path.write_text(text.replace('    "place 3A",\n    "buy Luxor=1",\n', ""))
    doc = cli.json("status", game=path)
    assert doc["pending"]["player"] == "Ben" and doc["chains"]["Tower"]["size"] == 2
    assert cli("place", "3A", game=path).exit_code == 0


# --------------------------------------------------------------------------- broken files
def game_text(cli, tmp_path) -> str:
    path = tmp_path / "ok.toml"
    assert cli("play", str(EXAMPLES / "mid-game.toml"), game=path).exit_code == 0
    return path.read_text()


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
def test_broken_file_is_refused_with_exit_4_and_a_message(cli, name, tmp_path):
    if name == "move_after_the_end":
        done = tmp_path / "done.toml"
        assert cli("play", str(EXAMPLES / "four-players.toml"), game=done).exit_code == 0
        text = edit(done.read_text(), '    "buy Continental=2",\n]', '    "buy Continental=2",\n    "place 1I",\n]')
    else:
        text = BROKEN[name](game_text(cli, tmp_path))
    path = tmp_path / "broken.toml"
    path.write_text(text)
    for args in (["status"], ["status", "--json"], ["place", "12A"], ["score"], ["check"]):
        before = path.read_bytes()
        result = cli(*args, game=path)
        assert result.exit_code == 4, (name, args, result.output)
        assert "Traceback" not in result.output
        assert result.output.strip()
        assert path.read_bytes() == before
    doc = json.loads(cli("check", "--json", game=path).stdout)
    assert doc["sound"] is False and doc["problems"]


def test_check_lists_every_problem_not_only_the_first(cli, tmp_path):
    text = game_text(cli, tmp_path)
    text = edit(text, "Ann = 5400", "Ann = -100")
    text = edit(text, "[snapshot.shares.Ben]\nTower = 4", "[snapshot.shares.Ben]\nTower = 26")
    path = tmp_path / "g.toml"
    path.write_text(text)
    doc = json.loads(cli("check", "--json", game=path).stdout)
    problems = "\n".join(doc["problems"])
    assert "snapshot.cash.Ann is -100 in the file; the moves give 5400" in problems
    assert "cash is never negative" in problems
    assert "players hold 26 Tower and the bank 21: that is 47, not 25" in problems
    assert "snapshot.shares.Ben.Tower is 26 in the file; the moves give 4" in problems


def test_check_reports_toml_syntax_with_line_and_column(cli, tmp_path):
    path = tmp_path / "g.toml"
    path.write_text('format = 1\nplayers = ["A", "B", "C"\nmoves = []\n')
    result = cli("check", game=path)
    assert result.exit_code == 4
    assert "line 3" in result.output and "column" in result.output


def test_check_reports_illegal_move_with_number_and_rule(cli, tmp_path):
    path = tmp_path / "g.toml"
    path.write_text('format = 1\nplayers = ["A", "B", "C"]\n'
                    'moves = ["start 1A 5E 9I", "place 2A --found Tower", "buy Tower=4"]\n')
    result = cli("check", game=path)
    assert result.exit_code == 4
    assert "move 3 `buy Tower=4` is illegal" in result.output and "R6.1" in result.output
