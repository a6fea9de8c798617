"""Benchmark of a championship's tournament commands, each timed as a whole process (not part of
the test run; T5, issue 26 and 28's event lookups).

    .venv/bin/python tests/benchmarks/tournament.py [--players 90] [--heats 3] [--large 5000[,10000]]

1. A WBC-sized event: ``--players`` players (default 90), ``--heats`` heats with 4- and 5-player
   tables, each heat drawn, every table's sheet entered, the standings (text, CSV and the hall
   page) read, then the semifinal and final seeded: the seconds of each command (the slowest
   result command of each heat and the median).
2. A large event (``--large`` players, default 5,000): ``add`` of all of them in one command,
   ``draw``, one ``result``, and ``standings``, each timed once; with several sizes (``--large
   5000,10000``) each, and each draw's time against the first's. ``--players 0`` skips part 1.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

EXE = Path(sys.executable).parent / "acquire-ref"


WALL: list[float] = []
"""The wall-clock seconds of each command run, beside the CPU seconds reported (a loaded machine
stretches the wall clock; the CPU time is what the command itself costs)."""


def timed(folder: Path, *args: str) -> tuple[float, str]:
    """Run ``acquire-ref tournament ARGS`` in ``folder``; returns (CPU seconds, user + system, of
    the process, stdout); its wall-clock seconds go to :data:`WALL`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([str(EXE), "tournament", *args], cwd=folder, capture_output=True, text=True, check=False)
    WALL.append(time.perf_counter() - start)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"tournament {' '.join(args[:3])} failed: {done.stderr}")
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, done.stdout


def sheet(seats: list[str], rng: random.Random) -> list[str]:
    return [f"{p}={rng.randrange(200, 800) * 100}" for p in seats]


def wbc(folder: Path, players: int, heats: int) -> None:
    rng = random.Random(2026)
    names = [f"Player{i:03d}" for i in range(1, players + 1)]
    print(f"A {players}-player event, {heats} heats (CPU seconds a command, each a whole process):")
    for label, args in (("new", ["new", "WBC", "--seed", "7", "--fives", "--tiebreaks", "wbc-2007", "--final", "5"]),
                        ("add", ["add", *names])):
        print(f"  {label:<28} {timed(folder, *args)[0]:6.3f}")
    for heat in range(1, heats + 1):
        took, out = timed(folder, "draw", "--json")
        doc = json.loads(out)["round"]
        results = [timed(folder, "result", str(heat), str(t["table"]), *sheet(t["seats"], rng))[0] for t in doc["tables"]]
        print(f"  heat {heat}: draw ({len(doc['tables'])} tables) {took:6.3f}; result median "
              f"{statistics.median(results):.3f}, slowest {max(results):.3f}")
    for label, args in (("standings", ["standings"]), ("standings --json", ["standings", "--json"]),
                        ("standings --csv --html", ["standings", "--csv", "s.csv", "--html", "hall.html"]),
                        ("sheets --html", ["sheets", "--html", "sheets.html"])):
        print(f"  {label:<28} {timed(folder, *args)[0]:6.3f}")
    for stage in ("semifinal", "final"):
        took, out = timed(folder, "advance", "--json")
        doc = json.loads(out)["round"]
        for t in doc["tables"]:
            timed(folder, "result", str(doc["number"]), str(t["table"]), *sheet(t["seats"], rng))
        print(f"  advance ({stage}) {'':<12} {took:6.3f}")


def large(folder: Path, players: int) -> float:
    rng = random.Random(5)
    names = [f"P{i:05d}" for i in range(1, players + 1)]
    print(f"A {players:,}-player event (CPU seconds, one run each):")
    timed(folder, "new", "Big", "--seed", "3")
    print(f"  {'add (all in one command)':<28} {timed(folder, 'add', *names)[0]:6.2f}")
    took, out = timed(folder, "draw", "--json")
    print(f"  {'draw':<28} {took:6.2f}")
    t = json.loads(out)["round"]["tables"][0]
    print(f"  {'result (one table)':<28} {timed(folder, 'result', '1', '1', *sheet(t['seats'], rng))[0]:6.2f}")
    print(f"  {'standings':<28} {timed(folder, 'standings')[0]:6.2f}")
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, default=90)
    parser.add_argument("--heats", type=int, default=3)
    parser.add_argument("--large", default="5000", help="players of the large event; several, comma-separated "
                        "(5000,10000), give the draw's time of each against the first's")
    args = parser.parse_args()
    print(f"{time.strftime('%Y-%m-%d')}, Python {sys.version.split()[0]}; CPU seconds (user + system) a command")
    print(f"  baseline: tournament --help {timed(Path('.'), '--help')[0]:.3f}")
    if args.players:
        with tempfile.TemporaryDirectory() as tmp:
            wbc(Path(tmp), args.players, args.heats)
    draws: dict[int, float] = {}
    for size in (int(n) for n in args.large.split(",") if n.strip() and int(n)):
        with tempfile.TemporaryDirectory() as tmp:
            draws[size] = large(Path(tmp), size)
    first = next(iter(draws), None)
    for size, took in draws.items():
        if first is not None and size != first:
            print(f"draw of {size:,} players: {took / draws[first]:.2f}x the draw of {first:,}")
    print(f"wall clock: median {statistics.median(WALL):.2f} s, slowest {max(WALL):.2f} s over {len(WALL)} commands")


if __name__ == "__main__":
    main()
