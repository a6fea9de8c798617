"""Benchmark of the live server's work per move (DESIGN 7, 9; not part of the test run).

    .venv/bin/python tests/benchmarks/server.py [--moves 40] [--hidden]

In one process (Starlette's TestClient, no sockets, no change notices), the server of a
four-player game (examples/four-players.toml's first moves) is asked what its open pages ask
after each move: the TV's state, a seat's state and the review's document. The moves that follow
are each sent by the seat whose decision it is, through its write route (with ``--outside``, made
by another program through its own :class:`~acquire_ref.files.session.GameFile`, outside the timing). Counted per move: the
game file's reads (:func:`acquire_ref.files.storage.load_stamped`, :func:`acquire_ref.files.storage.load_game`),
the games replayed from their start (:meth:`acquire_ref.files.record.Record.replay` and
:meth:`~acquire_ref.files.record.Record.start`), and the milliseconds the move and the three pages'
requests took together (median and 95th percentile). ``--hidden`` plays with hidden holdings.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from starlette.testclient import TestClient  # noqa: E402

from acquire_ref.files import record, seat_links, storage  # noqa: E402
from acquire_ref.files.record import Record  # noqa: E402
from acquire_ref.files.session import GameFile  # noqa: E402
from acquire_ref.web.app import create_app  # noqa: E402
from tests.helpers import moves_of  # noqa: E402
from tests.test_serve_pages import FOUR  # noqa: E402

COUNTS: Counter[str] = Counter()


def counted(owner: object, name: str, label: str) -> None:
    """Count every call of ``owner.name`` under ``label``."""
    original = getattr(owner, name)

    def wrapper(*args: object, **kwargs: object) -> object:
        COUNTS[label] += 1
        return original(*args, **kwargs)

    setattr(owner, name, wrapper)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=40, help="moves sent from the seats")
    parser.add_argument("--start", type=int, default=30, help="moves already in the file")
    parser.add_argument("--hidden", action="store_true", help="holdings hidden")
    parser.add_argument("--outside", action="store_true",
                        help="the moves made by another program (as `acquire-ref place` makes them), not from the seats")
    args = parser.parse_args()
    script = moves_of(FOUR)
    players = ["Ann", "Ben", "Cat", "Dan"]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "g.toml"
        options = {"holdings": "hidden"} if args.hidden else {}
        GameFile.create(path, Record(players, options=options, moves=script[:args.start]))
        kept = seat_links.tokens(path, players)
        client = TestClient(create_app(path), base_url="http://localhost")
        csrf = {}
        for p, token in kept.items():
            found = re.search(r'<meta name="csrf-token" content="([0-9a-f]+)">', client.get(f"/seat/{token}").text)
            assert found
            csrf[p] = found.group(1)
        assert client.get("/review.json").status_code == 200
        counted(storage, "read_stamped", "reads")
        counted(Record, "start", "replays")
        assert record  # the module whose Record is counted
        times, reads, replays = [], [], []
        for move in script[args.start:args.start + args.moves]:
            outside = GameFile.open(path)
            player = outside.game.pending.player
            seat = client.get(f"/seat/{kept[player]}/state.json").json()
            if args.outside:
                outside.apply(move)
            COUNTS.clear()
            began = time.perf_counter()
            if not args.outside:
                answer = client.post(f"/seat/{kept[player]}/move",
                                     content=json.dumps({"move": move, "version": seat["version"]}),
                                     headers={"Origin": "http://localhost", "X-CSRF-Token": csrf[player],
                                              "Content-Type": "application/json"})
                if answer.status_code != 200:
                    print(f"move {move!r} refused: {answer.text}")
                    break
            client.get("/state.json")
            client.get(f"/seat/{kept[player]}/state.json")
            client.get("/review.json")
            times.append((time.perf_counter() - began) * 1000)
            reads.append(COUNTS["reads"])
            replays.append(COUNTS["replays"])
        kind = "hidden" if args.hidden else "open"
        by = "another program" if args.outside else "the seats"
        print(f"{len(times)} moves from {by}, {kind} holdings, a TV, a seat and a review open")
        print(f"file reads a move: {statistics.mean(reads):.2f}   replays a move: {statistics.mean(replays):.2f}")
        q = statistics.quantiles(times, n=20)
        print(f"ms a move: median {statistics.median(times):.1f}, 95th percentile {q[18]:.1f}")


if __name__ == "__main__":
    main()
