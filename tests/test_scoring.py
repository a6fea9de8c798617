"""Scoring tests: the information card (R3.2, R3.3), shareholder bonuses with ties and rounding
(R5.4), final money and standings (R8.3), and the rule book's worked cases as pure computations
(4-11, 17, 23). The same cases played through whole games are in test_rules.py."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from acquire_ref import Game
from acquire_ref.engine import events as ev
from acquire_ref.engine.editions import load_edition
from acquire_ref.engine.scoring import BonusShare, rank, shareholder_bonuses, split_bonus
from tests.engine import projected_payout

ED = load_edition()

# R3.2: cheap-tier price by size bracket
CHEAP = [
    (2, 200), (3, 300), (4, 400), (5, 500),
    (6, 600), (7, 600), (10, 600),
    (11, 700), (15, 700), (20, 700),
    (21, 800), (30, 800),
    (31, 900), (40, 900),
    (41, 1000), (60, 1000), (108, 1000),
]
TIER_EXTRA = {"Tower": 0, "Luxor": 0, "American": 100, "Worldwide": 100, "Festival": 100,
              "Imperial": 200, "Continental": 200}


def bonus(chain: str, size: int, holdings: dict) -> dict:
    """``{player: dollars}`` of one chain's shareholder bonuses at ``size`` tiles (R3.3, R5.4)."""
    parts = shareholder_bonuses(ED.majority_bonus(chain, size), ED.minority_bonus(chain, size), holdings)
    return {p.player: p.amount for p in parts}


def final_money(cash: dict, holdings: dict, sizes: dict) -> dict:
    """R8.3 by hand: for each chain on the board, bonuses, then every share sold at its price."""
    out = dict(cash)
    for chain, size in sizes.items():
        held = {p: holdings.get(p, {}).get(chain, 0) for p in cash}
        for p, amount in bonus(chain, size, held).items():
            out[p] += amount
        for p, n in held.items():
            out[p] += n * ED.price(chain, size)
    return out


# ============================================================================================
# R3.2 / R3.3 the information card
# ============================================================================================
@pytest.mark.parametrize("chain", list(TIER_EXTRA))
@pytest.mark.parametrize("size, cheap", CHEAP)
def test_r3_2_price_table_every_bracket_and_tier(chain, size, cheap):
    assert ED.price(chain, size) == cheap + TIER_EXTRA[chain]


@pytest.mark.parametrize("chain", list(TIER_EXTRA))
def test_r3_2_no_price_below_two_tiles(chain):
    assert ED.price(chain, 0) == 0 and ED.price(chain, 1) == 0


def test_r3_2_bracket_edges():
    assert [ED.price("Tower", s) for s in (5, 6, 10, 11, 20, 21, 30, 31, 40, 41)] == [
        500, 600, 600, 700, 700, 800, 800, 900, 900, 1000]
    assert [ED.price("Continental", s) for s in (2, 5, 6, 41)] == [400, 700, 800, 1200]


@pytest.mark.parametrize("chain", list(TIER_EXTRA))
@pytest.mark.parametrize("size, cheap", CHEAP)
def test_r3_3_majority_ten_times_minority_five_times_price(chain, size, cheap):
    price = cheap + TIER_EXTRA[chain]
    assert ED.majority_bonus(chain, size) == 10 * price
    assert ED.minority_bonus(chain, size) == 5 * price


def test_r3_edition_constants():
    assert (ED.starting_cash, ED.shares_per_chain, ED.safe_size, ED.end_size, ED.rack_size, ED.buy_limit) == (
        6000, 25, 11, 41, 6, 3)


# ============================================================================================
# R5.4 shareholder bonuses
# ============================================================================================
def test_r5_4_sole_shareholder_gets_majority_and_minority():
    assert shareholder_bonuses(3000, 1500, {"A": 1, "B": 0, "C": 0}) == [
        BonusShare("A", 4500, "majority + minority (sole shareholder)", 1)]


def test_r5_4_nobody_holds_nobody_is_paid():
    assert shareholder_bonuses(3000, 1500, {"A": 0, "B": 0}) == []
    assert shareholder_bonuses(3000, 1500, {}) == []


def test_r5_4_one_largest_one_second():
    assert [(p.player, p.amount, p.kind) for p in shareholder_bonuses(6000, 3000, {"A": 5, "B": 3, "C": 1})] == [
        ("A", 6000, "majority"), ("B", 3000, "minority")]


def test_r5_4_tie_for_largest_adds_both_bonuses_and_splits_nobody_gets_minority():
    parts = shareholder_bonuses(6000, 3000, {"A": 3, "B": 3, "C": 2})
    assert [(p.player, p.amount) for p in parts] == [("A", 4500), ("B", 4500)]
    assert all("tie for the largest holding" in p.kind for p in parts)


def test_r5_4_three_way_tie_for_largest_rounds_each_part_up():
    # $4,500 / 3 = $1,500 exactly; $3,000 + $1,500 at a $300 price
    assert bonus("American", 2, {"A": 2, "B": 2, "C": 2}) == {"A": 1500, "B": 1500, "C": 1500}
    # Tower 3: $3,000 + $1,500 = $4,500 / 2 = $2,250 -> $2,300
    assert bonus("Tower", 3, {"A": 1, "B": 1}) == {"A": 2300, "B": 2300}
    # Imperial 2: $4,000 + $2,000 = $6,000 / 4 = $1,500
    assert bonus("Imperial", 2, {"A": 1, "B": 1, "C": 1, "D": 1}) == {p: 1500 for p in "ABCD"}
    # Luxor 3: $4,500 / 6 = $750 -> $800
    assert bonus("Luxor", 3, {p: 2 for p in "ABCDEF"}) == {p: 800 for p in "ABCDEF"}


def test_r5_4_tie_for_second_splits_the_minority_rounded_up():
    parts = shareholder_bonuses(4000, 2000, {"A": 6, "B": 2, "C": 2, "D": 2, "E": 1})
    assert [(p.player, p.amount) for p in parts] == [("A", 4000), ("B", 700), ("C", 700), ("D", 700)]
    assert parts[1].kind == "minority (split 3 ways)"


@pytest.mark.parametrize(
    "total, ways, part",
    [(4500, 2, 2300), (3000, 4, 800), (1000, 3, 400), (9000, 2, 4500), (6000, 3, 2000), (100, 3, 100),
     (1500, 2, 800), (10500, 4, 2700), (15000, 6, 2500), (7000, 6, 1200)],
)
def test_r5_4_split_bonus_rounds_each_part_up_to_the_next_100(total, ways, part):
    assert split_bonus(total, ways) == part


# ============================================================================================
# worked cases, as computations
# ============================================================================================
def test_worked_case_04_tower_3_holdings_4_2_1():
    assert ED.price("Tower", 3) == 300
    assert bonus("Tower", 3, {"A": 4, "B": 2, "C": 1}) == {"A": 3000, "B": 1500}


def test_worked_case_05_luxor_2_sole_holder_3000():
    assert bonus("Luxor", 2, {"A": 1, "B": 0, "C": 0}) == {"A": 3000}


def test_worked_case_06_american_5_tie_for_majority_splits_9000():
    assert ED.price("American", 5) == 600
    assert ED.majority_bonus("American", 5) + ED.minority_bonus("American", 5) == 9000
    assert bonus("American", 5, {"A": 3, "B": 3, "C": 2}) == {"A": 4500, "B": 4500}


def test_worked_case_07_american_2_tie_2250_rounds_up_to_2300():
    assert ED.price("American", 2) == 300
    assert bonus("American", 2, {"A": 2, "B": 2}) == {"A": 2300, "B": 2300}


def test_worked_case_08_tower_2_four_way_750_rounds_up_to_800():
    assert bonus("Tower", 2, {"A": 1, "B": 1, "C": 1, "D": 1}) == {"A": 800, "B": 800, "C": 800, "D": 800}


def test_worked_case_09_imperial_4_majority_6000_minority_split_1500():
    assert ED.price("Imperial", 4) == 600
    assert bonus("Imperial", 4, {"A": 5, "B": 2, "C": 2}) == {"A": 6000, "B": 1500, "C": 1500}


def test_worked_case_10_luxor_2_minority_1000_over_3_rounds_up_to_400():
    assert bonus("Luxor", 2, {"A": 4, "B": 1, "C": 1, "D": 1}) == {"A": 2000, "B": 400, "C": 400, "D": 400}


def test_worked_case_11_tower_10_pays_6000_and_3000():
    assert ED.price("Tower", 10) == 600
    assert bonus("Tower", 10, {"B": 2, "C": 1}) == {"B": 6000, "C": 3000}


def test_worked_case_17_worldwide_7_sells_at_700():
    assert ED.price("Worldwide", 7) == 700


def test_worked_case_23_final_scoring_computation():
    sizes = {"Tower": 2, "Imperial": 3}
    assert ED.price("Tower", 2) == 200 and ED.price("Imperial", 3) == 500
    assert bonus("Tower", 2, {"p0": 8, "p1": 4}) == {"p0": 2000, "p1": 1000}
    assert bonus("Imperial", 3, {"p0": 0, "p1": 13}) == {"p1": 7500}
    money = final_money(
        {"p0": 1000, "p1": 2000},
        {"p0": {"Tower": 8}, "p1": {"Tower": 4, "Imperial": 13}},
        sizes,
    )
    assert money == {"p0": 1000 + 2000 + 1600, "p1": 2000 + 1000 + 7500 + 800 + 6500}
    assert money == {"p0": 4600, "p1": 17800}
    assert rank(money) == [("p1", 17800, 1), ("p0", 4600, 2)]


def test_worked_case_23_final_scores_helper():
    """The engine's own final-payout computation, where the scoring module offers one."""
    from acquire_ref.engine import scoring

    final_scores = getattr(scoring, "final_scores", None)
    if final_scores is None:
        pytest.skip("no scoring.final_scores in this engine")
    scores = final_scores(ED, {"Tower": 2, "Imperial": 3}, {"p0": 1000, "p1": 2000},
                          {"p0": {"Tower": 8}, "p1": {"Tower": 4, "Imperial": 13}})
    assert [(s.player, s.total) for s in scores] == [("p0", 4600), ("p1", 17800)]
    p0, p1 = scores
    assert [(b[0], b[1]) for b in p0.bonuses] == [("Tower", 2000)]
    assert [(b[0], b[1]) for b in p1.bonuses] == [("Tower", 1000), ("Imperial", 7500)]
    assert list(p0.sales) == [("Tower", 8, 1600)]
    assert list(p1.sales) == [("Tower", 4, 800), ("Imperial", 13, 6500)]


def test_worked_case_23_final_payout_through_the_engine_from_a_written_position():
    """The same position given to the engine as a hand-written position (it is not reachable by
    play: the end would not be available), then scored by the projection of Game.score_breakdown (R8.3)."""
    from acquire_ref.engine import setup as position
    players = ["p0", "p1", "p2"]
    data = {
        "next": "p0",
        "bag": 108 - 5 - 18,
        "chains": {"Tower": ["1A", "2A"], "Imperial": ["5C", "6C", "7C"]},
        "cash": {"p0": 1000, "p1": 2000, "p2": 6000},
        "shares": {"p0": {"Tower": 8}, "p1": {"Tower": 4, "Imperial": 13}},
    }
    pos, problems = position.read_position(data, players, ED)
    assert problems == []
    g = Game.from_position(players, pos)
    assert g.board.sizes == {"Tower": 2, "Imperial": 3}
    assert not g.end_available()
    events, money = projected_payout(g)
    assert money == {"p0": 4600, "p1": 17800, "p2": 6000}
    assert [(e.player, e.chain, e.amount) for e in events if isinstance(e, ev.BonusPaid)] == [
        ("p0", "Tower", 2000), ("p1", "Tower", 1000), ("p1", "Imperial", 7500)]
    assert [(e.player, e.chain, e.amount) for e in events if isinstance(e, ev.SharesSold)] == [
        ("p0", "Tower", 1600), ("p1", "Tower", 800), ("p1", "Imperial", 6500)]
    assert g.cash == {"p0": 1000, "p1": 2000, "p2": 6000}  # a projection: nothing is paid yet
    assert g.standings() == [("p1", 17800, 1), ("p2", 6000, 2), ("p0", 4600, 3)]


# ============================================================================================
# R8.3 standings
# ============================================================================================
def test_r8_3_most_money_wins_equal_money_shares_the_place():
    assert rank({"A": 100, "B": 300, "C": 300}) == [("B", 300, 1), ("C", 300, 1), ("A", 100, 3)]
    assert rank({"A": 5000, "B": 5000, "C": 5000}) == [("A", 5000, 1), ("B", 5000, 1), ("C", 5000, 1)]
    assert rank({"A": 1, "B": 2, "C": 3, "D": 2}) == [("C", 3, 1), ("B", 2, 2), ("D", 2, 2), ("A", 1, 4)]


def test_projection_during_a_merger_does_not_pay_a_defunct_chain_twice():
    from acquire_ref import Game, parse_move

    g = Game.new(["A", "B", "C"])
    for m in ("start 1A 3A 9I", "place 1B --found Luxor", "buy Luxor=3", "place 3B --found Tower",
              "buy Tower=1", "place 7E", "buy", "place 2B --survivor Luxor"):
        g.apply(parse_move(m))
    # Tower (2 tiles) is paid: B, sole holder of 2, gets $3,000; B is still to dispose
    assert g.pending.decision == "dispose" and g.cash["B"] == 6000 - 200 + 3000
    projected = {s.player: s for s in g.score_breakdown()}
    assert [b[0] for b in projected["B"].bonuses] == []  # no Tower bonus a second time
    assert projected["B"].sales == (("Tower", 2, 400),)  # not disposed yet: the pre-merger price (R8.5)
    assert [b[:2] for b in projected["A"].bonuses] == [("Luxor", 3000)]


# ============================================================================================
# properties
# ============================================================================================
PRICES = st.sampled_from(sorted({ED.price(c, s) for c in ED.chain_names for s in range(2, 42)}))
HOLDINGS = st.dictionaries(st.sampled_from(["A", "B", "C", "D", "E", "F"]), st.integers(0, 25), max_size=6)


@given(total=st.integers(1, 500).map(lambda n: n * 100), ways=st.integers(1, 6))
def test_r5_4_split_part_is_the_smallest_multiple_of_100_covering_the_share(total, ways):
    part = split_bonus(total, ways)
    assert part % 100 == 0
    assert part * ways >= total
    assert (part - 100) * ways < total


@given(price=PRICES, holdings=HOLDINGS)
def test_r5_4_bonus_properties(price, holdings):
    majority, minority = 10 * price, 5 * price
    parts = shareholder_bonuses(majority, minority, holdings)
    got = {p.player: p.amount for p in parts}
    assert len(got) == len(parts)  # nobody is paid twice
    holders = {p: n for p, n in holdings.items() if n > 0}
    assert set(got) <= set(holders)  # players without shares get nothing
    assert all(a > 0 and a % 100 == 0 for a in got.values())  # R2.1: multiples of $100
    assert all(p.shares == holdings[p.player] for p in parts)
    if not holders:
        assert parts == []
        return
    top = max(holders.values())
    tied_top = [p for p, n in holders.items() if n == top]
    assert set(tied_top) <= set(got)  # every largest holder is paid
    # the bank pays out at least both bonuses, and overpays only by the rounding
    total = sum(got.values())
    assert majority + minority <= total < majority + minority + 100 * len(got)
    if len(holders) == 1:
        assert got == {tied_top[0]: majority + minority}
    elif len(tied_top) > 1:
        assert set(got) == set(tied_top)
        assert len(set(got.values())) == 1
    else:
        second = max(n for n in holders.values() if n < top)
        assert set(got) == {tied_top[0], *(p for p, n in holders.items() if n == second)}
        assert got[tied_top[0]] == majority
    # more shares never earn less
    for p in got:
        for q in got:
            if holders[p] > holders[q]:
                assert got[p] >= got[q]


@given(cash=st.dictionaries(st.sampled_from(["A", "B", "C", "D", "E", "F"]),
                            st.integers(0, 300).map(lambda n: n * 100), min_size=1, max_size=6))
def test_r8_3_rank_properties(cash):
    standings = rank(cash)
    assert sorted(p for p, _, _ in standings) == sorted(cash)
    assert [c for _, c, _ in standings] == sorted(cash.values(), reverse=True)
    for p, c, r in standings:
        assert c == cash[p]
        assert r == 1 + sum(1 for v in cash.values() if v > c)
