"""A bot in an empty seat of a real game (`new Ann Ben Cat --bot Dan=search`): its tiles entered
from the real bag (`drew`), its decisions said as instructions for the table, dealt games where it
plays by itself, and what it may see (R10). Budgets are small; no test depends on what the bot
chooses, only that every choice is legal and said."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from acquire_ref.engine.errors import IllegalMoveError
from acquire_ref.engine.game import Game, audit
from acquire_ref.engine.moves import Discard, Pass, Place
from acquire_ref.engine.tiles import ALL_TILES, Tile, parse_tile
from acquire_ref.files.record import Record
from acquire_ref.files.session import GameFile
from acquire_ref.programs.table_bot import BotSeat, decide, enter, instruction, missing, rack, waiting
from tests.helpers import refused


class Table:
    """The people at a real table: the tile bag, the racks of the people, and the tiles they draw
    for the bot seat and enter with `drew`. The people play the first legal move from their own
    rack (the referee does not know the racks: a table game)."""

    def __init__(self, cli, path: Path, seed: int, bot: str = "Dan") -> None:
        self.cli, self.path, self.bot = cli, path, bot
        self.bag: list[Tile] = list(ALL_TILES)
        random.Random(seed).shuffle(self.bag)
        self.racks: dict[str, list[Tile]] = {}
        self.outputs: list[str] = []

    def run(self, *args: str) -> str:
        result = self.cli(*args, game=self.path)
        assert result.exit_code == 0, result.output
        assert "Traceback" not in result.output
        self.outputs.append(result.stdout)
        return result.stdout

    def handle(self) -> GameFile:
        return GameFile.open(self.path)

    def deal_what_is_missing(self) -> None:
        """Each rack filled to the count the referee keeps; the bot's tiles entered for it."""
        handle = self.handle()
        g = handle.game
        for p in g.players:
            if p == self.bot:
                seat = BotSeat(p, "search", drawn=[(0, t) for t in _entered(handle.record, p)])
                short = missing(g, seat)
                if short > 0:
                    self.run("drew", p, *[str(self.bag.pop()) for _ in range(short)])
                continue
            mine = self.racks.setdefault(p, [])
            mine[:] = [t for t in mine if t not in g.board.owner and t not in g.discarded]
            while len(mine) < g.supply.racks[p]:
                mine.append(self.bag.pop())

    def person_moves(self) -> None:
        g = self.handle().game
        p = g.pending.player
        legal = g.legal_moves()
        mine = set(self.racks.get(p or "", []))
        tiles = [m for m in legal if isinstance(m, Place) and m.tile in mine]
        dead = [m for m in legal if isinstance(m, Discard) and m.tiles[0] in mine]
        if tiles or dead or any(isinstance(m, Place | Pass | Discard) for m in legal):
            move = (dead or tiles or [Pass()])[0]
        else:
            move = legal[0]
        self.run(*str(move).split())


def _entered(record: Record, name: str) -> list[Tile]:
    from acquire_ref.engine.tiles import parse_tile

    return [parse_tile(d["tile"]) for d in record.bots[name].get("drawn", [])]


def test_r2_to_r8_a_whole_table_game_with_a_search_bot_seat_through_the_cli(cli, tmp_path):
    table = Table(cli, tmp_path / "g.toml", seed=3)
    out = table.run("new", "Ann", "Ben", "Cat", "--bot", "Dan=search", "--bot-think-ms", "5")
    assert "Dan is a bot (search)" in out and "acquire-ref drew Dan TILE" in out
    starts = [str(table.bag.pop()) for _ in range(4)]
    out = table.run("start", *starts)
    assert "Draw 6 tiles from the bag for Dan (bot) and enter them: acquire-ref drew Dan TILE..." in out
    for _ in range(2000):
        table.deal_what_is_missing()
        g = table.handle().game
        if g.over:
            break
        if g.pending.player == "Dan":  # the bot answered at once unless it waited for its tiles
            table.run("bot")
        else:
            table.person_moves()
    final = table.handle()
    assert final.game.over and audit(final.game) == []
    dan = [e for e in final.game.log if e.player == "Dan"]
    said = "\n".join(table.outputs)
    assert len(dan) > 10
    for entry in dan:  # every move of the bot was said as an instruction for the table
        if entry.move.__class__.__name__ == "Place":
            assert f"Dan (bot) places {entry.move.tile}: put {entry.move.tile} on the board" in said
    assert said.count("Dan (bot) ") >= len(dan)
    # its rack came from the tiles entered for it only (R10: it never placed one it was not given)
    entered = set(_entered(final.record, "Dan"))
    assert all(e.move.tile in entered for e in dan if isinstance(e.move, Place))


def test_r7_1_the_bot_waits_for_its_tiles_and_says_how_many(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("new", "Dan", "Ann", "Ben", "--bot", "Dan=greedy", game=path).exit_code == 0
    assert cli("start", "1A", "5E", "9I", game=path).exit_code == 0  # Dan first: 1A
    out = cli("status", game=path).stdout
    assert "Dan to place a tile" in out
    msg = refused(cli, path, "bot", code=3)
    assert "Draw 6 tiles from the bag for Dan (bot)" in msg
    out = cli("drew", "Dan", "3C", "7G", "12A", "2I", "8D", game=path).stdout
    assert "Entered for Dan (bot): 3C, 7G, 12A, 2I, 8D; 1 more to enter" in out
    assert "Draw 1 tile from the bag for Dan (bot) and enter it: acquire-ref drew Dan TILE" in out
    out = cli("drew", "Dan", "4F", game=path).stdout
    assert "Entered for Dan (bot): 4F; 0 more to enter" in out
    assert "Dan (bot) places " in out and ": put " in out  # no chain to buy: the turn ends by itself (R6.2)
    assert "Draw 1 tile from the bag for Dan (bot) and enter it" in out  # the tile drawn after its turn
    assert "Next: Ann to place a tile" in out


def test_r1_r2_4_a_tile_entered_for_the_bot_must_be_one_it_could_have_drawn(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", "--bot", "Cat=search", game=path).exit_code == 0
    assert "no bot's decision is pending" in refused(cli, path, "bot", code=3)
    assert cli("start", "1A", "5E", "9I", game=path).exit_code == 0
    assert "1A is on the board or out of the game" in refused(cli, path, "drew", "Cat", "2B", "1A", code=3)
    assert "2B is entered for Cat already" in refused(cli, path, "drew", "Cat", "2B", "2B", code=3)
    assert "Ann is not a bot seat" in refused(cli, path, "drew", "Ann", "2B", code=3)
    assert "missing 6 tiles, not 7" in refused(cli, path, "drew", "Cat", *"2B 3B 4B 5B 6B 7B 8B".split(), code=3)
    assert refused(cli, path, "drew", "Cat", "13Z", code=2)
    assert "a bot's tiles are the referee's" in refused(cli, path, "--as", "Ann", "drew", "Cat", "2B", code=3)


def test_new_bot_seats_a_named_player_or_adds_a_seat_and_refuses_what_it_cannot_read(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("new", "Ann", "Dan", "Ben", "--bot", "dan=greedy", game=path).exit_code == 0
    record = GameFile.open(path).record
    assert record.players == ["Ann", "Dan", "Ben"] and record.bots == {"Dan": {"strategy": "greedy", "think_ms": 1000}}
    assert cli("new", "Ann", "Ben", "--bot", "Cy=search", "--bot", "Di=greedy", "--force", game=path).exit_code == 0
    assert GameFile.open(path).record.players == ["Ann", "Ben", "Cy", "Di"]
    for args, said in ((["--bot", "Cy"], "write NAME=STRATEGY"), (["--bot", "Cy=clever"], "search or greedy"),
                       (["--bot", "Cy=search", "--bot", "cy=greedy"], "has a bot already")):
        result = cli("new", "Ann", "Ben", *args, "--force", game=tmp_path / "h.toml")
        assert result.exit_code == 2 and said in result.output


def test_the_game_file_refuses_a_bot_seat_it_cannot_play(tmp_path):
    text = ('format = 1\nplayers = ["Ann", "Ben"]\n[bots.Cy]\nstrategy = "clever"\nthink_ms = 0\ncolour = 1\n'
            'drawn = [{move = "x", tile = "5C"}]\n')
    record, problems = Record.problems(text, "g.toml")
    assert record is None
    said = "\n".join(problems)
    for part in ("bots.Cy: 'Cy' is not one of the players", "bots.Cy.strategy is 'clever'", "bots.Cy.think_ms is 0",
                 "bots.Cy: unknown key 'colour'", "bots.Cy.drawn[1] should be"):
        assert part in said


def test_dealt_mode_the_bot_plays_by_itself_after_each_persons_move(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", "--bot", "Cat=greedy", "--tiles", "dealt", "--seed", "7", game=path).exit_code == 0
    out = cli("start", game=path).stdout
    g = GameFile.open(path).game
    moves = 0
    while not g.over and moves < 400:
        assert g.pending.player != "Cat"  # never left waiting: it answered at once
        result = cli(*str(g.legal_moves()[0]).split(), game=path)
        assert result.exit_code == 0, result.output
        out += result.stdout
        g = GameFile.open(path).game
        moves += 1
    assert g.over and "Cat (bot) places" in out and "acquire-ref drew" not in out
    assert sum(1 for e in g.log if e.player == "Cat") > 10


def test_undo_puts_back_in_the_bag_the_tiles_entered_after_the_moves_taken_back(cli, tmp_path):
    path = tmp_path / "g.toml"
    six = [parse_tile(t) for t in "3C 7G 12A 2I 8D 4F".split()]
    assert cli("new", "Dan", "Ann", "--bot", "Dan=greedy", game=path).exit_code == 0
    assert cli("start", "1A", "5E", game=path).exit_code == 0
    assert cli("drew", "Dan", *map(str, six), game=path).exit_code == 0  # Dan plays its turn at once
    made = len(GameFile.open(path).game.log)
    assert made >= 2
    assert cli("drew", "Dan", "9H", game=path).exit_code == 0  # the tile it drew after its turn
    assert _entered(GameFile.open(path).record, "Dan") == [*six, parse_tile("9H")]
    assert cli("undo", str(made - 1), "--yes", game=path).exit_code == 0  # back to the start tiles
    handle = GameFile.open(path)
    assert _entered(handle.record, "Dan") == six  # 9H went back to the bag; the placed tile is back in the rack
    seat = BotSeat("Dan", "greedy", drawn=[(1, t) for t in six])
    assert rack(handle.game, seat) == tuple(six) and waiting(handle.game, seat) is None
    assert "Dan (bot) places" in cli("bot", game=path).stdout


def _table_game(moves: list[str], players=("Ann", "Ben", "Dan")) -> Game:
    g = Game.table(list(players))
    from acquire_ref.engine.moves import parse_move

    for m in moves:
        g.apply(parse_move(m))
    return g


def test_r6_the_bots_purchase_is_said_with_what_it_pays():
    """Tower founded by Dan with 2 tiles ($200 a share, R3.2): 2 Tower cost $400."""
    g = _table_game(["start 1A 9I 5E", "place 2A --found Luxor", "buy", "place 12I", "buy", "place 4E", "choose Tower"])
    assert g.pending.player == "Dan" and g.price("Tower") == 200
    from acquire_ref.engine.moves import Buy, Choose, End

    assert instruction(g, Buy((("Tower", 2),))) == "Dan (bot) buys 2 Tower: Dan pays the bank $400 (R6)"
    assert instruction(g, Buy()) == "Dan (bot) buys no shares (R6)"
    assert instruction(g, End()) == "Dan (bot) declares the end of the game (R8.2)"
    g2 = _table_game(["start 1A 9I 5E", "place 2A --found Luxor", "buy", "place 12I", "buy", "place 4E"])
    assert instruction(g2, Choose(("Tower",))) == "Dan (bot) founds Tower: put the Tower marker on the new chain (R4.2)"


def test_r10_r7_3_a_table_bot_places_only_its_entered_tiles_and_shows_a_dead_one_first():
    g = _table_game(["start 1A 9I 5E", "place 2A --found Luxor", "buy", "place 12I", "buy"])
    assert g.pending.player == "Dan"
    tiles = [parse_tile(t) for t in "4E 7G 12A 2I 8D 3C".split()]
    seat = BotSeat("Dan", "search", think_ms=5, drawn=[(5, t) for t in tiles])
    for _ in range(3):
        move = decide(g, seat, iterations=8)
        assert not isinstance(move, Place) or move.tile in tiles
        assert g.is_legal(move)
    short = BotSeat("Dan", "search", drawn=[(5, t) for t in tiles[:4]])
    assert waiting(g, short).startswith("Draw 2 tiles from the bag for Dan (bot)")
    with pytest.raises(IllegalMoveError, match="Draw 2 tiles"):
        decide(g, short)


def test_r7_3_a_dead_tile_in_the_table_bots_rack_is_shown_before_it_places():
    """Two safe chains (R3.5): Tower 1A-11A and Imperial 1C-11C; 5B would merge them: dead (R4.6)."""
    from tests.conftest import SAFE_POSITION

    g = Record.loads(SAFE_POSITION.replace("Cat", "Dan").replace('next = "Ann"', 'next = "Dan"')).start()
    tiles = [parse_tile(t) for t in "5B 7G 12E 2I 8F 3H".split()]
    seat = BotSeat("Dan", "greedy", drawn=[(0, t) for t in tiles])
    move = decide(g, seat)
    assert move == Discard((parse_tile("5B"),))
    assert instruction(g, move) == "Dan (bot) shows the dead tiles 5B: put them out of the game (R7.3)"
    g.apply(move)
    assert missing(g, seat) == 1  # its replacement is drawn from the real bag and entered
    assert enter(Record(["Ann", "Ben", "Dan"], bots={"Dan": {"strategy": "greedy"}}), g, "Dan", ["6G"]) == [parse_tile("6G")]


def test_the_console_asks_for_the_bots_tiles_then_says_its_move_as_an_instruction(cli, tmp_path):
    """Through the console's pilot at 80 x 24: the tiles drawn for Cat (bot) typed at its prompt,
    then its move made by the bot in a thread of its own and said under the input (R10: it read
    only the tiles entered for it)."""
    import asyncio

    from acquire_ref.console.app import TableApp

    path = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", "--bot", "Cat=greedy", game=path).exit_code == 0
    assert cli("start", "5E", "9I", "1A", game=path).exit_code == 0  # Cat first: 1A

    async def run() -> tuple[str, str, str, str]:
        app = TableApp(path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            asked = str(app.query_one("#decision").render())
            await pilot.press(*"3C 7G 12A 2I 8D 4F", "enter")
            for _ in range(50):
                await app.workers.wait_for_complete()
                await pilot.pause()
                if app.books.game.pending.player != "Cat":
                    break
            app.save_screenshot(str(tmp_path / "console.svg"))
            return asked, str(app.query_one("#hint").render()), str(app.query_one("#decision").render()), str(app.books.error)

    asked, hint, decision, error = asyncio.run(run())
    assert asked.startswith("Draw 6 tiles from the bag for Cat (bot) and enter them")
    handle = GameFile.open(path)
    placed = handle.game.log[1].move
    assert isinstance(placed, Place) and str(placed.tile) in "3C 7G 12A 2I 8D 4F".split()
    assert f"Cat (bot) places {placed.tile}: put {placed.tile} on the board" in hint
    assert decision.startswith("Ann") and error == "None"


def test_r10_1_with_hidden_holdings_the_tv_names_no_figure_of_the_bots_purchase(cli, tmp_path):
    from acquire_ref.programs.table_bot import said

    path = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", "Cat", "--bot", "Dan=greedy", "--option", "holdings=hidden", game=path).exit_code == 0
    assert cli("start", "5E", "9I", "7H", "1A", game=path).exit_code == 0  # Dan first: 1A
    out = cli("drew", "Dan", "3C", "7G", "12A", "2I", "8D", "4F", game=path).stdout
    assert "Dan (bot) buys 1 Imperial: Dan pays the bank $400 (R6)" in out  # at the moment, as the banker does it
    handle = GameFile.open(path)
    assert said(handle.record, handle.game) == [
        "Dan (bot) places 7G: put 7G on the board",
        "Dan (bot) founds Imperial: put the Imperial marker on the new chain (R4.2)",
        "Dan (bot) buys shares (R6)",
        "Draw 1 tile from the bag for Dan (bot) and enter it"]


def test_a_hand_edited_tile_of_a_bot_seat_off_the_board_is_a_file_problem_named_by_its_key(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("new", "Dan", "Ann", "--bot", "Dan=greedy", game=path).exit_code == 0
    assert cli("start", "1A", "5E", game=path).exit_code == 0
    assert cli("drew", "Dan", "3C", "7G", "12A", "2I", "8D", game=path).exit_code == 0
    path.write_text(path.read_text().replace('tile = "3C"', 'tile = "99Z"'))
    said = refused(cli, path, "bot", code=4)
    assert "bots.Dan.drawn: '99Z' is off the board" in said


def test_r2_4_a_tile_entered_for_the_bot_is_not_placed_by_a_person(cli, tmp_path):
    """A tile entered with `drew` sits in the bot's rack at the table: another player placing it is
    refused (R2.4) and the file is unchanged; the bot itself places it."""
    path = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", "Cat", "--bot", "Dan=greedy", game=path).exit_code == 0
    assert cli("start", "6D", "9A", "1C", "12I", game=path).exit_code == 0
    assert cli("drew", "Dan", "3C", "7G", "12A", "2I", "8D", "4F", game=path).exit_code == 0
    before = path.read_bytes()
    msg = refused(cli, path, "place", "3C", code=3)
    assert "3C was drawn for Dan (bot) and sits in its rack" in msg and "(R2.4)" in msg
    assert path.read_bytes() == before
    assert cli("place", "5E", game=path).exit_code == 0


@pytest.mark.parametrize(("drawn", "words"), [
    ('"3C 7G"', "bots.Dan.drawn should be a list of {move = N, tile = \"5C\"}"),
    ("5", "bots.Dan.drawn should be a list"),
    ('{move = 1, tile = "3C"}', "bots.Dan.drawn should be a list"),
    ('[{move = 99, tile = "3C"}]', "bots.Dan.drawn[1] should be {move = N, tile = \"5C\"} with N from 0 to 1"),
    ('[{move = 1, tile = "3C"}, {move = 1, tile = "3c"}]', "bots.Dan.drawn[2]: 3c is entered twice"),
])
def test_a_hand_edited_drawn_list_of_a_bot_seat_is_a_file_problem_not_a_traceback(cli, tmp_path, drawn, words):
    path = tmp_path / "g.toml"
    assert cli("new", "Dan", "Ann", "--bot", "Dan=greedy", game=path).exit_code == 0
    assert cli("start", "1A", "5E", game=path).exit_code == 0
    assert cli("drew", "Dan", "3C", game=path).exit_code == 0
    text = path.read_text()
    start = text.index("drawn = [")
    end = text.index("]", text.index("}", start)) + 1
    path.write_text(text[:start] + "drawn = " + drawn + text[end:])
    for command in (["bot"], ["place", "5F"], ["drew", "Dan", "5F"], ["undo", "--yes"], ["status"]):
        said = refused(cli, path, *command, code=4)
        assert words in said, (command, said)
