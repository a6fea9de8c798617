"""Events: what a move did, as immutable values returned by ``Game.apply`` (DESIGN 1).

An event is data only: who, which chain, how many tiles, shares and dollars. The instruction the
banker follows at a real table (who pays whom how much, which certificates change hands, which
rule decided it) is worded by the phrasebook, :func:`acquire_ref.words.events.told`; which
figures a viewer may be told is decided by :mod:`acquire_ref.viewers.views` (R10.1). All money is whole
dollars; tiles are their names (``"5C"``); ``as_dict()`` is the event in ``log --json``.

>>> e = BonusPaid("Ann", "Tower", 3000, "majority", 4)
>>> e.kind, e.as_dict()["amount"]
('bonus_paid', 3000)
"""

from __future__ import annotations

from typing import Any, ClassVar

from acquire_ref import language
from acquire_ref.engine.values import Value


def money(dollars: int) -> str:
    """Format whole dollars for people: ``money(4500) == '$4,500'`` in English; in the language
    in force (:func:`acquire_ref.language.money`: ``4.500 $`` in German)."""
    return language.money(dollars)


def plural(n: int, word: str) -> str:
    """``n`` and ``word``, with an ``s`` unless ``n`` is 1: ``plural(1, "share") == '1 share'``."""
    return f"{n} {word}" + ("" if n == 1 else "s")


class Event(Value):
    """Base class: ``kind`` names the event (``bonus_paid``), ``as_dict()`` gives its fields for JSON."""

    kind: "ClassVar[str]" = "event"  # noqa: UP037 (quoted so that mypyc keeps it a class variable: see values)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.kind = "".join("_" + ch.lower() if ch.isupper() else ch for ch in cls.__name__).lstrip("_")

    def as_dict(self) -> dict[str, Any]:
        """The event as plain data: ``{"event": kind, field: value, ...}``."""
        return {"event": self.kind, **self.as_fields()}


class StartTilePlaced(Event):
    """A player's start tile goes on the board as a lone tile (R2.2)."""

    player: str
    tile: str


class FirstPlayer(Event):
    """Who goes first (start tile closest to 1A, R2.3), and the tiles left in the bag after the racks are drawn."""

    player: str
    tile: str
    bag: int


class TilePlaced(Event):
    """A player places a tile; ``effect`` is what it does (``lone``, ``found``, ``grow`` or ``merge``, R4)."""

    player: str
    tile: str
    effect: str


class ChainFounded(Event):
    """A chain is founded with ``size`` tiles at ``price`` dollars a share (R4.2); ``safe`` when it
    is safe from the start (R3.5)."""

    player: str
    chain: str
    size: int
    price: int
    safe: bool = False


class FounderShare(Event):
    """The founder's free share, or none when the bank has none left (``given``, R4.2)."""

    player: str
    chain: str
    given: bool


class ChainGrew(Event):
    """A chain grows by ``added`` tiles to ``size``, ``price`` dollars a share (R4.3); ``safe`` when it
    has just become safe (R3.5)."""

    chain: str
    size: int
    price: int
    added: int
    safe: bool = False


class MergerBegan(Event):
    """A merger: the mergemaker, the survivor, and each chain's size before it (R5.1, R5.2)."""

    player: str
    survivor: str
    sizes: dict[str, int]


class DefunctChain(Event):
    """A defunct chain is handled: its pre-merger ``size`` and ``price``, and who holds how many (R5.3)."""

    chain: str
    size: int
    price: int
    holders: dict[str, int]


class BonusPaid(Event):
    """The bank pays a shareholder bonus: ``amount`` dollars, its kind, the ``shares`` held (R5.4, R8.3)."""

    player: str
    chain: str
    amount: int
    bonus: str
    shares: int


class MarketDraw(Event):
    """Two players: the tile drawn for the market and its ``holding`` for one payout (R9)."""

    chain: str
    tile: str
    holding: int


class MarketBonus(Event):
    """Two players: a bonus the market wins, which stays in the bank (R9)."""

    chain: str
    holding: int
    amount: int
    bonus: str


class NoBonus(Event):
    """Nobody holds the chain: no bonus is paid (R5.4); with ``market``, two players with the market,
    whose tile was not drawn, as no payout could depend on it (R9)."""

    chain: str
    market: bool = False


class SharesSold(Event):
    """A player sells ``count`` shares to the bank for ``amount`` dollars (R5.3b, R8.3)."""

    player: str
    chain: str
    count: int
    amount: int


class SharesTraded(Event):
    """A player trades ``count`` defunct shares for ``received`` survivor shares, 2 for 1 (R5.3b)."""

    player: str
    chain: str
    count: int
    survivor: str
    received: int


class SharesHeld(Event):
    """A player keeps ``count`` shares of a defunct chain (R5.3b)."""

    player: str
    chain: str
    count: int


class MergerCompleted(Event):
    """The survivor takes the defunct chains: its new ``size`` and ``price`` (R5.5); ``safe`` when it
    has just become safe (R3.5)."""

    survivor: str
    size: int
    price: int
    defunct: tuple[str, ...]
    safe: bool = False


class SharesBought(Event):
    """A player pays the bank ``amount`` dollars for ``count`` shares (R6)."""

    player: str
    chain: str
    count: int
    amount: int


class Passed(Event):
    """A player with no playable tile places none (R4.7)."""

    player: str


class TilesDiscarded(Event):
    """Dead tiles leave the game and ``drawn`` replacements are drawn (R7.3)."""

    player: str
    tiles: tuple[str, ...]
    drawn: int


class EndDeclared(Event):
    """A player declares the end; it comes when the turn finishes (R8.2)."""

    player: str


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
    nothing: str = ""
    """Why nothing could be bought, as a key for the phrasebook (``reason`` is its English, for
    the JSON): ``"any"`` (the end was declared with nothing to buy), ``"board"``, ``"limit"``,
    ``"bank"``, ``"cash"`` (:func:`acquire_ref.engine.buying.nothing_to_buy`, R6.2); empty when
    the turn ended by a move."""
    cash: int | None = None
    """With ``nothing == "cash"``: the player's cash in dollars (their own figure, R10.1)."""


class GameOver(Event):
    """The game ends, for ``reason`` (English, for the JSON); the final payout follows (R8).
    ``ending`` is the key the phrasebook words (:class:`~acquire_ref.engine.pending.EndReason`'s
    value) and ``by`` who declared the end (R8.2), else None."""

    _fields = ("reason",)
    reason: str
    ending: str = ""
    by: str | None = None


class Standing(Event):
    """A player's place in the final standings and money in dollars (R8.3)."""

    player: str
    cash: int
    rank: int
