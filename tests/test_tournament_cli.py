"""The tournament commands refuse bad input with a reason and change nothing (T1.2, T3), say
what a redraw discards (T2.3), handle an unfinished game as T3.3 says, read only sound event
files, and treat player names as data."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.helpers import installed, play_out, tournament_ok

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def run(cli, folder: Path, *args):
    return cli("tournament", *args, cwd=folder)


ok = tournament_ok


def refused(cli, folder: Path, *args, code: int) -> str:
    """The command exits ``code`` with a message, no traceback, and every file in ``folder`` is byte-identical."""
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file() and not p.name.endswith(".lock")}
    result = run(cli, folder, *args)
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    after = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file() and not p.name.endswith(".lock")}
    assert after == before
    return result.output



@pytest.fixture
def drawn(cli, tmp_path) -> tuple[Path, list[dict]]:
    """Eight players, round 1 drawn (two tables of 4, dealt tiles): (folder, its tables)."""
    ok(cli, tmp_path, "new", "Club", "--seed", "11", "--tiles", "dealt")
    ok(cli, tmp_path, "add", *NAMES)
    doc = json.loads(ok(cli, tmp_path, "draw", "--json"))
    return tmp_path, doc["round"]["tables"]


def test_new_makes_a_readable_event_file_and_refuses_to_replace_it(cli, tmp_path):
    out = ok(cli, tmp_path, "new", "Spring Open 2026", "--seed", "3")
    path = tmp_path / "spring-open-2026.event.toml"
    assert f"in {path.name}" in out
    text = path.read_text()
    assert 'name = "Spring Open 2026"' in text and 'format = "heats"' in text and "seed = 3" in text
    assert "already exists" in refused(cli, tmp_path, "new", "Spring Open 2026", code=2)


@pytest.mark.parametrize(("args", "shape"), [
    (("--semifinal", "4"), "heats, then a final of 4; tie-breaks acquire-ref"),
    (("--semifinal", "8"), "heats, then a semifinal of 8 and a final of 4; tie-breaks acquire-ref"),
    (("--format", "swiss", "--rounds", "5"), "swiss, 5 rounds"),
])
def test_t4_new_says_the_events_stages_a_semifinal_of_4_being_the_final(cli, tmp_path, args, shape):
    out = ok(cli, tmp_path, "new", "Club night", "--seed", "7", *args)
    assert f"club-night.event.toml: {shape}; seed 7; tables play classic with table tiles." in out


def test_the_event_file_is_named_by_option_or_found_here(cli, tmp_path):
    ok(cli, tmp_path, "--event", "a.event.toml", "new", "A")
    ok(cli, tmp_path, "--event", "b.event.toml", "new", "B")
    assert "2 event files here" in refused(cli, tmp_path, "add", "Ann", code=2)
    ok(cli, tmp_path, "--event", "a.event.toml", "add", "Ann")
    result = cli("tournament", "add", "Ben", cwd=tmp_path, env={"ACQUIRE_EVENT": "b.event.toml"})
    assert result.exit_code == 0
    assert "Ben" in (tmp_path / "b.event.toml").read_text() and "Ben" not in (tmp_path / "a.event.toml").read_text()
    assert "no such event file" in refused(cli, tmp_path, "--event", "c.event.toml", "add", "Cat", code=4)


def test_a_player_is_entered_once_and_a_withdrawn_player_can_come_back_T2_4(cli, tmp_path):
    ok(cli, tmp_path, "new", "Club", "--seed", "1")
    assert "1 player entered for the next round." in ok(cli, tmp_path, "add", "Ann")
    assert "3 players entered for the next round." in ok(cli, tmp_path, "add", "Ben", "Cat")
    assert "already entered" in refused(cli, tmp_path, "add", "ann", code=2)
    assert "can't be a player name" in refused(cli, tmp_path, "add", "Ann=5", code=2)
    assert "Ben withdrawn" in ok(cli, tmp_path, "withdraw", "Ben")
    assert "already withdrawn" in refused(cli, tmp_path, "withdraw", "Ben", code=2)
    assert "needs at least 3 players" in refused(cli, tmp_path, "draw", code=3).replace("\n", " ")
    assert "Ben is back" in ok(cli, tmp_path, "add", "Ben")
    assert "is not entered" in refused(cli, tmp_path, "withdraw", "Zed", code=2)


def test_the_hall_list_names_each_table_and_the_command_that_opens_its_game(cli, tmp_path):
    ok(cli, tmp_path, "new", "Club", "--seed", "11")
    ok(cli, tmp_path, "add", *NAMES[:7])
    out = ok(cli, tmp_path, "draw")
    assert out.startswith("Round 1 (heat): 2 tables")
    assert "acquire-ref --game club-r1-t1.toml table" in out and "acquire-ref --game club-r1-t2.toml table" in out
    status = cli("status", "--json", game=tmp_path / "club-r1-t1.toml")
    assert status.exit_code == 0 and json.loads(status.stdout)["pending"]["decision"] == "start"


def test_a_result_for_a_player_not_at_the_table_changes_nothing(cli, drawn):
    folder, tables = drawn
    seats = tables[0]["seats"]
    stranger = tables[1]["seats"][0]
    sheet = [f"{p}=30000" for p in seats[:3]] + [f"{stranger}=20000"]
    assert f"{stranger} is not at this table" in refused(cli, folder, "result", 1, 1, *sheet, code=2)
    assert "no money given for" in refused(cli, folder, "result", 1, 1, *sheet[:3], code=2)
    odd = [f"{p}=30050" for p in seats]
    assert "whole hundreds" in refused(cli, folder, "result", 1, 1, *odd, code=3)
    negative = [f"{seats[0]}=-100"] + [f"{p}=30000" for p in seats[1:]]
    assert "not negative (T3.1)" in refused(cli, folder, "result", 1, 1, *negative, code=3)
    assert "PLAYER=MONEY" in refused(cli, folder, "result", 1, 1, f"{seats[0]}=lots", code=2)
    assert "tables 1 to 2, not 3" in refused(cli, folder, "result", 1, 3, code=2)
    assert "there is no round 2" in refused(cli, folder, "result", 2, 1, code=2)


def test_two_results_for_one_table_are_refused_unless_replaced(cli, drawn):
    folder, tables = drawn
    seats = tables[0]["seats"]
    ok(cli, folder, "result", 1, 1, *[f"{p}={(i + 2) * 10000}" for i, p in enumerate(seats)])
    assert "already has its result (sheet)" in refused(cli, folder, "result", 1, 1, *[f"{p}=10000" for p in seats], code=3)
    result = run(cli, folder, "result", 1, 1, "--replace", *[f"{p}={(i + 1) * 10000}" for i, p in enumerate(seats)])
    assert result.exit_code == 0 and "Replaced round 1 table 1" in result.stderr


def test_a_game_file_whose_players_do_not_match_the_table_is_refused(cli, drawn):
    folder, tables = drawn
    other = folder / tables[1]["game"]
    (folder / tables[0]["game"]).write_text(other.read_text())
    assert "is it this table's game?" in refused(cli, folder, "result", 1, 1, code=4)


def test_a_finished_game_file_gives_the_result_T3_1(cli, drawn):
    folder, tables = drawn
    play_out(folder / tables[0]["game"], "t1")
    score = cli("score", "--json", game=folder / tables[0]["game"])
    money = {s["player"]: s["cash"] for s in json.loads(score.stdout)["standings"]}
    out = ok(cli, folder, "result", 1, 1)
    assert "(game)" in out and "still playing: table 2" in out
    doc = json.loads(ok(cli, folder, "tables", 1, "--json"))
    assert doc["tables"][0]["result"]["money"] == money


def test_an_unfinished_game_is_scored_as_it_stands_or_left_out_and_the_standings_say_which_T3_3(cli, drawn):
    folder, tables = drawn
    game = folder / tables[0]["game"]
    assert cli("start", game=game).exit_code == 0
    assert "the game is not over" in refused(cli, folder, "result", 1, 1, code=3)
    assert "not both" in refused(cli, folder, "result", 1, 1, "--projected", "--leave-out", code=2)
    ok(cli, folder, "result", 1, 1, "--projected")
    doc = json.loads(ok(cli, folder, "tables", 1, "--json"))
    assert doc["tables"][0]["result"]["source"] == "projected"
    assert set(doc["tables"][0]["result"]["money"].values()) == {6000}  # nobody has bought yet: $6,000 each (R2.1)
    ok(cli, folder, "result", 1, 2, "--leave-out")
    standing = json.loads(ok(cli, folder, "standings", "--json"))
    assert standing["unfinished"] == [{"round": 1, "table": 1, "source": "projected"},
                                      {"round": 1, "table": 2, "source": "left out"}]
    text = ok(cli, folder, "standings")
    assert "Round 1 table 1 was unfinished: scored as it stood (projected money) (T3.3)." in text
    assert "Round 1 table 2 was unfinished: left out of the standings (T3.3)." in text
    left_out = [r for r in standing["standings"] if r["player"] in tables[1]["seats"]]
    assert all(r["heats"] == 0 for r in left_out)


def test_a_draw_while_a_round_is_open_is_refused_and_force_says_what_it_discards_T2_3(cli, drawn):
    folder, tables = drawn
    seats = tables[0]["seats"]
    ok(cli, folder, "result", 1, 1, *[f"{p}={(i + 2) * 10000}" for i, p in enumerate(seats)])
    assert "round 1 is still open: table 2 has no result" in refused(cli, folder, "draw", code=3)
    ok(cli, folder, "add", "Ivy")
    asked = refused(cli, folder, "draw", "--force", code=3)
    assert "round 1 has results entered for table 1: a redraw drops them: add --discard-results" in asked
    result = run(cli, folder, "draw", "--force", "--discard-results")
    assert result.exit_code == 0
    assert "round 1 draw 1 discarded (2 tables; results of tables 1 dropped)" in result.stderr
    assert "club-r1-t1.toml, club-r1-t2.toml" in result.stderr and "marked discarded" in result.stderr
    assert result.stdout.startswith("Round 1 (heat, draw 2): 3 tables")
    assert (folder / "club-r1-d2-t3.toml").exists() and not (folder / "club-r1-t1.toml").exists()
    assert (folder / "club-r1-t1.toml.discarded").exists()
    doc = json.loads(ok(cli, folder, "tables", "--json"))
    assert doc["draw"] == 2 and sorted(len(t["seats"]) for t in doc["tables"]) == [3, 3, 3]


def test_a_draw_never_writes_over_an_existing_game_file(cli, tmp_path):
    ok(cli, tmp_path, "new", "Club", "--seed", "11")
    ok(cli, tmp_path, "add", *NAMES)
    (tmp_path / "club-r1-t2.toml").write_text("mine")
    assert "already exists" in refused(cli, tmp_path, "draw", code=3)
    assert not (tmp_path / "club-r1-t1.toml").exists()


def _same_lot(text: str) -> str:
    import re

    lots = re.findall(r"lot = \d+", text)
    return text.replace(lots[1], lots[0], 1)


@pytest.mark.parametrize("edit", [
    lambda t: t.replace('format = "heats"', 'format = "knockout"', 1),
    lambda t: t.replace("seed = 11", 'seed = "eleven"', 1),
    _same_lot,
    lambda t: t.replace('name = "Ann"', 'name = "Ann=Smith"', 1),
    lambda t: t.replace("[[rounds.tables]]\nnumber = 1", "[[rounds.tables]]\nnumber = 7", 1),
    lambda t: t.replace('game = "club-r1-t1.toml"', 'game = "../elsewhere.toml"', 1),
    lambda t: t.replace("[[rounds]]", "[[rounds]]\nnumber = ", 1),
    lambda t: t + "\n[extra]\nx = 1\n",
], ids=["format", "seed", "lot", "name", "table-number", "game-path", "syntax", "unknown-key"])
def test_a_hand_broken_event_file_is_refused_and_never_rewritten(cli, drawn, edit):
    folder, _ = drawn
    path = folder / "club.event.toml"
    text = path.read_text()
    path.write_text(edit(text))
    assert path.read_text() != text
    out = refused(cli, folder, "add", "Zed", code=4)
    assert "club.event.toml" in out and ("edited by hand" in out or "not valid TOML" in out), out
    refused(cli, folder, "standings", code=4)


def test_a_game_file_is_not_an_event_file(cli, drawn):
    folder, tables = drawn
    out = refused(cli, folder, "--event", tables[0]["game"], "standings", code=4)
    assert "is a game file, not an event file" in out


def test_hostile_names_are_data_in_the_terminal_csv_and_html(cli, tmp_path):
    names = ["<script>alert(1)</script>", "\x1b[31mRed", "@SUM(A1)", "A" * 80, "Bob&Co"]
    ok(cli, tmp_path, "new", "<b>Hall</b>", "--seed", "5")
    result = run(cli, tmp_path, "add", *names)
    assert result.exit_code == 2 and "can't be a player name" in result.output  # the escape character
    names[1] = "Red\u202eder"
    assert "can't be a player name" in refused(cli, tmp_path, "add", names[1], code=2)
    names.pop(1)
    ok(cli, tmp_path, "add", *names[:3])
    ok(cli, tmp_path, "add", names[3], "--group", "=HYPERLINK(1)")
    doc = json.loads(ok(cli, tmp_path, "draw", "--json"))
    seats = doc["round"]["tables"][0]["seats"]
    ok(cli, tmp_path, "result", 1, 1, *[f"{p}={(i + 1) * 10000}" for i, p in enumerate(seats)])
    for t in doc["round"]["tables"][1:]:
        ok(cli, tmp_path, "result", 1, t["table"], *[f"{p}={(i + 1) * 10000}" for i, p in enumerate(t["seats"])])
    out = ok(cli, tmp_path, "standings", "--html", "hall.html", "--csv", "s.csv")
    assert "A" * 80 + "  " in out and "\x1b" not in out  # the whole name (issue 37: names are not cut)
    page = (tmp_path / "hall.html").read_text()
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "&lt;b&gt;Hall&lt;/b&gt;" in page and "Bob&amp;Co" in page and "A" * 80 in page
    sheet = (tmp_path / "s.csv").read_text()
    assert "'@SUM(A1)" in sheet and "'=HYPERLINK(1)" in sheet
    assert json.loads(ok(cli, tmp_path, "standings", "--json"))["event"] == "<b>Hall</b>"


def test_an_export_never_writes_over_the_event_file(cli, drawn):
    folder, tables = drawn
    assert "name another file" in refused(cli, folder, "standings", "--csv", "club.event.toml", code=2)
    assert "name another file" in refused(cli, folder, "standings", "--html", tables[0]["game"], code=2)


def test_the_installed_command_runs_a_draw(tmp_path):
    exe = installed()
    steps = [["tournament", "new", "Pub", "--seed", "9"], ["tournament", "add", "Ann", "Ben", "Cat", "Dan", "Eve"],
             ["tournament", "draw"], ["tournament", "standings", "--json"]]
    for args in steps:
        done = subprocess.run([exe, *args], cwd=tmp_path, capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr
    assert len(json.loads(done.stdout)["still_playing"][0]["seats"]) == 5  # five players: one table of 5 (T2.1)
    again = subprocess.run([exe, "tournament", "draw"], cwd=tmp_path, capture_output=True, text=True, check=False)
    assert again.returncode == 3 and "round 1 is still open" in again.stderr and "Traceback" not in again.stderr


def test_the_readme_walkthrough_prints_what_the_readme_shows(cli, tmp_path, monkeypatch):
    """The README's tournament commands run in order in a copy of examples/, and every output the
    walkthrough quotes after its runnable block is what the commands print."""
    import re
    import shlex
    import shutil

    from tests.helpers import EXAMPLES, ROOT

    monkeypatch.delenv("ACQUIRE_EVENT", raising=False)
    section = (ROOT / "README.md").read_text().split("## Tournaments and club ratings", 1)[1].split("\n## ", 1)[0]
    shutil.copytree(EXAMPLES, tmp_path / "examples")
    for block in re.findall(r"```sh\n(.*?)```", section, re.S)[:1]:
        for line in block.splitlines():
            words = shlex.split(line.split("  #")[0])
            assert words[0] == "acquire-ref"
            assert cli(*words[1:], cwd=tmp_path).exit_code == 0, line
    blocks = re.findall(r"```console\n(.*?)```", section, re.S)[1:]
    assert len(blocks) == 2
    for block in blocks:
        for chunk in block.split("$ ")[1:]:
            command, *shown = chunk.rstrip("\n").split("\n")
            result = cli(*shlex.split(command.split("  #")[0])[1:], cwd=tmp_path)
            if shown:
                assert result.output.rstrip("\n").split("\n") == shown, command


def test_standings_import_no_drawing_rating_or_web_library(cli, drawn):
    """The tournament's read commands stay light (DESIGN 5): no rich, openskill, Textual or
    Starlette; openskill is for `ratings` alone."""
    from tests.test_startup import NEVER, loaded

    folder, _ = drawn
    event = str(folder / "club.event.toml")
    top, ours, out = loaded(["tournament", "--event", event, "standings", "--json"])
    assert json.loads(out)["event"] == "Club"
    assert not top & (NEVER | {"rich"}), top & (NEVER | {"rich"})
    assert "acquire_ref.club.ratings" not in ours
    top, _, _ = loaded(["--help"])
    assert "openskill" not in top


def test_a_locked_event_file_waits_then_is_refused_unchanged_T1_2(cli, drawn):
    """Another command holding the event file's lock: the change waits, then exits 5 and writes nothing."""
    from acquire_ref.files.storage import locked

    folder, _ = drawn
    path = folder / "club.event.toml"
    before = path.read_bytes()
    with locked(path):
        result = cli("tournament", "add", "Zed", cwd=folder, env={"ACQUIRE_LOCK_TIMEOUT": "0.2"})
    assert result.exit_code == 5 and "locked by another acquire-ref command" in result.output
    assert path.read_bytes() == before
