"""The console's hold on one game file: the same books as the command line (DESIGN 2, 3, 6).

Every change is made the way ``acquire-ref place`` / ``undo`` / ``redo`` make it: take the file's
lock, load and replay the file as it is now, apply the move through :meth:`Game.apply` (which
verifies it first), and write the whole file atomically with the version check
(:func:`acquire_ref.storage.write_atomic` with ``expect``), so a game file written by the console
is byte-identical to one written by the command line, and a move made by a CLI command meanwhile
is neither lost nor overwritten. Between changes :meth:`Books.refresh` notices (by the file's
stat) that another program changed the file and reloads it.
"""

from __future__ import annotations

from pathlib import Path

from acquire_ref.errors import AcquireError
from acquire_ref.events import Event
from acquire_ref.game import Game, LogEntry
from acquire_ref.moves import Move
from acquire_ref.record import Record, to_toml
from acquire_ref.storage import Stamp, load_stamped, locked, stamp, write_atomic

LOCK_WAIT = 2.0
"""Seconds the console waits for another command's lock before saying the file is locked."""


class Books:
    """The game kept in the file at ``path``.

    ``game`` is the game as last read or written (None while the file can't be read), ``error``
    the last problem in words (a locked, missing or broken file, an illegal move; None when the
    last action went well), ``notices`` what loading said (a rebuilt snapshot). Methods that
    change the file raise nothing: they return the events (or entries) and set ``error``.
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.game: Game | None = None
        self.record: Record | None = None
        self.version: Stamp | None = None
        self.error: str | None = None
        self.notices: list[str] = []
        self.load()

    def load(self) -> bool:
        """Read the file again; True when it could be read (else ``error`` says why and the last
        good ``game`` is kept on screen)."""
        try:
            game, record, notices, version = load_stamped(self.path)
        except AcquireError as exc:
            self.error = str(exc)
            self.version = stamp(self.path)
            return False
        self.game, self.record, self.notices, self.version = game, record, notices, version
        self.error = None
        return True

    def refresh(self) -> bool:
        """Reload when another program changed the file since it was read (its stat differs);
        True when something changed (a new game, or a new problem to show)."""
        if stamp(self.path) == self.version:
            return False
        self.load()
        return True

    def apply(self, move: Move) -> list[Event] | None:
        """Make ``move`` as ``acquire-ref`` does: lock, load, :meth:`Game.apply`, atomic write with
        the version check. Returns its events, or None with ``error`` set (nothing written)."""
        try:
            with locked(self.path, LOCK_WAIT):
                game, record, notices, version = load_stamped(self.path)
                record.undone = []  # a new move: what undo took back can't be redone any more
                events = game.apply(move)
                write_atomic(self.path, to_toml(record, game), expect=version)
        except AcquireError as exc:
            self.error = str(exc)
            self.refresh()
            return None
        self.game, self.record, self.notices, self.version = game, record, notices, stamp(self.path)
        self.error = None
        return events

    def undo(self) -> LogEntry | None:
        """Take back the last move, as ``acquire-ref undo`` does (kept for :meth:`redo`); returns
        the entry taken back, or None with ``error`` set."""
        try:
            with locked(self.path, LOCK_WAIT):
                game, record, notices, version = load_stamped(self.path)
                earlier = record.undo(game, 1, str(self.path))
                write_atomic(self.path, to_toml(record, earlier), expect=version)
        except AcquireError as exc:
            self.error = str(exc)
            self.refresh()
            return None
        self.game, self.record, self.notices, self.version = earlier, record, notices, stamp(self.path)
        self.error = None
        return game.log[-1]

    def redo(self) -> LogEntry | None:
        """Put back the last move taken back, as ``acquire-ref redo`` does; returns its entry, or
        None with ``error`` set."""
        try:
            with locked(self.path, LOCK_WAIT):
                game, record, notices, version = load_stamped(self.path)
                record.redo(game, 1, str(self.path))
                write_atomic(self.path, to_toml(record, game), expect=version)
        except AcquireError as exc:
            self.error = str(exc).replace("`redo`", "redo (Ctrl+Y)").replace("`undo`", "undo (Ctrl+Z)")
            self.refresh()
            return None
        self.game, self.record, self.notices, self.version = game, record, notices, stamp(self.path)
        self.error = None
        return game.log[-1]

    @property
    def can_redo(self) -> bool:
        """True when moves taken back by undo can be put back."""
        return bool(self.record and self.record.undone)
