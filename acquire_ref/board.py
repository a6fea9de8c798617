"""The board: which tiles are placed, which chain owns each, and what a tile would do (R1, R4).

>>> b = Board()
>>> for name in ("1A", "3A"): b.put(parse_tile(name))
>>> e = b.effect(parse_tile("2A"), chains_available=7, safe_size=11)
>>> e.kind, sorted(str(t) for t in e.group)
('found', ['1A', '2A', '3A'])
"""

from __future__ import annotations

from dataclasses import dataclass

from acquire_ref.tiles import Tile, parse_tile  # noqa: F401  (parse_tile for the doctest)

LONE = None


@dataclass(frozen=True)
class Effect:
    """What placing one tile would do now (R4).

    ``kind`` is one of ``occupied``, ``lone`` (R4.1), ``found`` (R4.2), ``grow`` (R4.3),
    ``merge`` (R4.4), ``blocked`` (R4.5) or ``dead`` (R4.6). ``chains`` are the distinct chains
    the tile touches, largest first; ``group`` is the tile and every lone tile connected to it.
    """

    tile: Tile
    kind: str
    chains: tuple[str, ...] = ()
    group: frozenset[Tile] = frozenset()
    safe: tuple[str, ...] = ()


class Board:
    """Placed tiles and their owners: a chain name, or ``None`` for a lone tile.

    ``sizes`` maps every chain on the board to its tile count; ``chain_order`` (chain -> index on
    the information card) orders chains of equal size wherever they are listed.
    """

    def __init__(self, chain_order: dict[str, int] | None = None) -> None:
        self.owner: dict[Tile, str | None] = {}
        self.sizes: dict[str, int] = {}
        self.chain_order = chain_order or {}

    def __contains__(self, tile: Tile) -> bool:
        return tile in self.owner

    def put(self, tile: Tile, chain: str | None = LONE) -> None:
        """Place ``tile``, lone or in ``chain`` (no rules checked: the game does that)."""
        self.owner[tile] = chain
        if chain is not None:
            self.sizes[chain] = self.sizes.get(chain, 0) + 1

    def assign(self, tiles, chain: str) -> None:
        """Make every tile in ``tiles`` (placed or not) part of ``chain``, updating sizes."""
        for t in tiles:
            old = self.owner.get(t, LONE)
            if old == chain and t in self.owner:
                continue
            if old is not None:
                self.sizes[old] -= 1
                if not self.sizes[old]:
                    del self.sizes[old]
            self.owner[t] = chain
            self.sizes[chain] = self.sizes.get(chain, 0) + 1

    def chain_tiles(self, chain: str) -> list[Tile]:
        """The tiles of ``chain``, in board order."""
        return sorted((t for t, c in self.owner.items() if c == chain), key=lambda t: (t.row, t.col))

    def lone_group(self, tile: Tile) -> frozenset[Tile]:
        """``tile`` and every lone tile orthogonally connected to it through lone tiles."""
        seen = {tile}
        stack = [tile]
        while stack:
            for n in stack.pop().neighbours():
                if n not in seen and n in self.owner and self.owner[n] is None:
                    seen.add(n)
                    stack.append(n)
        return frozenset(seen)

    def kind(self, tile: Tile, chains_available: int, safe_size: int) -> str:
        """Only the ``kind`` of :meth:`effect`, without working out the tiles involved (faster)."""
        if tile in self.owner:
            return "occupied"
        owner, sizes = self.owner, self.sizes
        touched = set()
        lone_near = False
        for n in tile.neighbours():
            if n in owner:
                c = owner[n]
                if c is None:
                    lone_near = True
                else:
                    touched.add(c)
        if len(touched) >= 2:
            return "dead" if sum(1 for c in touched if sizes[c] >= safe_size) >= 2 else "merge"
        if touched:
            return "grow"
        if lone_near:
            return "found" if chains_available else "blocked"
        return "lone"

    def effect(self, tile: Tile, chains_available: int, safe_size: int) -> Effect:
        """Classify placing ``tile`` now (R4).

        ``chains_available`` is how many chains could still be founded (not on the board);
        ``safe_size`` the size from which a chain is safe (R3.5).
        """
        if tile in self.owner:
            return Effect(tile, "occupied")
        touched: set[str] = set()
        lone_near = False
        for n in tile.neighbours():
            if n in self.owner:
                if self.owner[n] is None:
                    lone_near = True
                else:
                    touched.add(self.owner[n])
        chains = tuple(sorted(touched, key=lambda c: (-self.sizes[c], self.chain_order.get(c, 0), c)))
        if len(chains) >= 2:
            safe = tuple(c for c in chains if self.sizes[c] >= safe_size)
            if len(safe) >= 2:
                return Effect(tile, "dead", chains, safe=safe)
            return Effect(tile, "merge", chains, self.lone_group(tile), safe)
        if len(chains) == 1:
            return Effect(tile, "grow", chains, self.lone_group(tile))
        if lone_near:
            if chains_available == 0:
                return Effect(tile, "blocked", (), self.lone_group(tile))
            return Effect(tile, "found", (), self.lone_group(tile))
        return Effect(tile, "lone", (), frozenset({tile}))
