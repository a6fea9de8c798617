"""A championship run on acquire-ref (issue: WBC's Acquire event): a withdrawn semifinalist is
never seated in the final, the standings after seeding show the seeded round as it is, a
correction that changes a seeded round asks, alternates take seats not taken up, players enter
the heats they choose, late arrivals join a drawn round without reseating anyone, a redraw over
results asks and can be taken back, and the messages say what happened."""

from __future__ import annotations

import json

import pytest

from acquire_ref.engine.errors import IllegalMoveError, NotationError
from acquire_ref.tournament import Result, Tournament, check_sheet, implausible
from tests.helpers import tournament_ok
from tests.test_tournament_cli import refused

ok = tournament_ok
NAMES = [f"P{i:02d}" for i in range(1, 13)]


def money_of(p: str) -> int:
    """P12 is the richest at every table, P01 the poorest (a plausible Acquire sheet)."""
    return 20000 + 3000 * int(p[1:])


def play_heat(event: Tournament) -> None:
    rnd = event.draw()
    for t in rnd.tables:
        event.enter(rnd.number, t.number, Result({p: money_of(p) for p in t.seats}, "sheet"))


def play(event: Tournament, rnd) -> None:
    for t in rnd.tables:
        event.enter(rnd.number, t.number, Result({p: money_of(p) for p in t.seats}, "sheet"))


def eight() -> Tournament:
    event = Tournament("E", "heats", seed=3, semifinal=8)
    for name in NAMES[:8]:
        event.add(name)
    play_heat(event)
    return event


def test_a_withdrawn_semifinal_table_winner_is_never_seated_in_the_final_the_best_third_is_T4():
    event = eight()
    semi = event.advance()
    play(event, semi)
    winner = max(semi.tables[0].seats, key=lambda p: int(p[1:]))
    event.withdraw(winner)
    final = event.advance()
    assert winner not in final.tables[0].seats
    thirds = [sorted(t.seats, key=lambda p: -money_of(p))[2] for t in semi.tables]
    winners = [max(money_of(p) for p in t.seats) for t in semi.tables]
    best = max(zip(thirds, winners, strict=True), key=lambda tw: money_of(tw[0]) / tw[1])[0]
    assert best in final.tables[0].seats  # the next by place, then % of the winner's money (README)
    assert len(final.tables[0].seats) == 4


def test_after_seeding_the_standings_show_the_seeded_round_and_a_withdrawal_gives_the_seat_to_the_alternate():
    event = Tournament("E", "heats", seed=5, semifinal=8)
    for name in NAMES:
        event.add(name)
    play_heat(event)
    semi = event.advance()
    seeds = [r.player for r in event.standings() if r.advances]
    assert len(seeds) == 8 and event.cut() == 8
    said = event.withdraw(seeds[0])
    ninth = [r.player for r in event.standings()][8]
    assert f"{ninth}, the next by the tie-breaks, takes their seat at semifinal table" in said
    seated = {p for t in semi.tables for p in t.seats}
    assert seeds[0] not in seated and ninth in seated
    rows = event.standings()
    assert sum(r.advances for r in rows) == 8 and event.cut() == 8
    assert {r.player for r in rows if r.advances} == seated
    assert event.discarded and event.made  # the changed table gets a new game file


def test_a_withdrawn_finalist_gives_the_final_seat_to_the_next_semifinalist_by_place_then_share_of_the_winner_T4():
    event = Tournament("E", "heats", seed=5, semifinal=8)
    for name in NAMES:
        event.add(name)
    play_heat(event)
    play(event, event.advance())
    final = event.advance()
    semi = event.round(2)
    order = event.semifinal_order(semi)
    assert sorted(final.tables[0].seats) == sorted(order[:4])
    event.withdraw(order[0])
    thirds = [sorted(t.seats, key=lambda p: -money_of(p))[2] for t in semi.tables]  # each table's first two qualify
    winners = [max(money_of(p) for p in t.seats) for t in semi.tables]
    best = max(zip(thirds, winners, strict=True), key=lambda tw: money_of(tw[0]) / tw[1])[0]
    assert order[0] not in final.tables[0].seats and best in final.tables[0].seats  # the better % of its winner's


def twenty_to_a_semifinal_of_16():
    """20 players (Q01-Q20) in one heat, money rising with the number, and the semifinal of 16
    drawn from it (a final of 5 to come): the event and the semifinal round."""
    event = Tournament("E", "heats", seed=5, semifinal=16, final=5)
    for i in range(1, 21):
        event.add(f"Q{i:02d}")
    rnd = event.draw()
    for t in rnd.tables:
        event.enter(rnd.number, t.number, Result({p: 20000 + 2000 * int(p[1:]) for p in t.seats}, "sheet"))
    return event, event.advance()


def test_a_final_of_5_takes_the_best_semifinal_runner_up_and_six_places_are_reported():
    event, semi = twenty_to_a_semifinal_of_16()
    money = {}
    for t in semi.tables:  # winner 60,000; runner-up 50,000 at table 1, 40,000 elsewhere
        for i, p in enumerate(sorted(t.seats)):
            money[p] = [60000, 50000 if t.number == 1 else 40000, 30000, 20000][i]
        event.enter(semi.number, t.number, Result({p: money[p] for p in t.seats}, "sheet"))
    final = event.advance()
    runner = sorted(semi.tables[0].seats)[1]
    assert len(final.tables[0].seats) == 5 and runner in final.tables[0].seats
    event.enter(final.number, 1, Result({p: 10000 * (i + 5) for i, p in enumerate(sorted(final.tables[0].seats))},
                                        "sheet"))
    done = event.finals()
    assert done["final_order"] == sorted(final.tables[0].seats, reverse=True)
    assert [p["place"] for p in done["places"]] == [1, 2, 3, 4, 5, 6]
    assert done["places"][5]["stage"] == "semifinal"


def test_a_correction_that_changes_the_seeded_semifinal_asks_and_needs_force_T1_2(cli, tmp_path):
    ok(cli, tmp_path, "new", "Club", "--seed", "11", "--semifinal", "4")
    ok(cli, tmp_path, "add", *NAMES[:8])
    doc = json.loads(ok(cli, tmp_path, "draw", "--json"))["round"]
    for t in doc["tables"]:
        ok(cli, tmp_path, "result", 1, t["table"], *[f"{p}={money_of(p)}" for p in t["seats"]])
    final = json.loads(ok(cli, tmp_path, "advance", "--json"))["round"]
    last = next(t for t in doc["tables"] if "P01" in t["seats"])
    flipped = [f"{p}={money_of(p) if p != 'P01' else 90000}" for p in last["seats"]]
    out = refused(cli, tmp_path, "result", 1, last["table"], *flipped, "--replace", code=3)
    assert "this correction changes round 2, the final already seeded from these results" in out
    assert "would now seat P01 instead of" in out and "add --force" in out
    forced = cli("tournament", "result", 1, last["table"], *flipped, "--replace", "--force", cwd=tmp_path)
    assert forced.exit_code == 0 and "the final stays as it was seeded" in forced.stderr
    assert json.loads(ok(cli, tmp_path, "tables", "--json"))["tables"][0]["seats"] == final["tables"][0]["seats"]


def test_an_implausible_sheet_asks_before_it_is_taken_T3_4(cli, tmp_path):
    assert implausible({"A": 41200, "B": 38700, "C": 52300, "D": 29900}) is None
    assert implausible({"A": 0, "B": 0, "C": 0, "D": 0}) == "everyone is at $0"
    assert "over $150,000" in implausible({"A": 412000, "B": 38700, "C": 52300, "D": 29900})
    assert "A $999,999,999,999,900: over $150,000" in implausible({"A": 999_999_999_999_900, "B": 0, "C": 0})
    assert implausible({"A": 14200, "B": 8700, "C": 12300}) == (
        "the table's total is $35,200, far from the usual $100,000 to $250,000")
    ok(cli, tmp_path, "new", "Club", "--seed", "11")
    ok(cli, tmp_path, "add", *NAMES[:4])
    seats = json.loads(ok(cli, tmp_path, "draw", "--json"))["round"]["tables"][0]["seats"]
    sheet = [f"{p}={m}" for p, m in zip(seats, [41200, 38700, 52300, 29900], strict=True)]
    out = refused(cli, tmp_path, "result", 1, 1, *[s.replace("=41200", "=412000") for s in sheet], code=3)
    assert "round 1 table 1's sheet looks wrong for Acquire" in out and "$412,000: over $150,000" in out
    out = refused(cli, tmp_path, "result", 1, 1, *[f"{p}=0" for p in seats], code=3)
    assert "everyone is at $0" in out and "add --force" in out
    ok(cli, tmp_path, "result", 1, 1, *sheet)


def test_a_78000_four_player_table_total_asks_the_plausibility_question_T3_4():
    assert implausible({"A": 24100, "B": 21300, "C": 18600, "D": 14000}) == (
        "the table's total is $78,000, far from the usual $100,000 to $250,000")
    assert implausible({"A": 84100, "B": 71300, "C": 68600, "D": 54000}) == (
        "the table's total is $278,000, far from the usual $100,000 to $250,000")
    assert implausible({"A": 34100, "B": 31300, "C": 28600, "D": 24000, "E": 21000, "F": 18000}) is None


def test_check_in_draws_a_heat_among_those_checked_in_and_sitting_out_is_not_a_withdrawal_T1_4():
    event = Tournament("E", "heats", seed=9, semifinal=4)
    for name in NAMES[:8]:
        event.add(name)
    play_heat(event)
    event.checkin(NAMES[:4], 2)
    rnd = event.draw()
    assert sorted(p for t in rnd.tables for p in t.seats) == NAMES[:4]
    assert all(p.active for p in event.players)
    with pytest.raises(IllegalMoveError, match="heat 2 is drawn already"):
        event.checkin(["P05"], 2)
    late = event.join(["P05", "P06", "P07"])  # entered, not checked in: they come late and sit at a new table
    assert late == [f"P0{i} joins; seated at round 2 table 2" for i in (5, 6, 7)]
    assert [p.heats for p in event.players[4:7]] == [[2], [2], [2]]
    play(event, rnd)
    assert sum(r.advances for r in event.standings()) == 4


def test_a_late_arrival_joins_a_short_table_without_reseating_anyone_T1_4(cli, tmp_path):
    ok(cli, tmp_path, "new", "Club", "--seed", "11")
    ok(cli, tmp_path, "add", *NAMES[:7])
    before = json.loads(ok(cli, tmp_path, "draw", "--json"))["round"]["tables"]
    short = next(t for t in before if len(t["seats"]) == 3)
    out = ok(cli, tmp_path, "join", "Ivy Late")
    assert f"Ivy Late entered; seated at round 1 table {short['table']}" in out
    after = json.loads(ok(cli, tmp_path, "tables", "--json"))["tables"]
    for old, new in zip(before, after, strict=True):
        assert new["seats"][:len(old["seats"])] == old["seats"]
    joined = next(t for t in after if t["table"] == short["table"])
    assert joined["seats"][-1] == "Ivy Late" and joined["game"] != short["game"]
    assert (tmp_path / joined["game"]).exists() and (tmp_path / f"{short['game']}.discarded").exists()
    from acquire_ref.files.session import GameFile

    assert GameFile.open(tmp_path / joined["game"]).record.players[-1] == "Ivy_Late"
    assert "a new table needs 3 players" in refused(cli, tmp_path, "join", "Zed", code=3)


def test_undo_takes_back_a_redraw_and_puts_its_game_files_back_T1_2(cli, tmp_path):
    ok(cli, tmp_path, "new", "Club", "--seed", "11")
    ok(cli, tmp_path, "add", *NAMES[:8])
    first = json.loads(ok(cli, tmp_path, "draw", "--json"))["round"]["tables"]
    t = first[0]
    ok(cli, tmp_path, "result", 1, 1, *[f"{p}={money_of(p)}" for p in t["seats"]])
    ok(cli, tmp_path, "draw", "--force", "--discard-results")
    assert not (tmp_path / t["game"]).exists() and (tmp_path / f"{t['game']}.discarded").exists()
    result = cli("tournament", "undo", cwd=tmp_path)
    assert result.exit_code == 0 and "round 1 back to draw 1" in result.stdout
    back = json.loads(ok(cli, tmp_path, "tables", "--json"))
    assert back["draw"] == 1 and back["tables"][0]["result"] is not None
    assert (tmp_path / t["game"]).exists() and not (tmp_path / "club-r1-d2-t1.toml").exists()
    assert "no change to take back" in refused(cli, tmp_path, "undo", code=3)


def test_messages_say_who_was_entered_and_what_is_left_after_the_final(cli, tmp_path):
    ok(cli, tmp_path, "new", "Club", "--seed", "11", "--semifinal", "4")
    ok(cli, tmp_path, "add", "John_Smith")
    out = refused(cli, tmp_path, "add", "Ann", "John_Smith", code=2)
    assert "John_Smith is already entered: nobody was entered" in out
    ok(cli, tmp_path, "add", *NAMES[:3])
    doc = json.loads(ok(cli, tmp_path, "draw", "--json"))["round"]
    ok(cli, tmp_path, "result", 1, 1, *[f"{p}={30000 + 1000 * i}" for i, p in enumerate(doc["tables"][0]["seats"])])
    ok(cli, tmp_path, "advance")
    for command in ("draw", "advance"):
        assert "the final is seeded (round 2): enter its result" in refused(cli, tmp_path, command, code=3)


def test_names_with_spaces_and_badges_and_sheets_by_either_T1_3(cli, tmp_path):
    ok(cli, tmp_path, "new", "Club", "--seed", "11")
    assert "José García entered (badge 1042)" in ok(cli, tmp_path, "add", "José García", "--badge", "1042")
    ok(cli, tmp_path, "add", "Ann", "Ben", "Cat")
    assert "already entered" in refused(cli, tmp_path, "add", "jose\u0301 garcía".replace("jose\u0301", "Jose\u0301"),
                                        code=2)
    assert "badge 1042 is José García's" in refused(cli, tmp_path, "add", "Dan", "--badge", "1042", code=2)
    seats = json.loads(ok(cli, tmp_path, "draw", "--json"))["round"]["tables"][0]["seats"]
    sheet = [f"{'1042' if p == 'José García' else p}={m}" for p, m in zip(seats, [41200, 38700, 52300, 29900], strict=True)]
    out = ok(cli, tmp_path, "result", 1, 1, *sheet)
    assert "José García $" in out


def test_a_sheet_name_with_a_combining_accent_is_the_entrant_with_the_precomposed_one():
    assert check_sheet(["José"], {"Jose\u0301": 30000}) == {"José": 30000}
    with pytest.raises(NotationError, match="is not at this table"):
        check_sheet(["José"], {"Josh": 30000})


def test_a_hand_edited_seat_that_is_not_a_name_is_refused_by_its_key(cli, tmp_path):
    ok(cli, tmp_path, "new", "Club", "--seed", "11")
    ok(cli, tmp_path, "add", *NAMES[:8])
    ok(cli, tmp_path, "draw")
    path = tmp_path / "club.event.toml"
    text = path.read_text()
    start = text.index("seats = [")
    path.write_text(text[:start] + 'seats = [["P01"], "P02", "P03", "P04"]' + text[text.index("]", start) + 1:])
    out = refused(cli, tmp_path, "standings", code=4)
    assert "rounds[1].tables[1].seats should be a list of entrants' names (text), not list" in out


def test_an_event_file_whose_name_is_not_utf8_draws_and_leaves_sound_files(tmp_path):
    import os
    import subprocess

    from tests.helpers import installed

    exe = installed()
    name = os.fsdecode(b"club\xff.event.toml")
    env = {**os.environ, "ACQUIRE_EVENT": name}
    for args in (["new", "Club", "--seed", "1"], ["add", *NAMES[:4]], ["draw"], ["standings"]):
        done = subprocess.run([exe, "tournament", *args], cwd=tmp_path, env=env, capture_output=True, check=False)
        assert done.returncode == 0, done.stderr
        assert b"Traceback" not in done.stderr
    games = [p for p in os.listdir(os.fsencode(tmp_path)) if p.endswith(b"-t1.toml")]
    assert games == [b"club_-r1-t1.toml"]


def test_the_sheets_page_holds_every_seat_with_its_badge_and_the_alphabetical_list_T5_3(cli, tmp_path):
    import html as html_lib
    import re

    ok(cli, tmp_path, "new", "Club", "--seed", "11")
    ok(cli, tmp_path, "add", "Élodie", "--badge", "77")
    ok(cli, tmp_path, "add", "<b>Zed</b>", *NAMES[:6])
    doc = json.loads(ok(cli, tmp_path, "draw", "--json"))["round"]
    out = ok(cli, tmp_path, "sheets", "1", "--html", "round1.html")
    assert "2 table sheets and the list of 8 players" in out
    page = (tmp_path / "round1.html").read_text()
    assert page.count('class="sheet table-sheet"') == 2 and page.count('<section class="page">') == 1
    assert "<b>Zed</b>" not in page
    for t in doc["tables"]:
        sheet = page.split(f"table {t['table']}</h2>", 1)[1].split("</table>", 1)[0]
        cells = [html_lib.unescape(c) for c in re.findall(r'<tr><td>\d+</td><td class="name">(.*?)</td>', sheet)]
        assert cells == t["seats"]
    listed = page.split("find your table", 1)[1]
    names = [html_lib.unescape(n) for n in re.findall(r"<tr><td>(.*?)</td><td>", listed)]
    assert names == ["<b>Zed</b>", "Élodie", *NAMES[:6]] and "<td>77</td>" in listed


def hand_case() -> Tournament:
    """Twelve players, three heats of three tables of 4, every sheet typed by hand (the wbc-2007 case)."""
    event = Tournament("WBC", "heats", seed=1, semifinal=8, tiebreaks=["wbc-2007"])
    for p in "A B C D E F G H I J K L".split():
        event.add(p)
    heats = [
        [{"A": 60000, "B": 50000, "C": 40000, "D": 30000}, {"E": 55000, "F": 44000, "G": 33000, "H": 22000},
         {"I": 48000, "J": 40000, "K": 36000, "L": 20000}],
        [{"B": 70000, "E": 35000, "I": 30000, "L": 25000}, {"A": 45000, "F": 50000, "J": 20000, "K": 15000},
         {"C": 40000, "D": 52000, "G": 39000, "H": 30000}],
        [{"A": 30000, "G": 60000, "K": 40000, "L": 20000}, {"B": 42000, "H": 44000, "J": 20000, "C": 40000},
         {"D": 25000, "E": 50000, "F": 40000, "I": 60000}],
    ]
    from acquire_ref.tournament import Round, Seating

    for number, tables in enumerate(heats, start=1):
        rnd = Round(number, "heat", 1, [Seating(i, list(m), f"wbc-r{number}-t{i}.toml") for i, m in enumerate(tables, 1)])
        event.rounds.append(rnd)
        for i, m in enumerate(tables, start=1):
            event.enter(number, i, Result(m, "sheet"))
    return event


def test_wbc_2007_ranks_a_hand_worked_12_player_three_heat_event_T4():
    # Worked by hand from the sheets in hand_case (place per heat; wins; the margin at the best finish):
    #   A 1st, 2nd, 3rd   1 win (heat 1: 60,000 over 50,000 = +20%)
    #   E 1st, 2nd, 2nd   1 win (heat 1: 55,000 over 44,000 = +25%)
    #   I 1st, 3rd, 1st   2 wins; first heat won
    #   B 2nd, 1st, 2nd   1 win (heat 2: 70,000 over 35,000 = +100%); first heat not won
    #   F 2nd, 1st, 3rd   1 win (heat 2: 50,000 over 45,000 = +11.1%)
    #   D 4th, 1st, 4th   1 win (heat 2: 52,000 over 40,000 = +30%)
    #   G 3rd, 3rd, 1st   1 win (heat 3: 60,000 over 40,000 = +50%)
    #   H 4th, 4th, 1st   1 win (heat 3: 44,000 over 42,000 = +4.8%)
    #   C 3rd, 2nd, 3rd   no win: best finish 2nd at heat 2, 40,000 of 52,000 = -23.1%
    #   J 2nd, 3rd, 4th   no win: best finish 2nd at heat 1, 40,000 of 48,000 = -16.7%
    #   K 3rd, 4th, 2nd   no win: best finish 2nd at heat 3, 40,000 of 60,000 = -33.3%
    #   L 4th, 3rd, 4th   no win: best finish 3rd at heat 2, 25,000 of 70,000 = -64.3%
    # wbc-2007: first heat won first (I 2 wins, then E +25% over A +20%), then wins, then the second
    # heat won (B +100%, D +30%, F +11.1% all won heat 2; G, H did not), then the third heat
    # won (G +50% over H +4.8%), then the margin at the best finish (J -16.7%, C -23.1%, K -33.3%, L).
    event = hand_case()
    order = [r.player for r in event.standings()]
    assert order == ["I", "E", "A", "B", "D", "F", "G", "H", "J", "C", "K", "L"]
    rows = {r.player: r for r in event.standings()}
    assert rows["C"].keys["finish_margin"] == -300 / 13 and rows["B"].keys["finish_margin"] == 100.0  # -23.08%
    assert rows["I"].keys["first_heat_win"] == 1 and rows["I"].keys["wins"] == 2
    assert rows["G"].keys["average_finish"] == 7 / 3
    # this project's list on the same sheets: I (2 wins), then B and E (1 win, 1,200 points each) by margin, +100% over +25%
    event.preset, event.tiebreaks = "acquire-ref", ["wins", "points", "margin", "average_finish", "lot"]
    assert [r.player for r in event.standings()][:3] == ["I", "B", "E"]


def test_a_margin_factor_adjusts_a_winners_margin_by_table_size_T4():
    event = hand_case()
    from fractions import Fraction

    event.margin_factors = {4: Fraction(1, 10), 5: Fraction(2)}  # every table here has 4 players
    rows = {r.player: r for r in event.standings()}
    assert (rows["B"].keys["finish_margin"], rows["D"].keys["finish_margin"], rows["F"].keys["finish_margin"]) == (
        10.0, 3.0, 10 / 9)  # winners' margins x 0.1 (F: 11.1% x 0.1)
    assert rows["C"].keys["finish_margin"] == -300 / 13  # a non-winner's percentage is not adjusted


def sixteen_to_a_final_of_5() -> Tournament:
    """20 players, a semifinal of 16 on 4 tables, played: each table's winner has $100,000; the
    runners-up have $85,000 (table 1), $95,000 (table 2), $90,000 (table 3), $80,000 (table 4);
    thirds $50,000, fourths $30,000 (each table's players in name order)."""
    event, semi = twenty_to_a_semifinal_of_16()
    for t in semi.tables:
        second = {1: 85000, 2: 95000, 3: 90000, 4: 80000}[t.number]
        money = dict(zip(sorted(t.seats), [100000, second, 50000, 30000], strict=True))
        event.enter(semi.number, t.number, Result(money, "sheet"))
    return event


def test_a_withdrawn_finalist_is_replaced_by_the_best_remaining_runner_up_not_their_table_mate_T4():
    event = sixteen_to_a_final_of_5()
    semi = event.round(2)
    final = event.advance()
    by_table = {t.number: sorted(t.seats) for t in semi.tables}
    winner_1, mate_85, second_95, second_90 = by_table[1][0], by_table[1][1], by_table[2][1], by_table[3][1]
    assert second_95 in final.tables[0].seats  # the fifth finalist: the best runner-up (95%)
    said = event.withdraw(winner_1)
    seats = final.tables[0].seats
    assert winner_1 not in seats and second_90 in seats and mate_85 not in seats  # 90% beats 85%
    assert second_90 in said
    assert len(seats) == 5


def test_a_semifinal_winner_withdrawn_before_the_final_is_seeded_gives_way_to_the_best_runner_up_T4():
    event = sixteen_to_a_final_of_5()
    by_table = {t.number: sorted(t.seats) for t in event.round(2).tables}
    event.withdraw(by_table[1][0])
    final = event.advance()
    assert sorted(final.tables[0].seats) == sorted([by_table[2][0], by_table[3][0], by_table[4][0],
                                                    by_table[2][1], by_table[3][1]])  # $95,000 and $90,000


def test_a_withdrawn_semifinalist_who_never_played_the_final_is_not_placed_T4():
    event = sixteen_to_a_final_of_5()
    semi = event.round(2)
    final = event.advance()
    by_table = {t.number: sorted(t.seats) for t in semi.tables}
    event.withdraw(by_table[1][0])
    seats = final.tables[0].seats
    event.enter(final.number, 1, Result({p: 10000 * (i + 5) for i, p in enumerate(sorted(seats))}, "sheet"))
    places = event.finals()["places"]
    assert by_table[1][0] not in [p["player"] for p in places]
    assert [p["place"] for p in places] == [1, 2, 3, 4, 5, 6]
    assert places[5] == {"place": 6, "player": by_table[1][1], "stage": "semifinal"}  # $85,000 of $100,000


def test_the_csv_has_the_semifinal_the_final_and_places_1_to_6_T5_2():
    import csv

    from acquire_ref.tournament.tournament_views import csv_text, standings_doc

    event = sixteen_to_a_final_of_5()
    semi = event.round(2)
    final = event.advance()
    seats = sorted(final.tables[0].seats)
    event.enter(final.number, 1, Result({p: 10000 * (i + 5) for i, p in enumerate(seats)}, "sheet"))
    rows = list(csv.DictReader(csv_text(standings_doc(event)).removeprefix("\ufeff").splitlines()))
    by = {r["player"]: r for r in rows}
    assert list(rows[0])[-6:] == ["semifinal table", "semifinal place", "semifinal money", "final place",
                                  "final money", "event place"]
    champion = seats[-1]  # $90,000
    table = next(t.number for t in semi.tables if champion in t.seats)
    assert [by[champion][k] for k in list(rows[0])[-6:]] == [str(table), "1", "100000", "1", "90000", "1"]
    assert [by[seats[0]][k] for k in ("final place", "final money", "event place")] == ["5", "50000", "5"]
    sixth = event.finals()["places"][5]["player"]
    assert by[sixth]["event place"] == "6" and by[sixth]["final place"] == "" and by[sixth]["semifinal place"] == "2"
    heat_only = next(r for r in rows if r["semifinal table"] == "")
    assert heat_only["event place"] == "" and heat_only["final money"] == ""
