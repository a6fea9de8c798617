"""Tiles: the board spaces of Acquire, named column then row (R1.1).

A :class:`Tile` is a value: ``Tile(5, 2)`` is column 5, row C and prints as ``5C``. The classic
board is 12 x 9 (108 tiles); an edition may print another :class:`Grid` (R1.1a), e.g. 10 x 10.

>>> parse_tile("c5"), parse_tile("5-c"), parse_tile("12I")
(Tile('5C'), Tile('5C'), Tile('12I'))
>>> [str(t) for t in parse_tile("1A").neighbours()]
['2A', '1B']
>>> Grid(10, 10).parse("10J"), len(Grid(10, 10).tiles)
(Tile('10J'), 100)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from typing import NamedTuple

from acquire_ref.engine.errors import NotationError, closest
from acquire_ref.language import _

COLUMNS = 12
ROWS = 9
ROW_LETTERS = "ABCDEFGHI"
"""The classic board's 12 columns and 9 rows (A-I); see :class:`Grid` for an edition's board."""

MIN_COLUMNS, MAX_COLUMNS = 6, 12
MIN_ROWS, MAX_ROWS = 6, 10
"""The bounds of an edition's board (R1.1a): from 6 x 6 (36 tiles: a start tile and a rack of 5
for each of six players) up to 12 columns of 10 rows (A-J, 120 tiles), room for every printed
board (12 x 9, and 10 x 10 in 2016): the console at 80 x 24, the TV page at 1920 x 1080 and a
phone's seat page at 390 px draw the largest one whole, as measured, and a tile's name stays a
number and a letter."""
_ALL_LETTERS = "ABCDEFGHIJ"

_TILE_RE = re.compile(r"^\s*(?:([0-9]{1,2})\s*-?\s*([A-Za-z])|([A-Za-z])\s*-?\s*([0-9]{1,2}))\s*$", re.ASCII)


class Tile(NamedTuple):
    """One board space: ``col`` from 1 and ``row`` from 0 (A); 1-12 and A-I on the classic
    board (R1.1). Prints as ``5C``."""

    col: int
    row: int

    def __str__(self) -> str:
        return f"{self.col}{_ALL_LETTERS[self.row]}"

    def __repr__(self) -> str:
        return f"Tile('{self}')"

    def neighbours(self, grid: Grid | None = None) -> tuple[Tile, ...]:
        """The orthogonally adjacent tiles on the board (``grid``, the classic 12 x 9 unless
        given), 2 to 4 of them (R1.2)."""
        return (_NEIGHBOURS if grid is None else neighbour_table(grid))[self]

    def start_key(self, column_first: bool = False) -> tuple[int, int]:
        """Sort key for "closest to 1A" (R2.3): row letter first, or column first as an option."""
        return (self.col, self.row) if column_first else (self.row, self.col)


ALL_TILES: tuple[Tile, ...] = tuple(Tile(c, r) for r in range(ROWS) for c in range(1, COLUMNS + 1))
"""The classic board's 108 tiles in board order (row A first); an edition's are ``Grid.tiles``."""

@cache
def _grid_tiles(columns: int, rows: int) -> tuple[Tile, ...]:
    return tuple(Tile(c, r) for r in range(rows) for c in range(1, columns + 1))


class Grid(NamedTuple):
    """The board an edition prints (R1.1a): ``columns`` numbered from 1 and ``rows`` lettered
    from A, within :data:`MIN_COLUMNS`-:data:`MAX_COLUMNS` and :data:`MIN_ROWS`-:data:`MAX_ROWS`.

    >>> g = Grid(10, 10)
    >>> str(g), g.letters, g.holds(Tile(10, 9)), g.holds(Tile(11, 0))
    ('10 x 10', 'ABCDEFGHIJ', True, False)
    """

    columns: int = COLUMNS
    rows: int = ROWS

    def __str__(self) -> str:
        return f"{self.columns} x {self.rows}"

    def holds(self, tile: Tile) -> bool:
        """True when ``tile`` is a space of this board."""
        return 1 <= tile.col <= self.columns and 0 <= tile.row < self.rows

    @property
    def letters(self) -> str:
        """The row letters, from A."""
        return _ALL_LETTERS[:self.rows]

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Every tile of the board, in board order (row A first): 108 on the classic board."""
        return _grid_tiles(self.columns, self.rows)

    def last(self) -> str:
        """The name of the board's last tile, e.g. ``12I``."""
        return f"{self.columns}{self.letters[-1]}"

    def parse(self, text: str) -> Tile:
        """Read a tile name of this board (R1.1): ``5C``, ``5c``, ``C5`` or ``5-C``.

        Raises :class:`NotationError` naming the text when it is not a tile, and naming the
        board's size when it is a tile of no space of this board (``11A`` on a 10 x 10 board).
        """
        return parse_tile(text, self)

    def iter_rows(self) -> Iterator[tuple[str, list[Tile]]]:
        """Yield ``(row letter, tiles of that row from column 1)`` for drawing the board."""
        for r, letter in enumerate(self.letters):
            yield letter, [Tile(c, r) for c in range(1, self.columns + 1)]


CLASSIC_GRID = Grid()
"""The classic 12 x 9 board."""


@cache
def neighbour_table(grid: Grid) -> dict[Tile, tuple[Tile, ...]]:
    """Each tile of ``grid`` and its orthogonally adjacent tiles on that board (R1.2)."""
    return {
        t: tuple(
            Tile(t.col + dc, t.row + dr)
            for dc, dr in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 1 <= t.col + dc <= grid.columns and 0 <= t.row + dr < grid.rows
        )
        for t in grid.tiles
    }


_NEIGHBOURS = neighbour_table(CLASSIC_GRID)


def connected(start: Iterable[Tile], member: Callable[[Tile], bool],
              near: dict[Tile, tuple[Tile, ...]] | None = None) -> frozenset[Tile]:
    """The tiles ``start`` and every tile for which ``member`` holds that joins them orthogonally
    through such tiles (R1.2): the one flood fill behind chains, lone groups and positions.
    ``near`` is the board's :func:`neighbour_table` (the classic board's unless given).

    >>> row = {parse_tile(t) for t in ("1A", "2A", "4A")}
    >>> sorted(map(str, connected([parse_tile("1A")], row.__contains__)))
    ['1A', '2A']
    """
    near = _NEIGHBOURS if near is None else near
    seen = set(start)
    stack = list(seen)
    while stack:
        for n in near[stack.pop()]:
            if n not in seen and member(n):
                seen.add(n)
                stack.append(n)
    return frozenset(seen)


@cache
def _tile_names(grid: Grid) -> dict[str, Tile]:
    """Each tile of ``grid`` by its name (``"5C"``)."""
    return {str(t): t for t in grid.tiles}


def parse_tile(text: str, grid: Grid = CLASSIC_GRID) -> Tile:
    """Read a tile name of ``grid`` (the classic 12 x 9 board unless given): ``5C``, ``5c``,
    ``C5`` or ``5-C`` (R1.1, R1.1a).

    Raises :class:`NotationError` naming the text when it is not a board space; off another
    board than the classic one, the message names the board's size.
    """
    named = _tile_names(grid).get(text)  # the usual spelling, as a game file writes it
    if named is not None:
        return named
    columns, last = grid.columns, grid.letters[-1]
    m = _TILE_RE.match(text or "")
    if not m:
        bare = (text or "").strip().upper()
        if bare.isascii() and bare.isdigit() and 1 <= int(bare) <= columns:  # a column alone: no guess at the row
            hint = _("a tile names its row too ({first} to {last}); write").format(
                first=f"{int(bare)}A", last=f"{int(bare)}{last}")
        elif len(bare) == 1 and bare in grid.letters:
            hint = _("a tile names its column too ({first} to {last}); write").format(
                first=f"1{bare}", last=f"{columns}{bare}")
        else:
            near = closest((text or "").replace("-", ""), (str(t) for t in grid.tiles))
            hint = _("did you mean {tile}? Write").format(tile=near) if near else _("write")
        raise NotationError(_("{given} is not a tile: {hint} column then row, 1-{columns} and A-{last}, e.g. 5C (R1.1)").format(
            given=repr(text), hint=hint, columns=columns, last=last))
    num, letter = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
    col, row = int(num), grid.letters.find(letter.upper())
    if not 1 <= col <= columns or row < 0:
        said = _("{given} is off the board: columns run 1-{columns} and rows A-{last} (R1.1)") if grid == CLASSIC_GRID \
            else _("{given} is off the {size} board: columns run 1-{columns} and rows A-{last} (R1.1)")
        raise NotationError(said.format(given=repr(text), size=grid, columns=columns, last=last))
    return Tile(col, row)


def iter_rows(grid: Grid = CLASSIC_GRID) -> Iterator[tuple[str, list[Tile]]]:
    """Yield ``(row letter, tiles of that row from column 1)`` of ``grid`` for drawing the board."""
    return grid.iter_rows()
