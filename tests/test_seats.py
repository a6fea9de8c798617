"""The players' own screens without a browser (DESIGN 9, R10.3): the seats' side file and its
tokens, ``acquire-ref seats``, each seat's page and state, and every refusal of the write route
(another seat, a stale version, no CSRF token, another origin, a wrong link, too many wrong
links), through Starlette's TestClient. The whole game in Chromium is in tests/test_seats_browser.py."""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from acquire_ref.files import seat_links as tokens
from acquire_ref.web import seat_model
from acquire_ref.web.app import create_app
from acquire_ref.web.seats import Bucket
from tests.helpers import moves_of, running
from tests.test_serve_pages import FOUR, MERGER, game_file

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
ORIGIN = "http://localhost"  # a name the server answers to (its Host allow-list)


@pytest.fixture
def table(cli, tmp_path):
    """``table(moves, **options)``: the game file of the example's first ``moves``, its seats'
    tokens, and a TestClient of its server."""

    def made(moves: int | None = None, **options: str) -> tuple[Path, dict[str, str], TestClient]:
        script = game_file(tmp_path / "script.toml", moves, **options)
        path = tmp_path / "g.toml"
        assert cli("play", script, "--force", game=path).exit_code == 0
        links = cli.json("seats", "--json", "--host", "127.0.0.1", game=path)
        kept = {seat["player"]: seat["url"].rsplit("/", 1)[1] for seat in links}
        return path, kept, TestClient(create_app(path), base_url=ORIGIN)

    return made


def csrf_of(client: TestClient, token: str) -> str:
    page = client.get(f"/seat/{token}")
    assert page.status_code == 200, page.text
    found = re.search(r'<meta name="csrf-token" content="([0-9a-f]+)">', page.text)
    assert found
    return found.group(1)


def post(client: TestClient, token: str, move: str, version: int, csrf: str | None = None,
         origin: str | None = ORIGIN) -> tuple[int, dict]:
    headers = {"Content-Type": "application/json"}
    if csrf is not None:
        headers["X-CSRF-Token"] = csrf
    if origin is not None:
        headers["Origin"] = origin
    answer = client.post(f"/seat/{token}/move", content=json.dumps({"move": move, "version": version}), headers=headers)
    return answer.status_code, answer.json()


def test_seats_json_lists_each_player_with_a_128_bit_token_kept_in_a_0600_side_file(cli, table):
    path, kept, _ = table(5)
    side = Path(str(path) + ".seats")
    assert stat.S_IMODE(os.stat(side).st_mode) == 0o600
    assert list(kept) == PLAYERS
    assert all(len(t) >= 22 and re.fullmatch(r"[A-Za-z0-9_-]+", t) for t in kept.values())
    assert len(set(kept.values())) == 4
    again = cli.json("seats", "--json", "--host", "127.0.0.1", "--port", "9000", game=path)
    assert again == [{"player": p, "url": f"http://127.0.0.1:9000/seat/{kept[p]}"} for p in PLAYERS]
    assert not any(t in path.read_text() for t in kept.values())  # never in the game file
    renewed = cli.json("seats", "--json", "--new", "--host", "127.0.0.1", game=path)
    assert not {s["url"].rsplit("/", 1)[1] for s in renewed} & set(kept.values())
    assert stat.S_IMODE(os.stat(side).st_mode) == 0o600


def test_seats_prints_each_link_with_a_qr_code(cli, table):
    path, kept, _ = table(5)
    result = cli("seats", "--host", "192.168.1.20", game=path)
    assert result.exit_code == 0, result.output
    assert f"Ann: http://192.168.1.20:8765/seat/{kept['Ann']}" in result.stdout
    assert result.stdout.count("▄▄▄▄▄") >= 4 * 3  # three finder patterns per code
    assert "\x1b" not in result.stdout


def test_no_other_command_prints_a_token(cli, table):
    path, kept, _ = table(5)
    for args in (["status", "--json"], ["log"], ["status"], ["show"]):
        result = cli(*args, game=path)
        assert not any(t in result.output for t in kept.values()), args


@pytest.mark.parametrize("spoil", ["mode", "json", "players", "short", "link"])
def test_a_spoilt_side_file_is_refused_with_exit_4_and_how_to_replace_it(cli, table, spoil, tmp_path):
    path, kept, _ = table(5)
    side = Path(str(path) + ".seats")
    if spoil == "mode":
        os.chmod(side, 0o644)
    elif spoil == "json":
        side.write_text("{not json")
    elif spoil == "players":
        side.write_text(json.dumps({"seats": {"Ann": kept["Ann"], "Eve": kept["Ben"]}}))
    elif spoil == "short":
        side.write_text(json.dumps({"seats": {p: "abc" for p in PLAYERS}}))
    else:
        side.unlink()
        (tmp_path / "elsewhere").write_text("{}")
        side.symlink_to(tmp_path / "elsewhere")
    result = cli("seats", "--json", game=path)
    assert result.exit_code == 4, result.output
    assert "seats --new" in result.stderr or "move it away" in result.stderr
    assert "Traceback" not in result.output


def test_a_seat_answers_its_own_decision_and_the_file_has_the_move(table):
    path, kept, client = table(1)  # the start tiles: Ben places first
    state = client.get(f"/seat/{kept['Ben']}/state.json").json()
    assert state["turn"] and state["ask"]["kind"] == "place"
    assert state["ask"]["tiles"]["6C"] == "founds a chain of 2"
    code, answer = post(client, kept["Ben"], "place 6C", state["version"], csrf_of(client, kept["Ben"]))
    assert code == 200 and answer["ok"] and answer["move"] == "place 6C"
    assert answer["did"] == "Ben placed 6C"
    assert "place 6C" in path.read_text()
    after = client.get(f"/seat/{kept['Ben']}/state.json").json()
    assert after["version"] == answer["version"] != state["version"]
    assert [a["move"] for a in after["ask"]["answers"]][:2] == ["choose Tower", "choose Luxor"]


def test_one_seat_cannot_act_for_another_nor_replay_a_stale_version(table):
    path, kept, client = table(1)
    version = client.get(f"/seat/{kept['Ann']}/state.json").json()["version"]
    assert client.get(f"/seat/{kept['Ann']}/state.json").json()["ask"] is None
    code, answer = post(client, kept["Ann"], "place 6C", version, csrf_of(client, kept["Ann"]))
    assert code == 403 and "not Ann's" in answer["error"]
    ben = csrf_of(client, kept["Ben"])
    assert post(client, kept["Ben"], "place 6C", version, ben)[0] == 200
    before = path.read_text()
    code, answer = post(client, kept["Ben"], "choose Tower", version, ben)  # the page before the move
    assert code == 409 and "moved on" in answer["error"]
    assert path.read_text() == before


def test_a_post_without_the_csrf_token_or_from_another_origin_is_refused(table):
    path, kept, client = table(1)
    version = client.get(f"/seat/{kept['Ben']}/state.json").json()["version"]
    before = path.read_text()
    csrf = csrf_of(client, kept["Ben"])
    assert post(client, kept["Ben"], "place 6C", version)[0] == 403
    assert post(client, kept["Ben"], "place 6C", version, csrf[::-1])[0] == 403
    assert post(client, kept["Ben"], "place 6C", version, csrf, origin="http://evil.example")[0] == 403
    assert post(client, kept["Ben"], "place 6C", version, csrf, origin=None)[0] == 403
    assert post(client, kept["Ann"], "place 6C", version, csrf)[0] == 403  # Ben's CSRF token on Ann's link
    assert path.read_text() == before


def test_an_illegal_or_malformed_move_is_400_and_changes_nothing(table):
    path, kept, client = table(1)
    version = client.get(f"/seat/{kept['Ben']}/state.json").json()["version"]
    csrf = csrf_of(client, kept["Ben"])
    before = path.read_text()
    code, answer = post(client, kept["Ben"], "place 6B", version, csrf)
    assert code == 400 and "6B" in answer["error"]
    bad = client.post(f"/seat/{kept['Ben']}/move", content=b"x" * 5000,
                      headers={"Origin": ORIGIN, "X-CSRF-Token": csrf})
    assert bad.status_code == 413
    bad = client.post(f"/seat/{kept['Ben']}/move", content=b'{"move": 3}', headers={"Origin": ORIGIN, "X-CSRF-Token": csrf})
    assert bad.status_code == 400
    assert path.read_text() == before


def test_a_wrong_link_is_403_and_many_from_one_address_are_429(table):
    _, kept, client = table(1)
    assert client.get("/seat/" + "x" * 32).status_code == 403
    codes = [client.get(f"/seat/{'y' * 30}{i:02d}/state.json").status_code for i in range(12)]
    assert codes[:9] == [403] * 9 and codes[-1] == 429
    assert client.get(f"/seat/{'z' * 32}").status_code == 429  # every wrong link from the address waits
    assert client.get(f"/seat/{kept['Ann']}").status_code == 200  # a correct link is never counted (issue 34)


def test_the_bucket_refills_at_its_rate():
    bucket = Bucket(size=2, rate=0.5)
    bucket.spend("a", now=0.0)
    bucket.spend("a", now=0.0)
    assert not bucket.allowed("a", now=0.0) and bucket.allowed("b", now=0.0)
    assert bucket.allowed("a", now=2.0)  # one back after 2 seconds


def test_the_tv_page_and_its_routes_carry_no_token_and_take_no_post(table):
    _, kept, client = table(MERGER)
    for route in ("/", "/state.json"):
        text = client.get(route).text
        assert not any(t in text for t in kept.values())
    assert client.post("/state.json").status_code == 405
    assert client.post("/", content=b"{}").status_code == 405


def test_with_hidden_holdings_a_seat_sees_only_its_own_figures(table):
    _, kept, client = table(MERGER + 2, holdings="hidden")  # Ann's Tower disposal is pending
    tv = client.get("/state.json").json()
    assert all(p["cash"] is None and p["shares"] == [] for p in tv["players"])
    for player in PLAYERS:
        doc = client.get(f"/seat/{kept[player]}/state.json").json()
        rows = {p["name"]: p for p in doc["board"]["players"]}
        assert rows[player]["cash"] is not None
        assert all(rows[o]["cash"] is None and rows[o]["shares"] == [] for o in PLAYERS if o != player)
        page = client.get(f"/seat/{kept[player]}").text
        for other in PLAYERS:
            cell = re.search(rf"<td>{other}</td><td class=\"num\">([^<]*)</td>", page)
            assert cell and (cell.group(1).startswith("$") if other == player else cell.group(1) == ""), (player, other)
    ann = client.get(f"/seat/{kept['Ann']}/state.json").json()
    assert ann["ask"]["kind"] == "dispose"
    assert [a["move"] for a in ann["ask"]["answers"]] == ["dispose", "dispose --sell 1"]
    assert ann["ask"]["answers"][1]["preview"] == "sell 1 for $400, hold 0"


def test_a_purchase_previews_its_cost_and_the_cash_left_for_the_seat():
    from acquire_ref.engine.game import Game
    from acquire_ref.engine.moves import parse_move

    g = Game.table(["Ann", "Ben", "Cat"])
    for m in ("start 1A 5E 9I", "place 2A", "choose Tower"):
        g.apply(parse_move(m))
    doc = seat_model.seat(g, "Ann")
    previews = {a["move"]: a["preview"] for a in doc["ask"]["answers"]}
    assert previews["buy Tower=3"] == "buy 3 Tower: $600, $5,400 left"  # Tower of 2 at $200 (R3.2)
    assert previews["buy"] == "buy nothing and finish the turn"
    assert seat_model.seat(g, "Ben")["ask"] is None


def test_tokens_read_refuses_a_file_open_to_others(tmp_path):
    game = tmp_path / "g.toml"
    made = tokens.write(game, ["Ann", "Ben"])
    assert tokens.read(game, ["Ann", "Ben"]) == made
    os.chmod(tokens.side_file(game), 0o640)
    with pytest.raises(Exception, match="open to others"):
        tokens.read(game, ["Ann", "Ben"])


def test_the_console_shows_the_pending_seats_qr_code_on_f7_then_the_next(table):
    import asyncio

    from acquire_ref.console.app import InfoScreen, TableApp

    path, kept, _ = table(1)  # Ben places first

    async def run() -> list[str]:
        shown = []
        app = TableApp(path)
        async with app.run_test(size=(100, 60)) as pilot:
            for _ in range(2):
                await pilot.press("f7")
                await pilot.pause()
                assert isinstance(app.screen, InfoScreen)
                shown.append(str(app.screen.text))
        return shown

    ben, cat = asyncio.run(run())
    assert ben.startswith("Ben's own screen") and kept["Ben"] in ben and "█▀▀▀▀▀▀▀█" in ben
    assert cat.startswith("Cat's own screen") and kept["Cat"] in cat


def test_in_dealt_mode_a_seat_sees_its_own_rack_and_answers_with_its_tiles():
    from acquire_ref.engine.game import Game, shuffled_bag
    from acquire_ref.engine.moves import parse_move

    g = Game.dealt(["Ann", "Ben", "Cat"], shuffled_bag(7), 7)
    g.apply(parse_move("start"))
    ben = seat_model.seat(g, "Ben")  # Ben plays first with this bag
    assert ben["me"]["rack"] == ["3B", "12E", "7G", "6H", "1C", "3D"]
    assert [(a["move"], a["preview"]) for a in ben["ask"]["answers"]][:2] == [
        ("place 3B", "place 3B: is a lone tile"), ("place 12E", "place 12E: is a lone tile")]
    assert ben["ask"]["tiles"] is None  # no tile to type: the rack's tiles are the buttons
    for other in ("Ann", "Cat"):
        doc = seat_model.seat(g, other)
        assert doc["me"]["rack"] == [str(t) for t in g.supply.rack(other)]
        del doc["board"]["grid"]  # every square of the board is named there
        assert not any(f'"{t}"' in json.dumps(doc) for t in ben["me"]["rack"]), other
        assert [p["rack"] for p in doc["board"]["players"]] == [6, 6, 6]  # the others' racks: a count only


def test_the_server_reads_a_changed_file_once_for_the_tv_and_every_seat(table, cli):
    path, kept, client = table(1)
    for _ in range(2):
        client.get("/state.json")
        for player in PLAYERS:
            client.get(f"/seat/{kept[player]}/state.json")
    assert cli("place", "6C", game=path).exit_code == 0
    for player in PLAYERS:
        assert client.get(f"/seat/{kept[player]}/state.json").json()["board"]["last"] == "Ben placed 6C"
    assert client.get("/state.json").json()["last"] == "Ben placed 6C"
    assert client.app.board.reads == 2  # the first look, and once after the change (the CLI's own read aside)


def test_a_move_from_a_seat_reads_and_replays_nothing_with_the_tv_a_seat_and_the_review_open(table, monkeypatch):
    """The seats' write route, the TV's board and the review hold one game (web/holder.py): a
    seat's move is applied to it and written, and every page follows from it. Each of the three
    read and replayed the file again after every move (3 reads and 3 replays a move)."""
    import acquire_ref.files.storage as storage
    from acquire_ref.files.record import Record

    path, kept, client = table(10)
    csrf = {p: csrf_of(client, kept[p]) for p in PLAYERS}
    assert client.get("/review.json").status_code == 200
    reads: list[Path] = []
    starts: list[int] = []
    real_read, real_start = storage.read_stamped, Record.start
    monkeypatch.setattr(storage, "read_stamped", lambda p, *a, **k: reads.append(p) or real_read(p, *a, **k))
    monkeypatch.setattr(Record, "start", lambda self, *a, **k: starts.append(1) or real_start(self, *a, **k))
    moves = moves_of(FOUR)[10:14]
    for move in moves:
        whose = next(p for p in PLAYERS if client.get(f"/seat/{kept[p]}/state.json").json()["turn"])
        version = client.get(f"/seat/{kept[whose]}/state.json").json()["version"]
        assert post(client, kept[whose], move, version, csrf[whose])[0] == 200
        client.get("/state.json")
    review = client.get("/review.json").json()
    assert (reads, starts) == ([], [])
    assert [s["move"] for s in review["steps"][-4:]] == moves and len(review["steps"]) == 15
    assert review == client.get("/review.json").json()
    from acquire_ref.files.storage import load_game

    assert [str(m) for m in load_game(path)[0].moves][-4:] == moves  # each move written


def test_the_seats_have_their_own_stream_budget_beside_the_tvs(table, monkeypatch):
    """Issue 34: the seats' streams counted against the TV's bound, so idle TV pages locked every
    player out (503). Now the TV's pages fill only their own bound (MAX_STREAMS, here 2): a seat's
    stream still opens, and a seat has its own few (PER_SEAT, here 1), one more being a 503 that
    carries the security headers."""
    import http.client
    import threading

    from acquire_ref.web import app as web
    from acquire_ref.web import guard

    monkeypatch.setattr(web, "MAX_STREAMS", 2)
    monkeypatch.setattr(guard, "PER_SEAT", 1)
    path, kept, _ = table(4)
    stopping = threading.Event()
    opened = []

    def stream(port: int, url: str) -> http.client.HTTPResponse:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", url)
        response = conn.getresponse()
        opened.append(conn)
        return response

    with running(web.create_app(path, stopping=stopping), stopping) as port:
        try:
            for url in ("/events", "/events", f"/seat/{kept['Ann']}/events", f"/seat/{kept['Ben']}/events"):
                response = stream(port, url)
                assert response.status == 200, url
                assert response.readline() == b"retry: 1000\n"  # running, so counted
            refused = stream(port, f"/seat/{kept['Ben']}/events")
            assert refused.status == 503 and "this seat's page is open 1 times already" in refused.read().decode()
            assert refused.getheader("X-Content-Type-Options") == "nosniff"
            refused = stream(port, "/events")
            assert refused.status == 503 and "2 pages are open already" in refused.read().decode()
        finally:
            for conn in opened:
                conn.close()
