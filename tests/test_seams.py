"""Where the engine, the game file and the table features meet: a snapshot value of the wrong
type, undone moves carried in by a script or a position, and a defunct order given up front that
the survivor's choice must respect."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import refused

TIE = ["start 1A 5E", "place 2A --found Tower", "buy", "place 5D --found Luxor", "buy", "place 9I", "buy",
       "place 4E", "buy", "place 3A", "buy", "place 5C", "buy Luxor=3", "place 4A", "buy", "place 5A", "buy",
       "place 4C", "buy Tower=2"]
"""Two players: Tower (1A-5A) and Luxor (4C-5E) both have 5 tiles and Ben is to place; 5B merges them."""


def script(moves: list[str], undone: list[str] | None = None, players: str = '["Ann", "Ben"]') -> str:
    lines = [f'"{m}",' for m in moves]
    text = f"format = 1\nplayers = {players}\nmoves = [\n" + "\n".join(lines) + "\n]\n"
    if undone is not None:
        text += "undone = [" + ", ".join(f'"{m}"' for m in undone) + "]\n"
    return text


@pytest.fixture
def tie(cli, tmp_path) -> Path:
    path = tmp_path / "g.toml"
    src = tmp_path / "tie.toml"
    src.write_text(script(TIE))
    assert cli("play", src, game=path).exit_code == 0
    return path


# ----- the snapshot is compared value and type --------------------------------------------------
@pytest.mark.parametrize(("old", "new"), [("turn = 10", "turn = 10.0"), ("over = false", "over = 0"),
                                          ("bag = 85", "bag = 85.0"), ("end_declared = false", "end_declared = 0.0")])
def test_a_snapshot_value_of_another_type_is_an_edit(cli, tie, old, new):
    assert cli("place", "5B", game=tie).exit_code == 0
    assert cli("choose", "Tower", game=tie).exit_code == 0
    assert cli("market", "7C", game=tie).exit_code == 0
    text = tie.read_text()
    assert old + "\n" in text
    tie.write_text(text.replace(old + "\n", new + "\n", 1))
    key = old.split()[0]
    out = refused(cli, tie, "status", "--json", code=4)
    assert f"snapshot.{key} is {new.split()[-1]}" in out
    result = cli("check", game=tie)
    assert result.exit_code == 4 and f"snapshot.{key}" in result.output


# ----- undone moves from a script or a position -------------------------------------------------
def test_play_refuses_a_script_whose_undone_moves_cannot_be_redone(cli, tmp_path):
    src = tmp_path / "s.toml"
    src.write_text(script(TIE, undone=["place 5B", "buy Tower=9"]))
    game = tmp_path / "g.toml"
    checked = cli("check", src)
    assert checked.exit_code == 4 and "undone move 2 `buy Tower=9`" in checked.output
    for args in (["play", src], ["play", "--check", src]):
        result = cli(*args, game=game)
        assert result.exit_code == 4, result.output
        assert "undone move 2 `buy Tower=9` can't be redone" in result.output
        assert not game.exists()


def test_play_keeps_undone_moves_that_can_be_redone(cli, tmp_path):
    src = tmp_path / "s.toml"
    src.write_text(script(TIE, undone=["place 5B", "choose Tower"]))
    game = tmp_path / "g.toml"
    assert cli("play", src, game=game).exit_code == 0
    assert cli("status", "--json", game=game).exit_code == 0
    result = cli("redo", "2", game=game)
    assert result.exit_code == 0 and "Tower survives" in result.output


POSITION = """
format = 1
players = ["Ann", "Ben"]
{undone}
[position]
next = "Ann"
bag = 74
[position.chains]
Tower = ["1A", "2A", "3A", "4A", "5A", "6A", "7A", "8A", "9A", "10A", "11A"]
Luxor = ["1C", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "11C"]
[position.cash]
Ann = 6000
Ben = 6000
[position.shares]
Ann = {{ Tower = 2 }}
"""


def test_new_from_a_position_whose_undone_moves_cannot_be_redone_writes_nothing(cli, tmp_path):
    pos = tmp_path / "pos.toml"
    pos.write_text(POSITION.format(undone='undone = ["buy"]'))
    game = tmp_path / "g.toml"
    assert cli("check", pos).exit_code == 4
    result = cli("new", "--from", pos, game=game)
    assert result.exit_code == 4 and "undone move 1 `buy` can't be redone" in result.output
    assert not game.exists()
    pos.write_text(POSITION.format(undone='undone = ["place 12I", "buy"]'))
    assert cli("new", "--from", pos, game=game).exit_code == 0
    assert cli("redo", "2", game=game).exit_code == 0


# ----- a defunct order given up front binds the survivor's choice (R5.2, R5.3) -------------------
def test_order_naming_every_tied_chain_is_refused(cli, tie):
    out = refused(cli, tie, "place", "5B", "--order", "Tower,Luxor", code=3)
    assert "one of them survives (R5.2)" in out


def test_a_chain_given_as_defunct_cannot_then_survive(cli, tie):
    result = cli("place", "5B", "--order", "Luxor", game=tie)
    assert result.exit_code == 0, result.output
    assert cli.json("status", game=tie)["pending"]["options"] == ["Tower"]
    out = refused(cli, tie, "choose", "Luxor", code=3)
    assert "--order Luxor, which makes Luxor defunct" in out
    result = cli("choose", "Tower", game=tie)
    assert result.exit_code == 0 and "Tower survives" in result.output


# ----- messages ------------------------------------------------------------------------------------
def test_an_export_over_a_folder_is_named_in_plain_english(cli, tie, tmp_path):
    (tmp_path / "pictures").mkdir()
    result = cli("status", "--html", tmp_path / "pictures", game=tie)
    assert result.exit_code == 4
    assert "is a folder, not an export: only regular files are written over" in result.stderr
