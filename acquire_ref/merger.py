"""Mergers (R5) and the two-player market at a payout (R9), read top to bottom.

A merger goes: the tile is placed and the survivor is known (given, or chosen by the mergemaker
when the largest chains tie, R5.2) -> :meth:`Merger.begin` -> for each defunct chain, largest first
(the mergemaker orders equal ones, R5.3): the market's holding if it plays (R9), bonuses at the
pre-merger size (R5.4), then each holder from the mergemaker clockwise disposes (R5.3b) ->
:meth:`Merger.complete`: the survivor takes every tile (R5.5) and the mergemaker buys (R5.6).

The merger works on the state it is handed (:class:`Table`, which a game is); it never imports
the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Protocol

from acquire_ref import events as ev
from acquire_ref.board import Board
from acquire_ref.editions import Edition
from acquire_ref.pending import DisposeShares, DrawForMarket, OrderDefunct, Pending
from acquire_ref.scoring import shareholder_bonuses
from acquire_ref.setup import MARKET
from acquire_ref.supply import TableSupply
from acquire_ref.tiles import Tile


class Table(Protocol):
    """What a merger reads and changes: a game's board, money and shares (dollars; counts)."""

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


def pay_bonuses(table: Table, chain: str, size: int, out: list[ev.Event]) -> None:
    """Pay ``chain``'s shareholder bonuses at ``size`` tiles, the market competing (R5.4, R9)."""
    ed = table.edition
    holdings = {p: table.shares[p][chain] for p in table.players}
    market = table.market.take()
    if market:
        holdings[MARKET] = market
    payout = shareholder_bonuses(ed.majority_bonus(chain, size), ed.minority_bonus(chain, size), holdings)
    if not payout:
        out.append(ev.NoBonus(chain, table.market.on))
    for part in payout:
        if part.player == MARKET:
            table.market.won(chain, market, part.amount, part.kind, out)
        else:
            table.cash[part.player] += part.amount
            out.append(ev.BonusPaid(part.player, chain, part.amount, part.kind, part.shares))


def check_order(order: Sequence[str], sizes: dict[str, int]) -> str | None:
    """Why ``order`` is not a valid order of defunct chains (R5.3), or None: no chain twice, and a
    chain never before a larger one."""
    if len(set(order)) != len(order):
        return "a chain is named twice in the defunct order (R5.3)"
    for a, b in pairwise(order):
        if sizes[a] < sizes[b]:
            return (
                f"{b} ({sizes[b]} tiles) is larger than {a} ({sizes[a]}): defunct chains go largest "
                "first; the mergemaker orders only chains of equal size (R5.3)"
            )
    return None


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

    def begin(self, table: Table, out: list[ev.Event]) -> Pending | None:
        """The survivor is known: announce the merger and handle the first defunct chain."""
        assert self.survivor is not None
        self.remaining = self.defunct()
        out.append(ev.MergerBegan(self.mergemaker, self.survivor, dict(self.sizes)))
        return self.advance(table, out)

    def advance(self, table: Table, out: list[ev.Event]) -> Pending | None:
        """Go on until a decision is needed (the defunct order, the market's tile, a holder's
        disposal), returned as the pending decision, or until the merger is complete (None)."""
        assert self.survivor is not None
        while True:
            if self.current is None:
                if not self.remaining:
                    self.complete(table, out)
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
                holders = {p: table.shares[p][chain] for p in table.players if table.shares[p][chain]}
                if not table.market.ready(chain, table.supply, out, bool(holders)):
                    return DrawForMarket(self.mergemaker, chain)
                size = self.sizes[chain]
                out.append(ev.DefunctChain(chain, size, table.edition.price(chain, size), holders))
                pay_bonuses(table, chain, size, out)
                self.paid = True
                n = len(table.players)
                seats = [table.players[(table.current + i) % n] for i in range(n)]
                self.queue = [p for p in seats if table.shares[p][chain] > 0]
            if self.queue:
                return DisposeShares(self.queue[0], chain, self.survivor)
            self.current = None

    def complete(self, table: Table, out: list[ev.Event]) -> None:
        """The survivor takes the defunct chains, the tile and its lone tiles (R5.5)."""
        assert self.survivor is not None
        defunct = tuple(self.defunct())
        tiles = set(self.group)
        for c in defunct:
            tiles.update(table.board.chain_tiles(c))
        table.board.assign(tiles, self.survivor)
        size = table.board.sizes[self.survivor]
        safe = table.edition.is_safe(size) and not table.edition.is_safe(self.sizes[self.survivor])
        out.append(ev.MergerCompleted(self.survivor, size, table.edition.price(self.survivor, size), defunct, safe))
