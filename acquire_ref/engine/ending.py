"""Ending the game (R8): when the end may be declared, when the game ends by itself, and the
final payout, or its projection in the middle of a game (R8.5), with the market's holdings (R9).

Like the merger, it works over the part of a game it reads and pays (:class:`Scoresheet`) and
never imports the game.
"""

from __future__ import annotations

from typing import Protocol

from acquire_ref.engine import events as ev
from acquire_ref.engine.board import Board
from acquire_ref.engine.editions import Edition
from acquire_ref.engine.errors import IllegalMoveError
from acquire_ref.engine.merger import MarketRule, Merger
from acquire_ref.engine.moves import End
from acquire_ref.engine.pending import EndReason
from acquire_ref.engine.scoring import PlayerScore, final_scores, payout_events
from acquire_ref.engine.setup import MARKET, Options
from acquire_ref.engine.supply import TableSupply


class Scoresheet(Protocol):
    """What the end reads and pays: the board, each player's cash (dollars) and holdings, the
    bank, the market (R9), the tile supply, the options, and how the turns have gone."""

    edition: Edition
    options: Options
    board: Board
    players: list[str]
    cash: dict[str, int]
    shares: dict[str, dict[str, int]]
    bank: dict[str, int]
    market: MarketRule
    supply: TableSupply
    end_declared: bool
    passes: int

    @property
    def player(self) -> str: ...

    @property
    def merger(self) -> Merger | None: ...


class EndPlan:
    """A verified ``end``: the current player declares the end (R8.2)."""

    __slots__ = ("move",)

    def __init__(self, move: End) -> None:
        self.move = move


def chains_on_board(sheet: Scoresheet) -> list[str]:
    """The chains on the board, in information-card order."""
    return [c for c in sheet.edition.names if c in sheet.board.sizes]


def end_allowed(sheet: Scoresheet) -> bool:
    """Whether the current player may declare the end now (R8.1, R8.2): it is not declared yet and
    the end is available; asked on every move, so it makes no refusal."""
    return not sheet.end_declared and sheet.edition.end_available(sheet.board.sizes)


def end_refusal(sheet: Scoresheet) -> IllegalMoveError | None:
    """Why the current player may not declare the end now (the refusal), or None when
    :func:`end_allowed` (R8.1, R8.2)."""
    if end_allowed(sheet):
        return None
    if sheet.end_declared:
        return IllegalMoveError(rule="R8.2", reason="end_declared", who=sheet.player)
    return IllegalMoveError(rule="R8.1", reason="end_not_available", edition=sheet.edition, sizes=dict(sheet.board.sizes))


def ending_after_turn(sheet: Scoresheet) -> EndReason | None:
    """Whether the game ends as the turn just finished does: it was declared (R8.2), a whole round
    passed with no tile placed, or every rack and the bag are empty (R8.4, unless the ``stall``
    option says play goes on); None: play goes on."""
    if sheet.end_declared:
        return EndReason.DECLARED
    if sheet.options.stall_continues:
        return None
    if sheet.passes >= len(sheet.players):
        return EndReason.STALLED
    if sheet.supply.tiles_left() == 0:
        return EndReason.EXHAUSTED
    return None


def market_to_draw(sheet: Scoresheet, out: list[ev.Event]) -> str | None:
    """Before the final payout, the market's holding in each chain on the board (R9): the chain
    whose tile must still be drawn at the table, or None once every holding is known."""
    market = sheet.market
    for chain in chains_on_board(sheet):
        if chain in market.at_end:
            continue
        if not market.ready(chain, sheet.supply, out, any(sheet.shares[p][chain] for p in sheet.players)):
            return chain
        if market.on:
            market.at_end[chain] = market.take()
    return None


def pay_out(sheet: Scoresheet, out: list[ev.Event]) -> list[PlayerScore]:
    """The final payout (R8.3), every market holding known: bonuses for every chain on the board
    (what the market wins stays in the bank, R9), then every share sold back to the bank. Changes
    the cash and holdings; returns each player's score, in seating order."""
    scores = payout_scores(sheet)
    for s in scores:
        if s.player == MARKET:
            for chain, amount, kind, held in s.bonuses:
                sheet.market.won(chain, held, amount, kind, out)
    players = [s for s in scores if s.player != MARKET]
    out.extend(payout_events(players, chains_on_board(sheet)))
    for chain in chains_on_board(sheet):
        for p in sheet.players:
            sheet.bank[chain] += sheet.shares[p][chain]
            sheet.shares[p][chain] = 0
    sheet.cash = {s.player: s.total for s in players}
    return players


def payout_scores(sheet: Scoresheet) -> list[PlayerScore]:
    """:func:`~acquire_ref.engine.scoring.final_scores` for the game as it stands (R8.3, R8.5), the
    market's last when it has drawn.

    In the middle of a merger (R8.5): the defunct chains whose bonuses were paid are not paid
    again; the shares of the one being disposed of count at its pre-merger price for each
    holder still to decide; shares kept after disposal count as nothing; the defunct chains
    still to be handled count at their pre-merger size, as R5 will handle them.
    """
    sizes = sheet.board.sizes
    open_sales: dict[str, tuple[str, int, int]] = {}
    m = sheet.merger
    if m is not None:  # defunct chains already paid are gone (R5.5)
        paid = m.paid_out()
        sizes = {c: s for c, s in sizes.items() if c not in paid}
        if m.current in paid:
            price = sheet.edition.price(m.current, m.sizes[m.current])
            for p in m.queue:
                n = sheet.shares[p][m.current]
                open_sales[p] = (m.current, n, n * price)
    scores = final_scores(sheet.edition, sizes, sheet.cash, sheet.shares, sheet.market.at_end or None)
    return [PlayerScore(s.player, s.before, s.bonuses, (*s.sales, open_sales[s.player]))
            if s.player in open_sales else s for s in scores]
