"""Club ratings (T6): the shipped example games rated with openskill's Plackett-Luce model give
exactly what openskill gives for the same ranks, ties share a place, the order is the order
given or the order the games ended, and unfinished games are refused unless --projected."""

from __future__ import annotations

import json
import os
import shutil

import pytest
from openskill.models import PlackettLuce

from acquire_ref.club.ratings import compute
from tests.helpers import EXAMPLES

FINISHED = ["three-players.toml", "four-players.toml", "five-players.toml", "six-players.toml", "two-players.toml",
            "eight-chains.toml"]


def by_openskill(cli, paths) -> dict[str, tuple[float, float, int]]:
    """Each player's (mu, sigma, games) from openskill itself, fed the ranks ``score --json`` gives."""
    model = PlackettLuce()
    ratings, games = {}, {}
    for path in paths:
        standings = json.loads(cli("score", "--json", game=path).stdout)["standings"]
        names = [s["player"] for s in standings]
        teams = model.rate([[ratings.get(n) or model.rating(name=n)] for n in names],
                           ranks=[s["rank"] for s in standings])
        for n, team in zip(names, teams, strict=True):
            ratings[n] = team[0]
            games[n] = games.get(n, 0) + 1
    return {n: (r.mu, r.sigma, games[n]) for n, r in ratings.items()}


def test_ratings_over_the_shipped_games_are_openskills_own_T6(cli, tmp_path):
    paths = [EXAMPLES / name for name in FINISHED]
    doc = cli.json("ratings", *paths)
    expected = by_openskill(cli, paths)
    assert doc["games"] == 6 and len(doc["ratings"]) == len(expected)
    for row in doc["ratings"]:
        mu, sigma, games = expected[row["player"]]
        assert row["rating"] == pytest.approx(mu, abs=1e-9)
        assert row["uncertainty"] == pytest.approx(sigma, abs=1e-9)
        assert row["conservative"] == pytest.approx(mu - 3 * sigma, abs=1e-9)
        assert row["games"] == games
    conservative = [row["conservative"] for row in doc["ratings"]]
    assert conservative == sorted(conservative, reverse=True) and doc["ratings"][0]["rank"] == 1


def test_the_table_shows_rating_uncertainty_conservative_rating_and_games(cli):
    result = cli("ratings", EXAMPLES / "four-players.toml", EXAMPLES / "three-players.toml")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["rank", "player", "rating", "uncertainty", "conservative", "games", "wins", "avg",
                                "place", "last", "played"]
    ann = next(line for line in lines if " Ann " in line)
    assert ann.split()[5] == "2"  # Ann plays both games


def test_equal_money_shares_a_place(cli):
    tied = compute([("g", {"Ann": 30000, "Ben": 30000, "Cat": 10000})])
    model = PlackettLuce()
    a, b, c = (model.rating(name=n) for n in ("Ann", "Ben", "Cat"))
    [[a2], [b2], [c2]] = model.rate([[a], [b], [c]], ranks=[1, 1, 3])
    rows = {r["player"]: r for r in tied}
    assert rows["Ann"]["rating"] == pytest.approx(a2.mu) and rows["Ben"]["rating"] == pytest.approx(b2.mu)
    assert rows["Ann"]["rating"] == pytest.approx(rows["Ben"]["rating"])
    assert rows["Cat"]["rating"] == pytest.approx(c2.mu)
    assert rows["Ann"]["rank"] == rows["Ben"]["rank"] == 1 and rows["Cat"]["rank"] == 3


def test_games_are_taken_in_the_order_given_or_by_the_time_they_ended(cli, tmp_path):
    first, second = tmp_path / "a.toml", tmp_path / "b.toml"
    shutil.copy(EXAMPLES / "four-players.toml", first)
    shutil.copy(EXAMPLES / "three-players.toml", second)
    os.utime(first, ns=(2_000_000_000_000_000_000, 2_000_000_000_000_000_000))  # a.toml ended last
    os.utime(second, ns=(1_000_000_000_000_000_000, 1_000_000_000_000_000_000))
    given = cli.json("ratings", first, second)
    by_time = cli.json("ratings", first, second, "--by-time")
    reversed_order = cli.json("ratings", second, first)
    assert by_time["ratings"] == reversed_order["ratings"]  # the key "ties" says which order was used
    assert by_time["ties"] == "file time" and given["ties"] == reversed_order["ties"] == "given"
    assert given["ratings"] != by_time["ratings"]
    assert given["ratings"] == [dict(r) for r in given["ratings"]]


def test_an_unfinished_game_is_refused_unless_projected(cli, tmp_path):
    result = cli("ratings", EXAMPLES / "four-players.toml", EXAMPLES / "mid-game.toml")
    assert result.exit_code == 3
    assert "mid-game.toml: the game is not over" in result.output and "--projected" in result.output
    doc = cli.json("ratings", EXAMPLES / "four-players.toml", EXAMPLES / "mid-game.toml", "--projected")
    assert doc["games"] == 2
    assert cli("ratings", EXAMPLES / "four-players.toml", EXAMPLES / "four-players.toml").exit_code == 2
    assert cli("ratings", tmp_path / "missing.toml").exit_code == 4
