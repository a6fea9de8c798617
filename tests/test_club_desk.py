"""The GM's desk and the club's books, finished (issue 37): a season by its year (``--season``,
T7.2), an event's paper result with the date it was played and tables as they sat (a table of 6,
T3.1), and ``tournament rename`` carried into the finished tables' game files (T1.3)."""

from __future__ import annotations

import json
from datetime import date

from acquire_ref.ratings import Rated, compute
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


def test_t7_2_a_season_year_that_cannot_be_read_or_given_with_dates_is_refused(cli, tmp_path):
    season_game(tmp_path / "a.toml", "2026-01-06", {"Ann": 30000, "Ben": 20000})
    for args, words in ((["--season", "26"], "--season '26': give the season's year, e.g. --season 2026"),
                        (["--season", "2025-26"], "a season across two years: --from 2025-09-01 --to 2026-06-30"),
                        (["--season", "2026", "--from", "2026-03-01"],
                         "--season 2026 is --from 2026-01-01 --to 2026-12-31: give the season's year, or its "
                         "dates with --from and --to, not both")):
        result = cli("ratings", tmp_path, *args)
        assert result.exit_code == 2 and words in result.output and "Traceback" not in result.output, args
