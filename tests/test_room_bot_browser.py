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
