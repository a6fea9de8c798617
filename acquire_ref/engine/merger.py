"""Mergers (R5) and the two-player market at a payout (R9), read top to bottom.

A merger goes: the tile is placed and the survivor is known (given, or chosen by the mergemaker
when the largest chains tie, R5.2) -> :meth:`Merger.begin` -> for each defunct chain, largest first
(the mergemaker orders equal ones, R5.3): the market's holding if it plays (R9), bonuses at the
pre-merger size (R5.4), then each holder from the mergemaker clockwise disposes (R5.3b) ->
:meth:`Merger.complete`: the survivor takes every tile (R5.5) and the mergemaker buys (R5.6).

The merger works on the books it is handed (:class:`Ledger`, which a game is); it never imports
the game. The checks of the merger's moves live here too: the survivor and order given with the
tile (:func:`plan_merger`) or chosen later (:func:`chosen_order`), and each holder's disposal
(:func:`check_disposal`, :func:`dispose`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Protocol

from acquire_ref.engine import events as ev
from acquire_ref.engine.board import Board, Effect
from acquire_ref.engine.editions import Edition
from acquire_ref.engine.errors import IllegalMoveError
from acquire_ref.engine.moves import Choose, Dispose, Market, Place
from acquire_ref.engine.pending import ChooseSurvivor, DisposeShares, DrawForMarket, OrderDefunct
from acquire_ref.engine.scoring import place_bonuses
from acquire_ref.engine.setup import MARKET
from acquire_ref.engine.supply import TableSupply
from acquire_ref.engine.tiles import Tile


class Ledger(Protocol):
    """A game's books as a merger (and a purchase, :mod:`acquire_ref.engine.buying`) reads and pays them:
    the board, each player's cash (dollars) and holdings (share counts), the bank's shares, the
    market (R9) and the tile supply."""

    edition: Edition
    board: Board
    players: list[str]
    current: int
    cash: dict[str, int]
    shares: dict[str, dict[str, int]]
    bank: dict[str, int]
    market: MarketRule
    supply: TableSupply


class MarketRule:
    """The market, the third shareholder of a two-player game (R9).

    ``on`` says whether it plays; ``holding`` is its holding for the payout at hand (None until
    drawn); ``at_end`` its holding per chain for the final payout; ``history`` every bonus it won.
    In dealt mode the referee draws its tiles from the bag with a generator seeded by ``seed``.
    """

    def __init__(self, on: bool, seed: int = 0) -> None:
        self.on = on
        self.seed = seed
        self.draws = 0
        self.holding: int | None = None
        self.at_end: dict[str, int] = {}
        self.history: list[ev.MarketBonus] = []

    def copy(self, seed: int) -> MarketRule:
        """A market with the same books (its holdings and bonuses copied, so that either can change
        alone) drawing with the generator of ``seed``: a seat's copy has 0, not the referee's (R9)."""
        other = MarketRule(self.on, seed)
        other.draws, other.holding = self.draws, self.holding
        other.at_end, other.history = dict(self.at_end), list(self.history)
        return other

    def ready(self, chain: str, supply: TableSupply, out: list[ev.Event], held: bool = True) -> bool:
        """Before a payout for ``chain``: is the market's holding known (R9)? With an empty bag it
        holds nothing; in dealt mode the referee draws; at a table it must be asked (False).

        When no player holds ``chain`` (``held`` false) no payout can depend on the market: no
        player is paid whatever it holds, and what it would win stays in the bank. Its tile is
        then not drawn and it holds nothing (a dealt game still uses up that draw of its seeded
        generator, so that games written before this rule replay identically).
        """
        if not self.on or self.holding is not None:
            return True
        if not held:
            if supply.bag and supply.knows_racks:
                self.draws += 1
            return True
        if supply.bag == 0:
            self.holding = 0
            out.append(ev.MarketDraw(chain, "", 0))
            return True
        import random

        tile = supply.market_tile(random.Random(f"{self.seed}:market:{self.draws}"))
        if tile is None:
            return False
        self.draws += 1
        self.settle(chain, tile, tile.col, out)
        return True

    def settle(self, chain: str, tile: Tile | None, column: int, out: list[ev.Event]) -> None:
        """The tile drawn for ``chain``'s payout: its ``column`` is the market's holding (R9)."""
        self.holding = column
        out.append(ev.MarketDraw(chain, str(tile) if tile else "", column))

    def take(self) -> int:
        """The holding for the payout at hand, which then needs a new draw: 0 when off."""
        held, self.holding = self.holding or 0, None
        return held

    def won(self, chain: str, holding: int, amount: int, kind: str, out: list[ev.Event]) -> None:
        """The market wins a bonus: it stays in the bank (R9)."""
        event = ev.MarketBonus(chain, holding, amount, kind)
        self.history.append(event)
        out.append(event)


def pay_bonuses(ledger: Ledger, chain: str, size: int, out: list[ev.Event]) -> None:
    """Pay ``chain``'s shareholder bonuses at ``size`` tiles, the market competing (R5.4, R5.4a, R9)."""
    ed = ledger.edition
    holdings = {p: ledger.shares[p][chain] for p in ledger.players}
    market = ledger.market.take()
    if market:
        holdings[MARKET] = market
    payout = place_bonuses(ed.bonuses(chain, size), holdings)
    if not payout:
        out.append(ev.NoBonus(chain, ledger.market.on))
    for part in payout:
        if part.player == MARKET:
            ledger.market.won(chain, market, part.amount, part.kind, out)
        else:
            ledger.cash[part.player] += part.amount
            out.append(ev.BonusPaid(part.player, chain, part.amount, part.kind, part.shares))


def check_order(order: Sequence[str], sizes: dict[str, int]) -> IllegalMoveError | None:
    """Why ``order`` is not a valid order of defunct chains (R5.3), the refusal, or None: no chain
    twice, and a chain never before a larger one."""
    if len(set(order)) != len(order):
        return IllegalMoveError(rule="R5.3", reason="order_twice")
    for a, b in pairwise(order):
        if sizes[a] < sizes[b]:
            return IllegalMoveError(rule="R5.3", reason="order_larger", larger=b, larger_size=sizes[b], smaller=a,
                                    smaller_size=sizes[a])
    return None


MergerStep = OrderDefunct | DrawForMarket | DisposeShares | None
"""What a merger waits for next: the mergemaker's order of equal defunct chains (R5.3), the
market's tile (R9), a holder's disposal (R5.3b), or nothing: the merger is complete."""


class Merger:
    """A merger in progress (R5).

    ``tile`` merged the ``chains`` (largest first) of pre-merger ``sizes``; ``group`` is the tile
    and the lone tiles it joins. ``survivor`` is None until chosen; ``order`` the mergemaker's
    order of equal defunct chains; ``remaining`` the defunct chains not yet begun; ``current`` the
    one being handled, ``paid`` whether its bonuses are paid, ``queue`` the holders still to dispose.
    """

    def __init__(self, tile: Tile, group: frozenset[Tile], chains: tuple[str, ...], sizes: dict[str, int],
                 survivor: str | None, order: Sequence[str], mergemaker: str) -> None:
        self.tile = tile
        self.group = group
        self.chains = chains
        self.sizes = sizes
        self.survivor = survivor
        self.order = list(order)
        self.mergemaker = mergemaker
        self.remaining: list[str] = []
        self.current: str | None = None
        self.paid = False
        self.queue: list[str] = []

    def copy(self) -> Merger:
        """The same merger, at the same point, that can go on without changing this one."""
        other = Merger(self.tile, self.group, self.chains, dict(self.sizes), self.survivor, self.order, self.mergemaker)
        other.remaining, other.current, other.paid, other.queue = list(self.remaining), self.current, self.paid, list(self.queue)
        return other

    def tied(self) -> tuple[str, ...]:
        """The largest chains, which tie when there are several (R5.2)."""
        largest = max(self.sizes.values())
        return tuple(c for c in self.chains if self.sizes[c] == largest)

    def candidates(self) -> tuple[str, ...]:
        """The chains the mergemaker may choose to survive: the largest (R5.2), but for any that
        the tile's ``--order`` already named as defunct (R5.3)."""
        return tuple(c for c in self.tied() if c not in self.order)

    def defunct(self) -> list[str]:
        """Every chain of the merger but the survivor."""
        return [c for c in self.chains if c != self.survivor]

    def paid_out(self) -> set[str]:
        """The defunct chains whose bonuses have been paid (R5.3a)."""
        if self.survivor is None:
            return set()
        return {c for c in self.defunct() if c not in self.remaining and (c != self.current or self.paid)}

    def begin(self, ledger: Ledger, out: list[ev.Event]) -> MergerStep:
        """The survivor is known: announce the merger and handle the first defunct chain."""
        assert self.survivor is not None
        self.remaining = self.defunct()
        out.append(ev.MergerBegan(self.mergemaker, self.survivor, dict(self.sizes)))
        return self.advance(ledger, out)

    def advance(self, ledger: Ledger, out: list[ev.Event]) -> MergerStep:
        """Go on until a decision is needed (the defunct order, the market's tile, a holder's
        disposal), returned as the pending decision, or until the merger is complete (None)."""
        assert self.survivor is not None
        while True:
            if self.current is None:
                if not self.remaining:
                    self.complete(ledger, out)
                    return None
                largest = max(self.sizes[c] for c in self.remaining)
                tied = [c for c in self.remaining if self.sizes[c] == largest]
                pick = tied[0] if len(tied) == 1 else next((c for c in self.order if c in tied), None)
                if pick is None:
                    return OrderDefunct(self.mergemaker, tuple(tied))
                self.remaining.remove(pick)
                self.current, self.paid = pick, False
            chain = self.current
            if not self.paid:
                holders = {p: ledger.shares[p][chain] for p in ledger.players if ledger.shares[p][chain]}
                if not ledger.market.ready(chain, ledger.supply, out, bool(holders)):
                    return DrawForMarket(self.mergemaker, chain)
                size = self.sizes[chain]
                out.append(ev.DefunctChain(chain, size, ledger.edition.price(chain, size), holders))
                pay_bonuses(ledger, chain, size, out)
                self.paid = True
                n = len(ledger.players)
                seats = [ledger.players[(ledger.current + i) % n] for i in range(n)]
                self.queue = [p for p in seats if ledger.shares[p][chain] > 0]
            if self.queue:
                return DisposeShares(self.queue[0], chain, self.survivor)
            self.current = None

    def complete(self, ledger: Ledger, out: list[ev.Event]) -> None:
        """The survivor takes the defunct chains, the tile and its lone tiles (R5.5)."""
        assert self.survivor is not None
        defunct = tuple(self.defunct())
        tiles = set(self.group)
        for c in defunct:
            tiles.update(ledger.board.chain_tiles(c))
        ledger.board.assign(tiles, self.survivor)
        size = ledger.board.sizes[self.survivor]
        safe = ledger.edition.is_safe(size) and not ledger.edition.is_safe(self.sizes[self.survivor])
        out.append(ev.MergerCompleted(self.survivor, size, ledger.edition.price(self.survivor, size), defunct, safe))


# ----- the merger's moves: checked here, before anything changes -----------------------------
# The plans name Merger, so they follow it: a compiled module (mypyc) defines a class before any
# class naming it is made.
class SurvivorPlan:
    """A verified ``choose`` of the survivor of ``merger``, with the defunct ``order`` (R5.2, R5.3)."""

    __slots__ = ("merger", "move", "order")

    def __init__(self, move: Choose, merger: Merger, order: list[str]) -> None:
        self.move = move
        self.merger = merger
        self.order = order


class OrderPlan:
    """A verified ``choose`` of the next of equal defunct chains of ``merger`` (R5.3)."""

    __slots__ = ("merger", "move", "order")

    def __init__(self, move: Choose, merger: Merger, order: list[str]) -> None:
        self.move = move
        self.merger = merger
        self.order = order


class DisposePlan:
    """A verified ``dispose``: ``who`` answers ``decision`` in ``merger``, the counts worked out (R5.3b)."""

    __slots__ = ("decision", "merger", "move", "who")

    def __init__(self, move: Dispose, decision: DisposeShares, who: str, merger: Merger) -> None:
        self.move = move
        self.decision = decision
        self.who = who
        self.merger = merger


class MarketPlan:
    """A verified ``market``: the tile drawn for the market's holding in ``decision.chain`` (R9)."""

    __slots__ = ("decision", "move")

    def __init__(self, move: Market, decision: DrawForMarket) -> None:
        self.move = move
        self.decision = decision


def plan_merger(move: Place, effect: Effect, board_sizes: dict[str, int], mergemaker: str) -> Merger:
    """The merger the tile of ``move`` starts (``effect`` a merge, R4.4), with the survivor and
    the defunct order given up front (``--survivor``, ``--order``) checked against the pre-merger
    ``board_sizes`` (R5.2, R5.3). Raises :class:`~acquire_ref.engine.errors.IllegalMoveError`."""
    sizes = {c: board_sizes[c] for c in effect.chains}
    merger = Merger(move.tile, effect.group, effect.chains, sizes, None, move.order, mergemaker)
    survivor = _given_survivor(move, merger)
    for c in move.order:
        if c not in effect.chains or c == survivor:
            raise IllegalMoveError(rule="R5.3", reason="order_not_defunct", chain=c,
                                   defunct=tuple(c2 for c2 in effect.chains if c2 != survivor))
    problem = check_order(move.order, sizes)
    if problem:
        raise problem
    if survivor is None and not merger.candidates():
        raise IllegalMoveError(rule="R5.2", reason="order_every_largest", order=tuple(move.order),
                               tied=tuple(merger.tied()))
    merger.survivor = survivor
    return merger


def _given_survivor(move: Place, merger: Merger) -> str | None:
    """The survivor of ``merger``: the one ``--survivor`` names, or the only largest chain, or
    None while the largest tie (R5.2). Raises when ``--survivor`` names a chain that can't survive."""
    tied, sizes, survivor = merger.tied(), merger.sizes, move.survivor
    if survivor is not None and survivor not in merger.chains:
        raise IllegalMoveError(rule="R5.2", reason="survivor_not_merged", survivor=survivor, tile=str(move.tile),
                               chains=tuple(merger.chains))
    if survivor is not None and survivor not in tied:
        raise IllegalMoveError(rule="R5.2", reason="survivor_smaller", survivor=survivor, size=sizes[survivor],
                               largest=tied[0], largest_size=sizes[tied[0]])
    if survivor is None and len(tied) == 1:
        return tied[0]
    return survivor


def not_an_option(merger: Merger | None, pend: ChooseSurvivor | OrderDefunct, first: str) -> IllegalMoveError:
    """The refusal of ``choose first`` when ``first`` is not one of the chains ``pend`` offers the
    mergemaker (R5.2, R5.3): not an equal-sized defunct chain to order, made defunct by the tile's
    ``--order``, or not one of the largest chains that tie."""
    options = tuple(pend.options)
    if isinstance(pend, OrderDefunct):
        return IllegalMoveError(rule="R5.3", reason="not_to_order", chain=first, options=options)
    if merger is not None and first in merger.order:
        return IllegalMoveError(rule="R5.2", reason="ordered_defunct", chain=first, order=tuple(merger.order),
                                options=options)
    return IllegalMoveError(rule="R5.2", reason="not_tied", chain=first, options=options)


def chosen_order(merger: Merger, pend: ChooseSurvivor | OrderDefunct, first: str, rest: Sequence[str]) -> list[str]:
    """The defunct order after the mergemaker's ``choose first rest...`` (``first`` one of the
    options): for a survivor, ``rest`` orders the defunct chains (else the tile's ``--order``
    stands); for the defunct order, ``first`` goes next, then ``rest`` (R5.2, R5.3). Raises
    :class:`~acquire_ref.engine.errors.IllegalMoveError` for a chain that is not defunct or a bad order."""
    if isinstance(pend, ChooseSurvivor):
        defunct = [c for c in merger.chains if c != first]
        for c in rest:
            if c not in defunct:
                raise IllegalMoveError(rule="R5.3", reason="choose_not_defunct", chain=c, defunct=tuple(defunct))
        order = list(rest) or [c for c in merger.order if c != first]
    else:
        for c in rest:
            if c not in merger.remaining:
                raise IllegalMoveError(rule="R5.3", reason="choose_not_remaining", chain=c,
                                       remaining=tuple(merger.remaining))
        order = [first, *rest]
    problem = check_order(order, merger.sizes)
    if problem:
        raise problem
    return order


def trade_cap(ledger: Ledger, player: str, chain: str, survivor: str) -> int:
    """The most ``chain`` shares ``player`` may trade into ``survivor`` now: pairs of their
    shares, while the bank has survivor shares (R5.3b)."""
    return min(ledger.shares[player][chain] // 2, ledger.bank[survivor]) * 2


def check_disposal(ledger: Ledger, pend: DisposeShares, who: str, move: Dispose) -> Dispose:
    """``move``, ``who``'s answer to ``pend``, with its counts worked out (``--sell all``...), or
    raises :class:`~acquire_ref.engine.errors.IllegalMoveError`: not their turn to dispose, more shares
    than they hold (its figures theirs alone, R10.1), an odd trade, or more than the bank's
    survivor shares allow (R5.3b)."""
    if who != pend.player:
        raise IllegalMoveError(rule="R5.3b", reason="not_your_disposal", due=pend.player, chain=pend.chain, who=who)
    chain, survivor = pend.chain, pend.survivor
    held, cap = ledger.shares[who][chain], trade_cap(ledger, who, chain, survivor)
    move = move.counted(held, cap)
    if move.sell + move.trade > held:
        raise IllegalMoveError(rule="R5.3b", reason="holds_too_few", player=who, chain=chain, held=held,
                               sell=move.sell, trade=move.trade)
    if move.trade % 2:
        raise IllegalMoveError(rule="R5.3b", reason="odd_trade", chain=chain, survivor=survivor, trade=move.trade)
    if move.trade > cap:
        raise IllegalMoveError(rule="R5.3b", reason="trade_over_bank", chain=chain, survivor=survivor,
                               bank=ledger.bank[survivor])
    return move


def dispose(ledger: Ledger, merger: Merger, pend: DisposeShares, who: str, move: Dispose,
            out: list[ev.Event]) -> MergerStep:
    """``who`` sells, trades and holds their shares of the defunct chain as ``move`` (checked by
    :func:`check_disposal`) says, at its pre-merger price; then the merger goes on (R5.3b)."""
    chain, survivor = pend.chain, pend.survivor
    price = ledger.edition.price(chain, merger.sizes[chain])
    held, bank = ledger.shares[who], ledger.bank
    if move.sell:
        held[chain] -= move.sell
        bank[chain] += move.sell
        ledger.cash[who] += move.sell * price
        out.append(ev.SharesSold(who, chain, move.sell, move.sell * price))
    if move.trade:
        held[chain] -= move.trade
        bank[chain] += move.trade
        held[survivor] += move.trade // 2
        bank[survivor] -= move.trade // 2
        out.append(ev.SharesTraded(who, chain, move.trade, survivor, move.trade // 2))
    if held[chain]:
        out.append(ev.SharesHeld(who, chain, held[chain]))
    merger.queue.pop(0)
    return merger.advance(ledger, out)
