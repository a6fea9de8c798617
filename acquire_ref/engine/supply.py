"""The tiles off the board: the tile bag and the racks (R2.2, R2.4, R7).

Two kinds of supply, one interface, so the game never asks which mode it is in for bookkeeping:

- :class:`TableSupply`: a real table. The tiles are in the players' hands; the referee knows
  only how many each rack and the bag hold.
- :class:`DealtSupply`: the referee deals from a bag of known order and knows every rack.

>>> s = DealtSupply(["A", "B"], list(ALL_TILES))
>>> s.start_tiles((), 2)
(Tile('1A'), Tile('2A'))
>>> s.deal((Tile(1, 0), Tile(2, 0)), ["A", "B"], rack_size=6)
>>> s.bag, s.racks["A"], [str(t) for t in s.rack("A")][:2]
(94, 6, ['3A', '4A'])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from acquire_ref.engine.errors import IllegalMoveError
from acquire_ref.engine.tiles import ALL_TILES, Tile
from acquire_ref.language import _

if TYPE_CHECKING:
    import random


class TableSupply:
    """Table mode: counts only. ``bag`` tiles in the bag; ``racks`` player -> tiles in the rack."""

    mode = "table"
    knows_racks = False
    """True when the referee knows which tiles each rack holds (dealt mode)."""

    def __init__(self, players: Iterable[str], bag: int = len(ALL_TILES), racks: dict[str, int] | None = None,
                 tiles: tuple[Tile, ...] = ALL_TILES) -> None:
        self.tiles = tiles
        """Every tile of the board (the edition's, R1.1a): 108 on the classic board."""
        self.bag = bag
        self.racks: dict[str, int] = dict(racks) if racks is not None else {p: 0 for p in players}

    def start_tiles(self, given: tuple[Tile, ...], n: int) -> tuple[Tile, ...]:
        """The start tiles (R2.2): at a table, the ones the players drew and named."""
        return given

    def deal(self, start: tuple[Tile, ...], players: Sequence[str], rack_size: int) -> None:
        """Take the start tiles out of the bag and fill every rack (R2.2, R2.4)."""
        for p in players:
            self.racks[p] = rack_size
        self.bag = len(self.tiles) - len(start) - len(players) * rack_size

    def holds(self, player: str, tile: Tile) -> bool:
        """Whether ``tile`` can be in ``player``'s rack: at a table, any tile while the rack has one."""
        return self.racks[player] > 0

    def rack(self, player: str) -> tuple[Tile, ...]:
        """The tiles of ``player``'s rack; at a table the referee does not know them."""
        raise IllegalMoveError(_("in table mode the racks are the players' own: the referee does not know them"))

    def take(self, player: str, tile: Tile) -> None:
        """``player`` plays ``tile`` from the rack."""
        self.racks[player] -= 1

    def draw(self, player: str) -> bool:
        """``player`` draws a tile from the bag if it has any (R7.1, R7.2); True if one was drawn."""
        if not self.bag:
            return False
        self.bag -= 1
        self.racks[player] += 1
        self._drew(player)
        return True

    def _drew(self, player: str) -> None:
        """Dealt mode moves the drawn tile; a table only counts."""

    def replace(self, player: str, tiles: Sequence[Tile]) -> int:
        """``tiles`` leave ``player``'s rack for good and as many are drawn as the bag allows (R7.3);
        returns how many were drawn."""
        drawn = min(len(tiles), self.bag)
        self.racks[player] += drawn - len(tiles)
        self.bag -= drawn
        return drawn

    def candidates(self, player: str, placed: Iterable[Tile]) -> list[Tile]:
        """Tiles ``player`` might place, in board order: at a table, every tile not yet placed
        or out of the game (``placed``)."""
        gone = set(placed)
        return [t for t in self.tiles if t not in gone]

    def market_tile(self, rng: random.Random) -> Tile | None:
        """A tile drawn for the market (R9); None at a table, where the players draw it."""
        return None

    def tiles_left(self) -> int:
        """Tiles in the bag and every rack together."""
        return self.bag + sum(self.racks.values())


class DealtSupply(TableSupply):
    """Dealt mode: the bag's order is known (``bag_order``, every tile once) and so is every rack."""

    mode = "dealt"
    knows_racks = True

    def __init__(self, players: Iterable[str], bag_order: list[Tile], tiles: tuple[Tile, ...] = ALL_TILES) -> None:
        players = list(players)
        super().__init__(players, len(tiles), tiles=tiles)
        self.bag_tiles: list[Tile] = list(bag_order)
        self.rack_tiles: dict[str, list[Tile]] = {p: [] for p in players}

    def start_tiles(self, given: tuple[Tile, ...], n: int) -> tuple[Tile, ...]:
        """The start tiles (R2.2): the referee draws them; naming any is refused."""
        if given:
            raise IllegalMoveError("in dealt mode the referee draws the start tiles: type `start` alone (R2.2)", rule="R2.2")
        return tuple(self.bag_tiles[:n])

    def deal(self, start: tuple[Tile, ...], players: Sequence[str], rack_size: int) -> None:
        del self.bag_tiles[: len(start)]
        for p in players:
            self.rack_tiles[p] = self.bag_tiles[:rack_size]
            del self.bag_tiles[:rack_size]
        super().deal(start, players, rack_size)

    def holds(self, player: str, tile: Tile) -> bool:
        return tile in self.rack_tiles[player]

    def rack(self, player: str) -> tuple[Tile, ...]:
        return tuple(self.rack_tiles[player])

    def take(self, player: str, tile: Tile) -> None:
        self.rack_tiles[player].remove(tile)
        super().take(player, tile)

    def _drew(self, player: str) -> None:
        self.rack_tiles[player].append(self.bag_tiles.pop(0))

    def replace(self, player: str, tiles: Sequence[Tile]) -> int:
        for t in tiles:
            self.rack_tiles[player].remove(t)
        drawn = super().replace(player, tiles)
        self.rack_tiles[player].extend(self.bag_tiles[:drawn])
        del self.bag_tiles[:drawn]
        return drawn

    def candidates(self, player: str, placed: Iterable[Tile]) -> list[Tile]:
        """Tiles ``player`` might place: the rack's, in the order drawn."""
        return list(self.rack_tiles[player])

    def market_tile(self, rng: random.Random) -> Tile | None:
        """A tile drawn from the bag for the market; it stays in the bag (R9)."""
        return self.bag_tiles[rng.randrange(len(self.bag_tiles))]
