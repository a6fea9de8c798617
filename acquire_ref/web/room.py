"""The room (``acquire-ref room``): what the server keeps of the table beside the game file, and
the decisions a seat makes that are not one move of the engine (DESIGN 9).

- **Joined seats.** A seat is *joined* once its current token has opened its page on this
  server (:meth:`Room.saw`); the TV shows each seat as joined or free. A phone claims a free
  seat on the join page (``/join``), which gives that seat a new token (:func:`seat_links.renew`),
  so that the link only that phone has is the seat's one way in. A joined seat is handed to
  another device only with the seat's own code (:func:`seat_links.seat_code`, shown on its
  phone) or after the referee releases it (``acquire-ref room --release NAME``: a new token,
  nobody's yet).
- **Start tiles (R2.2).** In table mode each player sends their own start tile (``start TILE``);
  the server keeps them until every player's is in, then applies the one ``start`` move with them
  in seating order. In dealt mode any seat's ``start`` draws them all.
- **Own undo.** ``undo`` from a seat takes back that seat's own last move while it is the game's
  last move (nobody has answered a decision since); every page then says who took back what.

Nothing here is written to the game file but through :class:`acquire_ref.files.session.GameFile`; the
start tiles entered so far and the notes live in this server's memory only.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Collection
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from acquire_ref.engine.errors import AcquireError, IllegalMoveError, NotationError
from acquire_ref.files import seat_links as tokens
from acquire_ref.language import _

if TYPE_CHECKING:
    from acquire_ref.engine.game import Game
    from acquire_ref.engine.moves import Move

JOIN = "/join"
"""The join page's path."""


class Room:
    """The table's state kept by one server for the game file at ``path``: the tokens seen
    (``used``), the start tiles entered (``starts``, ``{player: tile}``), the last take-back
    note (``note``: ``(game version, words)``), and ``join``, the join page's full address
    (None when the server is no room: ``serve``). ``version`` counts the changes; ``changed``,
    when set, is called after each (the TV's page is redrawn)."""

    def __init__(self, path: Path, join: str | None = None) -> None:
        self.path = path
        self.join = join
        self.used: set[str] = set()
        self.starts: dict[str, str] = {}
        self.note: tuple[int, Callable[[], str]] | None = None
        """The last take-back: the version of the game after it, and its note worded in the
        language in force when called (each phone and the TV read it in their own)."""
        self.version = 0
        self.changed: Callable[[], None] | None = None
        self.lock = threading.Lock()

    def bump(self) -> None:
        """Count a change and tell the TV's page; from a worker thread (a seat's move being
        written) only count it: the move route redraws once the write is done."""
        import asyncio

        self.version += 1
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return
        if self.changed is not None:
            self.changed()

    def saw(self, token: str, players: list[str]) -> None:
        """The seat of ``token`` opened its page here: it is joined from now on, and the side file
        keeps it (:func:`acquire_ref.files.seat_links.mark_joined`), so that the room started again
        still asks for the seat's code (a side file that can't be written keeps it here only)."""
        if token not in self.used:
            self.mark(token, players)
            self.bump()

    def mark(self, token: str, players: list[str]) -> None:
        """The seat of ``token`` is joined: here, and in the side file when it can be written."""
        self.used.add(token)
        with suppress(AcquireError):
            tokens.mark_joined(self.path, players, token)

    def seats(self, players: list[str], kept: dict[str, str], bots: Collection[str] = ()) -> list[dict[str, Any]]:
        """``[{"player", "joined", "bot"}]`` in seating order: whether each seat's current token was
        seen, by this server or, as the side file keeps it, by an earlier one, and whether it is
        one of the ``bots`` (a seat the server plays, no phone's: never joined)."""
        earlier = self.joined_before(players)
        return [{"player": p, "joined": p not in bots and (kept.get(p) in self.used or kept.get(p) in earlier),
                 "bot": p in bots} for p in players]

    def joined_before(self, players: list[str]) -> set[str]:
        """The tokens the side file keeps as joined (by this server or an earlier one); none while
        it can't be read."""
        try:
            return tokens.joined(self.path, players)
        except AcquireError:
            return set()

    def said(self, version: int) -> str | None:
        """The take-back note while the game is still at ``version`` (the one after it), in the
        language in force, else None."""
        return self.note[1]() if self.note is not None and self.note[0] == version else None

    def start_tiles(self, game: Game) -> dict[str, str]:
        """The start tiles entered so far, or none once the game has started."""
        return dict(self.starts) if game.pending.decision == "start" else {}


def enter_start(room: Room, game: Game, player: str, move: Move) -> list[str] | None:
    """``player``'s start tile ``move`` (``start TILE``, R2.2) entered in table mode: kept, and once
    every player's is in, the tiles of the one ``start`` move in seating order (else None). In
    dealt mode ``start`` alone draws them all: returns ``[]``.

    Raises :class:`IllegalMoveError` when the start tiles are not being drawn, when more or fewer
    than one tile is sent in table mode, or when the tile is another player's start tile already."""
    from acquire_ref.engine.moves import Start

    assert isinstance(move, Start)
    if game.pending.decision != "start":
        raise IllegalMoveError(_("the start tiles are on the board already (R2.2)"), rule="R2.2")
    if game.supply.knows_racks:
        if move.tiles:
            raise IllegalMoveError(_("the referee draws the start tiles in this game: send `start` alone (R2.2)"),
                                   rule="R2.2")
        return []
    if len(move.tiles) != 1:
        raise IllegalMoveError(_("send your own start tile, one: e.g. start 5E (R2.2)"), rule="R2.2")
    tile = str(move.tiles[0])
    taken = next((p for p, t in room.starts.items() if t == tile and p != player), None)
    if taken is not None:
        raise IllegalMoveError(_("{tile} is {player}'s start tile: every player draws their own (R2.2)").format(
            tile=tile, player=taken), rule="R2.2")
    room.starts[player] = tile
    if all(p in room.starts for p in game.players):
        return [room.starts[p] for p in game.players]
    return None


def start_ask(game: Game, player: str, starts: dict[str, str]) -> dict[str, Any]:
    """The start-tile decision as ``player``'s seat answers it (R2.2): ``kind`` ``start``, a
    ``title``, the ``tiles`` they may send (table mode: every tile not another player's start
    tile, each with what it does) or one ``answers`` entry (dealt mode: draw them all), and
    ``mine`` (their start tile entered so far, or None)."""
    from acquire_ref.engine.tiles import iter_rows

    waiting = [p for p in game.players if p not in starts]
    ask: dict[str, Any] = {"kind": "start", "hint": "", "answers": [], "tiles": None, "discards": {}, "quick": [],
                           "mine": starts.get(player), "waiting": waiting}
    if game.supply.knows_racks:
        ask["title"] = _("Draw the start tiles")
        ask["answers"] = [{"move": "start", "label": _("Draw the start tiles"), "kind": "start",
                           "preview": _("the referee draws one start tile for each player (R2.2)")}]
        return ask
    others = {t for p, t in starts.items() if p != player}
    ask["title"] = _("Your start tile is {tile}: tap another to change it").format(tile=starts[player]) \
        if player in starts else _("Draw your start tile from the bag and enter it")
    ask["tiles"] = {str(t): _("your start tile: a lone tile (R2.2)") for _row, row in iter_rows() for t in row
                    if str(t) not in others}
    return ask


def parse(text: str, game: Game) -> Move | None:
    """The seat's request ``text`` as a move, or None for ``undo`` (a seat's own take-back).
    Raises :class:`NotationError` for text that is neither."""
    from acquire_ref.engine.moves import parse_move

    if text.strip().lower() == "undo":
        return None
    if not text.strip():
        raise NotationError("empty move")
    return parse_move(text, game.edition)
