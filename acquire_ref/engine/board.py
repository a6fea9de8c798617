"""The board: which tiles are placed, which chain owns each, and what a tile would do (R1, R4).

>>> b = Board()
>>> for name in ("1A", "3A"): b.put(parse_tile(name))
>>> e = b.effect(parse_tile("2A"), chains_available=7, safe_size=11)
>>> e.kind, sorted(str(t) for t in e.group)
('found', ['1A', '2A', '3A'])

What it would do in words is the phrasebook's (:func:`acquire_ref.words.tiles.would_do`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from acquire_ref.engine.tiles import CLASSIC_GRID, Grid, Tile, connected, neighbour_table, parse_tile  # noqa: F401

Kind = Literal["occupied", "lone", "found", "grow", "merge", "blocked", "dead"]
"""What placing a tile would do: R4.1 lone, R4.2 found, R4.3 grow, R4.4 merge, R4.5 blocked,
R4.6 dead; ``occupied`` when the space is taken."""

PLAYABLE: frozenset[str] = frozenset({"lone", "found", "grow", "merge"})
"""The kinds of tile a player may place (R4); blocked and dead tiles stay in the rack (R4.5, R4.6)."""


class Effect:
    """What placing one tile would do now (R4).

    ``kind`` is a :data:`Kind`; ``chains`` are the distinct chains the tile touches, largest
    first (card order among equals); ``group`` is the tile and every lone tile connected to it;
    ``safe`` the touched chains that are safe (R3.5).
    """

    __slots__ = ("chains", "group", "kind", "safe", "tile")

    def __init__(self, tile: Tile, kind: Kind, chains: tuple[str, ...] = (),
                 group: frozenset[Tile] = frozenset(), safe: tuple[str, ...] = ()) -> None:
        self.tile = tile
        self.kind: Kind = kind
        self.chains = chains
        self.group = group
        self.safe = safe

    def __repr__(self) -> str:
        return f"Effect({self.tile}, {self.kind!r}, chains={self.chains!r})"


class Board:
    """Placed tiles and their owners: a chain name, or ``None`` for a lone tile.

    ``sizes`` maps every chain on the board to its tile count; ``chain_order`` (chain -> index on
    the information card) orders chains of equal size wherever they are listed.
    """

    def __init__(self, chain_order: dict[str, int] | None = None, grid: Grid = CLASSIC_GRID) -> None:
        self.grid = grid
        """The board's size (R1.1a): the classic 12 x 9 unless given."""
        self.near = neighbour_table(grid)
        """Each tile's neighbours on this board (R1.2)."""
        self.owner: dict[Tile, str | None] = {}
        self.sizes: dict[str, int] = {}
        self.chain_order = chain_order or {}
        self._kinds: dict[Tile, Kind] = {}  # what each tile would do, until it or a neighbour changes
        self._kinds_found = False  # whether a chain could be founded when _kinds was worked out
        self._kinds_safe = -1  # and the safe size it was worked out for

    def __contains__(self, tile: Tile) -> bool:
        return tile in self.owner

    def copy(self) -> Board:
        """A board with the same tiles that can change without touching this one: the owners,
        sizes and cached kinds are copied; the grid, its neighbour table and the chain order are
        shared (they never change). For a search that plays moves ahead (:mod:`acquire_ref.viewers.seat_view`)."""
        board = Board.__new__(Board)
        board.grid, board.near, board.chain_order = self.grid, self.near, self.chain_order
        board.owner, board.sizes = dict(self.owner), dict(self.sizes)
        board._kinds, board._kinds_found, board._kinds_safe = dict(self._kinds), self._kinds_found, self._kinds_safe
        return board

    def put(self, tile: Tile, chain: str | None = None) -> None:
        """Place ``tile``, lone or in ``chain`` (no rules checked: the game does that)."""
        self.owner[tile] = chain
        if chain is not None:
            size = self.sizes[chain] = self.sizes.get(chain, 0) + 1
            self._resized(size - 1, size)
        self._forget((tile,))

    def assign(self, tiles: Iterable[Tile], chain: str) -> None:
        """Make every tile in ``tiles`` (placed or not) part of ``chain``, updating sizes."""
        owner, sizes = self.owner, self.sizes
        before = {chain: sizes.get(chain, 0)}
        changed = []
        for t in tiles:
            placed = t in owner
            old = owner.get(t)
            if placed and old == chain:
                continue
            if old is not None:
                before.setdefault(old, sizes[old])
                sizes[old] -= 1
                if not sizes[old]:
                    del sizes[old]
            owner[t] = chain
            sizes[chain] = sizes.get(chain, 0) + 1
            changed.append(t)
        for c, size in before.items():
            self._resized(size, sizes.get(c, 0))
        self._forget(changed)

    def _forget(self, tiles: Iterable[Tile]) -> None:
        """Drop the remembered kinds that ``tiles`` changing can change: their own and their
        neighbours' (a tile's kind depends only on its neighbours, R4)."""
        kinds = self._kinds
        if kinds:
            near = self.near
            for t in tiles:
                kinds.pop(t, None)
                for n in near[t]:
                    kinds.pop(n, None)

    def _resized(self, old: int, new: int) -> None:
        """A chain went from ``old`` to ``new`` tiles: if that made it safe or unsafe, a tile
        anywhere beside it may turn dead or playable (R4.6), so every remembered kind goes."""
        safe = self._kinds_safe
        if (old >= safe) != (new >= safe):
            self._kinds.clear()

    def chain_tiles(self, chain: str) -> list[Tile]:
        """The tiles of ``chain``, in board order."""
        return sorted((t for t, c in self.owner.items() if c == chain), key=lambda t: (t.row, t.col))

    def lone_group(self, tile: Tile) -> frozenset[Tile]:
        """``tile`` and every lone tile orthogonally connected to it through lone tiles."""
        owner = self.owner
        return connected([tile], lambda n: n in owner and owner[n] is None, self.near)

    def _touching(self, tile: Tile) -> tuple[set[str], bool]:
        """The chains next to ``tile`` and whether a lone tile is next to it."""
        owner = self.owner
        touched: set[str] = set()
        lone_near = False
        for n in self.near[tile]:
            if n in owner:
                c = owner[n]
                if c is None:
                    lone_near = True
                else:
                    touched.add(c)
        return touched, lone_near

    def kind(self, tile: Tile, chains_available: int, safe_size: int) -> Kind:
        """Only the ``kind`` of :meth:`effect`, without working out the tiles involved (faster);
        remembered until the tile or a neighbour changes, a chain turns safe, or the last chain
        that could be founded is (or a defunct chain frees one)."""
        can_found = chains_available > 0
        if can_found != self._kinds_found or safe_size != self._kinds_safe:
            self._kinds.clear()
            self._kinds_found, self._kinds_safe = can_found, safe_size
        found = self._kinds.get(tile)
        if found is None:
            found = self._kinds[tile] = self._classify(tile, chains_available, safe_size)
        return found

    def _classify(self, tile: Tile, chains_available: int, safe_size: int) -> Kind:
        if tile in self.owner:
            return "occupied"
        touched, lone_near = self._touching(tile)
        if len(touched) >= 2:
            return "dead" if sum(1 for c in touched if self.sizes[c] >= safe_size) >= 2 else "merge"
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
        kind = self.kind(tile, chains_available, safe_size)
        if kind in ("occupied", "lone"):
            return Effect(tile, kind, group=frozenset({tile}) if kind == "lone" else frozenset())
        touched, lone_near = self._touching(tile)
        sizes = self.sizes
        if len(touched) == 1:
            chains: tuple[str, ...] = tuple(touched)
        else:
            chains = tuple(sorted(touched, key=lambda c: (-sizes[c], self.chain_order.get(c, 0), c)))
        safe = tuple(c for c in chains if sizes[c] >= safe_size)
        if kind == "dead":
            return Effect(tile, kind, chains, safe=safe)
        return Effect(tile, kind, chains, self.lone_group(tile) if lone_near else frozenset((tile,)), safe)
