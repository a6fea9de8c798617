"""The room's pages checked by axe-core in Chromium (axe-playwright-python, which ships axe-core:
nothing is fetched): the TV's page (1920 x 1080), the join page and a seat's page (390 x 844) at
each kind of decision have no serious or critical violation. A seat's board is a grid a screen
reader reads tile by tile, its chains carry their letters, and its touch targets are at least
44 px."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tests.helpers import installed, moves_of
from tests.test_serve_browser import FOUR, browser  # noqa: F401 (fixture)
from tests.test_serve_pages import game_file

KINDS = {"start": 0, "place": 1, "choose": 2, "buy": 3, "dispose": moves_of(FOUR).index("dispose Dan --trade 2")}
"""A game of the four-player example stopped at each kind of decision (moves made before it)."""


def serious(page) -> list[str]:
    """The serious and critical violations axe-core finds on ``page``, one line each."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [f"{v['impact']} {v['id']}: {v['help']} ({v['nodes'][0]['target']})" for v in found
            if v["impact"] in ("serious", "critical")]


def room(path: Path) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen([installed(), "--game", str(path), "room", "--host", "127.0.0.1", "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    said = "".join(process.stdout.readline() for _ in range(3))
    found = re.search(r"On the TV, open (http://\S+/)", said)
    assert found, said
    return process, found.group(1)


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_tv_join_and_seat_pages_have_no_serious_accessibility_violation(browser, cli, tmp_path, kind):  # noqa: F811
    path = tmp_path / "g.toml"
    if KINDS[kind]:
        assert cli("play", game_file(tmp_path / "s.toml", KINDS[kind], holdings="hidden"), "--force",
                   game=path).exit_code == 0
    else:
        assert cli("new", "Ann", "Ben", "Cat", "Dan", "--option", "holdings=hidden", game=path).exit_code == 0
    process, url = room(path)
    try:
        tv = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
        tv.goto(url)
        assert serious(tv) == []
        phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        phone.goto(url + "join")
        assert serious(phone) == []
        from acquire_ref.files.storage import load_game

        game = load_game(path)[0]
        player = game.pending.player or "Ann"
        phone.click(f'button.claim[data-player="{player}"]')
        phone.wait_for_selector(f'.ask[data-kind="{kind}"]')
        assert serious(phone) == []
        small = phone.evaluate("""() => [...document.querySelectorAll('#seat button')]
            .filter(b => b.offsetParent !== null)
            .map(b => b.getBoundingClientRect()).filter(r => r.width < 44 || r.height < 44).length""")
        assert small == 0  # every touch target at least 44 x 44 px
        assert phone.locator('[role="grid"] [role="gridcell"]').count() == 108
        if kind != "start":
            cell = '[role="gridcell"][aria-label="6B: lone tile"], [role="gridcell"][aria-label^="6B: American"]'
            assert phone.locator(cell).count() == 1
    finally:
        process.terminate()
        process.wait(timeout=10)
