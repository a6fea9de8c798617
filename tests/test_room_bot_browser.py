"""A bot seat in the room on the TV (``acquire-ref room``, the system's Chromium through Playwright):
when the bot's decision comes, the TV says "Dan (bot) is thinking", the page keeps answering
meanwhile, and once it has played the TV shows its move as the instruction the people carry out,
without a reload. The screenshot is left in tests/artifacts/ (room-bot-thinking-1920x1080.png)."""

from __future__ import annotations

from acquire_ref.files.session import GameFile
from tests.test_room_bot import HUMANS, to_the_bot
from tests.test_room_browser import Room
from tests.test_serve_browser import ARTIFACTS, browser, fits, open_page, still_the_same_page

__all__ = ["browser"]  # the fixture, used by name

THINK_MS = 1500
"""The bot's processor time a decision: the thinking mark shows at least this long."""


def test_the_tv_shows_the_bot_thinking_then_its_move_as_an_instruction(browser, cli, tmp_path):
    from playwright.sync_api import expect

    path = tmp_path / "g.toml"
    assert cli("new", *HUMANS, "--bot", "Dan=search", "--bot-think-ms", str(THINK_MS), "--tiles", "dealt",
               "--seed", "11", game=path).exit_code == 0
    to_the_bot(path)
    handle = GameFile.open(path)
    last = handle.game.moves[-1]
    handle.undo(1)  # a person's move from the bot's decision: made again once the TV is open
    room = Room(path)
    try:
        page, _ = open_page(browser, room.url)
        expect(page.locator(".pending .bot")).to_have_count(0)
        handle.apply(last)  # another program's move: the room sees it and the bot thinks
        thinking = page.locator(".pending .bot", has_text="Dan (bot) is thinking")
        expect(thinking).to_have_text(f"Dan (bot) is thinking (at most {THINK_MS / 1000:.1f} s) ...", timeout=5000)
        assert page.request.get(room.url + "state.json").ok  # the room answers while the bot thinks
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "room-bot-thinking-1920x1080.png"))
        fits(page, 1920, 1080)
        expect(page.locator(".pending .bot").first).to_contain_text("Dan (bot) places", timeout=15000)
        expect(page.locator(".pending .headline")).not_to_contain_text("Dan", timeout=30000)  # its turn is over
        expect(thinking).to_have_count(0)
        lines = page.locator(".pending .bot").all_inner_texts()
        assert lines[0].startswith("Dan (bot) places ") and ": put " in lines[0], lines
        page.screenshot(path=str(ARTIFACTS / "room-bot-played-1920x1080.png"))
        still_the_same_page(page)
        page.context.close()
    finally:
        room.stop()


def test_the_minding_phone_types_the_bots_tiles_R2_2_R7_1(browser, cli, tmp_path):
    """Table mode: Ann's phone (390 x 844), seated after the bot Dan, types Dan's start tile and is
    told only what it typed (R10); the start waits for every player's tile."""
    from playwright.sync_api import expect

    from acquire_ref.files import seat_links as tokens
    from acquire_ref.files.storage import load_game

    path = tmp_path / "g.toml"
    assert cli("new", *HUMANS, "--bot", "Dan=greedy", game=path).exit_code == 0
    kept = tokens.tokens(path, [*HUMANS, "Dan"])
    room = Room(path)
    try:
        page, _ = open_page(browser, f"{room.url}seat/{kept['Ann']}", 390, 844)
        mind = page.locator(".mind")
        expect(mind.locator("h2")).to_have_text("Draw a start tile from the bag for Dan (bot) and type it")
        ARTIFACTS.mkdir(exist_ok=True)
        page.fill("#mindtile", "11h")
        page.screenshot(path=str(ARTIFACTS / "room-bot-mind-390x844.png"))
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.click("#mindsend")
        expect(page.locator("#sent")).to_have_text("Start tile for Dan (bot): 11H", timeout=5000)
        expect(mind).to_have_count(0, timeout=5000)  # Dan's start tile is in: nothing more to type for now
        assert "Start tiles to come from: Ann, Ben, Cat" in page.locator("body").inner_text()
        assert load_game(path)[0].moves == []  # the start tiles wait for every player's (R2.2)
        page.context.close()
    finally:
        room.stop()
