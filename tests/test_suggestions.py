"""Help that points the right way: the closest chain, tile or player name for a slip, the
notation meant by a mistyped purchase, every option a command takes, what kind of file was
expected, and singular nouns for one of a thing."""

from __future__ import annotations

from pathlib import Path

import pytest

from acquire_ref.engine.errors import closest
from acquire_ref.words.events import told
from tests.helpers import ROOT, Cli

cli = Cli()


def run(path: Path, *args: str):
    return cli(*["--game", str(path), *args])


@pytest.fixture
def buying(tmp_path) -> Path:
    """Ann has founded Tower and is to buy; Ben and Carol wait."""
    path = tmp_path / "g.toml"
    for args in (["new", "Ann", "Ben", "Carol"], ["start", "1A", "5E", "9I"], ["place", "2A", "--found", "Tower"]):
        assert run(path, *args).exit_code == 0, args
    return path


def test_closest_name_ignores_case_and_needs_a_near_spelling():
    assert closest("towr", ["Tower", "Luxor"]) == "Tower"
    assert closest("Zzz", ["Tower", "Luxor"]) is None


def test_a_misspelled_chain_is_answered_with_the_closest_chain(buying):
    before = buying.read_bytes()
    result = run(buying, "buy", "Towr=2")
    assert result.exit_code == 2
    assert "did you mean Tower?" in result.output and "Imperial" not in result.output
    assert buying.read_bytes() == before


def test_a_count_as_a_word_of_its_own_suggests_the_notation(buying):
    for words in (["tower", "2"], ["2", "tower"]):
        result = run(buying, "buy", *words)
        assert result.exit_code == 2 and "`acquire-ref buy Tower=2`" in result.output, words


def test_shares_separated_by_commas_are_told_to_use_spaces(buying):
    result = run(buying, "buy", "Luxor=1,American=1")
    assert result.exit_code == 2
    assert "separate the shares with spaces" in result.output and "`acquire-ref buy Luxor=1 American=1`" in result.output


def test_a_misspelled_player_and_tile_get_the_closest_name(buying):
    result = run(buying, "hand", "Bem")
    assert result.exit_code == 2 and "did you mean Ben?" in result.output
    result = run(buying, "why", "5CC")
    assert result.exit_code == 2 and "did you mean 5C?" in result.output


def test_an_unknown_dispose_option_lists_sell_and_trade_and_says_the_rest_is_held(buying):
    result = run(buying, "dispose", "Carol", "--hold", "7")
    assert result.exit_code == 2
    assert "--sell N and --trade N" in result.output and "held" in result.output
    assert "Possible options: --help" not in result.output


def test_the_programs_own_option_after_a_command_says_it_goes_before(buying):
    result = run(buying, "status", "--as", "Ann")
    assert result.exit_code == 2
    assert "--as goes before the command: acquire-ref --as NAME status" in " ".join(result.output.split())


def test_check_of_a_missing_path_says_what_kind_of_file_it_reads(tmp_path):
    result = cli(*["check", str(tmp_path / "scirpt.toml")])
    assert result.exit_code == 4
    assert "no such game file or script" in result.output and "acquire-ref new" not in result.output


def test_one_of_a_thing_is_singular(tmp_path):
    result = cli(*["bonus", "Tower", "3", "Ann=1", "Ben=2"])
    assert "Ann (1 share):" in result.output and "Ben (2 shares):" in result.output
    path = tmp_path / "one.toml"
    path.write_text('format = 1\nplayers = ["Ann", "Ben", "Cat"]\nmoves = ["start 1A 5E 9I"]\n')
    assert "the 1 move is legal" in cli(*["play", "--check", str(path)]).output
    assert "1 move replays" in cli(*["check", str(path)]).output
    from acquire_ref.engine.events import MarketBonus

    assert "1 share)" in told(MarketBonus("Tower", 1, 1000, "minority"))


def test_the_file_page_says_two_to_six_players_and_new_lists_the_options():
    page = (ROOT / "man" / "acquire-ref.5").read_text()
    assert "2 to 6" in page and "3 to 6" not in page
    text = " ".join(cli(*["new", "--help"], env={"COLUMNS": "200"}).output.split())
    for option in ("start-order", "column-first", "replace-until-none", "stall", "two-player-market", "holdings"):
        assert option in text
    assert "see the README" not in text


def test_a_count_too_large_says_so_rather_than_not_a_number():
    from acquire_ref import NotationError
    from acquire_ref.engine.moves import parse_move

    with pytest.raises(NotationError, match="no game has that many shares"):
        parse_move("dispose --sell 99999999999999999999999")
    with pytest.raises(NotationError, match="a count of shares is a whole number"):
        parse_move("buy Tower=x")
