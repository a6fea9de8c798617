"""A whole game played from the players' own screens (DESIGN 9), in Chromium through Playwright:
four phones (390 x 844) each answer their own decisions on their seat's page, through its
buttons, steppers and tile keys, while the TV page follows; one move in between comes from the
command line. Holdings are hidden (R10.1), and at every decision the TV page, its state, its
event stream and each seat's page are checked to carry no other player's cash or shares, and
no seat's token on the TV. The refusals of the write route are in tests/test_seats.py.
"""

from __future__ import annotations

import http.client
import re
from pathlib import Path
from urllib.parse import urlsplit

from acquire_ref.files.storage import load_game
from acquire_ref.web.seat_model import version
from tests.helpers import moves_of
from tests.test_serve_browser import ARTIFACTS, FOUR, WAIT, browser, serve  # noqa: F401 (fixtures)
from tests.test_serve_pages import game_file

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
CLI_MOVE = 20
"""The move (index in the example) typed at the command line instead of on a phone."""


def first_event(url: str) -> str:
    """The first event an event stream at ``url`` sends (its first ``data:`` lines)."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    conn.request("GET", parts.path)
    answer = conn.getresponse()
    text = ""
    while "event:" not in text or "\n\n" not in text[text.index("event:"):]:
        text += answer.read1(65536).decode()
    conn.close()
    return text


def get(url: str) -> str:
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    conn.request("GET", parts.path)
    text = conn.getresponse().read().decode()
    conn.close()
    return text


def others_hidden(html: str, player: str | None) -> None:
    """In a seat's page (or fragment) of ``player``, only ``player``'s own cash shows."""
    for other in PLAYERS:
        cell = re.search(rf"<td>{other}</td><td class=\"num\">([^<]*)</td>", html)
        assert cell, other
        assert cell.group(1).startswith("$") if other == player else cell.group(1) == "", (player, other, cell.group(1))


def answer(page, move: str) -> None:
    """Answer ``move`` (the example's notation) on a seat's page, as a player would tap it."""
    word, *rest = move.split()
    if word == "place":
        page.fill("#tile", rest[0])
        page.click("#placetile")
    elif word == "choose":
        page.click(f'button[data-move="{move}"]')
    elif word in ("end", "pass"):  # asked once more: a second tap confirms
        page.click(f'button[data-move="{move}"]')
        page.click(f'button[data-move="{move}"]')
    elif word == "dispose":
        counts = dict(zip(rest[1::2], rest[2::2], strict=True)) if len(rest) > 1 else {}
        for _ in range(int(counts.get("--sell", 0))):
            page.click('.stepper[data-key="sell"] .step[data-step="1"]')
        for _ in range(int(counts.get("--trade", 0)) // 2):
            page.click('.stepper[data-key="trade"] .step[data-step="2"]')
        page.click("#stepsend")
    else:
        assert word == "buy", move
        for order in rest:
            chain, n = order.split("=")
            for _ in range(int(n)):
                page.click(f'.stepper[data-key="{chain}"] .step[data-step="1"]')
        page.click("#stepsend")


def test_a_whole_game_from_four_phones_with_the_tv_following(browser, serve, cli, tmp_path):  # noqa: F811
    from playwright.sync_api import expect

    script = game_file(tmp_path / "script.toml", 1, holdings="hidden")
    path = tmp_path / "g.toml"
    assert cli("play", script, "--force", game=path).exit_code == 0
    server = serve(path)
    port = urlsplit(server.url).port
    links = {s["player"]: s["url"] for s in cli.json("seats", "--json", "--host", "127.0.0.1", "--port", str(port), game=path)}
    phones = {}
    for player in PLAYERS:
        context = browser.new_context(viewport={"width": 390, "height": 844})
        phones[player] = context.new_page()
        phones[player].goto(links[player])
    tv = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    tv.goto(server.url)
    moves = moves_of(FOUR)
    tokens = [u.rsplit("/", 1)[1] for u in links.values()]
    merged = False
    for i, move in enumerate(moves[1:], start=1):
        game = load_game(path)[0]
        who = game.pending.player
        page = phones[who]
        expect(page.locator(".top")).to_have_attribute("data-version", str(version(game)), timeout=WAIT)
        expect(page.locator(".top")).to_have_attribute("data-turn", "yes")
        if i == CLI_MOVE:
            assert cli(*move.split(), game=path).exit_code == 0
        else:
            page.evaluate("document.getElementById('sent').textContent = ''")
            answer(page, move)
            expect(page.locator("#sent")).not_to_have_text("Sending...", timeout=WAIT)
            assert "bad" not in (page.locator("#sent").get_attribute("class") or ""), page.locator("#sent").text_content()
        if move.startswith("dispose") and not merged:  # among the disposals of the three-chain merger
            merged = True
            tv_html = tv.content()
            assert 'class="num cash"' not in tv_html and not any(t in tv_html for t in tokens)
            assert '"cash": null' in get(server.url + "state.json").replace('"cash":null', '"cash": null')
            assert 'class="num cash"' not in first_event(server.url + "events")
            for player in PLAYERS:
                others_hidden(phones[player].content(), player)
                others_hidden(first_event(links[player] + "/events"), player)
            page.screenshot(path=str(ARTIFACTS / "seat-390x844-dispose.png"))
    final = load_game(path)[0]
    assert final.over and len(final.moves) == len(moves)
    expect(tv.locator(".final")).to_contain_text("Ann", timeout=WAIT)
    for player in PLAYERS:
        expect(phones[player].locator(".final")).to_contain_text("$26,500", timeout=WAIT)  # Ann wins with $26,500
    tv.screenshot(path=str(ARTIFACTS / "seat-tv-final.png"))
    phones["Ann"].screenshot(path=str(ARTIFACTS / "seat-390x844-final.png"))
    assert not any(t in tv.content() for t in tokens)
    assert Path(str(path) + ".seats").stat().st_mode & 0o777 == 0o600
