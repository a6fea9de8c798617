"""A 10 x 10 board (R1.1a) on the TV page at 1920 x 1080 and on a seat's page on a phone at
390 x 844, in Chromium: the whole board is drawn, ten columns by ten rows, nothing scrolls and
every player's name is in view. Screenshots are left in tests/artifacts/ to look at."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from tests.test_board_editions import LARGEST, SIX, ten_by_ten_game
from tests.test_serve_browser import ARTIFACTS, browser, fits, open_page, serve  # noqa: F401 (fixtures)


@pytest.mark.parametrize("changes", [{}, LARGEST], ids=["10x10", "12x10"])
def test_a_10_by_10_board_fits_the_tv_with_every_name_in_view(browser, serve, tmp_path, changes):  # noqa: F811
    game = ten_by_ten_game(tmp_path / "g.toml", **changes)
    columns = game.edition.grid.columns
    assert any(t.row == 9 for t in game.board.owner), "the game reached row J"
    server = serve(tmp_path / "g.toml")
    page, _ = open_page(browser, server.url, 1920, 1080)
    assert page.locator(".grid .cell").count() == columns * 10 and page.locator(".grid .colhead").count() == columns
    assert page.locator(".grid .rowhead").all_inner_texts() == list("ABCDEFGHIJ")
    assert page.locator(f'.grid [data-tile="{columns}J"]').is_visible()
    fits(page, 1920, 1080)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{columns}-by-10-tv-1920x1080.png"))
    page.context.close()


def test_a_10_by_10_board_fits_a_phone_seat_with_every_name_in_view(browser, serve, cli, tmp_path):  # noqa: F811
    path = tmp_path / "g.toml"
    ten_by_ten_game(path)
    server = serve(path)
    port = urlsplit(server.url).port
    links = {s["player"]: s["url"] for s in cli.json("seats", "--json", "--host", "127.0.0.1", "--port", str(port), game=path)}
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(links["Evangeline"])
    grid = page.locator(".board .grid")
    assert grid.locator(".cell").count() == 100 and grid.locator(".ch").count() == 10
    box = grid.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    last = grid.locator('[data-tile="10J"]').bounding_box()
    assert last is not None and last["x"] + last["width"] <= 390, last
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    for name in SIX:
        shown = page.get_by_text(name, exact=True).first
        shown.scroll_into_view_if_needed()
        found = shown.bounding_box()
        assert found is not None and 0 <= found["x"] and found["x"] + found["width"] <= 390, (name, found)
    ARTIFACTS.mkdir(exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / "ten-by-ten-seat-390x844.png"))
    page.context.close()

