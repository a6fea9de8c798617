"""The event as a value (T3, T4): a semifinal of 8 sends each table's first two to the final, a
withdrawn player keeps a standing but gives the place to the next, a winner over $0 has an
unbounded margin, a shared first is a win for each, and a round of 5 is one table of 5."""

from __future__ import annotations

import pytest

from acquire_ref.engine.errors import IllegalMoveError, NotationError
from acquire_ref.tournament import (
    Result,
    Tournament,
    claim,
    difference,
    parse_sheet,
    seeding_changes,
    sheet_result,
    slug,
    table_facts,
    table_sizes,
)

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


def test_a_typed_results_sheet_reads_commas_underscores_and_dollar_signs_and_refuses_the_rest_T3_1():
    assert parse_sheet(["Ann=52,300", "Ben=$41_000", "Cat=0"]) == {"Ann": 52300, "Ben": 41000, "Cat": 0}
    with pytest.raises(IllegalMoveError, match=r"Ann=-5200: money is whole hundreds of dollars, not negative \(T3\.1\)"):
        parse_sheet(["Ann=-5200"])
    with pytest.raises(NotationError, match=r"'Ann:52300': write PLAYER=MONEY in whole dollars"):
        parse_sheet(["Ann:52300"])
    with pytest.raises(NotationError, match="Ann is given twice"):
        parse_sheet(["Ann=100", "Ann=200"])


def test_a_sheet_result_matches_names_as_game_names_do_and_a_second_result_needs_replace_T3_1():
    event = Tournament("E", "heats", seed=2)
    for name in ["José García", "Ben", "Cat"]:
        event.add(name)
    rnd = event.draw()
    table = claim(event, rnd.number, 1)
    found = sheet_result(event, table, ["josé_garcía=41200", "BEN=38700", "Cat=52300"])
    assert found.source == "sheet" and found.money == {"José García": 41200, "Ben": 38700, "Cat": 52300}
    event.enter(rnd.number, 1, found)
    with pytest.raises(IllegalMoveError, match=r"round 1 table 1 already has its result \(sheet\): add --replace"):
        claim(event, rnd.number, 1)
    assert claim(event, rnd.number, 1, replace=True) is table


def test_a_correction_that_changes_a_seeded_semifinal_is_named_with_who_it_would_seat_instead_T1_2():
    event = Tournament("E", "heats", seed=5, semifinal=4)
    for name in NAMES[:8]:
        event.add(name)
    heat(event, lambda p: 1000 * int(p[1:]))
    event.advance()
    before = event.seeding()
    first = event.rounds[0].tables[0]
    event.enter(1, first.number, Result({p: 100000 - 1000 * int(p[1:]) for p in first.seats}, "sheet"), replace=True)
    assert sorted(first.seats) == ["P03", "P04", "P06", "P08"]  # the two poorest are now its first two
    assert seeding_changes(event, before, event.seeding()) == [
        "this correction changes round 2, the final already seeded from these results: they would now seat P03, P04 "
        "instead of P06, P08; the final stays as it was seeded"]
    assert seeding_changes(event, before, before) == []


def test_an_undo_says_what_putting_the_previous_event_back_changes_T1_2():
    before = Tournament("E", "heats", seed=1)
    for name in ["Ann", "Ben", "Cat"]:
        before.add(name)
    now = Tournament("E", "heats", seed=1)
    for name in ["Ann", "Ben", "Cat", "Dan"]:
        now.add(name)
    now.draw()
    now.withdraw("Ben")
    assert difference(now, before) == "Dan no longer entered; rounds drawn: 1 -> 0; 1 withdrawal or return taken back"
    assert difference(before, before) == "the event is as it was before it"
    assert slug("WBC Acquire 2026!") == "wbc-acquire-2026" and slug("***") == "event"
