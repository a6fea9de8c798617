"""Editions that print another board or other bonus places (R1.1a, R5.4a): a 10 x 10 board, three
bonus places with every tie shape in exact dollars, a printed card's rows, and the refusals that
name the board's size. The classic two places pay exactly as R5.4 always did."""

from __future__ import annotations

import random

import pytest

from acquire_ref import Game, IllegalMoveError, parse_move
from acquire_ref.engine.editions import edition_from_dict, edition_to_dict, load_edition
from acquire_ref.engine.errors import GameFileError, NotationError
from acquire_ref.engine.game import audit, shuffled_bag
from acquire_ref.engine.scoring import final_scores, place_bonuses
from acquire_ref.engine.tiles import Grid, Tile, parse_tile
from acquire_ref.files.record import Record, to_toml
from acquire_ref.programs.simulate import Bot, play_game
from acquire_ref.words.events import told


def ten_by_ten(**changes: object) -> dict:
    """A test ruleset on a 10 x 10 board with three bonus places (10x, 7.5x, 5x), safe at 10 and
    over at 38: the classic prices, since no figure of a printed 2016 card is used here."""
    data = edition_to_dict(load_edition("classic"))
    data.update(name="ten", columns=10, rows=10, safe_size=10, end_size=38, bonus_places=[10, 7.5, 5])
    data.update(changes)
    return data


TEN = edition_from_dict(ten_by_ten())


def paid(bonuses: tuple[int, ...], holdings: dict[str, int]) -> dict[str, int]:
    return {b.player: b.amount for b in place_bonuses(bonuses, holdings)}


# ------------------------------------------------------------------ R5.4a: three places
THREE = (5000, 3800, 2500)  # a $500 share: 10x, 7.5x (3750 rounded up to $100), 5x


def test_r5_4a_places_are_multiples_of_the_price_rounded_up_to_100():
    # Tower (cheap) at 5 tiles is $500 on the classic chart: 7.5 x 500 = 3,750, paid as 3,800.
    assert TEN.bonuses("Tower", 5) == THREE
    # Imperial at 2 tiles is $400: 10x 4,000, 7.5x 3,000 exactly, 5x 2,000.
    assert TEN.bonuses("Imperial", 2) == (4000, 3000, 2000)
    assert (TEN.majority_bonus("Tower", 5), TEN.minority_bonus("Tower", 5)) == (5000, 3800)


def test_r5_4a_sole_holder_takes_every_place():
    parts = place_bonuses(THREE, {"A": 3, "B": 0})
    assert [(p.player, p.amount, p.kind) for p in parts] == [
        ("A", 11300, "first + second + third (sole shareholder)")]


def test_r5_4a_two_tied_for_first_share_first_and_second_a_third_holder_takes_third():
    parts = place_bonuses(THREE, {"A": 4, "B": 4, "C": 1})
    assert [(p.player, p.amount) for p in parts] == [("A", 4400), ("B", 4400), ("C", 2500)]
    assert parts[0].kind == "first + second (tie for the largest holding, split 2 ways)"
    assert parts[2].kind == "third"


def test_r5_4a_three_tied_for_first_share_all_three_places():
    # 11,300 / 3 = 3,766.67, rounded up to 3,800 each.
    assert paid(THREE, {"A": 2, "B": 2, "C": 2, "D": 1}) == {"A": 3800, "B": 3800, "C": 3800}


def test_r5_4a_four_tied_for_first_share_the_three_places():
    assert paid(THREE, {"A": 1, "B": 1, "C": 1, "D": 1}) == {"A": 2900, "B": 2900, "C": 2900, "D": 2900}


def test_r5_4a_a_tie_for_second_shares_second_and_third():
    # (3,800 + 2,500) / 2 = 3,150, rounded up to 3,200; the fourth holder gets nothing.
    parts = place_bonuses(THREE, {"A": 5, "B": 3, "C": 3, "D": 1})
    assert [(p.player, p.amount, p.kind) for p in parts] == [
        ("A", 5000, "first"), ("B", 3200, "second + third (split 2 ways)"), ("C", 3200, "second + third (split 2 ways)")]


def test_r5_4a_a_tie_for_third_shares_third():
    assert paid(THREE, {"A": 5, "B": 4, "C": 2, "D": 2, "E": 1}) == {"A": 5000, "B": 3800, "C": 1300, "D": 1300}


def test_r5_4a_fewer_holders_than_places_the_last_filled_place_takes_the_rest():
    parts = place_bonuses(THREE, {"A": 5, "B": 3})
    assert [(p.player, p.amount, p.kind) for p in parts] == [
        ("A", 5000, "first"), ("B", 6300, "second + third (no third holder)")]
    assert paid(THREE, {"A": 4, "B": 4}) == {"A": 5700, "B": 5700}  # 11,300 / 2 = 5,650 -> 5,700


def test_r5_4a_nobody_holding_is_paid_nothing():
    assert place_bonuses(THREE, {"A": 0}) == []


def test_r5_4a_one_place_pays_the_largest_holders_only():
    assert paid((4000,), {"A": 3, "B": 2}) == {"A": 4000}
    assert paid((4000,), {"A": 3, "B": 3}) == {"A": 2000, "B": 2000}


def test_r5_4a_with_two_places_is_exactly_the_classic_r5_4():
    """The generalised rule read with two places pays what R5.4 says, word for word."""
    rng = random.Random(35)
    for _ in range(3000):
        holdings = {p: rng.randint(0, 5) for p in "ABCDEF"[: rng.randint(1, 6)]}
        parts = [(p.player, p.amount, p.kind) for p in place_bonuses((6000, 3000), holdings)]
        held = {p: n for p, n in holdings.items() if n}
        if not held:
            assert parts == []
            continue
        top = max(held.values())
        firsts = [p for p, n in held.items() if n == top]
        if len(held) == 1:
            assert parts == [(firsts[0], 9000, "majority + minority (sole shareholder)")]
        elif len(firsts) > 1:
            each = -(-9000 // (100 * len(firsts))) * 100
            assert {p for p, _, _ in parts} == set(firsts) and {a for _, a, _ in parts} == {each}
        else:
            second = max(n for n in held.values() if n < top)
            seconds = [p for p, n in held.items() if n == second]
            each = -(-3000 // (100 * len(seconds))) * 100
            assert parts[0] == (firsts[0], 6000, "majority")
            assert {(p, a) for p, a, _ in parts[1:]} == {(p, each) for p in seconds}


def test_r5_4a_final_scoring_pays_three_places():
    # Tower at 5 tiles ($500): A 5, B 3, C 1 -> 5,000, 3,800, 2,500 plus every share sold at $500.
    scores = final_scores(TEN, {"Tower": 5}, {"A": 0, "B": 0, "C": 0},
                          {"A": {"Tower": 5}, "B": {"Tower": 3}, "C": {"Tower": 1}})
    assert [(s.player, s.total) for s in scores] == [("A", 7500), ("B", 5300), ("C", 3000)]


def test_a_printed_card_gives_its_own_prices_and_bonuses():
    card = {"low": [[2, 300, 3000, 2000, 1000], [5, 600, 6000, 4000, 2000]],
            "high": [[2, 500, 5000, 3500, 2000]]}
    data = ten_by_ten(card=card)
    del data["price_chart"], data["tiers"]
    for chain in data["chains"]:
        chain["tier"] = "high" if chain["name"] in ("Imperial", "Continental") else "low"
    ed = edition_from_dict(data)
    assert ed.price("Tower", 4) == 300 and ed.bonuses("Tower", 4) == (3000, 2000, 1000)
    assert ed.price("Tower", 9) == 600 and ed.bonuses("Tower", 9) == (6000, 4000, 2000)
    assert ed.bonuses("Imperial", 30) == (5000, 3500, 2000)
    doc = ed.card()
    assert [b["from"] for b in doc["brackets"]] == [2, 5] and doc["places"] == [None, None, None]
    assert doc["brackets"][1]["prices"]["low"]["bonuses"] == [6000, 4000, 2000]
    again = edition_from_dict(edition_to_dict(ed))
    assert again.bonuses("Tower", 9) == (6000, 4000, 2000) and again.grid == Grid(10, 10)


def test_a_card_without_bonus_columns_uses_the_multiples():
    data = ten_by_ten(card={"cheap": [[2, 200], [6, 700]], "middle": [[2, 300]], "top": [[2, 400], [3, 900]]})
    del data["price_chart"], data["tiers"]
    ed = edition_from_dict(data)
    assert ed.price("Imperial", 3) == 900 and ed.bonuses("Imperial", 3) == (9000, 6800, 4500)


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf"), 1e308])
def test_r5_4a_a_bonus_place_that_is_no_finite_number_is_refused_not_a_traceback(value):
    """TOML reads nan, inf and 1e308 as floats: they crashed every command on the ruleset."""
    with pytest.raises(GameFileError, match=r"bonus_places\[1\] is .*a multiple of the share price from 0.1 to 100"):
        edition_from_dict(ten_by_ten(bonus_places=[value]))


@pytest.mark.parametrize("card, words", [
    ({"cheap": [[3, 200]]}, "must start at 2"),
    ({"cheap": [[2, 200, 2000, 1000]]}, "the bonus of each of the 3 places"),
    ({"cheap": [[2, 200, 1000, 2000, 500]]}, "more than the place above it (R5.4a)"),
    ({"cheap": [[2, 250]]}, "positive multiple of $100"),
    ({"cheap": [[2, 0]]}, "has a blank (0): copy it from the edition's printed card"),
    ({"cheap": []}, "blank: copy the tier's rows from the edition's printed card"),
])
def test_bad_card_rows_are_refused_precisely(card, words):
    data = ten_by_ten(card=card)
    del data["price_chart"], data["tiers"]
    for chain in data["chains"]:
        chain["tier"] = "cheap"
    with pytest.raises(GameFileError, match="not a sound ruleset") as info:
        edition_from_dict(data)
    assert words in str(info.value)


# ------------------------------------------------------------------ R1.1a: the board
def test_r1_1a_a_10_by_10_board_has_100_tiles_from_1a_to_10j():
    grid = TEN.grid
    assert (str(grid), len(grid.tiles), str(grid.tiles[0]), str(grid.tiles[-1])) == ("10 x 10", 100, "1A", "10J")
    assert sorted(map(str, Tile(10, 9).neighbours(grid))) == ["10I", "9J"]
    assert sorted(map(str, Tile(1, 8).neighbours(grid))) == ["1H", "1J", "2I"]
    assert len(shuffled_bag(5, grid)) == 100 and set(shuffled_bag(5, grid)) == set(grid.tiles)


@pytest.mark.parametrize("text, words", [
    ("11A", "'11A' is off the 10 x 10 board: columns run 1-10 and rows A-J (R1.1)"),
    ("1K", "'1K' is off the 10 x 10 board: columns run 1-10 and rows A-J (R1.1)"),
])
def test_r1_1a_tiles_off_a_10_by_10_board_are_refused_naming_its_size(text, words):
    with pytest.raises(NotationError) as info:
        parse_tile(text, TEN.grid)
    assert str(info.value) == words
    with pytest.raises(NotationError, match="off the 10 x 10 board"):
        parse_move(f"place {text}", TEN)
    assert str(parse_tile("10J", TEN.grid)) == "10J"
    with pytest.raises(NotationError, match="off the board: columns run 1-12 and rows A-I"):
        parse_tile("1J")  # the classic board keeps its words


def test_r1_1a_a_tile_made_by_a_script_off_the_board_is_refused():
    game = Game.table(["A", "B", "C"], TEN)
    with pytest.raises(IllegalMoveError, match=r"11A is off the 10 x 10 board: columns run 1-10 and rows A-J \(R1.1a\)"):
        game.verify(parse_move("start 1A 2C 11A"))
    game.apply(parse_move("start 1A 5E 10J", TEN))
    assert str(game.board.owner and sorted(map(str, game.board.owner))) == "['10J', '1A', '5E']"


def test_r1_1a_a_table_game_counts_100_tiles():
    game = Game.table(["A", "B", "C"], TEN)
    game.apply(parse_move("start 1A 5E 10J", TEN))
    assert game.bag == 100 - 3 - 18 and audit(game) == []


@pytest.mark.parametrize("seed, players", [(1, 4), (2, 6), (3, 3), (4, 2), (5, 2)])
def test_r1_1a_dealt_games_on_a_10_by_10_board_play_to_the_end(seed, players):
    game = play_game(["A", "B", "C", "D", "E", "F"][:players], seed, "random", TEN)
    assert game.over and audit(game) == []
    assert all(TEN.grid.holds(t) for t in game.board.owner)
    assert max(game.board.sizes.values(), default=0) <= 100


def test_r9_the_market_draws_a_column_of_the_10_by_10_board():
    from acquire_ref.engine.moves import Market
    from acquire_ref.engine.pending import DrawForMarket

    game = Game.table(["A", "B"], TEN)
    game.apply(parse_move("start 1A 10J", TEN))
    rng = random.Random(9)
    while not isinstance(game.pending, DrawForMarket) and len(game.log) < 2000:
        game.apply(rng.choice(game.legal_moves()))
    assert isinstance(game.pending, DrawForMarket)
    assert [m.column for m in game.legal_moves() if isinstance(m, Market)] == list(range(1, 11))
    with pytest.raises(IllegalMoveError, match=r"a column of the 10 x 10 board, 1-10 \(R9\)"):
        game.verify(Market(11))
    with pytest.raises(NotationError, match="a tile's column is 1-10"):
        parse_move("market 11", TEN)
    with pytest.raises(NotationError, match="off the 10 x 10 board"):
        parse_move("market 11A", TEN)


def test_a_dealt_bag_of_another_board_is_refused():
    with pytest.raises(NotationError, match="each of the 100 tiles of the 10 x 10 board once"):
        Game.dealt(["A", "B", "C"], shuffled_bag(1), 1, TEN)


# ------------------------------------------------------------------ the 2016 structure
EXAMPLE_2016 = __import__("pathlib").Path(__file__).parent.parent / "examples" / "rulesets" / "2016.toml"


def test_the_2016_example_names_each_blank_until_the_table_copies_its_card(cli):
    result = cli("chart", "--edition", str(EXAMPLE_2016))
    assert result.exit_code == 4
    assert "card.'low' is blank: copy the tier's rows from the edition's printed card" in result.output
    assert "chains[1]: tier is blank: copy Nestor's tier from the edition's printed card (low, middle, high)" in result.output


def test_the_2016_example_once_filled_prints_its_card_back(cli, tmp_path):
    # Rows a table might copy (made up here: the test checks the round trip, not the card).
    text = EXAMPLE_2016.read_text(encoding="utf-8")
    text = text.replace("low = []", "low = [[2, 200], [6, 700]]").replace("middle = []", "middle = [[2, 300]]")
    text = text.replace("high = []", "high = [[2, 400], [10, 1100]]").replace('\ntier = ""', '\ntier = "low"', 1)
    text = text.replace('tier = ""', 'tier = "high"')
    path = tmp_path / "2016.toml"
    path.write_text(text, encoding="utf-8")
    doc = cli.json("chart", "--edition", str(path))
    assert doc["board"] == {"columns": 10, "rows": 10, "tiles": 100} and doc["places"] == [10, 7.5, 5]
    assert (doc["safe_size"], doc["end_size"]) == (10, 38)
    assert [b["from"] for b in doc["brackets"]] == [2, 6, 10]
    assert doc["brackets"][0]["prices"]["low"] == {"price": 200, "majority": 2000, "minority": 1500,
                                                   "bonuses": [2000, 1500, 1000]}
    assert doc["brackets"][2]["prices"]["high"]["bonuses"] == [11000, 8300, 5500]
    assert doc["tiers"]["low"] == ["Nestor"]
    shown = cli("chart", "--edition", str(path))
    assert shown.exit_code == 0 and "Nestor" in shown.output


# ------------------------------------------------------------------ a whole 10 x 10 game
def test_a_whole_game_on_a_10_by_10_board_through_the_cli_and_a_script(cli, tmp_path):
    import tomli_w

    rules = tmp_path / "ten.toml"
    rules.write_text(tomli_w.dumps(ten_by_ten()), encoding="utf-8")
    played = play_game(["Ann", "Ben", "Cat"], 11, "random", TEN)  # the moves a random bot chose
    path = tmp_path / "g.toml"
    made = cli("new", "Ann", "Ben", "Cat", "--edition", str(rules), "--tiles", "dealt", "--seed", "11", game=path)
    assert made.exit_code == 0, made.output
    for entry in played.log:
        words = ["start"] if str(entry.move).startswith("start") else str(entry.move).split()
        result = cli(*words, game=path)
        assert result.exit_code == 0, (str(entry.move), result.output)
    status = cli.json("status", game=path)
    assert status["over"] and status["bag"] == played.bag and len(status["board"]) == 10
    assert {p["name"]: p["cash"] for p in status["players"]} == played.cash
    # The same game as a script: the game file's moves replayed by `play` into a new file.
    again = tmp_path / "again.toml"
    result = cli("play", path, game=again)
    assert result.exit_code == 0, result.output
    assert cli.json("status", game=again)["players"] == status["players"]
    rated = cli("ratings", path)  # a club rates a 10 x 10 game as any other
    assert rated.exit_code == 0 and all(name in rated.stdout for name in ("Ann", "Ben", "Cat")), rated.output


# ------------------------------------------------------------------ screens
SIX = ["Alexandra", "Bartholomew", "Cat", "Dan", "Evangeline", "Fred"]
LARGEST = {"name": "widest", "columns": 12, "rows": 10}
"""The largest board a ruleset may have (R1.1a): 12 x 10."""
ARTIFACTS = __import__("pathlib").Path(__file__).parent / "artifacts"


def ten_by_ten_game(path, moves: int = 90, **changes: object) -> Game:
    """Six players' dealt game on the 10 x 10 board (or the board ``changes`` give), ``moves``
    moves in, written to ``path``."""
    ruleset = ten_by_ten(**changes)
    edition = edition_from_dict(ruleset)
    game = Game.dealt(SIX, shuffled_bag(4, edition.grid), 4, edition)
    bot = Bot(random.Random(4))
    while len(game.log) < moves and not game.over:
        game.apply(bot.move(game))
    record = Record(SIX, ruleset, game.options.as_dict(), "dealt", seed=4,
                    bag=[str(t) for t in shuffled_bag(4, edition.grid)])
    path.write_text(to_toml(record, game), encoding="utf-8")
    return game


@pytest.mark.parametrize("changes", [{}, LARGEST], ids=["10x10", "12x10"])
def test_a_10_by_10_board_fits_the_console_at_80_by_24(tmp_path, changes):
    """The table console (R1.1a): at 80 x 24 the 10 rows and 10 columns of the board, the chains,
    the players and the decision are all on the screen; a screenshot is left to look at."""
    import asyncio

    from acquire_ref.console.app import TableApp
    from tests.test_console import assert_panels_fit

    path = tmp_path / "g.toml"
    columns = ten_by_ten_game(path, **changes).edition.grid.columns

    async def run() -> None:
        app = TableApp(path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert_panels_fit(app)
            board = str(app.query_one("#board").render())
            assert " J " in board and board.splitlines()[0].split()[-1] == str(columns)
            assert app.query_one("#board").region.height >= 11
            ARTIFACTS.mkdir(exist_ok=True)
            app.save_screenshot(str(ARTIFACTS / f"{columns}-by-10-console-80x24.svg"))
    asyncio.run(run())


def test_r5_4a_the_bonus_and_price_commands_name_every_place(cli, tmp_path):
    import tomli_w

    rules = tmp_path / "ten.toml"
    rules.write_text(tomli_w.dumps(ten_by_ten()), encoding="utf-8")
    said = cli("bonus", "Tower", "5", "A=5", "B=3", "C=3", "D=1", "--edition", str(rules))
    assert said.exit_code == 0
    assert "Tower at 5 tiles ($500): first $5,000, second $3,800, third $2,500 (R5.4a)" in said.stdout
    assert "B (3 shares): $3,200 (second + third (split 2 ways))" in said.stdout and "D (1 share): nothing" in said.stdout
    doc = cli.json("bonus", "Tower", "5", "A=4", "B=4", "C=1", "--edition", str(rules))
    assert doc["places"] == [5000, 3800, 2500]
    assert [(b["player"], b["amount"]) for b in doc["bonuses"]] == [("A", 4400), ("B", 4400), ("C", 2500)]
    assert cli.json("price", "Imperial", "3", "--edition", str(rules))["places"] == [5000, 3800, 2500]


def test_r5_4a_the_banker_cites_the_generalised_rule_for_three_places():
    from acquire_ref.engine.events import BonusPaid

    assert told(BonusPaid("Ann", "Tower", 4400, "first + second (tie for the largest holding, split 2 ways)", 4)) == (
        "bank pays Ann $4,400 (Tower first + second (tie for the largest holding, split 2 ways), 4 shares; R5.4a)")
    assert told(BonusPaid("Ann", "Tower", 3000, "majority", 4)) == "bank pays Ann $3,000 (Tower majority, 4 shares; R5.4)"


def test_a_tournament_fixes_a_ruleset_for_its_tables(cli, tmp_path):
    """A club's event on 10 x 10 boards: the ruleset is kept in the event file, every table's game
    file holds it and a dealt bag of its 100 tiles; a broken ruleset in the event file is refused."""
    import json

    import tomli_w

    rules = tmp_path / "ten.toml"
    rules.write_text(tomli_w.dumps(ten_by_ten()), encoding="utf-8")
    made = cli("tournament", "new", "Club", "--seed", "5", "--tiles", "dealt", "--edition", str(rules), cwd=tmp_path)
    assert made.exit_code == 0 and "tables play ten with dealt tiles" in made.stdout, made.output
    assert cli("tournament", "add", "Ann", "Ben", "Cat", "Dan", cwd=tmp_path).exit_code == 0
    drawn = cli("tournament", "draw", "--json", cwd=tmp_path)
    assert drawn.exit_code == 0, drawn.output
    table = json.loads(drawn.stdout)["round"]["tables"][0]
    game = tmp_path / table["game"]
    status = cli.json("status", game=game)
    assert status["edition"] == "ten" and len(status["board"]) == 10 and status["bag"] == 100
    event = tmp_path / "club.event.toml"
    event.write_text(event.read_text().replace("columns = 10", "columns = 20"), encoding="utf-8")
    refused = cli("tournament", "standings", cwd=tmp_path)
    assert refused.exit_code == 4 and "edition is not a sound ruleset:" in refused.output
    assert "columns is 20: a board has 6 to 12 columns (R1.1a)" in refused.output
