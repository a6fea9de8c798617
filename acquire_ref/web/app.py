"""The live board's web application (Starlette, DESIGN 7): read-only, built by :func:`create_app`.

Routes, every one ``GET`` only (a ``POST``, ``PUT`` or ``DELETE`` answers 405, and nothing
can change the game):

- ``/``: the page, with the board as it is now;
- ``/events``: server-sent events, one ``board`` event carrying the rendered part of the page
  that changes, sent at once and again each time the game file changes;
- ``/state.json``: the same facts as JSON;
- ``/review`` and ``/review.json``: the game move by move (:mod:`acquire_ref.web.review`).

The game file is read the way every read command reads it (:func:`acquire_ref.storage.load_game`:
a regular file, UTF-8, checked and replayed), never locked and never written. It is looked at
every :data:`POLL` seconds (its device, inode, size and modification time); a missing, broken
or half-edited file gives the calm waiting state, and the board comes back when the file is
sound again. Every response forbids any script but the page's own and any connection but to
this server (Content-Security-Policy).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from acquire_ref.errors import AcquireError
from acquire_ref.storage import Stamp, stamp
from acquire_ref.web import model, pages

POLL = 0.25
"""Seconds between looks at the game file."""

KEEPALIVE = 15.0
"""Seconds of silence after which the event stream sends a comment, so that proxies and
browsers keep the connection open."""


_UNREAD = object()


class Board:
    """The game file watched for the page: :meth:`current` gives its latest document and
    rendered fragment, read again only when the file's :data:`~acquire_ref.storage.Stamp` changed."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stamp: Stamp | object | None = _UNREAD
        self.doc: dict[str, Any] = {}
        self.html = ""
        self.version = 0
        """Counts the changes of what the page shows, from 1."""

    def _read(self) -> dict[str, Any]:
        from acquire_ref.storage import load_game

        try:
            game, _, _ = load_game(self.path)
        except AcquireError as exc:
            return model.waiting(str(exc))
        return model.board(game)

    async def current(self) -> tuple[int, dict[str, Any], str]:
        """``(version, document, fragment)`` of the game file now (see :func:`model.board`,
        :func:`model.waiting`, :func:`pages.fragment`); ``version`` goes up each time the
        fragment changes."""
        import anyio.to_thread

        now = stamp(self.path)
        if now != self._stamp:
            doc = await anyio.to_thread.run_sync(self._read)
            # a file replaced while it was read is read again at the next look
            self._stamp = now if stamp(self.path) == now else _UNREAD
            html = pages.fragment(doc)
            if html != self.html:
                self.doc, self.html, self.version = doc, html, self.version + 1
        return self.version, self.doc, self.html


def _headers() -> dict[str, str]:
    """What every response says about itself: no script but the page's own, no connection but to
    this server, no framing, no guessing of types, no caching of a changing board."""
    policy = ("default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
              f"script-src {pages.script_hash()}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
    return {"Content-Security-Policy": policy, "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store",
            "Referrer-Policy": "no-referrer"}


def sse(name: str, data: str) -> str:
    """One server-sent event ``name`` carrying ``data`` (one ``data:`` line per line of it)."""
    lines = "".join(f"data: {line}\n" for line in data.split("\n"))
    return f"event: {name}\n{lines}\n"


def create_app(path: Path, poll: float = POLL, stopping: threading.Event | None = None) -> Starlette:
    """The application serving the live board of the game file at ``path``; ``poll`` is the
    seconds between looks at the file; once ``stopping`` is set, every event stream ends (within
    ``poll`` seconds), so that the server stops at once."""
    board = Board(path)
    stopping = stopping or threading.Event()
    headers = _headers()

    async def page(request: Request) -> Response:
        _, doc, _ = await board.current()
        return HTMLResponse(pages.live_page(doc), headers=headers)

    async def state(request: Request) -> Response:
        version, doc, _ = await board.current()
        return JSONResponse({"version": version, **doc}, headers=headers)

    async def stream(request: Request) -> AsyncIterator[str]:
        sent, quiet = -1, 0.0
        yield "retry: 1000\n\n"
        while not stopping.is_set() and not await request.is_disconnected():
            version, _, html = await board.current()
            if html and version != sent:
                sent, quiet = version, 0.0
                yield sse("board", html)
            elif quiet >= KEEPALIVE:
                quiet = 0.0
                yield ": still here\n\n"
            await asyncio.sleep(poll)
            quiet += poll

    async def events(request: Request) -> Response:
        return StreamingResponse(stream(request), media_type="text/event-stream",
                                 headers={**headers, "X-Accel-Buffering": "no"})

    routes = [Route("/", page, methods=["GET"]), Route("/events", events, methods=["GET"]),
              Route("/state.json", state, methods=["GET"])]
    from acquire_ref.web import review

    routes += review.routes(path)  # the post-game review (issue 29)
    return Starlette(routes=routes)
