"""The one game a server holds (web/holder.py, DESIGN 7, 9): read once per change another
program makes, never after its own move, not read again while a broken file stays as it is, and
refusing a move while the file can't be read."""

from __future__ import annotations

import anyio
import pytest

from acquire_ref.engine.errors import GameFileError, IllegalMoveError
from acquire_ref.files.record import Record
from acquire_ref.files.session import GameFile
from acquire_ref.web.holder import GameHolder


@pytest.fixture
def path(tmp_path):
    made = tmp_path / "g.toml"
    GameFile.create(made, Record(["Ann", "Ben", "Cat"], moves=["start 3C 9A 1B"]))
    return made


def test_the_file_is_read_once_per_outside_change_and_never_after_the_holders_own_move(path):
    holder = GameHolder(path)

    async def run() -> list[tuple[int, int, int]]:
        seen = []
        for _ in range(3):
            await holder.current()
        seen.append((holder.version, holder.reads, len(holder.game.moves)))
        await holder.change(lambda handle: handle.apply_all(["place 7G"]))  # Ben's lone tile, written
        await holder.current()
        seen.append((holder.version, holder.reads, len(holder.game.moves)))
        GameFile.open(path).apply("place 12I")  # another program: Cat's (nothing to buy, R6.2)
        await holder.current()
        await holder.current()
        seen.append((holder.version, holder.reads, len(holder.game.moves)))
        return seen

    assert anyio.run(run) == [(1, 1, 1), (2, 1, 2), (3, 2, 3)]
    assert [str(m) for m in GameFile.open(path).game.moves] == ["start 3C 9A 1B", "place 7G", "place 12I"]


def test_a_refused_move_changes_nothing_and_is_no_new_version(path):
    holder = GameHolder(path)
    before = path.read_bytes()

    async def run() -> tuple[int, str]:
        await holder.current()
        added, error = await holder.change(lambda handle: handle.apply_all(["place 3C"]))  # 3C is on the board
        assert added == 0 and isinstance(error, IllegalMoveError)
        return holder.version, str(error)

    version, said = anyio.run(run)
    assert version == 1 and "3C" in said and path.read_bytes() == before


def test_a_broken_file_is_read_again_only_once_it_changes_and_refuses_a_move(path):
    sound = path.read_bytes()
    path.write_text("format = 1\nplayers = [", encoding="utf-8")
    holder = GameHolder(path)

    async def broken() -> None:
        for _ in range(3):
            await holder.current()
        with pytest.raises(GameFileError):
            await holder.change(lambda handle: handle.apply_all(["place 4C"]))

    anyio.run(broken)
    assert holder.game is None and holder.reads == 1 and str(path) in holder.error
    path.write_bytes(sound)
    anyio.run(holder.current)
    assert holder.reads == 2 and holder.error == "" and holder.game is not None and holder.game.player == "Ben"
