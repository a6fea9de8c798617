"""The game file a server holds, once for all its routes (DESIGN 7, 9).

``serve`` and ``room`` hold the game file through one :class:`GameHolder`: one
:class:`~acquire_ref.files.session.GameFile` (the one write path: lock, version check, atomic write)
that the TV's board, the seats' pages and their write route, and the review all read. The file
is read and replayed once per change made by another program (its
:data:`~acquire_ref.files.storage.Stamp` differs from the version held), and not at all for a move
made from a seat: the move is applied to the game held and written, and every page follows
from the game in memory. A page asking at the same moment as a move waits for it (one lock per
event loop): it never reads a game a move is changing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from acquire_ref.engine.errors import AcquireError, GameFileError

if TYPE_CHECKING:
    from acquire_ref.engine.game import Game
    from acquire_ref.files.record import Record
    from acquire_ref.files.session import GameFile

T = TypeVar("T")

_NEVER = object()

LOCK_WAIT = 2.0
"""Seconds a move from a seat waits for another program's lock on the game file."""


class GameHolder:
    """The game file at ``path`` held for a server: :attr:`game` (None while the file can't be
    read, :attr:`error` then says why), :attr:`version` (counts the games held, from 1: each
    read and each change), :attr:`reads` (the times the file was read and replayed)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.handle: GameFile | None = None
        self.error = ""
        """Why the file can't be read ("" while it can)."""
        self.version = 0
        self.reads = 0
        self._refused: object = _NEVER
        """The stamp of the version last refused as unreadable: not read again until it changes."""
        self._locks: dict[Any, asyncio.Lock] = {}

    @property
    def game(self) -> Game | None:
        """The game held, or None while the file can't be read. Read it inside :meth:`held`."""
        return self.handle.game if self.handle is not None else None

    @property
    def record(self) -> Record | None:
        """The record of the game held (its setup), or None while the file can't be read."""
        return self.handle.record if self.handle is not None else None

    def lock(self) -> asyncio.Lock:
        """The lock of the running event loop (a lock serves one loop; a test's client may run
        several): whoever reads or changes the game holds it."""
        loop = asyncio.get_running_loop()
        found = self._locks.get(loop)
        if found is None:
            found = self._locks[loop] = asyncio.Lock()
            if len(self._locks) > 4:
                self._locks = {loop: found}
        return found

    def _stale(self) -> bool:
        """Whether the file is another version than the one held (a ``stat``, not a read)."""
        from acquire_ref.files.storage import stamp

        now = stamp(self.path)
        if self.handle is None:
            return now != self._refused
        return self.handle.stamp is None or now != self.handle.stamp

    def look(self) -> bool:
        """Read the file again if it is not the version held (another program changed it); True
        when it was read. A file that can't be read leaves :attr:`game` None and :attr:`error`
        saying why, and is read again only once it changes. Call it with :meth:`lock` held."""
        from acquire_ref.files.session import GameFile
        from acquire_ref.files.storage import stamp

        if not self._stale():
            return False
        self.reads += 1
        before = stamp(self.path)
        try:
            if self.handle is None:
                self.handle = GameFile.open(self.path)
                self.handle.lock_wait = LOCK_WAIT
            else:
                self.handle.refresh()
        except AcquireError as exc:
            self.handle, self.error, self._refused = None, str(exc), before
        else:
            self.error, self._refused = "", _NEVER
        self.version += 1
        return True

    async def current(self) -> int:
        """The :attr:`version` of the game held, the file read first if it changed (away from
        the event loop)."""
        async with self.lock():
            await self._current()
            return self.version

    async def _current(self) -> None:
        import anyio.to_thread

        if self._stale():
            await anyio.to_thread.run_sync(self.look)

    async def held(self, made: Callable[[int, Game | None], T], thread: bool = False) -> T:
        """``made(version, game)`` with the game held now (read first if the file changed), no
        move changing it meanwhile; in a worker thread with ``thread`` (a long piece of work)."""
        import anyio.to_thread

        async with self.lock():
            await self._current()
            if thread:
                return await anyio.to_thread.run_sync(made, self.version, self.game)
            return made(self.version, self.game)

    async def change(self, change: Callable[[GameFile], T]) -> T:
        """``change(handle)`` run in a worker thread, with no page reading the game meanwhile:
        the handle's :meth:`~acquire_ref.files.session.GameFile.apply_all` or
        :meth:`~acquire_ref.files.session.GameFile.undo` (each under the file's lock, reloading first
        if another program changed it) makes the move and writes it. :attr:`version` goes up
        when the game held changed. Raises :class:`~acquire_ref.engine.errors.GameFileError` while the
        file can't be read, and what ``change`` raises."""
        import anyio.to_thread

        async with self.lock():
            await self._current()
            handle = self.handle
            if handle is None:
                raise GameFileError(self.error)
            before = handle.stamp, handle.game, len(handle.game.moves)
            try:
                return await anyio.to_thread.run_sync(change, handle)
            finally:
                if (handle.stamp, handle.game, len(handle.game.moves)) != before:
                    self.version += 1
