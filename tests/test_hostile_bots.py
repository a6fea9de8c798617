"""Hostile outside bots: a bot that leaves a child behind holding its pipes, and a bot fault that
stops a game while holdings are hidden (R10.1)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

from tests.helpers import installed
from tests.test_bots import bot, simulate


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat", encoding="ascii") as fh:  # a zombie is not running
        return fh.read().rsplit(")", 1)[1].split()[0] != "Z"


def test_a_child_a_bot_leaves_behind_is_stopped_with_it(cli, tmp_path):
    """The bot forks a child that sleeps with the bot's pipes open and writes its pid down; the
    bot plays well and exits at the end line. The referee stops the child with the bot: no
    process of the bot outlives the command."""
    pids = tmp_path / "pids"
    command = bot(tmp_path, "forker", f"""
        import os, time
        child = os.fork()
        if child == 0:
            time.sleep(120)
            os._exit(0)
        with open({str(pids)!r}, "a") as fh:
            fh.write(f"{{child}}\\n")
        for line in sys.stdin:
            msg = json.loads(line)
            if "decide" in msg:
                print(msg["legal"][0], flush=True)
            if "end" in msg:
                break
    """)
    result, doc = simulate(cli, "--games", "2", "--seed", "3", "--players", "3", "--bot", f"fork={command}", "--json")
    assert result.exit_code == 0, result.output
    assert doc["bots"]["fork"]["faults"] == {} and doc["bots"]["fork"]["fallback_moves"] == 0
    children = [int(line) for line in pids.read_text().split()]
    assert len(children) == 2
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in children) and time.monotonic() < deadline:
        time.sleep(0.1)
    try:
        assert not any(alive(pid) for pid in children)
    finally:
        for pid in children:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


def test_a_fault_that_stops_a_game_with_hidden_holdings_gives_the_report_not_a_projection_error(cli, tmp_path):
    """--bot-faults stop under holdings=hidden once ended with 'holdings are hidden ... no
    projection is shown' (exit 3) and no report: the end line asked for the standings of a
    game not over. The end line now carries none, and the report is printed (exit 3)."""
    seen = tmp_path / "seen.jsonl"
    command = bot(tmp_path, "garbage", f"""
        for line in sys.stdin:
            with open({str(seen)!r}, "a") as fh:
                fh.write(line)
            if '"decide"' in line:
                print("not a move", flush=True)
    """)
    result, doc = simulate(cli, "--games", "1", "--seed", "4", "--players", "3", "--option", "holdings=hidden",
                           "--bot-faults", "stop", "--bot", f"g={command}", "--json")
    assert result.exit_code == 3, result.output
    assert "no projection" not in result.output
    assert doc["end_reasons"] == {"stopped by a bot fault": 1}
    assert doc["bots"]["g"]["faults"] == {"garbage": 1}
    end = [msg for msg in map(json.loads, seen.read_text().splitlines()) if "end" in msg]
    assert end == [{"end": "stopped", "seat": "g", "standings": [], "faults": 1}]


def test_the_installed_command_reports_a_hidden_game_stopped_by_a_bot(tmp_path):
    script = tmp_path / "quiet.py"
    script.write_text("import sys\nfor line in sys.stdin:\n    if '\"decide\"' in line:\n        print('garbage', flush=True)\n")
    result = subprocess.run([installed(), "simulate", "--games", "1", "--jobs", "1", "--seed", "4", "--players", "3",
                             "--option", "holdings=hidden", "--bot-faults", "stop",
                             "--bot", f"q={sys.executable} {script}"],
                            capture_output=True, text=True, check=False, timeout=120)
    assert result.returncode == 3, result.stderr
    assert "Traceback" not in result.stderr and "no projection" not in result.stderr
    assert "1 of 1 game stopped at a bot's fault" in result.stderr


def test_a_bot_timeout_of_nan_is_a_usage_error_not_a_traceback(cli, tmp_path):
    """`--bot-timeout nan` passed the option's range check (every comparison with NaN is false)
    and failed in select() with a traceback (exit 1)."""
    command = bot(tmp_path, "idle", "for line in sys.stdin:\n    pass\n")
    for value in ("nan", "NaN"):
        result, _ = simulate(cli, "--games", "1", "--players", "3", "--bot-timeout", value, "--bot", f"i={command}")
        assert result.exit_code == 2, result.output
        assert "--bot-timeout nan: give a number of seconds from 0.01 to 3600" in result.stderr
        assert result.exception is None or isinstance(result.exception, SystemExit)
    installed_run = subprocess.run([installed(), "simulate", "--games", "1", "--players", "3", "--bot-timeout", "nan",
                                    "--bot", f"i={command}"], capture_output=True, text=True, check=False, timeout=60)
    assert installed_run.returncode == 2 and "Traceback" not in installed_run.stderr


def test_a_bot_learns_no_seed_and_cannot_rebuild_the_bag_from_the_game_numbers(tmp_path):
    """The hello line once carried the game's seed, and shuffled_bag(seed) rebuilt every rack and
    draw. Now no seed is sent, and with a bot seated the bag is dealt from a secret key: it is not
    the bag of the game's number (nor of any number near it), two runs of the same --seed deal
    different bags, and each file records the seed and bag it was dealt from, so it replays."""
    from acquire_ref.engine.game import shuffled_bag

    seen = tmp_path / "seen.jsonl"
    command = bot(tmp_path, "recorder", f"""
        with open({str(seen)!r}, "a") as log:
            for line in sys.stdin:
                log.write(line)
                msg = json.loads(line)
                if "decide" in msg:
                    print(msg["legal"][0], flush=True)
    """)
    guesses = {tuple(str(t) for t in shuffled_bag(n)) for n in range(0, 1000)}  # the bags of the numbers near it
    bags = []
    for run in ("one", "two"):
        out = tmp_path / run
        result = subprocess.run([installed(), "simulate", "--games", "2", "--jobs", "1", "--seed", "7", "--players", "3",
                                 "--bot", f"Ann={command}", "--out", str(out), "--json"],
                                capture_output=True, text=True, check=False, timeout=120)
        assert result.returncode == 0, result.stderr
        for number, path in ((7, out / "game-000007.toml"), (8, out / "game-000008.toml")):
            import tomllib

            data = tomllib.loads(path.read_text())
            assert data["bag"] == [str(t) for t in shuffled_bag(data["seed"])]  # the file stands alone
            assert tuple(data["bag"]) not in guesses and data["seed"] != number
            checked = subprocess.run([installed(), "check", str(path)], capture_output=True, text=True, check=False,
                                     timeout=60)
            assert checked.returncode == 0, checked.stderr
            bags.append(tuple(data["bag"]))
    assert bags[0] != bags[2] and bags[1] != bags[3]  # a fresh secret each run
    hellos = [msg for msg in map(json.loads, seen.read_text().splitlines()) if "hello" in msg]
    assert len(hellos) == 4 and all("seed" not in h for h in hellos)
    assert all("seed" not in line and "bag" not in json.loads(line) for line in seen.read_text().splitlines())


def test_a_child_that_leaves_the_bots_session_is_killed_with_the_bot(tmp_path):
    """The bot's child calls setsid(), so killing the bot's process group missed it and it
    outlived simulate. The referee now kills the bot's whole process tree (on Linux it is the
    subreaper of its bots, so an orphan stays in its tree): no process of the bot is left."""
    pids = tmp_path / "pids"
    command = bot(tmp_path, "escaper", f"""
        import os, time
        child = os.fork()
        if child == 0:
            os.setsid()
            grandchild = os.fork()
            if grandchild == 0:
                os.setsid()
                time.sleep(120)
                os._exit(0)
            with open({str(pids)!r}, "a") as fh:
                fh.write(f"{{os.getpid()}}\\n{{grandchild}}\\n")
            os._exit(0)  # the grandchild is an orphan outside the bot's session
        os.waitpid(child, 0)  # the pids are written before the bot plays: its game can't end first
        for line in sys.stdin:
            msg = json.loads(line)
            if "decide" in msg:
                print(msg["legal"][0], flush=True)
            if "end" in msg:
                break
    """)
    result = subprocess.run([installed(), "simulate", "--games", "2", "--jobs", "1", "--players", "3",
                             "--bot", f"esc={command}", "--json"],
                            capture_output=True, text=True, check=False, timeout=120)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["bots"]["esc"]["faults"] == {}
    escaped = [int(line) for line in pids.read_text().split()]
    assert len(escaped) == 4
    try:
        assert not any(alive(pid) for pid in escaped)
    finally:
        for pid in escaped:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
