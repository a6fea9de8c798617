"""Benchmark of the players' own screens (DESIGN 9; not part of the test run).

    .venv/bin/python tests/benchmarks/seats.py [--moves 40] [--pages 7]
    .venv/bin/python tests/benchmarks/seats.py --room     # six seats and a TV on `acquire-ref room`

A server (`acquire-ref serve --port 0`, the installed command) serves a four-player game with
hidden holdings; ``--pages`` event streams are opened over loopback (the four seats' and the
rest TV pages), and the example game's moves are sent, each from the seat whose decision it is,
through its write route (CSRF token and Origin as its page sends them). For each move and each
open page the time from the request to the page's stream carrying the new fragment is taken:
median and 95th percentile in milliseconds. The server's resident memory (VmRSS) is read with
no page open and with every page open: the difference per page, in KB. With ``--room`` the game
is examples/six-players.toml on `acquire-ref room` (its join panel on the TV's page), with the
six seats' streams and one TV's.
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.helpers import EXAMPLES, installed, moves_of  # noqa: E402
from tests.test_serve_pages import FOUR, game_file  # noqa: E402


def rss_kb(pid: int) -> int:
    """The resident memory of process ``pid`` in KB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Stream:
    """One open event stream; ``arrived`` records when each event came (monotonic seconds)."""

    def __init__(self, host: str, port: int, path: str) -> None:
        self.conn = http.client.HTTPConnection(host, port, timeout=30)
        self.conn.request("GET", path)
        self.answer = self.conn.getresponse()
        self.arrived: list[float] = []
        self.thread = threading.Thread(target=self.read, daemon=True)
        self.thread.start()

    def read(self) -> None:
        buffer = ""
        try:
            while True:
                chunk = self.answer.read1(65536).decode()
                if not chunk:
                    return
                buffer += chunk
                while "\n\n" in buffer:
                    event, buffer = buffer.split("\n\n", 1)
                    if event.startswith("event:"):
                        self.arrived.append(time.monotonic())
        except OSError:
            return


def six_players(path: Path) -> Path:
    """examples/six-players.toml as a game script with its start tiles only and hidden holdings."""
    import tomllib

    import tomli_w

    data = tomllib.loads((EXAMPLES / "six-players.toml").read_text())
    data["moves"] = moves_of(EXAMPLES / "six-players.toml")[:1]
    data["options"] = {**data.get("options", {}), "holdings": "hidden"}
    data.pop("final", None)
    path.write_text(tomli_w.dumps(data))
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--pages", type=int, default=7)
    parser.add_argument("--room", action="store_true", help="six seats and a TV on `acquire-ref room`")
    args = parser.parse_args()
    example = EXAMPLES / "six-players.toml" if args.room else FOUR
    pages = 7 if args.room else args.pages
    folder = Path(tempfile.mkdtemp())
    script = six_players(folder / "script.toml") if args.room else game_file(folder / "script.toml", 1, holdings="hidden")
    path = folder / "g.toml"
    subprocess.run([installed(), "--game", str(path), "play", str(script), "--force"], check=True, capture_output=True)
    command = ["room", "--host", "127.0.0.1", "--port", "0"] if args.room else ["serve", "--port", "0"]
    server = subprocess.Popen([installed(), "--game", str(path), *command], stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    said = server.stdout.readline() + (server.stdout.readline() if args.room else "")
    url = re.search(r"http://\S+/", said)
    assert url, "the server printed no address"
    parts = urlsplit(url.group())
    host, port = parts.hostname or "127.0.0.1", parts.port or 0
    links = json.loads(subprocess.run([installed(), "--game", str(path), "seats", "--json", "--host", host, "--port",
                                       str(port)], check=True, capture_output=True, text=True).stdout)
    seats = {s["player"]: urlsplit(s["url"]).path for s in links}
    time.sleep(0.5)
    before = rss_kb(server.pid)
    paths = [*seats.values(), *(["/"] * max(0, pages - len(seats)))][:pages]
    streams = [Stream(host, port, (p + "/events") if p != "/" else "/events") for p in paths]
    time.sleep(1.0)
    opened = rss_kb(server.pid)
    csrf = {}
    for player, seat in seats.items():
        conn = http.client.HTTPConnection(host, port, timeout=30)
        conn.request("GET", seat)
        csrf[player] = re.search(r'csrf-token" content="(\w+)"', conn.getresponse().read().decode()).group(1)  # type: ignore[union-attr]
        conn.close()
    delays: list[float] = []
    posts: list[float] = []
    for move in moves_of(example)[1:args.moves + 1]:
        conn = http.client.HTTPConnection(host, port, timeout=30)
        conn.request("GET", next(iter(seats.values())) + "/state.json")
        state = json.loads(conn.getresponse().read())
        pending = state["board"]["pending"]["player"]
        conn.request("GET", seats[pending] + "/state.json")
        version = json.loads(conn.getresponse().read())["version"]
        word, *rest = move.split()
        notation = " ".join([word, *rest[1:]]) if word == "dispose" else move
        counts = [len(s.arrived) for s in streams]
        sent = time.monotonic()
        conn.request("POST", seats[pending] + "/move", body=json.dumps({"move": notation, "version": version}),
                     headers={"Content-Type": "application/json", "X-CSRF-Token": csrf[pending],
                              "Origin": f"http://{host}:{port}"})
        answer = json.loads(conn.getresponse().read())
        posts.append((time.monotonic() - sent) * 1000)
        conn.close()
        assert answer.get("ok"), (move, answer)
        deadline = time.monotonic() + 10
        while any(len(s.arrived) <= n for s, n in zip(streams, counts, strict=True)) and time.monotonic() < deadline:
            time.sleep(0.002)
        delays += [(s.arrived[n] - sent) * 1000 for s, n in zip(streams, counts, strict=True) if len(s.arrived) > n]
    server.terminate()
    server.wait(timeout=10)
    delays.sort()
    p95 = delays[max(0, round(0.95 * len(delays)) - 1)]
    print(f"{args.moves} moves from the seats to {len(streams)} open pages over loopback ({len(delays)} deliveries):")
    print(f"  median {statistics.median(delays):.0f} ms, 95th percentile {p95:.0f} ms, worst {delays[-1]:.0f} ms")
    print(f"  the write route's own answer (lock, move applied, write with fsync): median {statistics.median(posts):.0f} ms")
    print(f"  server memory: {before} KB with no page, {opened} KB with {len(streams)} open: "
          f"{(opened - before) / len(streams):.0f} KB a page")


if __name__ == "__main__":
    main()
