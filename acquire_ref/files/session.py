"""A game file held open by a program: the game, the record it came from, and the version read.

:class:`GameFile` is the one way a game file is changed: the CLI's moves, ``undo``, ``redo``,
``play`` and ``play --append``, ``pipe``, the console and the library's :func:`acquire_ref.load`
share it, and :meth:`GameFile.create` is the one way a new game file is made. Each change goes
through :mod:`acquire_ref.files.storage` (DESIGN 3): under the game file's lock, the file is reloaded
first when another program changed it since it was read (its :data:`~acquire_ref.files.storage.Stamp`
differs), the move is verified and applied, and the file is replaced atomically with ``expect``
set to the version just read, so that nothing another program wrote is overwritten.

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> handle = GameFile.create(folder / "g.toml", Record(["Ann", "Ben", "Cat"]))
>>> from acquire_ref.words.events import told
>>> told(handle.apply("start 3C 9A 1B")[-1])[:43]
'Ben goes first: start tile 9A is closest to'
>>> GameFile.open(folder / "g.toml").game.player
'Ben'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from acquire_ref.engine.errors import AcquireError, IllegalMoveError
from acquire_ref.files.record import Record, to_toml
from acquire_ref.language import _
from acquire_ref.viewers.views import PUBLIC as PUBLIC_VIEWER
from acquire_ref.viewers.views import Viewer

if TYPE_CHECKING:
    from acquire_ref.engine.events import Event
    from acquire_ref.engine.game import Game, LogEntry
    from acquire_ref.engine.moves import Move
    from acquire_ref.files.storage import Stamp


T = TypeVar("T")


class GameFile:
    """The game in the file at ``path``: ``game`` (a :class:`~acquire_ref.engine.game.Game`), the
    ``record`` it was replayed from (its setup, for writing it back), the ``stamp`` of the version
    read, and the ``notices`` of the last load (a snapshot rebuilt after a hand edit).

    Changing ``game`` yourself (``handle.game.apply(move)``) is allowed: :meth:`save` then writes it.
    ``lock_wait`` is how many seconds a change waits for another program's lock (None: the
    default of :func:`acquire_ref.files.storage.lock_timeout`).
    """

    def __init__(self, path: Path, game: Game, record: Record, stamp: Stamp | None, notices: list[str]) -> None:
        self.path = Path(path)
        self.game = game
        self.record = record
        self.stamp = stamp
        self.notices = notices
        self.lock_wait: float | None = None
        self.viewer: Viewer = PUBLIC_VIEWER
        """Whom :meth:`status`, :meth:`log`, :meth:`legal`, :meth:`score` and :meth:`refusal` are
        for (R10.3): the public unless set (``Viewer.parse(handle.game, "Ann")``, or ``load(path, "Ann")``)."""

    @classmethod
    def open(cls, path: Path | str, locked: bool = False) -> GameFile:
        """Read, check and replay the game file at ``path`` (:func:`acquire_ref.files.storage.load_stamped`);
        with ``locked``, under the file's lock, as a command that is about to change it does (so
        that a lock that can't be taken is what it reports, before anything is read).

        Raises :class:`~acquire_ref.engine.errors.GameFileError` (exit 4) for a missing, corrupt or
        inconsistent file, and with ``locked`` what :func:`acquire_ref.files.storage.locked` raises.
        """
        from acquire_ref.files.storage import load_stamped
        from acquire_ref.files.storage import locked as lock

        if locked:
            with lock(Path(path)):
                return cls.open(path)
        game, record, notices, stamp = load_stamped(Path(path))
        return cls(Path(path), game, record, stamp, notices)

    @classmethod
    def create(cls, path: Path | str, record: Record, game: Game | None = None, force: bool = False) -> GameFile:
        """The one way a new game file is made: ``record`` (and ``game``, the record replayed,
        when the caller has it already) written at ``path`` under its lock, atomically. An
        existing file is replaced only with ``force``, and only a regular file (DESIGN 3).

        Raises :class:`~acquire_ref.engine.errors.NotationError` (exit 2) when ``path`` exists and
        ``force`` is false, :class:`~acquire_ref.engine.errors.GameFileError` (exit 4) when it is a
        folder, pipe or device or can't be written, and what :meth:`Record.replay_whole` raises.
        A record without ``played`` is dated today (the local date: the game starts now, T6).
        """
        from datetime import date

        from acquire_ref.files.storage import locked, refuse_overwrite, stamp, write_atomic

        game = record.replay_whole() if game is None else game
        if record.played is None:
            record.played = date.today()
        with locked(Path(path)):
            refuse_overwrite(Path(path), force)
            write_atomic(Path(path), to_toml(record, game))
            return cls(Path(path), game, record, stamp(Path(path)), [])

    # ----- what the game's viewer may read (R10.3) ---------------------------------------------
    def status(self) -> dict[str, Any]:
        """The ``status --json`` document for :attr:`viewer` (:func:`acquire_ref.viewers.views.status`)."""
        from acquire_ref.viewers import views

        return views.status(self.game, self.viewer)

    def log(self) -> list[dict[str, Any]]:
        """The ``log --json`` document for :attr:`viewer`: the history of R10.1 (:func:`acquire_ref.viewers.views.log`)."""
        from acquire_ref.viewers import views

        return views.log(self.game, self.viewer)

    def legal(self) -> list[str]:
        """The legal moves in notation as :attr:`viewer` may know them (:func:`acquire_ref.viewers.views.legal`)."""
        from acquire_ref.viewers import views

        return [str(m) for m in views.legal(self.game, self.viewer)]

    def score(self) -> dict[str, Any]:
        """The ``score --json`` document; raises :class:`~acquire_ref.engine.errors.IllegalMoveError` while
        holdings are hidden from :attr:`viewer` (:func:`acquire_ref.viewers.views.score`)."""
        from acquire_ref.viewers import views

        return views.score(self.game, self.viewer)

    def refusal(self, error: AcquireError) -> str:
        """Why ``error`` refused a move, as :attr:`viewer` may read it (:func:`acquire_ref.viewers.views.refusal`)."""
        from acquire_ref.engine.errors import IllegalMoveError
        from acquire_ref.viewers import views

        return views.refusal(self.game, error, self.viewer) if isinstance(error, IllegalMoveError) else str(error)

    def refresh(self) -> bool:
        """Reload the file when it is no longer the version read (another program changed it).
        Returns True when it was reloaded. Raises what :meth:`open` raises."""
        from acquire_ref.files.storage import load_stamped, stamp

        if self.stamp is not None and stamp(self.path) == self.stamp:
            return False
        self.game, self.record, self.notices, self.stamp = load_stamped(self.path)
        return True

    def _write(self) -> None:
        """Write the game under the lock already held; on failure the next change reloads."""
        from acquire_ref.files.storage import stamp, write_atomic

        try:
            write_atomic(self.path, to_toml(self.record, self.game), expect=self.stamp)
        except BaseException:
            self.stamp = None  # what is in memory is not what is on disk: reload before the next change
            raise
        self.stamp = stamp(self.path)

    def save(self) -> None:
        """Write :attr:`game` (with :attr:`record`'s setup) to the file, under its lock, atomically.

        Raises :class:`~acquire_ref.engine.errors.GameBusyError` (exit 5) when the file is locked, or was
        changed by another program since it was read (nothing is written: :meth:`open` it again),
        and :class:`~acquire_ref.engine.errors.GameFileError` (exit 4) when it can't be written.
        """
        from acquire_ref.files.storage import locked

        with locked(self.path, self.lock_wait):
            self._write()

    def change_record(self, change: Callable[[Record, Game], T]) -> T:
        """Change what the file keeps besides the moves (a bot seat's tiles, R10: the record's
        ``bots``) under the lock: reload the file when another program changed it, call
        ``change(record, game)``, and write it. Returns what ``change`` returns; what it raises
        writes nothing (the next change reloads). Raises what :meth:`save` raises."""
        from acquire_ref.files.storage import locked

        with locked(self.path, self.lock_wait):
            self.refresh()
            try:
                result = change(self.record, self.game)
            except BaseException:
                self.stamp = None  # the record may be half changed: reload before the next change
                raise
            self._write()
        return result

    def apply(self, move: Move | str) -> list[Event]:
        """Verify and apply one move (a :class:`~acquire_ref.engine.moves.Move` or its notation) and save
        it before returning its events; a move made clears what ``undo`` took back.

        Raises :class:`~acquire_ref.engine.errors.NotationError` (exit 2) for text that is not a move,
        :class:`~acquire_ref.engine.errors.IllegalMoveError` (exit 3) for a move the rules refuse (the
        file is then unchanged), and what :meth:`save` raises.
        """
        seat = self.viewer.seat if self.viewer.kind == "seat" else None
        added, error = self.apply_all([move], before=None if seat is None else _answered_by(seat))
        if error is not None:
            raise error
        return self.game.log[-1].events if added else []

    def apply_all(self, moves: Sequence[Move | str], all_or_nothing: bool = False,
                  before: Callable[[Game], None] | None = None) -> tuple[int, AcquireError | None]:
        """Apply ``moves`` in order under one lock, stopping at the first one refused.

        ``before``, when given, is called under the lock with the game as the file holds it, before
        any move: what it raises refuses every move and changes nothing (a seat's page checks there
        that the game is still the version it showed, DESIGN 9).

        Returns ``(added, error)``: how many were applied before the refusal (all of them when
        ``error`` is None), and the error that refused ``moves[added]``. The moves before a
        refused one are saved, unless ``all_or_nothing``: then the file and :attr:`game` are
        left as they were.
        Raises what :meth:`save` raises, and :meth:`open`'s errors when the file must be reloaded.
        """
        from acquire_ref.engine.moves import parse_move
        from acquire_ref.files.storage import locked

        with locked(self.path, self.lock_wait):
            self.refresh()
            if before is not None:
                before(self.game)
            start = len(self.game.moves)
            error: AcquireError | None = None
            for move in moves:
                try:
                    parsed = parse_move(move, self.game.edition) if isinstance(move, str) else move
                    self._not_a_bots_tile(parsed)
                    self.game.apply(parsed)
                except AcquireError as exc:
                    error = exc
                    break
            added = len(self.game.moves) - start
            if error is not None and all_or_nothing and added:
                self.stamp = None
                self.refresh()  # back to the file as it is
            elif added:
                self.record.undone = []
                self._write()
        return added, error

    def _not_a_bots_tile(self, move: Move) -> None:
        """Refuses (R2.4) a tile placed by a person at a real table when it was entered as drawn
        for a bot seat (``drew``): that tile sits in the bot's rack, not in the placer's. A person
        answering the bot's own decision for it may place it."""
        from acquire_ref.engine.moves import Place

        if not self.record.bots or not isinstance(move, Place) or self.game.supply.knows_racks:
            return
        who = self.game.pending.player
        for bot, seat in self.record.bots.items():
            drawn = seat.get("drawn", []) if isinstance(seat, dict) else []
            if bot != who and any(isinstance(d, dict) and d.get("tile") == str(move.tile) for d in drawn):
                raise IllegalMoveError(rule="R2.4", reason="bots_tile", tile=str(move.tile), bot=bot, who=who)

    def undo(self, n: int = 1, before: Callable[[Game], None] | None = None) -> list[LogEntry]:
        """Take back the last ``n`` moves (kept for ``redo`` until another move is made) and save.
        Returns the log entries taken back, earliest first. ``before``, as for :meth:`apply_all`,
        is called under the lock first: what it raises takes nothing back (a seat's own undo).

        Raises :class:`~acquire_ref.engine.errors.IllegalMoveError` (exit 3) when the game has fewer than
        ``n`` moves (or ``n`` is below 1), and what :meth:`save` raises.
        """
        from acquire_ref.files.storage import locked

        with locked(self.path, self.lock_wait):
            self.refresh()
            if before is not None:
                before(self.game)
            taken = self.game.log[len(self.game.log) - n:] if n >= 1 else []
            try:
                self.game = self.record.undo(self.game, n, str(self.path))
            except BaseException:
                self.stamp = None  # the record may be half changed: reload before the next change
                raise
            self._write()
        return taken

    def redo(self, n: int = 1) -> list[LogEntry]:
        """Put back the first ``n`` moves that :meth:`undo` took back, and save. Returns their
        log entries, earliest first.

        Raises :class:`~acquire_ref.engine.errors.IllegalMoveError` (exit 3) when fewer than ``n`` moves
        were taken back, :class:`~acquire_ref.engine.errors.GameFileError` (exit 4) when one no longer
        replays, and what :meth:`save` raises.
        """
        from acquire_ref.files.storage import locked

        with locked(self.path, self.lock_wait):
            self.refresh()
            try:
                self.record.redo(self.game, n, str(self.path))
            except BaseException:
                self.stamp = None  # the game may be half redone: reload before the next change
                raise
            self._write()
        return self.game.log[len(self.game.log) - n:]


def create_text(path: Path | str, text: str) -> None:
    """A new game file at ``path`` holding ``text``, a whole game file made elsewhere (``simulate
    --out``, whose games are played in worker processes): created exclusively, never over any
    file (:func:`acquire_ref.files.storage.write_new`). Raises :class:`~acquire_ref.engine.errors.NotationError`
    (exit 2) when ``path`` exists and :class:`~acquire_ref.engine.errors.GameFileError` (exit 4) when it
    can't be written."""
    from acquire_ref.files.storage import write_new

    write_new(Path(path), text)


def _answered_by(seat: str) -> Callable[[Game], None]:
    """The check that ``seat`` answers the pending decision (R10.3): a handle opened for a seat
    (``--as NAME``, a seat's pipe) makes that player's moves only. Raises
    :class:`~acquire_ref.engine.errors.IllegalMoveError` for another player's decision, a chance (the
    start tiles, the market's tile: typed by the referee) or a game that is over."""
    def check(game: Game) -> None:
        whose = game.pending.player
        if game.over or whose != seat:
            said = (_("--as {seat}: the game is over; a seat makes only its own moves (R10.3)") if game.over
                    else _("--as {seat}: the pending decision is {player}'s; a seat makes only its own moves (R10.3)") if whose
                    else _("--as {seat}: the pending decision is the table's, typed by the referee; a seat makes only its "
                           "own moves (R10.3)"))
            raise IllegalMoveError(said.format(seat=seat, player=whose), rule="R10.3")
    return check


def load(path: Path | str, viewer: str | None = None) -> GameFile:
    """The game file at ``path``, read and replayed: a :class:`GameFile` whose ``game`` is the
    :class:`~acquire_ref.engine.game.Game` and whose ``record`` keeps the setup for :func:`save`; its
    documents are for ``viewer`` (a player's name, ``"referee"``, or None: the public, R10.3).
    Raises :class:`~acquire_ref.engine.errors.GameFileError` (exit 4) for a missing or corrupt file, and
    :class:`~acquire_ref.engine.errors.NotationError` (exit 2) for a ``viewer`` who is no player."""
    handle = GameFile.open(path)
    handle.viewer = Viewer.parse(handle.game, viewer)
    return handle


def save(handle: GameFile) -> None:
    """Write ``handle.game`` back to its game file: :meth:`GameFile.save` (under the lock,
    atomically; :class:`~acquire_ref.engine.errors.GameBusyError` when another program changed the file
    since it was read)."""
    handle.save()
