"""The pending decision: who must decide what now, as typed values (R10.2, DESIGN 1).

At every moment a game has exactly one pending decision. Each kind is its own small immutable
class; ``decision`` is the keyword of the JSON contract (``start``, ``place``, ``choose``,
``dispose``, ``market``, ``buy``, ``over``) and ``player`` the seat that decides (None while the
start tiles are drawn and once the game is over).

>>> p = ChooseSurvivor("Ann", ("Tower", "Luxor"))
>>> p.decision, p.choice, p.player, p.options
('choose', 'survivor', 'Ann', ('Tower', 'Luxor'))
>>> p == ChooseSurvivor("Ann", ("Tower", "Luxor")), p
(True, ChooseSurvivor(player='Ann', options=('Tower', 'Luxor')))
"""

from __future__ import annotations

from enum import Enum
from typing import ClassVar

from acquire_ref.engine.values import Value, _get, _set, field


class EndReason(Enum):
    """How a game ended (R8)."""

    DECLARED = "declared"
    """The current player declared the end, and the turn finished (R8.2)."""
    STALLED = "stalled"
    """A whole round passed with no tile placed (R8.4)."""
    EXHAUSTED = "exhausted"
    """Every rack and the tile bag are empty (R8.4)."""
    def text(self, player: str | None = None) -> str:
        """The reason in words; ``player`` is who declared the end (R8.2, R8.4).

        >>> EndReason.DECLARED.text("Ann")
        'Ann declared the end (R8.2)'
        """
        if self is EndReason.DECLARED:
            return f"{player} declared the end (R8.2)"
        if self is EndReason.STALLED:
            return "a whole round passed with no tile placed (R8.4)"
        return "every rack and the tile bag are empty (R8.4)"


class Pending(Value):
    """Base of the pending decisions: immutable, compared and hashed by their fields."""

    decision: "ClassVar[str]" = ""  # noqa: UP037 (quoted so that mypyc keeps it a class variable: see values)
    chance: "ClassVar[bool]" = False  # noqa: UP037 (quoted so that mypyc keeps it a class variable: see values)
    """True for the decisions a dealt game makes itself (the start tiles, the market's tile):
    chance, not a player's choice."""
    player: str | None = None

    def summary(self) -> str:
        """The decision in a few words, for a refusal (R10.2)."""
        return f"{self.player} is to {self._what}"

    _what: "ClassVar[str]" = ""  # noqa: UP037 (quoted so that mypyc keeps it a class variable: see values)


class DrawStartTiles(Pending):
    """The start tiles are to be drawn, one per player (R2.2); nobody in particular decides."""

    decision = "start"
    chance = True
    _fields = ()
    player: str | None = field(default=None, init=False)

    def summary(self) -> str:
        return "the start tiles are to be drawn (R2.2)"


class PlaceTile(Pending):
    """``player`` places a tile, or passes without a playable one (R4, R4.7)."""

    decision = "place"
    _what = "place a tile"
    player: str


class ChooseChain(Pending):
    """``player`` chooses one of ``options`` (chain names); ``choice`` says what for."""

    decision = "choose"
    choice: "ClassVar[str]" = ""  # noqa: UP037 (quoted so that mypyc keeps it a class variable: see values)
    player: str
    options: tuple[str, ...]

    def __post_init__(self) -> None:
        _set(self, "options", tuple(_get(self, "options")))

    def summary(self) -> str:
        return f"{self.player} is to choose a chain: {', '.join(self.options)}"


class FoundChain(ChooseChain):
    """The placed tile founds a chain: ``player`` picks which of the free ``options`` (R4.2)."""

    choice = "found"


class ChooseSurvivor(ChooseChain):
    """The largest chains of a merger tie: the mergemaker picks the survivor (R5.2)."""

    choice = "survivor"


class OrderDefunct(ChooseChain):
    """Equal-sized defunct chains: the mergemaker picks which is handled next (R5.3)."""

    choice = "order"


class DisposeShares(Pending):
    """``player`` sells, trades or holds the shares of the defunct ``chain`` (R5.3b)."""

    decision = "dispose"
    player: str
    chain: str
    survivor: str

    def summary(self) -> str:
        return f"{self.player} is to dispose of {self.chain} shares"


class DrawForMarket(Pending):
    """Two players: ``player`` draws a tile for the market's ``chain`` holding (R9)."""

    decision = "market"
    chance = True
    player: str
    chain: str

    def summary(self) -> str:
        return f"{self.player} is to draw the market's tile for {self.chain}"


class BuyShares(Pending):
    """``player`` buys 0 to the buy limit of shares, which finishes the turn (R6)."""

    decision = "buy"
    _what = "buy shares or finish the turn"
    player: str


class GameEnded(Pending):
    """The game is over for ``reason`` and has been scored (R8)."""

    decision = "over"
    _fields = ("reason",)
    player: str | None = field(default=None, init=False)
    reason: EndReason

    def summary(self) -> str:
        return "the game is over"


Decision = (DrawStartTiles | PlaceTile | FoundChain | ChooseSurvivor | OrderDefunct | DisposeShares | DrawForMarket
            | BuyShares | GameEnded)
"""Every kind of pending decision: what a game's ``pending`` is, so that a ``match`` over it ends in
``typing.assert_never`` and a new kind is a type error in every dispatcher that misses it."""
