"""The command-line contract (DESIGN 2): commands, --json documents, exit codes, and a refused
command leaving the game file byte-identical. Through Typer's CliRunner and the installed command."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from acquire_ref import storage
from acquire_ref.cli import app

runner = CliRunner()


def run(path: Path, *args: str, env: dict | None = None):
    return runner.invoke(app, ["--game", str(path), *args], env=env)


@pytest.fixture
def game(tmp_path) -> Path:
    """A 4-player game after the start tiles: Ann 6D, Ben 9A, Cat 1C, Dan 12I; Ben goes first."""
    path = tmp_path / "g.toml"
    assert run(path, "new", "Ann", "Ben", "Cat", "Dan").exit_code == 0
    assert run(path, "start", "6D", "9A", "1C", "12I").exit_code == 0
    return path


def refused(path: Path, *args: str, code: int) -> str:
    before = path.read_bytes()
    result = run(path, *args)
    assert result.exit_code == code, result.output
    assert path.read_bytes() == before
    assert "Traceback" not in result.output
    return result.output


def test_new_writes_a_game_awaiting_start_tiles(tmp_path):
    path = tmp_path / "g.toml"
    result = run(path, "new", "Ann", "Ben", "Cat")
    assert result.exit_code == 0
    assert "acquire-ref start" in result.stdout
    doc = json.loads(run(path, "status", "--json").stdout)
    assert doc["pending"] == {"player": None, "decision": "start", "text": doc["pending"]["text"]}
    assert [p["cash"] for p in doc["players"]] == [6000, 6000, 6000]


def test_new_refuses_one_player_with_exit_2_and_says_why(tmp_path):
    result = run(tmp_path / "g.toml", "new", "Ann")
    assert result.exit_code == 2
    assert "2 to 6 players" in result.output and "R2.1" in result.output
    assert not (tmp_path / "g.toml").exists()


def test_new_refuses_seven_players_and_duplicate_names(tmp_path):
    assert run(tmp_path / "g.toml", "new", *"ABCDEFG").exit_code == 2
    assert run(tmp_path / "g.toml", "new", "Ann", "ann", "Ben").exit_code == 2


def test_new_refuses_to_overwrite_without_force(game):
    refused(game, "new", "X", "Y", "Z", code=2)
    assert run(game, "new", "--force", "X", "Y", "Z").exit_code == 0
    assert json.loads(run(game, "status", "--json").stdout)["players"][0]["name"] == "X"


def test_start_tells_who_goes_first(game):
    doc = json.loads(run(game, "status", "--json").stdout)
    assert doc["pending"]["player"] == "Ben" and doc["pending"]["decision"] == "place"
    assert doc["bag"] == 108 - 4 - 24


def test_malformed_tile_is_usage_error_exit_2(game):
    out = refused(game, "place", "5Z", code=2)
    assert "5Z" in out
    refused(game, "place", "13A", code=2)


def test_unknown_chain_is_usage_error_exit_2(game):
    assert run(game, "place", "6C").exit_code == 0  # next to 6D: founds
    out = refused(game, "choose", "Hilton", code=2)
    assert "Tower" in out  # lists the chains


def test_unknown_command_and_option_exit_2(game):
    refused(game, "castle", code=2)
    refused(game, "place", "5C", "--fund", "Tower", code=2)


def test_illegal_move_exit_3_names_the_rule_and_changes_nothing(game):
    out = refused(game, "place", "6D", code=3)
    assert "already on the board" in out
    out = refused(game, "buy", "Tower", code=3)
    assert "can't buy shares now" in out
    out = refused(game, "end", code=3)
    assert "R8.1" in out


def test_prefix_chain_names_and_tile_spellings(game):
    assert run(game, "place", "c6", "--found", "imp").exit_code == 0
    doc = json.loads(run(game, "status", "--json").stdout)
    assert doc["chains"]["Imperial"] == {"size": 2, "price": 400, "safe": False, "bank": 24}
    assert run(game, "buy", "i", "I").exit_code == 0
    doc = json.loads(run(game, "status", "--json").stdout)
    assert doc["players"][1]["shares"]["Imperial"] == 3
    assert doc["players"][1]["cash"] == 6000 - 800


def test_ambiguous_prefix_is_refused(game):
    run(game, "place", "6C")
    out = refused(game, "choose", "xx", code=2)
    assert "not a chain" in out


def test_buy_refused_as_a_whole_when_bank_or_cash_cannot_cover(game):
    run(game, "place", "6C", "--found", "Tower")
    out = refused(game, "buy", "Tower=4", code=3)
    assert "R6.1" in out
    out = refused(game, "buy", "American", code=3)
    assert "not on the board" in out


def test_missing_game_file_exit_4(tmp_path):
    result = run(tmp_path / "nope.toml", "status")
    assert result.exit_code == 4
    assert "no such game file" in result.output


def test_corrupt_game_file_exit_4_without_traceback(tmp_path):
    path = tmp_path / "g.toml"
    path.write_text("format = 1\nplayers = [\"A\", \n")
    for args in (("status",), ("place", "5C"), ("score", "--json")):
        result = run(path, *args)
        assert result.exit_code == 4
        assert "not valid TOML" in result.output
        assert "Traceback" not in result.output


def test_locked_game_file_exit_5(game, monkeypatch):
    from filelock import FileLock

    monkeypatch.setattr(storage, "LOCK_TIMEOUT", 0.1)
    with FileLock(str(game) + ".lock"):
        out = refused(game, "place", "5C", code=5)
    assert "locked" in out
    assert run(game, "place", "5C").exit_code == 0


def test_game_file_from_environment(tmp_path):
    path = tmp_path / "env.toml"
    result = runner.invoke(app, ["new", "A", "B", "C"], env={"ACQUIRE_GAME": str(path)})
    assert result.exit_code == 0 and path.exists()


def test_json_read_commands_print_exactly_one_document(game):
    run(game, "place", "5C")
    for cmd in ("status", "score", "log"):
        result = run(game, cmd, "--json")
        assert result.exit_code == 0
        json.loads(result.stdout)  # the whole of stdout is one document


def test_status_says_whose_move_and_the_command_to_type(game):
    out = run(game, "status").stdout
    assert "Ben to place a tile" in out and "acquire-ref place TILE" in out
    assert "Tiles in the bag: 80" in out


def test_score_during_game_is_a_projection(game):
    run(game, "place", "6C", "--found", "Luxor")
    run(game, "buy", "Luxor=2")
    doc = json.loads(run(game, "score", "--json").stdout)
    assert doc["final"] is False
    # Ben: 6,000 - 400 + 3 Luxor: bonus 2,000 + 1,000 (sole holder) + 3 x 200
    assert doc["standings"][0] == {"player": "Ben", "cash": 6000 - 400 + 3000 + 600, "rank": 1}
    assert [s["rank"] for s in doc["standings"]] == [1, 2, 2, 2]
    assert "Projected standings if the game ended now" in run(game, "score").stdout


def test_merger_output_shows_bonuses_and_disposals(game):
    # Seats Ann Ben Cat Dan; Ben goes first. Tower grows to 7, Luxor to 3; Cat's 3C merges them.
    for args in (["place", "6C", "--found", "Tower"], ["buy", "Tower=2"],
                 ["place", "2C", "--found", "Luxor"], ["buy", "Luxor=1"],
                 ["place", "9F"], ["buy"], ["place", "7C"], ["buy"], ["place", "1D"], ["buy"],
                 ["place", "8C"], ["buy"], ["place", "5D"], ["buy"], ["place", "4C"], ["buy"],
                 ["place", "5C"], ["buy"]):
        assert run(game, *args).exit_code == 0, args
    result = run(game, "place", "3C")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Tower survives" in out
    # Cat is the only Luxor holder: majority + minority at 3 tiles ($300): $3,000 + $1,500
    assert "Luxor is defunct at 3 tiles, $300 a share (R5.3): the bank pays" in out
    row = next(line for line in out.splitlines() if "Cat" in line and "$4,500" in line)
    assert "majority + minority (sole shareholder)" in row and " 2 " in row
    assert "dispose Cat" in out
    result = run(game, "dispose", "Cat", "--trade", "2")
    assert result.exit_code == 0
    assert "Cat trades 2 Luxor for 1 Tower" in result.stdout
    assert "Tower absorbs Luxor: now 11 tiles" in result.stdout
    doc = json.loads(run(game, "status", "--json").stdout)
    cat = doc["players"][2]
    assert cat["cash"] == 6000 - 200 + 4500 and cat["shares"]["Tower"] == 1 and cat["shares"]["Luxor"] == 0
    assert doc["chains"] == {"Tower": {"size": 11, "price": 700, "safe": True, "bank": 21}}  # 25 - founder - 2 bought - 1 traded
    assert doc["end_available"] is True


def test_version():
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.stdout.startswith("acquire-ref ")


def installed() -> str:
    exe = Path(sys.executable).parent / ("acquire-ref.exe" if os.name == "nt" else "acquire-ref")
    found = str(exe) if exe.exists() else shutil.which("acquire-ref")
    if not found:
        pytest.fail("the acquire-ref console script is not installed (pip install -e '.[test]')")
    return found


def test_installed_command_referees_and_exits_with_contract_codes(tmp_path):
    exe = installed()
    env = {**os.environ, "ACQUIRE_GAME": str(tmp_path / "t.toml")}

    def sh(*args):
        return subprocess.run([exe, *args], capture_output=True, text=True, env=env)

    assert sh("new", "Ann", "Ben", "Cat").returncode == 0
    assert sh("start", "3C", "9A", "1B").returncode == 0
    before = (tmp_path / "t.toml").read_bytes()
    bad = sh("place", "9A")
    assert bad.returncode == 3 and "already on the board" in bad.stderr and "Traceback" not in bad.stderr
    assert sh("place", "Q9").returncode == 2
    assert (tmp_path / "t.toml").read_bytes() == before
    ok = sh("status", "--json")
    assert ok.returncode == 0
    assert json.loads(ok.stdout)["pending"]["player"] == "Ben"
    assert sh("--game", str(tmp_path / "missing.toml"), "status").returncode == 4
