"""The live server's web application (Starlette, DESIGN 7, 9), built by :func:`create_app`.

Routes:

- ``/``: the TV's page, with the board as it is now;
- ``/events``: server-sent events, one ``board`` event carrying the rendered part of the page
  that changes, sent at once and again each time the game changes;
- ``/state.json``: the same facts as JSON;
- ``/review`` and ``/review.json``: the game move by move (:mod:`acquire_ref.web.review`);
- ``/seat/TOKEN/...``: each player's own page, state and event stream, and the one route that
  changes the game, a seat's ``POST /seat/TOKEN/move`` (:mod:`acquire_ref.web.seats`);
- with ``acquire-ref room``, ``/join`` and its claim (:mod:`acquire_ref.web.join`).

Every other route is ``GET`` only (a ``POST``, ``PUT`` or ``DELETE`` answers 405).

**One game held.** The TV's board, the seats and the review share one
:class:`~acquire_ref.web.holder.GameHolder`: one :class:`~acquire_ref.files.session.GameFile`, the
one write path (a seat's move is applied under the file's lock, checked against the version
read, and written atomically). The file is read the way every command reads it (a regular file,
UTF-8, checked and replayed) once per change another program makes, whatever the number of pages
open; a move made from a seat is not read back at all, and the review is extended by the new
moves. One reader (:meth:`FileWatch.follow`) follows the file through the operating system's
change notices (watchfiles, on the file's folder); the pages' event streams only wait for the
next version of what it made. Where no change notice can be had, the reader looks at the file
every :data:`POLL` seconds instead. A missing, broken or half-edited file gives the calm
waiting state, and the board comes back when the file is sound again.

**Only this server's names.** A request whose ``Host`` is not one of the names the server was
started for (the addresses it printed, ``localhost``, ``127.0.0.1``, ``[::1]``) is refused with
400 and a line of text (in the server's language), so that a page of another site can't read the board by pointing its own
name at this machine (DNS rebinding). The one redirect (``/events/`` to ``/events``) gives a path
of this server, never a name taken from the request.

**Headers on every answer.** A middleware puts the security headers
(:func:`acquire_ref.web.pages.security_headers`, the one place they are built) on every
response, the 404, 405, 400 and redirects included: no script but the page's own and no
connection but to this server (Content-Security-Policy), no framing, no guessing of types
(``nosniff``), no caching (``no-store``), no referrer.

**Bounded memory.** A page holds nothing of its own but the version it was last sent: every
stream shares the one latest fragment, and versions a slow page missed are skipped, never
queued. The event streams open at once are bounded (503 beyond): each seat has its own few, the
TV's pages a cap per client address and at most :data:`MAX_STREAMS` in all
(:mod:`acquire_ref.web.guard`).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, MutableMapping
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from acquire_ref import language
from acquire_ref.engine.errors import AcquireError
from acquire_ref.web import model, pages
from acquire_ref.web.holder import GameHolder

if TYPE_CHECKING:
    from acquire_ref.engine.game import Game
    from acquire_ref.engine.moves import Move
    from acquire_ref.web.room_bot import RoomBot

POLL = 0.25
"""Seconds between looks at the game file where the operating system gives no change notices;
also how often an event stream checks that its page is still open."""

SAFETY = 1.0
"""Seconds after which the reader looks at the file's stamp (a ``stat``, not a read) even without
a change notice, in case one was missed."""

KEEPALIVE = 15.0
"""Seconds of silence after which the event stream sends a comment, so that proxies and
browsers keep the connection open."""

MAX_STREAMS = 64
"""The most anonymous event streams (the TV's pages) open at once, from every address together;
one more answers 503. Each address has its own smaller cap, and the seats have their own budget
beside this one (:mod:`acquire_ref.web.guard`), so open TV pages never lock a player out."""

LOOPBACK = ("localhost", "127.0.0.1", "[::1]")
"""The names a server always answers to: this computer's own."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGI = Callable[[Scope, Receive, Send], Awaitable[None]]

class FileWatch:
    """The game file watched for the pages: the latest document (``doc``), rendered fragment
    (``html``) and ``version``, made from the server's one :class:`~acquire_ref.web.holder.GameHolder`
    (``holder``, a new one for ``path`` by default) by one reader (:meth:`follow`) or, without it,
    by :meth:`current`, made again only when the game held changed. ``reads`` counts the times
    the file was read."""

    def __init__(self, path: Path, holder: GameHolder | None = None) -> None:
        self.path = path
        self.holder = holder or GameHolder(path)
        """The game file as the server holds it: read once per change, written by the seats' moves."""
        self._seen = -1
        self._moves: list[Move] = []
        self.doc: dict[str, Any] = {}
        self.html = ""
        self.version = 0
        """Counts the changes of what the page shows, from 1."""
        self.following = False
        """True while :meth:`follow` runs: the pages then take what it made without looking."""
        self._changed: asyncio.Event | None = None
        self.palette = "edition"
        """The chains' colours on the pages: the edition's, or ``okabe-ito`` (:mod:`.palette`)."""
        self.language = language.current()
        """The language of the TV's page: the room's (``room --lang``), one for the whole table."""
        self._english: tuple[int, dict[str, Any]] = (0, {})
        self.extra: Callable[[], str] | None = None
        """What the TV's page shows after the board (the room's join panel), or None."""
        self.bots: RoomBot | None = None
        """The room's bot seats (:mod:`acquire_ref.web.room_bot`): told of each new game held, and
        their thinking mark shown with the decision; None in ``serve``."""
        from acquire_ref.web.guard import StreamBudget

        self.budget = StreamBudget(MAX_STREAMS)
        """The event streams open: each seat's own few, the anonymous ones (the TV's) capped per
        client address and in all (:data:`MAX_STREAMS`)."""

    @property
    def game(self) -> Game | None:
        """The game last read (None while the file can't be read), for the seats' pages."""
        return self.holder.game

    @property
    def reads(self) -> int:
        """The times the game file was read (and replayed)."""
        return self.holder.reads

    def marked(self, doc: dict[str, Any]) -> dict[str, Any]:
        """The TV's document ``doc`` with the thinking mark of a bot seat thinking now (said under
        the decision, :meth:`acquire_ref.web.room_bot.RoomBot.mark`), as the page shows it."""
        mark = self.bots.mark() if self.bots is not None else None
        if mark is None or "waiting" in doc:
            return doc
        return {**doc, "bot": [*doc.get("bot", []), mark]}

    def _fragment(self, doc: dict[str, Any]) -> str:
        with language.using(self.language):
            return pages.fragment(self.marked(doc), self.extra() if self.extra is not None else "")

    def redraw(self) -> None:
        """Make the TV's fragment again from the document last made (what :attr:`extra` shows
        changed, not the file): a new version when it differs, and every page told."""
        if self.doc:
            html = self._fragment(self.doc)
            if html != self.html:
                self.html, self.version = html, self.version + 1
        self._wake()

    @property
    def streams(self) -> int:
        """The event streams open now, the TV's pages and the seats' together."""
        return self.budget.total

    def notify(self) -> None:
        """Wake every stream waiting in :meth:`wait` or :meth:`changed` now (this server just wrote
        the file: the seats' pages follow at once, before the change notice arrives)."""
        self._wake()

    async def wait(self, timeout: float) -> None:
        """Wait ``timeout`` seconds before the next look at the file, or until the board changes
        or :meth:`notify` is called."""
        if self._changed is None:
            self._changed = asyncio.Event()
        with suppress(TimeoutError):
            await asyncio.wait_for(self._changed.wait(), timeout)

    def _made(self, held: int, game: Game | None) -> None:
        """The TV's document and fragment made from the game held (version ``held``), if not made
        already: a new :attr:`version` when the fragment or the game's moves changed."""
        if held == self._seen:
            return
        self._seen = held
        with language.using(self.language):
            doc = _printable(model.waiting(self.holder.error)) if game is None else self._board(game)
        html = self._fragment(doc)
        moves = list(game.moves) if game is not None else []
        # a move that changes a seat's view but not the TV's (a purchase while holdings are
        # hidden) is a new version too, so that the seats' pages follow it
        if html != self.html or moves != self._moves:
            self._moves = moves
            self.doc, self.html, self.version = doc, html, self.version + 1
            self._wake()
        if self.bots is not None and game is not None:
            self.bots.poke()  # a bot's decision may be pending now: it thinks in a task of its own

    def _board(self, game: Game) -> dict[str, Any]:
        """The TV's document for ``game``, with what to do for a bot seat (table_bot), or the
        waiting document when the file's bot seats are broken."""
        from acquire_ref.programs.table_bot import said

        record = self.holder.record
        try:
            bot = said(record, game) if record is not None else []
        except AcquireError as exc:
            return _printable(model.waiting(str(exc)))
        return _printable(self.coloured({**model.board(game), "bot": bot}, game))

    def english(self, version: int, doc: dict[str, Any]) -> dict[str, Any]:
        """``doc`` (the document of ``version``) as ``state.json`` gives it: in English whatever the
        TV's language (JSON is a protocol), made from the game last read once per version."""
        if self.language == language.SOURCE or self.game is None or version != self.version:
            return doc
        if self._english[0] != version:
            with language.using(language.SOURCE):
                self._english = (version, self._board(self.game))  # the same keys, the bot's lines too
        return self._english[1]

    def coloured(self, doc: dict[str, Any], game: Game) -> dict[str, Any]:
        """``doc`` drawn in :attr:`palette` (the Okabe-Ito colours, or as it is)."""
        if self.palette != "okabe-ito":
            return doc
        from acquire_ref.web.palette import colours, recolour

        coloured: dict[str, Any] = recolour(doc, colours(list(game.edition.names)))
        return coloured

    async def current(self) -> tuple[int, dict[str, Any], str]:
        """``(version, document, fragment)`` of the game file now (see :func:`model.board`,
        :func:`model.waiting`, :func:`pages.fragment`); ``version`` goes up each time the
        fragment changes. The file is read only when it changed, by one caller for all."""
        if await self.holder.current() != self._seen:
            await self.holder.held(self._made)
        return self.version, self.doc, self.html

    async def latest(self) -> tuple[int, dict[str, Any], str]:
        """What the reader made last, or :meth:`current` when no reader follows the file."""
        if self.following and self.version:
            return self.version, self.doc, self.html
        return await self.current()

    def _wake(self) -> None:
        """Wake every page waiting in :meth:`changed`."""
        if self._changed is not None:
            self._changed.set()
        self._changed = asyncio.Event()

    async def changed(self, seen: int, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for a version other than ``seen``; True when there is one.
        Without a reader, this looks at the file itself (:meth:`current`) after the wait."""
        if self.version != seen:
            return True
        if self._changed is None:
            self._changed = asyncio.Event()
        with suppress(TimeoutError):
            await asyncio.wait_for(self._changed.wait(), timeout)
        if not self.following:
            await self.current()
        return self.version != seen

    async def follow(self, stopping: threading.Event, poll: float = POLL) -> None:
        """The one reader: read the file, then again at each change the operating system notices
        in its folder (watchfiles), until ``stopping`` is set. Without change notices (watchfiles
        missing, the system refusing a watch, or a file name in the folder that watchfiles can't
        decode) it looks at the file's stamp every ``poll`` seconds instead."""
        self.following = True
        try:
            await self.current()
            try:
                await self._notices(stopping)
            except* (ImportError, OSError, RuntimeError, ValueError):  # no notices to be had (watchfiles
                # missing, inotify refused, a name in the folder that is not UTF-8, which watchfiles
                # can't decode, raised from its task group): look at the file instead
                while not stopping.is_set():
                    await asyncio.sleep(poll)
                    await self.current()
        finally:
            self.following = False

    @asynccontextmanager
    async def reading(self, stopping: threading.Event, poll: float = POLL) -> AsyncIterator[None]:
        """While the application runs (its lifespan): :meth:`follow` the file in a task; at the
        end set ``stopping`` and wait for the reader to finish (at most 5 seconds)."""
        reader = asyncio.create_task(self.follow(stopping, poll))
        try:
            yield
        finally:
            stopping.set()  # the watch ends at its next step
            if self.bots is not None and self.bots.task is not None:
                self.bots.task.cancel()  # a bot thinking now is not waited for
            with suppress(asyncio.CancelledError, TimeoutError):
                await asyncio.wait_for(reader, 5)

    async def _notices(self, stopping: threading.Event) -> None:
        """Read the file at each change notice for it (or its link's target), and every
        :data:`SAFETY` seconds if its stamp changed without one."""
        from watchfiles import awatch

        targets = {self.path.absolute(), self.path.resolve()}
        names = {p.name for p in targets}
        folders = sorted({str(p.parent) for p in targets if p.parent.is_dir()})
        if not folders:
            raise OSError("the game file's folder is gone")

        def ours(_change: object, where: str) -> bool:
            # a name that is not UTF-8 can't be matched as the notice spells it: any change in
            # the folder then makes the reader look at the file's stamp (a read only if it changed)
            return Path(where).name in names or not all(name.isprintable() for name in names)

        async for _ in awatch(*folders, watch_filter=ours, debounce=10, step=5, stop_event=stopping,
                              rust_timeout=int(SAFETY * 1000), yield_on_timeout=True, recursive=False):
            await self.current()


def _printable(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` with every string that holds a lone surrogate (a file name that is not UTF-8, as
    the operating system gives it) written with the surrogate made visible (``\\udcff``), so the
    document can be sent as UTF-8 JSON or HTML."""
    import json

    try:
        json.dumps(doc, ensure_ascii=False).encode("utf-8")
        return doc
    except UnicodeEncodeError:
        pass
    from acquire_ref.words import visible

    def clean(value: Any) -> Any:
        if isinstance(value, str):
            return visible(value)
        if isinstance(value, dict):
            return {clean(k): clean(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [clean(v) for v in value]
        return value

    cleaned: dict[str, Any] = clean(doc)
    return cleaned


def host_name(header: str) -> str:
    """The name of a ``Host`` header without its port, lower case, without a final dot.

    >>> host_name("LocalHost.:8765"), host_name("[::1]:80"), host_name("192.168.1.20")
    ('localhost', '[::1]', '192.168.1.20')
    """
    name = header.strip().lower()
    if name.startswith("["):
        name = name[:name.find("]") + 1] if "]" in name else name
    elif name.count(":") == 1:
        name = name.partition(":")[0]
    return name.rstrip(".")


class Guard:
    """ASGI middleware over the whole application: refuses a request whose ``Host`` names
    another server (400), redirects ``/events/`` and ``/state.json/`` to their route with a path of
    this server (308), and puts the security headers (:func:`_headers`) on every answer."""

    def __init__(self, app: ASGI, hosts: Iterable[str], routes: Iterable[str], board: FileWatch | None = None) -> None:
        self.app = app
        self.board = board
        """The board the application shows (for tests and benchmarks: its ``reads``)."""
        self.hosts = frozenset(host_name(h) for h in hosts)
        self.routes = frozenset(routes)
        self.headers = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in pages.security_headers().items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def guarded(message: Message) -> None:
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []), *(h for h in self.headers if h[0] not in have)]
            await send(message)

        sent = dict(scope.get("headers", []))
        name = host_name(sent.get(b"host", b"").decode("latin-1"))
        if name not in self.hosts:
            await Response(self.refusal(name), status_code=400, media_type="text/plain")(scope, receive, guarded)
            return
        path = scope.get("path", "")
        if path.endswith("/") and path.rstrip("/") in self.routes:
            await Response(status_code=308, headers={"Location": path.rstrip("/")})(scope, receive, guarded)
            return
        await self.app(scope, receive, guarded)

    def refusal(self, name: str) -> str:
        """The 400's line for a request naming ``name`` (its ``Host``, ``""`` when it names none),
        in the server's language (the board's: the one it was started with)."""
        with language.using(self.board.language if self.board is not None else None):
            shown = repr(name[:60]) if name else language._("none")
            return language._("This server answers to {names} only, and the request names {host} (Host): open one of "
                              "the addresses `acquire-ref serve` printed.").format(
                names=", ".join(sorted(self.hosts)), host=shown) + "\n"


async def board_events(request: Request, board: FileWatch, poll: float, stopping: threading.Event) -> AsyncIterator[str]:
    """The live board's event stream for one page: the board fragment each time what it shows
    changes (``board`` events), a comment every :data:`KEEPALIVE` seconds of quiet, until the
    page goes or ``stopping`` is set (looked at every ``poll`` seconds)."""
    from acquire_ref.web.guard import sse

    sent, quiet = -1, 0.0
    yield "retry: 1000\n\n"
    while not stopping.is_set() and not await request.is_disconnected():
        version, html = board.version, board.html
        if html and version != sent:
            sent, quiet = version, 0.0
            yield sse("board", html)
        elif quiet >= KEEPALIVE:
            quiet = 0.0
            yield ": still here\n\n"
        if not await board.changed(sent, poll):
            quiet += poll


def _seat_routes(path: Path, board: FileWatch, poll: float, stopping: threading.Event, join: str | None) -> list[Route]:
    """The seats' routes, and with ``join`` the room's: the join page, and its panel on the TV."""
    from acquire_ref.web.room import Room
    from acquire_ref.web.seats import SeatRoutes

    room = Room(path, join)
    seats = SeatRoutes(path, board, poll, stopping, KEEPALIVE, room)
    routes = seats.routes()
    if join is not None:
        from acquire_ref.web import join as joining

        routes += joining.routes(seats)
        board.extra = lambda: joining.panel(seats)
        room.changed = board.redraw
        from acquire_ref.web.room_bot import RoomBot

        async def told() -> None:  # a bot's move is written: every page follows, the next bot looks
            board.notify()
            await board.current()

        board.bots = seats.bots = RoomBot(board.holder, room, told)
    return routes


def create_app(path: Path, poll: float = POLL, stopping: threading.Event | None = None,
               hosts: Iterable[str] = (), join: str | None = None, palette: str = "edition",
               lang: str | None = None) -> Guard:
    """The application serving the live board of the game file at ``path``: one reader follows
    the file (:meth:`FileWatch.follow`, started with the application, looking every ``poll``
    seconds where there are no change notices); once ``stopping`` is set, the reader and every
    event stream end (within ``poll`` seconds), so that the server stops at once. It answers to
    the names in ``hosts`` (the addresses the server printed) and to :data:`LOOPBACK`. With
    ``join`` (the join page's full address: ``acquire-ref room``) it also serves the join page
    and the TV's page shows it with its QR code while a seat is free (:mod:`acquire_ref.web.join`).
    ``palette`` is ``edition`` or ``okabe-ito`` (:mod:`acquire_ref.web.palette`), for every page.
    ``lang`` is the TV's language (the room's; else the language in force): each phone's page
    speaks its own (:mod:`acquire_ref.web.language`)."""
    board = FileWatch(path)  # the one game holder of the TV's board, the seats and the review
    board.language = lang or board.language
    board.palette = palette
    stopping = stopping or threading.Event()

    async def page(request: Request) -> Response:
        _, doc, _ = await board.latest()
        with language.using(board.language):
            return HTMLResponse(pages.live_page(board.marked(doc), board.extra() if board.extra is not None else ""))

    async def state(request: Request) -> Response:
        from acquire_ref.words import json_text

        version, doc, _ = await board.latest()
        doc = board.english(version, doc)
        return Response(json_text({"version": version, **doc}, indent=None), media_type="application/json")

    async def events(request: Request) -> Response:
        from acquire_ref.web.guard import BudgetedStream

        if not board.version:
            await board.latest()
        slot = board.budget.address(request.client.host if request.client else "?")
        if isinstance(slot, str):  # the place is taken here, before the stream runs: no burst passes the cap
            return Response(slot + "\n", status_code=503, media_type="text/plain")
        return BudgetedStream(board_events(request, board, poll, stopping), slot, {})

    routes = [Route("/", page, methods=["GET"]), Route("/events", events, methods=["GET"]),
              Route("/state.json", state, methods=["GET"])]
    from acquire_ref.web import review

    routes += _seat_routes(path, board, poll, stopping, join)
    routes += review.routes(path, board.holder, board.language)  # the post-game review, move by move
    app = Starlette(routes=routes, lifespan=lambda _app: board.reading(stopping, poll))
    app.router.redirect_slashes = False  # its redirect names the Host sent; Guard redirects instead
    return Guard(app, [*LOOPBACK, *hosts], ["/events", "/state.json", "/review", "/review.json"], board)
