"""The seats' routes of the live board's server (DESIGN 9): each player's own page, its state,
its event stream and its one write route, all under ``/seat/TOKEN``.

- ``GET /seat/TOKEN``: the seat's page (:mod:`.seat_model`), with the page's CSRF token in
  ``<meta name="csrf-token">``;
- ``GET /seat/TOKEN/state.json``: the seat's document with its ``version``;
- ``GET /seat/TOKEN/events``: server-sent events, one ``seat`` event carrying the part of the
  page that changes, at once and on each change of the game file;
- ``POST /seat/TOKEN/move``: ``{"move": NOTATION, "version": N}`` with the CSRF token in
  ``X-CSRF-Token`` and an ``Origin`` that is this server's. The move is applied through
  :class:`acquire_ref.files.session.GameFile` (lock, version check, atomic write) only when the
  pending decision is the seat's and ``version`` is the game's (both checked under the lock).
  Answers ``{"ok": true, "version", "did", "move"}``; ``{"ok": false, "error"}`` with 400 (not a
  move, or not a legal one; not JSON, a key given twice, brackets nested deep), 403 (bad token,
  CSRF token or origin; another seat's decision; the market's draw, R9), 409 (stale version: the
  page reloads its state), 413 (a body over :data:`BODY` bytes), 429 (too many bad tokens from
  one address) or 503 (the file is busy or can't be read). A long value in a refusal is cut to
  its first 60 characters and its length.

A token that names no seat counts against its client address (:class:`Bucket`); a correct one
never does, nor any while the game file or the side file can't be read (503). The tokens are
read from the side file (:mod:`.tokens`) again when it changes, so ``seats --new`` takes effect
at once, open event streams included (:meth:`Seats.standing`); each seat has its own few streams
(:mod:`acquire_ref.web.guard`). No token is ever logged (the server has no access log).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import threading
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from acquire_ref.engine.errors import AcquireError, IllegalMoveError, NotationError
from acquire_ref.engine.tiles import parse_tile
from acquire_ref.files import seat_links as tokens
from acquire_ref.language import _, using
from acquire_ref.web import pages, seat_model
from acquire_ref.web import room as rooms
from acquire_ref.web.guard import Bucket, BudgetedStream, StreamBudget, sse
from acquire_ref.web.language import of_request, remember

__all__ = ["BODY", "Bucket", "Refused", "SeatRoutes", "Seats", "routes"]

if TYPE_CHECKING:
    from acquire_ref.engine.game import Game
    from acquire_ref.engine.moves import Start
    from acquire_ref.files.session import GameFile
    from acquire_ref.web.room_bot import RoomBot

BODY = 4096
"""The largest move request read, in bytes."""


class Refused(Exception):
    """A move request refused before any move: ``status`` and the reason."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status


def speaking(request: Request, default: str | None = None) -> str:
    """The language of a seat's page (:func:`acquire_ref.web.language.of_request`): the phone's own,
    else ``default`` (the room's, ``room --lang``)."""
    return of_request(request, default)


def _stale(shown: int, player: str) -> Callable[[Game], None]:
    def check(game: Game) -> None:
        if game.pending.decision == "market":  # R9: drawn from the bag at the table, typed by the referee
            raise Refused(403, _("the market's tile (R9) is drawn from the bag and typed at the referee's screen, "
                                 "not chosen from a seat"))
        if game.pending.player != player or game.over:
            raise Refused(403, _("the pending decision is not {player}'s: the page shows it again").format(player=player))
        if seat_model.version(game) != shown:
            raise Refused(409, _moved_on())
    return check


def _moved_on() -> str:
    """The refusal of an answer sent from a page that shows an older version of the game."""
    return _("the game has moved on since this page was drawn: it shows the game as it is now")


def _revealed(game: Game) -> str:
    """What the game's last move showed the table that a take-back from a phone could not hide
    again, as the refusal of that take-back, or "" when nothing: a merger's bonuses (who leads a chain, R10.1: with hidden
    holdings a move could be tried and taken back to learn it), the market's tile (R9), tiles
    discarded and replaced (R7.3), or in dealt mode a tile drawn into the player's rack (R7.1: the
    bag's order is fixed, so the player would know their next tile)."""
    from acquire_ref.engine import events as ev

    happened = game.log[-1].events
    if any(isinstance(e, ev.MergerBegan | ev.BonusPaid | ev.MarketDraw | ev.NoBonus) for e in happened):
        return _("that move paid a merger's bonuses (R5.4), which taking it back can't hide again: only the referee "
                 "takes it back (acquire-ref undo)")
    if any(isinstance(e, ev.TilesDiscarded) for e in happened):
        return _("that move replaced dead tiles from the bag (R7.3), which taking it back can't hide again: only the "
                 "referee takes it back (acquire-ref undo)")
    if game.supply.knows_racks and any(isinstance(e, ev.TurnFinished) for e in happened):
        return _("that move ended a turn that drew a tile from the bag (R7.1), which taking it back can't hide again: "
                 "only the referee takes it back (acquire-ref undo)")
    return ""


def same_origin(request: Request) -> bool:
    """Whether ``request`` was sent by a page of this server: its ``Origin`` is the scheme and
    ``Host`` it was sent to (a page elsewhere can't post a move or a claim for a phone)."""
    return request.headers.get("origin", "") == f"{request.url.scheme}://{request.headers.get('host', '')}"


async def json_body(request: Request, what: str, shape: str) -> Any:
    """The JSON body of ``request`` (``what`` it is, for messages; ``shape`` what it should look
    like), read up to :data:`BODY` bytes. Raises :class:`Refused`: 413 past that, 400 for text
    that is not UTF-8 JSON, brackets nested deeper than the reader goes, or a key given twice
    (the pipe refuses those too)."""
    from acquire_ref.programs.pipe import _unique

    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > BODY:
            raise Refused(413, _("{what} is at most {size} bytes").format(what=what, size=BODY))
    try:
        return json.loads(body.decode("utf-8"), object_pairs_hook=_unique)
    except UnicodeDecodeError:
        raise Refused(400, _("send JSON in UTF-8: {shape}").format(shape=shape)) from None
    except RecursionError:  # brackets nested deeper than Python's JSON reader goes
        raise Refused(400, _("send JSON: {shape}, not brackets nested deep").format(shape=shape)) from None
    except ValueError as exc:  # not JSON, or a key given twice
        raise Refused(400, _("send JSON: {shape}: {why}").format(shape=shape, why=exc)) from None


class Seats:
    """The seats of the game file at ``path``: their tokens (from the side file) and the CSRF
    token of each, made from a secret of this server so that a page's token dies with it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.secret = secrets.token_bytes(32)
        self.bucket = Bucket()
        self._kept: dict[str, str] | None = {}
        self.refused = ""
        """Why the side file was refused at its last read ("" when it was not)."""
        self._stamp: object = None

    def kept(self, players: list[str]) -> dict[str, str] | None:
        """``{player: token}`` from the side file, read again when it changed; empty when there
        is none, None when it is refused (then ``refused`` says why, and no seat page opens until
        ``seats`` makes it right)."""
        from acquire_ref.files.storage import stamp

        now = (stamp(tokens.side_file(self.path)), tuple(players))
        if now != self._stamp:
            try:
                self._kept, self.refused = tokens.read(self.path, players) or {}, ""
            except AcquireError as exc:
                self._kept, self.refused = None, str(exc)
            self._stamp = now
        return self._kept

    def standing(self, game: Game | None, player: str, token: str) -> bool | None:
        """Whether ``token`` still opens ``player``'s seat of ``game``: what a seat's stream checks
        at every look. True or False when that can be told; None while it can't (the game file or
        the side file can't be read just now: being edited, or broken). False once the link was
        renewed or the player is not in the game any more (another game put in the file)."""
        if game is None:
            return None
        if player not in game.players:
            return False
        kept = self.kept(list(game.players))
        return None if kept is None else tokens.seat_of(kept, token) == player

    def csrf(self, token: str) -> str:
        """The CSRF token of the seat page of ``token``."""
        return hmac.new(self.secret, token.encode(), hashlib.sha256).hexdigest()


class SeatRoutes:
    """The seat routes for the game file at ``path``; ``board`` is the server's one reader of the
    file (:class:`acquire_ref.web.app.FileWatch`, whose ``holder`` is the game the server holds),
    ``poll`` the seconds between looks, ``stopping`` ends the streams,
    ``keepalive`` the seconds of silence before a comment keeps a stream open."""

    def __init__(self, path: Path, board: Any, poll: float, stopping: threading.Event, keepalive: float,
                 room: rooms.Room | None = None) -> None:
        self.path, self.board, self.poll, self.stopping, self.keepalive = path, board, poll, stopping, keepalive
        self.seats = Seats(path)
        self.room = room or rooms.Room(path)
        self.headers = pages.security_headers("seat.js")
        """What every answer carries (the seat page's script allowed)."""
        self.cache: dict[tuple[int, str, int, str], tuple[dict[str, Any], str]] = {}
        self.bots: RoomBot | None = None
        """The room's bot seats (:mod:`acquire_ref.web.room_bot`), or None (``serve``)."""

    def routes(self) -> list[Route]:
        """The four routes of :mod:`acquire_ref.web.seats`."""
        return [Route("/seat/{token}", self.page, methods=["GET"]),
                Route("/seat/{token}/state.json", self.state, methods=["GET"]),
                Route("/seat/{token}/events", self.events, methods=["GET"]),
                Route("/seat/{token}/move", self.post, methods=["POST"])]

    def refuse(self, status: int, reason: str) -> Response:
        """A refusal: ``{"ok": false, "error": reason}`` with ``status``; a long value in
        ``reason`` is cut to its first 60 characters and its length (:func:`acquire_ref.programs.pipe.refusal_text`)."""
        from acquire_ref.programs.pipe import refusal_text

        return JSONResponse({"ok": False, "error": refusal_text(reason)}, status_code=status, headers=self.headers)

    async def who(self, request: Request) -> str | Response:
        """The player whose token the request's path carries, or the refusal, in the phone's
        language: 503 while the game file or the side file can't be read (being edited, broken:
        nothing is counted), else 403 for a link that names no seat, counted against the client's
        address, and 429 once that address has tried too many wrong links. A correct link is never
        refused by the count."""
        with using(speaking(request, self.board.language)):
            return await self._who(request)

    async def _who(self, request: Request) -> str | Response:
        await self.board.current()
        game = self.board.game
        if game is None:
            return self.refuse(503, _("the game file can't be read just now (being edited, or broken): this page "
                                      "tries again"))
        kept = self.seats.kept(list(game.players))
        if kept is None:
            return self.refuse(503, _("the seats' links can't be read just now: {why}").format(why=self.seats.refused))
        player = tokens.seat_of(kept, request.path_params["token"])
        record = self.board.holder.record
        if player is not None and record is not None and player in record.bots:  # R10: its rack is no phone's
            return self.refuse(403, _("{player}'s seat is played by the server (a bot): no phone opens it").format(player=player))
        if player is not None:
            self.room.saw(request.path_params["token"], list(game.players))
            return player
        client = request.client.host if request.client else "?"
        if not self.seats.bucket.allowed(client):
            return self.refuse(429, _("too many wrong links from this address: wait a little"))
        self.seats.bucket.spend(client)
        return self.refuse(403, _("this link is no seat of this game: ask for the link again (acquire-ref seats)"))

    async def document(self, player: str, lang: str = "en") -> tuple[int, dict[str, Any], str]:
        """``(version, document, fragment)`` of ``player``'s seat now in the language ``lang``, made
        once per change; the waiting state while the file can't be read or has no such player
        (replaced by another game)."""
        version, _, _ = await self.board.current()
        key = (version, player, self.room.version, lang)
        if key not in self.cache:
            def seat(_held: int, game: Game | None) -> dict[str, Any]:
                with using(lang):
                    if game is not None and player in game.players:
                        return self.made(game, player)
                    return {"waiting": self.board.doc.get("waiting", "") or "this seat is not in the game file now"}

            doc = await self.board.holder.held(seat)
            if len(self.cache) > 64:
                self.cache.clear()
            with using(lang):
                self.cache[key] = (doc, pages.seat_fragment(doc))
        doc, html = self.cache[key]
        return version, doc, html

    def made(self, game: Game, player: str) -> dict[str, Any]:
        """``player``'s seat document (:func:`seat_model.seat`) with what the room adds: the start
        tile decision (R2.2) for each seat whose tile is not in, the seat's ``code``, the last
        take-back ``note`` and, once the game is over, the ``review`` link."""
        doc: dict[str, Any] = self.board.coloured(seat_model.seat(game, player), game)
        if game.pending.decision == "start":
            starts = self.room.start_tiles(game)
            doc["turn"] = player not in starts
            doc["ask"] = rooms.start_ask(game, player, starts)
        kept = self.seats.kept(list(game.players)) or {}
        doc["code"] = tokens.seat_code(kept[player]) if player in kept else ""
        doc["note"] = self.room.said(doc["version"])
        doc["review"] = "/review" if game.over else None
        if self.bots is not None:  # a bot thinking, and the tiles this phone types for a bot it minds
            doc["thinking"] = self.bots.mark()
            doc["mind"] = self.bots.mind(self.board.holder.record, game, player, self.room.start_tiles(game))
        last = game.log[-1] if game.log else None
        mine = last is not None and last.player == player and not game.over and not _revealed(game)
        doc["undo"] = str(last.move) if mine and last is not None else None  # only what a take-back can hide
        return doc

    async def page(self, request: Request) -> Response:
        """``GET /seat/TOKEN``: the seat's page."""
        player = await self.who(request)
        if isinstance(player, Response):
            return player
        lang = speaking(request, self.board.language)
        _, doc, _ = await self.document(player, lang)
        csrf = self.seats.csrf(request.path_params["token"])
        with using(lang):
            return remember(request, HTMLResponse(pages.seat_page(doc, csrf), headers=self.headers))

    async def state(self, request: Request) -> Response:
        """``GET /seat/TOKEN/state.json``: the seat's document with its ``version``."""
        player = await self.who(request)
        if isinstance(player, Response):
            return player
        _, doc, _ = await self.document(player)  # JSON stays English, whatever the page's language
        return JSONResponse(doc, headers=self.headers)

    async def stream(self, request: Request, player: str) -> AsyncIterator[str]:
        """The seat's events: its fragment at once and at each change, until the page goes, the
        server stops, or the link no longer names ``player``'s seat (:meth:`Seats.standing`,
        checked at every look, every ``poll`` seconds: after ``seats --new``, or a file replaced by
        another game, the stream ends). While the files can't be read, nothing new is sent."""
        sent, quiet = "", 0.0
        token = request.path_params["token"]
        yield "retry: 1000\n\n"
        while not self.stopping.is_set() and not await request.is_disconnected():
            _, _, html = await self.document(player, speaking(request, self.board.language))
            standing = self.seats.standing(self.board.game, player, token)
            if standing is False:
                return  # the link was renewed or the seat is gone: not one more event for it
            if standing and html != sent:  # None: can't be told now; only what changes this seat's page
                sent, quiet = html, 0.0
                yield sse("seat", html)
            elif quiet >= self.keepalive:
                quiet = 0.0
                yield ": still here\n\n"
            await self.board.wait(self.poll)
            quiet += self.poll

    async def events(self, request: Request) -> Response:
        """``GET /seat/TOKEN/events``: the seat's event stream, within the seat's own budget
        (:data:`~acquire_ref.web.guard.PER_SEAT` streams; 503 beyond)."""
        player = await self.who(request)
        if isinstance(player, Response):
            return player
        budget: StreamBudget = self.board.budget
        slot = budget.seat(player)
        if isinstance(slot, str):
            return Response(slot + "\n", status_code=503, media_type="text/plain", headers=self.headers)
        return BudgetedStream(self.stream(request, player), slot, self.headers)

    def write_in(self, handle: GameFile, lang: str, player: str, move: str, shown: int) -> dict[str, Any]:
        """:meth:`write` in the phone's language ``lang``: what was done and every refusal in its words."""
        with using(lang):
            return self.write(handle, player, move, shown)

    def write(self, handle: GameFile, player: str, move: str, shown: int) -> dict[str, Any]:
        """Apply ``move`` for ``player`` through ``handle`` (the server's one
        :class:`~acquire_ref.files.session.GameFile`), if the game is still version ``shown`` and the
        decision ``player``'s (checked under the file's lock). Returns the answer; raises
        :class:`Refused` and the game's errors."""
        from acquire_ref.engine.moves import Start
        from acquire_ref.web.room_bot import VERB

        if self.bots is not None and move.split()[:1] and move.split()[0].lower() == VERB:
            return self.bots.drew(handle, player, move, lambda game, bot, tile: self.start_tile(
                handle, bot, Start((parse_tile(tile, game.edition.grid),))))
        asked = rooms.parse(move, handle.game)
        if asked is None:
            return self.take_back(handle, player, shown)
        if isinstance(asked, Start):
            done = self.start_tile(handle, player, asked)
            if done is None:
                waiting = [p for p in handle.game.players if p not in self.room.starts]
                return {"ok": True, "move": str(asked), "version": seat_model.version(handle.game),
                        "did": _("Your start tile is {tile}; waiting for {players}").format(
                            tile=self.room.starts[player], players=_(", ").join(waiting))}
            return done
        added, error = handle.apply_all([asked], before=_stale(shown, player))
        if error is not None:
            raise error
        doc = seat_model.seat(handle.game, player)
        return {"ok": True, "move": str(handle.game.moves[-1]) if added else move, "version": doc["version"],
                "did": doc["board"]["last"]}

    def start_tile(self, handle: GameFile, player: str, asked: Start) -> dict[str, Any] | None:
        """``player``'s start tile ``asked`` (R2.2, :func:`rooms.enter_start`) kept; once every
        player's is in, the one ``start`` move applied through ``handle`` and its answer returned
        (None while tiles are still to come). Raises the refusals of the tile and of the move."""
        from acquire_ref.engine.moves import Start

        with self.room.lock:
            tiles = rooms.enter_start(self.room, handle.game, player, asked)
            self.room.bump()
            if tiles is None:
                return None
            added, error = handle.apply_all([Start(tuple(parse_tile(t) for t in tiles))], before=_starting)
            self.room.starts.clear()
        if error is not None:
            raise error
        doc = seat_model.seat(handle.game, player)
        return {"ok": True, "move": str(handle.game.moves[-1]) if added else str(asked), "version": doc["version"],
                "did": doc["board"]["last"]}

    def take_back(self, handle: GameFile, player: str, shown: int) -> dict[str, Any]:
        """``undo`` from ``player``'s seat: their own last move taken back, while it is the game's
        last move and the page shows the game as it is (checked under the lock). Raises
        :class:`Refused` (403 for another's move, 409 for a stale page)."""
        def mine(game: Game) -> None:
            if game.over:
                raise Refused(403, _("the game is over: only the referee takes back the final payout (acquire-ref undo)"))
            if not game.log or game.log[-1].player != player:
                raise Refused(403, _("you can take back only your own last move, while nobody has answered since: "
                                     "the referee takes back anything older (acquire-ref undo)"))
            revealed = _revealed(game)
            if revealed:
                raise Refused(403, revealed)
            if seat_model.version(game) != shown:
                raise Refused(409, _moved_on())

        before = handle.game
        taken = handle.undo(1, before=mine)
        from acquire_ref.viewers.views import move_text

        doc = seat_model.seat(handle.game, player)
        # worded for each screen when it is drawn, in that screen's language; the move as every screen may see it (R10.1)
        self.room.note = (doc["version"], lambda: _("{player} took back {move}").format(
            player=player, move=move_text(before, taken[0])))
        what = move_text(before, taken[0])
        self.room.bump()
        return {"ok": True, "move": "undo", "version": doc["version"],
                "did": _("You took back {move}").format(move=what)}

    async def checked(self, request: Request) -> tuple[str, dict[str, Any]] | Response:
        """The player and the ``{move, version}`` asked by a move request, or its refusal in the
        phone's language."""
        with using(speaking(request, self.board.language)):
            return await self._checked(request)

    async def _checked(self, request: Request) -> tuple[str, dict[str, Any]] | Response:
        player = await self.who(request)
        if isinstance(player, Response):
            return player
        if not same_origin(request):
            return self.refuse(403, _("this request does not come from the seat's own page (Origin)"))
        csrf = self.seats.csrf(request.path_params["token"])
        if not hmac.compare_digest(request.headers.get("x-csrf-token", "").encode(), csrf.encode()):
            return self.refuse(403, _("this request does not come from the seat's own page (CSRF token): reload it"))
        shape = '{"move": "<notation>", "version": N}'
        try:
            asked = await json_body(request, _("a move request"), shape)
        except Refused as exc:
            return self.refuse(exc.status, str(exc))
        if not isinstance(asked, dict) or not isinstance(asked.get("move"), str) or type(asked.get("version")) is not int:
            return self.refuse(400, _("send JSON: {shape}").format(shape=shape))
        return player, asked

    async def post(self, request: Request) -> Response:
        """``POST /seat/TOKEN/move``: the seat's answer (see the module's description)."""
        found = await self.checked(request)
        if isinstance(found, Response):
            return found
        player, asked = found
        room = self.room.version
        lang = speaking(request, self.board.language)
        try:
            done = await self.board.holder.change(lambda handle: self.write_in(handle, lang, player, asked["move"],
                                                                               asked["version"]))
        except Refused as exc:
            return self.refuse(exc.status, str(exc))
        except (NotationError, IllegalMoveError) as exc:
            with using(lang):  # a refusal is worded when it is shown: in the phone's language
                return self.refuse(400, str(exc))
        except AcquireError as exc:  # busy (another program holds the lock) or the file can't be read
            with using(lang):
                return self.refuse(503, str(exc))
        if self.room.version != room:
            self.board.redraw()  # the TV's room panel changed (a start tile, a take-back): drawn again
        self.board.notify()  # every page follows at once, without waiting for the next look
        if self.bots is not None:
            await self.board.current()  # the game held made into pages now: a bot's decision is seen at once
        return JSONResponse(done, headers=self.headers)


def _starting(game: Game) -> None:
    """Refuses the start tiles once the game has started (another seat's last tile came first)."""
    if game.pending.decision != "start":
        raise Refused(409, _("the start tiles are on the board already: the page shows the game as it is now"))


def routes(path: Path, board: Any, poll: float, stopping: threading.Event, keepalive: float,
           room: rooms.Room | None = None) -> list[Route]:
    """The seat routes for the game file at ``path`` (:class:`SeatRoutes`)."""
    return SeatRoutes(path, board, poll, stopping, keepalive, room).routes()
