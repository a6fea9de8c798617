"""Events: what a move did, as immutable values returned by ``Game.apply`` (DESIGN 1).

Each event's ``text()`` is the instruction the banker follows at a real table: who pays whom how
much, which certificates change hands, which rule decided it. All money is whole dollars; tiles
are their names (``"5C"``); ``as_dict()`` is the event in ``log --json``.

>>> e = BonusPaid("Ann", "Tower", 3000, "majority", 4)
>>> e.kind, e.text()
('bonus_paid', 'bank pays Ann $3,000 (Tower majority, 4 shares; R5.4)')
>>> e.as_dict()["amount"]
3000
"""

from __future__ import annotations

from typing import Any, ClassVar

from acquire_ref import language
from acquire_ref.values import Value


def money(dollars: int) -> str:
    """Format whole dollars for people: ``money(4500) == '$4,500'`` in English; in the language
    in force (:func:`acquire_ref.language.money`: ``4.500 $`` in German)."""
    return language.money(dollars)


def plural(n: int, word: str) -> str:
    """``n`` and ``word``, with an ``s`` unless ``n`` is 1: ``plural(1, "share") == '1 share'``."""
    return f"{n} {word}" + ("" if n == 1 else "s")


_plural = plural


def _now_safe(chain: str, safe: bool) -> str:
    return f"; {chain} is now safe: it can never be absorbed (R3.5)" if safe else ""


class Event(Value):
    """Base class: ``kind`` names the event (``bonus_paid``), ``as_dict()`` gives its fields for JSON."""

    kind: ClassVar[str] = "event"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.kind = "".join("_" + ch.lower() if ch.isupper() else ch for ch in cls.__name__).lstrip("_")

    def as_dict(self) -> dict[str, Any]:
        """The event as plain data: ``{"event": kind, field: value, ...}``."""
        return {"event": self.kind, **self.as_fields()}

    def text(self) -> str:  # pragma: no cover - every subclass overrides it
        return self.kind

    def public_text(self) -> str:
        """The event as the history tells it while holdings are hidden (R10.1): who did what,
        without the figures that total up a player's cash or shares; :meth:`text` for most."""
        return self.text()

    def public_dict(self) -> dict[str, Any]:
        """:meth:`as_dict` without the figures :meth:`public_text` leaves out (R10.1)."""
        return self.as_dict()

    def moment_text(self) -> str:
        """The event as everyone may read it at the moment it happens (R10.1): the banker's
        instruction in full (:meth:`text`), without a figure that is no instruction (a
        player's cash named as the reason a turn ends)."""
        return self.text()

    def moment_dict(self) -> dict[str, Any]:
        """:meth:`as_dict` as :meth:`moment_text` tells it (R10.1)."""
        return self.as_dict()


class StartTilePlaced(Event):
    """A player's start tile goes on the board as a lone tile (R2.2)."""

    player: str
    tile: str

    def text(self) -> str:
        return f"{self.player}'s start tile {self.tile} is placed as a lone tile (R2.2)"


class FirstPlayer(Event):
    """Who goes first (start tile closest to 1A, R2.3), and the tiles left in the bag after the racks are drawn."""

    player: str
    tile: str
    bag: int

    def text(self) -> str:
        return (
            f"{self.player} goes first: start tile {self.tile} is closest to 1A (R2.3). "
            f"Everyone draws a rack of tiles (R2.4); {_plural(self.bag, 'tile')} stay in the bag"
        )


class TilePlaced(Event):
    """A player places a tile; ``effect`` is what it does (``lone``, ``found``, ``grow`` or ``merge``, R4)."""

    player: str
    tile: str
    effect: str

    def text(self) -> str:
        what = {"lone": "a lone tile (R4.1)", "found": "it founds a chain (R4.2)",
                "grow": "it grows a chain (R4.3)", "merge": "it merges chains (R4.4, R5)"}[self.effect]
        return f"{self.player} places {self.tile}: {what}"


class ChainFounded(Event):
    """A chain is founded with ``size`` tiles at ``price`` dollars a share (R4.2); ``safe`` when it
    is safe from the start (R3.5)."""

    player: str
    chain: str
    size: int
    price: int
    safe: bool = False

    def text(self) -> str:
        return (f"{self.player} founds {self.chain} with {_plural(self.size, 'tile')}; price {money(self.price)} a share"
                + _now_safe(self.chain, self.safe))


class FounderShare(Event):
    """The founder's free share, or none when the bank has none left (``given``, R4.2)."""

    player: str
    chain: str
    given: bool

    def text(self) -> str:
        if self.given:
            return f"bank gives {self.player} 1 {self.chain} share free (founder's share, R4.2)"
        return f"the bank has no {self.chain} share left: no founder's share and no cash instead (R4.2, R3.4)"


class ChainGrew(Event):
    """A chain grows by ``added`` tiles to ``size``, ``price`` dollars a share (R4.3); ``safe`` when it
    has just become safe (R3.5)."""

    chain: str
    size: int
    price: int
    added: int
    safe: bool = False

    def text(self) -> str:
        return (f"{self.chain} grows by {_plural(self.added, 'tile')} to {self.size}; price {money(self.price)} a share"
                + _now_safe(self.chain, self.safe))


class MergerBegan(Event):
    """A merger: the mergemaker, the survivor, and each chain's size before it (R5.1, R5.2)."""

    player: str
    survivor: str
    sizes: dict[str, int]

    def text(self) -> str:
        parts = ", ".join(f"{c} {n}" for c, n in self.sizes.items())
        return f"merger by {self.player} (mergemaker), sizes before the merger: {parts}; {self.survivor} survives (R5.2)"


class DefunctChain(Event):
    """A defunct chain is handled: its pre-merger ``size`` and ``price``, and who holds how many (R5.3)."""

    chain: str
    size: int
    price: int
    holders: dict[str, int]

    def text(self) -> str:
        return f"{self.chain} is defunct at {_plural(self.size, 'tile')}, {money(self.price)} a share (R5.3)"

    def public_dict(self) -> dict[str, Any]:
        return {**self.as_dict(), "holders": {p: None for p in self.holders}}


class BonusPaid(Event):
    """The bank pays a shareholder bonus: ``amount`` dollars, its kind, the ``shares`` held (R5.4, R8.3)."""

    player: str
    chain: str
    amount: int
    bonus: str
    shares: int

    def text(self) -> str:
        rule = "R5.4" if self.bonus.startswith(("majority", "minority")) else "R5.4a"  # N places: "first", "second"...
        held = _plural(self.shares, "share")
        return f"bank pays {self.player} {money(self.amount)} ({self.chain} {self.bonus}, {held}; {rule})"

    def public_text(self) -> str:
        return f"the bank pays {self.player} {money(self.amount)} ({self.chain} {self.bonus})"

    def public_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self.as_dict().items() if k != "shares"}


class MarketDraw(Event):
    """Two players: the tile drawn for the market and its ``holding`` for one payout (R9)."""

    chain: str
    tile: str
    holding: int

    def text(self) -> str:
        if not self.tile and not self.holding:
            return f"the bag is empty: the market holds no {self.chain} for this payout (R9)"
        drawn = f"{self.tile} is drawn for the market" if self.tile else "the market's tile is drawn"
        return f"{drawn}: the market holds {self.holding} {self.chain} for this payout; the tile goes back into the bag (R9)"


class MarketBonus(Event):
    """Two players: a bonus the market wins, which stays in the bank (R9)."""

    chain: str
    holding: int
    amount: int
    bonus: str

    def text(self) -> str:
        return (f"the market wins {money(self.amount)} ({self.chain} {self.bonus}, {_plural(self.holding, 'share')}): "
                "it stays in the bank (R9)")


class NoBonus(Event):
    """Nobody holds the chain: no bonus is paid (R5.4); with ``market``, two players with the market,
    whose tile was not drawn, as no payout could depend on it (R9)."""

    chain: str
    market: bool = False

    def text(self) -> str:
        if self.market:
            return f"nobody holds {self.chain}: no bonus is paid, so no tile is drawn for the market (R5.4, R9)"
        return f"nobody holds {self.chain}: no bonus is paid (R5.4)"


class SharesSold(Event):
    """A player sells ``count`` shares to the bank for ``amount`` dollars (R5.3b, R8.3)."""

    player: str
    chain: str
    count: int
    amount: int

    def text(self) -> str:
        return f"{self.player} sells {self.count} {self.chain} to the bank: bank pays {self.player} {money(self.amount)}"

    def public_text(self) -> str:
        return f"{self.player} disposes of {self.chain} shares"

    def public_dict(self) -> dict[str, Any]:
        return {"event": "shares_disposed", "player": self.player, "chain": self.chain}


class SharesTraded(Event):
    """A player trades ``count`` defunct shares for ``received`` survivor shares, 2 for 1 (R5.3b)."""

    player: str
    chain: str
    count: int
    survivor: str
    received: int

    def text(self) -> str:
        return (f"{self.player} trades {self.count} {self.chain} for {self.received} {self.survivor} "
                "with the bank (2 for 1, R5.3b)")

    def public_text(self) -> str:
        return f"{self.player} disposes of {self.chain} shares"

    def public_dict(self) -> dict[str, Any]:
        return {"event": "shares_disposed", "player": self.player, "chain": self.chain}


class SharesHeld(Event):
    """A player keeps ``count`` shares of a defunct chain (R5.3b)."""

    player: str
    chain: str
    count: int

    def text(self) -> str:
        return f"{self.player} holds {self.count} {self.chain} (R5.3b)"

    def public_text(self) -> str:
        return f"{self.player} disposes of {self.chain} shares"

    def public_dict(self) -> dict[str, Any]:
        return {"event": "shares_disposed", "player": self.player, "chain": self.chain}


class MergerCompleted(Event):
    """The survivor takes the defunct chains: its new ``size`` and ``price`` (R5.5); ``safe`` when it
    has just become safe (R3.5)."""

    survivor: str
    size: int
    price: int
    defunct: tuple[str, ...]
    safe: bool = False

    def text(self) -> str:
        return (
            f"{self.survivor} absorbs {', '.join(self.defunct)}: now {self.size} tiles, "
            f"{money(self.price)} a share; {', '.join(self.defunct)} may be founded again (R5.5)"
            + _now_safe(self.survivor, self.safe)
        )


class SharesBought(Event):
    """A player pays the bank ``amount`` dollars for ``count`` shares (R6)."""

    player: str
    chain: str
    count: int
    amount: int

    def text(self) -> str:
        return f"{self.player} pays the bank {money(self.amount)} for {self.count} {self.chain} (R6)"

    def public_text(self) -> str:
        return f"{self.player} buys shares"

    def public_dict(self) -> dict[str, Any]:
        return {"event": self.kind, "player": self.player}


class Passed(Event):
    """A player with no playable tile places none (R4.7)."""

    player: str

    def text(self) -> str:
        return f"{self.player} has no playable tile and places none (R4.7)"


class TilesDiscarded(Event):
    """Dead tiles leave the game and ``drawn`` replacements are drawn (R7.3)."""

    player: str
    tiles: tuple[str, ...]
    drawn: int

    def text(self) -> str:
        return (
            f"{self.player} puts dead {'tile' if len(self.tiles) == 1 else 'tiles'} {' '.join(self.tiles)} "
            f"out of the game and draws {self.drawn} (R7.3)"
        )


class EndDeclared(Event):
    """A player declares the end; it comes when the turn finishes (R8.2)."""

    player: str

    def text(self) -> str:
        return f"{self.player} declares the end of the game: it ends when this turn finishes (R8.2)"


class TurnFinished(Event):
    """The turn ends: whether a tile was ``drawn``, the tiles left in the bag, why it ended by itself (R7), and
    whether it was the ``last`` turn of the game (then the words say so: no turn follows, R8)."""

    _fields = ("player", "drew", "bag", "reason", "last")
    player: str
    drew: bool
    bag: int
    reason: str
    last: bool = False
    public_reason: str | None = None
    """``reason`` without the player's own figures (R10.1), or None when it names none."""
    def text(self) -> str:
        return self._told(self.reason)

    def _told(self, reason: str) -> str:
        if self.last:
            return f"{reason}; that was the last turn (R8)" if reason else f"{self.player}'s turn was the last one (R8)"
        draw = f"{self.player} draws a tile ({self.bag} left in the bag)" if self.drew else f"{self.player} draws no tile"
        return f"{reason}; {draw} (R7)" if reason else f"turn over: {draw} (R7)"

    def public_text(self) -> str:
        return self.moment_text()

    def moment_text(self) -> str:
        return self._told(self.reason if self.public_reason is None else self.public_reason)

    def public_dict(self) -> dict[str, Any]:
        return {**self.as_dict(), "reason": self.reason if self.public_reason is None else self.public_reason}

    def moment_dict(self) -> dict[str, Any]:
        return self.public_dict()


class GameOver(Event):
    """The game ends, for ``reason``; the final payout follows (R8)."""

    reason: str

    def text(self) -> str:
        return f"the game ends: {self.reason}. Final payout (R8.3):"


class Standing(Event):
    """A player's place in the final standings and money in dollars (R8.3)."""

    player: str
    cash: int
    rank: int

    def text(self) -> str:
        return f"{self.rank}. {self.player} {money(self.cash)}"
