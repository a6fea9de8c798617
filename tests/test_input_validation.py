"""Hostile input found by trying to break the referee: each gets a clear message and the right
exit code, changes nothing, and never shows a traceback."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.helpers import EXAMPLES, refused


@pytest.fixture
def founding(cli, tmp_path) -> Path:
    """Three players; A placed 2A next to the start tile 1A and must choose the chain to found."""
    path = tmp_path / "g.toml"
    for args in (["new", "A", "B", "C"], ["start", "1A", "5E", "9I"], ["place", "2A"]):
        assert cli(*args, game=path).exit_code == 0
    return path


@pytest.mark.parametrize("count", ["²", "①", "-1", "1.5", "x"])
def test_share_counts_are_ascii_whole_numbers(cli, founding, count):
    assert cli("choose", "Tower", game=founding).exit_code == 0
    out = refused(cli, founding, "buy", f"Tower={count}", code=2)
    assert "whole number" in out


def test_superscript_count_in_a_game_file_is_exit_4(cli, tmp_path):
    path = tmp_path / "g.toml"
    path.write_text('format = 1\nplayers = ["A", "B", "C"]\nmoves = ["start 1A 5E 9I", "place 2A --found Tower", "buy Tower=²"]\n')
    for args in (["status"], ["check"], ["play", "--check", str(path)]):
        result = cli(*args, game=path)
        assert result.exit_code in (2, 4), result.output
        assert "whole number" in result.output


@pytest.mark.parametrize("args", [["choose", ""], ["choose", ","], ["choose", " "]])
def test_empty_chain_choice_is_a_usage_error(cli, founding, args):
    out = refused(cli, founding, *args, code=2)
    assert "chain name" in out


def test_empty_order_is_a_usage_error(cli, founding):
    assert cli("choose", "Tower", game=founding).exit_code == 0
    refused(cli, founding, "buy", "--order", ",", code=2)


@pytest.mark.parametrize("args", [
    ["place", "3A", "--found", "Tower", "--found", "Luxor"],
    ["place", "3A", "--order", "Tower", "--order", "Luxor"],
])
def test_repeated_place_options_are_refused(cli, tmp_path, args):
    path = tmp_path / "g.toml"
    cli("new", "A", "B", "C", game=path)
    cli("start", "2A", "5E", "9I", game=path)
    out = refused(cli, path, *args, code=2)
    assert "given twice" in out


def test_repeated_dispose_and_new_options_are_refused(cli, tmp_path):
    path = tmp_path / "g.toml"
    cli("new", "A", "B", "C", game=path)
    refused(cli, path, "dispose", "--sell", "1", "--sell", "0", code=2)
    out = refused(cli, path, "new", "--force", "X", "Y", "Z", "--option", "start-order=column-first",
                  "--option", "start-order=row-first", code=2)
    assert "given twice" in out


@pytest.mark.parametrize("tile", ["٥A", "１A", "5Ａ"])
def test_non_ascii_digits_are_not_tiles(cli, founding, tile):
    refused(cli, founding, "why", tile, code=2)


@pytest.mark.parametrize("name", ["C\x01", "Zero\u200bWidth", "tab\tbed"])
def test_unprintable_player_names_are_refused(cli, tmp_path, name):
    result = cli("new", "A", "B", name, game=tmp_path / "g.toml")
    assert result.exit_code == 2 and "player name" in result.output


def test_position_with_non_number_rack_is_exit_4_with_the_problem(cli, tmp_path):
    text = (EXAMPLES / "position.toml").read_text().replace("# racks = { Ann = 6 }", 'racks = { Ann = "x", Ben = -1 }')
    pos = tmp_path / "pos.toml"
    pos.write_text(text)
    result = cli("new", "--from", str(pos), game=tmp_path / "g.toml")
    assert result.exit_code == 4
    assert "position.racks.Ann should be a whole number" in result.output
    assert "position.racks.Ben is -1" in result.output


def test_date_in_position_is_reported_not_crashed(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("new", "--from", str(EXAMPLES / "position.toml"), game=path).exit_code == 0
    path.write_text(path.read_text().replace("[position]\n", "[position]\nwhen = 1979-05-27\n"))
    result = cli("status", game=path)
    assert result.exit_code == 4 and "unknown key 'when'" in result.output


def test_missing_folder_is_not_created(cli, tmp_path):
    target = tmp_path / "no" / "such" / "g.toml"
    result = cli("new", "A", "B", "C", game=target)
    assert result.exit_code == 4 and "does not exist" in result.output
    assert not (tmp_path / "no").exists()
    result = cli("play", str(EXAMPLES / "mid-game.toml"), game=target)
    assert result.exit_code == 4 and not (tmp_path / "no").exists()


def test_symlinked_game_file_updates_its_target(cli, tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    target = real / "game.toml"
    assert cli("new", "A", "B", "C", game=target).exit_code == 0
    link = tmp_path / "link.toml"
    link.symlink_to(target)
    assert cli("start", "1A", "5E", "9I", game=link).exit_code == 0
    assert link.is_symlink()
    assert "start 1A 5E 9I" in target.read_text()


def test_read_only_game_file_is_not_overwritten(cli, founding):
    os.chmod(founding, 0o444)
    out = refused(cli, founding, "choose", "Tower", code=4)
    assert "read-only" in out
    os.chmod(founding, 0o644)


def test_unsearchable_folder_is_a_message(cli, founding, monkeypatch):
    def denied(self):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "exists", denied)
    result = cli("choose", "Tower", game=founding)
    assert result.exit_code == 4 and "Permission denied" in result.output


def test_equal_sized_chains_are_listed_in_information_card_order(cli, tmp_path):
    path = tmp_path / "g.toml"
    for args in (["new", "A", "B", "C"], ["start", "1A", "3A", "9I"], ["place", "1B", "--found", "Luxor"],
                 ["buy"], ["place", "3B", "--found", "Tower"], ["buy"], ["place", "7E"], ["buy"]):
        assert cli(*args, game=path).exit_code == 0, args
    cli("place", "2B", game=path)  # between Luxor (1A 1B) and Tower (3A 3B): a tie
    doc = json.loads(cli("status", "--json", game=path).stdout)
    assert doc["pending"]["options"] == ["Tower", "Luxor"]


def test_missing_script_and_position_say_what_is_missing(cli, tmp_path):
    out = cli("play", str(tmp_path / "nosuch.toml"), game=tmp_path / "g.toml").output
    assert "no such script" in out and "new PLAYER" not in out
    out = cli("new", "--from", str(tmp_path / "nosuch.toml"), game=tmp_path / "g.toml").output
    assert "no such position file" in out


def test_empty_game_path_is_a_usage_error(cli):
    result = cli("--game", "", "status")
    assert result.exit_code == 2 and "--game needs a file name" in result.output


def test_no_trade_when_the_bank_has_no_survivor_shares():
    from acquire_ref import Game, IllegalMoveError, parse_move

    g = Game.new(["A", "B", "C"])
    for m in ("start 1A 3A 9I", "place 1B --found Luxor", "buy Luxor=3", "place 3B --found Tower",
              "buy", "place 7E", "buy"):
        g.apply(parse_move(m))
    g.bank["Tower"] = 0  # as if every Tower share were held
    g.apply(parse_move("place 2B --survivor Tower"))
    assert g.pending.decision == "dispose"
    with pytest.raises(IllegalMoveError, match="the bank has no Tower shares left, so no trade: sell or hold"):
        g.apply(parse_move("dispose --trade 2"))


# ---------------------------------------------------------------- found by a second round of hostile testing
def test_a_picture_is_never_written_over_the_game_file(cli, founding):
    for option in ("--svg", "--html"):
        out = refused(cli, founding, "status", option, str(founding), code=2)
        assert "is the game file" in out


def ruleset_file(tmp_path, **changes):
    import tomli_w

    from acquire_ref.editions import edition_to_dict, load_edition

    data = edition_to_dict(load_edition("classic"))
    data.update(changes)
    path = tmp_path / "rules.toml"
    path.write_text(tomli_w.dumps(data))
    return path


def test_racks_that_need_more_than_108_tiles_are_refused(cli, tmp_path):
    rules = ruleset_file(tmp_path, rack_size=60)
    result = cli("new", "A", "B", "C", "--edition", str(rules), game=tmp_path / "g.toml")
    assert result.exit_code == 2 and "there are 108" in result.output


def test_a_buy_limit_of_0_finishes_every_turn_by_itself(tmp_path):
    from acquire_ref import Game, parse_move
    from acquire_ref.editions import edition_from_dict, edition_to_dict, load_edition

    data = edition_to_dict(load_edition("classic"))
    data["buy_limit"] = 0
    g = Game.new(["A", "B", "C"], edition_from_dict(data))
    for m in ("start 1A 5E 9I", "place 2A --found Tower"):
        g.apply(parse_move(m))
    assert g.pending.decision == "place" and g.player == "B"
    assert g._purchases("B") == [()]  # nothing is ever offered as a legal purchase


def test_hidden_holdings_do_not_leak_through_prompts_or_why(cli, tmp_path):
    path = tmp_path / "g.toml"
    for args in (["new", "A", "B", "C", "--option", "holdings=hidden"], ["start", "1A", "3A", "9I"],
                 ["place", "1B", "--found", "Luxor"], ["buy", "Luxor=2"], ["place", "3B", "--found", "Tower"]):
        assert cli(*args, game=path).exit_code == 0, args
    doc = json.loads(cli("status", "--json", game=path).stdout)
    assert "$" not in doc["pending"]["text"]  # no cash in the buy prompt
    assert cli("buy", game=path).exit_code == 0
    out = cli("why", "2B", game=path).stdout
    assert "hidden until it is paid" in out and "A $" not in out and "B $" not in out


def test_scoring_position_checks_players_and_reads_chain_names_in_any_case(cli, tmp_path):
    pos = tmp_path / "pos.toml"
    pos.write_text("[chains]\ntower = 2\n[cash]\nA = 100\n")
    result = cli("score", "--position", str(pos), game=tmp_path / "g.toml")
    assert result.exit_code == 4 and "seats 2 to 6" in result.output
    pos.write_text('[chains]\ntower = 2\n[cash]\nA = 100\nB = 200\n[shares]\nA = { Tower = 1 }\n')
    doc = json.loads(cli("score", "--position", str(pos), "--json", game=tmp_path / "g.toml").stdout)
    assert doc["standings"][0] == {"player": "A", "cash": 100 + 3000 + 200, "rank": 1}


def test_out_of_range_numbers_are_usage_errors(cli, tmp_path):
    assert cli("new", "A", "B", "C", "--tiles", "dealt", "--seed", str(2**70), game=tmp_path / "g.toml").exit_code == 2
    assert cli("price", "Imperial", "200").exit_code == 2
    assert cli("bonus", "Tower", "3", "Ann=3", "ann=3").exit_code == 2


def test_a_chain_letter_must_be_a_plain_letter(tmp_path):
    from acquire_ref.editions import edition_from_dict, edition_to_dict, load_edition

    data = edition_to_dict(load_edition("classic"))
    data["chains"][0]["letter"] = "ß"
    with pytest.raises(Exception, match="one letter A-Z"):
        edition_from_dict(data)
