"""The event as a value (T3, T4): a semifinal of 8 sends each table's first two to the final, a
withdrawn player keeps a standing but gives the place to the next, a winner over $0 has an
unbounded margin, a shared first is a win for each, and a round of 5 is one table of 5."""

from __future__ import annotations

import pytest

from acquire_ref.errors import IllegalMoveError, NotationError
from acquire_ref.tournament import Result, Tournament, table_facts, table_sizes

NAMES = [f"P{i:02d}" for i in range(1, 13)]


def heat(event: Tournament, money_of) -> None:
    """Draw a heat and enter every table's sheet: money from ``money_of(player)``."""
    rnd = event.draw()
    for t in rnd.tables:
        event.enter(rnd.number, t.number, Result({p: money_of(p) for p in t.seats}, "sheet"))


def test_a_semifinal_of_8_sends_each_tables_first_two_to_the_final_T4():
    event = Tournament("E", "heats", seed=3, semifinal=8)
    for name in NAMES:
        event.add(name)
    heat(event, lambda p: 1000 * int(p[1:]))  # P12 is the richest at every table
    semi = event.advance()
    assert semi.stage == "semifinal" and [len(t.seats) for t in semi.tables] == [4, 4]
    seeds = [r.player for r in event.standings() if r.advances]
    assert len(seeds) == 8
    assert sorted(semi.tables[0].seats) == sorted([seeds[0], seeds[3], seeds[4], seeds[7]])
    for t in semi.tables:
        event.enter(semi.number, t.number, Result({p: 1000 * int(p[1:]) for p in t.seats}, "sheet"))
    final = event.advance()
    expected = [p for t in semi.tables for p in sorted(t.seats, key=lambda p: -int(p[1:]))[:2]]
    assert final.stage == "final" and sorted(final.tables[0].seats) == sorted(expected)
    with pytest.raises(IllegalMoveError, match=r"the final is seeded \(round 3\): enter its result"):
        event.advance()
    event.enter(final.number, 1, Result({p: 1000 * int(p[1:]) for p in final.tables[0].seats}, "sheet"))
    assert event.finals()["champion"] == max(expected, key=lambda p: int(p[1:]))
    with pytest.raises(IllegalMoveError, match="the event is over: the final is played and P12 is the champion"):
        event.advance()


def test_a_withdrawn_player_keeps_a_standing_but_the_next_player_advances_T2_4():
    event = Tournament("E", "heats", seed=5, semifinal=4)
    for name in NAMES[:8]:
        event.add(name)
    heat(event, lambda p: 1000 * int(p[1:]))
    top = event.standings()[0].player
    event.withdraw(top)
    rows = event.standings()
    assert rows[0].player == top and not rows[0].advances and not rows[0].eligible
    assert [r.advances for r in rows] == [False, True, True, True, True, False, False, False]


def test_a_winner_over_0_dollars_has_an_unbounded_margin_and_ranks_above_every_other_margin():
    facts = table_facts(Result({"A": 20000, "B": 0, "C": 0}, "sheet"))
    assert facts["A"][0] == 1 and facts["A"][2] == float("inf")
    event = Tournament("E", "heats", seed=1)
    for p in ("A", "B", "C", "D", "E", "F"):
        event.add(p)
    rnd = event.draw()
    first, second = rnd.tables
    event.enter(1, 1, Result(dict(zip(first.seats, (20000, 0, 0), strict=True)), "sheet"))
    event.enter(1, 2, Result(dict(zip(second.seats, (90000, 10000, 0), strict=True)), "sheet"))
    rows = event.standings()
    assert rows[0].player == first.seats[0] and rows[0].keys["margin"] is None  # shown as -, unbounded
    assert rows[1].player == second.seats[0] and rows[1].keys["margin"] == 800.0


def test_a_shared_first_place_is_a_win_for_each_with_a_margin_of_0_T3_2():
    facts = table_facts(Result({"A": 40000, "B": 40000, "C": 30000, "D": 100}, "sheet"))
    assert {p: f[0] for p, f in facts.items()} == {"A": 1, "B": 1, "C": 3, "D": 4}
    assert facts["A"][2] == facts["B"][2] == 0


def test_five_players_play_at_one_table_and_fewer_than_3_cannot_be_drawn_T2_1():
    assert table_sizes(5) == [5]
    event = Tournament("E", "heats", seed=1)
    for p in ("A", "B"):
        event.add(p)
    with pytest.raises(IllegalMoveError, match="at least 3 players"):
        event.draw()


def test_an_event_refuses_unknown_formats_and_semifinal_sizes():
    with pytest.raises(NotationError, match="heats or swiss"):
        Tournament("E", "knockout")
    with pytest.raises(NotationError, match="16, 8, 4"):
        Tournament("E", "heats", semifinal=12)
