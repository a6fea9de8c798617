"""The GM's report (issue 37): winning scores, wins by seat position, winners in the first merger
and their share of its bonuses, counted from the moves of refereed games; checked against a hand
count of a small event written out below, and on the command line over game and event files."""

from __future__ import annotations

import json
from fractions import Fraction

from acquire_ref.club.report import game_facts, summary, text_lines
from acquire_ref.engine import events as ev
from acquire_ref.engine.state import LogEntry


class Played:
    """A finished game as the report reads it: the ``players`` in clockwise order and the
    ``log`` of moves with their events (the report reads nothing else)."""

    def __init__(self, players: list[str], events: list[ev.Event]) -> None:
        self.players = players
        self.log = [LogEntry("move", 1, None, [e]) for e in events]  # type: ignore[arg-type]


def merger(maker: str, bonuses: dict[str, int]) -> list[ev.Event]:
    return [ev.MergerBegan(maker, "Tower", {"Tower": 12, "Luxor": 5}),
            *(ev.BonusPaid(p, "Luxor", amount, "majority", 3) for p, amount in bonuses.items()),
            ev.MergerCompleted("Tower", 18, 900, ("Luxor",))]


def small_event():
    """Three refereed games, counted by hand:

    game 1 (4 players, Ann Ben Cat Dan clockwise; Cat's start tile goes first): Ben made the first
    merger, Ann and Dan were paid $5,000 and $2,500; a second merger pays Cat $9,000 (not the first,
    not counted). Ann wins with $61,200: seat position (0 - 2) mod 4 + 1 = 3, "paid in it", share
    5,000 / 7,500 = 2/3.
    game 2 (3 players, Eve Fay Gus; Eve first): Gus made it and was paid $6,000, Eve $3,000. Gus
    wins with $48,100: position 3, "made it", share 6,000 / 9,000 = 2/3.
    game 3 (4 players, Hal Ivy Jo Kim; Kim first): no merger. Hal and Jo share first with $39,900:
    positions 2 and 4, "no merger" each, no share.
    """
    one = Played(["Ann", "Ben", "Cat", "Dan"], [ev.FirstPlayer("Cat", "1A", 80), *merger("Ben", {"Ann": 5000, "Dan": 2500}),
                                                *merger("Cat", {"Cat": 9000})])
    two = Played(["Eve", "Fay", "Gus"], [ev.FirstPlayer("Eve", "2B", 80), *merger("Gus", {"Gus": 6000, "Eve": 3000})])
    three = Played(["Hal", "Ivy", "Jo", "Kim"], [ev.FirstPlayer("Kim", "3C", 80)])
    return [game_facts(one, {"Ann": 61200, "Ben": 40100, "Cat": 52000, "Dan": 30000}, "game 1"),  # type: ignore[arg-type]
            game_facts(two, {"Eve": 41000, "Fay": 20000, "Gus": 48100}, "game 2"),  # type: ignore[arg-type]
            game_facts(three, {"Hal": 39900, "Ivy": 30000, "Jo": 39900, "Kim": 12000}, "game 3")]  # type: ignore[arg-type]


def test_the_report_equals_the_hand_count_of_a_small_event():
    facts = small_event()
    assert [f.positions for f in facts] == [{"Ann": 3}, {"Gus": 3}, {"Hal": 2, "Jo": 4}]
    assert [f.involvement for f in facts] == [{"Ann": "paid in it"}, {"Gus": "made it"},
                                              {"Hal": "no merger", "Jo": "no merger"}]
    assert [f.bonus_share for f in facts] == [{"Ann": Fraction(2, 3)}, {"Gus": Fraction(2, 3)}, None]
    doc = summary(facts, ["1 table from a results sheet"])
    assert doc["games"] == 3
    assert doc["winning"] == {"lowest": 39900, "highest": 61200, "average": 49733}  # 149,200 / 3 = 49,733.33
    assert doc["by_position"] == {3: {"games": 1, "wins": {1: 0, 2: 0, 3: 1}},
                                  4: {"games": 2, "wins": {1: 0, 2: 1, 3: 1, 4: 1}}}
    assert doc["involvement"] == {"made it": 1, "paid in it": 1, "not in it": 0, "no merger": 2}
    assert doc["bonus_share"] == {"games": 2, "average": 2 / 3}
    assert text_lines(doc, "Club night") == [
        "Club night: the GM's report over 3 refereed games",
        "  not counted: 1 table from a results sheet",
        "Winning scores: $39,900 to $61,200, average $49,733.",
        "Wins by seat position (1 plays first; a shared first place is a win for each):",
        "  tables of 3 (1 game): 1: 0, 2: 0, 3: 1",
        "  tables of 4 (2 games): 1: 0, 2: 1, 3: 1, 4: 1",
        "Winners and the first merger: made it 1, paid in it 1, not in it 0, no merger 2.",
        "Winners' share of the first merger's bonuses: 66.7% on average over 2 games.",
    ]


def test_club_report_counts_refereed_game_files_and_names_what_it_leaves_out(cli, tmp_path):
    out = tmp_path / "games"
    assert cli("simulate", "--games", "6", "--players", "4", "--seed", "3", "--out", out, "--jobs", "1").exit_code == 0
    assert cli("club", "add", tmp_path / "games" / "paper.toml", "--played", "2026-01-13", "Ann=60000", "Ben=50000",
               "Cat=40000").exit_code == 0
    result = cli("club", "report", out, "--json", "--html", tmp_path / "report.html")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["games"] == 6 and doc["left_out"] == ["1 paper result (a plays file: no moves to count)"]
    wins = sum(len(g["winners"]) for g in doc["by_game"])
    assert sum(sum(row["wins"].values()) for row in doc["by_position"].values()) == wins
    assert sum(doc["involvement"].values()) == wins and doc["by_position"]["4"]["games"] == 6
    assert doc["winning"]["lowest"] == min(g["winning"] for g in doc["by_game"])
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "Wins by seat position, tables of 4 (6 games)" in page and "<svg" in page and "http" not in page


def test_tournament_report_says_sheets_have_no_moves_to_count(cli, tmp_path, monkeypatch):
    monkeypatch.delenv("ACQUIRE_EVENT", raising=False)
    for args in (["new", "Club", "--seed", "5"], ["add", "Ann", "Ben", "Cat", "Dan"], ["draw"],
                 ["result", "1", "1", "Ann=60000", "Ben=50000", "Cat=40000", "Dan=30000"]):
        assert cli("tournament", *args, cwd=tmp_path).exit_code == 0, args
    result = cli("tournament", "report", cwd=tmp_path)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == ["Club: the GM's report over 0 refereed games",
                                          "  not counted: 1 table from a results sheet",
                                          "No refereed game finished: nothing to count."]


def test_tournament_report_counts_a_refereed_table_from_its_moves(cli, tmp_path, monkeypatch):
    from tests.helpers import play_out

    monkeypatch.delenv("ACQUIRE_EVENT", raising=False)
    for args in (["new", "Club", "--seed", "5", "--tiles", "dealt"], ["add", "Rosa Díaz", "Ben", "Cat", "Dan"], ["draw"]):
        assert cli("tournament", *args, cwd=tmp_path).exit_code == 0, args
    play_out(tmp_path / "club-r1-t1.toml", "report")
    assert cli("tournament", "result", "1", "1", cwd=tmp_path).exit_code == 0
    doc = json.loads(cli("tournament", "report", "--json", cwd=tmp_path).stdout)
    money = json.loads(cli("tournament", "standings", "--json", cwd=tmp_path).stdout)["rounds"][0]["tables"][0]["result"]["money"]
    [game] = doc["by_game"]
    assert doc["games"] == 1 and doc["left_out"] == []
    assert game["winning"] == max(money.values()) == doc["winning"]["highest"] == doc["winning"]["lowest"]
    assert game["winners"] == [p for p, m in money.items() if m == game["winning"]]  # the event's names, with spaces
    assert set(game["positions"]) == set(game["winners"]) and all(1 <= v <= 4 for v in game["positions"].values())
