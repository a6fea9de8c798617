"""The command-line contract (DESIGN 2): commands, --json documents, exit codes, and a refused
command leaving the game file byte-identical. Through Typer's CliRunner and the installed command."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from acquire_ref.files import storage
from tests.helpers import installed, refused


@pytest.fixture
def game(cli, tmp_path) -> Path:
    """A 4-player game after the start tiles: Ann 6D, Ben 9A, Cat 1C, Dan 12I; Ben goes first."""
    path = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", "Cat", "Dan", game=path).exit_code == 0
    assert cli("start", "6D", "9A", "1C", "12I", game=path).exit_code == 0
    return path


def test_new_writes_a_game_awaiting_start_tiles(cli, tmp_path):
    path = tmp_path / "g.toml"
    result = cli("new", "Ann", "Ben", "Cat", game=path)
    assert result.exit_code == 0
    assert "acquire-ref start" in result.stdout
    doc = json.loads(cli("status", "--json", game=path).stdout)
    assert doc["pending"] == {"player": None, "decision": "start", "text": doc["pending"]["text"]}
    assert [p["cash"] for p in doc["players"]] == [6000, 6000, 6000]


def test_new_refuses_one_player_with_exit_2_and_says_why(cli, tmp_path):
    result = cli("new", "Ann", game=tmp_path / "g.toml")
    assert result.exit_code == 2
    assert "2 to 6 players" in result.output and "R2.1" in result.output
    assert not (tmp_path / "g.toml").exists()


def test_new_refuses_seven_players_and_duplicate_names(cli, tmp_path):
    assert cli("new", *"ABCDEFG", game=tmp_path / "g.toml").exit_code == 2
    assert cli("new", "Ann", "ann", "Ben", game=tmp_path / "g.toml").exit_code == 2


def test_new_refuses_to_overwrite_without_force(cli, game):
    refused(cli, game, "new", "X", "Y", "Z", code=2)
    assert cli("new", "--force", "X", "Y", "Z", game=game).exit_code == 0
    assert json.loads(cli("status", "--json", game=game).stdout)["players"][0]["name"] == "X"


def test_start_tells_who_goes_first(cli, game):
    doc = json.loads(cli("status", "--json", game=game).stdout)
    assert doc["pending"]["player"] == "Ben" and doc["pending"]["decision"] == "place"
    assert doc["bag"] == 108 - 4 - 24


def test_malformed_tile_is_usage_error_exit_2(cli, game):
    out = refused(cli, game, "place", "5Z", code=2)
    assert "5Z" in out
    refused(cli, game, "place", "13A", code=2)


def test_unknown_chain_is_usage_error_exit_2(cli, game):
    assert cli("place", "6C", game=game).exit_code == 0  # next to 6D: founds
    out = refused(cli, game, "choose", "Hilton", code=2)
    assert "Tower" in out  # lists the chains


def test_unknown_command_and_option_exit_2(cli, game):
    refused(cli, game, "castle", code=2)
    refused(cli, game, "place", "5C", "--fund", "Tower", code=2)


def test_illegal_move_exit_3_names_the_rule_and_changes_nothing(cli, game):
    out = refused(cli, game, "place", "6D", code=3)
    assert "already on the board" in out
    out = refused(cli, game, "buy", "Tower", code=3)
    assert "can't buy shares now" in out
    out = refused(cli, game, "end", code=3)
    assert "R8.1" in out


def test_prefix_chain_names_and_tile_spellings(cli, game):
    assert cli("place", "c6", "--found", "imp", game=game).exit_code == 0
    doc = json.loads(cli("status", "--json", game=game).stdout)
    assert doc["chains"]["Imperial"] == {"size": 2, "price": 400, "safe": False, "bank": 24}
    assert cli("buy", "i", "I", game=game).exit_code == 0
    doc = json.loads(cli("status", "--json", game=game).stdout)
    assert doc["players"][1]["shares"]["Imperial"] == 3
    assert doc["players"][1]["cash"] == 6000 - 800


def test_ambiguous_prefix_is_refused(cli, game):
    cli("place", "6C", game=game)
    out = refused(cli, game, "choose", "xx", code=2)
    assert "not a chain" in out


def test_equal_sized_chains_are_listed_in_information_card_order(cli, tmp_path):
    path = tmp_path / "g.toml"
    for args in (["new", "A", "B", "C"], ["start", "1A", "3A", "9I"], ["place", "1B", "--found", "Luxor"],
                 ["buy"], ["place", "3B", "--found", "Tower"], ["buy"], ["place", "7E"], ["buy"]):
        assert cli(*args, game=path).exit_code == 0, args
    cli("place", "2B", game=path)  # between Luxor (1A 1B) and Tower (3A 3B): a tie
    doc = json.loads(cli("status", "--json", game=path).stdout)
    assert doc["pending"]["options"] == ["Tower", "Luxor"]


def test_buy_refused_as_a_whole_when_bank_or_cash_cannot_cover(cli, game):
    cli("place", "6C", "--found", "Tower", game=game)
    out = refused(cli, game, "buy", "Tower=4", code=3)
    assert "R6.1" in out
    out = refused(cli, game, "buy", "American", code=3)
    assert "not on the board" in out


def test_dead_tile_discard_and_pass_in_safe_position(cli, safe_game):
    out = cli("place", "1B", game=safe_game)
    assert out.exit_code == 3 and "dead tile" in out.output and "R4.6" in out.output
    result = cli("discard", "1B", "2B", game=safe_game)
    assert result.exit_code == 0
    assert "draws 2" in result.stdout
    doc = cli.json("status", game=safe_game)
    assert doc["bag"] == 66 and doc["discarded"] == ["1B", "2B"]
    out = cli("discard", "3B", game=safe_game)
    assert out.exit_code == 3 and "once per turn" in out.output  # R7.3


def test_missing_game_file_exit_4(cli, tmp_path):
    result = cli("status", game=tmp_path / "nope.toml")
    assert result.exit_code == 4
    assert "no such game file" in result.output


def test_corrupt_game_file_exit_4_without_traceback(cli, tmp_path):
    path = tmp_path / "g.toml"
    path.write_text("format = 1\nplayers = [\"A\", \n")
    for args in (("status",), ("place", "5C"), ("score", "--json")):
        result = cli(*args, game=path)
        assert result.exit_code == 4
        assert "not valid TOML" in result.output
        assert "Traceback" not in result.output


def test_locked_game_file_exit_5(cli, game, monkeypatch):
    monkeypatch.setattr(storage, "LOCK_TIMEOUT", 0.1)
    with storage.locked(game, 0):  # another holder of the lock: a second opening of the lock file
        out = refused(cli, game, "place", "5C", code=5)
    assert "locked" in out
    assert cli("place", "5C", game=game).exit_code == 0


def test_game_file_from_environment(cli, tmp_path):
    path = tmp_path / "env.toml"
    result = cli("new", "A", "B", "C", env={"ACQUIRE_GAME": str(path)})
    assert result.exit_code == 0 and path.exists()


def test_json_read_commands_print_exactly_one_document(cli, game):
    assert cli("place", "5C", game=game).exit_code == 0  # a lone tile: Ben's turn is over
    docs = {}
    for cmd in ("status", "score", "log"):
        result = cli(cmd, "--json", game=game)
        assert result.exit_code == 0
        docs[cmd] = json.loads(result.stdout)  # the whole of stdout is one document
    assert docs["status"]["pending"]["player"] == "Cat"
    assert [(s["player"], s["cash"]) for s in docs["score"]["standings"]] == [
        ("Ann", 6000), ("Ben", 6000), ("Cat", 6000), ("Dan", 6000)]
    assert [row["move"] for row in docs["log"]] == ["start 6D 9A 1C 12I", "place 5C"]


def test_json_stays_alone_on_stdout_with_notices_on_stderr(finished_game):
    path = finished_game
    path.write_text(path.read_text().replace('"buy Luxor=3",', '"buy Luxor=3",', 1) + "\n")
    text = path.read_text().replace('players = [\n    "Ann",', 'players = [\n    "Anne",')
    path.write_text(text)
    out = subprocess.run([installed(), "--game", str(path), "status", "--json"], capture_output=True, text=True)
    assert out.returncode == 0
    assert json.loads(out.stdout)["players"][0]["name"] == "Anne"  # the log replayed with the new name
    assert "edited by hand" in out.stderr


def test_status_says_whose_move_and_the_command_to_type(cli, game):
    out = cli("status", game=game).stdout
    assert "Ben to place a tile" in out and "acquire-ref place TILE" in out
    assert "Tiles in the bag: 80" in out


def test_score_during_game_is_a_projection(cli, game):
    cli("place", "6C", "--found", "Luxor", game=game)
    cli("buy", "Luxor=2", game=game)
    doc = json.loads(cli("score", "--json", game=game).stdout)
    assert doc["final"] is False
    # Ben: 6,000 - 400 + 3 Luxor: bonus 2,000 + 1,000 (sole holder) + 3 x 200
    assert doc["standings"][0] == {"player": "Ben", "cash": 6000 - 400 + 3000 + 600, "rank": 1}
    assert [s["rank"] for s in doc["standings"]] == [1, 2, 2, 2]
    assert "Projected standings if the game ended now" in cli("score", game=game).stdout


def test_merger_output_shows_bonuses_and_disposals(cli, game):
    # Seats Ann Ben Cat Dan; Ben goes first. Tower grows to 7, Luxor to 3; Cat's 3C merges them.
    for args in (["place", "6C", "--found", "Tower"], ["buy", "Tower=2"],
                 ["place", "2C", "--found", "Luxor"], ["buy", "Luxor=1"],
                 ["place", "9F"], ["buy"], ["place", "7C"], ["buy"], ["place", "1D"], ["buy"],
                 ["place", "8C"], ["buy"], ["place", "5D"], ["buy"], ["place", "4C"], ["buy"],
                 ["place", "5C"], ["buy"]):
        assert cli(*args, game=game).exit_code == 0, args
    result = cli("place", "3C", game=game)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Tower survives" in out
    # Cat is the only Luxor holder: majority + minority at 3 tiles ($300): $3,000 + $1,500
    assert "Luxor is defunct at 3 tiles, $300 a share (R5.3): the bank pays" in out
    row = next(line for line in out.splitlines() if "Cat" in line and "$4,500" in line)
    assert "majority + minority (sole shareholder)" in row and " 2 " in row
    assert "dispose Cat" in out
    result = cli("dispose", "Cat", "--trade", "2", game=game)
    assert result.exit_code == 0
    assert "Cat trades 2 Luxor for 1 Tower" in result.stdout
    assert "Tower absorbs Luxor: now 11 tiles" in result.stdout
    doc = json.loads(cli("status", "--json", game=game).stdout)
    cat = doc["players"][2]
    assert cat["cash"] == 6000 - 200 + 4500 and cat["shares"]["Tower"] == 1 and cat["shares"]["Luxor"] == 0
    assert doc["chains"] == {"Tower": {"size": 11, "price": 700, "safe": True, "bank": 21}}  # 25 - founder - 2 bought - 1 traded
    assert doc["end_available"] is True


def test_version(cli):
    result = cli("--version")
    assert result.exit_code == 0 and result.stdout.startswith("acquire-ref ")


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


def test_buy_takes_the_chain_letters_as_the_console_does(cli, game):
    """`buy tt` is `buy Tower=2`, as typed at the console's buy prompt; `c2a` is 2 of C and 1 of A."""
    cli("place", "6C", "--found", "Tower", game=game)
    result = cli("buy", "tt", game=game)
    assert result.exit_code == 0, result.output
    assert "Ben pays the bank $400 for 2 Tower" in result.stdout  # Tower of 2 at $200 (R3.2)
    from acquire_ref.engine.moves import parse_move

    assert str(parse_move("buy c2a")) == "buy Continental=2 American=1"
    assert str(parse_move("buy t")) == "buy Tower=1" and str(parse_move("buy imp")) == "buy Imperial=1"


@pytest.fixture
def on_a_terminal(monkeypatch):
    """Standard input is a terminal: commands may ask."""
    import acquire_ref.cli.undo

    monkeypatch.setattr(acquire_ref.cli.undo, "_asks", lambda: True)


def test_undo_of_the_final_payout_asks_on_a_terminal_and_no_changes_nothing(cli, finished_game, on_a_terminal):
    before = finished_game.read_bytes()
    result = cli("undo", game=finished_game, input="n\n")
    assert result.exit_code == 0
    assert "Take back the last move, and with it the final payout: the game is no longer over? [y/N]" in result.stdout
    assert "Nothing was taken back." in result.stdout
    assert finished_game.read_bytes() == before
    result = cli("undo", game=finished_game, input="y\n")
    assert result.exit_code == 0 and "Undid move" in result.stdout
    assert cli.json("status", game=finished_game)["over"] is False


def test_undo_of_several_moves_asks_and_yes_does_not(cli, finished_game, on_a_terminal):
    assert cli("undo", "--yes", game=finished_game).exit_code == 0  # the payout, without a question
    before = finished_game.read_bytes()
    result = cli("undo", "2", game=finished_game, input="\n")  # Enter: the default is no
    assert "Take back the last 2 moves (moves 74 to 75, back to turn 28)? [y/N]" in result.stdout
    assert result.exit_code == 0 and finished_game.read_bytes() == before
    result = cli("undo", game=finished_game, input="")  # one move of a game going on: no question
    assert result.exit_code == 0 and "Take back" not in result.stdout and "Undid move 75" in result.stdout


def test_undo_without_a_terminal_never_asks(cli, finished_game):
    result = cli("undo", "2", game=finished_game)
    assert result.exit_code == 0 and "Take back" not in result.stdout and "Undid move 76" in result.stdout


def test_why_on_a_three_chain_merger_says_who_orders_the_defunct_chains(cli, tmp_path):
    """examples/six-players.toml before Dan's 5C: Luxor, Worldwide and Imperial, 4 tiles each (R5.3)."""
    import tomllib

    import tomli_w

    from tests.helpers import EXAMPLES, moves_of

    data = tomllib.loads((EXAMPLES / "six-players.toml").read_text())
    data["moves"] = moves_of(EXAMPLES / "six-players.toml")[:35]
    script, path = tmp_path / "script.toml", tmp_path / "g.toml"
    script.write_text(tomli_w.dumps(data))
    assert cli("play", script, "--force", game=path).exit_code == 0
    out = cli("why", "5C", game=path).stdout
    assert ("If Imperial survives: the defunct chains are handled one at a time (Luxor and Worldwide are of equal "
            "size, so the mergemaker chooses the order) (R5.3).") in out


def test_a_column_or_a_row_alone_is_not_taken_for_a_tile(cli, game):
    out = refused(cli, game, "why", "5", code=2)
    assert "a tile names its row too (5A to 5I)" in out and "did you mean" not in out
    out = refused(cli, game, "why", "c", code=2)
    assert "a tile names its column too (1C to 12C)" in out


def test_watch_shows_the_last_move_and_who_a_merger_paid(cli, tmp_path):
    """Without them cash jumps on the watch screen with no reason (examples/four-players.toml, Dan's
    merger at move 43 and its disposals)."""
    import io
    import tomllib

    import tomli_w
    from rich.console import Console

    from acquire_ref.render import watch_file
    from tests.helpers import EXAMPLES, moves_of

    data = tomllib.loads((EXAMPLES / "four-players.toml").read_text())
    data["moves"] = moves_of(EXAMPLES / "four-players.toml")[:49]
    script, path = tmp_path / "script.toml", tmp_path / "g.toml"
    script.write_text(tomli_w.dumps(data))
    assert cli("play", script, "--force", game=path).exit_code == 0
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(watch_file(path, 200))
    text = out.getvalue()
    assert ("Last move: Ben sold 2 American for $1,000; Ben traded 2 American for 1 Continental; "
            "Continental now has 16 tiles") in text
    assert "Merger: Tower (defunct at 4 tiles): bank pays Cat $4,000 (majority), Dan $2,000 (minority)" in text
    assert cli("buy", "Festival=3", game=path).exit_code == 0
    assert cli("place", "10H", game=path).exit_code == 0
    assert cli("buy", "Festival=2", "Continental=1", game=path).exit_code == 0  # the turn after the merger's is over
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(watch_file(path, 200))
    assert "Merger:" not in out.getvalue() and "Last move: Ann bought 2 Festival and 1 Continental for $2,100" in out.getvalue()


def test_score_position_says_which_shares_count_for_nothing(cli):
    """examples/final-position.toml: p1's 3 Luxor are of a chain not on the board (R8.3); worked case 23's
    figures stand ($17,800 and $4,600)."""
    from tests.helpers import EXAMPLES

    result = cli("score", "--position", EXAMPLES / "final-position.toml")
    assert result.exit_code == 0
    assert ("Count for nothing: p1 3 Luxor: Luxor is not on the board ([chains] of the file), and shares of a "
            "chain not on the board are worth nothing (R8.3).") in result.stdout
    result = cli("score", "--position", EXAMPLES / "final-position.toml", "--json")
    doc = json.loads(result.stdout)
    assert doc["worthless"] == [{"player": "p1", "chain": "Luxor", "shares": 3}]
    assert [(s["player"], s["cash"]) for s in doc["standings"]] == [("p1", 17_800), ("p0", 4_600)]
    assert "Count for nothing" in result.stderr
