"""What an edition prints beyond the classic card (R1.1a, R5.4a): its board, its bonus places
and a printed card's rows, with the checks of those keys of a ruleset.

>>> Printing().grid, Printing().places
(Grid(columns=12, rows=9), (100, 50))
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from acquire_ref.engine.problems import Problems, is_whole, shown
from acquire_ref.engine.tiles import CLASSIC_GRID, MAX_COLUMNS, MAX_ROWS, MIN_COLUMNS, MIN_ROWS, Grid
from acquire_ref.engine.values import Value

MAX_ROWS_OF_A_CARD = MAX_COLUMNS * MAX_ROWS
"""The most rows of one tier of a printed card: a chain grows to at most the largest board's tiles."""

CardRow = tuple[int, ...]
"""One row of a printed card for one tier: ``(smallest size, price, bonus of each place...)`` in
dollars; with only the first two, the bonuses are the edition's multiples of the price (R5.4a)."""


def round_up(dollars: int) -> int:
    """``dollars`` rounded up to the next $100, as a split bonus is (R5.4).

    >>> round_up(5250), round_up(5200), round_up(0)
    (5300, 5200, 0)
    """
    return -(-dollars // 100) * 100


def multiple_text(tenths: int) -> str:
    """A bonus multiple in tenths as the card prints it: ``100`` is ``10``, ``75`` is ``7.5``."""
    return f"{tenths // 10}" if tenths % 10 == 0 else f"{tenths / 10:g}"


class Printing(Value):
    """What an edition prints beyond the classic card (R1.1a, R5.4a): its board ``grid``, the
    bonus ``places`` as multiples of the share price in tenths (``(100, 50)``: 10x and 5x, the
    classic two places), and the printed ``card`` rows of each tier (tier -> rows of
    :data:`CardRow`, in ascending size) when its prices or bonuses are read from a table rather
    than from ``price_chart``, ``tiers`` and the multiples."""

    grid: Grid = CLASSIC_GRID
    places: tuple[int, ...] = (100, 50)
    card: tuple[tuple[str, tuple[CardRow, ...]], ...] = ()


CLASSIC_PRINTING = Printing()
"""The classic 12 x 9 board with two bonus places of 10x and 5x the share price."""


def board_problems(data: dict[str, Any], problems: Problems) -> None:
    """The board's size (R1.1a): ``columns`` and ``rows`` within the bounds every screen draws;
    ``end_size`` no bigger than the board. (Whether the players' racks fit is the new game's
    check: it knows how many players there are.)"""
    size = []
    for key, least, most, default in (("columns", MIN_COLUMNS, MAX_COLUMNS, 12), ("rows", MIN_ROWS, MAX_ROWS, 9)):
        value = data.get(key, default)
        size.append(problems.whole(
            value, key, least, most,
            problem=f"{key} is {shown(value)}: a board has {least} to {most} {key} (R1.1a)"
            + (f", lettered A-{'ABCDEFGHIJ'[most - 1]}" if key == "rows" else ""),
        ))
    columns, rows = size
    if columns is None or rows is None:
        return
    tiles = columns * rows
    end = data.get("end_size", 41)
    if is_whole(end) and end > tiles:
        problems.add(f"end_size {end} is more tiles than the {columns} x {rows} board's {tiles} (R8.1)")


MAX_PLACES = 6
"""The most bonus places an edition pays (R5.4a): one for each of six players."""


def place_problems(places: object, problems: Problems) -> tuple[int, ...]:
    """``bonus_places`` (R5.4a): 1 to :data:`MAX_PLACES` multiples of the share price, each
    0.1 to 100 in tenths, none above the place before it; returns them in tenths."""
    wrong = (f"bonus_places is {shown(places)}: a list of 1 to {MAX_PLACES} multiples of the share price, "
             "largest holder first, e.g. [10, 5] or [10, 7.5, 5] (R5.4a)")
    if not isinstance(places, list) or not 1 <= len(places) <= MAX_PLACES:
        problems.add(wrong)
        return (100, 50)
    out: list[int] = []
    for i, value in enumerate(places, 1):
        number = isinstance(value, int | float) and not isinstance(value, bool) and -1e6 < value < 1e6  # nan, inf too
        tenths = round(value * 10) if number else None
        if tenths is None or abs(value * 10 - tenths) > 1e-9 or not 1 <= tenths <= 1000:
            problems.add(f"bonus_places[{i}] is {shown(value)}: a multiple of the share price from 0.1 to 100, "
                         "in tenths (R5.4a)")
            continue
        if out and tenths > out[-1]:
            problems.add(f"bonus_places[{i}]: {shown(value)} is more than the place above it; "
                         "a smaller holding never earns a larger bonus (R5.4a)")
        out.append(tenths)
    return tuple(out) if len(out) == len(places) else (100, 50)


def card_problems(data: dict[str, Any], places: tuple[int, ...], problems: Problems) -> dict[str, Any]:
    """A printed card (``card``: tier -> rows of [smallest size, price, bonus of each place...])
    read instead of ``price_chart`` and ``tiers`` (R3.2, R5.4a); returns its tiers."""
    card = data["card"]
    for key in ("price_chart", "tiers"):
        if key in data:
            problems.add(f"{key}: the card gives the prices of every tier; keep the card or {key}, not both")
    if not isinstance(card, dict) or not card:
        problems.add("card: a table of tier = rows of [smallest size, price, bonus of each place...], "
                     "e.g. cheap = [[2, 200, 2000, 1000], [3, 300, 3000, 1500]]")
        return {}
    if len(card) > 25:
        return {}  # too many tiers: the ruleset's size check says so
    for tier, rows in card.items():
        _card_tier_problems(f"card.{shown(tier, 30)}", rows, len(places), problems)
    return dict(card)


def _card_tier_problems(where: str, rows: object, places: int, problems: Problems) -> None:
    """One tier's rows of a printed card: sizes from 2 up, prices and bonuses in hundreds, a
    bonus for each place (or none), never more for a lower place (R3.2, R5.4a)."""
    if rows == []:
        problems.add(f"{where} is blank: copy the tier's rows from the edition's printed card, "
                     "[smallest size, price, bonus of each place...] in dollars")
        return
    if not isinstance(rows, list) or len(rows) > MAX_ROWS_OF_A_CARD:
        problems.add(f"{where}: a list of up to {MAX_ROWS_OF_A_CARD} rows [smallest size, price, bonus of each place...]")
        return
    last_size, last_price = 1, 0
    for i, row in enumerate(rows, 1):
        if not (isinstance(row, list) and len(row) in (2, 2 + places) and all(is_whole(v) for v in row)):
            problems.add(f"{where}[{i}] is {shown(row, 60)}: write [smallest size, price] or [smallest size, price, "
                         f"then the bonus of each of the {places} places], in dollars")
            continue
        size, price, *bonuses = row
        if i == 1 and size != 2:
            problems.add(f"{where} starts at {size} tiles: it must start at 2, the smallest chain")
        elif size <= last_size:
            problems.add(f"{where}[{i}]: sizes must go up; {size} follows {last_size}")
        if price == 0 or 0 in bonuses:
            problems.add(f"{where}[{i}] has a blank (0): copy it from the edition's printed card")
        elif any(v < 0 or v % 100 or v > 10**7 for v in (price, *bonuses)):
            problems.add(f"{where}[{i}]: every price and bonus is a positive multiple of $100 up to $10,000,000")
        elif price < last_price:
            problems.add(f"{where}[{i}]: price {price} is below the smaller bracket's {last_price}")
        elif any(b > a for a, b in pairwise(bonuses)):
            problems.add(f"{where}[{i}]: a place's bonus is more than the place above it (R5.4a)")
        last_size, last_price = size, price
