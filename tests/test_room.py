"""The room (``acquire-ref room``) without a browser: the start tiles sent seat by seat (R2.2),
a seat's own take-back, the one-tap disposals (R5.3b), the purchase's limits for the page's
reasons (R6), the dead tile's own answer (R7.3), joining (claim, the seat's code, the referee's
release) and what the command says, through Starlette's TestClient and the ``cli`` fixture.
The whole game in Chromium is in tests/test_room_browser.py."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from acquire_ref.files import seat_links as tokens
from acquire_ref.files.storage import load_game
from acquire_ref.web import seat_model
from acquire_ref.web.app import create_app
from tests.helpers import moves_of
from tests.test_seats import ORIGIN, PLAYERS, csrf_of, post
from tests.test_serve_pages import FOUR, game_file

JOIN = ORIGIN + "/join"


def made(cli, tmp_path: Path, moves: int | None, **options: str) -> tuple[Path, dict[str, str], TestClient]:
    """The game file of the example's first ``moves``, its seats' tokens, and a room's client."""
    path = tmp_path / "g.toml"
    if moves == 0:
        assert cli("new", *PLAYERS, *[f"--option={k}={v}" for k, v in options.items()], game=path).exit_code == 0
    else:
        script = game_file(tmp_path / "script.toml", moves, **options)
        assert cli("play", script, "--force", game=path).exit_code == 0
    kept = tokens.tokens(path, PLAYERS)
    return path, kept, TestClient(create_app(path, join=JOIN), base_url=ORIGIN)


def send(client: TestClient, path: Path, token: str, move: str) -> tuple[int, dict]:
    """``move`` from the seat of ``token``, on a page that shows the game as it is."""
    return post(client, token, move, seat_model.version(load_game(path)[0]), csrf_of(client, token))


def claim(client: TestClient, player: str, code: str | None = None) -> tuple[int, dict]:
    body = {"player": player} if code is None else {"player": player, "code": code}
    answer = client.post("/join/claim", content=json.dumps(body), headers={"Origin": ORIGIN,
                                                                            "Content-Type": "application/json"})
    return answer.status_code, answer.json()


def test_each_seat_sends_its_own_start_tile_and_the_game_starts_when_all_are_in_R2_2(cli, tmp_path):
    path, kept, client = made(cli, tmp_path, 0, holdings="hidden")
    ask = client.get(f"/seat/{kept['Ann']}/state.json").json()["ask"]
    assert ask["kind"] == "start" and "6B" in ask["tiles"] and ask["waiting"] == PLAYERS
    for player, tile in zip(PLAYERS[:3], ["4E", "6B", "8E"], strict=True):
        status, answer = send(client, path, kept[player], f"start {tile}")
        assert status == 200 and answer["did"].startswith(f"Your start tile is {tile}"), answer
    assert load_game(path)[0].moves == []  # nothing is written until every tile is in
    status, answer = send(client, path, kept["Dan"], "start 4E")
    assert status == 400 and answer["error"] == "4E is Ann's start tile: every player draws their own (R2.2)"
    assert "4E" not in client.get(f"/seat/{kept['Dan']}/state.json").json()["ask"]["tiles"]
    status, _ = send(client, path, kept["Dan"], "start 11H")
    assert status == 200
    game = load_game(path)[0]
    assert str(game.moves[0]) == "start 4E 6B 8E 11H" and game.pending.player == "Ben"  # 6B is nearest 1A (R2.3)


def test_two_tiles_from_one_seat_are_refused_R2_2(cli, tmp_path):
    path, kept, client = made(cli, tmp_path, 0)
    status, answer = send(client, path, kept["Ann"], "start 4E 6B")
    assert status == 400 and answer["error"] == "send your own start tile, one: e.g. start 5E (R2.2)"


def test_a_seat_takes_back_its_own_last_move_while_nobody_has_answered_since(cli, tmp_path):
    path, kept, client = made(cli, tmp_path, 1)  # Ben to place
    assert send(client, path, kept["Ben"], "place 6C")[0] == 200
    assert client.get(f"/seat/{kept['Ben']}/state.json").json()["undo"] == "place 6C"
    status, answer = send(client, path, kept["Cat"], "undo")
    assert status == 403 and answer["error"].startswith("you can take back only your own last move")
    status, answer = send(client, path, kept["Ben"], "undo")
    assert status == 200 and answer["did"] == "You took back place 6C"
    assert len(load_game(path)[0].moves) == 1
    for player in PLAYERS:
        assert client.get(f"/seat/{kept[player]}/state.json").json()["note"] == "Ben took back place 6C"
    assert "Ben took back place 6C" in client.get("/").text  # the TV says it too
    assert send(client, path, kept["Ben"], "undo")[0] == 403  # the start tiles are nobody's move


def test_r10_1_a_merger_is_not_taken_back_from_a_phone_its_bonuses_were_shown(cli, tmp_path):
    """With hidden holdings a merger could be tried, its bonus table read (who leads each chain)
    and taken back at no cost; the phone offers no take-back and the route refuses it."""
    path, kept, client = made(cli, tmp_path, 42, holdings="hidden")  # Dan to place 6E, a merger
    assert send(client, path, kept["Dan"], "place 6E")[0] == 200
    assert client.get(f"/seat/{kept['Dan']}/state.json").json()["undo"] is None
    status, answer = send(client, path, kept["Dan"], "undo")
    assert status == 403 and "paid a merger's bonuses (R5.4)" in answer["error"]
    assert len(load_game(path)[0].moves) == 43


def test_r7_1_in_dealt_mode_a_turn_that_drew_a_tile_is_not_taken_back_from_a_phone(cli, tmp_path):
    """The bag's order is fixed: taking back a turn that drew would show the player their next tile."""
    path = tmp_path / "g.toml"
    assert cli("new", *PLAYERS, "--tiles", "dealt", "--seed", "7", game=path).exit_code == 0
    assert cli("start", game=path).exit_code == 0
    kept = tokens.tokens(path, PLAYERS)
    client = TestClient(create_app(path, join=JOIN), base_url=ORIGIN)
    game = load_game(path)[0]
    first = game.pending.player
    tile = str(next(m for m in game.legal_moves() if str(m).startswith("place")))
    assert send(client, path, kept[first], tile)[0] == 200  # no chain to buy: the turn ends by itself (R6.2)
    assert load_game(path)[0].pending.player != first  # and a tile was drawn into the rack (R7.1)
    status, answer = send(client, path, kept[first], "undo")
    assert status == 403 and "drew a tile from the bag (R7.1)" in answer["error"]


def test_a_stale_take_back_is_refused_409(cli, tmp_path):
    path, kept, client = made(cli, tmp_path, 1)
    shown = seat_model.version(load_game(path)[0])
    assert send(client, path, kept["Ben"], "place 6C")[0] == 200
    status, _ = post(client, kept["Ben"], "undo", shown, csrf_of(client, kept["Ben"]))
    assert status == 409 and len(load_game(path)[0].moves) == 2


def test_a_disposal_offers_sell_all_and_trade_the_most_R5_3b(cli, tmp_path):
    _, kept, client = made(cli, tmp_path, moves_of(FOUR).index("dispose Cat --sell 2 --trade 2"))
    ask = client.get(f"/seat/{kept['Cat']}/state.json").json()["ask"]
    assert [(q["label"], q["move"]) for q in ask["quick"]] == [("Sell all 4", "dispose --sell 4"),
                                                               ("Trade the most: 4 for 2", "dispose --trade 4")]


def test_a_purchase_lists_only_chains_the_bank_has_shares_of_with_the_limit_and_cash_R6(cli, tmp_path):
    from acquire_ref.engine.game import Game
    from acquire_ref.engine.moves import parse_move

    game, moves = Game.table(PLAYERS), moves_of(FOUR)
    for move in moves:  # the first purchase with a chain the bank has none of
        if game.pending.decision == "buy" and any(game.bank[c] == 0 for c in game.board.sizes):
            break
        game.apply(parse_move(move))
    path, kept, client = made(cli, tmp_path, len(game.moves))
    game = load_game(path)[0]
    doc = client.get(f"/seat/{kept[game.pending.player]}/state.json").json()
    assert doc["ask"]["kind"] == "buy"
    buy = doc["ask"]["buy"]
    assert buy["limit"] == 3 and buy["cash"] == game.cash[game.pending.player]
    assert all(c["bank"] > 0 for c in buy["chains"])
    assert {c["chain"] for c in buy["chains"]} == {c for c in game.board.sizes if game.bank[c] > 0}
    page = client.get(f"/seat/{kept[game.pending.player]}").text
    assert all(f'data-key="{c}"' not in page for c in game.board.sizes if game.bank[c] == 0)


def test_a_dead_tile_has_its_own_answer_discard_R7_3(cli, tmp_path):
    path, kept, client = made(cli, tmp_path, 73)
    ask = client.get(f"/seat/{kept['Ann']}/state.json").json()["ask"]
    assert "10E" in ask["discards"] and "10E" not in ask["tiles"]
    status, _ = send(client, path, kept["Ann"], "discard 10E")
    assert status == 200 and str(load_game(path)[0].moves[-1]) == "discard 10E"


def test_a_free_seat_is_claimed_with_a_new_link_and_a_joined_one_needs_its_code(cli, tmp_path):
    _, kept, client = made(cli, tmp_path, 5)
    assert "Ann: free" in client.get("/").text and "/join" in client.get("/").text
    status, answer = claim(client, "Ann")
    assert status == 200 and answer["url"].startswith("/seat/")
    first = answer["url"].rsplit("/", 1)[1]
    assert first != kept["Ann"] and client.get(f"/seat/{kept['Ann']}/state.json").status_code == 403
    assert "Ann: joined" in client.get("/").text
    status, answer = claim(client, "Ann")
    assert status == 409 and "type the code shown on Ann's phone" in answer["error"]
    wrong = "000000" if tokens.seat_code(first) != "000000" else "111111"
    assert claim(client, "Ann", wrong)[0] == 403
    code = client.get(f"/seat/{first}/state.json").json()["code"]
    assert code == tokens.seat_code(first) and f"Seat code <b>{code}</b>" in client.get(f"/seat/{first}").text
    status, answer = claim(client, "Ann", code)
    assert status == 200 and client.get(f"/seat/{first}/state.json").status_code == 403  # the old phone is out
    assert claim(client, "Zed")[0] == 400
    refused = client.post("/join/claim", content='{"player": "Ben"}', headers={"Origin": "http://evil.example"})
    assert refused.status_code == 403


def test_a_joined_seat_still_needs_its_code_after_the_room_is_started_again(cli, tmp_path):
    """A room started again knew no seat as joined: every seat showed free, and the first tap on
    Ben's name took his seat (his cash and shares, with hidden holdings) without his code. The
    side file keeps the joined seats; a release or `seats --new` frees them."""
    path, _, client = made(cli, tmp_path, 5, holdings="hidden")
    status, answer = claim(client, "Ben")
    assert status == 200
    mine = answer["url"].rsplit("/", 1)[1]
    assert client.get(f"/seat/{mine}").status_code == 200
    again = TestClient(create_app(path, join=JOIN), base_url=ORIGIN)  # the room started again
    assert "Ben: joined" in again.get("/").text and "Ann: free" in again.get("/").text
    status, answer = claim(again, "Ben")
    assert status == 409 and "type the code shown on Ben's phone" in answer["error"]
    assert again.get(f"/seat/{mine}").status_code == 200  # Ben's own phone goes on
    assert cli("room", "--release", "Ben", game=path).exit_code == 0
    assert "Ben: free" in TestClient(create_app(path, join=JOIN), base_url=ORIGIN).get("/").text


def test_a_seats_code_is_bounded_from_every_address_together_and_a_free_seat_is_never_limited(cli, tmp_path):
    """Ten wrong codes an address, but from thirty addresses 300 guesses went through; and an
    address that had spent its wrong codes could no longer claim a free seat."""
    from acquire_ref.web import join

    _, _, client = made(cli, tmp_path, 5)
    _, answer = claim(client, "Ben")
    code = tokens.seat_code(answer["url"].rsplit("/", 1)[1])
    wrong = [c for c in (f"{n:06d}" for n in range(100)) if c != code]
    statuses = []
    for n, guess in enumerate(wrong[:join.CODES_PER_SEAT + 5]):  # each guess from an address of its own
        other = TestClient(client.app, base_url=ORIGIN, client=(f"10.0.0.{n + 1}", 5000))
        statuses.append(claim(other, "Ben", guess)[0])
    assert statuses[:join.CODES_PER_SEAT] == [403] * join.CODES_PER_SEAT and set(statuses[join.CODES_PER_SEAT:]) == {429}
    status, answer = claim(client, "Ben", code)  # the right code too, until the seat's count refills
    assert status == 429 and "acquire-ref room --release Ben" in answer["error"]
    _, answer = claim(client, "Ann")
    anns = tokens.seat_code(answer["url"].rsplit("/", 1)[1])
    guesses = [c for c in wrong if c != anns]
    assert [claim(client, "Ann", guess)[0] for guess in guesses[:10]] == [403] * 10  # this address's ten
    assert claim(client, "Ann", guesses[10])[0] == 429
    assert claim(client, "Cat")[0] == 200  # a free seat asks no code: the address's count does not matter


@pytest.mark.parametrize("body, words", [
    ("[" * 2000 + "]" * 2000, "not brackets nested deep"),
    ('{"player": "Ann", "player": "Ben"}', "given twice"),
    (b"\xff\xfe", "UTF-8"),
], ids=["nested brackets", "a key twice", "not UTF-8"])
def test_a_claim_that_is_no_json_object_is_refused_400_not_a_traceback(cli, tmp_path, body, words):
    """The join route read its body without the move route's checks: nested brackets gave a 500."""
    _, _, client = made(cli, tmp_path, 5)
    answer = client.post("/join/claim", content=body, headers={"Origin": ORIGIN, "Content-Type": "application/json"})
    assert answer.status_code == 400 and words in answer.json()["error"]


def test_room_release_gives_the_seat_a_new_link_and_frees_it(cli, tmp_path):
    path, kept, _ = made(cli, tmp_path, 5)
    tokens.mark_joined(path, PLAYERS, kept["Cat"])
    result = cli("room", "--release", "Cat", game=path)
    assert result.exit_code == 0, result.output
    assert "Cat's seat is free: its old link no longer works" in result.output
    now = tokens.read(path, PLAYERS)
    assert now is not None and now["Cat"] != kept["Cat"] and all(now[p] == kept[p] for p in PLAYERS if p != "Cat")
    again = cli("room", "--release", "Cat", game=path)  # nobody joined it since: no old link to stop
    assert "Cat's seat was not joined by any phone: it is free, with a new link" in again.output
    assert cli("room", "--release", "Zed", game=path).exit_code == 2


def test_room_refuses_players_for_a_game_file_that_exists(cli, tmp_path):
    path, _, _ = made(cli, tmp_path, 5)
    result = cli("room", "Ann", "Ben", game=path)
    assert result.exit_code == 2 and "already exists" in result.output
    assert cli("room", game=tmp_path / "none.toml").exit_code == 4


def test_seats_and_serve_say_when_their_defaults_cannot_reach_each_other(cli, tmp_path):
    from acquire_ref.web.serve import _tell_addresses

    path, _, _ = made(cli, tmp_path, 5)
    result = cli("seats", "--host", "192.168.1.20", game=path)
    assert "`serve` alone listens on 127.0.0.1, which no phone reaches" in result.output
    said: list[str] = []
    _tell_addresses(path, "127.0.0.1", ["http://127.0.0.1:8765/"], said.append)
    assert any("phones can't reach it. Use --host 0.0.0.0, or `acquire-ref room`." in line for line in said)
    said.clear()
    _tell_addresses(tmp_path / "other.toml", "127.0.0.1", ["http://127.0.0.1:8765/"], said.append)
    assert not any("phones" in line for line in said)  # no links made: nothing to warn of


def test_a_phone_says_who_did_what_ben_founded_american_R4_2(cli, tmp_path):
    path, kept, client = made(cli, tmp_path, 1)
    assert send(client, path, kept["Ben"], "place 6C")[1]["did"] == "Ben placed 6C"
    status, answer = send(client, path, kept["Ben"], "choose American")
    assert status == 200 and answer["did"] == "Ben founded American"
    page = client.get(f"/seat/{kept['Cat']}").text
    assert "Last: Ben founded American" in page and "Enter" not in page  # phone words name no key


def test_a_phone_names_no_key_at_any_decision(cli, tmp_path):
    from acquire_ref.engine.game import Game
    from acquire_ref.engine.moves import parse_move
    from acquire_ref.web.pages import seat_fragment

    game = Game.table(PLAYERS)
    for move in moves_of(FOUR):
        if game.pending.player:
            html = seat_fragment(seat_model.seat(game, game.pending.player))
            assert "Enter" not in html, (move, game.pending.decision)
        game.apply(parse_move(move))


def test_help_wraps_paragraphs_as_typer_does_not_in_mid_sentence(cli):
    for command, sentence in (("seats", "kept beside the game file in GAME.seats (readable by you only) and made"),
                              ("serve", "The TV's page only reads the game file; the players' own pages"),
                              ("table", "with players named, it creates the file first")):
        result = cli(command, "--help", env={"COLUMNS": "200"})
        assert result.exit_code == 0 and sentence in result.output, (command, result.output)


def test_the_console_f7_names_the_table_port_is_in_the_footer_and_fits_80_by_24(cli, tmp_path):
    import asyncio

    from textual.containers import VerticalScroll

    from acquire_ref.console.app import HELP, InfoScreen, TableApp

    path, kept, _ = made(cli, tmp_path, 1)  # Ben places first

    async def run() -> tuple[str, int, str]:
        app = TableApp(path, port=9123)
        async with app.run_test(size=(80, 24)) as pilot:
            footer = " ".join(key for key, b in app.active_bindings.items() if b.binding.show)
            await pilot.press("f7")
            await pilot.pause()
            assert isinstance(app.screen, InfoScreen)
            return str(app.screen.text), app.screen.query_one(VerticalScroll).max_scroll_y, footer

    text, scroll, footer = asyncio.run(run())
    assert text.startswith("Ben's own screen") and f":9123/seat/{kept['Ben']}" in text
    assert scroll == 0  # the whole code shows at 80 x 24, without scrolling
    assert "f7" in footer and "F7 a seat's QR code" in HELP


def test_the_okabe_ito_palette_colours_every_chain_on_the_tv_and_the_seats_letters_kept(cli, tmp_path):
    from acquire_ref.web.palette import OKABE_ITO

    path, kept, _ = made(cli, tmp_path, 12)  # Tower, American, Festival and Continental founded
    client = TestClient(create_app(path, join=JOIN, palette="okabe-ito"), base_url=ORIGIN)
    game = load_game(path)[0]
    names = list(game.edition.names)
    tv = client.get("/state.json").json()
    for chain in tv["chains"]:
        assert chain["colour"] == OKABE_ITO[names.index(chain["name"])] and chain["letter"]
    cells = [c for row in tv["grid"] for c in row["cells"] if c["kind"] == "chain"]
    assert cells and all(c["colour"] == OKABE_ITO[names.index(c["chain"])] and c["letter"] for c in cells)
    seat = client.get(f"/seat/{kept['Ann']}/state.json").json()
    assert {c["colour"] for c in seat["board"]["chains"]} <= set(OKABE_ITO)
    assert cli("serve", "--palette", "rainbow", game=path).exit_code == 2


def test_a_phone_takes_nothing_back_once_the_game_is_over(cli, tmp_path):
    path, kept, client = made(cli, tmp_path, None)  # the whole example: Ann's purchase ended it
    game = load_game(path)[0]
    assert game.over and game.log[-1].player == "Ann"
    assert client.get(f"/seat/{kept['Ann']}/state.json").json()["undo"] is None
    status, answer = send(client, path, kept["Ann"], "undo")
    assert status == 403 and answer["error"].startswith("the game is over")
    assert load_game(path)[0].over


def test_the_room_listens_on_every_address_so_a_tv_on_this_computer_opens_it_too(cli, tmp_path, monkeypatch):
    """`room` without --host answers on this computer's own address (a TV plugged into it opens
    http://127.0.0.1:PORT/) as well as on the network's (the phones join there)."""
    import acquire_ref.web.serve as serve
    from acquire_ref.web.serve import _tell_room

    asked: list[str] = []
    monkeypatch.setattr(serve, "run_room", lambda path, host, *rest: asked.append(host))
    path, _, _ = made(cli, tmp_path, 5)
    assert cli("room", game=path).exit_code == 0 and asked == ["0.0.0.0"]
    said: list[str] = []
    join = _tell_room(path, "0.0.0.0", ["http://127.0.0.1:8765/", "http://192.168.1.20:8765/"], said.append)
    assert join == "http://192.168.1.20:8765/join"
    assert "On this computer's own screen the TV's page is also at http://127.0.0.1:8765/" in said
    said.clear()
    _tell_room(path, "0.0.0.0", ["http://127.0.0.1:8765/"], said.append)
    assert any(line.startswith("This computer has no address on a local network: phones can't join") for line in said)


def test_every_page_a_phone_or_the_tv_opens_declares_its_icon_so_none_is_asked_for(cli, tmp_path):
    """The join page, a seat's page, the TV's board and the review say ``<link rel="icon"
    href="data:,">`` (an empty icon, allowed by their policy's ``img-src``): a browser asks for no
    ``/favicon.ico``, which the server does not have (404)."""
    _path, kept, client = made(cli, tmp_path, 1)
    for page in ("/join", f"/seat/{kept['Ann']}", "/", "/review"):
        answer = client.get(page, headers={"Accept-Language": "de"})
        assert answer.status_code == 200, page
        head = answer.text.split("</head>")[0]
        assert '<link rel="icon" href="data:,">' in head, page
        assert "data:" in answer.headers["Content-Security-Policy"].split("img-src")[1].split(";")[0], page
    assert client.get("/favicon.ico").status_code == 404


def test_the_seats_and_join_routes_refuse_in_the_phones_language(cli, tmp_path):
    """A phone that asks for German (``Accept-Language``) or French reads every refusal of the
    seat's and the join routes in it: a wrong link, a request from another page, a typo'd move,
    a tile off the board (R1.1), a move out of turn, a claim of a seat that is not there."""
    path, kept, client = made(cli, tmp_path, 1)  # Ben to place
    said: dict[str, list[str]] = {}
    for code in ("de", "fr"):
        client.cookies.clear()
        client.headers["Accept-Language"] = code
        version = seat_model.version(load_game(path)[0])
        csrf = csrf_of(client, kept["Ben"])
        answers = [client.get("/seat/" + "0" * 32).json()["error"],
                   post(client, kept["Ben"], "place 6C", version, csrf, origin="http://elsewhere.example")[1]["error"],
                   post(client, kept["Ben"], "plce 6C", version, csrf)[1]["error"],
                   post(client, kept["Ben"], "place 5Z", version, csrf)[1]["error"],
                   post(client, kept["Cat"], "place 6C", version, csrf_of(client, kept["Cat"]))[1]["error"],
                   claim(client, "Zed")[1]["error"]]
        said[code] = answers
    assert said["de"] == [
        "dieser Link ist kein Platz dieses Spiels: frage noch einmal nach dem Link (acquire-ref seats)",
        "diese Anfrage kommt nicht von der Seite des Platzes (Origin)",
        "'plce' ist keine Eingabe: start, place, choose, dispose, buy, pass, discard, end oder market",
        "'5Z' liegt außerhalb des Spielplans: die Spalten gehen von 1-12 und die Reihen von A-I (R1.1)",
        "die anstehende Entscheidung ist nicht die von Cat: die Seite zeigt sie neu",
        "es gibt keinen Platz für 'Zed': die Plätze sind Ann, Ben, Cat, Dan"]
    assert said["fr"][0] == "ce lien n’est aucune place de cette partie\u00a0: redemandez le lien (acquire-ref seats)"
    assert said["fr"][3] == ("'5Z' est hors du plateau\u00a0: les colonnes vont de 1 à 12 et les rangées de A à I "
                             "(R1.1)")


def test_a_take_back_note_is_worded_in_each_phones_own_language(cli, tmp_path):
    """Ben's phone speaks German and takes back his 6C; Cat's phone, in French, and the TV (the
    room's English) each read the note in their own language, not in Ben's."""
    path, kept, client = made(cli, tmp_path, 1)  # Ben to place
    assert send(client, path, kept["Ben"], "place 6C")[0] == 200
    version = seat_model.version(load_game(path)[0])
    client.headers["Accept-Language"] = "de"
    status, answer = post(client, kept["Ben"], "undo", version, csrf_of(client, kept["Ben"]))
    assert status == 200 and answer["did"] == "Du hast zurückgenommen: place 6C"

    def note(page: str) -> str:
        found = re.search(r'<p class="notice" role="status">([^<]*)</p>', page)
        assert found, page
        return html.unescape(found.group(1))

    assert note(client.get(f"/seat/{kept['Ben']}").text) == "Ben hat zurückgenommen: place 6C"
    client.cookies.clear()
    assert note(client.get(f"/seat/{kept['Cat']}", headers={"Accept-Language": "fr"}).text) == "Ben a repris\u00a0: place 6C"
    client.cookies.clear()
    assert note(client.get(f"/seat/{kept['Dan']}", headers={"Accept-Language": "en"}).text) == "Ben took back place 6C"
