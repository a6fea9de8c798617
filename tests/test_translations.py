"""The German and French catalogues and the pages' language (acquire_ref/locale, acquire_ref.web.language):
every catalogue complete (no empty or fuzzy entry, the same {fields} as the English), the template up
to date with the sources, the compiled .mo files the .po files' own, and each page's language chosen
per request (?lang, then the cookie, then Accept-Language) and said in <html lang>. The pages in
German in Chromium are in tests/test_translations_browser.py."""

from __future__ import annotations

import gettext
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from starlette.testclient import TestClient

from acquire_ref.language import LANGUAGES, _, using
from acquire_ref.web import model, pages
from acquire_ref.web.language import COOKIE
from tests.test_seats import ORIGIN, PLAYERS, table  # noqa: F401 (the fixture)

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "acquire_ref" / "locale"
TRANSLATED = [code for code in LANGUAGES if code != "en"]
FIELD = re.compile(r"\{(\w*)\}")


def shown(html: str) -> str:
    """``html`` without its style sheet and script: what a page shows and says."""
    return re.sub(r"<style>.*?</style>|<script>.*?</script>", "", html, flags=re.S)


def catalogue(code: str):
    with open(LOCALE / code / "LC_MESSAGES" / "acquire_ref.po", "rb") as f:
        return read_po(f, locale=code)


def template():
    with open(LOCALE / "acquire_ref.pot", "rb") as f:
        return read_po(f)


def fields(text: str) -> set[str]:
    return set(FIELD.findall(text))


FRENCH_SPACE = {":": "\u00a0", ";": "\u202f", "?": "\u202f", "!": "\u202f"}
"""The space French puts before each of its high marks (GLOSSARY.md, Style): a no-break space
before the colon, a narrow no-break space before the semicolon and the question and exclamation
marks."""


def test_french_puts_its_no_break_space_before_a_colon_semicolon_question_and_exclamation_mark():
    """Never a plain space, nor none, before ``:`` ``;`` ``?`` ``!`` in a French sentence (nor inside
    its ``« »``); a
    ``{field}`` (``{seconds:.1f}``), the notation between backquotes and an address are not French."""
    wrong = []
    checked = 0
    for m in catalogue("fr"):
        if not m.id:
            continue
        for form in [m.string] if isinstance(m.string, str) else list(m.string):
            french = re.sub(r"\{[^{}]*\}|`[^`]*`|https?://\S+", "", form)
            for found in re.finditer(r"(.?)([:;?!])", french):
                checked += 1
                if found.group(1) != FRENCH_SPACE[found.group(2)]:
                    wrong.append(french[max(0, found.start() - 20):found.end() + 10])
            wrong += re.findall(r"«[^\u202f]|[^\u202f]»", french)  # « dealt », a narrow space inside
    assert wrong == []
    assert checked > 400  # the catalogue's sentences do use them


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_with_the_same_fields_and_none_is_fuzzy(code):
    source = {m.id for m in template() if m.id}
    cat = catalogue(code)
    assert cat.plural_forms  # the language's plural rule is in the header
    seen = set()
    for m in cat:
        if not m.id:
            continue
        ident = m.id if isinstance(m.id, str) else m.id[0]
        seen.add(m.id)
        assert "fuzzy" not in m.flags, ident
        forms = [m.string] if isinstance(m.string, str) else list(m.string)
        assert forms and all(forms), f"{code}: {ident!r} has no translation"
        english = fields(m.id) if isinstance(m.id, str) else fields(m.id[0]) | fields(m.id[1])
        for form in forms:
            assert fields(form) == english, f"{code}: {ident!r} -> {form!r}"
        if not isinstance(m.id, str):
            assert len(forms) == cat.num_plurals, ident
    assert seen == source  # every message of the template, and none it has dropped
    assert not cat.obsolete


def test_the_template_holds_every_marked_sentence_of_the_sources(tmp_path):
    fresh = tmp_path / "fresh.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg", "-k", "ngettext:1,2",
                    "-o", str(fresh), "."], cwd=ROOT, check=True, capture_output=True)
    with open(fresh, "rb") as f:
        extracted = {m.id for m in read_po(f) if m.id}
    assert extracted == {m.id for m in template() if m.id}, "run the extract and update of CONTRIBUTING's Translations"


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalogue_is_the_po_files_own(code):
    with open(LOCALE / code / "LC_MESSAGES" / "acquire_ref.mo", "rb") as f:
        compiled = gettext.GNUTranslations(f)
    cat = catalogue(code)  # read once: a .po file takes a second to parse
    form = gettext.c2py(cat.plural_expr)
    for m in cat:
        if not m.id:
            continue
        if isinstance(m.id, str):  # a word with a context (``final`` the stage) is looked up in it
            said = compiled.pgettext(m.context, m.id) if m.context else compiled.gettext(m.id)
            assert said == m.string, m.id
        else:
            for n in (1, 2, 5):
                assert compiled.ngettext(m.id[0], m.id[1], n) == m.string[cat.plural_expr and int(form(n))], m.id


def test_a_german_board_page_speaks_german_with_german_money():
    from acquire_ref.engine.game import Game
    from acquire_ref.engine.moves import parse_move

    game = Game.table(["Ann", "Ben", "Cat"])
    for move in ("start 1A 5E 9I", "place 2A", "choose Tower", "buy Tower=2"):
        game.apply(parse_move(move))
    with using("de"):
        html = pages.live_page(model.board(game))
    assert '<html lang="de">' in html
    assert "Plättchen im Beutel" in html and "Kette" in html and "Vermögen" in html
    assert "5.600\u00a0$" in html  # Ann's cash: $6,000 less two Tower shares at $200 (R6), her founder's share free
    assert "2.000\u00a0$" in html  # Tower's majority bonus at 2 tiles (R3)
    assert "Tiles in the bag" not in shown(html) and "net worth" not in shown(html)
    english = pages.live_page(model.board(game))
    assert '<html lang="en">' in english and "$5,600" in english and "Tiles in the bag" in english


def seat_page(client: TestClient, token: str, **headers: str) -> str:
    page = client.get(f"/seat/{token}", headers=headers)
    assert page.status_code == 200, page.text
    return page.text


def test_each_phone_is_served_the_language_its_browser_prefers(table):  # noqa: F811 (the fixture)
    _, kept, client = table(5)
    german = seat_page(client, kept["Ann"], **{"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"})
    assert '<html lang="de">' in german and "Deins" in german and "Yours" not in german
    french = seat_page(client, kept["Ben"], **{"Accept-Language": "fr-CH, fr;q=0.9, de;q=0.8"})
    assert '<html lang="fr">' in french and "À vous" in french
    assert '<html lang="en">' in seat_page(client, kept["Cat"], **{"Accept-Language": "ja, en;q=0.5, de;q=0.1"})
    assert '<html lang="en">' in seat_page(client, kept["Dan"])


def test_a_choice_on_the_page_sticks_in_a_cookie_and_wins_over_the_browser(table):  # noqa: F811 (the fixture)
    _, kept, client = table(5)
    chosen = client.get(f"/seat/{kept['Ann']}?lang=fr", headers={"Accept-Language": "de"})
    assert '<html lang="fr">' in chosen.text
    cookie = chosen.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=fr;") and "SameSite=strict" in cookie and "HttpOnly" in cookie
    assert '<html lang="fr">' in seat_page(client, kept["Ann"], **{"Accept-Language": "de"})  # the cookie wins
    assert '<a href="?lang=de" lang="de" hreflang="de">Deutsch</a>' in seat_page(client, kept["Ann"])
    state = client.get(f"/seat/{kept['Ann']}/state.json", headers={"Accept-Language": "de"}).json()
    assert state["player"] == "Ann" and state["me"]["cash"].startswith("$")  # JSON stays English
    unknown = client.get(f"/seat/{kept['Ann']}?lang=xx", headers={"Accept-Language": "de"})
    assert "set-cookie" not in unknown.headers and '<html lang="fr">' in unknown.text  # an unknown choice keeps the last


def test_the_join_page_speaks_the_phones_language(table):  # noqa: F811 (the fixture)
    path, _, _ = table(5)
    from acquire_ref.web.app import create_app

    client = TestClient(create_app(path, join="http://localhost/join"), base_url=ORIGIN)
    page = client.get("/join", headers={"Accept-Language": "de"})
    assert '<html lang="de">' in page.text and "Am Spiel teilnehmen" in page.text
    assert '"Joining as {player}...": "Als {player} beitreten …"' in page.text.replace("&#34;", '"')


def test_the_tv_speaks_the_rooms_language_whatever_the_browser_asks(table):  # noqa: F811 (the fixture)
    path, _, _ = table(5)
    from acquire_ref.web.app import create_app

    client = TestClient(create_app(path, lang="fr"), base_url=ORIGIN)
    page = client.get("/", headers={"Accept-Language": "de"})
    assert '<html lang="fr">' in page.text and "Tuiles dans le sac" in page.text
    assert re.search(r"\d\u202f\d{3}\u00a0\$", page.text)  # money as French writes it: 6 000 $
    assert not re.search(r"\$\d", page.text)
    state = client.get("/state.json", headers={"Accept-Language": "de"}).json()
    assert all(p["cash"].startswith("$") for p in state["players"])  # JSON stays English: $6,000


@pytest.mark.parametrize("code", ["de", "fr"])
def test_the_page_scripts_are_the_same_bytes_in_every_language(code, table):  # noqa: F811 (the fixture)
    _, kept, client = table(5)
    scripts = set()
    for lang in ("en", code):
        text = client.get(f"/seat/{kept['Ann']}?lang={lang}").text
        scripts.add(re.findall(r"<script>(.*?)</script>", text, re.S)[0])
    assert len(scripts) == 1  # the Content-Security-Policy allows it by its hash


def test_the_review_page_speaks_each_phones_language_and_its_json_stays_english(table):  # noqa: F811 (the fixture)
    _, _, client = table(5)
    german = client.get("/review", headers={"Accept-Language": "de-DE"})
    assert '<html lang="de">' in german.text and "Rückblick" in german.text and "Wendepunkte" not in german.text
    assert '"Move {n}, turn {turn}, {player}: {move}": "Eingabe {n}, Zug {turn}, {player}: {move}"' in \
        german.text.replace("&#34;", '"')
    english = client.get("/review")
    assert '<html lang="en">' in english.text and ": review</h1>" in english.text
    script = re.compile(r"<script>(.*?)</script>", re.S)
    assert script.findall(german.text) == script.findall(english.text)  # its hash is in the policy
    french = client.get("/review?lang=fr", headers={"Accept-Language": "de"})
    assert '<html lang="fr">' in french.text and french.headers["set-cookie"].startswith(f"{COOKIE}=fr;")
    assert client.get("/review.json", headers={"Accept-Language": "de"}).json() == client.get("/review.json").json()


def test_plural_forms_follow_each_languages_rule():
    from acquire_ref.language import ngettext

    with using("fr"):  # French takes the singular for 0 and 1
        assert [ngettext("{count} tile", "{count} tiles", n).format(count=n) for n in (0, 1, 2)] == [
            "0 tuile", "1 tuile", "2 tuiles"]
    assert [ngettext("{count} tile", "{count} tiles", n).format(count=n) for n in (0, 1, 2)] == [
        "0 tiles", "1 tile", "2 tiles"]
    with using("de"):
        assert ngettext("{count} tile", "{count} tiles", 2).format(count=2) == "2 Plättchen"


@pytest.mark.parametrize("script", ["seat.js", "join.js", "live.js", "review.js"])
def test_a_page_carries_every_sentence_its_script_marks(script):
    from acquire_ref.web.language import marked, script_words
    from acquire_ref.web.pages import asset

    extracted = {m.id for m in template() if any(where.endswith("/" + script) for where, _ in m.locations)}
    assert extracted and set(marked(str(asset(script)))) == extracted  # Babel's reading and the page's agree
    with using("de"):
        words = json.loads(script_words(str(asset(script))))
        assert all(words.get(text, text) == _(text) for text in extracted)
    assert set(words) <= extracted | {"$money"} and words["$money"] == ["", ".", "\u00a0$"]


def glossary() -> list[tuple[str, str, str]]:
    """The rows of locale/GLOSSARY.md's table of terms: (English, Deutsch, Français), each its first
    word or words (before a comma, a slash or a note in brackets)."""
    rows = []
    for line in (LOCALE / "GLOSSARY.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0] not in ("English", "---"):
            rows.append(tuple(re.split(r" \(|, | / ", c)[0] for c in cells))
    return rows


@pytest.mark.parametrize(("code", "column"), [("de", 1), ("fr", 2)])
def test_a_term_of_the_glossary_is_translated_with_the_glossarys_word(code, column):
    terms = {row[0].lower(): row[column] for row in glossary()}
    assert len(terms) >= 30
    checked = 0
    for m in catalogue(code):
        if isinstance(m.id, str) and m.id.lower() in terms and m.context != "hall":  # the hall's short words
            assert m.string.lower() == terms[m.id.lower()].lower(), (m.id, m.string)
            checked += 1
    assert checked >= 8  # chain, bank, cash, net worth, price, size, player, board, merger, ...


MAIN_PROBE = """
import io, contextlib, json, sys
sys.argv = ["acquire-ref", *json.loads(sys.argv[1])]
from acquire_ref import main
out = io.StringIO()
try:
    with contextlib.redirect_stdout(out):
        main()
except SystemExit as exc:
    assert not exc.code, exc.code
print(json.dumps({"babel": "babel" in sys.modules, "out": out.getvalue()}))
"""


@pytest.mark.parametrize(("args", "lang", "babel", "said"), [
    (["status", "--json"], "de", False, '"cash": 6000'),  # JSON: English, no Babel
    (["price", "Tower", "5"], "en", False, "majority bonus $5,000"),
    (["price", "Tower", "5"], "de", True, "Mehrheitsbonus 5.000\u00a0$"),
])
def test_babel_is_imported_only_by_a_command_that_writes_money_in_another_language(tmp_path, args, lang, babel, said):
    import os

    from tests.helpers import Cli

    path = tmp_path / "g.toml"
    assert Cli()("new", "Ann", "Ben", "Cat", game=path).exit_code == 0
    env = {**os.environ, "ACQUIRE_LANG": lang, "ACQUIRE_GAME": str(path)}
    result = subprocess.run([sys.executable, "-c", MAIN_PROBE, json.dumps(args)], capture_output=True, text=True,
                            check=True, env=env)
    doc = json.loads(result.stdout)
    assert said in doc["out"]
    assert doc["babel"] is babel


def test_a_phone_that_asks_for_no_language_the_program_speaks_gets_the_rooms(table):  # noqa: F811 (the fixture)
    """room --lang fr: the join page, a seat and the review speak French to a browser that asks for
    none of the program's languages (Italian) or for none at all; a phone asking German gets German."""
    path, kept, _ = table(5)
    from acquire_ref.web.app import create_app

    client = TestClient(create_app(path, lang="fr", join="http://localhost/join"), base_url=ORIGIN)
    for address in ("/join", f"/seat/{kept['Ann']}", "/review"):
        for asked in ({"Accept-Language": "it"}, {}):
            assert '<html lang="fr">' in client.get(address, headers=asked).text, (address, asked)
    assert '<html lang="de">' in client.get("/join", headers={"Accept-Language": "de"}).text


def test_the_tvs_json_has_the_same_keys_in_every_language(table):  # noqa: F811 (the fixture)
    path, _, _ = table(5)
    from acquire_ref.web.app import create_app

    english = TestClient(create_app(path), base_url=ORIGIN).get("/state.json").json()
    french = TestClient(create_app(path, lang="fr"), base_url=ORIGIN).get("/state.json").json()
    assert set(french) == set(english) and "bot" in french


def test_why_a_turn_or_the_game_ended_is_worded_from_its_key_not_from_the_english():
    """The events keep their English reason for the JSON; people read the key's words (R6.2,
    R8.2): here the English is a placeholder nobody could reword, and the words are still right,
    the player's cash in full and left out in public (R10.1)."""
    from acquire_ref.engine import events as ev
    from acquire_ref.words.events import told

    turn = ev.TurnFinished("Ann", False, 12, "(english)", True, "(english, public)", "cash", 300)
    over = ev.GameOver("(english)", "declared", "Ann")
    stalled = ev.GameOver("(english)", "stalled")
    assert turn.as_dict() == {"event": "turn_finished", "player": "Ann", "drew": False, "bag": 12,
                              "reason": "(english)", "last": True}  # the JSON as it was
    with using("de"):
        assert told(turn) == ("nichts kann gekauft werden: Ann kann sich keine Aktie leisten (300\u00a0$) (R6.2); "
                              "das war der letzte Zug (R8)")
        assert told(turn, "public") == ("nichts kann gekauft werden: Ann kann sich keine Aktie leisten (R6.2); "
                                        "das war der letzte Zug (R8)")
        assert told(over).startswith("das Spiel endet: Ann hat das Spielende angesagt (R8.2).")
    with using("en"):
        assert told(stalled).startswith("the game ends: a whole round passed with no tile placed (R8.4).")
