"""The GM's desk and the club's books, finished (issue 37): a season by its year (``--season``,
T7.2), an event's paper result with the date it was played and tables as they sat (a table of 6,
T3.1), and ``tournament rename`` carried into the finished tables' game files (T1.3)."""

from __future__ import annotations

import json
import re
import tomllib
from datetime import date

from acquire_ref.club.ratings import Rated, compute
from tests.helpers import EXAMPLES
from tests.test_club_season import season_game


def test_t7_2_season_year_is_from_january_1_to_december_31_in_ratings_and_club_pages(cli, tmp_path):
    season_game(tmp_path / "a.toml", "2025-12-31", {"Ann": 30000, "Ben": 20000})
    season_game(tmp_path / "b.toml", "2026-01-01", {"Ann": 10000, "Cat": 20000})
    season_game(tmp_path / "c.toml", "2026-12-31", {"Ben": 30000, "Cat": 20000})
    season_game(tmp_path / "d.toml", "2027-01-01", {"Dan": 30000, "Cat": 20000})
    result = cli("ratings", tmp_path, "--season", "2026", "--json")
    assert result.exit_code == 0, result.output
    expected = compute([Rated("b", {"Ann": 10000, "Cat": 20000}, date(2026, 1, 1)),
                        Rated("c", {"Ben": 30000, "Cat": 20000}, date(2026, 12, 31))])
    assert json.loads(result.stdout)["ratings"] == expected
    assert "season 2026-01-01 to 2026-12-31: 2 games rated; left out 2 games played outside it" in result.stderr
    assert cli.json("ratings", tmp_path, "--season", "2026") == cli.json(
        "ratings", tmp_path, "--from", "2026-01-01", "--to", "2026-12-31")
    cat = cli("club", "player", tmp_path, "--player", "Cat", "--season", "2025", "--json")
    assert cat.exit_code == 2 and "--player 'Cat': nobody of that name played in these games" in cat.output
    ann = json.loads(cli("club", "player", tmp_path, "--player", "Ann", "--season", "2026", "--json").stdout)
    assert [(g["played"], g["money"]) for g in ann["games"]] == [("2026-01-01", 10000)]
    out = cli("club", "export", tmp_path, "--season", "2026", "--csv", tmp_path / "plays.csv")
    assert out.exit_code == 0 and "Wrote " in out.stdout and ": 2 games" in out.stdout
    assert "season 2026-01-01 to 2026-12-31: 2 games rated" in out.stderr
    empty = cli("ratings", tmp_path, "--season", "2024")
    assert empty.exit_code == 0 and "No game rated: none of these files' finished games or table results was played " \
                                    "in the season asked for." in empty.stdout
    assert "these files hold no finished game" not in empty.stdout


def test_t7_2_a_season_year_that_cannot_be_read_or_given_with_dates_is_refused(cli, tmp_path):
    season_game(tmp_path / "a.toml", "2026-01-06", {"Ann": 30000, "Ben": 20000})
    for args, words in ((["--season", "26"], "--season '26': give the season's year, e.g. --season 2026"),
                        (["--season", "2025-26"], "a season across two years: --from 2025-09-01 --to 2026-06-30"),
                        (["--season", "2026", "--from", "2026-03-01"],
                         "--season 2026 is --from 2026-01-01 --to 2026-12-31: give the season's year, or its "
                         "dates with --from and --to, not both")):
        result = cli("ratings", tmp_path, *args)
        assert result.exit_code == 2 and words in result.output and "Traceback" not in result.output, args


def tournament(cli, folder):
    """``run(*args)`` runs ``acquire-ref tournament ARGS`` in ``folder`` and returns its stdout,
    failing on a non-zero exit; ``run.refused(*args, code=N)`` checks the exit status, that the
    event file is unchanged, and returns the output."""
    def run(*args):
        result = cli("tournament", *args, cwd=folder)
        assert result.exit_code == 0, (args, result.output)
        return result.stdout

    def refused(*args, code):
        before = (folder / "club.event.toml").read_bytes()
        result = cli("tournament", *args, cwd=folder)
        assert result.exit_code == code and "Traceback" not in result.output, (args, result.output)
        assert (folder / "club.event.toml").read_bytes() == before
        return result.output

    run.refused = refused
    return run


def test_t3_1_a_paper_result_carries_the_date_it_was_played_not_the_draws(cli, tmp_path, monkeypatch):
    monkeypatch.delenv("ACQUIRE_EVENT", raising=False)
    run = tournament(cli, tmp_path)
    run("new", "Club", "--seed", "5")
    run("add", "Ann", "Ben", "Cat", "Dan")
    run("draw")  # the table's game file is dated today, the day of the draw
    [table] = json.loads(run("tables", "--json"))["tables"]
    sheet = [f"{p}={m}" for p, m in zip(table["seats"], (52300, 41000, 38000, 20100), strict=True)]
    assert "--played 2999-01-01 is after today" in run.refused("result", "1", "1", *sheet, "--played", "2999-01-01",
                                                               code=2)
    assert "--played dates a result that counts" in run.refused("result", "1", "1", "--leave-out", "--played",
                                                                "2026-01-13", code=2)
    said = run("result", "1", "1", *sheet, "--played", "2026-01-13")
    assert said.startswith(f"Round 1 table 1: {table['seats'][0]} $52,300, ")
    assert "(sheet, played 2026-01-13).\n" in said
    assert "played = 2026-01-13\n" in (tmp_path / "club.event.toml").read_text(encoding="utf-8")
    doc = json.loads(run("standings", "--json"))
    assert doc["rounds"][0]["tables"][0]["result"]["played"] == "2026-01-13"
    steps = cli.json("ratings", tmp_path / "club.event.toml", "--history")["history"]
    assert {p: [e["played"] for e in s] for p, s in steps.items()} == {p: ["2026-01-13"] for p in table["seats"]}
    corrected = [f"{p}={m}" for p, m in zip(table["seats"], (52300, 41000, 38100, 20000), strict=True)]
    run("result", "1", "1", "--replace", *corrected)  # a correction keeps the date the table was played
    assert json.loads(run("standings", "--json"))["rounds"][0]["tables"][0]["result"]["played"] == "2026-01-13"
    run("result", "1", "1", "--replace", *corrected, "--played", "2026-01-14")
    assert run("undo").endswith(": 1 table result as before.\n")  # a date put right is a change to take back
    assert json.loads(run("standings", "--json"))["rounds"][0]["tables"][0]["result"]["played"] == "2026-01-13"
    text = (tmp_path / "club.event.toml").read_text(encoding="utf-8").replace("played = 2026-01-13", 'played = "Tuesday"')
    (tmp_path / "club.event.toml").write_text(text, encoding="utf-8")
    broken = cli("tournament", "standings", cwd=tmp_path)
    assert broken.exit_code == 4 and "rounds[1].tables[1].result.played should be the date the table was played" \
        in broken.output


def test_t2_1_a_round_given_as_the_players_sat_seats_six_at_one_table_and_rates_it(cli, tmp_path, monkeypatch):
    monkeypatch.delenv("ACQUIRE_EVENT", raising=False)
    run = tournament(cli, tmp_path)
    run("new", "Club", "--seed", "5", "--format", "swiss", "--rounds", "2")
    run("add", "Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "José García")
    run("badge", "José García", "1042")
    said = run("draw", "--table", "Fay, Ann,Ben,Cat,Dan,Eve", "--table", "Gus,Hal,1042")
    assert said == ("Round 1 (swiss): 2 tables\n"
                    "  table 1: Fay, Ann, Ben, Cat, Dan, Eve\n    acquire-ref --game club-r1-t1.toml table\n"
                    "  table 2: Gus, Hal, José García\n    acquire-ref --game club-r1-t2.toml table\n")
    game = tomllib.loads((tmp_path / "club-r1-t1.toml").read_text(encoding="utf-8"))
    assert game["players"] == ["Fay", "Ann", "Ben", "Cat", "Dan", "Eve"]
    run("result", "1", "1", "Fay=31000", "Ann=52300", "Ben=41000", "Cat=38000", "Dan=20100", "Eve=41000",
        "--played", "2026-01-13")
    run("result", "1", "2", "Gus=60000", "Hal=50000", "1042=40000", "--played", "2026-01-13")
    rows = {r["player"]: r for r in json.loads(run("standings", "--json"))["standings"]}
    # T4 swiss points at a table of 6: a table of 5's, the 6th 0; Ben and Eve share 2nd (the better place's points)
    assert {p: rows[p]["points"] for p in ("Ann", "Ben", "Eve", "Cat", "Fay", "Dan", "Gus", "Hal", "José García")} \
        == {"Ann": 4, "Ben": 3, "Eve": 3, "Cat": 1, "Fay": 0, "Dan": 0, "Gus": 4, "Hal": 2, "José García": 0}
    assert (rows["Ann"]["money"], rows["Ben"]["money"], rows["Ivy"]["games"]) == (52300, 41000, 0)
    doc = cli.json("ratings", tmp_path / "club.event.toml")
    expected = compute([Rated("t1", {"Fay": 31000, "Ann": 52300, "Ben": 41000, "Cat": 38000, "Dan": 20100,
                                     "Eve": 41000}, date(2026, 1, 13)),
                        Rated("t2", {"Gus": 60000, "Hal": 50000, "José García": 40000}, date(2026, 1, 13))])
    assert doc["ratings"] == expected


def test_t2_1_tables_given_as_sat_are_checked_and_can_replace_an_open_draw(cli, tmp_path, monkeypatch):
    monkeypatch.delenv("ACQUIRE_EVENT", raising=False)
    run = tournament(cli, tmp_path)
    run("new", "Club", "--seed", "5")
    run("add", "Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")
    for tables, code, words in (
            (["Ann,Ben"], 2, "table 1 has 2 players: a table seats 3 to 6 (T2.1)"),
            (["Ann,Ben,Cat,Dan,Eve,Fay,Gus"], 2, "table 1 has 7 players: a table seats 3 to 6 (T2.1)"),
            (["Ann,Ben,Cat", "Cat,Dan,Eve"], 2, "Cat is given at table 1 and table 2: each player sits at one table"),
            (["Ann,Ben,Zed"], 2, "'Zed' is not entered in Club"),
            (["Ann,,Ben"], 2, "--table 'Ann,,Ben': name each player once, commas between")):
        assert words in run.refused("draw", *[a for t in tables for a in ("--table", t)], code=code), tables
    run("withdraw", "Gus")
    assert "Gus is withdrawn: `tournament add Gus` brings them back first" in run.refused(
        "draw", "--table", "Ann,Ben,Gus", code=3)
    run("draw")  # drawn: 3 + 3
    assert "round 1 is still open" in run.refused("draw", "--table", "Ann,Ben,Cat", code=3)
    said = cli("tournament", "draw", "--force", "--table", "Ann,Ben,Cat,Dan,Eve,Fay", cwd=tmp_path)
    assert said.exit_code == 0, said.output
    assert said.stdout.startswith("Round 1 (heat, draw 2): 1 table\n  table 1: Ann, Ben, Cat, Dan, Eve, Fay\n")
    assert "round 1 draw 1 discarded (2 tables; no result entered)" in said.stderr
    assert (tmp_path / "club-r1-t1.toml.discarded").exists() and (tmp_path / "club-r1-d2-t1.toml").exists()


def refereed_event(cli, folder):
    """An event whose round 1 is one table, Ann, Ben and Cat as they sat, refereed to its end
    (the moves of examples/eight-chains.toml, Cat disposing of shares by name) and its result
    entered from that game file; a second round of three at a table with a paper result."""
    run = tournament(cli, folder)
    run("new", "Club", "--seed", "5", "--format", "swiss", "--rounds", "2")
    run("add", "Ann", "Ben", "Cat")
    run("draw", "--table", "Ann,Ben,Cat")
    (folder / "club-r1-t1.toml").write_text((EXAMPLES / "eight-chains.toml").read_text(encoding="utf-8"),
                                           encoding="utf-8")
    run("result", "1", "1")
    run("draw", "--table", "Cat,Ann,Ben")
    run("result", "2", "1", "Cat=60000", "Ann=50000", "Ben=40000", "--played", "2026-01-13")
    return run


def test_t1_3_rename_carries_the_new_name_into_the_finished_tables_game_files(cli, tmp_path, monkeypatch):
    monkeypatch.delenv("ACQUIRE_EVENT", raising=False)
    run = refereed_event(cli, tmp_path)
    game = tmp_path / "club-r1-t1.toml"
    before = json.loads(run("standings", "--json"))["rounds"][0]["tables"][0]["result"]["money"]
    said = run("rename", "Cat", "Cat Smith")
    assert said == ("Cat is now Cat Smith.\n"
                    "Renamed in 2 game files: club-r1-t1.toml, club-r2-t1.toml.\n")
    record = tomllib.loads(game.read_text(encoding="utf-8"))
    assert record["players"] == ["Ann", "Ben", "Cat_Smith"]
    assert [m for m in record["moves"] if "Cat" in m] == []  # "dispose Cat --sell 1" names nobody now
    assert tomllib.loads((tmp_path / "club-r2-t1.toml").read_text(encoding="utf-8"))["players"] == \
        ["Cat_Smith", "Ann", "Ben"]
    assert cli("check", game=game).exit_code == 0
    doc = json.loads(run("standings", "--json"))
    after = doc["rounds"][0]["tables"][0]["result"]["money"]
    assert after == {("Cat Smith" if p == "Cat" else p): m for p, m in before.items()}
    run("result", "1", "1", "--replace")  # the game file is the table's again: it seats the entrant's new name
    rated = cli.json("ratings", tmp_path / "club.event.toml", season_game(tmp_path / "later.toml", "2026-02-03",
                                                                          {"Cat_Smith": 30000, "Ann": 20000}))
    assert sorted((r["player"], r["games"]) for r in rated["ratings"]) == [("Ann", 3), ("Ben", 2), ("Cat Smith", 3)]


def test_t1_3_rename_refuses_when_a_game_file_cannot_be_rewritten_safely_and_changes_nothing(cli, tmp_path, monkeypatch):
    monkeypatch.delenv("ACQUIRE_EVENT", raising=False)
    run = refereed_event(cli, tmp_path)
    game, paper = tmp_path / "club-r1-t1.toml", tmp_path / "club-r2-t1.toml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace('players = ["Ann", "Ben", "Cat"]', 'players = ["Ann", "Ben", "Kat"]')
                    .replace("dispose Cat", "dispose Kat"), encoding="utf-8")
    files = {p: p.read_bytes() for p in (game, paper)}
    said = run.refused("rename", "Cat", "Cat Smith", code=4)
    assert ("club-r1-t1.toml seats Ann, Ben, Kat, not round 1 table 1's Ann, Ben, Cat: it can't be rewritten safely; "
            "nothing was renamed") in said
    assert {p: p.read_bytes() for p in files} == files
    game.write_text("format = 1\nplayers = [\n", encoding="utf-8")  # broken by hand
    assert "club-r1-t1.toml" in run.refused("rename", "Cat", "Cat Smith", code=4)
    assert paper.read_bytes() == files[paper]
    season_game(game, "2026-01-06", {"Ann": 30000, "Ben": 20000, "Cat": 10000})  # a game from a written position
    said = run.refused("rename", "Cat", "Cat Smith", code=4)
    assert "club-r1-t1.toml starts from a written position, which names its players in tables of its own" in said
    assert paper.read_bytes() == files[paper]


def test_t1_3_a_rename_the_event_file_refuses_puts_the_game_files_names_back(cli, tmp_path, monkeypatch):
    monkeypatch.delenv("ACQUIRE_EVENT", raising=False)
    run = refereed_event(cli, tmp_path)
    from acquire_ref.engine.errors import GameBusyError
    from acquire_ref.tournament import event_file

    def busy(*args):
        raise GameBusyError("club.event.toml was changed by another program meanwhile")

    monkeypatch.setattr(event_file, "_write_keeping_previous", busy)
    said = run.refused("rename", "Cat", "Cat Smith", code=5)
    assert "changed by another program meanwhile" in said
    for name in ("club-r1-t1.toml", "club-r2-t1.toml"):
        assert "Cat" in tomllib.loads((tmp_path / name).read_text(encoding="utf-8"))["players"], name


def test_t1_3_a_rename_stopped_before_the_event_file_was_written_is_finished_by_running_it_again(cli, tmp_path,
                                                                                                   monkeypatch):
    """A rename killed after it rewrote the game files but before the event file: run again, it
    passes over the files that seat the new name already and renames the entrant."""
    monkeypatch.delenv("ACQUIRE_EVENT", raising=False)
    run = refereed_event(cli, tmp_path)
    for name in ("club-r1-t1.toml", "club-r2-t1.toml"):
        game = tmp_path / name
        text = re.sub(r"dispose Cat\b", "dispose Cat_Smith", game.read_text(encoding="utf-8"))
        game.write_text(text.replace('"Cat"', '"Cat_Smith"'), encoding="utf-8")
    said = run("rename", "Cat", "Cat Smith")
    assert said.startswith("Cat is now Cat Smith.")
    assert run("result", "1", "1", "--replace")  # the table's game file is its own again


def test_t1_3_rename_writes_a_linked_table_file_through_its_link(cli, tmp_path, monkeypatch):
    monkeypatch.delenv("ACQUIRE_EVENT", raising=False)
    run = refereed_event(cli, tmp_path)
    link, real = tmp_path / "club-r1-t1.toml", tmp_path / "real.toml"
    link.rename(real)
    link.symlink_to(real.name)
    run("rename", "Cat", "Cat Smith")
    assert link.is_symlink() and tomllib.loads(real.read_text(encoding="utf-8"))["players"] == ["Ann", "Ben", "Cat_Smith"]


def test_t7_2_club_report_counts_the_games_of_one_season(cli, tmp_path):
    text = (EXAMPLES / "four-players.toml").read_text(encoding="utf-8")
    for name, played in (("a.toml", "2025-06-01"), ("b.toml", "2026-03-01"), ("c.toml", None)):
        dated = text.replace("format = 1\n", f"format = 1\nplayed = {played}\n" if played else "format = 1\n", 1)
        (tmp_path / name).write_text(dated, encoding="utf-8")
    every = cli.json("club", "report", tmp_path)
    assert every["games"] == 3 and every["left_out"] == []
    doc = cli.json("club", "report", tmp_path, "--season", "2026")
    assert doc["games"] == 1
    assert doc["left_out"] == ["1 game played outside the season", "1 undated game (no season holds it)"]
    assert doc["winning"] == every["winning"]  # the same game three times: the same winning money
    assert cli.json("club", "report", tmp_path, "--from", "2025-01-01", "--to", "2026-12-31")["games"] == 2
    bad = cli("club", "report", tmp_path, "--season", "2026", "--to", "2026-06-30")
    assert bad.exit_code == 2 and "not both" in bad.output
