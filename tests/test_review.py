"""The post-game review (issue 29): its document step by step against ``status --json`` of the
game replayed to each move, what it shows while holdings are hidden (R10.1), ``log --html`` on
every shipped example and its refusals, serve's ``/review`` routes, and the hall's links (T5.2).
The page in a real browser is tests/test_review_browser.py."""

from __future__ import annotations

import json
import re

import pytest

from acquire_ref.files.record import Record
from acquire_ref.files.storage import load_game
from acquire_ref.web import review
from tests.helpers import EXAMPLES, moves_of, refused
from tests.test_serve_pages import FOUR, MERGER, game_file

SCRIPTS = sorted(p for p in EXAMPLES.glob("*.toml") if re.search(r"^moves = \[", p.read_text(), re.M))
"""The shipped games (final-position.toml is a results sheet for ``score --position``, no game)."""


def four() -> dict:
    return review.document(load_game(FOUR)[1])


def test_every_step_matches_status_of_the_game_replayed_to_it(cli, tmp_path):
    doc = four()
    assert len(doc["steps"]) == len(moves_of(FOUR)) + 1
    for n in (1, 20, MERGER, len(moves_of(FOUR))):
        path = tmp_path / f"g{n}.toml"
        assert cli("play", game_file(tmp_path / f"s{n}.toml", n), game=path).exit_code == 0
        status = cli.json("status", game=path)
        step = doc["steps"][n]
        assert step["n"] == n and step["move"] == moves_of(FOUR)[n - 1]
        assert [" ".join(r) for r in step["board"]] == [r[2:] for r in status["board"]]
        assert [(p["name"], p["cash"], {c: k for c, k in p["shares"].items() if k}) for p in status["players"]] == \
            [(p["name"], p["cash"], p["shares"]) for p in step["players"]]
        assert step["chains"] == status["chains"]


def test_step_zero_is_the_setup_and_the_last_is_the_end():
    doc = four()
    first, last = doc["steps"][0], doc["steps"][-1]
    assert first["move"] is None and first["board"] == [["."] * 12] * 9
    assert [p["cash"] for p in first["players"]] == [6000] * 4
    assert last["over"] and doc["over"]
    assert doc["result"] == "Ann declared the end (R8.2)"
    assert doc["standings"][0] == {"player": "Ann", "cash": 26500, "rank": 1}


def test_the_merger_moves_are_marked_and_carry_their_banner():
    doc = four()
    mergers = [s["n"] for s in doc["steps"] if s["merger"]]
    assert mergers == [MERGER, 53, 69]
    step = doc["steps"][MERGER]
    assert step["banner"]["headline"] == "Merger by Dan: Continental survives (Continental 6, Tower 4, American 4)"
    assert step["words"] == "Dan placed 6E, a merger: Continental takes over Tower and American"
    assert doc["steps"][MERGER - 1]["banner"] is None


def test_the_chart_counts_the_bonuses_as_r8_5_and_ends_at_the_final_money():
    """Issue 33: the chart drew net worth without the bonuses, so at the last turn the winner (Ann,
    $26,500) showed second behind Cat ($18,500 against $17,500). Each point is now the game scored
    as if it ended after that turn (R8.5: bonuses paid, shares sold), the last one the final money."""
    doc = four()
    assert doc["worth"][0] == {"turn": 1, "worth": {"Ann": 6000, "Ben": 10800, "Cat": 6000, "Dan": 6000}}
    # Ben: $5,400 cash, American's majority and minority bonuses at size 2 ($3,000 + $1,500), 3 shares at $300
    assert doc["worth"][-1] == {"turn": 28, "worth": {"Ann": 26500, "Ben": 18200, "Cat": 18500, "Dan": 25600}}
    assert {s["player"]: s["cash"] for s in doc["standings"]} == doc["worth"][-1]["worth"]
    record = load_game(FOUR)[1]
    for point in doc["worth"][1:-1:7]:  # the engine's projection of the game replayed to the end of that turn
        upto = next(s["n"] for s in reversed(doc["steps"]) if s["turn"] == point["turn"])
        game = Record(record.players, moves=record.moves[:upto]).replay()
        assert point["worth"] == {s.player: s.total for s in game.score_breakdown(projected=True)}, point["turn"]
    assert doc["steps"][0]["chart"] is None and doc["steps"][1]["chart"] is None  # the start tiles: no turn done
    assert doc["steps"][4]["chart"] == 1  # Ben's buy finished turn 1
    assert doc["steps"][-1]["chart"] == doc["worth"][-1]["turn"]


def test_hidden_holdings_show_the_public_view_until_the_end(tmp_path, cli):
    path = tmp_path / "g.toml"
    assert cli("play", game_file(tmp_path / "s.toml", 60, holdings="hidden"), game=path).exit_code == 0
    doc = review.document(load_game(path)[1])
    assert doc["worth"] == [] and doc["standings"] == [] and not doc["over"]
    for step in doc["steps"]:
        assert all(p["cash"] is None and p["shares"] == {} for p in step["players"]), step["n"]
        assert step["did"] == [] and not step["shown"]
    assert doc["steps"][4]["words"] == "Ben bought shares"  # no count, no amount (R10.1)
    assert doc["steps"][4]["move"] == "buy" and doc["steps"][3]["move"] == "choose American"
    assert not any("=" in s["move"] or "--" in s["move"] for s in doc["steps"][1:])
    text = review.data_json(doc)
    assert "5,400" not in text and "5400" not in text  # Ben's cash after turn 1
    assert doc["steps"][MERGER]["banner"]["disposals"] == []


def test_hidden_holdings_once_over_show_everything_at_every_step(tmp_path, cli):
    path = tmp_path / "g.toml"
    assert cli("play", game_file(tmp_path / "s.toml", holdings="hidden"), game=path).exit_code == 0
    hidden, open_ = review.document(load_game(path)[1]), four()
    assert hidden["worth"] == open_["worth"]
    for a, b in zip(hidden["steps"], open_["steps"], strict=True):
        assert a["players"] == b["players"] and a["shown"]
    assert "Ben pays the bank $600 for 2 American (R6)" in hidden["steps"][4]["did"]
    assert hidden["steps"][4]["move"] == "buy American=2"


def test_the_data_block_can_not_be_ended_by_a_name():
    doc = review.document(Record(["</script><b>x", "Ben&amp;"], moves=["start 1A 5E"]))
    text = review.data_json(doc)
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text)["players"] == ["</script><b>x", "Ben&amp;"]
    page = review.page(doc)
    assert page.count("</script>") == 2  # the data block's and the script's own
    assert "<b>x" not in page


def test_the_page_allows_only_its_own_script_and_no_connection():
    page = review.page(four())
    import html

    policy = html.unescape(re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page).group(1))
    assert f"script-src {review.script_hash()};" in policy and "connect-src 'none'" in policy
    assert "data-live=" not in page
    assert "connect-src 'self'" in review.policy(live=True)


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_log_html_works_on_every_shipped_example(cli, tmp_path, script):
    out = tmp_path / "review.html"
    result = cli("log", "--html", out, game=script)
    assert result.exit_code == 0, result.output
    assert f"Wrote {out}" in result.stderr
    data = json.loads(re.search(r'<script type="application/json" id="review-data">(.*?)</script>',
                                out.read_text(encoding="utf-8"), re.S).group(1))
    assert len(data["steps"]) == len(moves_of(script)) + 1


def test_log_html_refuses_the_game_file_and_a_fifo(cli, finished_game, tmp_path):
    assert "is the game file" in refused(cli, finished_game, "log", "--html", finished_game, code=2)
    link = tmp_path / "link.html"
    link.symlink_to(finished_game)
    assert "is the game file" in refused(cli, finished_game, "log", "--html", link, code=2)
    import os

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert "not an export" in refused(cli, finished_game, "log", "--html", fifo, code=4)


def test_log_html_writes_over_an_earlier_review(cli, finished_game, tmp_path):
    out = tmp_path / "r.html"
    out.write_text("old")
    assert cli("log", "--html", out, game=finished_game).exit_code == 0
    assert out.read_text().startswith("<!doctype html>")


def call(app, path: str, method: str = "GET") -> tuple[int, dict[str, str], str]:
    """One request to the ASGI ``app`` in-process: ``(status, headers, body)``."""
    import asyncio

    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {"type": "http", "method": method, "path": path, "raw_path": path.encode(), "query_string": b"",
             "headers": [(b"host", b"127.0.0.1")], "scheme": "http", "server": ("127.0.0.1", 80),
             "client": ("127.0.0.1", 1), "root_path": "", "http_version": "1.1"}
    asyncio.run(app(scope, receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start["status"], {k.decode(): v.decode() for k, v in start["headers"]}, body.decode()


def test_serve_gives_the_review_and_follows_the_game(cli, tmp_path):
    from acquire_ref.web.app import create_app

    path = tmp_path / "g.toml"
    assert cli("play", game_file(tmp_path / "s.toml", 10), game=path).exit_code == 0
    app = create_app(path)
    status, headers, page = call(app, "/review")
    assert status == 200 and 'data-live="1"' in page
    assert review.script_hash() in headers["content-security-policy"]
    assert "connect-src 'self'" in headers["content-security-policy"]
    assert len(json.loads(call(app, "/review.json")[2])["steps"]) == 11
    assert cli("play", game_file(tmp_path / "s2.toml", 12), "--force", game=path).exit_code == 0
    assert len(json.loads(call(app, "/review.json")[2])["steps"]) == 13
    assert call(app, "/review", "POST")[0] == 405


def test_serve_review_of_an_unreadable_file_waits(tmp_path):
    from acquire_ref.web.app import create_app

    status, _, text = call(create_app(tmp_path / "missing.toml"), "/review")
    assert status == 503 and "can't be read yet" in text


def test_the_hall_links_each_finished_tables_review():
    from acquire_ref.tournament.tournament_views import review_href, review_name

    doc = {"rounds": [{"number": 1, "tables": [
        {"table": 1, "seats": ["Ann", "Ben"], "game": "club-r1-t1.toml", "result": {"source": "game"}},
        {"table": 2, "seats": ["Cat", "Dan"], "game": "club-r1-t2.toml", "result": {"source": "sheet"}},
        {"table": 3, "seats": ["Eve", "Fay"], "game": "javascript:x #.toml", "result": {"source": "game"}},
        {"table": 4, "seats": ["Gus", "Hal"], "game": "club-r1-t4.toml", "result": None}]}]}
    assert review_name("club-r1-t1.toml") == "club-r1-t1.html"
    assert [review_href(t) for t in doc["rounds"][0]["tables"]] == ["./club-r1-t1.html", "", "./javascript%3Ax%20%23.html", ""]


def test_the_hall_page_links_the_review_beside_a_finished_tables_game(cli, tmp_path):
    from tests.helpers import play_out, tournament_ok

    tournament_ok(cli, tmp_path, "new", "Club", "--seed", "3", "--tiles", "dealt")
    tournament_ok(cli, tmp_path, "add", "Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
    tables = json.loads(tournament_ok(cli, tmp_path, "draw", "--json"))["round"]["tables"]
    game = tmp_path / tables[0]["game"]
    play_out(game, "7")
    tournament_ok(cli, tmp_path, "result", 1, 1)
    tournament_ok(cli, tmp_path, "standings", "--html", "hall.html")
    page = (tmp_path / "hall.html").read_text()
    name = tables[0]["game"].removesuffix(".toml") + ".html"
    assert f'<a href="./{name}">table 1</a>' in page  # the finished table's card links its review
    assert page.count("<a href=") == 1  # table 2 is still playing
    assert cli("log", "--html", tmp_path / name, game=game).exit_code == 0
