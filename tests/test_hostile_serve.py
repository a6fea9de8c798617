"""Hostile requests to the live board (`serve`): a Host that names another site (DNS rebinding)
is refused and the slash redirect never names the Host sent; every answer (404, 405, 400,
redirects, 503) carries the security headers; one reader follows the file for all pages, and
the pages open at once are bounded; a game file whose name is not UTF-8 is served, not a 500."""

from __future__ import annotations

import http.client
import os
import re
import subprocess
import threading
import time
from pathlib import Path

import pytest

from tests.helpers import EXAMPLES, installed, running

HEADERS = {"content-security-policy": "script-src 'sha256-", "x-content-type-options": "nosniff",
           "cache-control": "no-store"}


class Served:
    """``acquire-ref --game PATH serve --port 0`` running as installed, and its port."""

    def __init__(self, path: Path | bytes) -> None:
        self.process = subprocess.Popen([installed(), "--game", os.fsdecode(path), "serve", "--port", "0"],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        self.first = self.process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", self.first)
        assert found, self.first
        self.port = int(found.group(1))

    def ask(self, where: str, method: str = "GET", host: str | None = None) -> tuple[int, str, dict[str, str]]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        conn.putrequest(method, where, skip_host=True)
        conn.putheader("Host", host if host is not None else f"127.0.0.1:{self.port}")
        conn.endheaders()
        response = conn.getresponse()
        body = response.read().decode("utf-8")
        conn.close()
        return response.status, body, {k.lower(): v for k, v in response.getheaders()}

    def stop(self) -> str:
        self.process.terminate()
        _, err = self.process.communicate(timeout=20)
        return err


@pytest.fixture
def served(tmp_path):
    started: list[Served] = []

    def start(path: Path | bytes) -> Served:
        started.append(Served(path))
        return started[-1]

    yield start
    for server in started:
        err = server.stop()
        assert "Traceback" not in err, err[-4000:]


def game(tmp_path: Path) -> Path:
    path = tmp_path / "g.toml"
    path.write_bytes((EXAMPLES / "mid-game.toml").read_bytes())
    return path


def test_a_host_of_another_site_is_refused_and_the_redirect_names_no_host(tmp_path, served):
    """Any Host was answered, so a page of another site could read the board through DNS
    rebinding; Starlette's slash redirect took its Location from the Host sent. Now a Host that
    is not one of the server's names is a 400 with a line of text, and /events/ redirects to the
    path /events."""
    server = served(game(tmp_path))
    for host in ("evil.example", f"evil.example:{server.port}", "127.0.0.1.evil.example", "localhost.evil", ""):
        status, body, headers = server.ask("/state.json", host=host)
        assert status == 400, host
        assert "This server answers to 127.0.0.1, [::1], localhost only" in body and "board" not in body
        assert all(want in headers[key] for key, want in HEADERS.items())
    for host in (f"127.0.0.1:{server.port}", f"localhost:{server.port}", "LOCALHOST.", f"[::1]:{server.port}"):
        assert server.ask("/state.json", host=host)[0] == 200, host
    status, body, headers = server.ask("/events/", host="evil.example")
    assert status == 400 and "location" not in headers
    for where, to in (("/events/", "/events"), ("/state.json/", "/state.json")):
        status, _, headers = server.ask(where)
        assert status == 308 and headers["location"] == to
    assert server.ask("//evil.example/")[0] == 404  # never a redirect to another site


def test_every_answer_carries_the_security_headers(tmp_path, served):
    """404, 405 and redirects had no CSP, nosniff or no-store; a middleware now puts them on
    every answer."""
    server = served(game(tmp_path))
    for where, method, status in (("/", "GET", 200), ("/state.json", "GET", 200), ("/nothing", "GET", 404),
                                  ("/", "POST", 405), ("/state.json", "DELETE", 405), ("/events/", "GET", 308)):
        got, _, headers = server.ask(where, method)
        assert got == status, (where, method)
        for key, want in HEADERS.items():
            assert want in headers.get(key, ""), (where, method, key)


def test_a_game_file_whose_name_is_not_utf8_is_served_not_a_500(tmp_path, served):
    """/state.json answered 500 for a file named with a byte that is not UTF-8: the name could
    not be encoded. The name is now shown with the byte made visible (\\udcff)."""
    folder = os.fsencode(tmp_path)
    sound, broken = folder + b"/b\xff.toml", folder + b"/c\xff.toml"
    with open(sound, "wb") as fh:
        fh.write((EXAMPLES / "mid-game.toml").read_bytes())
    with open(broken, "wb") as fh:
        fh.write(b"format = 1\nplayers = [")
    first = served(sound)
    assert "b\\udcff.toml" in first.first
    status, body, _ = first.ask("/state.json")
    assert status == 200 and '"version": 1' in body
    assert first.ask("/")[0] == 200
    second = served(broken)
    status, body, _ = second.ask("/state.json")
    assert status == 200 and "c\\\\udcff.toml is not valid TOML" in body
    status, body, _ = second.ask("/")
    assert status == 200 and "c\\udcff.toml" in body


def test_one_read_per_change_whatever_the_number_of_pages_and_the_pages_are_bounded(tmp_path, monkeypatch):
    """Each event stream read the file again at a change (40 pages, 40 reads). Now one reader
    follows the file: with 8 pages open and 3 changes the file is read 4 times (the first read
    and one per change), every page gets every change, and a page past the most that may be
    open is refused (503) with the headers."""
    from acquire_ref.web import app as web

    monkeypatch.setattr(web, "MAX_STREAMS", 8)
    path = game(tmp_path)
    versions = [path.read_bytes()]
    from acquire_ref.files.session import GameFile

    handle = GameFile.open(path)
    for move in ("place 4A", "buy"):
        handle.apply(move)
        versions.append(path.read_bytes())
    path.write_bytes(versions[0])
    stopping = threading.Event()
    app = web.create_app(path, stopping=stopping)
    with running(app, stopping) as port:
        streams = []
        try:
            for _ in range(8):
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                conn.request("GET", "/events")
                response = conn.getresponse()
                assert response.status == 200
                streams.append((conn, response))
            for _, response in streams:
                next_board(response)
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            conn.request("GET", "/events")
            refused = conn.getresponse()
            assert refused.status == 503 and "8 pages are open already" in refused.read().decode()
            assert refused.getheader("X-Content-Type-Options") == "nosniff"
            conn.close()
            assert app.board is not None and app.board.reads == 1
            for text in (versions[1], versions[2], versions[0]):
                temporary = path.with_suffix(".new")
                temporary.write_bytes(text)
                os.replace(temporary, path)
                for _, response in streams:
                    next_board(response)
            assert app.board.reads == 4
        finally:
            for conn, _ in streams:
                conn.close()


def next_board(response) -> None:
    """Read the event stream up to the end of its next board event."""
    deadline = time.monotonic() + 10
    while not response.readline().startswith(b"event: board"):
        assert time.monotonic() < deadline
    while response.readline() not in (b"\n", b""):
        pass
