"""Tiles: the 108 board spaces of Acquire, named column then row (R1.1).

A :class:`Tile` is a value: ``Tile(5, 2)`` is column 5, row C and prints as ``5C``.

>>> parse_tile("c5"), parse_tile("5-c"), parse_tile("12I")
(Tile('5C'), Tile('5C'), Tile('12I'))
>>> [str(t) for t in parse_tile("1A").neighbours()]
['2A', '1B']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

from acquire_ref.errors import NotationError, closest

COLUMNS = 12
ROWS = 9
ROW_LETTERS = "ABCDEFGHI"

_TILE_RE = re.compile(r"^\s*(?:([0-9]{1,2})\s*-?\s*([A-Za-z])|([A-Za-z])\s*-?\s*([0-9]{1,2}))\s*$", re.ASCII)


class Tile(NamedTuple):
    """One board space: ``col`` 1-12 and ``row`` 0-8 (A-I). Prints as ``5C`` (R1.1)."""

    col: int
    row: int

    def __str__(self) -> str:
        return f"{self.col}{ROW_LETTERS[self.row]}"

    def __repr__(self) -> str:
        return f"Tile('{self}')"

    def neighbours(self) -> tuple[Tile, ...]:
        """The orthogonally adjacent tiles on the board, 2 to 4 of them (R1.2)."""
        return _NEIGHBOURS[self]

    def start_key(self, column_first: bool = False) -> tuple[int, int]:
        """Sort key for "closest to 1A" (R2.3): row letter first, or column first as an option."""
        return (self.col, self.row) if column_first else (self.row, self.col)


ALL_TILES: tuple[Tile, ...] = tuple(Tile(c, r) for r in range(ROWS) for c in range(1, COLUMNS + 1))

_NEIGHBOURS: dict[Tile, tuple[Tile, ...]] = {
    t: tuple(
        Tile(t.col + dc, t.row + dr)
        for dc, dr in ((-1, 0), (1, 0), (0, -1), (0, 1))
        if 1 <= t.col + dc <= COLUMNS and 0 <= t.row + dr < ROWS
    )
    for t in ALL_TILES
}


def connected(start: Iterable[Tile], member: Callable[[Tile], bool]) -> frozenset[Tile]:
    """The tiles ``start`` and every tile for which ``member`` holds that joins them orthogonally
    through such tiles (R1.2): the one flood fill behind chains, lone groups and positions.

    >>> row = {parse_tile(t) for t in ("1A", "2A", "4A")}
    >>> sorted(map(str, connected([parse_tile("1A")], row.__contains__)))
    ['1A', '2A']
    """
    seen = set(start)
    stack = list(seen)
    while stack:
        for n in _NEIGHBOURS[stack.pop()]:
            if n not in seen and member(n):
                seen.add(n)
                stack.append(n)
    return frozenset(seen)


def parse_tile(text: str) -> Tile:
    """Read a tile name: ``5C``, ``5c``, ``C5`` or ``5-C`` (R1.1).

    Raises :class:`NotationError` naming the text when it is not a board space.
    """
    m = _TILE_RE.match(text or "")
    if not m:
        bare = (text or "").strip().upper()
        if bare.isascii() and bare.isdigit() and 1 <= int(bare) <= COLUMNS:  # a column alone: no guess at the row
            hint = f"a tile names its row too ({int(bare)}A to {int(bare)}{ROW_LETTERS[-1]}); write"
        elif len(bare) == 1 and bare in ROW_LETTERS:
            hint = f"a tile names its column too (1{bare} to {COLUMNS}{bare}); write"
        else:
            near = closest((text or "").replace("-", ""), (str(t) for t in ALL_TILES))
            hint = f"did you mean {near}? Write" if near else "write"
        raise NotationError(
            f"{text!r} is not a tile: " + hint
            + f" column then row, 1-{COLUMNS} and A-{ROW_LETTERS[-1]}, e.g. 5C (R1.1)"
        )
    num, letter = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
    col, row = int(num), ROW_LETTERS.find(letter.upper())
    if not 1 <= col <= COLUMNS or row < 0:
        raise NotationError(
            f"{text!r} is off the board: columns run 1-{COLUMNS} and rows A-{ROW_LETTERS[-1]} (R1.1)"
        )
    return Tile(col, row)


def iter_rows() -> Iterator[tuple[str, list[Tile]]]:
    """Yield ``(row letter, tiles of that row from column 1)`` for drawing the board."""
    for r, letter in enumerate(ROW_LETTERS):
        yield letter, [Tile(c, r) for c in range(1, COLUMNS + 1)]
