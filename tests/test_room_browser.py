"""The room's acceptance test (DESIGN 9), in Chromium through Playwright: one command at the
keyboard (``acquire-ref room Ann Ben Cat Dan --option holdings=hidden``), then a whole
hidden-holdings game tapped on four phones (390 x 844) with a TV (1920 x 1080) following, and no
keyboard move after the command: joining from the TV's address, start tiles from the phones
(R2.2), a founding, mergers decided on the phones (one of them with "Sell all", R5.3b), a refused
purchase showing its reason (R6.1), a dead tile discarded from a phone (R7.3), a player's own
take-back, a phone replaced by a new device through the seat's code, the end declared with its
confirmation (R8.1), and the review opened from a phone. The moves are those of
examples/four-players.toml, with a dead tile shown before the end. Screenshots are left in
tests/artifacts/ (room-*.png) for people to look at.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from acquire_ref.files.storage import load_game
from acquire_ref.web.seat_model import version
from tests.helpers import installed, moves_of
from tests.test_seats_browser import answer, others_hidden
from tests.test_serve_browser import ARTIFACTS, FOUR, WAIT, browser  # noqa: F401 (fixture)

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
errors: list[str] = []
"""The script errors of every phone's page (none is allowed)."""
DEAD = (73, "10E")
"""Before the example's move 73 (Ann declares the end), Ann shows the dead tile 10E (R4.6, R7.3)."""
UNDO = 1
"""After the example's move 1 (Ben places 6C), Ben takes it back from his phone and places it again."""
REPLACED = (30, "Cat")
"""Before the example's move 30, Cat's phone is replaced by a new one through the seat's code."""
REFUSED = 3
"""At the example's move 3 (Ben buys 2 American), Ben first asks for 4 and is told why not."""


class Room:
    """``acquire-ref --game PATH room PLAYERS... --host 127.0.0.1 --port 0`` in a subprocess: the
    TV's address and the join page's, read from what it says."""

    def __init__(self, path: Path, *args: str) -> None:
        self.process = subprocess.Popen([installed(), "--game", str(path), "room", *args, "--host", "127.0.0.1",
                                         "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        self.lines = [self.process.stdout.readline() for _ in range(4)]
        said = "".join(self.lines)
        tv = re.search(r"On the TV, open (http://\S+/)", said)
        join = re.search(r"join from their phones at (http://\S+/join)", said)
        assert tv and join, (said, self.process.stderr.read() if self.process.poll() is not None else "")
        self.url, self.join = tv.group(1), join.group(1)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


@pytest.fixture
def room(tmp_path) -> Iterator[Room]:
    path = tmp_path / "g.toml"
    started = Room(path, *PLAYERS, "--option", "holdings=hidden")
    yield started
    started.stop()


def phone(browser, url: str):  # noqa: F811
    """A new phone (its own browser context: its own storage) at ``url``."""
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    return page


def done(page) -> None:
    """The phone's last tap was done: its message is no longer "Sending..." and is no refusal."""
    from playwright.sync_api import expect

    expect(page.locator("#sent")).not_to_have_text("Sending...", timeout=WAIT)
    assert "bad" not in (page.locator("#sent").get_attribute("class") or ""), page.locator("#sent").text_content()


def quick_or_tapped(page, move: str) -> bool:
    """A disposal that sells every share held is tapped as "Sell all" (True); any other answer as
    a player would."""
    bare = re.sub(r"^dispose \S+", "dispose", move)
    quick = page.locator(f'button.quick[data-move="{bare}"]')
    if move.startswith("dispose") and "--trade" not in move and quick.count():
        assert quick.text_content().startswith("Sell all")
        quick.click()
        return True
    answer(page, move)
    return False


def join_all(browser, tv, room_url: str) -> dict[str, object]:  # noqa: F811
    """Each player's phone opens the address the TV shows and taps its name."""
    from playwright.sync_api import expect

    shown = tv.locator(".room .joinat b").text_content()
    assert shown == room_url
    phones = {}
    for player in PLAYERS:
        page = phone(browser, shown)
        expect(page.locator(f'button.claim[data-player="{player}"]')).to_be_visible()
        if player == "Ann":
            page.screenshot(path=str(ARTIFACTS / "room-390x844-join.png"))
        page.click(f'button.claim[data-player="{player}"]')
        expect(page.locator(".top")).to_be_visible(timeout=WAIT)
        assert "/seat/" in page.url
        expect(tv.locator(".room .joined")).to_contain_text(f"{player}: joined", timeout=WAIT)
        phones[player] = page
    expect(tv.locator(".room .qr")).to_have_count(0, timeout=WAIT)  # every seat joined: the QR code goes
    return phones


def test_a_whole_hidden_holdings_game_from_one_command_and_four_phones(browser, room, tmp_path):  # noqa: F811
    from playwright.sync_api import expect

    path = tmp_path / "g.toml"
    tv = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    tv.goto(room.url)
    expect(tv.locator(".room .qr svg")).to_be_visible()
    box = tv.locator(".room .qr").bounding_box()
    assert box is not None and box["width"] >= 300  # large enough to scan from a chair
    tv.screenshot(path=str(ARTIFACTS / "room-tv-join.png"))
    phones = join_all(browser, tv, room.join)

    moves = moves_of(FOUR)
    for player, tile in zip(PLAYERS, moves[0].split()[1:], strict=True):  # R2.2: each their own
        page = phones[player]
        for attempt in range(3):  # a redraw that lands as the tile is typed (the previous seat's tile came in) may
            page.fill("#tile", tile)  # empty the field on a loaded machine: type it again, as a player would
            try:
                expect(page.locator("#placetile")).to_have_text(f"My start tile is {tile}", timeout=4000)
                break
            except AssertionError:
                if attempt == 2:
                    raise
        page.click("#placetile")
        done(page)
    expect(tv.locator(".pending .headline")).to_have_text("Ben: place a tile", timeout=WAIT)  # 6B is nearest 1A
    assert str(load_game(path)[0].moves[0]) == moves[0]

    i, sold_all, undone = 1, 0, False
    while i < len(moves):
        move = moves[i]
        game = load_game(path)[0]
        if i == REPLACED[0] and phones[REPLACED[1]] is not None:
            old = phones[REPLACED[1]]
            code = old.locator(".code b").text_content()
            new = phone(browser, room.join)
            new.click(f'button.takeover[data-player="{REPLACED[1]}"]')
            new.fill("#code", "000000" if code != "000000" else "111111")
            new.click("#codesend")
            expect(new.locator("#said")).to_contain_text("not Cat's code", timeout=WAIT)
            new.fill("#code", code)
            new.click("#codesend")
            expect(new.locator(".top")).to_be_visible(timeout=WAIT)
            assert old.evaluate("fetch(location.pathname + '/state.json').then(r => r.status)") == 403
            phones[REPLACED[1]] = new
        who = game.pending.player
        page = phones[who]
        expect(page.locator(".top")).to_have_attribute("data-version", str(version(game)), timeout=WAIT)
        expect(page.locator(".top")).to_have_attribute("data-turn", "yes")
        page.evaluate("document.getElementById('sent').textContent = ''")
        if i == REFUSED:
            for _ in range(4):
                page.click('.stepper[data-key="American"] .step[data-step="1"]')
            expect(page.locator("#steppreview")).to_have_text("at most 3 shares a turn (R6.1)")
            assert page.locator("#stepsend").is_disabled()
            page.screenshot(path=str(ARTIFACTS / "room-390x844-refused.png"))
            for _ in range(4):
                page.click('.stepper[data-key="American"] .step[data-step="-1"]')
        if i == DEAD[0]:
            page.fill("#tile", DEAD[1])
            expect(page.locator("#placetile")).to_have_text(f"Discard {DEAD[1]}")
            page.click("#placetile")
            done(page)
            game = load_game(path)[0]
            assert str(game.moves[-1]) == f"discard {DEAD[1]}"
            expect(page.locator(".top")).to_have_attribute("data-version", str(version(game)), timeout=WAIT)
        if move == "end":
            page.click('button[data-move="end"]')
            expect(page.locator('button[data-move="end"] .label')).to_have_text("Tap again to end the game now")
            assert not load_game(path)[0].over  # one tap ends nothing
            page.screenshot(path=str(ARTIFACTS / "room-390x844-end.png"))
            page.click('button[data-move="end"]')
        else:
            sold_all += quick_or_tapped(page, move)
        done(page)
        if i == UNDO and not undone:
            undone = True
            page.click("button.undo")
            page.click("button.undo")  # asked once more
            for seen in phones.values():
                expect(seen.locator(".notice")).to_contain_text(f"{who} took back {move}", timeout=WAIT)
            expect(tv.locator(".room .note")).to_contain_text(f"{who} took back {move}", timeout=WAIT)
            assert len(load_game(path)[0].moves) == i
            continue  # the same move again, from the same phone
        if move.startswith("dispose"):  # R10.1 on every phone, at every disposal
            for player, seen in phones.items():
                others_hidden(seen.content(), player)
        i += 1
    assert sold_all >= 2
    assert not errors
    final = load_game(path)[0]
    assert final.over and len(final.moves) == len(moves) + 1  # and the dead tile
    expect(tv.locator(".final")).to_contain_text("Ann", timeout=WAIT)
    expect(tv.locator(".room .reviewlink")).to_contain_text(room.url + "review")
    tv.screenshot(path=str(ARTIFACTS / "room-tv-final.png"))
    for player in PLAYERS:
        expect(phones[player].locator(".final")).to_contain_text("$26,500", timeout=WAIT)  # Ann wins with $26,500
    ann = phones["Ann"]
    ann.screenshot(path=str(ARTIFACTS / "room-390x844-final.png"))
    ann.click(".review a")
    expect(ann).to_have_url(room.url + "review")
    expect(ann.locator("body")).to_contain_text("Ann")
