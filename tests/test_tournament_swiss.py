"""A swiss event of 12 players and 4 rounds through the command line (T4 swiss): every player in
every round, tables from similar standings after round 1 with as few repeat opponents as a draw
allows, and the standings by placement points, total money, best game and the lot."""

from __future__ import annotations

import itertools
import json

import pytest

from acquire_ref.tournament import Result, Tournament
from tests.helpers import tournament_ok

PLAYERS = "Ada Bea Cy Di Ed Flo Gil Hu Ike Jo Kai Liv".split()
STRENGTH = {p: i + 1 for i, p in enumerate(PLAYERS)}  # Liv is the strongest, Ada the weakest


def money(player: str, number: int) -> int:
    """Every sheet of the event: a player's money is $1,000 a point of strength plus $100 a round,
    so the stronger player always finishes ahead."""
    return 1000 * STRENGTH[player] + 100 * number


ok = tournament_ok


@pytest.fixture(scope="module")
def swiss(tmp_path_factory, cli):
    folder = tmp_path_factory.mktemp("swiss")
    ok(cli, folder, "new", "Club swiss", "--format", "swiss", "--rounds", "4", "--seed", "77")
    ok(cli, folder, "add", *PLAYERS)
    rounds = []
    for number in range(1, 5):
        doc = json.loads(ok(cli, folder, "draw", "--json"))["round"]
        for t in doc["tables"]:
            ok(cli, folder, "result", number, t["table"], "--force",  # small sums: not a real sheet (T3.4)
               *[f"{p}={money(p, number)}" for p in t["seats"]])
        rounds.append(doc)
    return folder, rounds


def test_every_player_plays_every_round_at_three_tables_of_4(swiss):
    _, rounds = swiss
    assert len(rounds) == 4
    for doc in rounds:
        assert [len(t["seats"]) for t in doc["tables"]] == [4, 4, 4]
        assert sorted(p for t in doc["tables"] for p in t["seats"]) == sorted(PLAYERS)


def test_round_2_seats_the_round_1_winners_together_with_one_unavoidable_repeat_a_table(swiss):
    _, rounds = swiss
    winners = {max(t["seats"], key=STRENGTH.get) for t in rounds[0]["tables"]}
    assert any(winners <= set(t["seats"]) for t in rounds[1]["tables"])
    met = {frozenset(p) for t in rounds[0]["tables"] for p in itertools.combinations(t["seats"], 2)}
    for t in rounds[1]["tables"]:
        # four players from three tables of round 1: at least one pair meets again, and only one
        assert sum(frozenset(p) in met for p in itertools.combinations(t["seats"], 2)) == 1


def test_swiss_standings_by_points_money_and_best_game_T4(swiss, cli):
    folder, _ = swiss
    doc = json.loads(ok(cli, folder, "standings", "--json"))
    assert doc["keys"] == ["points", "money", "best_game", "lot"] and doc["cut"] is None
    top, bottom = doc["standings"][0], doc["standings"][-1]
    # Liv wins all four games: 4 x 4 points; $12,100 + $12,200 + $12,300 + $12,400 = $49,000
    assert (top["player"], top["points"], top["money"], top["best_game"], top["games"]) == ("Liv", 16, 49000, 12400, 4)
    # Ada is last at every table: no points; $1,100 + $1,200 + $1,300 + $1,400 = $5,000
    assert (bottom["player"], bottom["points"], bottom["money"], bottom["best_game"]) == ("Ada", 0, 5000, 1400)
    # each player's money is 4 x $1,000 x strength + $1,000, whoever they met
    assert all(r["money"] == 4000 * STRENGTH[r["player"]] + 1000 for r in doc["standings"])
    keys = [(-r["points"], -r["money"], -r["best_game"], -r["lot"]) for r in doc["standings"]]
    assert keys == sorted(keys) and [r["rank"] for r in doc["standings"]] == list(range(1, 13))
    assert doc["advancing"] == []


def test_a_swiss_event_ends_with_its_rounds(swiss, cli):
    folder, _ = swiss
    result = cli("tournament", "draw", cwd=folder)
    assert result.exit_code == 3 and "has its 4 rounds" in result.output
    result = cli("tournament", "advance", cwd=folder)
    assert result.exit_code == 3 and "a swiss event ends with its rounds" in result.output


@pytest.mark.parametrize("cash, points", [
    ({"A": 30000, "B": 20000, "C": 10000}, {"A": 4, "B": 2, "C": 0}),
    ({"A": 30000, "B": 30000, "C": 20000, "D": 10000}, {"A": 4, "B": 4, "C": 1, "D": 0}),  # a shared 1st
    ({"A": 50000, "B": 40000, "C": 30000, "D": 20000, "E": 10000}, {"A": 4, "B": 3, "C": 2, "D": 1, "E": 0}),
])
def test_swiss_placement_points_by_table_size_and_shared_places_T4(cash, points):
    event = Tournament("E", "swiss", seed=1, fives=True)
    for p in cash:
        event.add(p)
    rnd = event.draw()
    assert len(rnd.tables) == 1
    event.enter(1, 1, Result(dict(cash), "sheet"))
    assert {r.player: r.keys["points"] for r in event.standings()} == points
