"""The hall screen in a real browser (T5.2): a 90-player event of three heats with its semifinal
played and its final under way, exported by `tournament standings --html`, opened in the
system's Chromium at 1920 x 1080: every page fits the screen, every row of the standings is on a
page with nothing cut off, and the current tables, semifinal and final come first. Screenshots
of each page are left in tests/artifacts/ for people to look at."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from acquire_ref.tournament import Result, Tournament, event_file
from tests.helpers import tournament_ok
from tests.test_serve_browser import ARTIFACTS, browser  # noqa: F401  (the shared Chromium fixture)

PLAYERS = 90


def sheet(seats: list[str], rng: random.Random) -> Result:
    return Result({p: rng.randrange(200, 800) * 100 for p in seats}, "sheet")


def wbc_event(name: str, longer: str) -> tuple[Tournament, set[str]]:
    """The 90-player wbc-2007 event of three heats (players ``"{name} 01"`` .., every seventh
    with ``longer`` added), its semifinal played and its final drawn: the event and who was
    seated in the semifinal or the final."""
    rng = random.Random(90)
    event = Tournament("WBC Acquire", "heats", seed=2026, fives=True, tiebreaks=["wbc-2007"], final=5)
    for i in range(1, PLAYERS + 1):
        event.add(f"{name} {i:02d} {longer if i % 7 == 0 else ''}".strip(), badge=str(1000 + i))
    for _ in range(3):
        rnd = event.draw("wbc")
        for t in rnd.tables:
            event.enter(rnd.number, t.number, sheet(t.seats, rng))
    semi = event.advance("wbc")
    for t in semi.tables:
        event.enter(semi.number, t.number, sheet(t.seats, rng))
    seated = {p for r in event.rounds[3:] for t in r.tables for p in t.seats}
    event.advance("wbc")
    return event, seated


@pytest.fixture(scope="module")
def hall(tmp_path_factory, cli) -> Path:
    folder = tmp_path_factory.mktemp("hall")
    event, _ = wbc_event("Player", "Longname")
    (folder / "wbc.event.toml").write_text(event_file.dumps(event))
    tournament_ok(cli, folder, "standings", "--html", "hall.html")
    return folder / "hall.html"


def test_the_hall_page_fits_1920_by_1080_with_every_row_on_a_page_and_the_final_first(hall, browser):  # noqa: F811
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    page.goto(hall.as_uri())
    screens = page.locator("section.screen")
    count = screens.count()
    assert count == 6  # the tables now, then 90 rows in 5 pages of 18, in letters read across a hall
    assert "Final (round 5)" in screens.nth(0).inner_text() and "Semifinal (round 4)" in screens.nth(0).inner_text()
    rows = 0
    ARTIFACTS.mkdir(exist_ok=True)
    for i in range(count):
        page.evaluate(f"""() => {{  // show page {i + 1} alone, as the turning pages do in its 20 seconds
            let style = document.getElementById('only');
            if (!style) {{ style = document.createElement('style'); style.id = 'only'; document.head.append(style); }}
            style.textContent = '.hall .screen {{ visibility: hidden !important; animation: none !important; }}'
                + ' .hall .screen.p{i + 1} {{ visibility: visible !important; }}';
        }}""")
        fit = page.evaluate(f"""() => {{
            const s = document.querySelector('section.screen.p{i + 1}');
            const cut = [...s.querySelectorAll('td, th, .card span, .card b, h1, h2, p')].filter(
                e => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().bottom > 1080
                     || e.getBoundingClientRect().right > 1920).map(e => e.textContent);
            const sizes = [...s.querySelectorAll('tbody td')].map(e => parseFloat(getComputedStyle(e).fontSize));
            return {{h: s.scrollHeight, w: s.scrollWidth, cut: cut, rows: s.querySelectorAll('tbody tr').length,
                     smallest: Math.min(...sizes)}};
        }}""")
        assert fit["h"] <= 1080 and fit["w"] <= 1920, fit
        assert fit["cut"] == [], fit["cut"][:5]
        if fit["rows"]:
            assert fit["smallest"] >= 28, fit  # 2.6% of the screen's height: read across a hall (issue 37)
            assert fit["rows"] == 18
        rows += fit["rows"]
        page.screenshot(path=str(ARTIFACTS / f"hall-1920x1080-page{i + 1}.png"))
    assert rows == PLAYERS
    text = hall.read_text()
    assert 'http-equiv="refresh" content="60"' in text and "as of " in text
    assert "@keyframes hall-turn" in text  # the pages take turns by themselves, without a script
    page.close()


def test_long_names_and_withdrawn_are_not_cut_on_the_hall_page(browser, tmp_path, cli):  # noqa: F811
    """Issue 37: a name of 50 to 80 characters and the "withdrawn" mark were cut with an ellipsis."""
    rng = random.Random(7)
    event = Tournament("Club night", "heats", seed=7)
    longest = "Maximiliana Alexandrovna von Hohenzollern-Sigmaringen-Württemberg-Brandenburg"  # 78 characters
    names = [longest, "Anne-Marie Fitzgerald-Montgomery de la Tour", *(f"Player {i}" for i in range(1, 11))]
    for name in names:
        event.add(name)
    rnd = event.draw("club")
    for t in rnd.tables:
        event.enter(rnd.number, t.number, sheet(t.seats, rng))
    event.withdraw(longest)
    (tmp_path / "club.event.toml").write_text(event_file.dumps(event))
    tournament_ok(cli, tmp_path, "standings", "--html", "hall.html")
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    page.goto((tmp_path / "hall.html").as_uri())
    cut = page.evaluate("""() => [...document.querySelectorAll('td, th, .card span')].filter(
        e => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1).map(e => e.textContent)""")
    assert cut == []
    marks = page.locator("td.mark").all_text_contents()
    assert "withdrawn" in marks
    assert longest in page.locator("td.name").all_text_contents()
    page.screenshot(path=str(ARTIFACTS / "hall-long-names-1920x1080.png"))
    page.add_style_tag(content=".hall .screen { visibility: hidden !important; animation: none !important; }"
                               " .hall .screen:has(tbody) { visibility: visible !important; }")
    fit = page.evaluate("""() => { const s = document.querySelector('section.screen:has(tbody)');
        const name = [...s.querySelectorAll('td.name')].find(e => e.textContent.startsWith('Maximiliana'));
        return [s.scrollHeight, s.scrollWidth, name.getBoundingClientRect().bottom,
                parseFloat(getComputedStyle(s.querySelector('td.num')).fontSize)]; }""")
    assert fit[0] <= 1080 and fit[1] <= 1920 and fit[2] <= 1080 and fit[3] >= 28, fit
    page.screenshot(path=str(ARTIFACTS / "hall-long-names-standings-1920x1080.png"))
    text = tournament_ok(cli, tmp_path, "standings")
    assert longest in text and "..." not in text  # the terminal's standings show the whole name too
    page.close()


def test_the_table_sheets_print_three_tables_an_a4_page_with_a_large_number_T5_3(browser, tmp_path, cli):  # noqa: F811
    """Issue 37: sheets a captain can use: 2 to 4 tables an A4 page (3 of four players), the table
    number large, lines for the date, money, places and signatures, the list by surname."""
    import re

    event = Tournament("Club night", "heats", seed=11)
    names = ["José García", "Ann Zimmer", "Maximiliana Alexandrovna von Hohenzollern-Sigmaringen-Württemberg",
             *(f"Player {chr(65 + i)}" for i in range(21))]
    for name in names:
        event.add(name)
    event.draw("club")
    (tmp_path / "club.event.toml").write_text(event_file.dumps(event))
    tournament_ok(cli, tmp_path, "sheets", "1", "--html", "sheets.html")
    page = browser.new_page(viewport={"width": 794, "height": 1123})
    page.goto((tmp_path / "sheets.html").as_uri())
    page.emulate_media(media="print")
    assert page.locator("article.sheet").count() == 6
    number = float(page.evaluate("getComputedStyle(document.querySelector('.number b')).fontSize").removesuffix("px"))
    assert number >= 64  # 54 pt: a table number read from across the room
    cut = page.evaluate("""() => [...document.querySelectorAll('.sheet')].filter(
        s => s.scrollHeight > s.clientHeight + 1 || s.scrollWidth > s.clientWidth + 1).length""")
    assert cut == 0
    headings = page.locator("article.sheet").first.locator("th").all_inner_texts()
    assert [h.lower() for h in headings] == ["seat", "player", "badge", "money ($)", "place", "signature"]
    assert "Date:" in page.locator("article.sheet").first.inner_text()
    listed = page.locator(".list tbody tr td:first-child").all_inner_texts()
    at = {name: i for i, name in enumerate(listed)}
    assert len(listed) == 24 and listed[-1] == "Ann Zimmer"  # by surname, the name's last word
    assert at["Player G"] < at["José García"] < at["Player H"]  # García: after the one-letter G
    assert at["Player H"] < at[names[2]] < at["Player I"]  # Hohenzollern-...: H, after the one-letter H
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    assert len(re.findall(rb"/Type\s*/Page(?![a-z])", pdf)) == 3  # 6 tables, 3 a page; then the list
    page.screenshot(path=str(ARTIFACTS / "sheets-a4.png"), full_page=True)
    page.close()


def test_the_hall_has_a_find_your_table_page_read_across_the_hall_and_sized_to_the_screen(browser, tmp_path, cli):  # noqa: F811
    """Issue 37: while a heat is played the hall shows every player by surname with their table,
    in letters of 2.6% of the screen's height (28 px at 1080, 56 px at 2160), and the whole page
    grows with the screen."""
    event = Tournament("Club night", "heats", seed=3)
    names = ["José García", "Ann Zimmer", *(f"Player {chr(65 + i)}" for i in range(22))]
    for name in names:
        event.add(name)
    rnd = event.draw("club")
    (tmp_path / "club.event.toml").write_text(event_file.dumps(event))
    tournament_ok(cli, tmp_path, "standings", "--html", "hall.html")
    sizes = {}
    for width, height in ((1920, 1080), (3840, 2160)):
        page = browser.new_page(viewport={"width": width, "height": height})
        page.goto((tmp_path / "hall.html").as_uri())
        find = page.locator("section.screen:has(div.find)")
        assert find.count() == 1
        entries = find.locator("li").all_text_contents()
        assert len(entries) == 24 and entries[-1].startswith("Ann Zimmer")
        table = next(t.number for t in rnd.tables if "José García" in t.seats)
        assert f"José García{table}" in entries
        sizes[height] = float(page.evaluate("getComputedStyle(document.querySelector('div.find li')).fontSize")[:-2])
        page.add_style_tag(content=".hall .screen { visibility: hidden !important; animation: none !important; }"
                                   " .hall .screen:has(div.find) { visibility: visible !important; }")
        fit = page.evaluate("""() => { const s = document.querySelector('section.screen:has(div.find)');
            return [s.scrollHeight, s.scrollWidth]; }""")
        assert fit[0] <= height and fit[1] <= width
        if height == 1080:
            page.screenshot(path=str(ARTIFACTS / "hall-find-your-table-1920x1080.png"))
        page.close()
    assert sizes[1080] >= 28 and sizes[2160] >= 2 * sizes[1080] - 1


def test_standings_pages_of_long_names_fit_the_screen_in_letters_read_across_a_hall(browser, tmp_path, cli):  # noqa: F811
    """Issue 37: the standings in 28 px letters at 1080 (2.6% of the screen's height, as the
    find-your-table page); a page of names so long that each takes two lines holds fewer rows, so
    every name is in view and nothing scrolls."""
    rng = random.Random(5)
    event = Tournament("Club night", "heats", seed=5, tiebreaks=["wbc-2007"])
    for i in range(40):
        event.add(f"Maximiliana Alexandrovna {i:02d} von Hohenzollern-Sigmaringen-Württemberg")  # 70 characters
    rnd = event.draw("club")
    for t in rnd.tables:
        event.enter(rnd.number, t.number, sheet(t.seats, rng))
    (tmp_path / "club.event.toml").write_text(event_file.dumps(event))
    tournament_ok(cli, tmp_path, "standings", "--html", "hall.html")
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    page.goto((tmp_path / "hall.html").as_uri())
    screens = page.locator("section.screen:has(tbody)")
    assert screens.count() == 3  # 40 rows of 4/3 each: 3 pages of 13 or 14, not 2 of 20
    seen = 0
    for i, number in enumerate(int(n) for n in screens.evaluate_all("all => all.map(s => s.dataset.page)")):
        page.add_style_tag(content=".hall .screen { visibility: hidden !important; animation: none !important; }"
                                   f" .hall .screen.p{number} {{ visibility: visible !important; }}")
        fit = page.evaluate(f"""() => {{ const s = document.querySelector('section.screen.p{number}');
            const cut = [...s.querySelectorAll('td, th, p')].filter(e => e.scrollWidth > e.clientWidth + 1
                || e.scrollHeight > e.clientHeight + 1 || e.getBoundingClientRect().bottom > 1080).map(e => e.textContent);
            return {{h: s.scrollHeight, w: s.scrollWidth, cut: cut, rows: s.querySelectorAll('tbody tr').length,
                     size: parseFloat(getComputedStyle(s.querySelector('td.num')).fontSize)}}; }}""")
        assert fit["h"] <= 1080 and fit["w"] <= 1920 and fit["cut"] == [] and fit["size"] >= 28, fit
        seen += fit["rows"]
        if i == 0:
            page.screenshot(path=str(ARTIFACTS / "hall-standings-long-names-1920x1080.png"))
    assert seen == 40
    page.close()


def test_sheets_of_tables_of_6_as_they_sat_keep_every_long_name_whole_on_a4_T5_3(browser, tmp_path, cli):  # noqa: F811
    """Issue 37: a round given as the players sat (`draw --table`, a table of 6) prints two tables
    an A4 page, and names of up to 78 characters wrap inside their line rather than being cut."""
    longest = "Maximiliana Alexandrovna von Hohenzollern-Sigmaringen-Württemberg-Brandenburg"  # 78 characters
    names = [f"{longest[:70]} {i}" for i in range(6)] + [f"Player {c}" for c in "ABCDEFGHI"]
    tournament_ok(cli, tmp_path, "new", "Club night", "--seed", "3")
    tournament_ok(cli, tmp_path, "add", *names)
    tournament_ok(cli, tmp_path, "draw", "--table", ",".join(names[:6]), "--table", ",".join(names[6:12]),
                  "--table", ",".join(names[12:]))
    tournament_ok(cli, tmp_path, "sheets", "1", "--html", "sheets.html")
    page = browser.new_page(viewport={"width": 794, "height": 1123})
    page.goto((tmp_path / "sheets.html").as_uri())
    page.emulate_media(media="print")
    assert page.locator("article.sheet").count() == 3
    cut = page.evaluate("""() => [...document.querySelectorAll('.sheet')].flatMap(s => {
        const box = s.getBoundingClientRect();
        return [...s.querySelectorAll('td.name')].filter(e => e.scrollWidth > e.clientWidth + 1
            || e.getBoundingClientRect().bottom > box.bottom).map(e => e.textContent)
            .concat(s.scrollHeight > s.clientHeight + 1 ? ['sheet'] : []); })""")
    assert cut == []
    shown = page.locator("article.sheet").first.locator("td.name").all_inner_texts()
    assert [n.replace("\n", " ").strip() for n in shown] == names[:6]
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    import re

    assert len(re.findall(rb"/Type\s*/Page(?![a-z])", pdf)) == 3  # 2 tables a page (a table of 6), then the list
    page.screenshot(path=str(ARTIFACTS / "sheets-table-of-6-a4.png"), full_page=True)
    page.close()


def tables_of_six_on_the_hall(browser, tmp_path, cli, names, seed):  # noqa: F811
    """The hall page, open at 1920 x 1080, of a swiss round whose ``names`` sat at tables of 6 as
    they liked (``draw --table``), every other table with its sheet in."""
    rng = random.Random(seed)
    event = Tournament("Club night", "swiss", seed=seed)
    for name in names:
        event.add(name)
    rnd = event.seat([names[i:i + 6] for i in range(0, len(names), 6)], "club")
    for t in rnd.tables[::2]:
        event.enter(rnd.number, t.number, sheet(t.seats, rng))
    (tmp_path / "club.event.toml").write_text(event_file.dumps(event))
    tournament_ok(cli, tmp_path, "standings", "--html", "hall.html")
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    page.goto((tmp_path / "hall.html").as_uri())
    return page


def test_the_tables_now_are_read_across_a_hall_and_turn_pages_T5_2(browser, tmp_path, cli):  # noqa: F811
    """Issue 37: the current round's tables in 28 px letters at 1080 (they were 16 px), as many
    rows of 4 as fit a page: a round of 14 tables of 6 as they sat, half with their results in and some names of 30
    to 40 characters, is two pages, the tables still playing first, every name whole."""
    names = [f"Player {i:02d}" + (" Fitzgerald-Montgomery de la Tour" if i % 9 == 0 else "") for i in range(84)]
    page = tables_of_six_on_the_hall(browser, tmp_path, cli, names, 14)
    now = page.locator("section.screen:has(.card)")
    assert now.count() == 2
    cards = []
    for i in range(now.count()):
        page.add_style_tag(content=".hall .screen { visibility: hidden !important; animation: none !important; }"
                                   f" .hall .screen.p{i + 1} {{ visibility: visible !important; }}")
        fit = page.evaluate(f"""() => {{ const s = document.querySelector('section.screen.p{i + 1}');
            const cut = [...s.querySelectorAll('.card span, .card b, h1, h2, p')].filter(e => e.scrollWidth > e.clientWidth + 1
                || e.getBoundingClientRect().bottom > 1080).map(e => e.textContent);
            const plain = [...s.querySelectorAll('.card span:not(.long)')].map(e => parseFloat(getComputedStyle(e).fontSize));
            return {{h: s.scrollHeight, w: s.scrollWidth, cut: cut, size: Math.min(...plain),
                     cards: [...s.querySelectorAll('.card b')].map(b => b.textContent)}}; }}""")
        assert fit["h"] <= 1080 and fit["w"] <= 1920 and fit["cut"] == [] and fit["size"] >= 28, fit
        cards += fit["cards"]
        page.screenshot(path=str(ARTIFACTS / f"hall-now-1920x1080-page{i + 1}.png"))
    assert len(cards) == 14 and page.locator("section.screen.p1 .card").count() == 12
    assert cards[:7] == [f"table {n} · playing" for n in (2, 4, 6, 8, 10, 12, 14)]  # still playing first
    assert "Round 1 (swiss), continued" in now.nth(1).inner_text()
    page.close()


def test_the_tables_now_of_long_names_turn_pages_rather_than_run_off_the_screen_T5_2(browser, tmp_path, cli):  # noqa: F811
    """Issue 37: a page of tables holds as many rows of cards as fit the screen once their names
    are wrapped: 10 tables of 6 whose every name has 40 characters take two pages, each in view."""
    names = [f"Maximiliana {i:02d} Hohenzollern-Sigmaringen" for i in range(60)]  # 40 characters
    page = tables_of_six_on_the_hall(browser, tmp_path, cli, names, 10)
    now = page.locator("section.screen:has(.card)")
    counts = []
    for i in range(now.count()):
        page.add_style_tag(content=".hall .screen { visibility: hidden !important; animation: none !important; }"
                                   f" .hall .screen.p{i + 1} {{ visibility: visible !important; }}")
        fit = page.evaluate(f"""() => {{ const s = document.querySelector('section.screen.p{i + 1}');
            const out = [...s.querySelectorAll('.card span, .card b, h2')].filter(e => e.scrollWidth > e.clientWidth + 1
                || e.getBoundingClientRect().bottom > 1080).map(e => e.textContent);
            return {{h: s.scrollHeight, out: out, cards: s.querySelectorAll('.card').length}}; }}""")
        assert fit["h"] <= 1080 and fit["out"] == [], fit
        counts.append(fit["cards"])
        page.screenshot(path=str(ARTIFACTS / f"hall-now-long-names-1920x1080-page{i + 1}.png"))
    assert counts == [8, 2], counts
    page.close()
