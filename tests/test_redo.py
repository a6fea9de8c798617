"""`redo [N]` after `undo`: the moves taken back are kept in the game file (`undone`) until
another move is made, and are checked like moves."""

from __future__ import annotations

from pathlib import Path

import pytest

from acquire_ref.files.record import Record
from tests.helpers import ROOT, Cli

cli = Cli()


def run(path: Path, *args: str):
    return cli(*["--game", str(path), *args])


@pytest.fixture
def game(tmp_path) -> Path:
    path = tmp_path / "g.toml"
    for args in (["new", "Ann", "Ben", "Cat"], ["start", "1A", "5E", "9I"], ["place", "2A", "--found", "Tower"],
                 ["buy", "Tower=2"], ["place", "6E", "--found", "Luxor"]):
        assert run(path, *args).exit_code == 0, args
    return path


def test_redo_puts_back_what_undo_took_back_in_separate_commands(game):
    before = game.read_bytes()
    result = run(game, "undo", "3")
    assert result.exit_code == 0 and "`acquire-ref redo 3` puts them back" in result.output
    assert Record.loads(game.read_text()).undone == ["place 2A --found Tower", "buy Tower=2", "place 6E --found Luxor"]
    result = run(game, "redo")
    assert result.exit_code == 0 and "Redid move 2 (turn 1, Ann): place 2A --found Tower" in result.output
    assert "Next: Ann may buy" in result.output
    assert run(game, "redo", "2").exit_code == 0
    assert game.read_bytes() == before  # the same moves, the same file: no `undone` left


def test_another_move_ends_what_can_be_redone(game):
    assert run(game, "undo").exit_code == 0
    assert run(game, "place", "12A").exit_code == 0
    assert "undone" not in game.read_text()
    before = game.read_bytes()
    result = run(game, "redo")
    assert result.exit_code == 3 and "nothing to redo" in result.output
    assert game.read_bytes() == before


def test_redo_more_than_was_taken_back_is_refused(game):
    assert run(game, "undo", "2").exit_code == 0
    result = run(game, "redo", "3")
    assert result.exit_code == 3 and "only 2 taken back" in result.output


def test_undone_moves_are_checked_like_moves(game):
    assert run(game, "undo", "2").exit_code == 0
    game.write_text(game.read_text().replace('"buy Tower=2"', '"buy Tower=9"'))
    result = run(game, "check")
    assert result.exit_code == 4
    assert "undone move 1 `buy Tower=9` can't be redone" in result.output and "R6.1" in result.output
    assert "delete the `undone` list" in result.output


def test_the_file_page_documents_undone():
    page = (ROOT / "man" / "acquire-ref.5").read_text()
    assert ".BR undone" in page and "acquire-ref redo" in page


def test_undo_is_one_rule_for_the_command_line_and_the_library(tmp_path):
    """Undo moves the last moves to the front of `undone` and replays the rest, the same whether the
    command line or the library takes them back; nothing is taken back from a game without moves."""
    from acquire_ref import IllegalMoveError, load

    a, b = tmp_path / "a.toml", tmp_path / "b.toml"
    for path in (a, b):
        for args in (["new", "Ann", "Ben", "Cat"], ["start", "1A", "5E", "9I"], ["place", "2A", "--found", "Tower"],
                     ["buy"]):
            assert cli(*args, game=path).exit_code == 0
    assert cli("undo", "2", game=a).exit_code == 0
    handle = load(b)
    taken = handle.undo(2)
    assert [str(e.move) for e in taken] == ["place 2A --found Tower", "buy"]
    assert a.read_bytes() == b.read_bytes()
    empty = tmp_path / "empty.toml"
    assert cli("new", "Ann", "Ben", game=empty).exit_code == 0
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        load(empty).undo(1)
