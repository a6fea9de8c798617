"""The seats' private tokens (DESIGN 9): one random token per player, kept in a side file beside
the game file (``GAME.seats``), readable and writable by its owner only (mode 0600), never in
the game file.

A token is :func:`secrets.token_urlsafe` of :data:`BYTES` bytes (128 bits or more), made the first
time the seats are shown and kept until ``acquire-ref seats --new`` replaces them all. The side
file is JSON, ``{"game": FILE NAME, "seats": {PLAYER: TOKEN}}``, written atomically (a new file
made with mode 0600, then renamed over the old one). A side file that is not a regular file, is
readable by others, is too big, is not that JSON, names other players or holds a short token is
refused with a :class:`~acquire_ref.errors.GameFileError` (exit 4) that says how to replace it.
Nothing here prints a token: only ``seats`` shows them, inside the links.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import stat
from collections.abc import Sequence
from pathlib import Path

from acquire_ref.errors import GameFileError

BYTES = 24
"""Random bytes per token (192 bits; at least 16 are needed, DESIGN 9)."""

LIMIT = 64 * 1024
"""The largest side file read, in bytes (a table's tokens take well under 1 KB)."""

TOKEN = re.compile(r"[A-Za-z0-9_-]{22,86}")
"""What a token looks like: URL-safe base64 of 16 to 64 bytes."""


def side_file(game: Path) -> Path:
    """The side file of the game file ``game``: ``GAME.seats`` in the same folder."""
    return Path(str(game) + ".seats")


def _refuse(path: Path, why: str) -> GameFileError:
    return GameFileError(f"{path}: {why}; `acquire-ref seats --new` replaces it with new links")


def read(game: Path, players: Sequence[str]) -> dict[str, str] | None:
    """The tokens of the game file ``game`` as ``{player: token}``, or None when it has no side
    file yet. ``players`` are the game's players in seating order.

    Raises :class:`~acquire_ref.errors.GameFileError` (exit 4) for a side file that is a link,
    a folder or a device, is readable or writable by others than its owner, is larger than
    :data:`LIMIT` bytes, is not the JSON this module writes, names other players than
    ``players``, or holds a token that is not one of :data:`TOKEN` (two players sharing one too).
    """
    path = side_file(game)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise _refuse(path, f"can't read the seats' file ({exc.strerror})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _refuse(path, "the seats' file is not a regular file")
        if info.st_mode & 0o077:
            raise _refuse(path, f"the seats' file is open to others (mode {stat.S_IMODE(info.st_mode):o}, not 600): "
                                "its links may have been read")
        if info.st_size > LIMIT:
            raise _refuse(path, f"the seats' file is {info.st_size} bytes, more than {LIMIT}")
        data = os.read(fd, LIMIT + 1)
    finally:
        os.close(fd)
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise _refuse(path, "the seats' file is not the JSON acquire-ref writes") from None
    seats = doc.get("seats") if isinstance(doc, dict) else None
    if not isinstance(seats, dict) or sorted(seats) != sorted(players):
        raise _refuse(path, "the seats' file does not name this game's players")
    if not all(isinstance(t, str) and TOKEN.fullmatch(t) for t in seats.values()) or len(set(seats.values())) != len(seats):
        raise _refuse(path, "the seats' file holds a token that is not one acquire-ref makes")
    return {p: seats[p] for p in players}


def write(game: Path, players: Sequence[str]) -> dict[str, str]:
    """New tokens for ``players``, written to the side file of ``game`` (replacing any), and
    returned as ``{player: token}``.

    The file is made with mode 0600 beside the side file under a temporary name, then renamed
    over it, so that a crash leaves the old tokens or the new ones. Raises
    :class:`~acquire_ref.errors.GameFileError` (exit 4) when it can't be written, or when the
    side file's name is taken by a folder or a device.
    """
    path = side_file(game)
    if path.is_symlink() or (path.exists() and not path.is_file()):
        raise GameFileError(f"{path} is not a regular file: move it away to make the seats' links")
    tokens = {p: secrets.token_urlsafe(BYTES) for p in players}
    text = json.dumps({"game": Path(game).name, "seats": tokens}, indent=2) + "\n"
    temp = path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp")
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        try:
            os.write(fd, text.encode("utf-8"))
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, path)
    except OSError as exc:
        temp.unlink(missing_ok=True)
        raise GameFileError(f"{path}: can't write the seats' file ({exc.strerror})") from None
    return tokens


def tokens(game: Path, players: Sequence[str], new: bool = False) -> dict[str, str]:
    """The tokens of ``game``'s seats: those kept in its side file, made and kept there the first
    time (or when ``new``: all replaced). Raises what :func:`read` and :func:`write` raise."""
    if not new:
        kept = read(game, players)
        if kept is not None:
            return kept
    return write(game, players)


def seat_of(kept: dict[str, str], token: str) -> str | None:
    """The player whose token is ``token``, or None; compared in constant time."""
    found = None
    for player, mine in kept.items():
        if secrets.compare_digest(mine.encode(), token.encode("utf-8", "replace")):
            found = player
    return found
