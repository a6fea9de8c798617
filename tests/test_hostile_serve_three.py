"""Hostile requests to the live board, round three (issue 34, the server's half): a renewed seat
link stops seeing at once, the review of an unfinished hidden-holdings game keeps no record to
total up (R10.1), the seats have their own stream budget and the TV's streams a cap per address
that a burst can't pass, the wrong-link limiter counts only failing links and believes forwarding
headers only when told to, a file being edited counts no link as wrong, half-sent requests time
out, the review is built once per version and extended by the new moves, and the move route's
refusals (nested brackets, duplicate keys, the market's draw, long values) are clear 400s/403s."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from acquire_ref.web import guard, review
from acquire_ref.web.app import create_app
from tests.helpers import running
from tests.test_hostile_serve import Served
from tests.test_seats import ORIGIN, csrf_of, post
from tests.test_serve_pages import game_file

MARKET = ["start 1A 12I", "place 2A", "choose Tower", "buy Tower=1", "place 4A", "buy", "place 5A", "choose Luxor",
          "buy Luxor=1", "place 6I", "buy", "place 3A", "choose Tower"]
"""A two-player game in table mode up to a merger's market draw (R9): Tower survives, and Ann, the
mergemaker, is asked for the tile drawn for the market's Luxor holding."""


@pytest.fixture
def seated(cli, tmp_path):
    """``seated(moves=None, players=..., **options)``: a game file played from the four-player
    example's first ``moves`` (or the given ``moves`` of ``players``) and its seats' tokens."""

    def made(moves: int | list[str] | None = None, players: tuple[str, ...] = (), **options: str):
        path = tmp_path / "g.toml"
        if isinstance(moves, list):
            assert cli("new", *players, game=path).exit_code == 0
            for move in moves:
                assert cli(*move.split(), game=path).exit_code == 0, move
        else:
            assert cli("play", game_file(tmp_path / "script.toml", moves, **options), "--force", game=path).exit_code == 0
        links = cli.json("seats", "--json", "--host", "127.0.0.1", game=path)
        return path, {s["player"]: s["url"].rsplit("/", 1)[1] for s in links}

    return made


def guarded(app, stopping: threading.Event, trusted: tuple[str, ...] = ()):
    """Serve ``app`` as ``serve`` does (the guarded protocol, :func:`guard.server_config`) on a free
    port of 127.0.0.1 in a thread (:func:`tests.helpers.running`); yield the port."""
    return running(app, stopping, lambda app: guard.server_config(app, trusted, log_level="warning", lifespan="on"))


def get(port: int, where: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", where, headers=headers or {})
    response = conn.getresponse()
    body = response.read().decode()
    conn.close()
    return response.status, body


def opened(port: int, where: str) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", where)
    return conn, conn.getresponse()


# ----- a renewed link stops seeing --------------------------------------------------------------

def test_a_seats_stream_ends_at_once_when_its_link_is_renewed(cli, seated):
    """After `seats --new`, a stream the old link had already opened kept receiving Ann's rack and
    cash. The stream now checks its link at every look and ends once it names no seat: nothing
    more is sent, and the old link is a 403."""
    path, kept = seated(4, holdings="hidden")
    stopping = threading.Event()
    with guarded(create_app(path, poll=0.05, stopping=stopping), stopping) as port:
        conn, stream = opened(port, f"/seat/{kept['Ann']}/events")
        assert stream.status == 200
        while not stream.readline().startswith(b"event: seat"):
            pass
        assert cli("seats", "--new", "--json", game=path).exit_code == 0
        started = time.monotonic()
        rest = stream.read()  # the stream ends: read returns what was left, then the end
        assert time.monotonic() - started < 5
        assert b"event: seat" not in rest
        conn.close()
        assert get(port, f"/seat/{kept['Ann']}/state.json")[0] == 403


def test_another_game_put_in_place_of_the_served_file_ends_the_seats_stream_without_a_traceback(cli, seated, tmp_path):
    """Replacing the served file with another game while a seat's stream was open raised in the
    stream (StopIteration from a player who is not in the new game) and printed a traceback. The
    stream now ends, and the server prints nothing."""
    path, kept = seated(4)
    server = Served(path)
    try:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        conn.request("GET", f"/seat/{kept['Dan']}/events")
        stream = conn.getresponse()
        while not stream.readline().startswith(b"event: seat"):
            pass
        other = tmp_path / "other.toml"
        assert cli("new", "Eve", "Fay", game=other).exit_code == 0
        other.replace(path)
        stream.read()  # ends
        conn.close()
        status, body, _ = server.ask(f"/seat/{kept['Dan']}/state.json")
        assert status in (403, 503) and "Traceback" not in body
    finally:
        err = server.stop()
    assert "Traceback" not in err and "Error" not in err, err[-3000:]


def test_a_seats_stream_stays_open_while_the_file_is_broken_and_follows_it_once_sound(seated):
    """A stream that can't tell whether its link still holds (the game file half-written) sends
    nothing new, but does not end: a phone's page would not come back by itself from a 503. Once
    the file is sound again (here with one more move) the same stream carries the new state."""
    path, kept = seated(4)
    text = path.read_text()
    stopping = threading.Event()
    with guarded(create_app(path, poll=0.05, stopping=stopping), stopping) as port:
        conn, stream = opened(port, f"/seat/{kept['Ann']}/events")
        while not stream.readline().startswith(b"event: seat"):
            pass
        path.write_text(text[: len(text) // 2])
        time.sleep(0.5)
        from acquire_ref.files.session import GameFile

        path.write_text(text)
        GameFile.open(path).apply("place 2B")
        deadline, event = time.monotonic() + 10, b""
        while b"placed 2B" not in event:  # the new state, on the stream opened before the break
            assert time.monotonic() < deadline
            line = stream.readline()
            assert line, "the stream ended"
            if line.startswith(b"event: seat"):
                event = b"".join(iter(stream.readline, b"\n"))
        conn.close()


# ----- the review keeps nothing to total up (R10.1) ---------------------------------------------

def test_the_review_of_an_unfinished_hidden_game_has_the_banks_shares_at_the_last_step_only(cli, seated):
    """The review showed the bank's shares at every step, so each purchase (and with the public
    prices each player's cash) could be totalled up from their changes. While holdings are hidden
    and the game goes on, every step but the last has no bank count, in the document, /review.json
    and the page; the last step, the game as it stands, keeps the bank's shares (always public)."""
    path, _ = seated(40, holdings="hidden")
    from acquire_ref.files.storage import load_game

    doc = review.document(load_game(path)[1])
    past = [c["bank"] for s in doc["steps"][:-1] for c in s["chains"].values()]
    assert past and all(b is None for b in past)
    assert doc["steps"][-1]["chains"]["American"]["bank"] == load_game(path)[0].bank["American"]
    client = TestClient(create_app(path), base_url=ORIGIN)
    served = client.get("/review.json").json()
    assert all(c["bank"] is None for s in served["steps"][:-1] for c in s["chains"].values())
    assert served["steps"][-1]["chains"] == doc["steps"][-1]["chains"]
    import re

    page = client.get("/review").text
    data = re.search(r'<script type="application/json" id="review-data">(.*?)</script>', page, re.S)
    assert data is not None and json.loads(data.group(1))["steps"] == served["steps"]
    out = path.with_name("review.html")
    assert cli("log", "--html", out, game=path).exit_code == 0  # the export: the same document
    exported = re.search(r'<script type="application/json" id="review-data">(.*?)</script>', out.read_text(), re.S)
    assert exported is not None and json.loads(exported.group(1))["steps"] == doc["steps"]


def test_the_review_of_a_finished_hidden_game_shows_the_banks_shares_at_every_step(seated):
    """At the end everything is public (R10.1): every step has its bank counts again."""
    path, _ = seated(None, holdings="hidden")
    from acquire_ref.files.storage import load_game

    doc = review.document(load_game(path)[1])
    assert doc["over"] and all(isinstance(c["bank"], int) for s in doc["steps"] for c in s["chains"].values())


# ----- stream budgets ---------------------------------------------------------------------------

def test_anonymous_streams_have_a_cap_per_address_and_never_take_a_seats_place(seated, monkeypatch):
    """64 anonymous streams locked every player out (one shared cap). Now one address may hold
    PER_ADDRESS anonymous streams (here 2), and a seat's stream opens whatever the TV's take."""
    from acquire_ref.web import app as web

    monkeypatch.setattr(guard, "PER_ADDRESS", 2)
    path, kept = seated(4)
    stopping = threading.Event()
    streams = []
    with guarded(create_app(path, stopping=stopping), stopping) as port:
        try:
            for _ in range(2):
                streams.append(opened(port, "/events"))
                assert streams[-1][1].status == 200
            conn, refused = opened(port, "/events")
            assert refused.status == 503 and "2 pages from this address are open already" in refused.read().decode()
            conn.close()
            streams.append(opened(port, f"/seat/{kept['Ann']}/events"))
            assert streams[-1][1].status == 200
            assert web.MAX_STREAMS == 64
        finally:
            for conn, _ in streams:
                conn.close()


def test_a_burst_of_simultaneous_stream_requests_can_not_pass_the_cap(seated, monkeypatch):
    """The cap was checked before a stream counted itself (when it began to run), so requests
    sent at the same moment all passed. The place is now taken when the request is answered:
    of 12 requests sent at once with a cap of 3, exactly 3 streams open."""
    from acquire_ref.web import app as web

    monkeypatch.setattr(web, "MAX_STREAMS", 3)
    path, _ = seated(4)
    stopping = threading.Event()
    answers: list[tuple[http.client.HTTPConnection, int]] = []
    lock, go = threading.Lock(), threading.Event()

    def ask(port: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.connect()
        go.wait()
        conn.request("GET", "/events")
        status = conn.getresponse().status
        with lock:
            answers.append((conn, status))

    with guarded(create_app(path, stopping=stopping), stopping) as port:
        askers = [threading.Thread(target=ask, args=(port,)) for _ in range(12)]
        for t in askers:
            t.start()
        go.set()
        for t in askers:
            t.join(timeout=20)
        try:
            assert sorted(s for _, s in answers) == [200] * 3 + [503] * 9
        finally:
            for conn, _ in answers:
                conn.close()


# ----- the wrong-link limiter -------------------------------------------------------------------

def test_forwarding_headers_are_believed_only_from_a_trusted_proxy(seated):
    """X-Forwarded-For was believed from loopback, so a caller could skip the wrong-link limit by
    naming a new address each time (or lock a player out by naming theirs). By default the
    connection's own address counts: the eleventh wrong link is a 429 whatever it names. With
    --trust-proxy 127.0.0.1 the header names the client (each named address has its own count)."""
    path, kept = seated(4)
    for trusted, last in (((), 429), (("127.0.0.1",), 403)):
        stopping = threading.Event()
        with guarded(create_app(path, stopping=stopping), stopping, trusted) as port:
            codes = [get(port, f"/seat/{'w' * 30}{i:02d}", {"X-Forwarded-For": f"10.0.0.{i}"})[0] for i in range(12)]
            assert codes[0] == 403 and codes[-1] == last, (trusted, codes)
            assert get(port, f"/seat/{kept['Ann']}", {"X-Forwarded-For": "10.0.0.1"})[0] == 200


def test_serve_refuses_a_trusted_proxy_that_is_not_an_address(cli, seated):
    path, _ = seated(4)
    result = cli("serve", "--port", "0", "--trust-proxy", "proxy.example", game=path)
    assert result.exit_code == 2 and "--trust-proxy 'proxy.example': not an IP address" in result.output


def test_while_the_game_file_is_broken_a_valid_link_is_503_and_counts_as_no_wrong_link(seated):
    """While the file was being edited or broken, valid links were answered "no seat of this game"
    and counted as wrong: after ten the player was locked out even once the file was sound. Now
    they are a 503 saying the file can't be read, nothing is counted, and once the file is sound
    the link works at once."""
    path, kept = seated(4)
    text = path.read_text()
    app = create_app(path)
    client = TestClient(app, base_url=ORIGIN)
    assert client.get(f"/seat/{kept['Ann']}/state.json").status_code == 200
    path.write_text(text[: len(text) // 2])
    for _ in range(15):
        answer = client.get(f"/seat/{kept['Ann']}/state.json")
        assert answer.status_code == 503 and "the game file can't be read just now" in answer.json()["error"]
    path.write_text(text)
    assert client.get(f"/seat/{kept['Ann']}/state.json").status_code == 200


# ----- the connection guard (slowloris) ---------------------------------------------------------

def closed_within(sock: socket.socket, seconds: float) -> bool:
    """Whether the server closes ``sock`` within ``seconds``."""
    sock.settimeout(seconds)
    try:
        return sock.recv(4096) == b"" or sock.recv(4096) == b""
    except (TimeoutError, ConnectionResetError) as exc:
        return isinstance(exc, ConnectionResetError)


def test_half_sent_heads_and_bodies_are_closed_and_connections_are_bounded(seated, monkeypatch):
    """Half-sent requests were never timed out: at the file-descriptor limit nobody was answered.
    A head not all sent within HEADER_SECONDS, or a body within BODY_SECONDS, is closed, and a
    connection past MAX_CONNECTIONS is closed at once; a whole request is still answered."""
    monkeypatch.setattr(guard, "HEADER_SECONDS", 0.5)
    monkeypatch.setattr(guard, "BODY_SECONDS", 0.5)
    monkeypatch.setattr(guard, "MAX_CONNECTIONS", 3)
    path, kept = seated(4)
    stopping = threading.Event()
    with guarded(create_app(path, stopping=stopping), stopping) as port:
        head = socket.create_connection(("127.0.0.1", port))
        head.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        body = socket.create_connection(("127.0.0.1", port))
        body.sendall(f"POST /seat/{kept['Ann']}/move HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{{".encode())
        idle = socket.create_connection(("127.0.0.1", port))
        time.sleep(0.1)
        extra = socket.create_connection(("127.0.0.1", port))
        assert closed_within(extra, 2)  # the fourth connection: closed at once
        assert closed_within(head, 3) and closed_within(body, 3) and closed_within(idle, 3)
        for sock in (head, body, idle, extra):
            sock.close()
        time.sleep(0.1)
        assert get(port, "/state.json")[0] == 200


# ----- the review built once per version, extended by the new moves -----------------------------

def test_the_review_is_built_once_per_version_whatever_the_number_of_requests(seated):
    """/review.json was built again by every request after a change (45 requests held a seat's
    move up 13-24 s on a long game). Requests at the same moment now share one build."""
    import asyncio

    path, _ = seated(30)
    follower = review.Follower(path)

    async def many() -> list[bytes | None]:
        return await asyncio.gather(*(follower.answer("json") for _ in range(20)))

    first = asyncio.run(many())
    assert follower.builds == 1 and len(set(first)) == 1
    from acquire_ref.files.session import GameFile

    GameFile.open(path).apply("place 2B")
    second = asyncio.run(many())
    assert follower.builds == 2 and len(set(second)) == 1 and second[0] != first[0]


def test_the_review_is_extended_by_the_new_moves_not_built_again(seated, monkeypatch):
    """Building the review replayed every step from the start (quadratic: `log --html` at 10,000
    moves took 2 minutes). A builder now keeps its steps and adds the new moves' only; the
    result is the same as a review built afresh, also after moves are taken back."""
    from acquire_ref.files.record import Record
    from acquire_ref.files.storage import load_game

    path, _ = seated(None)
    record = load_game(path)[1]
    builder = review.Builder()
    short = Record(record.players, moves=record.moves[:40])
    review.document(short, builder=builder)
    kept = builder.steps[10]
    grown = review.document(Record(record.players, moves=record.moves[:60]), builder=builder)
    assert builder.steps[10] is kept  # extended, not built again
    made: list[int] = []
    real = review.step_view
    monkeypatch.setattr(review, "step_view", lambda game, reveal: made.append(len(game.log)) or real(game, reveal))
    review.document(Record(record.players, moves=record.moves[:61]), builder=builder)
    assert made == [61]  # one more move: one more step made, whatever the game's length
    assert grown == review.document(Record(record.players, moves=record.moves[:60]))
    back = review.document(short, builder=builder)  # moves taken back: built again
    assert back == review.document(short)


# ----- the move route's refusals ----------------------------------------------------------------

def seat_client(path: Path) -> TestClient:
    return TestClient(create_app(path), base_url=ORIGIN)


def raw_post(client: TestClient, token: str, body: bytes) -> tuple[int, dict]:
    csrf = csrf_of(client, token)
    answer = client.post(f"/seat/{token}/move", content=body,
                         headers={"Origin": ORIGIN, "X-CSRF-Token": csrf, "Content-Type": "application/json"})
    return answer.status_code, answer.json()


def test_a_body_of_nested_brackets_is_a_clear_400(seated):
    """4 KB of nested brackets made the JSON reader recurse past its depth: a 500 and a traceback."""
    path, kept = seated(4)
    before = path.read_bytes()
    code, answer = raw_post(seat_client(path), kept["Ben"], b"[" * 4000)
    assert code == 400 and answer["error"] == 'send JSON: {"move": "<notation>", "version": N}, not brackets nested deep'
    assert path.read_bytes() == before


def test_a_move_given_twice_in_one_body_is_refused(seated):
    """The route applied the last of two "move" keys; the pipe refuses duplicates, and so does it."""
    path, kept = seated(4)
    client = seat_client(path)
    version = client.get(f"/seat/{kept['Ben']}/state.json").json()["version"]
    before = path.read_bytes()
    body = '{"move": "place 6B", "move": "place 6C", "version": VERSION}'.replace("VERSION", str(version))
    code, answer = raw_post(client, kept["Ben"], body.encode())
    assert code == 400 and 'the key "move" is given twice in one object' in answer["error"]
    assert path.read_bytes() == before


def test_a_refusal_echoes_a_long_value_as_its_first_60_characters_and_its_length(seated):
    """A refusal echoed a 4,000-character value in full; it now shows the first 60 characters and
    the length, as the README's rule for every message says."""
    path, kept = seated(4)
    client = seat_client(path)
    state = client.get(f"/seat/{kept['Ann']}/state.json").json()
    turn = kept[state["board"]["pending"]["player"]]
    code, answer = post(client, turn, "place " + "9" * 3000 + "A", state["version"], csrf_of(client, turn))
    assert code == 400 and "... (3,003 characters) is not a tile" in answer["error"] and len(answer["error"]) < 400
    assert "9" * 61 not in answer["error"]


def test_the_mergemakers_seat_can_not_choose_the_markets_draw(seated):
    """R9: in a two-player game the market's holding is the column of a tile drawn from the bag,
    typed at the referee's screen; the mergemaker's phone could send `market 1B` (a holding of its
    choosing) though its page offers nothing. It is refused (403) and nothing changes."""
    path, kept = seated(MARKET, players=("Ann", "Ben"))
    client = seat_client(path)
    state = client.get(f"/seat/{kept['Ann']}/state.json").json()
    assert state["board"]["pending"]["player"] == "Ann" and state["ask"]["answers"] == []
    before = path.read_bytes()
    code, answer = post(client, kept["Ann"], "market 1B", state["version"], csrf_of(client, kept["Ann"]))
    assert code == 403 and "the market's tile (R9) is drawn from the bag" in answer["error"]
    assert path.read_bytes() == before
    assert json.loads(json.dumps(answer))["ok"] is False
