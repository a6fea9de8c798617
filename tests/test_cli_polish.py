"""The command line's manners: an example in every command's help, plain output when piped or
with NO_COLOR and colour on a terminal, and simulate's report and files."""

from __future__ import annotations

import json
import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import typer
from typer.testing import CliRunner

from acquire_ref.cli import app
from acquire_ref.describe import pending as describe_pending
from tests.helpers import EXAMPLES

EXE = str(Path(sys.executable).parent / "acquire-ref")
runner = CliRunner()


def test_every_command_has_help_with_an_example():
    group = typer.main.get_command(app)
    assert len(group.commands) >= 23
    for name, command in group.commands.items():
        result = runner.invoke(app, [name, "--help"])
        assert result.exit_code == 0, name
        assert "Example: acquire-ref" in result.stdout, name


def finished(tmp_path) -> Path:
    path = tmp_path / "g.toml"
    assert runner.invoke(app, ["--game", str(path), "play", str(EXAMPLES / "four-players.toml")]).exit_code == 0
    return path


def on_a_terminal(args: list[str], env: dict) -> str:
    """Run the installed command with a pseudo-terminal as its stdout; return what it wrote."""
    master, slave = pty.openpty()
    proc = subprocess.Popen([EXE, *args], stdout=slave, stderr=slave, env=env)
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=60)
    os.close(master)
    return b"".join(chunks).decode("utf-8", "replace")


def test_colour_on_a_terminal_plain_when_piped_or_no_color(tmp_path):
    path = finished(tmp_path)
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "TERM")}
    env["TERM"] = "xterm-256color"
    piped = subprocess.run([EXE, "--game", str(path), "status"], capture_output=True, text=True, env=env)
    assert piped.returncode == 0 and "\x1b[" not in piped.stdout
    coloured = on_a_terminal(["--game", str(path), "status"], env)
    assert "\x1b[" in coloured
    plain = on_a_terminal(["--game", str(path), "status"], {**env, "NO_COLOR": "1"})
    assert "Festival" in plain
    assert not re.search(r"\x1b\[(?:\d+;)*(?:3[0-8]|9[0-7])[;m]", plain)  # no colour codes (bold, italic stay)


def test_json_stays_alone_on_stdout_with_notices_on_stderr(tmp_path):
    path = finished(tmp_path)
    path.write_text(path.read_text().replace('"buy Luxor=3",', '"buy Luxor=3",', 1) + "\n")
    text = path.read_text().replace('players = [\n    "Ann",', 'players = [\n    "Anne",')
    path.write_text(text)
    out = subprocess.run([EXE, "--game", str(path), "status", "--json"], capture_output=True, text=True)
    assert out.returncode == 0
    json.loads(out.stdout)
    assert "edited by hand" in out.stderr


def test_simulate_reports_and_its_games_replay_to_the_same_standings(tmp_path):
    out = tmp_path / "games"
    out.mkdir()
    result = runner.invoke(app, ["simulate", "--games", "6", "--seed", "10", "--players", "3", "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["games"] == 6 and sum(doc["end_reasons"].values()) == 6
    assert abs(sum(doc["wins_by_seat"].values()) - 6) < 1e-9
    files = sorted(out.glob("game-*.toml"))
    assert len(files) == 6
    for f in files:
        recorded = json.loads(runner.invoke(app, ["--game", str(f), "score", "--json"]).stdout)["standings"]
        again = tmp_path / "again.toml"
        assert runner.invoke(app, ["--game", str(again), "play", "--force", str(f)]).exit_code == 0
        replayed = json.loads(runner.invoke(app, ["--game", str(again), "score", "--json"]).stdout)["standings"]
        assert replayed == recorded


def test_simulate_shows_a_table_and_refuses_bad_settings(tmp_path):
    result = runner.invoke(app, ["simulate", "--games", "3", "--strategy", "greedy"])
    assert result.exit_code == 0 and "simulated games" in result.stdout
    assert runner.invoke(app, ["simulate", "--strategy", "clever"]).exit_code == 2
    assert runner.invoke(app, ["simulate", "--option", "stall=continue"]).exit_code == 2
    assert runner.invoke(app, ["simulate", "--out", str(tmp_path / "missing")]).exit_code == 4


def test_projection_during_a_merger_does_not_pay_a_defunct_chain_twice():
    from acquire_ref import Game, parse_move

    g = Game.new(["A", "B", "C"])
    for m in ("start 1A 3A 9I", "place 1B --found Luxor", "buy Luxor=3", "place 3B --found Tower",
              "buy Tower=1", "place 7E", "buy", "place 2B --survivor Luxor"):
        g.apply(parse_move(m))
    # Tower (2 tiles) is paid: B, sole holder of 2, gets $3,000; B is still to dispose
    assert g.pending.decision == "dispose" and g.cash["B"] == 6000 - 200 + 3000
    projected = {s.player: s for s in g.score_breakdown()}
    assert [b[0] for b in projected["B"].bonuses] == []  # no Tower bonus a second time
    assert projected["B"].sales == (("Tower", 2, 400),)  # not disposed yet: the pre-merger price (R8.5)
    assert [b[:2] for b in projected["A"].bonuses] == [("Luxor", 3000)]


def test_undo_says_what_to_take_back(tmp_path):
    path = tmp_path / "g.toml"
    for args in (["new", "A", "B", "C"], ["start", "1A", "5E", "9I"], ["place", "2A", "--found", "Tower"], ["buy", "Tower=2"]):
        assert runner.invoke(app, ["--game", str(path), *args]).exit_code == 0
    out = runner.invoke(app, ["--game", str(path), "undo"]).stdout
    assert "take back what it did" in out and "A pays the bank $400 for 2 Tower" in out


def test_messages_a_newcomer_stumbled_on(tmp_path):
    path = tmp_path / "g.toml"
    assert runner.invoke(app, ["--game", str(path), "new", "A", "B", "C", "--tiles", "dealt", "--seed", "7"]).exit_code == 0
    out = runner.invoke(app, ["--game", str(path), "status"]).stdout
    assert "type `acquire-ref start`" in out and "TILE..." not in out
    assert runner.invoke(app, ["price", "Tower", "1"]).exit_code == 2
    path2 = tmp_path / "t.toml"
    for args in (["new", "A", "B", "C"], ["start", "1A", "5E", "9I"], ["place", "2A", "--found", "Tower"]):
        runner.invoke(app, ["--game", str(path2), *args])
    result = runner.invoke(app, ["--game", str(path2), "buy", "Tower=0"])
    assert result.exit_code == 2 and "buy at least 1" in result.output


def test_disposal_prompt_offers_a_trade_only_when_possible():
    from acquire_ref import Game, parse_move

    g = Game.new(["A", "B", "C"])
    for m in ("start 1A 3A 9I", "place 1B --found Luxor", "buy", "place 3B --found Tower",
              "buy", "place 7E", "buy", "place 2B --survivor Luxor"):
        g.apply(parse_move(m))
    assert g.pending.player == "B" and g.shares["B"]["Tower"] == 1
    assert "no trade: only one share" in describe_pending(g)
