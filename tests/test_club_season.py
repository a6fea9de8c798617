"""A club season (T6): games rated in the order played (the game file's ``played``; games of one
date in the order given), folders and event files read (each table's result, refereed or from
its results sheet), ``--keep-going`` reporting each file it could not use, the leaderboard's
wins, average place, last played and provisional mark, the history after each date, and the
CSV (with its byte-order mark) and HTML exports."""

from __future__ import annotations

import csv
import io
import json
import random
import shutil
from datetime import date, timedelta
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from acquire_ref.club.ratings import Rated, compute, csv_text, history
from tests.helpers import EXAMPLES

SEASON = EXAMPLES / "season"

POSITION = '''format = 1
played = {played}
players = [{players}]
moves = ["end", "place 12I", "buy"]

[position]
next = "{first}"
bag = {bag}
lone = []

[position.chains]
Tower = ["1A", "2A", "3A", "4A", "5A", "6A", "7A", "8A", "9A", "10A", "11A"]
American = ["1C", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "11C"]

[position.cash]
{cash}
'''


def season_game(path: Path, played: str | None, cash: dict[str, int]) -> Path:
    """A game script that ends at once (both chains safe, R8.1) with no shares held: each
    player's final money is ``cash``; ``played`` None leaves the date out (an old file)."""
    text = POSITION.format(played=played, players=", ".join(f'"{p}"' for p in cash), first=next(iter(cash)),
                           bag=108 - 22 - 6 * len(cash), cash="\n".join(f'"{p}" = {c}' for p, c in cash.items()))
    if played is None:
        text = text.replace("played = None\n", "")
    path.write_text(text, encoding="utf-8")
    return path


def rated_by_openskill(games: list[dict[str, int]]) -> dict[str, tuple[float, float]]:
    """Each player's (mu, sigma) from openskill itself, the games in the order given."""
    model = PlackettLuce()
    ratings: dict[str, object] = {}
    for cash in games:
        names = list(cash)
        ranks = [1 + sum(1 for other in cash.values() if other > cash[n]) for n in names]
        teams = model.rate([[ratings.get(n) or model.rating(name=n)] for n in names], ranks=ranks)
        for n, team in zip(names, teams, strict=True):
            ratings[n] = team[0]
    return {n: (r.mu, r.sigma) for n, r in ratings.items()}


def by_player(doc) -> dict[str, dict]:
    return {row["player"]: row for row in doc["ratings"]}


NIGHTS = [("2026-02-03", {"Ann": 30000, "Ben": 20000, "Cat": 10000}),
          ("2026-01-06", {"Ben": 40000, "Cat": 30000, "Ann": 5000}),
          ("2026-01-20", {"Cat": 25000, "Ann": 24000, "Ben": 23000})]


def test_a_season_with_dates_out_of_file_order_rates_by_date(cli, tmp_path):
    folder = tmp_path / "season"
    folder.mkdir()
    for name, (day, cash) in zip("abc", NIGHTS, strict=True):  # a.toml is the latest night
        season_game(folder / f"{name}.toml", day, cash)
    doc = cli.json("ratings", folder)
    in_date_order = rated_by_openskill([cash for _, cash in sorted(NIGHTS)])
    for name, (mu, sigma) in in_date_order.items():
        assert by_player(doc)[name]["rating"] == pytest.approx(mu, abs=1e-9)
        assert by_player(doc)[name]["uncertainty"] == pytest.approx(sigma, abs=1e-9)
    assert doc["games"] == 3 and doc["undated"] == 0 and doc["ties"] == "given"
    assert cli.json("ratings", folder / "c.toml", folder / "b.toml", folder / "a.toml")["ratings"] == doc["ratings"]
    in_file_order = rated_by_openskill([cash for _, cash in NIGHTS])
    assert in_file_order["Ann"][0] != pytest.approx(by_player(doc)["Ann"]["rating"])  # the order matters
    text = cli("ratings", folder).stdout
    assert "3 games rated (PlackettLuce), in the order played; games of one date in the order given." in text


def test_a_copy_of_the_folder_rates_the_same(cli, tmp_path):
    copy = tmp_path / "copy"
    shutil.copytree(SEASON, copy, copy_function=shutil.copy)  # new files: new modification times
    for path in sorted(copy.glob("*.toml"), reverse=True):  # and written in another order
        path.write_bytes(path.read_bytes())
    assert cli.json("ratings", copy)["ratings"] == cli.json("ratings", SEASON)["ratings"]
    assert cli.json("ratings", copy, "--by-time")["ratings"] == cli.json("ratings", SEASON)["ratings"]


def test_games_of_one_date_keep_the_order_given_and_undated_games_come_first(cli, tmp_path):
    one = season_game(tmp_path / "one.toml", "2026-01-06", {"Ann": 30000, "Ben": 20000})
    two = season_game(tmp_path / "two.toml", "2026-01-06", {"Ben": 30000, "Ann": 20000})
    old = season_game(tmp_path / "old.toml", None, {"Ann": 10000, "Ben": 40000})
    doc = cli.json("ratings", one, two, old)
    expected = rated_by_openskill([{"Ann": 10000, "Ben": 40000}, {"Ann": 30000, "Ben": 20000}, {"Ben": 30000, "Ann": 20000}])
    assert by_player(doc)["Ann"]["rating"] == pytest.approx(expected["Ann"][0], abs=1e-9)
    assert doc["undated"] == 1
    assert "; 1 undated game first." in cli("ratings", one, two, old).stdout
    swapped = cli.json("ratings", two, one, old)
    assert by_player(swapped)["Ann"]["rating"] != pytest.approx(by_player(doc)["Ann"]["rating"])


def test_the_leaderboard_of_the_example_season(cli):
    doc = cli.json("ratings", SEASON, "--provisional", "2")
    rows = by_player(doc)
    assert [r["player"] for r in doc["ratings"]] == ["Ben", "Eve", "Cat", "Ann", "Dan", "Fin", "Gus"]
    assert (rows["Ben"]["wins"], rows["Ben"]["shared_wins"], rows["Ben"]["average_place"]) == (2, 0, 1.0)
    assert (rows["Eve"]["wins"], rows["Eve"]["shared_wins"], rows["Eve"]["average_place"]) == (1, 1, 1.0)
    assert (rows["Ann"]["wins"], rows["Ann"]["shared_wins"], rows["Ann"]["average_place"]) == (0, 1, 2.0)
    assert rows["Gus"]["average_place"] == 3.5 and rows["Gus"]["last_played"] == "2026-01-13"
    assert not any(r["provisional"] for r in doc["ratings"])
    assert all(r["provisional"] for r in cli.json("ratings", SEASON)["ratings"])  # 2 games each, fewer than 5
    text = cli("ratings", SEASON).stdout.splitlines()
    eve = next(line for line in text if " Eve " in line)
    assert "1+1 shared" in eve and eve.endswith("2026-01-13   provisional")
    assert "provisional: fewer than 5 games, so the rating is still far from settled." in text


def test_history_figures_equal_openskills_own_run_game_by_game():
    rng = random.Random(27)
    members = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fin", "Gus", "Hal"]
    games = []
    for n in range(30):
        seats = rng.sample(members, rng.choice([3, 4, 5]))
        games.append(Rated(f"g{n}.toml", {p: rng.randrange(0, 5) * 10000 for p in seats},
                           date(2026, 1, 6) + timedelta(days=7 * (n // 4))))
    steps = history(games)
    model = PlackettLuce()
    ratings: dict[str, object] = {}
    after: dict[str, dict[str, tuple[float, float, int]]] = {}
    for game in games:
        names = list(game.money)
        ranks = [1 + sum(1 for v in game.money.values() if v > game.money[n]) for n in names]
        teams = model.rate([[ratings.get(n) or model.rating(name=n)] for n in names], ranks=ranks)
        day = after.setdefault(game.played.isoformat(), {})
        for n, team in zip(names, teams, strict=True):
            ratings[n] = team[0]
            day[n] = (team[0].mu, team[0].sigma, day.get(n, (0, 0, 0))[2] + 1)
    for name, entries in steps.items():
        assert [e["played"] for e in entries] == [d for d in after if name in after[d]]
        before = model.rating().ordinal()
        for e in entries:
            mu, sigma, count = after[e["played"]][name]
            assert e["rating"] == pytest.approx(mu, abs=1e-12) and e["uncertainty"] == pytest.approx(sigma, abs=1e-12)
            assert e["games"] == count
            assert e["conservative"] == pytest.approx(mu - 3 * sigma, abs=1e-12)
            assert e["change"] == pytest.approx(e["conservative"] - before, abs=1e-12)
            before = e["conservative"]
    final = {r["player"]: r for r in compute(games)}
    assert all(final[n]["rating"] == steps[n][-1]["rating"] for n in steps)


def test_history_on_the_command_line(cli):
    doc = cli.json("ratings", SEASON, "--history", "--player", "eve")
    assert list(doc["history"]) == ["Eve"]
    [first, second] = doc["history"]["Eve"]
    assert (first["played"], first["games"], second["played"]) == ("2026-01-06", 1, "2026-01-13")
    assert second["change"] == pytest.approx(second["conservative"] - first["conservative"])
    lines = cli("ratings", SEASON, "--history", "--player", "Eve").stdout.splitlines()
    assert lines[0] == "Eve" and lines[2].split()[0] == "2026-01-06" and lines[3].split()[-1].startswith(("+", "-"))
    assert list(cli.json("ratings", SEASON, "--history")["history"])[:2] == ["Ben", "Eve"]  # leaderboard order
    result = cli("ratings", SEASON, "--history", "--player", "Zed")
    assert result.exit_code == 2 and "--player 'Zed': nobody of that name played in these games" in result.output
    result = cli("ratings", SEASON, "--player", "Eve")
    assert result.exit_code == 2 and "--player goes with --history" in result.output


def test_an_event_files_tables_are_rated_sheet_and_refereed(cli, tmp_path, monkeypatch):
    monkeypatch.delenv("ACQUIRE_EVENT", raising=False)
    for args in (["new", "Club", "--seed", "5"], ["add", "Ann", "Ben", "Cat", "Dan", "Eve", "Fin", "Gus"], ["draw"]):
        assert cli("tournament", *args, cwd=tmp_path).exit_code == 0, args
    tables = json.loads(cli("tournament", "tables", "--json", cwd=tmp_path).stdout)["tables"]
    four = next(t for t in tables if len(t["seats"]) == 4)
    three = next(t for t in tables if len(t["seats"]) == 3)
    sheet = dict(zip(four["seats"], (52300, 41000, 41000, 20100), strict=True))
    assert cli("tournament", "result", "1", four["table"], *(f"{p}={m}" for p, m in sheet.items()),
               cwd=tmp_path).exit_code == 0
    event = tmp_path / "club.event.toml"
    result = cli("ratings", event)
    assert result.exit_code == 0
    assert (f"{event} is an event file: 1 table rated (0 refereed, 1 from results sheets); "
            f"not rated: round 1 table {three['table']} without a result") in result.stderr
    refereed = dict(zip(three["seats"], (30000, 20000, 10000), strict=True))
    season_game(tmp_path / three["game"], "2026-01-06", refereed)  # the table's game, played to its end
    assert cli("tournament", "result", "1", three["table"], cwd=tmp_path).exit_code == 0
    assert "1 table rated" not in cli("ratings", event).stderr
    assert "2 tables rated (1 refereed, 1 from results sheets)" in cli("ratings", event).stderr
    expected = rated_by_openskill([refereed, sheet])  # the refereed table is dated 2026-01-06, the sheet's today
    doc = cli.json("ratings", event)
    assert {r["player"] for r in doc["ratings"]} == set(sheet) | set(refereed)
    for name, (mu, sigma) in expected.items():
        assert by_player(doc)[name]["rating"] == pytest.approx(mu, abs=1e-9)
        assert by_player(doc)[name]["uncertainty"] == pytest.approx(sigma, abs=1e-9)
    assert by_player(doc)[three["seats"][0]]["last_played"] == "2026-01-06"  # the table's game file's date
    # the folder holds the event file and every table's game file: each table counts once, through the event
    folder = cli("ratings", tmp_path)
    assert folder.exit_code == 0, folder.output
    assert json.loads(cli("ratings", tmp_path, "--json").stdout)["ratings"] == doc["ratings"]
    assert f"{tmp_path / three['game']} is round 1 table {three['table']} of {event}: rated once" in folder.stderr
    assert f"{tmp_path / four['game']} is round 1 table {four['table']} of {event}: rated once" in folder.stderr


def test_an_event_table_scored_as_it_stood_counts_only_with_projected(cli, tmp_path, monkeypatch):
    monkeypatch.delenv("ACQUIRE_EVENT", raising=False)
    for args in (["new", "Club", "--seed", "5"], ["add", "Ann", "Ben", "Cat", "Dan"], ["draw"]):
        assert cli("tournament", *args, cwd=tmp_path).exit_code == 0, args
    [game] = tmp_path.glob("club-r1-t1.toml")
    seats = json.loads(cli("tournament", "tables", "--json", cwd=tmp_path).stdout)["tables"][0]["seats"]
    assert cli("start", "1A", "3C", "5E", "7G", game=game).exit_code == 0
    assert cli("tournament", "result", "1", "1", "--projected", cwd=tmp_path).exit_code == 0
    event = tmp_path / "club.event.toml"
    result = cli("ratings", event)
    assert result.exit_code == 0 and "round 1 table 1 scored as they stood (add --projected)" in result.stderr
    assert json.loads(cli("ratings", event, "--json").stdout)["games"] == 0
    assert result.stdout.splitlines()[-1] == "No game rated: these files hold no finished game or entered table result."
    doc = json.loads(cli("ratings", event, "--projected", "--json").stdout)
    assert doc["games"] == 1 and {r["player"] for r in doc["ratings"]} == set(seats)


def test_keep_going_reports_a_corrupt_file_and_an_unfinished_one_and_rates_the_rest(cli, tmp_path):
    folder = tmp_path / "season"
    shutil.copytree(SEASON, folder)
    (folder / "a-corrupt.toml").write_text("format = 1\nplayers = [\n", encoding="utf-8")
    shutil.copy(EXAMPLES / "mid-game.toml", folder / "b-unfinished.toml")
    stopped = cli("ratings", folder)
    assert stopped.exit_code == 4 and "a-corrupt.toml is not valid TOML" in stopped.output  # the first bad file
    assert stopped.stdout == ""
    result = cli("ratings", folder, "--keep-going")
    assert result.exit_code == 4  # the first file left out says why, as the run without --keep-going would
    assert result.stdout.splitlines()[:-2] == cli("ratings", SEASON).stdout.splitlines()[:-2]
    assert "Not rated: 2 files could not be used:" in result.stderr
    assert "a-corrupt.toml is not valid TOML" in result.stderr
    assert "b-unfinished.toml: the game is not over" in result.stderr
    doc = json.loads(cli("ratings", folder, "--keep-going", "--json").stdout)
    assert doc["ratings"] == cli.json("ratings", SEASON)["ratings"]
    assert [(Path(s["file"]).name, s["exit"]) for s in doc["skipped"]] == [("a-corrupt.toml", 4), ("b-unfinished.toml", 3)]


def test_keep_going_leaves_out_a_game_whose_names_only_look_like_anothers(cli, tmp_path):
    one = season_game(tmp_path / "one.toml", "2026-01-06", {"Ann": 30000, "Ben": 20000})
    two = season_game(tmp_path / "two.toml", "2026-01-13", {"\u0410nn": 30000, "Ben": 20000})  # a Cyrillic A
    assert cli("ratings", one, two).exit_code == 4
    result = cli("ratings", one, two, "--keep-going", "--json")
    assert result.exit_code == 4
    doc = json.loads(result.stdout)
    assert doc["games"] == 1 and "look alike" in doc["skipped"][0]["problem"]


def test_an_empty_folder_and_a_file_named_twice_are_usage_errors(cli, tmp_path):
    (tmp_path / "empty").mkdir()
    result = cli("ratings", tmp_path / "empty")
    assert result.exit_code == 2 and "is a folder without game or event files" in result.output
    result = cli("ratings", SEASON, SEASON / "night-1-table-1.toml")
    assert result.exit_code == 2 and "is named twice" in result.output


def test_a_shared_first_place_can_rate_the_third_above_the_joint_winners():
    """openskill's Plackett-Luce splits a tied place's stage between the tied players: in a game
    of four with a shared first, the third gains as much rating as the joint winners and more
    certainty, so ranks above them by conservative rating (the README explains it)."""
    rows = {r["player"]: r for r in compute([("g", {"Ann": 30000, "Ben": 30000, "Cat": 20000, "Dan": 10000})])}
    assert rows["Cat"]["rating"] == pytest.approx(rows["Ann"]["rating"]) == pytest.approx(rows["Ben"]["rating"])
    assert rows["Cat"]["uncertainty"] < rows["Ann"]["uncertainty"]
    assert rows["Cat"]["conservative"] > rows["Ann"]["conservative"] and rows["Cat"]["rank"] == 1
    assert (rows["Ann"]["shared_wins"], rows["Ann"]["wins"], rows["Cat"]["average_place"]) == (1, 0, 3.0)


def test_the_csv_opens_with_a_byte_order_mark_and_its_accents_intact(cli, tmp_path):
    folder = tmp_path / "season"
    folder.mkdir()
    season_game(folder / "g.toml", "2026-01-06", {"José": 30000, "Zoë": 20000, "Ann": 10000})
    target = tmp_path / "leaderboard.csv"
    result = cli("ratings", folder, "--csv", target)
    assert result.exit_code == 0 and f"Wrote {target}" in result.stderr
    data = target.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows[0] == ["rank", "player", "rating", "uncertainty", "conservative", "games", "wins", "shared_wins",
                       "average_place", "last_played", "provisional"]
    assert [r[1] for r in rows[1:]] == ["José", "Zoë", "Ann"]
    assert rows[1][5:] == ["1", "1", "0", "1.00", "2026-01-06", "yes"]
    history_csv = tmp_path / "history.csv"
    assert cli("ratings", folder, "--history", "--csv", history_csv).exit_code == 0
    hist = list(csv.reader(io.StringIO(history_csv.read_bytes().decode("utf-8-sig"))))
    assert hist[0] == ["player", "played", "games", "rating", "uncertainty", "conservative", "change", "source"]
    assert hist[1][:3] == ["José", "2026-01-06", "1"] and hist[1][6].startswith("+")


def test_the_csv_neutralises_formulas():
    text = csv_text([{"rank": 1, "player": "=HYPERLINK(\"x\")", "rating": 25.0, "uncertainty": 8.0, "conservative": 1.0,
                      "games": 1, "wins": 1, "shared_wins": 0, "average_place": 1.0, "last_played": None,
                      "provisional": True}])
    assert "'=HYPERLINK" in text and text.startswith("\ufeff")


def test_an_export_is_never_written_over_a_season_file(cli, tmp_path):
    folder = tmp_path / "season"
    shutil.copytree(SEASON, folder)
    target = folder / "night-1-table-1.toml"
    before = target.read_bytes()
    result = cli("ratings", folder, "--html", target)
    assert result.exit_code in (2, 4) and target.read_bytes() == before


def test_the_html_page_escapes_names_and_fetches_nothing(cli, tmp_path):
    folder = tmp_path / "season"
    folder.mkdir()
    season_game(folder / "g.toml", "2026-01-06", {"<b>Ann</b>": 30000, "Ben": 20000})
    page = tmp_path / "ratings.html"
    assert cli("ratings", folder, "--html", page, "--title", "<i>Club</i>").exit_code == 0
    text = page.read_text()
    assert "&lt;b&gt;Ann&lt;/b&gt;" in text and "<b>Ann" not in text and "&lt;i&gt;Club&lt;/i&gt;" in text
    assert "<svg" in text and "http://" not in text.replace("http://www.w3.org", "") and "<script" not in text


def test_the_readme_club_season_prints_what_it_shows(cli, tmp_path):
    """The README's club season: every output it quotes is what the commands print (in a copy of
    examples/, as a reader would run them)."""
    import re
    import shlex

    from tests.helpers import ROOT

    section = (ROOT / "README.md").read_text().split("## A club season: ratings", 1)[1].split("\n## ", 1)[0]
    shutil.copytree(EXAMPLES, tmp_path / "examples")
    blocks = re.findall(r"```console\n(.*?)```", section, re.S)
    chunks = [chunk for block in blocks for chunk in block.split("$ ")[1:]]
    assert len(chunks) == 3  # the season's leaderboard and history, a paper result entered
    for chunk in chunks:
        command, *shown = chunk.rstrip("\n").split("\n")
        result = cli(*shlex.split(command)[1:], cwd=tmp_path)
        assert result.exit_code == 0 and result.stdout.rstrip("\n").split("\n") == shown, command
