"""The `simulate` command: its report of many computer-played games, the games it writes (each
replays to the standings it reported), its table, and the settings it refuses."""

from __future__ import annotations

import json


def test_simulate_reports_and_its_games_replay_to_the_same_standings(cli, tmp_path):
    out = tmp_path / "games"
    out.mkdir()
    result = cli("simulate", "--games", "6", "--seed", "10", "--players", "3", "--out", out, "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["games"] == 6 and sum(doc["end_reasons"].values()) == 6
    assert abs(sum(doc["wins_by_seat"].values()) - 6) < 1e-9
    files = sorted(out.glob("game-*.toml"))
    assert len(files) == 6
    for f in files:
        recorded = json.loads(cli("score", "--json", game=f).stdout)["standings"]
        again = tmp_path / "again.toml"
        assert cli("play", "--force", f, game=again).exit_code == 0
        replayed = json.loads(cli("score", "--json", game=again).stdout)["standings"]
        assert replayed == recorded


def test_simulate_shows_a_table_and_refuses_bad_settings(cli, tmp_path):
    result = cli("simulate", "--games", "3", "--strategy", "greedy")
    assert result.exit_code == 0 and "simulated games" in result.stdout
    assert cli("simulate", "--strategy", "clever").exit_code == 2
    assert cli("simulate", "--option", "stall=continue").exit_code == 2
    assert cli("simulate", "--out", tmp_path / "missing").exit_code == 4
