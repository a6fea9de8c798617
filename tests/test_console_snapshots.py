"""What the table console looks like (DESIGN 6), as SVG snapshots at 80 x 24 (the smallest
terminal it promises to fit) and 160 x 48 (the big board): the start (start tiles to be drawn), a
buy, a merger with disposals pending, a sale to the bank in the log, and the end (final standings).

Each game file is made in a tmp folder through the command line (``new``, ``play``) or from a
shipped example cut short; nothing the console draws depends on that folder, the clock or a
random draw, so the snapshots are the same on every machine and every run. After a deliberate
change to the screen, look at the new pictures and accept them with
``python -m pytest tests/test_console_snapshots.py --snapshot-update``; the SVG files are kept
under ``tests/__snapshots__/``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from acquire_ref.console.app import TableApp
from acquire_ref.engine.game import Game
from acquire_ref.engine.pending import BuyShares, DisposeShares, DrawStartTiles, GameEnded
from acquire_ref.files.record import parse_record, replay, to_toml
from acquire_ref.files.storage import write_atomic
from tests.helpers import EXAMPLES

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((160, 48), id="160x48")]


def example_cut(path: Path, moves: int) -> Path:
    """examples/four-players.toml with only its first ``moves`` moves, written to ``path``."""
    record = parse_record((EXAMPLES / "four-players.toml").read_text(encoding="utf-8"))
    record.moves = record.moves[:moves]
    write_atomic(path, to_toml(record, replay(record)))
    return path


def start(cli, tmp_path: Path) -> Path:
    """A new table game: Ann, Ben, Cat and Dan are to draw their start tiles."""
    path = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", "Cat", "Dan", game=path).exit_code == 0
    return path


def buy(cli, tmp_path: Path) -> Path:
    """Turn 6: Cat has just founded Festival, the fifth chain on the board, and is to buy."""
    return example_cut(tmp_path / "g.toml", 25)


def merger(cli, tmp_path: Path) -> Path:
    """Turn 19: Dan's 6E has joined three chains; Continental survives, the majority and
    minority bonuses of Tower are paid, and Dan is the first to dispose of his Tower shares."""
    return example_cut(tmp_path / "g.toml", 44)


def sale(cli, tmp_path: Path) -> Path:
    """Turn 19, later in the same merger: Ann has sold 1 Tower to the bank for $400 (the log's
    line wraps at 80 x 24 with its amount whole) and Cat is to dispose."""
    return example_cut(tmp_path / "g.toml", 46)


def end(cli, tmp_path: Path) -> Path:
    """examples/four-players.toml played to its end through ``play``: the final standings."""
    path = tmp_path / "g.toml"
    assert cli("play", EXAMPLES / "four-players.toml", game=path).exit_code == 0
    return path


STATES = {start: DrawStartTiles, buy: BuyShares, merger: DisposeShares, sale: DisposeShares, end: GameEnded}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("state", list(STATES), ids=lambda f: f.__name__)
def test_the_console_looks_as_it_did(snap_compare, cli, tmp_path, state, size):
    app = TableApp(state(cli, tmp_path))
    game: Game | None = app.books.game
    assert game is not None and isinstance(game.pending, STATES[state])
    assert snap_compare(app, terminal_size=size, run_before=steady_cursor)


async def steady_cursor(pilot) -> None:
    """The text boxes' cursor stops blinking, so a picture never catches it half-way."""
    from textual.widgets import Input

    for box in pilot.app.query(Input):
        box.cursor_blink = False
    await pilot.pause()


def test_at_80_by_24_a_sale_in_the_log_shows_its_amount_whole(cli, tmp_path):
    """The log lines wrap instead of being cut ("Noah sells 1 Tower to the bank: ban..."), and every
    key keeps its label in the footer."""
    import asyncio

    from textual.widgets import Footer

    async def run() -> None:
        app = TableApp(sale(cli, tmp_path))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            lines = str(app.query_one("#events").render()).split("\n")
            assert lines[-2:] == ["    Ann sells 1 Tower to the bank: bank", "      pays Ann $400"]  # wrapped, indented
            assert all(len(line) <= app.query_one("#events").content_region.width for line in lines)
            labels = " ".join(str(key.render()) for key in app.query_one(Footer).children)
            for label in ("Quit", "Help", "Why", "Score", "Log", "End", "Undo"):
                assert label in labels

    asyncio.run(run())
