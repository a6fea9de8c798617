"""A table's result (T3): the results sheet read and checked, the warning for money implausible
for Acquire, each player's place, money and margin at a table, and a result entered into its
table. Pure: a result from a game file is read by :mod:`acquire_ref.tournament.event_games`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from acquire_ref.engine.errors import IllegalMoveError, NotationError
from acquire_ref.engine.events import money
from acquire_ref.engine.setup import looks_alike
from acquire_ref.language import _
from acquire_ref.tournament.model import Result, Seating, name_key, places, said, seat_name

if TYPE_CHECKING:
    from acquire_ref.tournament.event import Tournament

PLAUSIBLE_TABLE = (100_000, 250_000)
PLAUSIBLE_PLAYER = 150_000
"""T3.4: a results sheet's table total outside this range (3 to 6 players), a player over this,
or everyone at $0, is implausible for Acquire and is accepted only when confirmed."""


def implausible(cash: dict[str, int]) -> str | None:
    """Why a results sheet's money looks wrong for Acquire (T3.4), in words, or None when it
    looks like a game: a table total outside the usual $100,000-$250,000 for 3-6 players, a
    player over $150,000, or everyone at $0 (the commonest slip is a swapped or extra digit).

    >>> implausible({"Ann": 41200, "Ben": 38700, "Cat": 52300, "Dan": 29900}) is None
    True
    >>> implausible({"Ann": 0, "Ben": 0, "Cat": 0})
    'everyone is at $0'
    """
    total = sum(cash.values())
    if all(v == 0 for v in cash.values()):
        return _("everyone is at {zero}").format(zero=money(0))
    rich = [f"{p} {money(m)}" for p, m in cash.items() if m > PLAUSIBLE_PLAYER]
    if rich:
        return _("{players}: over {most} for one player").format(players=", ".join(rich), most=money(PLAUSIBLE_PLAYER))
    low, high = PLAUSIBLE_TABLE
    if 3 <= len(cash) <= 6 and not low <= total <= high:
        return _("the table's total is {total}, far from the usual {low} to {high}").format(
            total=money(total), low=money(low), high=money(high))
    return None


def check_sheet(seats: Sequence[str], cash: dict[str, int], event: Tournament | None = None) -> dict[str, int]:
    """A results sheet's money for the players at ``seats`` (T3.1): every seated player once and
    nobody else, whole hundreds of dollars, no negative money. Returns the money by seat name.
    Names on the sheet are matched as game names are (case, Unicode normal form, look-alike
    letters, spaces or ``_``), or by badge ID with ``event``. Raises :class:`NotationError` for a
    player not at the table, given twice or missing, :class:`IllegalMoveError` for money that is
    not whole hundreds or is negative."""
    seated = {name_key(s): s for s in seats}
    out: dict[str, int] = {}
    for name, dollars in cash.items():
        seat = seated.get(name_key(name))
        if seat is not None and not looks_alike(seat_name(seat), seat_name(name)):
            seat = None
        if seat is None and event is not None:
            holder = event.by_badge(name)
            seat = holder.name if holder is not None and holder.name in seats else None
        if seat is None:
            from acquire_ref.club.members import folded

            near = next((s for s in seats if folded(s) == folded(name)), None)
            if near:
                raise NotationError(_("{name} is not at this table: did you mean {near}? (names are matched with their "
                                      "accents) (its seats: {seats})").format(name=name, near=near, seats=", ".join(seats)))
            raise NotationError(_("{name} is not at this table (its seats: {seats})").format(name=name, seats=", ".join(seats)))
        if seat in out:
            raise NotationError(_("{name} is given twice: give each seated player's money once").format(name=seat))
        if dollars < 0 or dollars % 100:
            raise IllegalMoveError(_("{entry}: money is whole hundreds of dollars, not negative (T3.1)").format(
                entry=f"{seat}={dollars}"), rule="T3.1")
        out[seat] = dollars
    missing = [s for s in seats if s not in out]
    if missing:
        raise NotationError(_("no money given for {players}: give every seated player's money, e.g. {example}").format(
            players=", ".join(missing), example=f"{missing[0]}=41000"))
    return {s: out[s] for s in seats}


def parse_sheet(entries: Iterable[str]) -> dict[str, int]:
    """A results sheet as typed (T3.1): ``Ann=52300 Ben=41000`` (commas, ``_`` and a leading ``$``
    allowed in the money) as ``{name: dollars}``. Raises :class:`NotationError` for a malformed
    entry or a name given twice, :class:`IllegalMoveError` for negative money."""
    cash: dict[str, int] = {}
    for item in entries:
        name, eq, value = item.partition("=")
        digits = value.replace(",", "").replace("_", "").lstrip("$")
        if eq and name and digits.startswith("-") and digits[1:].isascii() and digits[1:].isdigit():
            raise IllegalMoveError(_("{entry}: money is whole hundreds of dollars, not negative (T3.1)").format(
                entry=f"{name}={value}"), rule="T3.1")
        if not eq or not name or not digits.isascii() or not digits.isdigit() or len(digits) > 15:
            raise NotationError(_("{entry}: write PLAYER=MONEY in whole dollars, e.g. Ann=52300").format(entry=repr(item)))
        if name in cash:
            raise NotationError(_("{name} is given twice: give each seated player's money once").format(name=name))
        cash[name] = int(digits)
    return cash


def sheet_result(event: Tournament, seating: Seating, entries: Iterable[str]) -> Result:
    """The result of ``seating`` from its results sheet's ``entries`` (``PLAYER=MONEY``, names or
    badge IDs), read by :func:`parse_sheet` and checked by :func:`check_sheet` (T3.1)."""
    return Result(check_sheet(seating.seats, parse_sheet(entries), event), "sheet")


def claim(event: Tournament, number: int, table: int, replace: bool = False) -> Seating:
    """Table ``table`` of round ``number``, to enter its result into (T3). Raises
    :class:`NotationError` for a round or table that is not there, :class:`IllegalMoveError`
    when it has its result already and ``replace`` is false."""
    tab = event.round(number).table(table)
    if tab.result is not None and not replace:
        raise IllegalMoveError(_("round {round} table {table} already has its result ({source}): add --replace to "
                                 "correct it").format(round=number, table=table, source=said(tab.result.source)))
    return tab


def enter(event: Tournament, number: int, table: int, result: Result, replace: bool = False) -> Seating:
    """Record ``result`` for ``table`` of round ``number`` (T3). Returns the table.

    Checked (T3.1): every seated player once and nobody else (by name or badge ID), whole
    hundreds, no negative money. Raises :class:`NotationError` for a player not at the
    table or a seat without money, :class:`IllegalMoveError` for a second result (unless
    ``replace``) or bad money.
    """
    tab = claim(event, number, table, replace)
    if result.counts:
        result = Result(check_sheet(tab.seats, result.money, event), result.source, result.played)
    tab.result = result
    return tab


def pct(value: Fraction | float | None) -> float | None:
    """A percentage for JSON, as exact as a float holds it (not rounded: 25.0489% and 25% must
    not both read 25.0), None for none (or an infinite margin). Text shows it at the precision
    that decides (``tournament_views.decimals``)."""
    if value is None or value == float("inf") or value == float("-inf"):
        return None
    return float(value)


def table_facts(result: Result) -> dict[str, tuple[int, int, Fraction | float]]:
    """For each player of a counted result: ``(place, money, margin)``: the T3.2 place, the money,
    and for a winner the money as a percentage over the runner-up's (infinite over $0), for
    anyone else the money as a percentage of the table winner's (T4 heats key 3)."""
    cash = result.money
    where = places(cash)
    best = max(cash.values())
    out: dict[str, tuple[int, int, Fraction | float]] = {}
    for p, m in cash.items():
        margin: Fraction | float
        if where[p] == 1:
            others = [v for q, v in cash.items() if q != p]
            runner = max(others) if others else 0
            margin = Fraction((m - runner) * 100, runner) if runner else float("inf")
        else:
            margin = Fraction(m * 100, best) if best else Fraction(100)
        out[p] = (where[p], m, margin)
    return out


def counted(event: Tournament, stages: Iterable[str]) -> dict[str, list[tuple[int, int, Fraction | float, int]]]:
    """Each entrant's counted games in rounds of ``stages``, in round order: ``(place, money,
    margin, table size)``."""
    wanted = set(stages)
    games: dict[str, list[tuple[int, int, Fraction | float, int]]] = {p.name: [] for p in event.players}
    for rnd in event.rounds:
        if rnd.stage not in wanted:
            continue
        for t in rnd.tables:
            if t.result is not None and t.result.counts:
                for p, (place, m, margin) in table_facts(t.result).items():
                    games.setdefault(p, []).append((place, m, margin, len(t.seats)))
    return games
