"""Drawing a round (T2): the table sizes, the search that keeps repeat opponents and group
mates apart, and the next round drawn, or the open one drawn again. Pure: every random choice comes
from the event's seed (T2.3)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from acquire_ref.engine.errors import IllegalMoveError
from acquire_ref.language import _, ngettext
from acquire_ref.tournament.model import Round, Seating, said, waiting
from acquire_ref.tournament.standings import standings

if TYPE_CHECKING:
    from acquire_ref.tournament.event import Tournament

REPEAT_COST = 1000
GROUP_COST = 1
"""What the draw weighs (T2.2): every pair meeting again costs more than every pair of group mates
together, so a draw first avoids repeat opponents, then keeps groups apart."""

EVERY_PAIR_TABLES = 64
"""Up to this many tables (256 players), each pass of the swap search tries every pair of tables,
which costs little there and keeps the draws a seed gave before (T2.3); above, only the tables
with a clash, so that a round of thousands is drawn in a time that grows with the players."""

EXACT_LIMIT = 12
"""Rounds of at most this many players are searched exhaustively when the quick search leaves a
repeat or a group pair, so that a draw without one is always found when there is one (T2.2)."""


def table_sizes(players: int, fives: bool = False) -> list[int]:
    """The table sizes of a round of ``players`` players (T2.1), largest first: tables of 4, then
    3s for the rest; with ``fives`` (the event allows 5-player tables) 5s instead when more than
    one table of 3 would be needed. Five players are one table of 5 (no table of 2 or fewer).

    Raises :class:`IllegalMoveError` for fewer than 3 players.

    >>> table_sizes(9), table_sizes(9, fives=True), table_sizes(10, fives=True), table_sizes(5)
    ([3, 3, 3], [5, 4], [5, 5], [5])
    """
    if players < 3:
        raise IllegalMoveError(ngettext("a round needs at least 3 players (T2.1), and {count} player is entered",
                                        "a round needs at least 3 players (T2.1), and {count} players are entered",
                                        players).format(count=players), rule="T2.1")
    threes = (4 - players % 4) % 4
    if players == 5 or (fives and threes > 1 and players >= 5 * (4 - threes)):
        fivers = players % 4 if players != 5 else 1
        return [5] * fivers + [4] * ((players - 5 * fivers) // 4)
    return [4] * ((players - 3 * threes) // 4) + [3] * threes


def draw_next(event: Tournament, stem: str = "event") -> Round:
    """Draw ``event``'s next round (T2) and add it to its rounds: tables of :func:`table_sizes`
    in random order, random seats, repeat opponents and group mates apart where a draw allows
    (:func:`best_draw`); swiss rounds after the first seat players of similar standing
    together (T4); a heat with check-ins draws those checked in (T1.4). Returns the round.
    Raises :class:`IllegalMoveError` when the last round is still open, the format has no
    more rounds, or fewer than 3 players are to be drawn."""
    last = event.current()
    if last is not None and last.stage in ("semifinal", "final"):
        event.next_stage()  # says what is left once the heats are over
    if last is not None and last.open:
        raise IllegalMoveError(_("round {round} is still open: {waiting} (`tournament draw --force` discards it)")
                               .format(round=last.number, waiting=waiting(last)))
    stage = event.next_stage()
    number = len(event.rounds) + 1
    return draw_round(event, number, stage, 1, stem)


def redraw(event: Tournament, stem: str = "event") -> tuple[Round, Round]:
    """Draw the last round again (``draw --force``, T2.3): the old draw and its results are
    discarded (its game files listed in ``event.discarded``). Returns ``(old, new)``. Raises
    :class:`IllegalMoveError` when there is no round, or the last round is a semifinal or
    final (seeded by ``advance``, not drawn)."""
    old = event.current()
    if old is None:
        raise IllegalMoveError(_("no round is drawn yet: `tournament draw` draws the first"))
    if old.stage not in ("heat", "swiss"):
        raise IllegalMoveError(_("round {round} is the {stage}, seeded from the standings: it is not redrawn")
                               .format(round=old.number, stage=said(old.stage)))
    event.rounds.pop()
    new = draw_round(event, old.number, old.stage, old.draw + 1, stem)
    event.discarded += [t.game for t in old.tables]
    return old, new


def draw_round(event: Tournament, number: int, stage: str, draw: int, stem: str) -> Round:
    """Draw round ``number`` of ``stage`` (its ``draw``-th draw, T2.3) among the players drawn
    for it (T1.4: those checked in for a heat with check-ins, else every active player), seat
    each table's players in a drawn order (T2.2), name its game files from ``stem``, and add it
    to ``event``'s rounds and the tables made. Returns the round."""
    listed = event.checked_in(number) if stage == "heat" else None
    entrants = [p.name for p in (listed if listed is not None else event.active())]
    sizes = table_sizes(len(entrants), event.fives)
    rng = event.rng("round", number, "draw", draw)
    rng.shuffle(sizes)  # which tables are short is drawn (T2.1)
    groups = {p.name: p.group for p in event.players if p.group}
    order = None
    if stage == "swiss" and number > 1:
        standing = {row.player: i for i, row in enumerate(standings(event))}
        order = sorted(entrants, key=lambda p: standing.get(p, len(standing)))
    tables = best_draw(entrants, sizes, event.pairs(), groups, rng, order)
    out = []
    for i, seats in enumerate(tables, start=1):
        rng.shuffle(seats)  # seating order is drawn (T2.2)
        out.append(Seating(i, seats, event.game_name(stem, number, i, draw)))
    rnd = Round(number, stage, draw, out)
    event.rounds.append(rnd)
    event.made += [(rnd, t) for t in out]
    return rnd


def best_draw(players: Sequence[str], sizes: Sequence[int], met: set[frozenset[str]], groups: dict[str, str],
              rng: random.Random, order: Sequence[str] | None = None) -> list[list[str]]:
    """Seat ``players`` at tables of ``sizes`` (T2.2): no pair in ``met`` (players who have met)
    together and no two of one group (``groups``: player -> group) where a draw allows.

    Without ``order`` every start is a random shuffle; with it (swiss, players best first) the
    first start fills the tables in that order, and among draws with as few clashes the one whose
    tables span the fewest places of ``order`` wins. A swap search from up to 8 starts, then, for
    a round of at most :data:`EXACT_LIMIT` players still with a clash, an exhaustive search.
    Returns the tables' players (in no particular seat order).
    """
    def cost(table: Sequence[str]) -> int:
        total = 0
        for a, b in itertools.combinations(table, 2):
            if frozenset((a, b)) in met:
                total += REPEAT_COST
            if groups.get(a) is not None and groups.get(a) == groups.get(b):
                total += GROUP_COST
        return total

    index = {p: i for i, p in enumerate(order)} if order is not None else None

    def spread(table: Sequence[str]) -> int:
        return 0 if index is None else max(index[p] for p in table) - min(index[p] for p in table)

    def score(table: Sequence[str]) -> int:
        return cost(table) * 100 + spread(table)

    best: list[list[str]] | None = None
    best_score = -1
    for attempt in range(8):
        start = list(order) if order is not None and attempt == 0 else rng.sample(list(players), len(players))
        tables, at = [], 0
        for n in sizes:
            tables.append(start[at:at + n])
            at += n
        clash = _improve(tables, cost, spread, rng)
        total = sum(score(t) for t in tables)
        if best is None or total < best_score:
            best, best_score = tables, total
        if clash == 0 and (order is None or attempt == 0):
            break
    assert best is not None
    if sum(cost(t) for t in best) > 0 and len(players) <= EXACT_LIMIT:
        exact = exhaustive_draw(list(players), list(sizes), score)
        if exact is not None and sum(score(t) for t in exact) < best_score:
            best = exact
    return best


def _improve(tables: list[list[str]], clash: Callable[[Sequence[str]], int], width: Callable[[Sequence[str]], int],
             rng: random.Random) -> int:
    """Swap players between tables while a swap lowers the clash cost (then the spread); returns the clash cost.

    With a spread to narrow (swiss), or at most :data:`EVERY_PAIR_TABLES` tables, each pass
    tries every pair of tables in a random order (a pair of tables that both have no clash and
    no spread to narrow is passed over without trying its swaps). Above that, without a spread,
    each pass tries only the tables with a clash, in a random order, each against every other
    table in a random order: a draw without a clash is taken as it is, and the time grows with
    the players, not with their square (T2.2)."""
    def score(t: Sequence[str]) -> int:
        return clash(t) * 100 + width(t)

    spread = any(width(t) for t in tables)
    costs = [clash(t) for t in tables]
    every_pair = spread or len(tables) <= EVERY_PAIR_TABLES
    improved = True
    while improved:
        improved = False
        for i, j in _pairs(len(tables), None if every_pair else costs, rng):
            if not spread and not costs[i] and not costs[j]:
                continue
            a, b = tables[i], tables[j]
            for x in range(len(a)):
                for y in range(len(b)):
                    before = score(a) + score(b)
                    a[x], b[y] = b[y], a[x]
                    if score(a) + score(b) < before:
                        improved = True
                    else:
                        a[x], b[y] = b[y], a[x]
            costs[i], costs[j] = clash(a), clash(b)
    return sum(costs)


def _pairs(count: int, costs: list[int] | None, rng: random.Random) -> list[tuple[int, int]]:
    """The pairs of tables (by index, of ``count``) one pass of :func:`_improve` tries, in a
    random order: every pair without ``costs``; else each table with a clash (a cost) with every
    other table."""
    if costs is None:
        pairs = [(i, j) for i in range(count) for j in range(i + 1, count)]
        rng.shuffle(pairs)
        return pairs
    clashing = [i for i, c in enumerate(costs) if c]
    rng.shuffle(clashing)
    out = []
    for i in clashing:
        others = [j for j in range(count) if j != i]
        rng.shuffle(others)
        out += [(i, j) for j in others]
    return out


def exhaustive_draw(players: list[str], sizes: list[int], cost: Callable[[Sequence[str]], int]) -> list[list[str]] | None:
    """The tables of ``sizes`` with the lowest total ``cost`` over every way of seating ``players``
    (branch and bound: the first player left goes to a table of each size still to fill, so no
    grouping is tried twice). Returns the tables in the order of ``sizes``, None when there are none."""
    best: list[list[str]] = []
    bound = [float("inf")]

    def fill(rest: list[str], todo: list[int], done: list[list[str]], spent: int) -> None:
        if spent >= bound[0]:
            return
        if not todo:
            bound[0] = spent
            best[:] = [list(t) for t in done]
            return
        first, others = rest[0], rest[1:]
        for size in sorted(set(todo), reverse=True):
            left_sizes = list(todo)
            left_sizes.remove(size)
            for mates in itertools.combinations(others, size - 1):
                table = [first, *mates]
                left = [p for p in others if p not in mates]
                fill(left, left_sizes, [*done, table], spent + cost(table))
                if bound[0] == 0:
                    return

    fill(players, list(sizes), [], 0)
    if not best:
        return None
    pool = list(best)
    out = []
    for n in sizes:  # which tables are short was drawn: keep that order
        pick = next(t for t in pool if len(t) == n)
        pool.remove(pick)
        out.append(pick)
    return out
