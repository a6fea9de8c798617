"""Events: what a move did, as frozen dataclasses returned by ``Game.apply`` (DESIGN 1).

Each event's ``text()`` is the instruction the banker follows at a real table: who pays whom how
much, which certificates change hands, which rule decided it. All money is whole dollars.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


def money(dollars: int) -> str:
    """Format whole dollars for people: ``money(4500) == '$4,500'``."""
    return f"-${-dollars:,}" if dollars < 0 else f"${dollars:,}"


def plural(n: int, word: str) -> str:
    """``n`` and ``word``, with an ``s`` unless ``n`` is 1: ``plural(1, "share") == '1 share'``."""
    return f"{n} {word}" + ("" if n == 1 else "s")


_plural = plural


def _now_safe(chain: str, safe: bool) -> str:
    return f"; {chain} is now safe: it can never be absorbed (R3.5)" if safe else ""


@dataclass(frozen=True)
class Event:
    """Base class: ``kind`` names the event, ``as_dict()`` gives its fields for JSON."""

    @property
    def kind(self) -> str:
        name = type(self).__name__
        return "".join("_" + ch.lower() if ch.isupper() else ch for ch in name).lstrip("_")

    def as_dict(self) -> dict[str, Any]:
        """The event as plain data: ``{"event": kind, field: value, ...}``."""
        return {"event": self.kind, **{k: v for k, v in asdict(self).items()}}

    def text(self) -> str:  # pragma: no cover - every subclass overrides it
        return self.kind


@dataclass(frozen=True)
class StartTilePlaced(Event):
    player: str
    tile: str

    def text(self) -> str:
        return f"{self.player}'s start tile {self.tile} is placed as a lone tile (R2.2)"


@dataclass(frozen=True)
class FirstPlayer(Event):
    player: str
    tile: str
    bag: int

    def text(self) -> str:
        return (
            f"{self.player} goes first: start tile {self.tile} is closest to 1A (R2.3). "
            f"Everyone draws a rack of tiles (R2.4); {_plural(self.bag, 'tile')} stay in the bag"
        )


@dataclass(frozen=True)
class TilePlaced(Event):
    player: str
    tile: str
    effect: str

    def text(self) -> str:
        what = {"lone": "a lone tile (R4.1)", "found": "it founds a chain (R4.2)",
                "grow": "it grows a chain (R4.3)", "merge": "it merges chains (R4.4, R5)"}[self.effect]
        return f"{self.player} places {self.tile}: {what}"


@dataclass(frozen=True)
class ChainFounded(Event):
    player: str
    chain: str
    size: int
    price: int
    safe: bool = False
    """The chain is safe from the start (R3.5)."""

    def text(self) -> str:
        return (f"{self.player} founds {self.chain} with {_plural(self.size, 'tile')}; price {money(self.price)} a share"
                + _now_safe(self.chain, self.safe))


@dataclass(frozen=True)
class FounderShare(Event):
    player: str
    chain: str
    given: bool

    def text(self) -> str:
        if self.given:
            return f"bank gives {self.player} 1 {self.chain} share free (founder's share, R4.2)"
        return f"the bank has no {self.chain} share left: no founder's share and no cash instead (R4.2, R3.4)"


@dataclass(frozen=True)
class ChainGrew(Event):
    chain: str
    size: int
    price: int
    added: int
    safe: bool = False
    """The chain has just become safe (R3.5)."""

    def text(self) -> str:
        return (f"{self.chain} grows by {_plural(self.added, 'tile')} to {self.size}; price {money(self.price)} a share"
                + _now_safe(self.chain, self.safe))


@dataclass(frozen=True)
class MergerBegan(Event):
    player: str
    survivor: str
    sizes: dict[str, int]

    def text(self) -> str:
        parts = ", ".join(f"{c} {n}" for c, n in self.sizes.items())
        return f"merger by {self.player} (mergemaker), sizes before the merger: {parts}; {self.survivor} survives (R5.2)"


@dataclass(frozen=True)
class DefunctChain(Event):
    chain: str
    size: int
    price: int
    holders: dict[str, int]

    def text(self) -> str:
        return f"{self.chain} is defunct at {_plural(self.size, 'tile')}, {money(self.price)} a share (R5.3)"


@dataclass(frozen=True)
class BonusPaid(Event):
    player: str
    chain: str
    amount: int
    bonus: str
    shares: int

    def text(self) -> str:
        return f"bank pays {self.player} {money(self.amount)} ({self.chain} {self.bonus}, {_plural(self.shares, 'share')}; R5.4)"


@dataclass(frozen=True)
class MarketDraw(Event):
    chain: str
    tile: str
    holding: int

    def text(self) -> str:
        if not self.tile and not self.holding:
            return f"the bag is empty: the market holds no {self.chain} for this payout (R9)"
        drawn = f"{self.tile} is drawn for the market" if self.tile else "the market's tile is drawn"
        return f"{drawn}: the market holds {self.holding} {self.chain} for this payout; the tile goes back into the bag (R9)"


@dataclass(frozen=True)
class MarketBonus(Event):
    chain: str
    holding: int
    amount: int
    bonus: str

    def text(self) -> str:
        return (f"the market wins {money(self.amount)} ({self.chain} {self.bonus}, {_plural(self.holding, 'share')}): "
                "it stays in the bank (R9)")


@dataclass(frozen=True)
class NoBonus(Event):
    chain: str
    market: bool = False
    """Two players with the market: its tile was not drawn, as no payout could depend on it (R9)."""

    def text(self) -> str:
        if self.market:
            return f"nobody holds {self.chain}: no bonus is paid, so no tile is drawn for the market (R5.4, R9)"
        return f"nobody holds {self.chain}: no bonus is paid (R5.4)"


@dataclass(frozen=True)
class SharesSold(Event):
    player: str
    chain: str
    count: int
    amount: int

    def text(self) -> str:
        return f"{self.player} sells {self.count} {self.chain} to the bank: bank pays {self.player} {money(self.amount)}"


@dataclass(frozen=True)
class SharesTraded(Event):
    player: str
    chain: str
    count: int
    survivor: str
    received: int

    def text(self) -> str:
        return (f"{self.player} trades {self.count} {self.chain} for {self.received} {self.survivor} "
                "with the bank (2 for 1, R5.3b)")


@dataclass(frozen=True)
class SharesHeld(Event):
    player: str
    chain: str
    count: int

    def text(self) -> str:
        return f"{self.player} holds {self.count} {self.chain} (R5.3b)"


@dataclass(frozen=True)
class MergerCompleted(Event):
    survivor: str
    size: int
    price: int
    defunct: tuple[str, ...]
    safe: bool = False
    """The survivor has just become safe (R3.5)."""

    def text(self) -> str:
        return (
            f"{self.survivor} absorbs {', '.join(self.defunct)}: now {self.size} tiles, "
            f"{money(self.price)} a share; {', '.join(self.defunct)} may be founded again (R5.5)"
            + _now_safe(self.survivor, self.safe)
        )


@dataclass(frozen=True)
class SharesBought(Event):
    player: str
    chain: str
    count: int
    amount: int

    def text(self) -> str:
        return f"{self.player} pays the bank {money(self.amount)} for {self.count} {self.chain} (R6)"


@dataclass(frozen=True)
class Passed(Event):
    player: str

    def text(self) -> str:
        return f"{self.player} has no playable tile and places none (R4.7)"


@dataclass(frozen=True)
class TilesDiscarded(Event):
    player: str
    tiles: tuple[str, ...]
    drawn: int

    def text(self) -> str:
        return (
            f"{self.player} puts dead {'tile' if len(self.tiles) == 1 else 'tiles'} {' '.join(self.tiles)} "
            f"out of the game and draws {self.drawn} (R7.3)"
        )


@dataclass(frozen=True)
class EndDeclared(Event):
    player: str

    def text(self) -> str:
        return f"{self.player} declares the end of the game: it ends when this turn finishes (R8.2)"


@dataclass(frozen=True)
class TurnFinished(Event):
    player: str
    drew: bool
    bag: int
    reason: str

    def text(self) -> str:
        draw = f"{self.player} draws a tile ({self.bag} left in the bag)" if self.drew else f"{self.player} draws no tile"
        return f"{self.reason}; {draw} (R7)" if self.reason else f"turn over: {draw} (R7)"


@dataclass(frozen=True)
class GameOver(Event):
    reason: str

    def text(self) -> str:
        return f"the game ends: {self.reason}. Final payout (R8.3):"


@dataclass(frozen=True)
class Standing(Event):
    player: str
    cash: int
    rank: int

    def text(self) -> str:
        return f"{self.rank}. {self.player} {money(self.cash)}"
