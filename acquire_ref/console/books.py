"""The console's hold on one game file: the same books as the command line (DESIGN 2, 3, 6).

Every change goes through :class:`acquire_ref.files.session.GameFile`, the hold that ``play --append``,
``pipe`` and the library use: under the file's lock, the file is reloaded if another program
changed it, the move is verified and applied by :meth:`Game.apply`, and the whole file is written
atomically with the version check, so a game file written by the console is byte-identical to one
written by the command line, and a move made by a CLI command meanwhile is neither lost nor
overwritten. Between changes :meth:`Books.refresh` notices (by the file's stat) that another
program changed the file and reloads it. What the console adds is that nothing here raises: a
problem becomes :attr:`Books.error`, and the last good game stays on screen.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from acquire_ref.engine.errors import AcquireError
from acquire_ref.engine.events import Event
from acquire_ref.engine.game import Game, LogEntry
from acquire_ref.engine.moves import Move
from acquire_ref.files.record import Record
from acquire_ref.files.session import GameFile
from acquire_ref.files.storage import Stamp, stamp

T = TypeVar("T")

LOCK_WAIT = 2.0
"""Seconds the console waits for another command's lock before saying the file is locked."""


class Books:
    """The game kept in the file at ``path``.

    ``game`` is the game as last read or written (None while the file has never been read),
    ``error`` the last problem in words (a locked, missing or broken file, an illegal move; None
    when the last action went well), ``notices`` what loading said (a rebuilt snapshot). Methods
    that change the file raise nothing: they return the events (or entry) and set ``error``.
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.handle: GameFile | None = None
        self.broken: Stamp | None = None
        """The stat of the file when it last could not be read (None while the last read went
        well): the one thing the console keeps beside :class:`GameFile`'s own version, so that a
        broken file is not read again until it changes."""
        self.error: str | None = None
        self.load()

    @property
    def game(self) -> Game | None:
        """The game as last read or written; None until the file could be read once."""
        return self.handle.game if self.handle is not None else None

    @property
    def record(self) -> Record | None:
        """The record :attr:`game` was replayed from (its setup and the moves taken back)."""
        return self.handle.record if self.handle is not None else None

    @property
    def notices(self) -> list[str]:
        """What the last load said about the file (a snapshot rebuilt after a hand edit)."""
        return self.handle.notices if self.handle is not None else []

    def load(self) -> bool:
        """Read the file again; True when it could be read (else ``error`` says why and the last
        good ``game`` is kept on screen)."""
        try:
            handle = GameFile.open(self.path)
        except AcquireError as exc:
            self.error = str(exc)
            self.broken = stamp(self.path)
            return False
        handle.lock_wait = LOCK_WAIT
        self.handle, self.broken, self.error = handle, None, None
        return True

    def _changed(self) -> bool:
        """Whether the file is no longer what was last read (or last failed to read)."""
        now = stamp(self.path)
        if self.broken is not None or self.handle is None:
            return now != self.broken
        return self.handle.stamp is None or now != self.handle.stamp

    def refresh(self) -> bool:
        """Reload when another program changed the file since it was read (its stat differs);
        True when something changed (a new game, or a new problem to show)."""
        if not self._changed():
            return False
        self.load()
        return True

    def _held(self) -> GameFile:
        """The hold on the file, opened now if it could never be read before."""
        if self.handle is None and not self.load():
            raise _Unreadable
        assert self.handle is not None
        return self.handle

    def _failed(self, exc: AcquireError) -> None:
        """Say why a change was refused, and show the file as it is: reloaded when another program
        changed it, or when a failed write left the game in memory ahead of the file (then a
        broken file's own problem is what is shown)."""
        readable = self.load() if self._changed() else True
        if readable:
            from acquire_ref.engine.errors import IllegalMoveError
            from acquire_ref.viewers.views import refusal

            said = refusal(self.handle.game, exc) if isinstance(exc, IllegalMoveError) and self.handle else str(exc)
            from acquire_ref.language import _

            self.error = said.replace("`redo`", _("redo (Ctrl+Y)")).replace("`undo`", _("undo (Ctrl+Z)"))

    def _change(self, act: Callable[[GameFile], T]) -> T | None:
        """Do ``act`` on the hold on the file; its result, or None with ``error`` set (a file that
        can't be read, a refused move, a locked file: nothing written)."""
        try:
            done = act(self._held())
        except _Unreadable:
            return None
        except AcquireError as exc:
            self._failed(exc)
            return None
        assert self.handle is not None
        self.broken, self.error = None, None
        return done

    def apply(self, move: Move) -> list[Event] | None:
        """Make ``move`` as ``acquire-ref`` does: lock, reload if changed, :meth:`Game.apply`, atomic
        write with the version check. Returns its events, or None with ``error`` set (nothing written)."""
        return self._change(lambda handle: handle.apply(move))

    def change_record(self, change: Callable[[Record, Game], T]) -> T | None:
        """Change what the file keeps besides the moves (a bot seat's tiles) as
        :meth:`~acquire_ref.files.session.GameFile.change_record` does; its result, or None with
        ``error`` set (nothing written)."""
        return self._change(lambda handle: handle.change_record(change))

    def undo(self) -> LogEntry | None:
        """Take back the last move, as ``acquire-ref undo`` does (kept for :meth:`redo`); returns
        the entry taken back, or None with ``error`` set."""
        taken = self._change(lambda handle: handle.undo(1))
        return taken[-1] if taken else None

    def redo(self) -> LogEntry | None:
        """Put back the last move taken back, as ``acquire-ref redo`` does; returns its entry, or
        None with ``error`` set."""
        back = self._change(lambda handle: handle.redo(1))
        return back[-1] if back else None

    @property
    def can_redo(self) -> bool:
        """True when moves taken back by undo can be put back."""
        return bool(self.record and self.record.undone)


class _Unreadable(Exception):
    """The file could not be read at all: :attr:`Books.error` already says why."""
