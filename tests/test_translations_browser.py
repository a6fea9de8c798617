"""The room in German in Chromium (acquire_ref.web.language): the TV's page in the room's language
(``room --lang de``) fitting 1920 x 1080 (German is the longest of the three), and a phone whose
browser asks for German (390 x 844) showing its seat in German, its script's words included, with
no English word of the pages' own left. Screenshots are left in tests/artifacts/ (lang-*.png).

The sentences the engine makes (the pending decision's headline, the last move, a merger's
banner, the answers' labels and previews) are the phrasebook's messages: the pages' own checks
leave them out, and one test for the TV and the seats checks them too, with
:data:`ENGINE_ENGLISH`, words only English has.
"""

from __future__ import annotations

import re
import threading

import pytest

from acquire_ref.web.app import create_app
from tests.helpers import running
from tests.test_serve_browser import ARTIFACTS, SCREENS, browser, example_at, fits  # noqa: F401 (fixtures)
from tests.test_serve_pages import MERGER, game_file

ENGLISH = ["Tiles in the bag", "Turn", "chain", "size", "price", "majority", "minority", "player", "cash", "shares",
           "net worth", "Edition", "Now", "Last move", "lone tile", "placed last", "Yours", "Cash", "Send", "Rack",
           "Bag", "tiles", "Your move", "seat", "safe", "defunct", "No shares", "Sell", "Trade", "Place", "hidden",
           "most shares", "reconnecting", "Join", "free", "joined", "plays next", "Game over", "End"]
"""Words of the pages' own (templates and scripts) that must not be left in English."""

ENGINE_SENTENCES = (".headline, .lastmove, .brief, .banner, .ask h2, .answers, .preview, .end, .pending .after, "
                    "#sent, .freechain")
"""Where the pages show the engine's sentences (the phrasebook's messages) or the edition's names."""


def left_in_english(page, skip: str = ENGINE_SENTENCES) -> list[str]:
    """The words of :data:`ENGLISH` the page still shows, the elements ``skip`` selects left out
    (by default the engine's sentences)."""
    text = page.evaluate("""(skip) => {
        const copy = document.body.cloneNode(true);
        copy.querySelectorAll(skip + ', script, style').forEach(e => e.remove());
        return copy.innerText + ' ' + [...copy.querySelectorAll('[aria-label],[title],[placeholder]')].map(
            e => [e.getAttribute('aria-label'), e.getAttribute('title'), e.getAttribute('placeholder')].join(' ')).join(' ');
    }""", skip)
    return [word for word in ENGLISH if re.search(rf"\b{re.escape(word)}\b", text)]


@pytest.fixture
def german_room(cli, tmp_path):
    """The four players' example just after its merger's disposals (Dan to buy), served with the
    TV in German; yields the server's address and the seats' tokens."""
    script = game_file(tmp_path / "script.toml", MERGER + 6)
    path = tmp_path / "g.toml"
    assert cli("play", script, "--force", game=path).exit_code == 0
    links = cli.json("seats", "--json", "--host", "127.0.0.1", game=path)
    kept = {seat["player"]: seat["url"].rsplit("/", 1)[1] for seat in links}
    stopping = threading.Event()
    with running(create_app(path, stopping=stopping, lang="de"), stopping) as port:
        yield f"http://127.0.0.1:{port}", kept


def test_the_tv_in_german_fits_1920_by_1080_with_no_english_word_of_its_own(browser, german_room):  # noqa: F811
    url, _ = german_room
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="en-US").new_page()
    page.goto(url + "/")
    page.wait_for_selector("[data-player]")
    assert page.evaluate("document.documentElement.lang") == "de"  # the room's language, not the browser's
    assert page.locator(".facts").inner_text().startswith("Zug")
    fits(page, 1920, 1080)
    assert left_in_english(page) == []
    assert re.search(r"\d\.\d{3}\u00a0\$", page.locator(".players").inner_text())  # 6.000 $
    page.screenshot(path=str(ARTIFACTS / "lang-tv-de-1920x1080.png"))
    page.context.close()


@pytest.mark.parametrize(("example", "moves", "players"), [
    ("two-players.toml", 30, 2),   # just after a merger, the market's draw pending
    ("four-players.toml", MERGER + 6, 4),  # the merger's disposals done, Dan to buy
    ("six-players.toml", 36, 6),   # turn 18: Dan's 5C merged three chains, Eve to dispose
])
def test_the_tv_in_german_fits_every_screen_it_is_for(browser, example_at, example, moves, players):  # noqa: F811
    """German is the longest of the three languages: at each screen size the TV is for, with 2, 4
    and 6 players and the room's join panel, the whole page is on the screen."""
    stopping = threading.Event()
    app = create_app(example_at(example, moves), stopping=stopping, lang="de", join="http://192.168.1.20:8765/join")
    with running(app, stopping) as port:
        for width, height in SCREENS:
            page = browser.new_context(viewport={"width": width, "height": height}).new_page()
            page.goto(f"http://127.0.0.1:{port}/")
            page.wait_for_selector("[data-player]")
            assert page.locator("[data-player]").count() == players
            assert page.locator(".room .joinat").inner_text().startswith("Mit dem Handy mitspielen:")
            fits(page, width, height)
            if width == 1920:
                page.screenshot(path=str(ARTIFACTS / f"lang-tv-de-{players}-players-room-{width}x{height}.png"))
            page.context.close()


def test_a_phone_asking_for_german_gets_its_seat_in_german_and_its_script_speaks_it(browser, german_room):  # noqa: F811
    url, kept = german_room
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    page = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE").new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{url}/seat/{kept['Dan']}")
    page.wait_for_selector(".stepper")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing to scroll sideways
    assert page.locator("#link").inner_text() in ("verbunden", "verbinde neu …")
    assert left_in_english(page) == []
    stepper = page.locator(".stepper").first
    for _ in range(4):
        stepper.locator("button.step[data-step='1']").click()  # four shares: more than R6.1 allows
    assert page.locator("#steppreview").inner_text() == "höchstens 3 Aktien pro Zug (R6.1)"
    assert page.locator("#stepsend").inner_text() == "Senden"
    page.screenshot(path=str(ARTIFACTS / "lang-seat-de-390x844.png"), full_page=True)
    page.locator("nav.languages a[hreflang='fr']").click()  # the choice on the page, kept for this phone
    page.wait_for_function("document.documentElement.lang === 'fr'")
    page.goto(f"{url}/seat/{kept['Dan']}")
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert "À vous" in page.locator(".me h2").inner_text()
    assert errors == []
    page.context.close()


def test_the_review_in_german_steps_through_the_game_in_german(browser, german_room):  # noqa: F811
    url, _ = german_room
    page = browser.new_context(viewport={"width": 1280, "height": 800}, locale="de-DE").new_page()
    page.goto(url + "/review")
    page.wait_for_selector("#board .cell")
    assert page.locator("#where").inner_text() == "Eingabe 49 von 49, Zug 19"
    page.locator("#first").click()
    assert page.locator("#words").inner_text() == "Der Spielbeginn: noch keine Eingabe."
    page.locator("#next").click()
    assert page.locator("#words").inner_text() == "Eingabe 1: start 4E 6B 8E 11H"  # the notation stays as typed
    page.locator("#next").click()
    assert page.locator("#words").inner_text() == "Eingabe 2, Zug 1, Ben: place 6C"
    assert re.search(r"\d\.\d{3}\u00a0\$", page.locator("#players").inner_text())  # 6.000 $
    page.screenshot(path=str(ARTIFACTS / "lang-review-de-1280x800.png"))
    page.context.close()


ENGINE_ENGLISH = ["the", "and", "with", "is", "are", "of", "to", "for", "at", "would", "shares", "share", "tiles",
                  "tile", "bank", "pays", "founds", "grows", "merges", "survives", "defunct", "majority",
                  "minority", "holds", "sells", "trades", "cash", "price", "takes over", "placed", "bought", "merger"]
"""Words only English has, for the engine's sentences (the last move, the merger's banner, the
headline, the answers and their previews): none is a German or a French word."""


def engine_english(page) -> list[str]:
    """The words of :data:`ENGINE_ENGLISH` the page shows anywhere (its script and style left out)."""
    text = page.evaluate("""() => {
        const copy = document.body.cloneNode(true);
        copy.querySelectorAll('script, style').forEach(e => e.remove());
        return copy.innerText;
    }""")
    return [word for word in ENGINE_ENGLISH if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text)]


def test_the_engine_s_sentences_on_the_tv_and_the_seats_are_german_too(browser, german_room):  # noqa: F811
    """Just after the merger's disposals: the TV's last move and merger banner, Dan's buy step
    (headline, answers, previews) and a waiting seat, with no English word left anywhere."""
    url, kept = german_room
    page = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="de-DE").new_page()
    page.goto(url + "/")
    page.wait_for_selector("[data-player]")
    assert left_in_english(page, "#none") == []
    assert engine_english(page) == []
    assert "Fusion durch Dan: Continental überlebt" in page.locator(".banner").inner_text()
    page.context.close()
    for player in ("Dan", "Ann"):
        page = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE").new_page()
        page.goto(f"{url}/seat/{kept[player]}")
        page.wait_for_selector(".me")
        assert left_in_english(page, "#none") == [], player
        assert engine_english(page) == [], player
        page.context.close()


@pytest.mark.parametrize("code", ["de", "fr"])
def test_a_phone_s_tile_field_shows_its_whole_placeholder_at_390_wide(browser, cli, tmp_path, code):  # noqa: F811
    """Ben to place a tile at a table (R4): the tile field's hint ("Plättchen, z. B. 6C") is drawn
    whole inside the field on a phone 390 px wide, not cut off at its edge."""
    path = tmp_path / "g.toml"
    assert cli("play", game_file(tmp_path / "script.toml", 1), "--force", game=path).exit_code == 0
    links = cli.json("seats", "--json", "--host", "127.0.0.1", game=path)
    ben = next(seat["url"].rsplit("/", 1)[1] for seat in links if seat["player"] == "Ben")
    stopping = threading.Event()
    with running(create_app(path, stopping=stopping, lang=code), stopping) as port:
        page = browser.new_context(viewport={"width": 390, "height": 844}, locale=code).new_page()
        page.goto(f"http://127.0.0.1:{port}/seat/{ben}")
        page.wait_for_selector("#tile")
        room, text = page.evaluate("""() => {
            const field = document.getElementById('tile');
            const style = getComputedStyle(field, '::placeholder');
            const box = getComputedStyle(field);
            const pen = document.createElement('canvas').getContext('2d');
            pen.font = style.fontWeight + ' ' + style.fontSize + ' ' + style.fontFamily;
            const room = field.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight);
            const shown = style.textTransform === 'uppercase' ? field.placeholder.toUpperCase() : field.placeholder;
            return [room, pen.measureText(shown).width];
        }""")
        assert page.locator("#tile").get_attribute("placeholder") == {"de": "Plättchen, z. B. 6C",
                                                                      "fr": "tuile, p. ex. 6C"}[code]
        assert text <= room, (text, room)
        page.context.close()
