"""Benchmarks of acquire-ref, reported as ratios measured in one run (not part of the test run).

    .venv/bin/python tests/benchmarks/run.py [--repeat 20]

1. `acquire-ref status --json` on a complete game against `python -c pass` (start-up cost);
2. `acquire-ref play` of a complete game against `acquire-ref status --json`;
3. in-process replay of a complete game (milliseconds);
4. complete random games simulated per second on one core.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from acquire_ref.game import Game
from acquire_ref.record import Record, to_toml
from acquire_ref.simulate import Bot, play_game
from acquire_ref.storage import load_game, write_atomic

HERE = Path(__file__).resolve().parent
EXE = Path(sys.executable).parent / "acquire-ref"


class NeverDeclares(Bot):
    """Random play that never declares the end, so every tile gets used."""

    def declare(self, g: Game) -> bool:
        return False


def complete_game(folder: Path) -> tuple[Path, Game]:
    """A dealt 4-player game played until the tiles ran out, written as a game file."""
    import random

    from acquire_ref.game import shuffled_bag

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


def timed(cmd: list[str], repeat: int) -> float:
    """Median wall time in seconds of running ``cmd``."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path, game = complete_game(folder)
        placed = len(game.board.owner) + len(game.discarded)
        print(f"complete game: {len(game.moves)} moves, {placed} tiles placed or out of the game, {game.end_reason}")
        bare = timed([sys.executable, "-c", "pass"], args.repeat)
        status = timed([str(EXE), "--game", str(path), "status", "--json"], args.repeat)
        play = timed([str(EXE), "--game", str(folder / "p.toml"), "play", "--force", str(path)], args.repeat)
        print(f"python -c pass:           {bare * 1000:7.1f} ms")
        print(f"status --json:            {status * 1000:7.1f} ms  = {status / bare:4.1f} x bare Python start-up (goal 6)")
        print(f"play of the whole game:   {play * 1000:7.1f} ms  = {play / status:4.1f} x status --json")
        loads = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            load_game(path)
            loads.append(time.perf_counter() - start)
        moves = [m for m in game.moves]
        replays = []
        for _ in range(args.repeat * 5):
            start = time.perf_counter()
            again = Game.dealt(game.players, _bag(path), 2026)
            for m in moves:
                again.apply(m)
            replays.append(time.perf_counter() - start)
        print(f"replay in-process:        {statistics.median(replays) * 1000:7.2f} ms  (goal under 5 ms)")
        print(f"load_game (parse+replay+check): {statistics.median(loads) * 1000:7.2f} ms")
        n, start = 0, time.perf_counter()
        while time.perf_counter() - start < 5:
            play_game(["p1", "p2", "p3", "p4"], n, "random")
            n += 1
        rate = n / (time.perf_counter() - start)
        print(f"simulate (random, 4 players): {rate:6.0f} complete games per second on one core (goal 200)")


def _bag(path: Path):
    import tomllib

    from acquire_ref.tiles import parse_tile

    return [parse_tile(t) for t in tomllib.loads(path.read_text())["bag"]]


if __name__ == "__main__":
    main()
