"""The seats' private links (``acquire-ref seats`` and the console's QR view, DESIGN 9): each
player's URL on the game's ``serve``, and the same as a QR code drawn with text.

A link is ``http://HOST:PORT/seat/TOKEN``; the token comes from the side file (:mod:`.tokens`).
The QR code is made by segno, imported only here, and drawn with Unicode half blocks (two rows
of modules a line, no escape sequence), so that it prints on any terminal and in a pipe.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from acquire_ref.errors import NotationError
from acquire_ref.web import tokens

HOST = re.compile(r"[A-Za-z0-9.-]{1,253}|\[?[0-9A-Fa-f:.]{2,45}\]?")
"""A host a link may name: a name or an IPv4 address, or an IPv6 address (in brackets or not)."""


def default_host() -> str:
    """The host the links name when none is given: this machine's address on its local network
    (the one a phone on the same network reaches), or 127.0.0.1 when it has none."""
    from acquire_ref.web.serve import lan_address

    return lan_address() or "127.0.0.1"


def base(host: str, port: int) -> str:
    """``http://HOST:PORT`` for ``host`` and ``port``. Raises :class:`NotationError` (exit 2)
    for a host that is not a name or an address."""
    if not HOST.fullmatch(host):
        raise NotationError(f"--host {host!r}: not a host name or address; e.g. 192.168.1.20")
    shown = f"[{host.strip('[]')}]" if ":" in host else host
    return f"http://{shown}:{port}"


def links(game: Path, players: Sequence[str], host: str, port: int, new: bool = False) -> list[dict[str, str]]:
    """Each player's private link, ``[{"player": NAME, "url": URL}, ...]`` in seating order; the
    tokens are made (or with ``new`` replaced) in the side file of ``game`` when needed.
    Raises what :func:`base` and :func:`acquire_ref.web.tokens.tokens` raise."""
    prefix = base(host, port)
    kept = tokens.tokens(game, players, new)
    return [{"player": p, "url": f"{prefix}/seat/{kept[p]}"} for p in players]


def qr(url: str) -> str:
    """``url`` as a QR code in text (half blocks, a quiet zone of 2 modules), lines ending ``\\n``."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()
