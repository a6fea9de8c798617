"""Game files on disk: read, lock, write atomically, and what may be written where (DESIGN 3).

Game files, scripts, position files and rulesets are read, and game files, exports and simulation
outputs written, through this module; :mod:`acquire_ref.files.record` turns the text into a game and
back without touching the disk. This module imports nothing of the engine at module level:
:func:`load_game` and :func:`inspect` are thin bridges that read a file and hand its text to
:mod:`acquire_ref.files.record`.

The write rules (DESIGN 3), each kept in one function that every write goes through:

- only regular files are written over: never a folder, a pipe or a device, even with ``--force``,
  and a symbolic link at a game file's name is followed to its target (:func:`check_target`);
- an export is never written through a symbolic link at its name, nor under a name of the side
  files (``NAME.lock``, ``NAME.seats``) (:func:`write_export`);
- a game file is replaced atomically (a temporary file in the same folder, ``fsync``,
  ``os.replace``) while holding ``PATH.lock``; the path is checked before any lock file is made,
  and the lock file is opened without following a link and must be a regular file
  (:func:`locked`); the temporary file is removed on every way out, a Ctrl-C included: a
  Ctrl-C during the write takes effect when the write is done or undone (:func:`write_atomic`);
- a side file that is read (a game's ``GAME.seats``, an event's previous version) must belong to
  the user running the command and is not read through a link (:func:`owner_problem`,
  :func:`read_stamped` with ``side``);
- a game file that another program replaced or changed since this command read it is not
  overwritten (:func:`write_atomic` with ``expect``, exit 5);
- ``new`` and ``play`` do not replace an existing file without ``--force`` (:func:`refuse_overwrite`);
- an output is never a file the command reads (the game file, its lock, a script, a position, a
  ruleset), whatever its name: files are compared by identity (device and inode), not by path
  (:func:`refuse_same_file`, :func:`write_export`);
- ``simulate --out`` creates its folder when missing and only ever makes new files
  (:func:`output_folder`, :func:`write_new`).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING

from acquire_ref.engine.errors import GameBusyError, GameFileError, NotationError
from acquire_ref.files.wording import another_user, noun, standard_input, system_error
from acquire_ref.language import _, ngettext, number

if TYPE_CHECKING:
    from acquire_ref.engine.game import Game
    from acquire_ref.files.inspection import Inspection
    from acquire_ref.files.record import Record, TomlTable

LOCK_TIMEOUT: float | None = None
"""Seconds a command waits for another command's lock on the same game file before exit 5;
None reads the environment variable ``ACQUIRE_LOCK_TIMEOUT`` (default 10)."""

MAX_FILE_BYTES = 8 * 1024 * 1024
"""The largest file read as a game file, script, position, ruleset or event file (8 MiB): a game
of the most moves a game holds (:data:`~acquire_ref.engine.game.MAX_MOVES`) with as many taken back is
well under 1 MiB, so this is headroom, and a bound on what one file can make a command read."""

Stamp = tuple[int, int, int, int]
"""What tells one version of a file from another: device, inode, size in bytes, mtime in ns."""

LOCK_SUFFIX = ".lock"
"""What is added to a file's name to name its lock file (``acquire.toml.lock``)."""

SIDE_SUFFIXES = (LOCK_SUFFIX, ".seats")
"""The endings of the side files kept beside a game or event file (its lock, its seats' links):
an export is never given such a name, so that no export can replace one, whichever files the
command read (:func:`write_export`)."""

SAVED: list[Path] = []
"""The game files this process has written (the last write's path last), so that a Ctrl-C can
say whether the move was saved (DESIGN 2)."""

_NONBLOCK = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
"""Open flags of every file read: a pipe put in a file's place after it was looked at never blocks
the opening (and, on Windows, no line end is changed)."""


def lock_timeout() -> float:
    """The lock timeout in seconds: :data:`LOCK_TIMEOUT`, else ``$ACQUIRE_LOCK_TIMEOUT``, else 10.

    Raises :class:`NotationError` (exit 2) for a value that is not a finite number of seconds, 0 or more.
    """
    import math

    if LOCK_TIMEOUT is not None:
        return LOCK_TIMEOUT
    text = os.environ.get("ACQUIRE_LOCK_TIMEOUT", "10")
    try:
        value = float(text) if len(text) < 40 else math.nan
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0:
        raise NotationError(_("ACQUIRE_LOCK_TIMEOUT is {value}: give a number of seconds, 0 or more, e.g. 10")
                            .format(value=repr(text[:40])))
    return value


def game_path(path: Path) -> Path:
    """The game file to work on: ``path``, or the file a symbolic link at ``path`` points to, so
    that the atomic write replaces the target and keeps the link (DESIGN 2, ``--game``).

    Raises :class:`NotationError` (exit 2) for an empty name."""
    if str(path).strip() in ("", "."):
        raise NotationError(_("--game needs a file name, e.g. --game acquire.toml"))
    return _follow(Path(path))


def _follow(path: Path) -> Path:
    """``path``, or the file the symbolic link at ``path`` points to."""
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
        raise GameFileError(_("{path}: can't look at it: {error}").format(path=path, error=system_error(exc))) from None


def stamp(path: Path) -> Stamp | None:
    """The :data:`Stamp` of the file at ``path`` (a symbolic link followed), None when there is none."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)


def same_file(a: Path, b: Path) -> bool:
    """True when ``a`` and ``b`` name one file: the same resolved path, or the same device and
    inode (a hard link, a symbolic link, another spelling)."""
    one, two = stamp(a), stamp(b)
    if one is not None and two is not None:
        return one[:2] == two[:2]
    try:
        return Path(a).resolve() == Path(b).resolve()
    except (OSError, RuntimeError):
        return False


def _not_a_file(named: str, mode: int, what: str) -> str:
    said = _("{named} is a folder, not {kind}") if stat.S_ISDIR(mode) else _("{named} is a pipe or a device, not {kind}")
    return said.format(named=named, kind=(_("an {kind}") if what[0] == "e" else _("a {kind}")).format(kind=noun(what)))


def running_user() -> int | None:
    """The user id a side file must belong to: the effective user running this command, or None
    on a system without user ids (Windows), where no owner is checked. Tests replace this
    function to play another user (they run as root)."""
    geteuid = getattr(os, "geteuid", None)
    return int(geteuid()) if geteuid is not None else None


def owner_problem(info: os.stat_result, what: str) -> str | None:
    """Why a side file with the status ``info`` (from ``os.fstat``) is not read, or None: it
    belongs to another user than the one running the command. A side file (a game's seats'
    links, an event file's previous version) is never named by the user, so in a folder that
    others can write in it could have been put there by someone else to be read as ours."""
    uid = running_user()
    if uid is None or info.st_uid == uid:
        return None
    return another_user(what, info.st_uid, uid)


def read_text(path: Path, what: str = "game file", option: str | None = None, side: bool = False) -> str:
    """A regular file's text, decoded as UTF-8 (without a byte-order mark), at most
    :data:`MAX_FILE_BYTES` bytes: :func:`read_stamped` without the stamp."""
    return read_stamped(path, what, option, side)[0]


def read_stamped(path: Path, what: str = "game file", option: str | None = None,
                 side: bool = False) -> tuple[str, Stamp]:
    """A regular file's text (UTF-8 without a byte-order mark, at most :data:`MAX_FILE_BYTES`
    bytes) and the :data:`Stamp` of the version read, so that a later write can tell whether
    someone else changed the file meanwhile.

    ``what`` names the kind of file in messages (game file, script, position file, ruleset file)
    and ``option`` the option that named it (``--edition``), if any. Raises :class:`GameFileError`
    (exit 4) when the file is missing, a folder, a pipe or device, too large, unreadable or not
    UTF-8. With ``side`` (a side file the user did not name, such as an event file's previous
    version) a symbolic link is refused too, not followed, and so is a file of another user
    (:func:`owner_problem`).
    """
    named, kind = f"{option} {path}" if option else str(path), noun(what)
    nofollow = getattr(os, "O_NOFOLLOW", 0) if side else 0
    try:
        info = os.lstat(path) if side else os.stat(path)
        if stat.S_ISLNK(info.st_mode):
            raise GameFileError(_("{named} is a symbolic link: the {kind} is never read through a link; remove it").format(
                named=named, kind=kind))
        if not stat.S_ISREG(info.st_mode):
            raise GameFileError(_not_a_file(named, info.st_mode, what))
        if info.st_size > MAX_FILE_BYTES:
            raise GameFileError(_("{named} is {size} bytes: too large for a {kind} (at most {most})").format(
                named=named, size=number(info.st_size), kind=kind, most=number(MAX_FILE_BYTES)))
        with os.fdopen(os.open(path, os.O_RDONLY | _NONBLOCK | nofollow), "rb") as fh:
            now = os.fstat(fh.fileno())
            if not stat.S_ISREG(now.st_mode):
                raise GameFileError(_not_a_file(named, now.st_mode, what))
            why = owner_problem(now, what) if side else None
            if why is not None:
                raise GameFileError(_("{source}: {problem}").format(source=named, problem=why))
            data = fh.read(MAX_FILE_BYTES + 1)
        if data.startswith(b"\xef\xbb\xbf"):
            raise GameFileError(_("{named} starts with a byte-order mark: save it as UTF-8 without BOM").format(named=named))
        return data.decode("utf-8"), (now.st_dev, now.st_ino, now.st_size, now.st_mtime_ns)
    except FileNotFoundError:
        said = {"game file": _("{path}: no such game file (start one with `acquire-ref new PLAYER...`)"),
                "game file or script": _("{named}: no such game file or script: check reads a game file, or a game "
                                         "script for `acquire-ref play`")}.get(what, _("{named}: no such {kind}"))
        raise GameFileError(said.format(named=named, path=named, kind=kind)) from None
    except IsADirectoryError:
        raise GameFileError(_not_a_file(named, stat.S_IFDIR, what)) from None
    except UnicodeDecodeError as exc:
        raise GameFileError(_("{named} is not UTF-8 text (byte {byte})").format(named=named, byte=exc.start)) from None
    except GameFileError:
        raise  # said already: not "can't read it" about a file that was read and refused
    except (OSError, ValueError) as exc:
        cause = system_error(exc)
        raise GameFileError(_("{named}: can't read it: {why}").format(named=named, why=cause)) from None


def read_standard_input(what: str = "script") -> str:
    """Standard input's text (``play -``), read to its end with the checks of :func:`read_stamped`:
    UTF-8 without a byte-order mark, at most :data:`MAX_FILE_BYTES` bytes.

    Raises :class:`GameFileError` (exit 4) naming standard input when it is too large, not UTF-8
    or can't be read.
    """
    import sys

    try:
        stream = getattr(sys.stdin, "buffer", None)
        data = stream.read(MAX_FILE_BYTES + 1) if stream is not None else sys.stdin.read().encode("utf-8")
    except (OSError, ValueError) as exc:
        raise GameFileError(standard_input("unread", what, system_error(exc))) from None
    if len(data) > MAX_FILE_BYTES:
        raise GameFileError(standard_input("large", what, most=MAX_FILE_BYTES))
    if data.startswith(b"\xef\xbb\xbf"):
        raise GameFileError(standard_input("bom", what))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise GameFileError(_("standard input is not UTF-8 text (byte {byte})").format(byte=exc.start)) from None


def check_target(path: Path, what: str = "game file") -> int | None:
    """The rule on what a write may replace: nothing, or a regular file (DESIGN 3).

    Returns the permission bits of the regular file at ``path``, or None when there is no file.
    Raises :class:`GameFileError` (exit 4) when ``path`` is a folder, a pipe, a device or a socket
    (``--force`` does not change this), or can't be looked at.
    """
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        raise GameFileError(_("{path}: can't look at it: {error}").format(
            path=path, error=system_error(exc))) from None
    if stat.S_ISLNK(info.st_mode):
        return check_target(_follow(Path(path)), what) if _follow(Path(path)) != Path(path) else None
    if not stat.S_ISREG(info.st_mode):
        raise GameFileError(_("{problem}: only regular files are written over").format(
            problem=_not_a_file(str(path), info.st_mode, what)))
    return info.st_mode & 0o777


@contextmanager
def interrupts_deferred() -> Iterator[None]:
    """Hold back a Ctrl-C (SIGINT) while the body runs, then raise it: a write is either done or
    undone when the interrupt takes effect, never half done (DESIGN 2).

    Only in the main thread, and only when SIGINT raises :class:`KeyboardInterrupt` (Python's
    default); otherwise the body runs as it is.
    """
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread() or \
            signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield
        return
    caught: list[int] = []
    signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if caught:
        raise KeyboardInterrupt


def write_atomic(path: Path, text: str, expect: Stamp | None = None, what: str = "game file",
                 mode: int | None = None) -> None:
    """Write ``text`` (UTF-8, ``\\n`` line ends) to ``path`` so that a crash leaves the old file or
    the new one, never a torn one (DESIGN 3).

    A temporary file ``.NAME.xxxx.tmp`` in the same folder is written, flushed to disk and renamed
    over ``path``; an existing file's permissions are kept, a new file gets ``0o666`` less the
    umask, unless ``mode`` gives the permissions (a secret's ``0o600``, whatever the old file's:
    the temporary file has them from its making, so the text is never readable by others). The
    temporary file is removed on every way out that does not rename it, and a Ctrl-C is held back
    until the file is renamed or removed (:func:`interrupts_deferred`). A game file written is
    added to :data:`SAVED`.

    ``expect`` is the :data:`Stamp` of the version the command read (None: the file is new or
    replaced as a whole). Raises :class:`GameBusyError` (exit 5) when the file is no longer that
    version (another program replaced or changed it); :class:`GameFileError` (exit 4) when
    ``path`` is not a regular file (:func:`check_target`), is read-only, its folder is missing or
    can't be written, or the write fails (disk full). ``path`` is then unchanged.
    """
    path = Path(path)
    with interrupts_deferred():
        old = check_target(path, what)
        if old is not None and not old & 0o222:
            raise GameFileError(_("{path} is read-only (its permissions are {mode}): make it writable to go on").format(
                path=path, mode=f"{old:o}"))
        tmp = _temporary(path, text, old if mode is None else mode, what)
        renamed = False
        try:
            if expect is not None and stamp(path) != expect:
                raise GameBusyError(_("{path} was replaced or changed by another program while this command was working "
                                      "on it; nothing was written: run the command again on the file as it is now").format(
                    path=path))
            os.replace(tmp, path)
            renamed = True
        except OSError as exc:
            said = (_("{path}: can't write the {kind}: {error}; it is unchanged") if old is not None
                    else _("{path}: can't write the {kind}: {error}; nothing was written"))
            raise GameFileError(said.format(path=path, kind=noun(what), error=system_error(exc))) from None
        finally:
            if not renamed:
                with suppress(OSError):
                    os.unlink(tmp)
        if what == "game file":
            SAVED.append(path)


def _temporary(path: Path, text: str, mode: int | None, what: str) -> str:
    """A temporary file beside ``path`` holding ``text``, flushed to disk, with the permissions
    ``mode`` (or the umask's for a new file); removed again if anything fails."""
    import tempfile  # only commands that write pay for it

    folder = path.parent if str(path.parent) else Path(".")
    prefix = f"{path}: " if what == "game file" else _("{path}: can't write the {kind}: ").format(path=path, kind=noun(what))
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except FileNotFoundError:
        raise GameFileError(prefix + _("the folder {folder} does not exist").format(folder=folder)) from None
    except OSError as exc:
        raise GameFileError(prefix + _("can't write in {folder}: {error}").format(folder=folder,
                                                                                  error=system_error(exc))) from None
    done = False
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
        if mode is None:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        done = True
        return tmp
    except OSError as exc:
        said = (_("{path}: can't write the {kind}: {error}; it is unchanged") if path.exists()
                else _("{path}: can't write the {kind}: {error}; nothing was written"))
        raise GameFileError(said.format(path=path, kind=noun(what), error=system_error(exc))) from None
    finally:
        if not done:
            with suppress(OSError):
                os.unlink(tmp)


def write_new(path: Path, text: str) -> None:
    """Create the file ``path`` holding ``text`` (``simulate --out``): never over an existing file.

    The file is created exclusively (``O_EXCL``), so not even a file made a moment ago by someone
    else is replaced; a half-written file is removed on every way out, a Ctrl-C included.
    Raises :class:`NotationError` (exit 2) naming the file when it exists, and
    :class:`GameFileError` (exit 4) when it can't be written.
    """
    path = Path(path)
    with interrupts_deferred():
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
        except FileExistsError:
            raise NotationError(_("{path} already exists: simulate --out never writes over a file; "
                                  "name an empty or new folder").format(path=path)) from None
        except OSError as exc:
            raise GameFileError(_("{path}: can't write it: {error}").format(path=path, error=system_error(exc))) from None
        done = False
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(text.encode("utf-8"))
                fh.flush()
                os.fsync(fh.fileno())
            done = True
        except OSError as exc:
            raise GameFileError(_("{path}: can't write it: {error}; nothing was kept").format(
                path=path, error=system_error(exc))) from None
        finally:
            if not done:
                with suppress(OSError):
                    os.unlink(path)


def lock_path(path: Path) -> Path:
    """The lock file of the game or event file ``path``: ``PATH.lock`` beside it."""
    return Path(str(path) + LOCK_SUFFIX)


@contextmanager
def locked(path: Path, timeout: float | None = None) -> Iterator[None]:
    """Hold the game file's lock (``PATH.lock``) for a read-change-write, so that two commands on
    one game file take turns (DESIGN 2, exit 5).

    The path is checked first, so that no lock file is made beside a folder, a pipe or a device,
    and a lock file that can't be made is reported at once with the reason. The lock file is
    opened without following a symbolic link (``O_NOFOLLOW``), so that a link planted at its name
    never makes a file elsewhere, and must be a regular file. The lock is the operating system's
    (``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows): it is released when the body ends
    or the process dies, so no lock is left behind; the empty lock file stays. ``timeout`` is in
    seconds (default :func:`lock_timeout`). Raises :class:`GameBusyError` (exit 5) when another
    command holds the lock that long, and :class:`GameFileError` (exit 4) when the game path is
    not a regular file (:func:`check_target`), the lock file is a link, a folder, a pipe or a
    device, or the lock can't be made (missing or read-only folder, a file system that takes no
    new files).
    """
    folder = Path(path).parent
    if not folder.is_dir():
        raise GameFileError(_("{path}: the folder {folder} does not exist").format(path=path, folder=folder))
    check_target(path)
    wait = lock_timeout() if timeout is None else timeout
    from acquire_ref.files import locking

    fd = locking.open_lock(Path(path), lock_path(path))
    try:
        locking.take(fd, Path(path), wait)
        try:
            yield
        finally:
            locking.release(fd)
    finally:
        os.close(fd)


def refuse_overwrite(path: Path, force: bool) -> None:
    """``new`` and ``play`` replace an existing game file only with ``--force``, and only a
    regular file (DESIGN 2, 3).

    Raises :class:`GameFileError` (exit 4) when ``path`` is a folder, pipe or device (even with
    ``force``) or its folder can't be searched, and :class:`NotationError` (exit 2) when it exists
    and ``force`` is false.
    """
    check_target(path)
    if file_exists(path) and not force:
        raise NotationError(_("{path} already exists: use --force to replace it, or --game to name another file").format(
            path=path))


def refuse_same_file(target: Path, reads: Mapping[str, Path | None], option: str) -> None:
    """An output is never a file the command reads, whatever its name (DESIGN 3).

    ``reads`` maps what each input is (``"game file"``, ``"script"``, ``"position file"``) to its
    path; ``option`` names the output in the message (``--svg/--html``, ``--game``). Files are
    compared with :func:`same_file` (identity, then resolved path). The game file's lock counts as
    the game file. Raises :class:`NotationError` (exit 2) when ``target`` is one of them.
    """
    for what, source in reads.items():
        if source is None:
            continue
        lock = lock_path(source) if what == "game file" else None
        if same_file(target, source) or (lock is not None and same_file(target, lock)):
            said = (_("{option} {target} is the game file: name another file for the output") if what == "game file"
                    else _("{option} {target} is the {kind} {source}: name another file for the output"))
            raise NotationError(said.format(option=option, target=target, kind=noun(what), source=source))


def write_export(target: Path, text: str, reads: Mapping[str, Path | None], option: str = "--svg/--html") -> None:
    """Write an export (``option`` names it in messages): never over a file the command read
    (``reads``, see :func:`refuse_same_file`), never under a side file's name (a name ending in
    one of :data:`SIDE_SUFFIXES`, whoever's it is), never through a symbolic link at its name,
    only over a regular file, atomically (:func:`write_atomic`: the rename replaces the name
    itself, so a link put there meanwhile is replaced, never followed).

    Every command's ``--html``, ``--svg`` and ``--csv`` file (``log --html``, the standings,
    ``tournament sheets``, ``ratings``) is written here. Raises :class:`NotationError` (exit 2)
    for a file read or a side file's name, :class:`GameFileError` (exit 4) for a link, a folder,
    a pipe or a device, or a write that fails.
    """
    target = Path(target)
    refuse_same_file(target, reads, option)
    if target.name.endswith(SIDE_SUFFIXES):
        raise NotationError(_("{option} {target}: names ending in {suffixes} are acquire-ref's side files (a game's "
                              "lock, its seats' links), never an export's: name another file").format(
            option=option, target=target, suffixes=_(" or ").join(SIDE_SUFFIXES)))
    try:
        linked = stat.S_ISLNK(os.lstat(target).st_mode)
    except (OSError, ValueError):
        linked = False
    if linked:
        raise GameFileError(_("{option} {target} is a symbolic link: an export is never written through a link (it "
                              "could point at anyone's file); name the file itself, or remove the link").format(
            option=option, target=target))
    write_atomic(target, text, what="export")


def output_folder(folder: Path) -> Path:
    """The folder ``simulate --out`` writes its game files into, made when missing.

    Returns ``folder``; raises :class:`GameFileError` (exit 4) when it is not a folder or can't be made.
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise GameFileError(_("--out {folder}: not a folder").format(folder=folder)) from None
    except OSError as exc:
        raise GameFileError(_("--out {folder}: can't make the folder: {error}").format(folder=folder, error=system_error(exc))) \
            from None
    return folder


def inspect(path: Path, text: str | None = None, what: str = "game file", data: TomlTable | None = None) -> Inspection:
    """Validate the game file or script at ``path`` without changing it (``check``): read it
    (unless ``text`` is given) and hand it to :func:`acquire_ref.files.record.examine`.

    Returns an :class:`~acquire_ref.files.record.Inspection`; a file that can't be read is one problem
    in it, not an exception. ``what`` names the kind of file expected (see :func:`read_text`):
    ``check FILE`` reads a game file or a script. ``data`` is the text's TOML when the caller has
    parsed it already (a file is parsed once).
    """
    from acquire_ref.files.inspection import Inspection, examine

    try:
        text = read_text(path, what) if text is None else text
    except GameFileError as exc:
        return Inspection(None, None, [str(exc)], [])
    return examine(text, str(path), game_file=what == "game file", data=data)


def load_game(path: Path, read: tuple[str, TomlTable] | None = None) -> tuple[Game, Record, list[str]]:
    """Read, validate and replay the game file at ``path`` (DESIGN 3): :func:`load_stamped`
    without the stamp, or, with ``read``, from the file's text and its parsed TOML that the caller
    has read already (``ratings``: a file is read and parsed once). Returns ``(game, record, notices)``."""
    if read is not None:
        return _loaded(path, inspect(path, read[0], data=read[1]))
    game, record, notices, _ = load_stamped(path)
    return game, record, notices


def load_stamped(path: Path) -> tuple[Game, Record, list[str], Stamp]:
    """Read, validate and replay the game file at ``path`` (DESIGN 3).

    Returns ``(game, record, notices, stamp)``; ``stamp`` identifies the version read, for
    :func:`write_atomic`'s ``expect``. When the snapshot's digest no longer matches the setup
    and moves (the log was edited by hand), the snapshot is ignored and rebuilt on the next write,
    with a notice. When the digest matches but a value differs, the snapshot itself was edited:
    :class:`GameFileError` (exit 4) names each field and both values. Also raises it for a missing,
    unreadable or corrupt file, or a move log that no longer replays, listing every problem.
    """
    text, version = read_stamped(path)
    return (*_loaded(path, inspect(path, text)), version)


def _loaded(path: Path, found: Inspection) -> tuple[Game, Record, list[str]]:
    """The game of a file :func:`inspect` found sound: ``(game, record, notices)``; raises
    :class:`GameFileError` (exit 4) naming every problem otherwise."""
    if found.problems or found.game is None or found.record is None:
        problems = found.problems
        if len(problems) == 1:
            raise GameFileError(problems[0])
        raise GameFileError(ngettext("{path} has {count} problem (edited by hand?):", "{path} has {count} problems (edited "
                                     "by hand?):", len(problems)).format(path=path, count=len(problems))
                            + "\n  " + "\n  ".join(problems))
    return found.game, found.record, found.notices
