"""A 22-player event of three heats played end to end through the command line (T1-T5): the draws
(tables of 4 and 3, no repeat opponents, groups apart), results from simulated game files and
from results sheets, the standings with every tie-break worked out by hand, the cut line, the
semifinal and the final."""

from __future__ import annotations

import itertools
import json

import pytest

from acquire_ref.files.session import GameFile
from tests.helpers import play_out, tournament_ok

PLAYERS = "Ann Ben Cat Dan Eve Fay Gus Hal Ivy Jan Kim Lou Max Ned Oli Pam Quy Ray Sue Tom Uma Vic".split()
SMITHS = ["Ann", "Ben", "Cat"]
CLUB = ["Dan", "Eve"]

SHEETS = {
    # Fay and Tom never meet; their six tables are entered from results sheets so that both
    # finish 2nd, 2nd and 3rd with a best money of 75% of their table winner's: a tie on every
    # key that only the recorded lot settles.
    (1, "Fay"): {"Ivy": 40000, "Fay": 30000, "Gus": 20000, "Uma": 10000},
    (1, "Tom"): {"Max": 40000, "Tom": 30000, "Vic": 20000, "Lou": 10000},
    (2, "Fay"): {"Jan": 50000, "Fay": 25000, "Eve": 20000, "Vic": 10000},
    (2, "Tom"): {"Dan": 50000, "Tom": 25000, "Hal": 20000, "Ann": 10000},
    (3, "Fay"): {"Ben": 40000, "Max": 35000, "Fay": 30000},
    (3, "Tom"): {"Ivy": 40000, "Oli": 35000, "Tom": 30000, "Eve": 10000},
}



ok = tournament_ok


@pytest.fixture(scope="module")
def event(tmp_path_factory, cli):
    """The event after three heats: (folder, the three rounds' documents)."""
    folder = tmp_path_factory.mktemp("wbc")
    ok(cli, folder, "new", "WBC heats", "--seed", "2026", "--tiles", "dealt")
    ok(cli, folder, "add", *[p for p in PLAYERS if p not in SMITHS + CLUB])
    ok(cli, folder, "add", *SMITHS, "--group", "Smiths")
    ok(cli, folder, "add", *CLUB, "--group", "Club")
    rounds = []
    for number in (1, 2, 3):
        doc = json.loads(ok(cli, folder, "draw", "--json"))["round"]
        for table in doc["tables"]:
            sheet = next((s for (r, who), s in SHEETS.items() if r == number and who in table["seats"]), None)
            if sheet is not None:
                assert sorted(sheet) == sorted(table["seats"])
                ok(cli, folder, "result", number, table["table"], *[f"{p}={m}" for p, m in sheet.items()])
            else:
                play_out(folder / table["game"], f"{number}:{table['table']}")
                ok(cli, folder, "result", number, table["table"])
        rounds.append(json.loads(ok(cli, folder, "tables", number, "--json")))
    return folder, rounds


def pairs_of(round_doc) -> set[frozenset[str]]:
    return {frozenset(p) for t in round_doc["tables"] for p in itertools.combinations(t["seats"], 2)}


def test_22_players_sit_at_four_tables_of_4_and_two_of_3_in_every_heat_T2_1(event):
    _, rounds = event
    for doc in rounds:
        assert sorted(len(t["seats"]) for t in doc["tables"]) == [3, 3, 4, 4, 4, 4]
        seated = [p for t in doc["tables"] for p in t["seats"]]
        assert sorted(seated) == sorted(PLAYERS)


def test_heats_2_and_3_repeat_no_opponent_and_groups_sit_apart_T2_2(event):
    _, rounds = event
    met: set[frozenset[str]] = set()
    for doc in rounds:
        assert not pairs_of(doc) & met
        met |= pairs_of(doc)
        for t in doc["tables"]:
            assert len(set(t["seats"]) & set(SMITHS)) <= 1 and len(set(t["seats"]) & set(CLUB)) <= 1


def test_every_table_has_a_game_file_with_its_players_in_their_drawn_seats(event):
    folder, rounds = event
    for doc in rounds:
        for t in doc["tables"]:
            assert GameFile.open(folder / t["game"]).record.players == t["seats"]


def test_the_draw_is_the_same_from_the_same_seed_T2_3(event, cli, tmp_path):
    _, rounds = event
    ok(cli, tmp_path, "new", "WBC heats", "--seed", "2026", "--tiles", "dealt")
    ok(cli, tmp_path, "add", *[p for p in PLAYERS if p not in SMITHS + CLUB])
    ok(cli, tmp_path, "add", *SMITHS, "--group", "Smiths")
    ok(cli, tmp_path, "add", *CLUB, "--group", "Club")
    again = json.loads(ok(cli, tmp_path, "draw", "--json"))["round"]
    assert [t["seats"] for t in again["tables"]] == [t["seats"] for t in rounds[0]["tables"]]


def test_results_come_from_the_game_files_and_the_sheets_T3_1(event):
    _, rounds = event
    sources = [[t["result"]["source"] for t in doc["tables"]] for doc in rounds]
    assert sources == [["game", "sheet", "game", "sheet", "game", "game"],
                       ["game", "game", "sheet", "game", "sheet", "game"],
                       ["game", "sheet", "sheet", "game", "game", "game"]]
    # round 1 table 1 was played out by the bots: its money is the game's final money
    assert rounds[0]["tables"][0]["result"]["money"] == {"Quy": 36200, "Sue": 24100, "Hal": 12400, "Ray": 25100}
    assert rounds[0]["tables"][0]["result"]["places"] == {"Quy": 1, "Ray": 2, "Sue": 3, "Hal": 4}


# Every heat table's money, as the bots' games and the sheets gave it:
#   1.1 Quy 36,200  Ray 25,100  Sue 24,100  Hal 12,400      2.1 Kim 55,800  Uma 38,300  Ned 30,900  Oli 19,900
#   1.2 Ivy 40,000  Fay 30,000  Gus 20,000  Uma 10,000 (s)  2.2 Lou 58,100  Cat 39,700  Sue 38,400
#   1.3 Oli 53,800  Dan 34,400  Cat 21,200                  2.3 Jan 50,000  Fay 25,000  Eve 20,000  Vic 10,000 (s)
#   1.4 Max 40,000  Tom 30,000  Vic 20,000  Lou 10,000 (s)  2.4 Gus 52,200  Ben 34,800  Ray 34,100
#   1.5 Pam 43,500  Ann 37,200  Eve 32,100  Ned 21,000      2.5 Dan 50,000  Tom 25,000  Hal 20,000  Ann 10,000 (s)
#   1.6 Kim 52,800  Jan 51,400  Ben 21,400                  2.6 Max 45,300  Pam 38,700  Ivy 37,800  Quy 17,600
#   3.1 Lou 59,000  Quy 33,000  Ned 17,700  Dan 16,600      3.4 Vic 45,700  Sue 32,100  Gus 22,900  Ann 20,500
#   3.2 Ben 40,000  Max 35,000  Fay 30,000 (s)              3.5 Uma 38,900  Jan 38,100  Hal 20,200
#   3.3 Ivy 40,000  Oli 35,000  Tom 30,000  Eve 10,000 (s)  3.6 Kim 40,400  Ray 37,200  Cat 27,100  Pam 21,700
# From these, by hand: (rank, player, wins, placement points, best margin %, best % of winner, average finish)
EXPECTED = [
    (1, "Kim", 3, 3000, 45.7, None, 1.0),     # wins 2.1 by 17,500 over 38,300 = 45.7%
    (2, "Max", 2, 2100, 33.3, None, 1.33),    # 1st, 1st, 2nd: two wins, and placement points settle it
    (3, "Ivy", 2, 2010, 33.3, None, 1.67),    # 1st, 3rd, 1st: against Max by placement points (2,010 < 2,100)
    (4, "Lou", 2, 2001, 78.8, None, 2.0),     # 4th, 1st, 1st; 3.1: 26,000 over 33,000 = 78.8%
    (5, "Jan", 1, 1200, 100.0, None, 1.67),   # 2nd, 1st, 2nd: 2.3 50,000 over 25,000 = 100%
    (6, "Ben", 1, 1110, 14.3, None, 2.0),     # 3rd, 2nd, 1st: 1,110 < Jan's 1,200
    (7, "Dan", 1, 1101, 100.0, None, 2.33),   # five players on 1 win and 1,101 points: the margin decides
    (8, "Oli", 1, 1101, 56.4, None, 2.33),    # 1.3: 19,400 over 34,400 = 56.4%
    (9, "Quy", 1, 1101, 44.2, None, 2.33),    # 1.1: 11,100 over 25,100 = 44.2%
    (10, "Pam", 1, 1101, 16.9, None, 2.33),   # 1.5: 6,300 over 37,200 = 16.9%
    (11, "Uma", 1, 1101, 2.1, None, 2.33),    # 3.5: 800 over 38,100 = 2.1%
    (12, "Gus", 1, 1020, 50.0, None, 2.33),
    (13, "Vic", 1, 1011, 42.4, None, 2.67),
    (14, "Ray", 0, 210, None, 92.1, 2.33),    # no win: best money 37,200 of 40,400 = 92.1%
    (15, "Tom", 0, 210, None, 75.0, 2.33),    # Tom and Fay: 2nd, 2nd, 3rd, 75% each: only the lot
    (16, "Fay", 0, 210, None, 75.0, 2.33),    # (682,610 against 516,077) puts Tom above, both inside the cut
    (17, "Sue", 0, 120, None, 70.2, 2.67),
    (18, "Cat", 0, 120, None, 68.3, 2.67),
    (19, "Ann", 0, 102, None, 85.5, 3.33),
    (20, "Eve", 0, 21, None, 73.8, 3.33),
    (21, "Ned", 0, 21, None, 55.4, 3.33),
    (22, "Hal", 0, 21, None, 51.9, 3.33),
]
LOTS = {"Tom": 682610, "Fay": 516077}


def test_standings_rank_by_every_heats_key_as_worked_out_by_hand_T4(event, cli):
    folder, _ = event
    doc = json.loads(ok(cli, folder, "standings", "--json"))
    assert doc["keys"] == ["wins", "points", "margin", "share_of_winner", "average_finish", "lot"]

    def shown(value, places):
        return None if value is None else round(value, places)

    got = [(r["rank"], r["player"], r["wins"], r["points"], shown(r["margin"], 1), shown(r["share_of_winner"], 1),
            shown(r["average_finish"], 2)) for r in doc["standings"]]
    assert got == EXPECTED
    lots = {r["player"]: r["lot"] for r in doc["standings"]}
    assert {p: lots[p] for p in LOTS} == LOTS
    assert all(r["heats"] == 3 for r in doc["standings"])


def test_the_json_margins_are_not_rounded_T5_1(event, cli):
    folder, _ = event
    rows = {r["player"]: r for r in json.loads(ok(cli, folder, "standings", "--json"))["standings"]}
    assert rows["Kim"]["margin"] == 17500 * 100 / 38300  # 45.69...%, not 45.7
    assert rows["Ray"]["share_of_winner"] == 37200 * 100 / 40400  # 92.08...%, not 92.1
    assert rows["Max"]["average_finish"] == 4 / 3


def test_the_cut_line_takes_16_and_the_lot_settles_the_last_place_T5_1(event, cli):
    folder, _ = event
    doc = json.loads(ok(cli, folder, "standings", "--json"))
    assert doc["cut"] == 16
    assert doc["advancing"] == [row[1] for row in EXPECTED[:16]]
    assert doc["still_playing"] == [] and doc["unfinished"] == []
    text = ok(cli, folder, "standings")
    lines = text.splitlines()
    fay = next(i for i, line in enumerate(lines) if " Fay " in line)
    assert "advances" in lines[fay] and "cut line: the 16 above go to the semifinal" in lines[fay + 1]
    assert "Sue" in lines[fay + 2] and "advances" not in lines[fay + 2]


def test_csv_and_html_exports_show_the_same_standings_T5_2(event, cli):
    import csv

    folder, _ = event
    ok(cli, folder, "standings", "--csv", "standings.csv", "--html", "hall.html")
    raw = (folder / "standings.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # a byte-order mark: a spreadsheet keeps the accents
    rows = list(csv.reader(raw.decode("utf-8-sig").splitlines()))
    assert rows[0] == ["rank", "player", "badge", "group", "wins", "points", "margin", "share_of_winner",
                       "average_finish", "lot", "advances", "heats played", "withdrawn",
                       "round 1 place", "round 1 money", "round 2 place", "round 2 money", "round 3 place",
                       "round 3 money", "semifinal table", "semifinal place", "semifinal money", "final place",
                       "final money", "event place"]
    assert rows[16][:9] == ["16", "Fay", "", "", "0", "210", "", "75", "2.333333333333"]
    assert rows[16][10:13] == ["yes", "3", ""]
    assert rows[16][13:] == ["2", "30000", "2", "25000", "3", "30000", "", "", "", "", "", ""]
    assert rows[1][6] == "45.691906005222"  # Kim's margin, 17,500 over 38,300, to 12 decimals (not 45.7)
    assert rows[17][1] == "Sue" and rows[17][10] == ""
    page = (folder / "hall.html").read_text()
    assert "<title>WBC heats: standings</title>" in page and 'class="advances cut"' in page
    assert page.count("<tr class=") == 22 and 'http-equiv="refresh"' in page and "as of " in page


def test_advance_seeds_the_semifinal_in_snake_order_and_the_final_from_its_winners_T4(event, cli):
    folder, _ = event
    semi = json.loads(ok(cli, folder, "advance", "--json"))["round"]
    assert semi["stage"] == "semifinal" and semi["number"] == 4
    seeds = [row[1] for row in EXPECTED[:16]]
    expected = [[seeds[i] for i in (0, 7, 8, 15)], [seeds[i] for i in (1, 6, 9, 14)],
                [seeds[i] for i in (2, 5, 10, 13)], [seeds[i] for i in (3, 4, 11, 12)]]
    assert [sorted(t["seats"]) for t in semi["tables"]] == [sorted(e) for e in expected]
    refused = cli("tournament", "advance", cwd=folder)
    assert refused.exit_code == 3 and "round 4 is still open" in refused.output
    money = {  # table 2: Max and Dan share first place; Max, the better heat seed, goes to the final
        1: {"Kim": 30000, "Oli": 41000, "Quy": 22000, "Fay": 18000},
        2: {"Max": 40000, "Dan": 40000, "Pam": 30000, "Tom": 20000},
        3: {"Ivy": 25000, "Ben": 26000, "Uma": 50000, "Ray": 10000},
        4: {"Lou": 33000, "Jan": 32000, "Gus": 31000, "Vic": 30000},
    }
    for t in semi["tables"]:
        ok(cli, folder, "result", 4, t["table"], *[f"{p}={m}" for p, m in money[t["table"]].items()])
    final = json.loads(ok(cli, folder, "advance", "--json"))["round"]
    assert final["stage"] == "final" and sorted(final["tables"][0]["seats"]) == sorted(["Oli", "Max", "Uma", "Lou"])
    ok(cli, folder, "result", 5, 1, "Oli=41000", "Max=52000", "Uma=38000", "Lou=12000")
    doc = json.loads(ok(cli, folder, "standings", "--json"))
    assert doc["finals"]["champion"] == "Max"
    assert "Champion: Max." in ok(cli, folder, "standings")
    assert cli("tournament", "advance", cwd=folder).exit_code == 3
    assert cli("tournament", "draw", cwd=folder).exit_code == 3  # the heats are over
