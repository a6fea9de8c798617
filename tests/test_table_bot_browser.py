"""A bot seat's instructions on the TV (`serve`, the system's Chromium through Playwright): the
bot's last move as the people carry it out, and the tiles to draw for it, in words without
program syntax, following the game without a reload, on every screen the page is for."""

from __future__ import annotations

from tests.test_serve_browser import ARTIFACTS, SCREENS, WAIT, browser, fits, open_page, serve, still_the_same_page

__all__ = ["browser", "serve"]  # the fixtures, used by name


def test_the_tv_shows_the_bots_move_as_an_instruction_and_the_tiles_to_draw_for_it(browser, serve, cli, tmp_path):
    from playwright.sync_api import expect

    path = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", "Cat", "--bot", "Dan=greedy", game=path).exit_code == 0
    assert cli("start", "5E", "9I", "7H", "1A", game=path).exit_code == 0  # Dan first: 1A
    server = serve(path)
    page, _ = open_page(browser, server.url)
    expect(page.locator(".pending .bot")).to_have_text(["Draw 6 tiles from the bag for Dan (bot) and enter them"])
    out = cli("drew", "Dan", "3C", "7G", "12A", "2I", "8D", "4F", game=path).stdout
    assert "Dan (bot) places 7G: put 7G on the board" in out  # greedy: founding beats a lone tile
    expect(page.locator(".pending .bot")).to_have_text(
        ["Dan (bot) places 7G: put 7G on the board",
         "Dan (bot) founds Imperial: put the Imperial marker on the new chain (R4.2)",
         "Dan (bot) buys 1 Imperial: Dan pays the bank $400 (R6)",
         "Draw 1 tile from the bag for Dan (bot) and enter it"], timeout=WAIT)
    expect(page.locator(".pending .headline")).to_have_text("Ann: place a tile")
    text = page.locator("body").inner_text()
    assert "acquire-ref" not in text and "`" not in text and "TILE" not in text  # no program syntax on the TV
    ARTIFACTS.mkdir(exist_ok=True)
    for width, height in SCREENS:  # a TV cannot scroll: the four lines fit with the rest
        other, _ = open_page(browser, server.url, width, height)
        expect(other.locator(".pending .bot")).to_have_count(4)
        fits(other, width, height)
        other.screenshot(path=str(ARTIFACTS / f"live-board-bot-{width}x{height}.png"))
        other.context.close()
    assert cli("place", "6E", game=path).exit_code == 0  # a person's move: the bot's instruction is done
    expect(page.locator(".pending .bot")).to_have_text(["Draw 1 tile from the bag for Dan (bot) and enter it"], timeout=WAIT)
    still_the_same_page(page)
    page.context.close()
