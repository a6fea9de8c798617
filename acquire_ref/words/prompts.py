"""One prompt per pending decision, offering only what is legal now (DESIGN 6): the question the
table console and the players' phones ask, worded per device (:mod:`acquire_ref.words.decisions`).

A prompt turns the text the referee types into the moves it stands for, checked against the
game (:meth:`Game.is_legal`, :meth:`Game.legal_moves`) before anything is written, and says live
what the text would do. Nobody types the program name or notation keywords:

=================  ===========================================================================
decision           what is typed (Enter sends it)
=================  ===========================================================================
start tiles        one tile per player in seating order (``4E 6B 8E 11H``); dealt: Enter alone
place a tile       a tile (``6C``); a tile that founds a chain may be followed by the chain
                   (``6C t``: two moves, ``place`` then ``choose``); a dead tile is discarded
found / survivor   the chain's letter or any unique prefix of its name (``t``, ``tow``)
/ defunct order
dispose            Enter alone holds every share; ``a`` sells all; ``s2`` sells 2, ``t4``
                   trades 4 (2 for 1), ``m`` trades as many as the bank allows; ``s1 t2``
buy                a chain letter per share (``cc a``, or ``c2a``); Enter alone buys nothing
market (2 players) the tile drawn for the market, or its column number
=================  ===========================================================================

Pass and declaring the end are keys of the app, offered only when legal. This module imports no
Textual, so the claim "each offered answer is legal and every legal answer is offered" is tested
directly (``tests/test_console.py``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, assert_never

from acquire_ref.engine.errors import AcquireError, IllegalMoveError, NotationError
from acquire_ref.engine.events import money
from acquire_ref.engine.game import Game
from acquire_ref.engine.moves import Buy, Choose, Discard, Dispose, Market, Move, Place, Start, parse_tokens
from acquire_ref.engine.pending import (
    BuyShares,
    ChooseSurvivor,
    DisposeShares,
    DrawForMarket,
    DrawStartTiles,
    FoundChain,
    GameEnded,
    OrderDefunct,
    PlaceTile,
)
from acquire_ref.engine.tiles import Tile, parse_tile
from acquire_ref.language import _
from acquire_ref.words import decisions as asks
from acquire_ref.words.decisions import Device
from acquire_ref.words.tiles import would_do

if TYPE_CHECKING:
    from acquire_ref.viewers.views import ViewerLike


class Prompt:
    """The question for the pending decision of ``game``.

    ``title`` says who decides what (shown large); ``hint`` how to answer; :meth:`offers` the
    legal answers as ``(what to type, what it does)``; :meth:`suggestions` what the input
    completes to; :meth:`moves` the moves an entry stands for (raising
    :class:`~acquire_ref.engine.errors.AcquireError` with the reason and the rule when the entry is not
    a legal answer); :meth:`preview` the same in words, for every key press.
    """

    title = ""
    hint = ""

    def __init__(self, game: Game, viewer: ViewerLike = None, device: Device = "terminal") -> None:
        from acquire_ref.viewers.views import sees

        self.device: Device = device
        """Where the question is asked: its title and hint are worded for it (:mod:`acquire_ref.words.decisions`)."""
        self.game = game
        self.player = game.pending.player or ""
        self.shown = sees(game, self.player or None, viewer)
        """Whether the prompt may show the pending player's figures: the console is a shared screen
        (the public, R10.3); a seat's own page is that seat (``viewer``)."""

    def offers(self) -> list[tuple[str, str]]:
        """The legal answers as ``(what to type, what it does)``."""
        return []

    def brief_offers(self) -> list[tuple[str, str]]:
        """:meth:`offers` in fewer words, for a line too narrow for them (the same answers)."""
        return self.offers()

    def suggestions(self) -> list[str]:
        """Entries the input completes to (the typed part of :meth:`offers`)."""
        return [typed for typed, _ in self.offers() if typed]

    def moves(self, text: str) -> list[Move]:
        """The moves the entry ``text`` stands for, each legal in turn; raises otherwise."""
        raise IllegalMoveError(_("the game is over: nothing is asked any more"))

    def preview(self, text: str) -> str:
        """What sending ``text`` would do, or why it would be refused (with the rule)."""
        try:
            moves = self.moves(text)
        except AcquireError as exc:
            return f"✗ {told(self.game, exc)}"
        return _("Enter: {moves}").format(moves=_("; ").join(self.describe(m) for m in moves))

    def describe(self, move: Move) -> str:
        """One move in words."""
        return str(move)

    def _legal(self, move: Move) -> Move:
        self.game.verify(move)
        return move


def told(game: Game, exc: AcquireError) -> str:
    """Why ``exc`` refused an entry, as the console (a shared screen) may say it (R10.1):
    :func:`acquire_ref.viewers.views.refusal` for a refused move."""
    from acquire_ref.viewers.views import refusal

    return refusal(game, exc) if isinstance(exc, IllegalMoveError) else str(exc)


class StartPrompt(Prompt):
    """The start tiles: one per player in seating order (table), or drawn by the referee (dealt)."""

    def __init__(self, game: Game, viewer: ViewerLike = None, device: Device = "terminal") -> None:
        super().__init__(game, viewer, device)
        self.title, self.hint = asks.start(game.players, game.supply.knows_racks, device)

    def moves(self, text: str) -> list[Move]:
        tokens = text.split()
        if self.game.supply.knows_racks:
            return [self._legal(Start(()))]
        if len(tokens) != len(self.game.players):
            raise NotationError(_("{needed} start tiles are needed, one per player; {typed} typed").format(
                needed=len(self.game.players), typed=len(tokens)))
        return [self._legal(parse_tokens(["start", *tokens]))]


class PlacePrompt(Prompt):
    """Place a tile: the legal tiles (dealt: the rack, each with what it would do); a dead tile
    in the rack is discarded; a founding tile may carry the chain to found."""

    def __init__(self, game: Game, viewer: ViewerLike = None, device: Device = "terminal") -> None:
        super().__init__(game, viewer, device)
        legal = game.legal_moves()
        self.places = {m.tile: m for m in legal if isinstance(m, Place)}
        self.dead = [t for m in legal if isinstance(m, Discard) for t in m.tiles]
        self.title, self.hint = asks.place(self.player, game.supply.knows_racks, bool(game.free_chains()), device)

    def offers(self) -> list[tuple[str, str]]:
        order = sorted([*self.places, *self.dead], key=lambda t: (t.row, t.col))
        return [(str(t), would_do(self.game.effect(t), self.game.board.sizes)) for t in order]

    def brief_offers(self) -> list[tuple[str, str]]:
        return [(typed, "") for typed, _ in self.offers()]  # the tiles alone: F2 says what each does

    def suggestions(self) -> list[str]:
        if self.game.supply.knows_racks:
            return [typed for typed, _ in self.offers()]
        return []  # table mode: every playable tile of the board is legal; completion would guess

    def moves(self, text: str) -> list[Move]:
        tokens = text.split()
        if not tokens:
            raise NotationError(_("type a tile, e.g. 6C"))
        grid = self.game.edition.grid
        tile = parse_tile(tokens[0], grid)
        if tile in self.dead:
            tiles = tuple(parse_tile(t, grid) for t in tokens)
            return [self._legal(Discard(tiles))]
        place = Place(tile)
        self.game.verify(place)
        if len(tokens) == 1:
            return [place]
        return [place, self._found(tile, tokens[1:])]

    def _found(self, tile: Tile, rest: Sequence[str]) -> Move:
        if len(rest) != 1 or self.game.effect(tile).kind != "found":
            raise NotationError(_("{tile} founds no chain: type the tile alone").format(tile=tile))
        chain = resolve(self.game, rest[0], self.game.free_chains())
        return Choose((chain,))

    def describe(self, move: Move) -> str:
        if isinstance(move, Place):
            return _("place {tile}: {effect}").format(tile=move.tile,
                                                      effect=would_do(self.game.effect(move.tile), self.game.board.sizes))
        if isinstance(move, Choose):
            return _("found {chain}").format(chain=move.chains[0])
        if isinstance(move, Discard):
            return _("discard {tiles} (dead, R7.3): replaced from the bag").format(tiles=" ".join(map(str, move.tiles)))
        return str(move)


def resolve(game: Game, text: str, options: Sequence[str]) -> str:
    """The chain among ``options`` that ``text`` names: its letter, or a unique prefix of its
    name, ignoring case. Raises :class:`NotationError` listing the options otherwise."""
    t = text.strip().lower()
    ed = game.edition
    by_letter = [c for c in options if ed.chain(c).letter.lower() == t]
    if len(by_letter) == 1:
        return by_letter[0]
    hits = [c for c in options if c.lower().startswith(t)] if t else []
    if len(hits) == 1:
        return hits[0]
    listed = ", ".join(f"{ed.chain(c).letter} {c}" for c in options)
    if hits:
        raise NotationError(_("{typed} could be {chains}: type more letters").format(typed=repr(text),
                                                                                     chains=_(" or ").join(hits)))
    raise NotationError(_("{typed} is not one of {chains}").format(typed=repr(text), chains=listed))


class ChoosePrompt(Prompt):
    """Choose the chain to found, the survivor, or the next defunct chain: only ``options``."""

    def __init__(self, game: Game, pend: FoundChain | ChooseSurvivor | OrderDefunct, viewer: ViewerLike = None,
                 device: Device = "terminal") -> None:
        super().__init__(game, viewer, device)
        self.options = list(pend.options)
        match pend:
            case FoundChain():
                self.title, self.hint = asks.choose(self.player, "found", device)
            case ChooseSurvivor():
                self.title, self.hint = asks.choose(self.player, "survivor", device)
            case OrderDefunct():
                self.title, self.hint = asks.choose(self.player, "order", device)
            case _:
                assert_never(pend)

    def offers(self) -> list[tuple[str, str]]:
        ed = self.game.edition
        return [(ed.chain(c).letter, c) for c in self.options]

    def suggestions(self) -> list[str]:
        return list(self.options)

    def moves(self, text: str) -> list[Move]:
        return [self._legal(Choose((resolve(self.game, text, self.options),)))]

    def describe(self, move: Move) -> str:
        assert isinstance(move, Choose)
        return _("choose {chain}").format(chain=move.chains[0])


_DISPOSE_TOKEN = re.compile(r"^(?:(a)|(m)|([st])\s*(\d+))$")


class DisposePrompt(Prompt):
    """A shareholder's defunct shares: sell (at the pre-merger price), trade 2 for 1 (up to the
    bank's survivor shares), hold the rest (R5.3b)."""

    def __init__(self, game: Game, pend: DisposeShares, viewer: ViewerLike = None,
                 device: Device = "terminal") -> None:
        super().__init__(game, viewer, device)
        self.chain, self.survivor = pend.chain, pend.survivor
        self.held = game.shares[self.player][self.chain]
        self.cap = game.trade_cap(self.player, self.chain, self.survivor)
        from acquire_ref.viewers.describe import defunct_price

        self.share_price = defunct_price(game, self.chain)
        held = self.held if self.shown else None  # the holding and the trade it allows stay the player's (R10.1)
        self.title, self.hint = asks.dispose(self.player, self.chain, self.survivor, self.share_price, held, self.cap,
                                             device)

    def offers(self) -> list[tuple[str, str]]:
        if not self.shown:
            return [("", _("hold all")), ("a", _("sell all")), ("m", _("trade the most"))]
        out = [("", _("hold all {count}").format(count=self.held)),
               ("a", _("sell all: {amount}").format(amount=money(self.held * self.share_price)))]
        if self.cap:
            out.append(("m", _("trade {count} for {half} {chain}").format(count=self.cap, half=self.cap // 2,
                                                                           chain=self.survivor)))
        return out

    def suggestions(self) -> list[str]:
        return []

    def counts(self, text: str) -> tuple[int, int]:
        """``(sell, trade)`` that ``text`` asks for (before the limits are checked)."""
        sell = trade = 0
        sell_all = trade_max = False
        for tok in re.findall(r"[a-z]\s*\d*", text.strip().lower().replace(",", " ")):
            m = _DISPOSE_TOKEN.match(tok.strip())
            if not m:
                raise NotationError(_("{typed}: type a (sell all), s N (sell N), t N (trade N), m (trade the most)").format(
                    typed=repr(tok.strip())))
            if m.group(1):
                sell_all = True
            elif m.group(2):
                trade_max = True
            elif m.group(3) == "s":
                sell = int(m.group(4))
            else:
                trade = int(m.group(4))
        if re.sub(r"[a-z]\s*\d*|[\s,]", "", text.strip().lower()):
            raise NotationError(_("{typed}: type a (sell all), s N (sell N), t N (trade N), m (trade the most)").format(
                typed=repr(text.strip())))
        counted = Dispose(None, sell, trade, sell_all, trade_max).counted(self.held, self.cap)
        return counted.sell, counted.trade

    def moves(self, text: str) -> list[Move]:
        sell, trade = self.counts(text)
        return [self._legal(Dispose(None, sell, trade))]

    def describe(self, move: Move) -> str:
        assert isinstance(move, Dispose)
        parts = []
        if move.sell:
            parts.append(_("sell {count} for {amount}").format(count=move.sell, amount=money(move.sell * self.share_price)))
        if move.trade:
            parts.append(_("trade {count} for {received} {survivor}").format(count=move.trade, received=move.trade // 2,
                                                                             survivor=self.survivor))
        held = self.held - move.sell - move.trade
        parts.append(_("hold {count}").format(count=held) if self.shown else _("hold the rest"))
        return ", ".join(parts)


class BuyPrompt(Prompt):
    """Buy up to the limit: a chain's letter per share, in the order typed; only chains the bank
    has and the player can pay for are offered (R6); Enter alone buys nothing."""

    def __init__(self, game: Game, viewer: ViewerLike = None, device: Device = "terminal") -> None:
        super().__init__(game, viewer, device)
        self.limit = game.edition.buy_limit
        self.title, self.hint = asks.buy(self.player, self.limit, device)

    def offers(self) -> list[tuple[str, str]]:
        ed, g = self.game.edition, self.game
        return [(ed.chain(c).letter, _("{chain} {price} ({left} left)").format(chain=c, price=money(g.price(c)), left=g.bank[c]))
                for c in g.chains_on_board() if g.is_legal(Buy(((c, 1),)))]

    def brief_offers(self) -> list[tuple[str, str]]:
        g = self.game  # the letter and the price: names and shares left are in the chains panel
        return [(letter, money(g.price(c))) for letter, c in ((g.edition.chain(c).letter, c) for c in g.chains_on_board())
                if g.is_legal(Buy(((c, 1),)))]

    def suggestions(self) -> list[str]:
        return []

    def orders(self, text: str) -> tuple[tuple[str, int], ...]:
        """The shares ``text`` asks for, ``((chain, count), ...)`` in the order first typed."""
        wanted: dict[str, int] = {}
        compact = re.sub(r"[\s,]", "", text)
        for letter, count in re.findall(r"(\D)(\d*)", compact):
            chain = resolve(self.game, letter, self.game.chains_on_board())
            wanted[chain] = wanted.get(chain, 0) + (int(count) if count else 1)
        if re.sub(r"\D\d*", "", compact):
            raise NotationError(_("type chain letters, e.g. c c a"))
        return tuple(wanted.items())

    def moves(self, text: str) -> list[Move]:
        return [self._legal(Buy(self.orders(text)))]

    def describe(self, move: Move) -> str:
        assert isinstance(move, Buy)
        if not move.orders:
            return _("buy nothing and finish the turn")
        cost = sum(self.game.price(c) * n for c, n in move.orders)
        shares = _(", ").join(_("{count} {chain}").format(count=n, chain=c) for c, n in move.orders)
        if self.shown:
            return _("buy {shares}: {cost}, {left} left").format(shares=shares, cost=money(cost),
                                                                 left=money(self.game.cash[self.player] - cost))
        return _("buy {shares}: {cost}").format(shares=shares, cost=money(cost))


class MarketPrompt(Prompt):
    """Two players: the tile drawn for the market's holding (R9)."""

    def __init__(self, game: Game, pend: DrawForMarket, viewer: ViewerLike = None,
                 device: Device = "terminal") -> None:
        super().__init__(game, viewer, device)
        self.title, self.hint = asks.market(self.player, pend.chain, device)

    def moves(self, text: str) -> list[Move]:
        return [self._legal(parse_tokens(["market", text.strip()]))]

    def describe(self, move: Move) -> str:
        assert isinstance(move, Market)
        return _("the market holds {column} (R9)").format(column=move.column)


class OverPrompt(Prompt):
    """The game is over: nothing is asked."""

    def __init__(self, game: Game, viewer: ViewerLike = None, device: Device = "terminal") -> None:
        super().__init__(game, viewer, device)
        self.title, self.hint = asks.over(device)


def prompt_for(game: Game, viewer: ViewerLike = None, device: Device = "terminal") -> Prompt:
    """The prompt for ``game``'s pending decision, made for ``viewer`` (the public by default: the
    console; a player's name: that seat's own page, R10.3), its question worded for ``device``
    (the console's terminal, or a seat's phone)."""
    pend = game.pending
    match pend:
        case DrawStartTiles():
            return StartPrompt(game, viewer, device)
        case PlaceTile():
            return PlacePrompt(game, viewer, device)
        case FoundChain() | ChooseSurvivor() | OrderDefunct():
            return ChoosePrompt(game, pend, viewer, device)
        case DisposeShares():
            return DisposePrompt(game, pend, viewer, device)
        case BuyShares():
            return BuyPrompt(game, viewer, device)
        case DrawForMarket():
            return MarketPrompt(game, pend, viewer, device)
        case GameEnded():
            return OverPrompt(game, viewer, device)
        case _:
            assert_never(pend)
