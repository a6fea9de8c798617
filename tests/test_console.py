"""The table console (DESIGN 6): whole games by key presses give the same file as `play`; each
prompt offers every legal answer and only legal ones; the same books as the command line (a CLI
move shows, a locked or broken file is reported); undo and redo through the keys."""

from __future__ import annotations

import asyncio
import os
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import Input

from acquire_ref.console.app import TableApp
from acquire_ref.engine.game import Game, shuffled_bag
from acquire_ref.engine.moves import Buy, Choose, Discard, Dispose, End, Market, Pass, Place, Start, parse_move
from acquire_ref.engine.pending import FoundChain
from acquire_ref.files.record import parse_record, replay, to_toml
from acquire_ref.files.storage import locked, write_atomic
from acquire_ref.words.prompts import (
    DisposePrompt,
    prompt_for,
)
from tests.engine import check_prompt_offers_legal_moves
from tests.helpers import EXAMPLES


def fresh_file(script: Path, path: Path) -> list[str]:
    """Write ``script``'s setup without its moves to ``path``, dated today as ``play`` dates a
    script without a date; return the script's moves."""
    from datetime import date

    record = parse_record(script.read_text(encoding="utf-8"), str(script))
    moves = list(record.moves)
    record.moves = []
    record.played = record.played or date.today()
    write_atomic(path, to_toml(record, replay(record)))
    return moves


def keys_for(game: Game, text: str, following: str | None) -> tuple[list[str], bool]:
    """The keys a referee presses for the script move ``text`` (and whether they also answer the
    ``following`` move: a founding tile typed with its chain)."""
    move = parse_move(text, game.edition)

    def typed(s: str) -> list[str]:
        return [{" ": "space"}.get(ch, ch) for ch in s] + ["enter"]

    if isinstance(move, Start):
        return typed(" ".join(map(str, move.tiles))), False
    if isinstance(move, Place):
        if following and following.startswith("choose") and game.effect(move.tile).kind == "found":
            chain = parse_move(following, game.edition)
            assert isinstance(chain, Choose)
            return typed(f"{move.tile} {game.edition.chain(chain.chains[0]).letter.lower()}"), True
        return typed(str(move.tile)), False
    if isinstance(move, Choose):
        return typed(game.edition.chain(move.chains[0]).letter.lower()), False
    if isinstance(move, Buy):
        return typed("".join(game.edition.chain(c).letter.lower() * n for c, n in move.orders)), False
    if isinstance(move, Dispose):
        pend = game.pending
        held = game.shares[pend.player][pend.chain]  # type: ignore[union-attr,index]
        if move.sell == held and held:
            return typed("a"), False
        return typed((f"s{move.sell}" if move.sell else "") + (f"t{move.trade}" if move.trade else "")), False
    if isinstance(move, End):
        return ["f6", "y"], False  # F6 asks first
    if isinstance(move, Pass):
        return ["f5"], False
    if isinstance(move, Discard):
        return [*typed(" ".join(map(str, move.tiles))), "y"], False  # a dead tile typed asks first
    assert isinstance(move, Market)
    return typed(str(move.tile or move.column)), False


async def play_by_keys(path: Path, moves: list[str], size: tuple[int, int] = (80, 24)) -> dict[int, int]:
    """Play ``moves`` into the game file at ``path`` through the console's keys; returns the key
    presses of each turn."""
    app = TableApp(path)
    per_turn: dict[int, int] = {}
    async with app.run_test(size=size) as pilot:
        i = 0
        while i < len(moves):
            game = app.books.game
            assert game is not None
            turn = game.turn
            keys, both = keys_for(game, moves[i], moves[i + 1] if i + 1 < len(moves) else None)
            await pilot.press(*keys)
            await pilot.pause()
            assert app.books.error is None, (moves[i], app.books.error)
            assert len(app.books.game.moves) == i + 1 + both, (moves[i], app.query_one("#hint").render())  # type: ignore[union-attr]
            per_turn[turn] = per_turn.get(turn, 0) + len(keys)
            i += 1 + both
        assert app.books.game.over  # type: ignore[union-attr]
        assert "Final standings" in str(app.query_one("#events").render())
    return per_turn


def console_script(script: Path, out: Path) -> Path:
    """``script`` with each survivor or defunct order given up front (``place 6E --order A,T``)
    written as the console asks it, a separate ``choose`` (the console asks each decision when
    it is pending); the other moves as they are."""
    record = parse_record(script.read_text(encoding="utf-8"), str(script))
    moves: list[str] = []
    for text in record.moves:
        move = parse_move(text)
        if isinstance(move, Place) and (move.survivor or move.order):
            moves.append(f"place {move.tile}")
            moves += [f"choose {c}" for c in ([move.survivor] if move.survivor else []) + list(move.order[:-1])]
        else:
            moves.append(text)
    record.moves = moves
    game = replay(record)
    out.write_text(to_toml(record, game), encoding="utf-8")
    return out


FULL = os.environ.get("ACQUIRE_CONSOLE_FULL") == "1"
"""Also play five-players.toml by keys (about 30 s more): ``ACQUIRE_CONSOLE_FULL=1``."""


@pytest.mark.parametrize("example", [
    "four-players.toml",
    pytest.param("five-players.toml", marks=pytest.mark.skipif(not FULL, reason="ACQUIRE_CONSOLE_FULL=1 plays it too")),
])
def test_a_whole_game_by_key_presses_writes_what_play_writes(cli, tmp_path, example):
    script = console_script(EXAMPLES / example, tmp_path / "script.toml")
    played = tmp_path / "played.toml"
    assert cli("play", script, game=played).exit_code == 0
    console = tmp_path / "console.toml"
    moves = fresh_file(script, console)
    per_turn = asyncio.run(play_by_keys(console, moves))
    assert console.read_bytes() == played.read_bytes()
    print(f"\n{example}: key presses per turn {per_turn}")
    plain = [n for n in per_turn.values() if n]
    print(f"{example}: median {sorted(plain)[len(plain) // 2]}, max {max(plain)}, total {sum(plain)}")


# ----- each offered answer is legal, and every legal answer is offered ------------------------------
def check_prompt(game: Game, fresh: Callable[[], Game]) -> None:
    prompt = prompt_for(game)
    check_prompt_offers_legal_moves(game)
    if isinstance(prompt, DisposePrompt):
        for _, _ in prompt.offers():
            pass
        for text in ["", "a", "m", *[f"s{s} t{t}" for s in range(prompt.held + 2) for t in range(prompt.held + 2)]]:
            try:
                got = prompt.moves(text)
            except Exception:  # noqa: BLE001 - refused: it must not be legal
                assert not game.is_legal(Dispose(None, *prompt.counts(text)))
            else:
                assert game.is_legal(got[0])
    for text in ["", "x", "zz", "t", "aaaa", "1A", "12I 3C", "c9"]:  # whatever is typed, only legal moves come out
        try:
            got = prompt.moves(text)
        except Exception:  # noqa: BLE001 - a refusal is fine
            continue
        copy = fresh()
        for m in game.moves:
            copy.apply(m)
        for m in got:
            copy.apply(m)


@pytest.mark.parametrize("seed", range(4))
def test_every_prompt_offers_all_legal_answers_and_only_legal_ones(seed):
    rng = random.Random(seed)
    players = ["Ann", "Ben", "Cat", "Dan"][: 2 + seed % 3]

    def fresh() -> Game:
        return Game.dealt(players, shuffled_bag(seed), seed)

    game = fresh()
    game.apply(Start(()))
    seen = set()
    while not game.over and len(game.moves) < 400:
        seen.add(type(prompt_for(game)).__name__)
        check_prompt(game, fresh)
        game.apply(rng.choice(game.legal_moves()))
    assert {"PlacePrompt", "BuyPrompt"} <= seen


# ----- the same books as the command line ------------------------------------------------------------
def four_player_file(cli, tmp_path, moves: int) -> Path:
    path = tmp_path / "g.toml"
    script = EXAMPLES / "four-players.toml"
    record = parse_record(script.read_text(encoding="utf-8"))
    record.moves = record.moves[:moves]
    write_atomic(path, to_toml(record, replay(record)))
    return path


def test_a_cli_move_made_while_the_console_is_open_appears_in_it(cli, tmp_path):
    path = four_player_file(cli, tmp_path, 2)  # Ben must choose the chain to found

    async def run() -> None:
        app = TableApp(path)
        async with app.run_test(size=(80, 24)) as pilot:
            assert isinstance(app.books.game.pending, FoundChain)  # type: ignore[union-attr]
            assert cli("choose", "American", game=path).exit_code == 0
            await pilot.pause(0.8)
            assert "buy up to" in str(app.query_one("#decision").render())
            assert "A" in str(app.query_one("#board").render())
            await pilot.press("enter")  # Ben buys nothing: written over the CLI's move, not instead of it
            await pilot.pause()
            assert app.books.error is None
    asyncio.run(run())
    assert parse_record(path.read_text(encoding="utf-8")).moves[-2:] == ["choose American", "buy"]


def test_a_locked_file_is_reported_and_nothing_is_lost(cli, tmp_path, monkeypatch):
    import acquire_ref.console.books as books

    monkeypatch.setattr(books, "LOCK_WAIT", 0.1)
    path = four_player_file(cli, tmp_path, 2)
    before = path.read_bytes()

    async def run() -> None:
        app = TableApp(path)
        async with app.run_test(size=(80, 24)) as pilot:
            with locked(path):
                await pilot.press("a", "enter")
                await pilot.pause()
                assert "locked" in str(app.query_one("#error").render())
            assert path.read_bytes() == before
            await pilot.press("a", "enter")  # the text is kept: Enter again once the lock is free
            await pilot.pause()
            assert app.books.error is None
    asyncio.run(run())
    assert parse_record(path.read_text(encoding="utf-8")).moves[-1] == "choose American"


def test_a_broken_file_is_reported_not_crashed_on(cli, tmp_path):
    path = four_player_file(cli, tmp_path, 2)

    async def run() -> None:
        app = TableApp(path)
        async with app.run_test(size=(80, 24)) as pilot:
            path.write_text(path.read_text(encoding="utf-8").replace('"place 6C"', '"place 99Z"'), encoding="utf-8")
            await pilot.pause(0.8)
            assert "99Z" in str(app.query_one("#error").render())
            await pilot.press("a", "enter")  # refused: the file is broken, nothing is written over it
            await pilot.pause()
            assert "99Z" in path.read_text(encoding="utf-8")
            assert app.books.error
    asyncio.run(run())


def test_undo_asks_first_and_redo_puts_the_move_back(cli, tmp_path):
    path = four_player_file(cli, tmp_path, 3)  # Ben has founded American and is to buy

    async def run() -> None:
        app = TableApp(path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("ctrl+z")
            await pilot.pause()
            assert "choose American" in str(app.screen.query_one("Static").render())
            await pilot.press("n")
            await pilot.pause()
            assert len(app.books.game.moves) == 3  # type: ignore[union-attr]
            await pilot.press("ctrl+z", "y")
            await pilot.pause()
            assert len(app.books.game.moves) == 2  # type: ignore[union-attr]
            assert isinstance(app.books.game.pending, FoundChain)  # type: ignore[union-attr]
            await pilot.press("ctrl+y")
            await pilot.pause()
            assert len(app.books.game.moves) == 3  # type: ignore[union-attr]
    asyncio.run(run())


def assert_panels_fit(app, width: int = 80, height: int = 24) -> None:
    """Every panel of the console ``app`` is drawn and inside a ``width`` x ``height`` screen."""
    for wid in ("#board", "#chains", "#players", "#decision", "#answer", "#hint"):
        region = app.query_one(wid).region
        assert region.height > 0 and region.bottom <= height and region.right <= width, (wid, region)


def test_the_console_fits_80_by_24_and_shows_the_decision(cli, tmp_path):
    path = four_player_file(cli, tmp_path, 60)

    async def run() -> None:
        app = TableApp(path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert_panels_fit(app)
            assert app.query_one("#board").region.height >= 10
            await pilot.press("f1")
            await pilot.pause()
            assert "dispose" in str(app.screen.query_one("Static").render())
    asyncio.run(run())


@pytest.mark.parametrize(("moves", "asked"), [
    (2, "Ben: wähle die Kette, die du gründest (R4.2)"),  # Ben founds American (R4.2)
    (60, "Dan: kauf bis zu 3 Aktien, oder Enter für keine"),  # Dan's buy step (R6.1)
    (76, "Das Spiel ist vorbei"),  # after the final payout (R8.3)
])
def test_the_console_in_german_fits_80_by_24_too(cli, tmp_path, moves, asked):
    """German is the longest language: the panels still fit 80 x 24, the decision in German."""
    from acquire_ref.language import using

    path = four_player_file(cli, tmp_path, moves)

    async def run() -> None:
        with using("de"):
            app = TableApp(path)
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                assert_panels_fit(app)
                assert str(app.query_one("#decision").render()) == asked
    asyncio.run(run())


def test_a_failed_write_leaves_the_console_showing_the_file_not_the_move(cli, tmp_path, monkeypatch):
    import acquire_ref.files.storage as storage
    from acquire_ref.console.books import Books
    from acquire_ref.engine.errors import GameFileError

    path = four_player_file(cli, tmp_path, 2)  # Ben must choose the chain to found
    before = path.read_bytes()
    books = Books(path)

    def disk_full(*args: object, **kwargs: object) -> None:
        raise GameFileError("no space left on the device")

    monkeypatch.setattr(storage, "write_atomic", disk_full)
    assert books.apply(parse_move("choose American")) is None
    assert books.error == "no space left on the device"
    assert isinstance(books.game.pending, FoundChain)  # type: ignore[union-attr]  # as the file says
    assert path.read_bytes() == before
    monkeypatch.undo()
    assert books.apply(parse_move("choose American")) is not None
    assert books.error is None
    assert parse_record(path.read_text(encoding="utf-8")).moves[-1] == "choose American"


def test_a_dead_tile_typed_at_the_place_prompt_asks_before_it_is_put_out(safe_game):
    """The command line refuses `place 1B` (dead, R4.6) and says to discard it; the console used to
    put it out of the game on Enter. Now it says what the tile is and asks (R7.3)."""

    async def run() -> None:
        app = TableApp(safe_game)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("1", "b", "enter")
            await pilot.pause()
            question = str(app.screen.query_one("Static").render())
            assert "1B is dead: it would merge the safe chains" in question
            assert "Put 1B out of the game and draw a replacement from the bag (R7.3)?" in question
            await pilot.press("n")
            await pilot.pause()
            assert app.books.game.discarded == []  # type: ignore[union-attr]
            assert app.query_one("#answer", Input).value == "1b"  # kept, to be corrected
            await pilot.press("enter", "y")
            await pilot.pause()
            assert [str(t) for t in app.books.game.discarded] == ["1B"]  # type: ignore[union-attr]
            assert app.query_one("#answer", Input).value == ""
    asyncio.run(run())


def test_f6_asks_before_declaring_the_end_and_says_why_when_it_is_not_available(cli, tmp_path, safe_game):
    async def not_yet() -> None:
        (tmp_path / "early").mkdir()
        app = TableApp(four_player_file(cli, tmp_path / "early", 3))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("f6")
            await pilot.pause()
            assert app.books.error is not None and app.books.error.startswith("F6: the end can't be declared now:")
            assert "R8.1" in app.books.error and not app.books.game.end_declared  # type: ignore[union-attr]
            assert "the end can't be declared now" in str(app.query_one("#error").render())

    async def available() -> None:
        app = TableApp(safe_game)  # every chain on the board is safe (R8.1)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("f6")
            await pilot.pause()
            assert "Declare the end of the game?" in str(app.screen.query_one("Static").render())
            await pilot.press("n")
            await pilot.pause()
            assert not app.books.game.end_declared  # type: ignore[union-attr]
            await pilot.press("f6", "y")
            await pilot.pause()
            assert app.books.game.end_declared  # type: ignore[union-attr]

    asyncio.run(not_yet())
    asyncio.run(available())
