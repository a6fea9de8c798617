"""The organiser's pages in German and French in the system's Chromium (T5.2, T5.3): the hall
page of a 90-player event (three heats, its semifinal played, its final under way; wbc-2007's
keys, the longest headings) written by ``--lang de tournament standings --html`` fits 1920 x 1080
page by page with nothing cut, in letters read across a hall, and so does the French one; and
the table sheets in German and French keep three tables an A4 page with every heading and line
whole. Screenshots are left in
tests/artifacts/ for people to look at."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from acquire_ref.tournament import Tournament, event_file
from tests.test_serve_browser import ARTIFACTS, browser  # noqa: F401  (the shared Chromium fixture)
from tests.test_tournament_hall import PLAYERS, wbc_event

SHOW_ONLY = """(n) => {  // show page n alone, as the turning pages do in their 20 seconds
    let style = document.getElementById('only');
    if (!style) { style = document.createElement('style'); style.id = 'only'; document.head.append(style); }
    style.textContent = '.hall .screen { visibility: hidden !important; animation: none !important; }'
        + ' .hall .screen.p' + n + ' { visibility: visible !important; }';
}"""

MEASURE = """(n) => {
    const s = document.querySelector('section.screen.p' + n);
    const cut = [...s.querySelectorAll('td, th, .card span, .card b, h1, h2, p, li')].filter(
        e => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().bottom > 1080
             || e.getBoundingClientRect().right > 1920).map(e => e.textContent);
    const sizes = [...s.querySelectorAll('tbody td')].map(e => parseFloat(getComputedStyle(e).fontSize));
    return {h: s.scrollHeight, w: s.scrollWidth, cut: cut, rows: s.querySelectorAll('tbody tr').length,
            smallest: Math.min(...sizes)};
}"""


@pytest.fixture(scope="module", params=["de", "fr"])
def hall_page(request, tmp_path_factory, cli) -> tuple[str, Path]:
    """The hall page of the 90-player wbc-2007 event of tests/test_tournament_hall.py, in German
    and in French, one player withdrawn (the longest mark): ``(language, page)``."""
    folder = tmp_path_factory.mktemp("halle")
    event, seated = wbc_event("Spielerin", "Langername")
    event.withdraw(next(p.name for p in reversed(event.players) if p.name not in seated))  # the longest mark
    (folder / "wbc.event.toml").write_text(event_file.dumps(event))
    result = cli("--lang", request.param, "tournament", "standings", "--html", "halle.html", cwd=folder)
    assert result.exit_code == 0, result.output
    return request.param, folder / "halle.html"


FIRST = {"de": ["Finale (Runde 5)", "Halbfinale (Runde 4)", "Stand "], "fr": ["Finale (ronde 5)", "Demi-finale (ronde 4)"]}
HEADINGS = {"de": ["Platz", "Spieler", "1. Vorr.", "Siege"], "fr": ["rang", "joueur", "1re qualif.", "vict."]}


def test_the_hall_page_in_german_and_french_fits_1920_by_1080_page_by_page_with_nothing_cut_T5_2(hall_page,
                                                                                                  browser):  # noqa: F811
    code, hall = hall_page
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    page.goto(hall.as_uri())
    assert page.evaluate("document.documentElement.lang") == code
    screens = page.locator("section.screen")
    assert screens.count() == 6  # the tables now, then 90 rows in 5 pages of 18
    first = screens.nth(0).inner_text()
    assert all(words in first for words in FIRST[code]), first
    ARTIFACTS.mkdir(exist_ok=True)
    rows = 0
    for n in range(1, 7):
        page.evaluate(SHOW_ONLY, n)
        fit = page.evaluate(MEASURE, n)
        assert fit["h"] <= 1080 and fit["w"] <= 1920, fit
        assert fit["cut"] == [], fit["cut"][:5]
        if fit["rows"]:
            assert fit["smallest"] >= 28 and fit["rows"] == 18, fit  # 2.6% of the height, read across a hall
        rows += fit["rows"]
        page.screenshot(path=str(ARTIFACTS / f"hall-{code}-1920x1080-page{n}.png"))
    assert rows == PLAYERS
    headings = screens.nth(1).locator("thead th").all_text_contents()
    assert headings[:4] == HEADINGS[code]
    page.close()


@pytest.mark.parametrize(("code", "headings", "date"), [
    ("de", ["platz", "spieler", "ausweis", "geld ($)", "platz", "unterschrift"], "Datum:"),
    ("fr", ["place", "joueur", "badge", "argent ($)", "place", "signature"], "Date\u00a0:"),
])
def test_the_table_sheets_in_german_and_french_keep_three_tables_an_a4_page_whole_T5_3(browser, tmp_path, cli, code,  # noqa: F811
                                                                                      headings, date):
    event = Tournament("Vereinsabend", "heats", seed=11)
    for name in ["José García", "Maximiliana Alexandrovna von Hohenzollern-Sigmaringen-Württemberg",
                 *(f"Spieler {chr(65 + i)}" for i in range(22))]:
        event.add(name)
    event.draw("abend")
    (tmp_path / "abend.event.toml").write_text(event_file.dumps(event))
    assert cli("--lang", code, "tournament", "sheets", "1", "--html", "blatt.html", cwd=tmp_path).exit_code == 0
    page = browser.new_page(viewport={"width": 794, "height": 1123})
    page.goto((tmp_path / "blatt.html").as_uri())
    page.emulate_media(media="print")
    assert page.evaluate("document.documentElement.lang") == code
    assert page.locator("article.sheet").count() == 6
    cut = page.evaluate("""() => [...document.querySelectorAll('.sheet, .sheet th, .sheet h2, .sheet p')].filter(
        e => e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)""")
    assert cut == []
    first = page.locator("article.sheet").first
    assert [h.lower() for h in first.locator("th").all_inner_texts()] == headings
    assert date in first.inner_text()
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    assert len(re.findall(rb"/Type\s*/Page(?![a-z])", pdf)) == 3  # 6 tables, 3 a page; then the list
    page.screenshot(path=str(ARTIFACTS / f"sheets-a4-{code}.png"), full_page=True)
    page.close()


@pytest.mark.parametrize("code", ["de", "fr"])
def test_the_ratings_page_in_german_and_french_fits_1920_by_1080_and_prints_on_a4_T6(browser, cli, tmp_path, code):  # noqa: F811
    """The 20-member season of tests/test_ratings_browser.py, its dates in words (``24. März
    2026``) and its longer headings: every row, whole, on one screen and one A4 page."""
    from tests.test_ratings_browser import club_season

    season = club_season(tmp_path / "season")
    page_file = tmp_path / "wertung.html"
    assert cli("--lang", code, "ratings", season, "--html", page_file).exit_code == 0
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    page.goto(page_file.as_uri())
    assert page.evaluate("document.documentElement.lang") == code
    assert page.locator("tbody tr").count() == 20
    fit = page.evaluate("""() => ({h: document.documentElement.scrollHeight, w: document.documentElement.scrollWidth,
        cut: [...document.querySelectorAll('td, th, h1, p')].filter(e => e.scrollWidth > e.clientWidth + 1)
             .map(e => e.textContent)})""")
    assert fit["h"] <= 1080 and fit["w"] <= 1920 and fit["cut"] == [], fit
    heading = "Wertungszahlen des Vereins" if code == "de" else "Cotes du club"
    assert page.locator("h1").inner_text() == heading  # the default title, in the page's language
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"ratings-{code}-1920.png"))
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    assert len(re.findall(rb"/Type\s*/Page(?![a-z])", pdf)) == 1  # one A4 page
    page.close()
