"""The game file's lock (DESIGN 2): ``GAME.lock`` beside a game or event file, locked with the
operating system's own lock (``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows), which ends
when the lock is released, the file closed or the process gone, so no lock is ever left behind.

The lock file is opened without following a symbolic link (``O_NOFOLLOW``) and must be a regular
file: a link planted at its name, dangling or not, never makes the lock create or open a file
elsewhere. :func:`acquire_ref.files.storage.locked` is the one user; only the standard library is
imported (a write pays no lock library's import).
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from contextlib import suppress
from pathlib import Path

from acquire_ref.engine.errors import GameBusyError, GameFileError
from acquire_ref.files.wording import system_error
from acquire_ref.language import _

_FLAGS = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
"""Open flags of a lock file: a pipe put in its place never blocks the opening."""


def open_lock(path: Path, lock_file: Path) -> int:
    """The lock file ``lock_file`` of the game or event file ``path``, opened for locking (made
    when missing, mode 0666 less the umask), never through a symbolic link: a link at its name,
    dangling or not, is refused, so no file is ever made at a link's target. Returns the open
    file descriptor. Raises :class:`GameFileError` (exit 4) for a link, a lock file that is not
    a regular file (a folder, a pipe, a device), or one that can't be made."""
    nofollow = getattr(os, "O_NOFOLLOW", 0)
    try:
        if not nofollow and os.path.islink(lock_file):  # no O_NOFOLLOW (Windows): look first
            raise OSError(0, "a symbolic link")
        fd = os.open(lock_file, os.O_RDWR | os.O_CREAT | _FLAGS | nofollow, 0o666)
    except OSError as exc:
        if os.path.islink(lock_file):
            raise GameFileError(_("{path}: the lock file {lock} is a symbolic link: a lock file is never followed; "
                                  "remove the link").format(path=path, lock=lock_file)) from None
        raise GameFileError(_("{path}: can't make the lock file {lock}: {reason}").format(
            path=path, lock=lock_file, reason=system_error(exc))) from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        kind = "a folder" if stat.S_ISDIR(info.st_mode) else "a pipe or a device"
        raise GameFileError(f"{path}: the lock file {lock_file} is {kind}, not a lock file; remove it")
    return fd


def take(fd: int, path: Path, wait: float) -> None:
    """Lock the open lock file ``fd`` (from :func:`open_lock`) for this opening of it, trying
    again every 50 ms for ``wait`` seconds. Raises :class:`GameBusyError` (exit 5) when another
    holder keeps it that long, :class:`GameFileError` (exit 4) when the system can't lock it."""
    import time

    deadline = time.monotonic() + wait
    while True:
        try:
            if _try(fd):
                return
        except OSError as exc:
            raise GameFileError(_("{path}: can't lock the game file: {reason}").format(path=path, reason=system_error(exc))) \
                from None
        left = deadline - time.monotonic()
        if left <= 0:
            raise GameBusyError(_("{path} is locked by another acquire-ref command; try again when it has finished").format(
                path=path))
        time.sleep(min(0.05, left))


if sys.platform == "win32":
    import msvcrt

    def _try(fd: int) -> bool:
        """True when the first byte of ``fd`` is now locked by this process, False when another holds it."""
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError as exc:
            if exc.errno in (errno.EACCES, errno.EDEADLOCK):
                return False
            raise
        return True

    def release(fd: int) -> None:
        """Unlock ``fd``; the lock ends with the process anyway."""
        os.lseek(fd, 0, os.SEEK_SET)
        with suppress(OSError):
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _try(fd: int) -> bool:
        """True when ``fd`` is now locked by this process, False when another holds it."""
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def release(fd: int) -> None:
        """Unlock ``fd``; the lock ends with the process (or the file's closing) anyway."""
        with suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_UN)
