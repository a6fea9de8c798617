"""A bot seat in the room (``acquire-ref room Ann Ben Cat --bot Dan=...``, acquire_ref/web/room_bot.py),
through the server's routes in-process: in dealt mode a whole game played from the phones only,
the bot answering by itself; in table mode the phone seated after the bot typing the tiles drawn
for it (R2.2, R7.1) and seeing none of its rack (R10); a thought made stale by a take-back is
dropped; a refused bot move is a logged line. The TV's thinking mark in Chromium is in
tests/test_room_bot_browser.py."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

from starlette.testclient import TestClient

from acquire_ref.engine.game import Game
from acquire_ref.engine.moves import Place
from acquire_ref.engine.tiles import iter_rows
from acquire_ref.files import seat_links as tokens
from acquire_ref.files.session import GameFile
from acquire_ref.files.storage import load_game
from acquire_ref.web import seat_model
from acquire_ref.web.app import create_app
from acquire_ref.web.holder import GameHolder
from acquire_ref.web.room import Room
from acquire_ref.web.room_bot import RoomBot, minder
from tests.test_room import JOIN, claim
from tests.test_seats import ORIGIN, csrf_of, post

HUMANS = ["Ann", "Ben", "Cat"]
PLAYERS = [*HUMANS, "Dan"]


def made(cli, path: Path, *args: str) -> dict[str, str]:
    """A new game of Ann, Ben, Cat and the bot Dan (greedy: quick, the same for a seed), its tokens."""
    assert cli("new", *HUMANS, "--bot", "Dan=greedy", *args, game=path).exit_code == 0
    return tokens.tokens(path, PLAYERS)


def send(client: TestClient, path: Path, token: str, move: str) -> tuple[int, dict]:
    """``move`` from the seat of ``token``, on a page that shows the game as it is now."""
    return post(client, token, move, seat_model.version(load_game(path)[0]), csrf_of(client, token))


def settle(client: TestClient) -> None:
    """Wait until the room's bot has thought and played (its task is done)."""
    bots = client.app.board.bots  # type: ignore[attr-defined]
    client.portal.call(bots.settled)  # type: ignore[union-attr]


def pick(ask: dict) -> str:
    """A phone's answer: the first one listed that does not end the game (to let the bot play more)."""
    listed = [a["move"] for a in ask["answers"] if a["kind"] != "end"] or [a["move"] for a in ask["answers"]]
    return listed[0]


def test_the_minder_is_the_first_person_seated_after_the_bot():
    assert minder(PLAYERS, {"Dan"}, "Dan") == "Ann"
    assert minder(["Ann", "Bot1", "Bot2", "Cat"], {"Bot1", "Bot2"}, "Bot1") == "Cat"
    assert minder(["Bot1", "Bot2"], {"Bot1", "Bot2"}, "Bot1") is None


def test_a_dealt_game_with_a_bot_seat_plays_through_from_the_phones_only(cli, tmp_path):
    path = tmp_path / "g.toml"
    kept = made(cli, path, "--tiles", "dealt", "--seed", "11")
    with TestClient(create_app(path, join=JOIN), base_url=ORIGIN) as client:
        assert client.get(f"/seat/{kept['Dan']}").status_code == 403  # the bot's seat opens on no phone (R10)
        assert claim(client, "Dan")[0] == 400
        assert "Dan: a bot" in client.get("/").text
        for _ in range(400):
            settle(client)
            game = load_game(path)[0]
            if game.over:
                break
            player = game.pending.player or "Ann"  # the start tiles: any seat draws them all (R2.2)
            assert player != "Dan", "the bot's decision was left to a person"
            ask = client.get(f"/seat/{kept[player]}/state.json").json()["ask"]
            status, answer = send(client, path, kept[player], pick(ask))
            assert status == 200, answer
        game = load_game(path)[0]
        bots = client.app.board.bots  # type: ignore[attr-defined]
    assert game.over
    dan = [e for e in game.log if e.player == "Dan"]
    assert len(dan) == bots.played and len(dan) > 10
    assert any(isinstance(e.move, Place) for e in dan)


def _free_tile(game, taken: set[str]) -> str:
    """A tile no one has: not on the board, out of the game, or entered already."""
    gone = {str(t) for t in (*game.board.owner, *game.discarded)} | taken
    return next(str(t) for _, row in iter_rows() for t in row if str(t) not in gone)


def test_table_mode_the_minding_phone_types_the_bots_tiles_and_the_bot_plays_R2_2_R7_1_R10(cli, tmp_path):
    path = tmp_path / "g.toml"
    kept = made(cli, path)
    drawn: set[str] = set()
    with TestClient(create_app(path, join=JOIN), base_url=ORIGIN) as client:
        for player, tile in zip(HUMANS, ["4E", "6B", "8E"], strict=True):
            assert send(client, path, kept[player], f"start {tile}")[0] == 200
        mind = client.get(f"/seat/{kept['Ann']}/state.json").json()["mind"]
        assert mind == {"bot": "Dan", "count": 1, "start": True,
                        "title": "Draw a start tile from the bag for Dan (bot) and type it"}
        assert client.get(f"/seat/{kept['Ben']}/state.json").json()["mind"] is None  # only Ann's phone minds Dan
        status, answer = send(client, path, kept["Ben"], "drew Dan 11H")
        assert status == 400 and "Ben's phone does not mind Dan (bot)" in answer["error"]
        status, answer = send(client, path, kept["Ann"], "drew Dan 11H")
        assert status == 200, answer
        game = load_game(path)[0]
        assert str(game.moves[0]) == "start 4E 6B 8E 11H"
        mind = client.get(f"/seat/{kept['Ann']}/state.json").json()["mind"]
        assert mind["count"] == 6 and mind["title"] == "Draw 6 tiles from the bag for Dan (bot) and type them one by one"
        status, answer = send(client, path, kept["Ann"], "drew Dan 4E")
        assert status == 400 and "4E is on the board" in answer["error"]
        dan_moves = 0
        for _ in range(60):
            settle(client)
            game = load_game(path)[0]
            ann = client.get(f"/seat/{kept['Ann']}/state.json").json()
            if ann["mind"] is not None and dan_moves >= 4:  # its turns over: a tile to draw for it
                break
            if ann["mind"] is not None:
                tile = _free_tile(game, drawn)
                drawn.add(tile)
                status, answer = send(client, path, kept["Ann"], f"drew Dan {tile}")
                assert status == 200 and answer["did"].startswith(f"Entered for Dan (bot): {tile};"), answer
                assert set(ann["mind"]) == {"bot", "count", "start", "title"}  # R10: no tile of the bot's rack
                continue
            player = game.pending.player
            assert player != "Dan", "the bot did not play once its rack was complete"
            ask = client.get(f"/seat/{kept[player]}/state.json").json()["ask"]
            if ask["tiles"] is not None:  # a person places a tile of their own, drawn from the bag
                move = "place " + next(t for t in ask["tiles"] if t not in drawn)
            else:
                move = pick(ask)
            assert send(client, path, kept[player], move)[0] == 200
            settle(client)
            dan_moves = sum(e.player == "Dan" for e in load_game(path)[0].log)
        assert dan_moves >= 4 and ann["mind"]["count"] == 1
        tv = client.get("/").text
        assert "Draw 1 tile from the bag for Dan (bot) and enter it" in tv  # the TV tells the table too
        assert "Ann&#39;s phone enters the tiles drawn for Dan (bot)" in tv
        assert "Dan (bot) " in tv.split("Draw 1 tile")[0]  # the instruction of its last move before it


def test_the_thinking_mark_is_on_the_tv_and_every_phone_while_a_bot_thinks(cli, tmp_path):
    path = tmp_path / "g.toml"
    kept = made(cli, path, "--tiles", "dealt", "--seed", "11")
    client = TestClient(create_app(path, join=JOIN), base_url=ORIGIN)
    bots = client.app.board.bots  # type: ignore[attr-defined]
    from acquire_ref.programs.table_bot import BotSeat

    bots.thinking = BotSeat("Dan", "search", 1500)
    bots.room.version += 1
    assert "Dan (bot) is thinking (at most 1.5 s) ..." in client.get("/").text
    doc = client.get(f"/seat/{kept['Ben']}/state.json").json()
    assert doc["thinking"] == "Dan (bot) is thinking (at most 1.5 s) ..."
    assert "Dan (bot) is thinking" in client.get(f"/seat/{kept['Ben']}").text


def to_the_bot(path: Path) -> Game:
    """Play the game file's first moves (through :class:`GameFile`, which lets no bot answer)
    until the bot Dan's decision is pending; returns the game."""
    handle = GameFile.open(path)
    while handle.game.pending.player != "Dan":
        handle.apply(next(m for m in handle.game.legal_moves() if str(m) != "end"))
    return handle.game


def _ready(path: Path) -> tuple[GameHolder, RoomBot]:
    holder = GameHolder(path)
    return holder, RoomBot(holder, Room(path))


def test_a_thought_made_stale_by_a_take_back_is_dropped(cli, tmp_path):
    path = tmp_path / "g.toml"
    made(cli, path, "--tiles", "dealt", "--seed", "11")
    to_the_bot(path)
    holder, bot = _ready(path)

    async def go() -> int:
        ready = await holder.held(bot._ready)
        assert ready is not None
        seat, thought, shown = ready
        move = thought()
        GameFile.open(path).undo(1)  # another program takes back a move while the bot thinks
        await bot._apply(seat, move, shown)
        return bot.played

    before = len(load_game(path)[0].moves)
    assert asyncio.run(go()) == 0
    assert len(load_game(path)[0].moves) == before - 1  # the bot's stale move was not made


def test_a_refused_bot_move_is_a_logged_line_never_a_crash(cli, tmp_path, caplog):
    path = tmp_path / "g.toml"
    made(cli, path, "--tiles", "dealt", "--seed", "11")
    game = to_the_bot(path)
    holder, bot = _ready(path)
    wrong = Place(_not_in_rack(game))

    async def go() -> object:
        ready = await holder.held(bot._ready)
        assert ready is not None
        seat, _thought, shown = ready
        with caplog.at_level(logging.WARNING, logger="acquire_ref.room"):
            await bot._apply(seat, wrong, shown)
        return await holder.held(bot._ready)  # not thought again until the game changes

    assert asyncio.run(go()) is None
    assert bot.played == 0 and len(load_game(path)[0].moves) == len(game.moves)
    assert any(f"Dan (bot) played {wrong}, which was refused" in r.getMessage() for r in caplog.records)


def _not_in_rack(game):
    rack = set(game.supply.rack("Dan"))
    return next(t for _, row in iter_rows() for t in row if t not in rack and t not in game.board.owner)


def test_room_with_bot_makes_the_bot_seat_as_new_does(cli, tmp_path, monkeypatch):
    import acquire_ref.web.serve as serve

    monkeypatch.setattr(serve, "run_room", lambda *args, **kwargs: None)
    path = tmp_path / "g.toml"
    result = cli("room", "Ann", "Ben", "Cat", "--bot", "Dan=search", "--bot-think-ms", "300", game=path)
    assert result.exit_code == 0, result.output
    assert "Dan is a bot (search): the phone of the player seated after it types the tiles" in result.output
    assert list(load_game(path)[0].players) == PLAYERS
    assert "[bots.Dan]" in path.read_text() and "think_ms = 300" in path.read_text()
    assert cli("room", "--bot", "Dan=search", game=tmp_path / "other.toml").exit_code == 2


def test_table_with_bot_makes_the_bot_seat_as_new_does(cli, tmp_path):
    path = tmp_path / "g.toml"
    result = cli("table", "Ann", "Ben", "Cat", "--bot", "Dan=greedy", game=path)  # no terminal here: made, not run
    assert result.exit_code == 2 and "needs a terminal" in result.output
    assert list(load_game(path)[0].players) == PLAYERS and "[bots.Dan]" in path.read_text()
    assert cli("table", "--bot", "Dan=greedy", game=path).exit_code == 2
