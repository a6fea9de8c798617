"""Buying shares (R6): what a player may buy now, the refusal of what they may not, and the purchase.

Like the merger, buying works over a game's books (:class:`~acquire_ref.engine.merger.Ledger`) and never
imports the game: the game asks :func:`buy_refusal` before a ``buy`` and :func:`pay` carries it out.

>>> from acquire_ref.engine.game import Game
>>> from acquire_ref.engine.moves import parse_move
>>> g = Game.table(["Ann", "Ben", "Cat"])
>>> for m in ("start 5C 6C 1I", "place 7C --found Imperial"):
...     _ = g.apply(parse_move(m))
>>> can_buy(g, "Ann"), buy_refusal(g, "Ann", [("Imperial", 4)]).rule
(True, 'R6.1')
"""

from __future__ import annotations

from collections.abc import Sequence

from acquire_ref.engine import events as ev
from acquire_ref.engine.editions import Edition
from acquire_ref.engine.errors import IllegalMoveError
from acquire_ref.engine.events import money
from acquire_ref.engine.merger import Ledger
from acquire_ref.engine.moves import Buy

Orders = tuple[tuple[str, int], ...]
"""A purchase as ``Buy.orders``: ``(chain, count)`` pairs."""


class BuyPlan:
    """A verified ``buy``: the purchase :func:`pay` carries out (R6)."""

    __slots__ = ("move",)

    def __init__(self, move: Buy) -> None:
        self.move = move


def price(ledger: Ledger, chain: str) -> int:
    """The current share price of ``chain`` in dollars; 0 when it is not on the board (R3.2)."""
    return ledger.edition.price(chain, ledger.board.sizes.get(chain, 0))


def can_buy(ledger: Ledger, player: str) -> bool:
    """True when ``player`` could buy at least one share now (R6.2): :func:`nothing_to_buy` is None."""
    return nothing_to_buy(ledger, player) is None


def nothing_to_buy(ledger: Ledger, player: str) -> str | None:
    """Why ``player`` can buy no share now (R6.2), the one answer to "can this player afford
    anything": ``"board"`` (no chain on the board), ``"limit"`` (the ruleset's buy limit is 0),
    ``"bank"`` (the bank has no share of any chain on it) or ``"cash"`` (every share the bank has
    costs more than their cash; cash equal to the price can buy); None when they can buy one."""
    sizes, edition = ledger.board.sizes, ledger.edition
    if buys_one(edition, sizes, ledger.bank, ledger.cash[player]):
        return None
    if not sizes:
        return "board"
    if ledger.edition.buy_limit <= 0:
        return "limit"
    return "cash" if any(ledger.bank[c] for c in sizes) else "bank"


def buys_one(edition: Edition, sizes: dict[str, int], bank: dict[str, int], cash: int) -> bool:
    """Whether a player with ``cash`` dollars can buy one share now (R6.2): the ruleset lets them
    buy (its buy limit is above 0) and :func:`affords_one`. The one test behind
    :func:`nothing_to_buy` and ``GameState.can_buy``, which asks it on every move from the game's
    own books."""
    return edition.buy_limit > 0 and affords_one(edition, sizes, bank, cash)


def affords_one(edition: Edition, sizes: dict[str, int], bank: dict[str, int], cash: int) -> bool:
    """Whether ``cash`` dollars pay for one share the ``bank`` has of a chain of ``sizes`` (chain ->
    tiles on the board), at ``edition``'s prices: cash equal to the price can buy (R6.2, R6.3)."""
    at = edition.price
    for c, size in sizes.items():
        if bank[c] > 0 and at(c, size) <= cash:
            return True
    return False


def affordable(ledger: Ledger, player: str, orders: Sequence[tuple[str, int]]) -> str:
    """What ``player``'s cash covers of ``orders`` (``(chain, count)`` pairs of chains on the
    board), taken in the order asked, in words: ``"2 Tower ($1,200)"`` (R6.3)."""
    left, parts = ledger.cash[player], []
    for chain, n in orders:
        k = min(n, left // price(ledger, chain))
        if k:
            parts.append(f"{k} {chain}")
            left -= k * price(ledger, chain)
    if not parts:
        cheapest = min(orders, key=lambda o: price(ledger, o[0]))[0]
        return f"none of them (the cheapest, {cheapest}, is {money(price(ledger, cheapest))} a share)"
    return " and ".join(parts) + f" ({money(ledger.cash[player] - left)})"


def buy_refusal(ledger: Ledger, player: str, orders: Sequence[tuple[str, int]]) -> IllegalMoveError | None:
    """Why ``player`` may not buy ``orders`` now, or None: more than the buy limit (R6.1), a chain
    not on the board (R6.1), more than the bank holds (R3.4, R6.3), or more than their cash (R6.3,
    its figures theirs alone, R10.1). The purchase is refused as a whole."""
    limit = ledger.edition.buy_limit
    total = sum(n for _, n in orders)
    if total > limit:
        return IllegalMoveError(rule="R6.1", reason="over_limit", who=player, asked=total, limit=limit)
    on_board, bank, at = ledger.board.sizes, ledger.bank, ledger.edition.price
    cost = 0
    for chain, n in orders:
        if chain not in on_board:
            return IllegalMoveError(rule="R6.1", reason="not_on_board", chain=chain,
                                    on_board=tuple(c for c in ledger.edition.names if c in on_board))
        if bank[chain] < n:
            return IllegalMoveError(rule="R6.3", reason="bank_short", chain=chain, held=bank[chain], asked=n)
        cost += n * at(chain, on_board[chain])
    if cost > ledger.cash[player]:
        return _short_of_cash(ledger, player, orders, cost)
    return None


def _short_of_cash(ledger: Ledger, player: str, orders: Sequence[tuple[str, int]], cost: int) -> IllegalMoveError:
    """The refusal of a purchase costing ``cost`` dollars that ``player`` can't pay for (R6.3), as
    data: ``orders`` as ``(chain, count, price)``, ``cost``, their ``cash``, and what it covers taken
    in the order asked (``can``: ``(chain, count)`` pairs, ``spent``), or when it covers none
    the ``cheapest`` chain asked and its ``cheapest_price``. ``cash``, ``can`` and ``spent`` are
    ``player``'s own figures (R10.1)."""
    cash = ledger.cash[player]
    left, can = cash, []
    for chain, n in orders:
        k = min(n, left // price(ledger, chain))
        if k:
            can.append((chain, k))
            left -= k * price(ledger, chain)
    cheapest = min(orders, key=lambda o: price(ledger, o[0]))[0]
    return IllegalMoveError(rule="R6.3", reason="short_of_cash", player=player,
                            orders=tuple((c, n, price(ledger, c)) for c, n in orders), cost=cost, cash=cash,
                            can=tuple(can), spent=cash - left, cheapest=cheapest,
                            cheapest_price=price(ledger, cheapest))


def purchases(ledger: Ledger, player: str) -> list[Orders]:
    """Every purchase ``player`` could make now, as ``Buy.orders`` (R6): 0 to the buy limit
    shares, in information-card order, each accepted by :func:`buy_refusal`."""
    chains = [c for c in ledger.edition.names if c in ledger.board.sizes]
    found: list[Orders] = []

    def extend(start: int, orders: dict[str, int], left: int) -> None:
        if buy_refusal(ledger, player, tuple(orders.items())) is not None:
            return
        found.append(tuple(orders.items()))
        if left == 0:
            return
        for i in range(start, len(chains)):
            more = dict(orders)
            more[chains[i]] = more.get(chains[i], 0) + 1
            extend(i, more, left - 1)

    extend(0, {}, ledger.edition.buy_limit)
    return found


def pay(ledger: Ledger, player: str, plan: BuyPlan, out: list[ev.Event]) -> None:
    """``player`` pays the bank for the shares of ``plan`` at their current prices (R6.3)."""
    at, sizes = ledger.edition.price, ledger.board.sizes
    cash, bank, holdings = ledger.cash, ledger.bank, ledger.shares[player]
    for chain, n in plan.move.orders:
        amount = n * at(chain, sizes[chain])
        cash[player] -= amount
        bank[chain] -= n
        holdings[chain] += n
        out.append(ev.SharesBought(player, chain, n, amount))


def why_nothing(ledger: Ledger, player: str) -> tuple[str, str]:
    """Why ``player`` can buy nothing (R6.2), in words, and the figure that goes with it (their
    cash, theirs alone while holdings are hidden, R10.1; empty when the reason names none), in
    English whatever the language in force: the event's JSON text (the phrasebook words the key)."""
    kind = nothing_to_buy(ledger, player)
    if kind == "board":
        return "no chain is on the board", ""
    if kind == "limit":
        return "this ruleset's buy limit is 0", ""
    if kind == "bank":
        return "the bank has no share of any chain on the board", ""
    return f"{player} can't afford any share", f" (${ledger.cash[player]:,})"
