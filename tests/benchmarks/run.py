"""Benchmarks of acquire-ref, reported as ratios measured in one run (not part of the test run).

    .venv/bin/python tests/benchmarks/run.py [--repeat 15] [--games 600] [--parts 1,2]
                                              [--against OTHER/.venv/bin/acquire-ref]

Run it from a regular (not editable) install: an editable one reads slower at start-up.
``--parts`` runs only the numbered parts below; ``--against`` times a second install's command (say,
the previous release's) in the same interleaved rounds of part 1, and reports after / before.

1. Each command a table uses, timed as a whole process in interleaved rounds (median), against
   `python -c pass` and against the floor of a Python referee (`python -I -S` reading the TOML
   game file and printing JSON): `status --json`, `status`, `score` (and `--json`), `why`, `hand`, `log`
   (and `--json`), `check`,
   `place` and `undo` (each with the fsync of its write), shell completion (of a tile, and of a command
   name) and `--help`. For the
   writing commands the CPU time (user + system) is reported too, which leaves out the fsync wait.
2. In-process replay of a complete game, in microseconds a move.
3. `simulate` of random 4-player games: games a second with `--jobs 1` and with one job per core,
   and the speed-up.
4. The table console (DESIGN 5, 6): its start (a process that imports it, reads a mid-game file
   and draws the first 80 x 24 screen, headless) and the time from a key press to the redrawn
   screen, for a letter typed (the live preview) and for Enter making a move (lock, write, redraw).
5. `pipe`: the moves of a shipped game through one process (each saved before it is answered),
   against one `acquire-ref` process a move.
6. The live board (DESIGN 5, 7): from a game file written to the server's event stream carrying
   the new board, the page's part of the delay (the browser only puts the fragment in place).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from acquire_ref.engine.game import Game, shuffled_bag
from acquire_ref.files.record import Record, to_toml
from acquire_ref.files.storage import write_atomic
from acquire_ref.programs.simulate import Bot

EXE = Path(sys.executable).parent / "acquire-ref"

FLOOR = """
import json, sys, tomllib
with open(sys.argv[1], "rb") as fh:
    doc = tomllib.load(fh)
sys.stdout.write(json.dumps(doc["snapshot"]))
"""


class NeverDeclares(Bot):
    """Random play that never declares the end, so every tile gets used."""

    def declare(self, g: Game) -> bool:
        return False


def complete_game(folder: Path) -> tuple[Path, Game]:
    """A dealt 4-player game played until the tiles ran out, written as a game file."""
    import random

    seed = 2026
    bot = NeverDeclares(random.Random(seed))
    g = Game.dealt(["p1", "p2", "p3", "p4"], shuffled_bag(seed), seed)
    while not g.over:
        g.apply(bot.move(g))
    path = folder / "complete.toml"
    record = Record(players=g.players, tiles="dealt", seed=seed, bag=[str(t) for t in shuffled_bag(seed)],
                    options=g.options.as_dict())
    write_atomic(path, to_toml(record, g))
    return path, g


def mid_game(folder: Path) -> tuple[Path, str, str]:
    """A dealt game stopped at a tile placement: the file, a legal tile and the player to move."""
    import random

    seed = 7
    bot = NeverDeclares(random.Random(seed))
    g = Game.dealt(["p1", "p2", "p3", "p4"], shuffled_bag(seed), seed)
    while g.turn < 40 or g.pending.decision != "place" or not g.playable_tiles(g.player):
        g.apply(bot.move(g))
    path = folder / "mid.toml"
    record = Record(players=g.players, tiles="dealt", seed=seed, bag=[str(t) for t in shuffled_bag(seed)],
                    options=g.options.as_dict())
    write_atomic(path, to_toml(record, g))
    return path, str(g.playable_tiles(g.player)[0]), g.player


def run(cmd: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall and CPU (user + system) seconds of one run of ``cmd``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def startup(folder: Path, repeat: int, against: Path | None = None) -> None:
    """Part 1: whole commands against bare Python and the floor, interleaved (and against another
    install's ``acquire-ref`` when given)."""
    done, _ = complete_game(folder)
    mid, tile, player = mid_game(folder)
    work = folder / "work.toml"
    complete_env = dict(os.environ, COMP_WORDS=f"acquire-ref --game {done} place 1", COMP_CWORD="4",
                        _ACQUIRE_REF_COMPLETE="complete_bash")
    command_env = dict(os.environ, COMP_WORDS=f"acquire-ref --game {done} s", COMP_CWORD="3",
                       _ACQUIRE_REF_COMPLETE="complete_bash")

    def commands(exe: Path) -> dict[str, tuple[Callable[[], list[str]], dict[str, str] | None]]:
        def place() -> list[str]:
            shutil.copy(mid, work)
            return [str(exe), "--game", str(work), "place", tile]

        def undo() -> list[str]:
            shutil.copy(mid, work)
            return [str(exe), "--game", str(work), "undo"]

        return {
            "status --json": (lambda: [str(exe), "--game", str(done), "status", "--json"], None),
            "status": (lambda: [str(exe), "--game", str(done), "status"], None),
            "score": (lambda: [str(exe), "--game", str(done), "score"], None),
            "why": (lambda: [str(exe), "--game", str(mid), "why", tile], None),
            "hand": (lambda: [str(exe), "--game", str(mid), "hand", player], None),
            "log": (lambda: [str(exe), "--game", str(done), "log"], None),
            "check": (lambda: [str(exe), "check", str(done)], None),
            "place": (place, None),
            "undo": (undo, None),
            "completion": (lambda: [str(exe)], complete_env),
            "completion (command name)": (lambda: [str(exe)], command_env),
            "score --json": (lambda: [str(exe), "--game", str(done), "score", "--json"], None),
            "log --json": (lambda: [str(exe), "--game", str(done), "log", "--json"], None),
            "--help": (lambda: [str(exe), "--help"], None),
        }

    cases: dict[str, tuple[Callable[[], list[str]], dict[str, str] | None]] = {
        "python -c pass": (lambda: [sys.executable, "-c", "pass"], None),
        "floor (read TOML, print JSON)": (lambda: [sys.executable, "-I", "-S", "-c", FLOOR, str(done)], None),
        **commands(EXE),
    }
    if against is not None:
        cases.update({f"{name} (against)": case for name, case in commands(against).items()})
    walls: dict[str, list[float]] = {k: [] for k in cases}
    cpus: dict[str, list[float]] = {k: [] for k in cases}
    for _ in range(repeat):
        for name, (make, env) in cases.items():
            wall, cpu = run(make(), env)
            walls[name].append(wall)
            cpus[name].append(cpu)
    bare = statistics.median(walls["python -c pass"])
    floor = statistics.median(walls["floor (read TOML, print JSON)"])
    print(f"{'command':32} {'ms':>7} {'x bare':>7} {'x floor':>8} {'CPU ms':>7} {'CPU x bare':>10}")
    bare_cpu = statistics.median(cpus["python -c pass"])
    for name in cases:
        ms = statistics.median(walls[name])
        cpu = statistics.median(cpus[name])
        print(f"{name:32} {ms * 1000:7.1f} {ms / bare:7.1f} {ms / floor:8.1f} {cpu * 1000:7.1f} {cpu / bare_cpu:10.1f}")
    if against is not None:
        print(f"\nthis install against {against} (after / before, wall and CPU medians of the same rounds):")
        for name in commands(EXE):
            other = f"{name} (against)"
            wall = statistics.median(walls[name]) / statistics.median(walls[other])
            cpu = statistics.median(cpus[name]) / statistics.median(cpus[other])
            print(f"{name:32} {wall:7.2f} {cpu:7.2f}")


def replay(folder: Path, repeat: int) -> None:
    """Part 2: in-process replay of a complete game."""
    _, game = complete_game(folder)
    moves = list(game.moves)
    times = []
    for _ in range(repeat * 5):
        start = time.perf_counter()
        again = Game.dealt(game.players, shuffled_bag(2026), 2026)
        for m in moves:
            again.apply(m)
        times.append(time.perf_counter() - start)
    each = statistics.median(times) / len(moves)
    print(f"replay of a complete game: {len(moves)} moves, {each * 1e6:.1f} us a move (goal 10)")


def simulation(games: int) -> None:
    """Part 3: simulate on one core and on all of them."""
    jobs = os.cpu_count() or 1
    rates = {}
    for j in (1, jobs):
        start = time.perf_counter()
        subprocess.run([str(EXE), "simulate", "--games", str(games), "--jobs", str(j), "--json"],
                       stdout=subprocess.DEVNULL, check=True)
        rates[j] = games / (time.perf_counter() - start)
    print(f"simulate, random 4-player games: {rates[1]:.0f}/s with --jobs 1, {rates[jobs]:.0f}/s with --jobs {jobs} "
          f"({rates[jobs] / rates[1]:.2f} x)")


CONSOLE_START = """
import asyncio, sys
from pathlib import Path
from acquire_ref.console.app import TableApp
async def main():
    async with TableApp(Path(sys.argv[1])).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
asyncio.run(main())
"""


def console(folder: Path, repeat: int) -> None:
    """Part 4: the table console's start and its key-press-to-redraw times."""
    import asyncio

    from acquire_ref.console.app import TableApp

    path, _, _ = mid_game(folder)
    starts = [run([sys.executable, "-c", CONSOLE_START, str(path)])[0] for _ in range(max(3, repeat // 3))]
    bare = statistics.median(run([sys.executable, "-c", "pass"])[0] for _ in range(5))
    print(f"console start (import, read, first screen): {statistics.median(starts) * 1e3:.0f} ms "
          f"({statistics.median(starts) / bare:.1f} x bare)")

    async def keys() -> tuple[list[float], list[float], list[float]]:
        idle, typed, moves = [], [], []
        async with TableApp(path).run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for _ in range(repeat):
                start = time.perf_counter()
                await pilot.press("f12")  # bound to nothing: the test pilot's own wait, for reference
                idle.append(time.perf_counter() - start)
                for key in ("x", "backspace"):
                    start = time.perf_counter()
                    await pilot.press(key)
                    typed.append(time.perf_counter() - start)
                start = time.perf_counter()
                await pilot.press("ctrl+z", "y")  # undo and confirm, then redo: two writes, two redraws
                await pilot.press("ctrl+y")
                moves.append((time.perf_counter() - start) / 2)
        return idle, typed, moves

    idle, typed, moves = asyncio.run(keys())
    print(f"console key press to redraw: {statistics.median(typed) * 1e3:.1f} ms a letter typed, "
          f"{statistics.median(moves) * 1e3:.1f} ms a move written and redrawn (goal 50); "
          f"a key that does nothing {statistics.median(idle) * 1e3:.1f} ms (the pilot's wait)")


def pipe_throughput(folder: Path) -> None:
    """Part 5: the moves of a shipped game through one `pipe` process, against one process a move."""
    import tomllib

    script = Path(__file__).resolve().parents[2] / "examples" / "four-players.toml"
    doc = tomllib.loads(script.read_text(encoding="utf-8"))
    moves = doc.pop("moves")
    empty = folder / "empty-script.toml"
    empty.write_text(script.read_text(encoding="utf-8").split("moves")[0] + "moves = []\n", encoding="utf-8")
    rates = {}
    for how in ("pipe", "one process a move"):
        game = folder / f"{how.split()[0]}.toml"
        subprocess.run([str(EXE), "--game", str(game), "play", "--force", str(empty)], check=True,
                       stdout=subprocess.DEVNULL)
        start = time.perf_counter()
        if how == "pipe":
            subprocess.run([str(EXE), "--game", str(game), "pipe"], input="\n".join(moves) + "\n", text=True,
                           check=True, stdout=subprocess.DEVNULL)
        else:
            for move in moves:
                subprocess.run([str(EXE), "--game", str(game), *move.split()], check=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        rates[how] = len(moves) / (time.perf_counter() - start)
    print(f"pipe: {rates['pipe']:.0f} moves a second through one process, {rates['one process a move']:.1f} with "
          f"one process a move ({rates['pipe'] / rates['one process a move']:.0f} x), {len(moves)} moves, each saved")


def live_board(folder: Path, repeat: int) -> None:
    """Part 6: `serve`'s delay from a changed game file to the board in its event stream."""
    import http.client
    import random
    import re

    from acquire_ref.engine.moves import parse_move
    from acquire_ref.files.storage import load_game

    path, tile, _ = mid_game(folder)
    before = path.read_text(encoding="utf-8")
    game, record, _ = load_game(path)
    game.apply(parse_move(f"place {tile}"))
    after = to_toml(record, game)
    server = subprocess.Popen([str(EXE), "--game", str(path), "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        port = int(re.findall(r":(\d+)/", server.stdout.readline())[0])
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("GET", "/events")
        stream = conn.getresponse()

        def next_board() -> None:
            while stream.readline() != b"event: board\n":
                pass
            while stream.readline() != b"\n":
                pass

        next_board()
        delays = []
        pause = random.Random(1)
        for i in range(repeat):
            time.sleep(pause.uniform(0, 0.5))  # a move comes at any moment of the server's look
            write_atomic(path, after if i % 2 == 0 else before)
            start = time.perf_counter()
            next_board()
            delays.append(time.perf_counter() - start)
        conn.close()
    finally:
        server.terminate()
        server.wait()
    print(f"live board: a written game file reaches the page's event stream in {statistics.median(delays) * 1e3:.0f} ms "
          f"(median; max {max(delays) * 1e3:.0f} ms; the server looks every 250 ms; goal 1 s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--parts", default="1,2,3,4,5,6", help="the parts to run, by number (1,2)")
    parser.add_argument("--against", type=Path, help="another install's acquire-ref, timed in part 1 too")
    args = parser.parse_args()
    parts = {int(p) for p in args.parts.split(",")}
    print(f"{time.strftime('%Y-%m-%d')}, Python {sys.version.split()[0]}, {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        if 1 in parts:
            startup(Path(tmp), args.repeat, args.against)
        if 2 in parts:
            replay(Path(tmp), args.repeat)
        if 4 in parts:
            console(Path(tmp), args.repeat)
        if 5 in parts:
            pipe_throughput(Path(tmp))
        if 6 in parts:
            live_board(Path(tmp), args.repeat)
    if 3 in parts:
        simulation(args.games)


if __name__ == "__main__":
    main()
