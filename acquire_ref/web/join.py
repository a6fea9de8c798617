"""Joining the room from the TV (``acquire-ref room``, DESIGN 9): the join page, the claim of a
seat, and the TV's join panel with its QR code.

- ``GET /join``: the seats by name, each free or joined; a free one is claimed with one tap, a
  joined one only with the seat's own code (shown on its phone);
- ``POST /join/claim``: ``{"player": NAME}`` or ``{"player": NAME, "code": "123456"}`` from this
  server's own page (``Origin``). The seat gets a new token (:func:`seat_links.renew`): the link
  answered, ``{"ok": true, "url": "/seat/TOKEN"}``, is the only way into the seat from then on,
  and the phone keeps it (the page is that link; the join page remembers it on the phone).
  Refusals: 400 (no such seat, not JSON), 403 (not this server's page, a wrong code), 409 (the
  seat is joined already: its code is needed), 429 (too many wrong codes from one address).

The TV's panel (:func:`panel`) shows the join address as text and as a QR code while any seat is
free, each seat as joined or free, the start tiles still to come, the last take-back, and once
the game is over the review's address.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from acquire_ref.engine.errors import AcquireError
from acquire_ref.files import seat_links as tokens
from acquire_ref.language import _, using
from acquire_ref.web import pages
from acquire_ref.web.language import of_request, remember
from acquire_ref.web.room import JOIN
from acquire_ref.web.seats import Bucket, Refused, json_body, same_origin

if TYPE_CHECKING:
    from acquire_ref.engine.game import Game
    from acquire_ref.web.seats import SeatRoutes

BODY = 1024
"""The largest claim request read, in bytes."""


def qr_svg(url: str) -> Markup:
    """``url`` as a QR code in SVG (our own markup: segno's drawing of a URL this server made),
    sized by its page's style sheet."""
    import segno

    return Markup(segno.make(url, error="m").svg_inline(scale=1, omitsize=True, border=2, dark="#000", light="#fff"))


def bot_seats(seats: SeatRoutes) -> set[str]:
    """The seats of the game held that a bot plays (:mod:`acquire_ref.web.room_bot`): no phone joins them."""
    record = seats.board.holder.record
    return set(record.bots) if record is not None else set()


def panel(seats: SeatRoutes) -> str:
    """The TV's join panel of the room of ``seats`` (see the module's description), or nothing
    while the game file can't be read."""
    game, room = seats.board.game, seats.room
    if game is None or room.join is None:
        return ""
    kept = seats.seats.kept(list(game.players)) or {}  # None: the side file is refused, so no seat shows as joined
    listed = room.seats(list(game.players), kept, bot_seats(seats))
    starts = room.start_tiles(game)
    waiting = [p for p in game.players if p not in starts] if game.pending.decision == "start" else []
    free = any(not s["joined"] and not s["bot"] for s in listed)
    from acquire_ref.web.seat_model import version

    review = room.join.removesuffix(JOIN) + "/review" if game.over else None
    return pages.render("room_panel.html", seats=listed, join=room.join, qr=qr_svg(room.join) if free else None,
                        waiting=waiting, note=room.said(version(game)), review=review, minders=_minders(seats, game))


def _minders(seats: SeatRoutes, game: Game) -> list[dict[str, str]]:
    """``[{"bot", "minder"}]``: the phone that types the tiles drawn for each bot seat (table mode)."""
    from acquire_ref.web.room_bot import minder

    bots = bot_seats(seats)
    if game.supply.knows_racks or game.over:
        return []
    return [{"bot": b, "minder": m} for b in game.players if b in bots
            if (m := minder(list(game.players), bots, b)) is not None]


CODES_PER_SEAT = 20
"""Wrong codes a seat takes at once, from all addresses together (1 in 50,000 of its codes)."""
CODES_REFILL = 1 / 120
"""Wrong codes a seat takes back a second: one every two minutes."""


class JoinRoutes:
    """The join page and its claim route for the room of ``seats``."""

    def __init__(self, seats: SeatRoutes) -> None:
        self.seats = seats
        self.headers = pages.security_headers("join.js")
        """What every answer carries (the join page's script allowed)."""
        self.bucket = Bucket()
        """Wrong seat codes per client address."""
        self.codes = Bucket(CODES_PER_SEAT, CODES_REFILL)
        """Wrong codes per seat, from every address together: a six-digit code tried from many
        addresses is bounded too; once spent, no code is taken for that seat, the right one
        included, until it refills (or the referee releases the seat)."""

    def refuse(self, status: int, reason: str) -> Response:
        """A refusal: ``{"ok": false, "error": reason}`` with ``status``."""
        return JSONResponse({"ok": False, "error": reason}, status_code=status, headers=self.headers)

    async def page(self, request: Request) -> Response:
        """``GET /join``: the seats by name, free or joined."""
        await self.seats.board.current()
        game = self.seats.board.game
        kept = None if game is None else self.seats.seats.kept(list(game.players))
        listed = [] if game is None or kept is None else self.seats.room.seats(list(game.players), kept,
                                                                                 bot_seats(self.seats))
        with using(of_request(request, self.seats.board.language)):
            html = pages.environment().get_template("join.html").render(
                seats=listed, css=pages.asset("seat.css"), script=pages.asset("join.js"),
                over=game is not None and game.over, waiting=self.seats.board.doc.get("waiting"))
        return remember(request, HTMLResponse(html, headers=self.headers))

    async def asked(self, request: Request) -> dict[str, Any] | Response:
        """The claim's ``{"player", "code"}``, or its refusal (in the language in force)."""
        if not same_origin(request):
            return self.refuse(403, _("this request does not come from the join page (Origin)"))
        shape = _('{player} (and "code" to take a joined seat over)').format(player='{"player": "<name>"}')
        try:
            asked = await json_body(request, _("a claim"), shape)
        except Refused as exc:
            return self.refuse(exc.status, str(exc))
        if not isinstance(asked, dict) or not isinstance(asked.get("player"), str) \
                or not isinstance(asked.get("code", ""), str):
            return self.refuse(400, _("send JSON: {shape}").format(shape=shape))
        return asked

    async def claim(self, request: Request) -> Response:
        """``POST /join/claim``: the seat's new link, or the refusal (see the module), in the
        phone's language (:func:`~acquire_ref.web.language.of_request`)."""
        with using(of_request(request, self.seats.board.language)):
            return await self._claim(request)

    async def _claim(self, request: Request) -> Response:
        asked = await self.asked(request)
        if isinstance(asked, Response):
            return asked
        client = request.client.host if request.client else "?"
        await self.seats.board.current()
        game, room = self.seats.board.game, self.seats.room
        if game is None:
            return self.refuse(503, _("the game file can't be read just now: try again"))
        players, player, code = list(game.players), asked["player"], asked.get("code", "").strip()
        if player not in players:
            return self.refuse(400, _("there is no seat for {player}: the seats are {players}").format(
                player=repr(player[:40]), players=_(", ").join(players)))
        if player in bot_seats(self.seats):
            return self.refuse(400, _("{player}'s seat is played by the server (a bot): no phone takes it").format(
                player=player))
        with room.lock:
            kept = self.seats.seats.kept(players)
            if kept is None:
                return self.refuse(503, _("the seats' links can't be read just now: {why}").format(why=self.seats.seats.refused))
            if kept.get(player) in room.used | room.joined_before(players):
                if not code:
                    return self.refuse(409, _("{player}'s seat is joined already: type the code shown on "
                                              "{player}'s phone, or ask the referee to release the seat").format(
                        player=player))
                if not self.bucket.allowed(client) or not self.codes.allowed(player):
                    return self.refuse(429, _("too many wrong codes for {player}'s seat: wait a few minutes, or ask "
                                              "the referee to release it (acquire-ref room --release {player})").format(
                        player=player))
                if code != tokens.seat_code(kept[player]):
                    self.bucket.spend(client)
                    self.codes.spend(player)
                    return self.refuse(403, _("that is not {player}'s code: it is under Yours on {player}'s "
                                              "phone").format(player=player))
            try:
                made = tokens.renew(self.seats.path, players, player)
            except AcquireError as exc:
                return self.refuse(503, str(exc))
            room.mark(made[player], players)
            room.bump()
        return JSONResponse({"ok": True, "player": player, "url": f"/seat/{made[player]}"}, headers=self.headers)

    def routes(self) -> list[Route]:
        """The two routes of :mod:`acquire_ref.web.join`."""
        return [Route(JOIN, self.page, methods=["GET"]), Route(JOIN + "/claim", self.claim, methods=["POST"])]


def routes(seats: SeatRoutes) -> list[Route]:
    """The join routes of the room of ``seats`` (:class:`JoinRoutes`)."""
    return JoinRoutes(seats).routes()
