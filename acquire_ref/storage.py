"""Game files on disk: read, lock, write atomically, and what may be written where (DESIGN 3).

Game files, scripts, position files and rulesets are read, and game files written, through this
module; :mod:`acquire_ref.record` turns the text into a game and back without touching the disk.
(Pictures exported with ``--svg``/``--html`` are written by rich, after :func:`refuse_export_over`.)
This module imports nothing of the engine at module level: :func:`load_game` and :func:`inspect`
are thin bridges that read a file and hand its text to :mod:`acquire_ref.record`.

The write rules:

- a game file is replaced atomically (a temporary file in the same folder, ``fsync``,
  ``os.replace``) while holding ``PATH.lock``, and the temporary file is removed on every way out,
  a Ctrl-C included (:func:`write_atomic`, :func:`locked`);
- ``new`` and ``play`` do not replace an existing file without ``--force``
  (:func:`refuse_overwrite`);
- an ``--svg``/``--html`` export never writes over the game file or its lock (:func:`refuse_export_over`);
- ``simulate --out`` writes into an existing folder only (:func:`output_folder`).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING

from acquire_ref.errors import GameBusyError, GameFileError, NotationError

if TYPE_CHECKING:
    from acquire_ref.game import Game
    from acquire_ref.record import Inspection, Record

LOCK_TIMEOUT: float | None = None
"""Seconds a command waits for another command's lock on the same game file before exit 5;
None reads the environment variable ``ACQUIRE_LOCK_TIMEOUT`` (default 10)."""

MAX_FILE_BYTES = 64 * 1024 * 1024
"""The largest file read as a game file, script, position or ruleset (64 MiB)."""


def lock_timeout() -> float:
    """The lock timeout in seconds: :data:`LOCK_TIMEOUT`, else ``$ACQUIRE_LOCK_TIMEOUT``, else 10.

    Raises :class:`NotationError` (exit 2) for a value that is not a finite number of seconds, 0 or more.
    """
    import math

    if LOCK_TIMEOUT is not None:
        return LOCK_TIMEOUT
    text = os.environ.get("ACQUIRE_LOCK_TIMEOUT", "10")
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0:
        raise NotationError(f"ACQUIRE_LOCK_TIMEOUT is {text!r}: give a number of seconds, 0 or more, e.g. 10")
    return value


def game_path(path: Path) -> Path:
    """The game file to work on: ``path``, or the file a symbolic link at ``path`` points to, so
    that the atomic write replaces the target and keeps the link (DESIGN 2, ``--game``).

    Raises :class:`NotationError` (exit 2) for an empty name.
    """
    if str(path).strip() in ("", "."):
        raise NotationError("--game needs a file name, e.g. --game acquire.toml")
    path = Path(path)
    try:
        return Path(os.path.realpath(path)) if path.is_symlink() else path
    except OSError:
        return path


def file_exists(path: Path) -> bool:
    """True when ``path`` exists (a dangling symbolic link counts).

    Raises :class:`GameFileError` (exit 4) when its folder can't be searched.
    """
    try:
        return Path(path).exists() or Path(path).is_symlink()
    except OSError as exc:
        raise GameFileError(f"{path}: can't look at it: {exc.strerror}") from None


def read_text(path: Path, what: str = "game file") -> str:
    """A regular file's text, decoded as UTF-8 (without a byte-order mark), at most
    :data:`MAX_FILE_BYTES` bytes.

    ``what`` names the kind of file in messages (game file, script, position file, ruleset file).
    Raises :class:`GameFileError` (exit 4) when the file is missing, a folder, a pipe or device,
    too large, unreadable or not UTF-8.
    """
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError
        if not stat.S_ISREG(info.st_mode):
            raise GameFileError(f"{path} is not a regular file (a pipe or a device?): give a {what}")
        if info.st_size > MAX_FILE_BYTES:
            raise GameFileError(f"{path} is {info.st_size:,} bytes: too large for a {what} (at most {MAX_FILE_BYTES:,})")
        data = Path(path).read_bytes()
        if data.startswith(b"\xef\xbb\xbf"):
            raise GameFileError(f"{path} starts with a byte-order mark: save it as UTF-8 without BOM")
        return data.decode("utf-8")
    except FileNotFoundError:
        hints = {"game file": " (start one with `acquire-ref new PLAYER...`)",
                 "game file or script": ": check reads a game file, or a game script for `acquire-ref play`"}
        hint = hints.get(what, "")
        raise GameFileError(f"{path}: no such {what}{hint}") from None
    except IsADirectoryError:
        raise GameFileError(f"{path} is a folder, not a game file") from None
    except UnicodeDecodeError as exc:
        raise GameFileError(f"{path} is not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise GameFileError(f"{path}: can't read it: {exc.strerror}") from None


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8, ``\\n`` line ends) to ``path`` so that a crash leaves the old file or
    the new one, never a torn one (DESIGN 3).

    A temporary file ``.NAME.xxxx.tmp`` in the same folder is written, flushed to disk and renamed
    over ``path``; an existing file's permissions are kept, a new file gets ``0o666`` less the
    umask. The temporary file is removed on every way out that does not rename it: an error, and
    also a ``KeyboardInterrupt`` or ``SystemExit``, which propagate unchanged.

    Raises :class:`GameFileError` (exit 4) when ``path`` is read-only, its folder is missing or
    can't be written, or the write fails (disk full); ``path`` is then unchanged.
    """
    import tempfile  # only commands that write pay for it

    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        mode = path.stat().st_mode & 0o777 if path.exists() else None
        if mode is not None and not mode & 0o222:
            raise GameFileError(f"{path} is read-only (its permissions are {mode:o}): make it writable to go on")
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except FileNotFoundError:
        raise GameFileError(f"{path}: the folder {folder} does not exist") from None
    except OSError as exc:
        raise GameFileError(f"{path}: can't write in {folder}: {exc.strerror}") from None
    renamed = False
    try:
        try:
            fh = os.fdopen(fd, "w", encoding="utf-8", newline="\n")
        except BaseException:
            os.close(fd)
            raise
        with fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
        renamed = True
    except OSError as exc:
        state = "it is unchanged" if mode is not None else "nothing was written"
        raise GameFileError(f"{path}: can't write the game file: {exc.strerror}; {state}") from None
    finally:
        if not renamed:
            with suppress(OSError):
                os.unlink(tmp)


@contextmanager
def locked(path: Path, timeout: float | None = None) -> Iterator[None]:
    """Hold the game file's lock (``PATH.lock``, a :mod:`filelock` lock) for a read-change-write,
    so that two commands on one game file take turns (DESIGN 2, exit 5).

    ``timeout`` is in seconds (default :func:`lock_timeout`). Raises :class:`GameBusyError`
    (exit 5) when another command holds the lock that long, and :class:`GameFileError` (exit 4)
    when the lock can't be made (missing or read-only folder).
    """
    from filelock import FileLock, Timeout

    folder = Path(path).parent
    if not folder.is_dir():
        raise GameFileError(f"{path}: the folder {folder} does not exist")
    lock = FileLock(str(path) + ".lock", timeout=lock_timeout() if timeout is None else timeout)
    try:
        lock.acquire()
    except Timeout:
        raise GameBusyError(f"{path} is locked by another acquire-ref command; try again when it has finished") from None
    except OSError as exc:
        raise GameFileError(f"{path}: can't lock the game file: {exc.strerror}") from None
    try:
        yield
    finally:
        lock.release()


def refuse_overwrite(path: Path, force: bool) -> None:
    """``new`` and ``play`` replace an existing game file only with ``--force`` (DESIGN 2).

    Raises :class:`NotationError` (exit 2) when ``path`` exists and ``force`` is false, and
    :class:`GameFileError` (exit 4) when its folder can't be searched.
    """
    if file_exists(path) and not force:
        raise NotationError(f"{path} already exists: use --force to replace it, or --game to name another file")


def refuse_export_over(target: Path, game_file: Path) -> None:
    """An ``--svg``/``--html`` export never writes over the game file or its lock.

    Both paths are compared resolved (symbolic links followed). Raises :class:`NotationError`
    (exit 2) when ``target`` is one of them.
    """
    game = game_file.resolve()
    if target.resolve() in (game, Path(str(game) + ".lock")):
        raise NotationError(f"--svg/--html {target} is the game file: name another file for the picture")


def output_folder(folder: Path) -> Path:
    """The folder ``simulate --out`` writes its game files into: it must exist already.

    Returns ``folder``; raises :class:`GameFileError` (exit 4) when it is missing or not a folder.
    """
    if not folder.is_dir():
        raise GameFileError(f"--out {folder}: " + ("not a folder" if folder.exists() else "no such folder"))
    return folder


def inspect(path: Path, text: str | None = None, what: str = "game file") -> Inspection:
    """Validate the game file or script at ``path`` without changing it (``check``): read it
    (unless ``text`` is given) and hand it to :func:`acquire_ref.record.examine`.

    Returns an :class:`~acquire_ref.record.Inspection`; a file that can't be read is one problem
    in it, not an exception. ``what`` names the kind of file expected (see :func:`read_text`):
    ``check FILE`` reads a game file or a script.
    """
    from acquire_ref.record import Inspection, examine

    try:
        text = read_text(path, what) if text is None else text
    except GameFileError as exc:
        return Inspection(None, None, [str(exc)], [])
    return examine(text, str(path), game_file=what == "game file")


def load_game(path: Path) -> tuple[Game, Record, list[str]]:
    """Read, validate and replay the game file at ``path`` (DESIGN 3).

    Returns ``(game, record, notices)``. When the snapshot's digest no longer matches the setup
    and moves (the log was edited by hand), the snapshot is ignored and rebuilt on the next write,
    with a notice. When the digest matches but a value differs, the snapshot itself was edited:
    :class:`GameFileError` (exit 4) names each field and both values. Also raises it for a missing,
    unreadable or corrupt file, or a move log that no longer replays, listing every problem.
    """
    found = inspect(path)
    if found.problems or found.game is None or found.record is None:
        problems = found.problems
        if len(problems) == 1:
            raise GameFileError(problems[0])
        raise GameFileError(f"{path} has {len(problems)} problems (edited by hand?):\n  " + "\n  ".join(problems))
    return found.game, found.record, found.notices
