"""What is typed on the command line is checked before it reaches the game: share counts, chain
names, tiles, player names, repeated options and out-of-range numbers. Each bad input gets a
clear message and exit 2, changes nothing, and never shows a traceback; odd but legal input
(a 1000-character name) just works."""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from tests.helpers import installed, refused


@pytest.mark.parametrize("count", ["²", "①", "-1", "1.5", "x"])
def test_share_counts_are_ascii_whole_numbers(cli, founding, count):
    assert cli("choose", "Tower", game=founding).exit_code == 0
    out = refused(cli, founding, "buy", f"Tower={count}", code=2)
    assert "whole number" in out


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


def test_empty_game_path_is_a_usage_error(cli):
    result = cli("--game", "", "status")
    assert result.exit_code == 2 and "--game needs a file name" in result.output


def test_out_of_range_numbers_are_usage_errors(cli, tmp_path):
    assert cli("new", "A", "B", "C", "--tiles", "dealt", "--seed", str(2**70), game=tmp_path / "g.toml").exit_code == 2
    assert cli("price", "Imperial", "200").exit_code == 2
    assert cli("bonus", "Tower", "3", "Ann=3", "ann=3").exit_code == 2


def test_an_80_character_player_name_is_accepted_and_a_1000_character_one_refused_with_the_limit(cli, tmp_path):
    """A long name is a legal name up to 80 characters (printable, no spaces or '='); past that
    a game file naming it is refused (exit 4) and says the limit: names are bounded."""
    name = "A" * 80
    path = tmp_path / "long.toml"
    path.write_text(f'format = 1\nplayers = ["{name}", "Ben", "Cat"]\nmoves = ["start 1A 5E 9I"]\n')
    st = cli("status", "--json", game=path)
    assert st.exit_code == 0, st.output
    assert json.loads(st.stdout)["players"][0]["name"] == name
    assert cli("check", path).exit_code == 0
    assert cli("place", "2A", game=path).exit_code == 0
    assert cli("check", game=path).exit_code == 0
    path.write_text(f'format = 1\nplayers = ["{"A" * 1000}", "Ben", "Cat"]\nmoves = ["start 1A 5E 9I"]\n')
    before = path.read_bytes()
    st = cli("status", "--json", game=path)
    assert st.exit_code == 4 and "it has 1,000 characters, and a name has at most 80" in st.stderr
    assert path.read_bytes() == before


DIGITS = "9" * 5000  # beyond Python's 4300-digit limit for int(str)


@pytest.mark.skipif(os.name != "posix", reason="run as a real process on POSIX")
@pytest.mark.parametrize("args", [["buy", f"Tower={DIGITS}"], ["dispose", "--sell", DIGITS]], ids=["buy", "dispose"])
def test_a_5000_digit_count_on_the_command_line_is_a_usage_error(cli, tmp_path, args):
    path = tmp_path / "game.toml"
    for setup in (["new", "Ann", "Ben", "Cat"], ["start", "1A", "5E", "9I"]):
        assert cli(*setup, game=path).exit_code == 0
    before = path.read_bytes()
    r = subprocess.run([installed(), "--game", str(path), *args], capture_output=True, text=True, check=False)
    assert "Traceback" not in r.stderr, r.stderr[-300:]
    assert r.returncode == 2
    assert path.read_bytes() == before
