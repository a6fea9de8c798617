"""The draw (T2.1, T2.2) as properties: every player count from 3 to 120 gives legal table sizes,
and on small events the draw leaves no more repeat opponents than a brute-force search over
every seating finds unavoidable (and, among those, no more group mates together)."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from acquire_ref.tournament import Result, Tournament, best_draw, table_sizes
from acquire_ref.tournament.draw import EVERY_PAIR_TABLES

NAMES = [f"P{i}" for i in range(10)]


@given(st.integers(3, 120), st.booleans())
def test_every_player_count_gives_legal_table_sizes_T2_1(players, fives):
    sizes = table_sizes(players, fives)
    assert sum(sizes) == players
    assert all(3 <= n <= 5 for n in sizes)
    if 5 in sizes:
        assert fives or players == 5
    assert sizes.count(3) <= 3
    if fives and players >= 10:
        assert sizes.count(3) <= 1  # 5s instead of several 3s


@given(st.integers(3, 120), st.booleans(), st.integers(0, 2**31))
@settings(max_examples=40)
def test_a_drawn_round_seats_everyone_once_at_legal_tables(players, fives, seed):
    event = Tournament("E", "heats", seed=seed, fives=fives)
    for i in range(players):
        event.add(f"P{i}", f"G{i % 5}" if i % 3 == 0 else None)
    rnd = event.draw()
    seated = [p for t in rnd.tables for p in t.seats]
    assert sorted(seated) == sorted(p.name for p in event.players)
    assert sorted(len(t.seats) for t in rnd.tables) == sorted(table_sizes(players, fives))


def clashes(tables, met, groups) -> tuple[int, int]:
    """(repeat pairs, group pairs) of a seating."""
    repeats = grouped = 0
    for table in tables:
        for a, b in itertools.combinations(table, 2):
            repeats += frozenset((a, b)) in met
            grouped += groups.get(a) is not None and groups.get(a) == groups.get(b)
    return repeats, grouped


def brute_force(players, sizes, met, groups) -> tuple[int, int]:
    """The fewest (repeats, group pairs) over every ordering of the players into the tables."""
    best = None
    for order in itertools.permutations(players):
        tables, at = [], 0
        for n in sizes:
            tables.append(order[at:at + n])
            at += n
        found = clashes(tables, met, groups)
        if best is None or found < best:
            best = found
            if best == (0, 0):
                break
    return best


@st.composite
def small_events(draw):
    n = draw(st.integers(3, 8))
    players = NAMES[:n]
    pairs = list(itertools.combinations(players, 2))
    met = {frozenset(p) for p in draw(st.lists(st.sampled_from(pairs), max_size=len(pairs), unique=True))}
    groups = {p: g for p in players if (g := draw(st.sampled_from([None, "A", "B"]))) is not None}
    return players, met, groups, draw(st.integers(0, 2**31))


@given(small_events())
@settings(max_examples=60)
def test_the_draw_avoids_repeats_and_group_mates_whenever_a_seating_does_T2_2(case):
    players, met, groups, seed = case
    sizes = table_sizes(len(players))
    tables = best_draw(players, sizes, met, groups, random.Random(seed))
    assert [len(t) for t in tables] == sizes
    assert sorted(p for t in tables for p in t) == sorted(players)
    assert clashes(tables, met, groups) == brute_force(players, sizes, met, groups)


def test_a_second_round_of_8_repeats_only_the_unavoidable_pairs_and_keeps_a_group_apart():
    event = Tournament("E", "heats", seed=4)
    for name in NAMES[:6]:
        event.add(name)
    event.add("S1", "Smiths")
    event.add("S2", "Smiths")
    first = event.draw()
    for t in first.tables:
        event.enter(1, t.number, Result({p: 10000 * (i + 1) for i, p in enumerate(t.seats)}, "sheet"))
    second = event.draw()
    met = {frozenset(p) for t in first.tables for p in itertools.combinations(t.seats, 2)}
    again = {frozenset(p) for t in second.tables for p in itertools.combinations(t.seats, 2)}
    # two tables of 4 after two tables of 4: a new table takes two players from each old one at
    # best, so two repeated pairs a table (four in all) are unavoidable; the Smiths still sit apart
    assert len(met & again) == 4
    assert all(not {"S1", "S2"} <= set(t.seats) for t in (*first.tables, *second.tables))


def test_a_round_of_more_than_64_tables_still_parts_every_repeat_and_group_pair_T2_2():
    # above EVERY_PAIR_TABLES the swap search tries only the tables with a clash (the draw's time
    # grows with the players): 400 players who met in fours, with 40 groups of 10, still find a
    # second round without a repeat opponent or two group mates at one table
    players = [f"P{i:03d}" for i in range(400)]
    met = {frozenset(p) for i in range(0, 400, 4) for p in itertools.combinations(players[i:i + 4], 2)}
    groups = {p: f"G{i // 10}" for i, p in enumerate(players)}
    sizes = table_sizes(400)
    assert len(sizes) == 100 > EVERY_PAIR_TABLES
    tables = best_draw(players, sizes, met, groups, random.Random(7))
    assert [len(t) for t in tables] == sizes
    assert sorted(p for t in tables for p in t) == players
    assert clashes(tables, met, groups) == (0, 0)
