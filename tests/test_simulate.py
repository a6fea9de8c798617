"""The `simulate` command: its report of many computer-played games, the games it writes (each
replays to the standings it reported), its table, and the settings it refuses."""

from __future__ import annotations

import json
import subprocess

import pytest


def test_simulate_reports_and_its_games_replay_to_the_same_standings(cli, tmp_path):
    out = tmp_path / "games"
    out.mkdir()
    result = cli("simulate", "--games", "6", "--seed", "10", "--players", "3", "--out", out, "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["games"] == 6 and sum(doc["end_reasons"].values()) == 6
    assert abs(sum(doc["wins_by_seat"].values()) - 6) < 1e-9
    files = sorted(out.glob("game-*.toml"))
    assert len(files) == 6
    for f in files:
        recorded = json.loads(cli("score", "--json", game=f).stdout)["standings"]
        again = tmp_path / "again.toml"
        assert cli("play", "--force", f, game=again).exit_code == 0
        replayed = json.loads(cli("score", "--json", game=again).stdout)["standings"]
        assert replayed == recorded


def test_simulate_shows_a_table_and_refuses_bad_settings(cli, tmp_path):
    result = cli("simulate", "--games", "3", "--strategy", "greedy")
    assert result.exit_code == 0 and "simulated games" in result.stdout
    assert cli("simulate", "--strategy", "clever").exit_code == 2
    assert cli("simulate", "--option", "stall=continue").exit_code == 2
    assert cli("simulate", "--games", "1", "--out", tmp_path / "missing").exit_code == 0
    assert (tmp_path / "missing" / "game-000000.toml").is_file()  # the folder is made when missing
    (tmp_path / "a-file").write_text("x")
    assert cli("simulate", "--out", tmp_path / "a-file").exit_code == 4


def test_simulate_gives_the_same_games_and_report_on_any_number_of_jobs(tmp_path):
    """Each game depends only on its seed: one process or two give byte-identical files and the
    same report (the command runs as installed, so the processes are real)."""
    from tests.helpers import installed

    runs = {}
    for jobs in (1, 2):
        out = tmp_path / f"jobs-{jobs}"
        out.mkdir()
        result = subprocess.run([installed(), "simulate", "--games", "12", "--seed", "40", "--players", "5",
                                 "--jobs", str(jobs), "--out", str(out), "--json"],
                                capture_output=True, text=True, check=False)
        assert result.returncode == 0, result.stderr
        runs[jobs] = (result.stdout, {p.name: p.read_bytes() for p in sorted(out.iterdir())})
    assert json.loads(runs[1][0])["games"] == 12 and len(runs[1][1]) == 12
    assert runs[1] == runs[2]


@pytest.mark.parametrize("seed", [3, 11])
def test_a_dealt_games_worth_history_is_each_turns_net_worth_as_it_happened(seed):
    import random

    from acquire_ref.engine.game import Game, shuffled_bag
    from acquire_ref.programs.simulate import Bot

    g = Game.dealt(["Ann", "Ben", "Cat", "Dan"], shuffled_bag(seed), seed)
    bot, seen = Bot(random.Random(seed)), []
    while not g.over:
        if g.log and g.log[-1].turn not in (0, g.turn) and g.pending.decision == "place":
            seen.append((g.log[-1].turn, g.net_worth()))
        g.apply(bot.move(g))
    assert g.worth_history[:-1] == seen
    assert [t for t, _ in g.worth_history] == list(range(1, g.turn + 1))


def _digest(players: int, strategy: str, seeds: range, options: dict[str, str]) -> str:
    """SHA-256 over the game files of a batch of seeded games, in seed order."""
    import hashlib

    from acquire_ref.engine.editions import load_edition
    from acquire_ref.programs.simulate import Batch, run_batch

    batch = Batch([f"p{i}" for i in range(1, players + 1)], strategy, load_edition("classic"), "classic", options, True)
    digest = hashlib.sha256()
    for result in run_batch(batch, seeds):
        assert result.text is not None
        digest.update(result.text.encode("utf-8"))
    return digest.hexdigest()


@pytest.mark.parametrize(("players", "strategy", "seeds", "options", "expected"), [
    (4, "random", range(1, 201), {}, "928a840912be7805bcf2835615f13c50966555034ce44c69487e3024fb0bb543"),
    (3, "greedy", range(1, 31), {"holdings": "hidden"}, "4fa868dfe96faa4223f93929cc3b0cbb831643b27b146bb055b436c854d9ce1c"),
])
def test_seeded_games_stay_the_same_move_for_move(players, strategy, seeds, options, expected):
    """A seeded batch is the same games whatever is made faster: the digest of its game files is
    the one the referee has always given (the built-in bots, their seats' games, R10.1's guessed
    holdings, and every move's effect all go into it)."""
    assert _digest(players, strategy, seeds, options) == expected
