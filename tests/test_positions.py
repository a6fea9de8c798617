"""Games set up from a written position (`new --from`): the position is checked as a whole, every
unsound detail is named, and the game file keeps the position so that it replays on its own."""

from __future__ import annotations

import tomllib

import pytest

from tests.helpers import EXAMPLES, edit


def test_new_from_position(cli, tmp_path):
    path = tmp_path / "g.toml"
    result = cli("new", "--from", str(EXAMPLES / "position.toml"), game=path)
    assert result.exit_code == 0, result.output
    doc = cli.json("status", game=path)
    assert doc["pending"]["player"] == "Cat" and doc["bag"] == 75
    assert doc["chains"]["American"] == {"size": 4, "price": 500, "safe": False, "bank": 21}
    assert cli("place", "9F", game=path).exit_code == 0  # founds with the lone 9G
    assert cli("choose", "Luxor", game=path).exit_code == 0
    assert cli.json("status", game=path)["chains"]["Luxor"]["size"] == 2
    # the file keeps the position, so it replays on its own
    assert "position" in tomllib.loads(path.read_text())
    assert cli("undo", "2", game=path).exit_code == 0
    assert cli.json("status", game=path)["pending"]["player"] == "Cat"


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
def test_unsound_position_is_refused_precisely(cli, tmp_path, old, new, words):
    text = (EXAMPLES / "position.toml").read_text()
    pos = tmp_path / "pos.toml"
    pos.write_text(edit(text, old, new))
    path = tmp_path / "g.toml"
    result = cli("new", "--from", str(pos), game=path)
    assert result.exit_code == 4, result.output
    assert words in result.output
    assert not path.exists()


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


@pytest.mark.parametrize("extra", [["--edition", "2024"], ["--option", "stall=continue"], ["--tiles", "dealt"],
                                   ["--seed", "3"]])
def test_r17_new_from_a_position_refuses_a_setting_it_would_drop(cli, tmp_path, extra):
    """`new --from POSITION --edition FILE` made a classic game without a word (a 10 x 10 ruleset
    then took 12I): the position file holds the setup."""
    path = tmp_path / "g.toml"
    result = cli("new", "--from", EXAMPLES / "position.toml", *extra, game=path)
    assert result.exit_code == 2 and f"not {extra[0]}" in result.stderr
    assert not path.exists()
    assert cli("new", "--from", EXAMPLES / "position.toml", game=path).exit_code == 0
