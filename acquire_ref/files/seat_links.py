"""The seats' private links (DESIGN 9): one random token per player, kept in a side file beside
the game file (``GAME.seats``), and each player's URL on the game's ``serve`` with its QR code.
Used by ``acquire-ref seats``, the console's QR view (F7) and the seats' routes of the server.

A token is :func:`secrets.token_urlsafe` of :data:`BYTES` bytes (128 bits or more), made the first
time the seats are shown and kept until ``acquire-ref seats --new`` replaces them all. The side
file is JSON, ``{"game": FILE NAME, "seats": {PLAYER: TOKEN}, "joined": [TOKEN...]}`` (the seats
joined in a room, so that a room started again still asks for their codes), readable and writable by its
owner only (mode 0600), written atomically (a new file made with mode 0600, then renamed over the
old one), never in the game file. A side file that is not a regular file, is another user's, is open to others, is
too big, is not that JSON, names other players or holds a short token is refused with a
:class:`~acquire_ref.engine.errors.GameFileError` (exit 4) that says how to replace it.

A link is ``http://HOST:PORT/seat/TOKEN``. The QR code is made by segno, imported only by
:func:`qr`, and drawn with Unicode half blocks (two rows of modules a line, no escape sequence),
so that it prints on any terminal and in a pipe. Nothing here prints a token.
"""


from __future__ import annotations

import json
import os
import re
import secrets
import socket
import stat
from collections.abc import Iterable, Sequence
from pathlib import Path

from acquire_ref.engine.errors import GameFileError, NotationError
from acquire_ref.files.storage import owner_problem, write_atomic
from acquire_ref.files.wording import system_error
from acquire_ref.language import _

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
    return GameFileError(_("{path}: {why}; `acquire-ref seats --new` replaces it with new links").format(path=path, why=why))


def read(game: Path, players: Sequence[str]) -> dict[str, str] | None:
    """The tokens of the game file ``game`` as ``{player: token}``, or None when it has no side
    file yet. ``players`` are the game's players in seating order. Raises what :func:`_load`
    raises."""
    loaded = _load(game, players)
    return None if loaded is None else loaded[0]


def joined(game: Path, players: Sequence[str]) -> set[str]:
    """The tokens whose seat has been joined (opened on a phone in a room, :func:`mark_joined`),
    kept in the side file so that a room started again still asks for a joined seat's code.
    Raises what :func:`_load` raises."""
    loaded = _load(game, players)
    return set() if loaded is None else loaded[1]


def mark_joined(game: Path, players: Sequence[str], token: str) -> None:
    """Record in the side file of ``game`` that the seat of ``token`` (a current token) is joined.
    Raises what :func:`_load` and :func:`store` raise."""
    loaded = _load(game, players)
    if loaded is not None and token in loaded[0].values() and token not in loaded[1]:
        store(game, loaded[0], loaded[1] | {token})


def _load(game: Path, players: Sequence[str]) -> tuple[dict[str, str], set[str]] | None:
    """The side file of ``game`` read and checked: ``({player: token}, joined tokens)``, or None
    when there is none.

    Raises :class:`~acquire_ref.engine.errors.GameFileError` (exit 4) for a side file that is a link,
    a folder or a device, belongs to another user than the one running the command (anyone who
    can write in the folder could have put their own tokens there:
    :func:`~acquire_ref.files.storage.owner_problem`), is readable or writable by others than its owner, is larger than
    :data:`LIMIT` bytes, is not the JSON this module writes, names other players than
    ``players``, or holds a token that is not one of :data:`TOKEN` (two players sharing one too).
    """
    path = side_file(game)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise _refuse(path, _("can't read the seats' file ({error})").format(error=system_error(exc))) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _refuse(path, _("the seats' file is not a regular file"))
        owner = owner_problem(info, "seats' file")
        if owner is not None:
            raise _refuse(path, owner)
        if info.st_mode & 0o077:
            raise _refuse(path, _("the seats' file is open to others (mode {mode}, not 600): its links may have been "
                                  "read").format(mode=f"{stat.S_IMODE(info.st_mode):o}"))
        if info.st_size > LIMIT:
            raise _refuse(path, _("the seats' file is {size} bytes, more than {most}").format(size=info.st_size, most=LIMIT))
        data = os.read(fd, LIMIT + 1)
    finally:
        os.close(fd)
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise _refuse(path, _("the seats' file is not the JSON acquire-ref writes")) from None
    seats = doc.get("seats") if isinstance(doc, dict) else None
    if not isinstance(seats, dict) or sorted(seats) != sorted(players):
        raise _refuse(path, _("the seats' file does not name this game's players"))
    if not all(isinstance(t, str) and TOKEN.fullmatch(t) for t in seats.values()) or len(set(seats.values())) != len(seats):
        raise _refuse(path, _("the seats' file holds a token that is not one acquire-ref makes"))
    seen = doc.get("joined", [])
    if not isinstance(seen, list) or not all(isinstance(t, str) for t in seen):
        raise _refuse(path, _("the seats' file's joined seats are not a list of its tokens"))
    return {p: seats[p] for p in players}, set(seen) & set(seats.values())


def write(game: Path, players: Sequence[str]) -> dict[str, str]:
    """New tokens for ``players``, written to the side file of ``game`` (replacing any), and
    returned as ``{player: token}``.

    The file is made with mode 0600 beside the side file under a temporary name, then renamed
    over it, so that a crash leaves the old tokens or the new ones. Raises
    :class:`~acquire_ref.engine.errors.GameFileError` (exit 4) when it can't be written, or when the
    side file's name is taken by a folder or a device.
    """
    return store(game, {p: secrets.token_urlsafe(BYTES) for p in players})


def store(game: Path, tokens: dict[str, str], joined: Iterable[str] = ()) -> dict[str, str]:
    """Write ``tokens`` (``{player: token}``) to the side file of ``game``, with those of
    ``joined`` that are still current, replacing it atomically (see :func:`write`); returns
    ``tokens``. Raises what :func:`write` raises."""
    path = side_file(game)
    if path.is_symlink() or (path.exists() and not path.is_file()):
        raise GameFileError(_("{path} is not a regular file: move it away to make the seats' links").format(path=path))
    current = set(tokens.values())
    doc = {"game": Path(game).name, "seats": tokens, "joined": sorted(t for t in set(joined) if t in current)}
    write_atomic(path, json.dumps(doc, indent=2) + "\n", what="seats' file", mode=0o600)
    return tokens


def tokens(game: Path, players: Sequence[str], new: bool = False) -> dict[str, str]:
    """The tokens of ``game``'s seats: those kept in its side file, made and kept there the first
    time (or when ``new``: all replaced). Raises what :func:`read` and :func:`write` raise."""
    if not new:
        kept = read(game, players)
        if kept is not None:
            return kept
    return write(game, players)


def renew(game: Path, players: Sequence[str], player: str) -> dict[str, str]:
    """A new token for ``player``'s seat alone (the others kept), written to the side file of
    ``game``: the seat's old link stops working at once (a seat taken over by a new phone, or
    released by the referee). Returns every seat's token. Raises what :func:`read` and
    :func:`write` raise, and :class:`NotationError` (exit 2) when ``player`` has no seat."""
    if player not in players:
        raise NotationError(_("{player} has no seat in this game: {players}").format(player=repr(player),
                                                                                    players=", ".join(players)))
    loaded = _load(game, players)
    kept, seen = loaded if loaded is not None else ({p: secrets.token_urlsafe(BYTES) for p in players}, set())
    return store(game, {**kept, player: secrets.token_urlsafe(BYTES)}, seen)


def seat_code(token: str) -> str:
    """The seat's own code, six digits made from its token: shown on the seat's phone, it lets a
    new phone take the seat over (the join page asks for it). Only who sees the token (the
    seat's phone) can tell it."""
    import hashlib

    digest = hashlib.sha256(b"acquire-ref seat code\0" + token.encode("utf-8")).digest()
    return f"{int.from_bytes(digest[:8], 'big') % 1_000_000:06d}"


def seat_of(kept: dict[str, str], token: str) -> str | None:
    """The player whose token is ``token``, or None; compared in constant time."""
    found = None
    for player, mine in kept.items():
        if secrets.compare_digest(mine.encode(), token.encode("utf-8", "replace")):
            found = player
    return found


def lan_address() -> str | None:
    """This machine's address on its local network, as another device would type it, or None
    when it has none. No packet is sent: a UDP socket is only pointed at a documentation address
    so that the system picks the interface it would use."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            address = str(probe.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address

HOST = re.compile(r"[A-Za-z0-9.-]{1,253}|\[?[0-9A-Fa-f:.]{2,45}\]?")
"""A host a link may name: a name or an IPv4 address, or an IPv6 address (in brackets or not)."""


def default_host() -> str:
    """The host the links name when none is given: this machine's address on its local network
    (the one a phone on the same network reaches), or 127.0.0.1 when it has none."""
    return lan_address() or "127.0.0.1"


def base(host: str, port: int) -> str:
    """``http://HOST:PORT`` for ``host`` and ``port``. Raises :class:`NotationError` (exit 2)
    for a host that is not a name or an address."""
    if not HOST.fullmatch(host):
        raise NotationError(_("--host {host}: not a host name or address; e.g. 192.168.1.20").format(host=repr(host)))
    shown = f"[{host.strip('[]')}]" if ":" in host else host
    return f"http://{shown}:{port}"


def links(game: Path, players: Sequence[str], host: str, port: int, new: bool = False) -> list[dict[str, str]]:
    """Each player's private link, ``[{"player": NAME, "url": URL}, ...]`` in seating order; the
    tokens are made (or with ``new`` replaced) in the side file of ``game`` when needed.
    Raises what :func:`base` and :func:`tokens` raise."""
    prefix = base(host, port)
    kept = tokens(game, players, new)
    return [{"player": p, "url": f"{prefix}/seat/{kept[p]}"} for p in players]


def qr(url: str, error: str = "m", border: int = 2) -> str:
    """``url`` as a QR code in text (half blocks, a quiet zone of ``border`` modules, error
    correction ``error``: l, m, q or h), lines ending ``\\n``."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error=error).terminal(out=out, compact=True, border=border)
    return out.getvalue()
