"""The ratings page (``ratings --html``) in a real browser: the system's Chromium, headless,
driven by Playwright, as tests/test_serve_browser.py does. A 20-member season of 60 games fits a
1920 x 1080 screen without scrolling, every row has its chart, the page fetches nothing, and it
prints on A4. Screenshots are left in tests/artifacts/ for people to look at."""

from __future__ import annotations

import random
import re
from datetime import date, timedelta

from tests.test_club_season import season_game
from tests.test_serve_browser import ARTIFACTS, browser  # noqa: F401 (the fixture)

MEMBERS = ["José", "Ann", "Ben", "Cat", "Dan", "Eve", "Fin", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lee", "Mo",
           "Ned", "Østergaard-Lindqvist", "Pat", "Quinn", "Ravi", "Sue"]


def club_season(folder, games: int = 60):
    """``games`` finished games among :data:`MEMBERS`, five a club night, a week apart."""
    folder.mkdir()
    rng = random.Random(2026)
    for n in range(games):
        day = date(2026, 1, 6) + timedelta(days=7 * (n // 5))
        seats = rng.sample(MEMBERS, rng.choice([3, 4, 4, 5]))
        season_game(folder / f"game-{n:02}.toml", day.isoformat(), {p: rng.randrange(1, 90) * 1000 for p in seats})
    return folder


def test_a_twenty_member_season_fits_the_screen_and_prints_on_a4(browser, cli, tmp_path):  # noqa: F811
    season = club_season(tmp_path / "season")
    page_file = tmp_path / "ratings.html"
    result = cli("ratings", season, "--html", page_file, "--title", "Riverside Acquire Club")
    assert result.exit_code == 0, result.output
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(page_file.as_uri())
    assert requests == [page_file.as_uri()]  # nothing from the network
    assert page.locator("tbody tr").count() == 20
    assert page.locator("td.chart svg polyline").count() == 20
    assert page.evaluate("document.documentElement.scrollHeight") <= 1080
    assert page.evaluate("document.documentElement.scrollWidth") <= 1920
    last = page.locator("tbody tr").last.bounding_box()
    assert last["y"] + last["height"] <= 1080
    size = float(page.evaluate("getComputedStyle(document.querySelector('td.name')).fontSize").removesuffix("px"))
    assert size >= 18  # read across a room
    assert page.locator("td.name").first.inner_text().strip()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "ratings-1920.png"))
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    assert pdf.startswith(b"%PDF") and len(re.findall(rb"/Type\s*/Page(?![a-z])", pdf)) == 1  # one A4 page
    context.close()


def test_the_history_page_puts_each_players_table_after_the_leaderboard(browser, cli, tmp_path):  # noqa: F811
    season = club_season(tmp_path / "season", games=20)
    page_file = tmp_path / "history.html"
    assert cli("ratings", season, "--history", "--html", page_file).exit_code == 0
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(page_file.as_uri())
    tables = page.locator(".history table")
    assert tables.count() == page.locator(".standings tbody tr").count()
    first = page.locator(".standings tbody tr").first.locator("td.name").inner_text()
    assert tables.first.locator("caption").inner_text() == first.replace(" provisional", "").strip()
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    page.screenshot(path=str(ARTIFACTS / "ratings-history-1280.png"), full_page=True)
    context.close()


def test_the_history_page_is_readable_on_screen_and_in_print(browser, cli, tmp_path):  # noqa: F811
    """Issue 37: the history tables took the live board's player cards (headings hidden, rows as
    dark cards; black on near-black when printed). Each is a plain table with its headings, dark
    text on white in print, and the 20-member season prints in a few A4 pages, not 35."""
    season = club_season(tmp_path / "season")
    page_file = tmp_path / "history.html"
    assert cli("ratings", season, "--history", "--html", page_file).exit_code == 0
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.goto(page_file.as_uri())
    style = "([sel, prop]) => getComputedStyle(document.querySelector(sel))[prop]"
    assert page.evaluate(style, [".history thead", "display"]) == "table-header-group"
    assert page.evaluate(style, [".history tbody tr", "display"]) == "table-row"
    assert page.locator(".history thead").first.is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 1920
    page.screenshot(path=str(ARTIFACTS / "ratings-history-1920.png"))
    page.emulate_media(media="print")
    assert page.evaluate(style, [".history td", "color"]) == "rgb(0, 0, 0)"
    assert page.evaluate(style, [".history tbody tr", "backgroundColor"]) in ("rgba(0, 0, 0, 0)", "rgb(255, 255, 255)")
    assert page.evaluate(style, ["body", "backgroundColor"]) == "rgb(255, 255, 255)"
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    pages = len(re.findall(rb"/Type\s*/Page(?![a-z])", pdf))
    assert 2 <= pages <= 6, pages  # the leaderboard, then the history two tables across
    page.set_viewport_size({"width": 794, "height": 1123})
    page.screenshot(path=str(ARTIFACTS / "ratings-history-a4.png"), full_page=True)
    context.close()


def test_a_members_page_and_the_gm_report_fit_the_screen_and_print_on_a4(browser, cli, tmp_path):  # noqa: F811
    """Issue 37: the member's page (club player --html) and the GM's report (club report --html)
    at 1920 x 1080 (nothing wider than the screen) and printed on A4 (black on white)."""
    season = club_season(tmp_path / "season")
    sims = tmp_path / "games"
    assert cli("simulate", "--games", "8", "--players", "4", "--seed", "5", "--out", sims, "--jobs", "1").exit_code == 0
    assert cli("club", "player", season, "--player", "Østergaard-Lindqvist", "--html", tmp_path / "member.html").exit_code == 0
    assert cli("club", "report", sims, "--html", tmp_path / "report.html").exit_code == 0
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    for name, pages in (("member", (1, 2)), ("report", (1, 1))):
        page.goto((tmp_path / f"{name}.html").as_uri())
        assert page.evaluate("document.documentElement.scrollWidth") <= 1920
        size = float(page.evaluate("getComputedStyle(document.querySelector('main')).fontSize").removesuffix("px"))
        assert size >= 16
        page.screenshot(path=str(ARTIFACTS / f"{name}-1920.png"))
        page.emulate_media(media="print")
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(255, 255, 255)"
        assert page.evaluate("getComputedStyle(document.querySelector('h1')).color") == "rgb(0, 0, 0)"
        pdf = page.pdf(format="A4", prefer_css_page_size=True)
        count = len(re.findall(rb"/Type\s*/Page(?![a-z])", pdf))
        assert pages[0] <= count <= pages[1], (name, count)
        page.emulate_media(media="screen")
    context.close()
