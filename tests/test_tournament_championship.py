"""A championship run on acquire-ref (issue: WBC's Acquire event): a withdrawn semifinalist is
never seated in the final, the standings after seeding show the seeded round as it is, a
correction that changes a seeded round asks, alternates take seats not taken up, players enter
the heats they choose, late arrivals join a drawn round without reseating anyone, a redraw over
results asks and can be taken back, and the messages say what happened."""

from __future__ import annotations

import json

import pytest

from acquire_ref.errors import IllegalMoveError, NotationError
from acquire_ref.tournament import Event, Result, check_sheet, implausible
from tests.helpers import tournament_ok
from tests.test_tournament_cli import refused

ok = tournament_ok
NAMES = [f"P{i:02d}" for i in range(1, 13)]


def money_of(p: str) -> int:
    """P12 is the richest at every table, P01 the poorest (a plausible Acquire sheet)."""
    return 20000 + 3000 * int(p[1:])


def play_heat(event: Event) -> None:
    rnd = event.draw()
    for t in rnd.tables:
        event.enter(rnd.number, t.number, Result({p: money_of(p) for p in t.seats}, "sheet"))


def play(event: Event, rnd) -> None:
    for t in rnd.tables:
        event.enter(rnd.number, t.number, Result({p: money_of(p) for p in t.seats}, "sheet"))


def eight() -> Event:
    event = Event("E", "heats", seed=3, semifinal=8)
    for name in NAMES[:8]:
        event.add(name)
    play_heat(event)
    return event


def test_a_withdrawn_semifinal_table_winner_is_never_seated_in_the_final_the_next_at_the_table_is():
    event = eight()
    semi = event.advance()
    play(event, semi)
    winner = max(semi.tables[0].seats, key=lambda p: int(p[1:]))
    event.withdraw(winner)
    final = event.advance()
    assert winner not in final.tables[0].seats
    by_money = sorted(semi.tables[0].seats, key=lambda p: -int(p[1:]))
    assert by_money[2] in final.tables[0].seats  # the table's third takes the withdrawn winner's place
    assert len(final.tables[0].seats) == 4


def test_after_seeding_the_standings_show_the_seeded_round_and_a_withdrawal_gives_the_seat_to_the_alternate():
    event = Event("E", "heats", seed=5, semifinal=8)
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


def test_a_withdrawn_finalist_gives_the_final_seat_to_the_next_semifinalist():
    event = Event("E", "heats", seed=5, semifinal=8)
    for name in NAMES:
        event.add(name)
    play_heat(event)
    play(event, event.advance())
    final = event.advance()
    semi = event.round(2)
    order = event.semifinal_order(semi)
    assert sorted(final.tables[0].seats) == sorted(order[:4])
    event.withdraw(order[0])
    table = next(t for t in semi.tables if order[0] in t.seats)
    third = sorted(table.seats, key=lambda p: -int(p[1:]))[2]  # each table's first two qualify: its third is next
    assert order[0] not in final.tables[0].seats and third in final.tables[0].seats


def test_a_final_of_5_takes_the_best_semifinal_runner_up_and_six_places_are_reported():
    event = Event("E", "heats", seed=5, semifinal=16, final=5)
    for i in range(1, 21):
        event.add(f"Q{i:02d}")
    rnd = event.draw()
    for t in rnd.tables:
        event.enter(rnd.number, t.number, Result({p: 20000 + 2000 * int(p[1:]) for p in t.seats}, "sheet"))
    semi = event.advance()
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


def test_check_in_draws_a_heat_among_those_checked_in_and_sitting_out_is_not_a_withdrawal_T1_4():
    event = Event("E", "heats", seed=9, semifinal=4)
    for name in NAMES[:8]:
        event.add(name)
    play_heat(event)
    event.checkin(NAMES[:4], 2)
    rnd = event.draw()
    assert sorted(p for t in rnd.tables for p in t.seats) == NAMES[:4]
    assert all(p.active for p in event.players)
    play(event, rnd)
    assert sum(r.advances for r in event.standings()) == 4
    with pytest.raises(IllegalMoveError, match="heat 2 is drawn already"):
        event.checkin(["P05"], 2)


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
    from acquire_ref.session import GameFile

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
