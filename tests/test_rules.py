"""Rule tests: every numbered rule of the rule book (R1-R8, R10) and every one of its 25 worked
cases, each a named test with exact dollar amounts.

Positions are reached through legal moves only. The engine referees a real table in table mode:
it knows how many tiles each rack holds, not which ones, so a test may place any tile that is not
on the board. A refused move must raise IllegalMoveError and leave the game exactly as it was
(see :func:`assert_refused`).
"""

from __future__ import annotations

import copy

import pytest

from acquire_ref import Game, IllegalMoveError, NotationError, parse_move
from acquire_ref.engine import events as ev
from acquire_ref.engine.buying import nothing_to_buy
from acquire_ref.engine.editions import load_edition
from acquire_ref.engine.pending import PlaceTile
from acquire_ref.engine.scoring import shareholder_bonuses
from acquire_ref.engine.tiles import Tile, parse_tile
from acquire_ref.viewers.describe import pending as describe_pending
from acquire_ref.viewers.views import status
from acquire_ref.words import with_program
from acquire_ref.words.decisions import end_condition
from tests.engine import new_game, play, projected_payout, turn

ED = load_edition()
CHAINS = ED.chain_names  # information-card order: Tower, Luxor, American, Worldwide, Festival, Imperial, Continental

# Isolated spots for "filler" turns (a lone tile placed only to take a turn): rows E, G and I,
# odd columns. No two are adjacent; layouts that use fillers keep rows D-I otherwise empty.
FILLERS = tuple(f"{c}{r}" for r in "EGI" for c in (1, 3, 5, 7, 9, 11))


# --------------------------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------------------------


def turns(g: Game, *tiles: str) -> list:
    """One turn per tile, each buying nothing."""
    out: list = []
    for t in tiles:
        out += turn(g, t)
    return out


class Fillers:
    """Hands out isolated spots for turns whose tile must not matter (always a lone tile)."""

    def __init__(self, spots=FILLERS):
        self.spots = list(spots)

    def __call__(self, g: Game, buy: str = "") -> list:
        tile = self.spots.pop(0)
        assert g.effect(parse_tile(tile)).kind == "lone", f"filler {tile} is not a lone tile"
        return turn(g, tile, buy=buy)


def row(letter: str, cols) -> list[str]:
    return [f"{c}{letter}" for c in cols]


def snapshot(g: Game) -> dict:
    """Everything observable about the game, to prove that a refused move changed nothing."""
    return copy.deepcopy(
        {
            "status": status(g),
            "owner": dict(g.board.owner),
            "moves": len(g.log),
            "legal": g.legal_moves(),
            "placed": g.placed_this_turn,
            "passes": g.passes,
            "discarded_this_turn": g.discarded_this_turn,
        }
    )


def assert_refused(g: Game, move: str, match: str | None = None, rule: str | None = None) -> IllegalMoveError:
    """``move`` raises IllegalMoveError and changes nothing: refused by ``rule`` (``"R6.1"``, its
    ``IllegalMoveError.rule``) where the rule is the point, its message matching ``match`` where the
    wording is."""
    before = snapshot(g)
    with pytest.raises(IllegalMoveError, match=match) as info:
        g.apply(parse_move(move))
    assert snapshot(g) == before
    if rule is not None:
        assert info.value.rule == rule, f"{move}: refused by {info.value.rule}, not {rule}: {info.value}"
    return info.value


def of(events: list, cls) -> list:
    return [e for e in events if isinstance(e, cls)]


# the fields each assertion compares (events may gain fields; these are the ones the rules fix)
FIELDS = {
    ev.DefunctChain: ("chain", "size", "price"),
    ev.ChainFounded: ("player", "chain", "size", "price"),
    ev.FounderShare: ("player", "chain", "given"),
    ev.ChainGrew: ("chain", "size", "price", "added"),
    ev.SharesBought: ("player", "chain", "count", "amount"),
    ev.SharesSold: ("player", "chain", "count", "amount"),
    ev.SharesTraded: ("player", "chain", "count", "survivor", "received"),
    ev.SharesHeld: ("player", "chain", "count"),
    ev.TilesDiscarded: ("player", "tiles", "drawn"),
    ev.Passed: ("player",),
    ev.EndDeclared: ("player",),
}


def facts(events: list, cls) -> list[tuple]:
    """The events of one class as tuples of the fields in FIELDS."""
    return [tuple(getattr(e, f) for f in FIELDS[cls]) for e in of(events, cls)]


def paid(events: list) -> dict:
    """``{(player, chain): dollars}`` of the BonusPaid events."""
    return {(e.player, e.chain): e.amount for e in of(events, ev.BonusPaid)}


def held(g: Game, chain: str) -> dict:
    return {p: g.shares[p][chain] for p in g.players}


def assert_described(g: Game) -> str:
    """R10.2: the pending decision is described, naming the player and an acquire-ref command."""
    text = describe_pending(g)
    if g.pending.player:
        assert g.pending.player in text
    assert "acquire-ref" not in text and "`" in text  # the engine writes commands in move notation
    st = status(g)["pending"]
    assert st["text"] == text and st["decision"] == g.pending.decision and st["player"] == g.pending.player
    return with_program(text)


def t(name: str) -> Tile:
    return parse_tile(name)


# --------------------------------------------------------------------------------------------
# positions reached by legal play
# --------------------------------------------------------------------------------------------
def seven_small_chains() -> Game:
    """All 7 chains on the board, 2 tiles each, each founder holding its founder's share; lone
    tile 12I (so 12H and 11I are blocked). A is to place; nobody bought anything."""
    g = new_game("1A 4A 7A")
    turn(g, "2A", "Tower")  # A
    turn(g, "5A", "Luxor")  # B
    turn(g, "8A", "American")  # C
    turn(g, "10A")  # A, lone
    turn(g, "11A", "Worldwide")  # B
    turn(g, "1C")  # C, lone
    turn(g, "2C", "Festival")  # A
    turn(g, "4C")  # B, lone
    turn(g, "5C", "Imperial")  # C
    turn(g, "7C")  # A, lone
    turn(g, "8C", "Continental")  # B
    turn(g, "12I")  # C, lone
    assert g.board.sizes == {c: 2 for c in CHAINS}
    assert (g.player, g.pending.decision, g.bag) == ("A", "place", 87 - 12)
    return g


def seven_chains_two_safe() -> Game:
    """Continental 11 (row A) and American 11 (row C) are safe, so 1B-11B are dead tiles; Tower,
    Luxor, Worldwide, Festival (row E) and Imperial (1G-2G) have 2 tiles; lone 12I makes 12H and
    11I blocked. A is to place."""
    g = new_game("1A 1C 1E")
    turn(g, "2A", "Continental")
    turn(g, "2C", "American")
    turn(g, "2E", "Tower")
    for c in range(3, 12):
        turns(g, f"{c}A", f"{c}C")
    turn(g, "4E")
    turn(g, "5E", "Luxor")
    turn(g, "7E")
    turn(g, "8E", "Worldwide")
    turn(g, "10E")
    turn(g, "11E", "Festival")
    turn(g, "1G")
    turn(g, "2G", "Imperial")
    turn(g, "12I")
    assert g.board.sizes == {"Continental": 11, "American": 11, "Tower": 2, "Luxor": 2,
                             "Worldwide": 2, "Festival": 2, "Imperial": 2}
    assert (g.player, g.bag) == ("A", 87 - 30)
    return g


def safe_tower_bank_empty() -> Game:
    """Tower 1A-9A (9 tiles), every one of its 25 shares held: A 10, B 9, C 6; cash A $2,100,
    B $1,500, C $3,000. Start tiles 12C (B) and 12I (C) are lone. C is to place."""
    g = new_game("1A 12C 12I")
    turn(g, "2A", "Tower", buy="Tower=3")  # A: $200 each
    turn(g, "3A", buy="Tower=3")  # B: $300
    turn(g, "4A", buy="Tower=3")  # C: $400
    turn(g, "5A", buy="Tower=3")  # A: $500
    turn(g, "6A", buy="Tower=3")  # B: $600
    turn(g, "7A", buy="Tower=3")  # C: $600
    turn(g, "8A", buy="Tower=3")  # A: $600
    turn(g, "9A", buy="Tower=3")  # B: $600
    assert g.bank["Tower"] == 0
    assert held(g, "Tower") == {"A": 10, "B": 9, "C": 6}
    assert g.cash == {"A": 2100, "B": 1500, "C": 3000}
    assert (g.player, g.board.sizes) == ("C", {"Tower": 9})
    return g


# ============================================================================================
# R1 Board and tiles
# ============================================================================================
@pytest.mark.parametrize("text", ["5C", "5c", "C5", "c5", "5-C", "5-c"])
def test_r1_1_tile_parsing_accepts_column_row_in_any_written_form(text):
    assert parse_tile(text) == Tile(5, 2)
    assert str(parse_tile(text)) == "5C"


@pytest.mark.parametrize("text", ["13A", "0A", "5J", "x", "", "5", "C", "55C", "5CC", "A-B"])
def test_r1_1_tile_parsing_rejects_spaces_off_the_board(text):
    with pytest.raises(NotationError):
        parse_tile(text)


def test_r1_1a_every_space_reads_back_from_its_name_and_any_spelling_only_on_its_own_board():
    from acquire_ref.engine.tiles import Grid

    small = Grid(10, 10)
    for grid in (Grid(12, 9), small):
        for t in grid.tiles:
            name = str(t)
            assert parse_tile(name, grid) == t
            assert parse_tile(f"{name[-1].lower()}-{name[:-1]}", grid) == t
    assert parse_tile("10J", small) == Tile(10, 9)
    with pytest.raises(NotationError, match="off the 10 x 10 board"):
        parse_tile("12A", small)
    with pytest.raises(NotationError, match="off the board"):
        parse_tile("10J")


def test_r1_1_board_has_108_spaces_printed_column_then_row():
    from acquire_ref.engine.tiles import ALL_TILES

    assert len(ALL_TILES) == len(set(ALL_TILES)) == 108
    assert str(ALL_TILES[0]) == "1A" and str(ALL_TILES[-1]) == "12I"
    assert str(Tile(12, 8)) == "12I"
    assert str(parse_move("place c5").tile) == "5C"
    with pytest.raises(NotationError):
        parse_move("place 13A")


def test_r1_2_adjacency_is_orthogonal_only():
    assert sorted(map(str, t("5C").neighbours())) == ["4C", "5B", "5D", "6C"]
    assert sorted(map(str, t("1A").neighbours())) == ["1B", "2A"]
    assert sorted(map(str, t("12I").neighbours())) == ["11I", "12H"]


def test_r1_2_diagonal_contact_links_nothing():
    g = new_game("1A 3B 12I")  # 3B touches 2A only diagonally
    eff = g.effect(t("2A"))
    assert eff.kind == "found" and {str(x) for x in eff.group} == {"1A", "2A"}
    ev_ = turn(g, "2A", "Tower", buy=None)
    assert of(ev_, ev.ChainFounded)[0].size == 2
    assert g.board.sizes == {"Tower": 2}
    assert g.board.owner[t("3B")] is None  # the diagonal lone tile stays lone
    play(g, "buy")
    # a tile diagonal to the chain and to the lone tile: lone
    assert g.effect(t("4C")).kind == "lone"
    turn(g, "4C")
    assert g.board.owner[t("4C")] is None and g.board.sizes == {"Tower": 2}


# ============================================================================================
# R2 Setup
# ============================================================================================
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_r2_1_each_player_starts_with_6000(n):
    g = Game.new([f"p{i}" for i in range(n)])
    assert g.cash == {f"p{i}": 6000 for i in range(n)}
    assert all(v == 0 for s in g.shares.values() for v in s.values())
    assert g.bank == {c: 25 for c in CHAINS}
    assert g.pending.decision == "start"
    assert_described(g)


@pytest.mark.parametrize("players", [["A"], ["A", "B", "C", "D", "E", "F", "G"]])
def test_r2_1_player_count_outside_2_to_6_is_refused(players):
    # 2 to 6 players (two with the market, R9); 1 or 7 are never allowed.
    with pytest.raises(NotationError):
        Game.new(players)


def test_r2_2_adjacent_start_tiles_do_not_found_a_chain():
    g = new_game()
    events = play(g, "start 5C 6C 1I")
    assert [e.tile for e in of(events, ev.StartTilePlaced)] == ["5C", "6C", "1I"]
    assert g.board.sizes == {}
    assert g.board.owner == {t("5C"): None, t("6C"): None, t("1I"): None}
    assert not of(events, ev.ChainFounded)
    assert g.shares["A"] == {c: 0 for c in CHAINS}


def test_r2_2_start_needs_one_distinct_tile_per_player():
    g = new_game()
    assert_refused(g, "start 1A 2A", rule="R2.2")
    assert_refused(g, "start 1A 2A 3A 4A", rule="R2.2")
    assert_refused(g, "start 1A 3A 1a", match="1A is named twice")
    assert_refused(g, "place 1A", match="can't place")


@pytest.mark.parametrize(
    "start, first",
    [("3C 9A 1B", "B"), ("1B 2A 12I", "B"), ("2B 1B 12I", "B"), ("12I 1I 2H", "C"), ("1B 9A 2A", "C")],
)
def test_r2_3_first_player_is_closest_to_1a_row_letter_first(start, first):
    # 9A beats 1B, 2A beats 1B, 1B beats 2B
    g = new_game(start)
    assert (g.player, g.pending.decision, g.pending.player) == (first, "place", first)
    assert g.turn == 1
    assert_described(g)


@pytest.mark.parametrize("start, first", [("2A 1B 12I", "B"), ("9A 1I 2A", "B"), ("3C 9A 1B", "C")])
def test_r2_3_option_start_order_column_first(start, first):
    g = new_game(start, options={"start-order": "column-first"})
    assert g.player == first
    assert g.options.column_first
    # the same tiles under the default rule
    assert new_game(start).player != first


def test_r2_3_unknown_start_order_value_is_refused():
    with pytest.raises(NotationError):
        Game.new(["A", "B", "C"], options={"start-order": "diagonal"})
    with pytest.raises(NotationError):
        Game.new(["A", "B", "C"], options={"no-such-option": "x"})


def test_r2_3_play_goes_clockwise_from_the_first_player():
    g = new_game("12I 1A 12G")  # B first
    seen = []
    for tile in ("1C", "3C", "5C", "7C"):
        seen.append(g.player)
        turn(g, tile)
    assert seen == ["B", "C", "A", "B"]


@pytest.mark.parametrize("n, bag", [(3, 87), (4, 80), (5, 73), (6, 66)])
def test_r2_4_racks_of_six_and_bag_count(n, bag):
    players = [f"p{i}" for i in range(n)]
    g = Game.new(players)
    starts = " ".join(["1A", "3A", "5A", "7A", "9A", "11A"][:n])
    events = play(g, f"start {starts}")
    assert g.racks == {p: 6 for p in players}
    assert g.bag == bag == 108 - n - 6 * n
    assert of(events, ev.FirstPlayer)[0].bag == bag


# ============================================================================================
# R3 Chains and the information card (prices and bonuses in detail: test_scoring.py)
# ============================================================================================
def test_r3_1_classic_edition_has_seven_chains_in_three_tiers():
    assert CHAINS == ["Tower", "Luxor", "American", "Worldwide", "Festival", "Imperial", "Continental"]
    tiers = {c: ED.chain(c).tier for c in CHAINS}
    assert tiers == {"Tower": "cheap", "Luxor": "cheap", "American": "middle", "Worldwide": "middle",
                     "Festival": "middle", "Imperial": "top", "Continental": "top"}


@pytest.mark.parametrize(("text", "chain"), [("Tower", "Tower"), ("tower", "Tower"), (" TOW ", "Tower"),
                                             ("Imperial", "Imperial"), ("imp", "Imperial"), ("c", "Continental")])
def test_r3_1_a_chain_is_named_exactly_or_by_any_unique_prefix_in_any_case(text, chain):
    assert load_edition("classic").resolve_chain(text) == chain
    assert parse_move(f"buy {text.strip()}=2").orders == ((chain, 2),)


def test_r3_2_price_follows_the_chain_size_on_the_board():
    g = new_game("1A 12C 12I")
    turn(g, "2A", "Imperial")
    assert status(g)["chains"]["Imperial"]["price"] == 400  # top tier, size 2
    turn(g, "3A")
    assert g.price("Imperial") == 500
    turn(g, "4A")
    turn(g, "5A")
    assert g.price("Imperial") == 700  # size 5
    turn(g, "6A")
    assert g.price("Imperial") == 800  # size 6
    assert g.price("Tower") == 0  # not on the board


def test_r3_3_bonuses_are_ten_and_five_times_the_price():
    for chain in CHAINS:
        for size in (2, 5, 6, 11, 21, 31, 41):
            assert ED.majority_bonus(chain, size) == 10 * ED.price(chain, size)
            assert ED.minority_bonus(chain, size) == 5 * ED.price(chain, size)


def test_r3_4_buying_refused_when_the_bank_has_too_few_shares():
    g = safe_tower_bank_empty()
    turn(g, "10A")  # C: the bank has no Tower, the turn finishes by itself (R6.2)
    turn(g, "11A", buy=None)  # A: Tower 11 is safe and alone: the end is available, the turn waits
    assert g.pending.decision == "buy"
    assert_refused(g, "buy Tower=1", match=r"bank has (0|no) Tower")


def test_r3_5_chain_is_safe_from_eleven_tiles():
    assert not ED.is_safe(10) and ED.is_safe(11) and ED.is_safe(41)
    g = new_game("1A 12C 12I")
    turn(g, "2A", "Tower")
    turns(g, *row("A", range(3, 11)))
    assert g.board.sizes == {"Tower": 10}
    assert status(g)["chains"]["Tower"]["safe"] is False
    assert not g.end_available()
    turn(g, "11A", buy=None)
    assert status(g)["chains"]["Tower"]["safe"] is True
    assert g.end_available()


def test_r3_6_at_most_seven_chains_on_the_board():
    g = seven_small_chains()
    assert g.free_chains() == []
    turn(g, "10C")  # A: touches nothing (9C, 11C, 10B, 10D empty): lone
    assert len(g.board.sizes) == 7
    # a tile touching only lone tiles would found an eighth chain: blocked
    assert g.effect(t("10D")).kind == "blocked"


# ============================================================================================
# R4 Playing a tile
# ============================================================================================
def test_r4_1_tile_with_no_neighbours_is_a_lone_tile():
    g = new_game("1A 5C 12I")
    assert g.effect(t("9E")).kind == "lone"
    events = turn(g, "9E")
    assert of(events, ev.TilePlaced)[0].effect == "lone"
    assert g.board.owner[t("9E")] is None and g.board.sizes == {}


def test_r4_2_founding_asks_which_chain_and_gives_the_founders_share():
    g = new_game("1A 3A 12I")
    events = play(g, "place 2A")
    assert (g.pending.decision, g.pending.player, g.pending.choice) == ("choose", "A", "found")
    assert g.pending.options == tuple(CHAINS)
    assert g.board.sizes == {}
    assert_described(g)
    assert_refused(g, "buy", match="can't buy")
    assert_refused(g, "choose Tower Luxor", rule="R4.2")
    events = play(g, "choose lux")
    assert facts(events, ev.ChainFounded) == [("A", "Luxor", 3, 300)]
    assert facts(events, ev.FounderShare) == [("A", "Luxor", True)]
    assert g.shares["A"]["Luxor"] == 1 and g.bank["Luxor"] == 24
    assert g.cash["A"] == 6000
    assert {str(x) for x, c in g.board.owner.items() if c == "Luxor"} == {"1A", "2A", "3A"}
    assert (g.pending.decision, g.pending.player) == ("buy", "A")


def test_r4_2_only_a_chain_not_on_the_board_can_be_founded():
    g = new_game("1A 5A 12I")
    turn(g, "2A", "Tower")
    assert_refused(g, "place 6A --found Tower", rule="R4.2")
    play(g, "place 6A")
    assert "Tower" not in g.pending.options and len(g.pending.options) == 6
    assert_refused(g, "choose Tower", rule="R4.2")
    play(g, "choose Luxor", "buy")
    assert g.board.sizes == {"Tower": 2, "Luxor": 2}


def test_r4_2_found_option_refused_when_the_tile_founds_nothing():
    g = new_game("1A 5A 12I")
    assert_refused(g, "place 9E --found Tower", rule="R4")
    turn(g, "2A", "Tower")
    assert_refused(g, "place 3A --found Luxor", rule="R4")


def test_r4_2_the_only_free_chain_is_founded_without_asking():
    g = seven_small_chains()
    play(g, "place 3A --survivor Tower")  # A merges Luxor away: Luxor is the only free chain
    play(g, "dispose B")  # B holds the Luxor founder's share
    play(g, "buy")
    events = play(g, "place 12H")  # B: next to lone 12I
    assert facts(events, ev.ChainFounded) == [("B", "Luxor", 2, 200)]
    assert g.shares["B"]["Luxor"] == 2  # the held share plus a new founder's share


def test_r4_3_tile_touching_one_chain_on_several_sides_grows_it_with_connected_lone_tiles():
    g = new_game("1A 2C 2D")  # 2C and 2D: adjacent lone start tiles
    turn(g, "2A", "Tower")  # A: Tower 1A 2A
    turn(g, "3A")  # B
    turn(g, "1B")  # C
    turn(g, "3B")  # A: Tower 1B-1A-2A-3A-3B
    assert g.board.sizes == {"Tower": 5}
    eff = g.effect(t("2B"))  # touches 1B, 2A, 3B (all Tower) and lone 2C (with 2D)
    assert (eff.kind, eff.chains) == ("grow", ("Tower",))
    assert {str(x) for x in eff.group} == {"2B", "2C", "2D"}
    events = turn(g, "2B", buy=None)  # B
    assert facts(events, ev.ChainGrew) == [("Tower", 8, 600, 3)]
    assert g.board.owner[t("2D")] == "Tower" and g.board.sizes == {"Tower": 8}


def test_r4_4_two_to_four_different_chains_make_a_merger():
    g = new_game("1A 5A 12I")
    turn(g, "2A", "Tower")  # A
    turn(g, "4A", "Luxor")  # B: founds with 5A
    turn(g, "6A")  # C
    assert g.board.sizes == {"Tower": 2, "Luxor": 3}
    eff = g.effect(t("3A"))
    assert eff.kind == "merge" and set(eff.chains) == {"Tower", "Luxor"}


def test_r4_4_four_chain_merger():
    g = _four_arms(american=True)
    assert set(g.effect(t("6E")).chains) == {"Worldwide", "Tower", "Luxor", "American"}
    # defunct chains go largest first: American (3) may not come before Luxor or Tower (4)
    assert_refused(g, "place 6E --order American,Luxor,Tower", rule="R5.3")
    assert_refused(g, "place 6E --survivor Tower", rule="R5.2")
    events = play(g, "place 6E --order Luxor,Tower")  # A
    assert of(events, ev.MergerBegan)[0].sizes == {"Worldwide": 7, "Tower": 4, "Luxor": 4, "American": 3}
    assert of(events, ev.MergerBegan)[0].survivor == "Worldwide"
    # Luxor first: only C holds it (founder's share), sole holder at size 4 ($400)
    assert facts(events, ev.DefunctChain) == [("Luxor", 4, 400)]
    assert paid(events) == {("C", "Luxor"): 6000}
    assert (g.pending.decision, g.pending.player, g.pending.chain) == ("dispose", "C", "Luxor")
    events = play(g, "dispose C --sell 1")
    assert facts(events, ev.DefunctChain) == [("Tower", 4, 400)]
    assert paid(events) == {("A", "Tower"): 6000}
    assert (g.pending.player, g.pending.chain) == ("A", "Tower")
    events = play(g, "dispose A --sell 1")
    assert facts(events, ev.DefunctChain) == [("American", 3, 400)]  # middle tier, size 3
    assert paid(events) == {("B", "American"): 6000}
    assert (g.pending.player, g.pending.chain) == ("B", "American")
    events = play(g, "dispose B")  # B holds
    done = of(events, ev.MergerCompleted)[0]
    assert (done.survivor, done.size, done.price) == ("Worldwide", 19, 800)
    assert set(done.defunct) == {"Tower", "Luxor", "American"}
    assert g.board.sizes == {"Worldwide": 19}
    assert g.cash == {"A": 6000 + 6000 + 400, "B": 6000 + 6000, "C": 6000 + 6000 + 400}
    assert g.shares["B"]["American"] == 1  # held
    assert set(g.free_chains()) >= {"Tower", "Luxor", "American"}
    assert (g.pending.decision, g.pending.player) == ("buy", "A")


def test_r4_5_blocked_tile_refused_when_all_chains_on_board():
    g = seven_small_chains()
    eff = g.effect(t("12H"))
    assert eff.kind == "blocked"
    assert g.effect(t("11I")).kind == "blocked"
    assert_refused(g, "place 12H", rule="R4.5")
    assert_refused(g, "discard 12H", match="blocked")  # never exchanged
    assert g.racks["A"] == 6


def test_r4_5_blocked_tile_becomes_playable_after_a_merger():
    g = seven_small_chains()
    assert g.effect(t("12H")).kind == "blocked"
    play(g, "place 3A")  # A: Tower 2 and Luxor 2 tie
    play(g, "choose Tower", "dispose B --sell 1", "buy")
    assert g.free_chains() == ["Luxor"]
    assert g.effect(t("12H")).kind == "found"
    turn(g, "12H", "Luxor")  # B
    assert g.board.sizes["Luxor"] == 2


def test_r4_6_dead_tile_refused_and_replaced():
    g = _safe_pair_with_small_chain()
    p = g.player
    assert g.effect(t("5C")).kind == "dead"
    assert_refused(g, "place 5C", rule="R4.6")
    bag = g.bag
    events = play(g, "discard 5C")
    assert facts(events, ev.TilesDiscarded) == [(p, ("5C",), 1)]
    assert (g.racks[p], g.bag, g.discarded) == (6, bag - 1, [t("5C")])
    assert g.pending == PlaceTile(p)
    # a tile out of the game can never be placed or shown again
    assert_refused(g, "place 5C", match="5C was put out of the game")
    turn(g, "9E")
    assert_refused(g, "discard 5C", match="5C was put out of the game")


def test_r4_7_player_without_playable_tile_passes_and_still_buys():
    g = seven_small_chains()
    events = play(g, "pass")
    assert facts(events, ev.Passed) == [("A",)]
    assert (g.pending.decision, g.pending.player) == ("buy", "A")
    play(g, "buy Tower=2")
    assert g.shares["A"]["Tower"] == 3 and g.cash["A"] == 5600
    assert g.player == "B"


# ============================================================================================
# R5 Mergers
# ============================================================================================
def test_r5_1_sizes_compared_before_the_merger_lone_tiles_count_for_no_chain():
    g = _lone_tiles_at_the_merge()
    events = play(g, "place 3A")  # B: 3A touches Tower (2A), Luxor (4A) and lone 3B-3C
    began = of(events, ev.MergerBegan)[0]
    assert began.sizes == {"Luxor": 3, "Tower": 2}
    assert facts(events, ev.DefunctChain) == [("Tower", 2, 200)]


def test_r5_2_tie_for_largest_mergemaker_chooses_survivor():
    g = _american_and_festival_ten()
    assert_refused(g, "place 1B --survivor Tower", rule="R5.2")
    play(g, "place 1B")
    assert (g.pending.decision, g.pending.choice, g.pending.player) == ("choose", "survivor", "A")
    assert "acquire-ref choose" in assert_described(g)
    assert set(g.pending.options) == {"American", "Festival"}
    assert_refused(g, "choose Tower", rule="R5.2")
    assert_refused(g, "end", match="can't declare the end now")
    events = play(g, "choose American")
    assert of(events, ev.MergerBegan)[0].survivor == "American"
    assert facts(events, ev.DefunctChain) == [("Festival", 10, 700)]


def test_r5_2_survivor_can_be_named_up_front_on_a_tie():
    g = _american_and_festival_ten()
    events = play(g, "place 1B --survivor Festival")
    assert of(events, ev.MergerBegan)[0].survivor == "Festival"
    assert (g.pending.decision, g.pending.chain, g.pending.survivor) == ("dispose", "American", "Festival")


def test_r5_2_largest_survives_and_smaller_cannot_be_named_survivor():
    g = _festival_eleven_tower_ten()
    assert_refused(g, "place 1B --survivor Tower", rule="R5.2")
    events = play(g, "place 1B")
    assert of(events, ev.MergerBegan)[0].survivor == "Festival"  # the safe chain is not absorbed


def test_r5_3_defunct_chains_of_equal_size_ordered_by_the_mergemaker():
    g = _four_arms(american=False)
    events = play(g, "place 6E")
    assert not of(events, ev.DefunctChain)
    assert (g.pending.decision, g.pending.choice, g.pending.player) == ("choose", "order", "A")
    assert set(g.pending.options) == {"Tower", "Luxor"}
    assert_described(g)
    assert_refused(g, "choose Worldwide", rule="R5.3")
    events = play(g, "choose Tower")
    assert facts(events, ev.DefunctChain) == [("Tower", 4, 400)]


def _three_fours() -> Game:
    """Tower 6A-6D (A), Worldwide 2E-5E (B), Luxor 6F-6I (C): three chains of 4 around 6E,
    each founder holding the founder's share; A is to place 6E."""
    g = new_game("6A 2E 6I")
    turn(g, "6B", "Tower")
    turn(g, "3E", "Worldwide")
    turn(g, "6H", "Luxor")
    turns(g, "6C", "4E", "6G", "6D", "5E", "6F")
    assert g.board.sizes == {"Tower": 4, "Worldwide": 4, "Luxor": 4} and g.player == "A"
    return g


def test_r5_2_three_way_tie_survivor_and_defunct_order_in_one_choice():
    g = _three_fours()
    play(g, "place 6E")
    assert (g.pending.choice, set(g.pending.options)) == ("survivor", {"Tower", "Worldwide", "Luxor"})
    assert_refused(g, "choose Worldwide American", rule="R5.3")
    assert_refused(g, "choose Worldwide Worldwide", rule="R5.3")
    events = play(g, "choose Worldwide Luxor")
    assert of(events, ev.MergerBegan)[0].survivor == "Worldwide"
    assert facts(events, ev.DefunctChain) == [("Luxor", 4, 400)]
    assert paid(events) == {("C", "Luxor"): 6000}
    events = play(g, "dispose C")
    assert facts(events, ev.DefunctChain) == [("Tower", 4, 400)]
    assert paid(events) == {("A", "Tower"): 6000}
    events = play(g, "dispose A --sell 1")
    assert of(events, ev.MergerCompleted)[0].size == 13
    assert g.cash == {"A": 6000 + 6000 + 400, "B": 6000, "C": 6000 + 6000}


def test_r5_3_three_way_tie_survivor_alone_then_order_asked():
    g = _three_fours()
    play(g, "place 6E", "choose Tower")
    assert (g.pending.decision, g.pending.choice) == ("choose", "order")
    assert set(g.pending.options) == {"Worldwide", "Luxor"}
    assert_refused(g, "choose Tower", rule="R5.3")
    events = play(g, "choose Worldwide")
    assert facts(events, ev.DefunctChain) == [("Worldwide", 4, 500)]  # middle tier
    assert paid(events) == {("B", "Worldwide"): 7500}
    assert (g.pending.player, g.pending.chain, g.pending.survivor) == ("B", "Worldwide", "Tower")


def test_r5_3b_disposal_only_by_the_pending_holder_and_within_holdings():
    g = _tower_three_luxor_four()
    play(g, "place 4A")  # C merges
    assert g.pending.player == "C"
    assert_refused(g, "dispose A --sell 1", match="it is C's turn")
    assert_refused(g, "dispose C --sell 2", match="holds 1 Tower")
    assert_refused(g, "buy", match="can't buy")
    assert_refused(g, "place 9E", match="can't place")
    play(g, "dispose C --sell 1")
    assert g.pending.player == "A"
    assert_refused(g, "dispose A --sell 3 --trade 2", match="holds 4 Tower")
    assert_refused(g, "dispose A --trade 3", match="odd")
    assert_refused(g, "dispose A --trade 6", match="holds 4 Tower")
    assert_described(g)


def test_r5_3b_hold_keeps_shares_which_count_again_when_refounded():
    g = _imperial_all_25_held_then_defunct()
    assert held(g, "Imperial") == {"A": 10, "B": 9, "C": 6}
    assert "Imperial" in g.free_chains()
    turn(g, "2I", "Imperial", buy=None)  # C refounds Imperial (1I was a filler)
    assert held(g, "Imperial") == {"A": 10, "B": 9, "C": 6}
    events, _ = projected_payout(g)
    imp = [e for e in of(events, ev.BonusPaid) if e.chain == "Imperial"]
    assert [(e.player, e.amount, e.shares) for e in imp] == [("A", 4000, 10), ("B", 2000, 9)]


def test_r5_3b_no_trade_when_the_bank_has_no_survivor_shares():
    g = Game.new(["A", "B", "C"])
    for m in ("start 1A 3A 9I", "place 1B --found Luxor", "buy Luxor=3", "place 3B --found Tower",
              "buy", "place 7E", "buy"):
        g.apply(parse_move(m))
    g.bank["Tower"] = 0  # as if every Tower share were held
    g.apply(parse_move("place 2B --survivor Tower"))
    assert g.pending.decision == "dispose"
    with pytest.raises(IllegalMoveError, match="the bank has no Tower shares left, so no trade: sell or hold"):
        g.apply(parse_move("dispose --trade 2"))


def test_r5_5_merging_tile_and_connected_lone_tiles_join_the_survivor():
    g = _lone_tiles_at_the_merge()
    events = play(g, "place 3A", "dispose A --sell 1")  # B merges; A holds the Tower founder's share
    done = of(events, ev.MergerCompleted)[0]
    assert (done.survivor, done.size, done.defunct) == ("Luxor", 8, ("Tower",))
    for name in ("1A", "2A", "3A", "3B", "3C", "4A", "5A", "6A"):
        assert g.board.owner[t(name)] == "Luxor"
    assert g.board.sizes == {"Luxor": 8}
    assert "Tower" in g.free_chains()


def test_r5_5_defunct_chain_name_can_be_founded_again():
    g = _tower_three_luxor_four()
    play(g, "place 4A", "dispose C --sell 1", "dispose A --trade 4", "dispose B --sell 2", "buy")
    assert "Tower" not in g.board.sizes and "Tower" in g.free_chains()
    turn(g, "12H", "Tower")  # A: next to C's lone start tile 12I
    assert g.board.sizes["Tower"] == 2
    assert g.shares["A"]["Tower"] == 1 and g.bank["Tower"] == 24


def test_r5_6_mergemaker_buys_at_the_survivors_new_size_defunct_not_buyable():
    g = _tower_three_luxor_four()
    play(g, "place 4A", "dispose C --sell 1", "dispose A --trade 4", "dispose B --sell 2")
    assert (g.pending.decision, g.pending.player) == ("buy", "C")
    assert g.price("Luxor") == 600  # Luxor 8 tiles
    assert_refused(g, "buy Tower=1", rule="R6.1")
    cash = g.cash["C"]
    events = play(g, "buy Luxor=1")
    assert facts(events, ev.SharesBought) == [("C", "Luxor", 1, 600)]
    assert g.cash["C"] == cash - 600


# ============================================================================================
# R6 Buying shares
# ============================================================================================
def test_r6_1_at_most_three_shares_a_turn():
    g = new_game("1A 4A 12I")
    turn(g, "2A", "Tower", buy=None)
    assert_refused(g, "buy Tower=4", rule="R6.1")
    play(g, "buy Tower=3")
    turn(g, "5A", "Luxor", buy=None)  # B
    assert_refused(g, "buy Tower=2 Luxor=2", rule="R6.1")
    events = play(g, "buy Tower=1 Luxor=2")  # any mix of chains on the board
    assert [(e.chain, e.count, e.amount) for e in of(events, ev.SharesBought)] == [("Tower", 1, 200), ("Luxor", 2, 400)]
    assert g.cash["B"] == 5400 and g.shares["B"] == {**{c: 0 for c in CHAINS}, "Tower": 1, "Luxor": 3}


def test_r6_1_only_chains_on_the_board_can_be_bought():
    g = new_game("1A 4A 12I")
    turn(g, "2A", "Tower", buy=None)
    assert_refused(g, "buy Luxor=1", rule="R6.1")
    assert_refused(g, "buy Tower=1 Luxor=1", rule="R6.1")


def test_r6_2_turn_finishes_by_itself_when_no_chain_is_on_the_board():
    g = new_game("1A 4A 12I")
    events = play(g, "place 9E")
    fin = of(events, ev.TurnFinished)
    assert len(fin) == 1 and fin[0].player == "A" and fin[0].drew and fin[0].bag == 86
    assert "no chain is on the board" in fin[0].reason and "R6.2" in fin[0].reason
    assert (g.pending.decision, g.pending.player) == ("place", "B")


def test_r6_2_turn_finishes_by_itself_when_the_bank_has_no_share():
    g = safe_tower_bank_empty()
    events = play(g, "place 10A")  # C
    fin = of(events, ev.TurnFinished)[0]
    assert "the bank has no share" in fin.reason
    assert (g.pending.decision, g.pending.player) == ("place", "A")


def test_r6_2_turn_waits_while_the_end_is_available_even_if_nothing_can_be_bought():
    g = safe_tower_bank_empty()
    turn(g, "10A")
    events = play(g, "place 11A")  # A: Tower 11, the only chain: all safe
    assert not of(events, ev.TurnFinished)
    assert g.end_available() and not g.can_buy("A")
    assert (g.pending.decision, g.pending.player) == ("buy", "A")
    assert "end" in assert_described(g)
    play(g, "buy")
    assert (g.pending.decision, g.pending.player) == ("place", "B")
    assert not g.over


def test_r6_3_purchase_refused_as_a_whole_and_cash_equal_to_price_is_enough():
    g = _seven_hundred_dollars()
    assert g.cash["A"] == 700 and g.price("American") == 400 and g.bank["Festival"] == 1
    assert_refused(g, "buy American=2", match=r"\$800, but A has \$700")
    assert_refused(g, "buy Festival=1 American=2", match=r"refused as a whole")
    assert_refused(g, "buy American=1 Festival=2", match=r"the bank has 1 Festival")
    events = play(g, "buy American=1 Festival=1")  # $400 + $300 = exactly $700
    assert [(e.chain, e.amount) for e in of(events, ev.SharesBought)] == [("American", 400), ("Festival", 300)]
    assert g.cash["A"] == 0
    assert g.bank["Festival"] == 0


def test_r6_2_cash_equal_to_the_cheapest_share_keeps_the_buy_step_open():
    """The boundary of "every available share costs more than the player's cash" (R6.2): with
    exactly the price of the one share left ($300 Festival), the turn waits for the purchase."""
    g = _seven_hundred_dollars()
    play(g, "buy American=1")
    assert g.cash["A"] == 300 and g.bank["Festival"] == 1 and g.price("Festival") == 300
    fill = Fillers(FILLERS[13:])
    fill(g)  # B
    fill(g)  # C
    events = turn(g, FILLERS[16], buy=None)  # A, with $300
    assert not of(events, ev.TurnFinished)
    assert (g.pending.decision, g.pending.player) == ("buy", "A")
    events = play(g, "buy Festival=1")
    assert [(e.chain, e.amount) for e in of(events, ev.SharesBought)] == [("Festival", 300)]
    assert g.cash["A"] == 0 and g.bank["Festival"] == 0


def test_r6_2_one_predicate_says_why_nothing_can_be_bought():
    """The one answer to "can this player afford anything" (buying.nothing_to_buy), which the
    turn's end and its reason both ask: no chain, no share in the bank, or no share the cash
    covers; $300 buys the $300 Festival share, $0 buys nothing."""
    assert nothing_to_buy(new_game("1A 4A 12I"), "A") == "board"
    assert nothing_to_buy(safe_tower_bank_empty(), "C") == "bank"
    g = _seven_hundred_dollars()
    play(g, "buy American=1")
    assert g.cash["A"] == 300 and g.price("Festival") == 300 and g.bank["Festival"] == 1
    assert nothing_to_buy(g, "A") is None and g.can_buy("A")
    g = _seven_hundred_dollars()
    play(g, "buy American=1 Festival=1")
    assert g.cash["A"] == 0 and g.price("American") == 400 and g.bank["American"] > 0
    assert nothing_to_buy(g, "A") == "cash" and not g.can_buy("A")


def test_r6_3_turn_finishes_by_itself_when_the_player_cannot_afford_any_share():
    g = _seven_hundred_dollars()
    play(g, "buy American=1 Festival=1")
    fill = Fillers(FILLERS[13:])
    fill(g)  # B
    fill(g)  # C
    events = fill(g)  # A, with $0
    fin = of(events, ev.TurnFinished)[0]
    assert fin.player == "A" and "can't afford" in fin.reason


# ============================================================================================
# R7 Drawing tiles
# ============================================================================================
def test_r7_1_one_tile_drawn_after_placing_none_after_passing():
    g = seven_small_chains()
    bag = g.bag
    events = turn(g, "10C")  # A places: draws one
    fin = of(events, ev.TurnFinished)[0]
    assert fin.drew and fin.bag == bag - 1 == g.bag
    assert g.racks["A"] == 6
    events = play(g, "pass", "buy")  # B places nothing: draws nothing
    fin = of(events, ev.TurnFinished)[0]
    assert not fin.drew and g.bag == bag - 1
    assert g.racks["B"] == 6


def test_r7_2_once_the_bag_is_empty_nobody_draws_and_the_game_ends_when_racks_are_empty():
    players = [f"p{i}" for i in range(6)]
    g = new_game("1A 2A 3A 4A 5A 6A", players=players)
    assert g.bag == 66
    tiles = row("A", range(7, 13)) + [f"{c}{r}" for r in "BCDEFGHI" for c in range(1, 13)]
    turn(g, tiles[0], "Tower")  # p0 founds Tower with the six start tiles
    for tile in tiles[1:66]:
        turn(g, tile)
    assert g.bag == 0 and all(n == 6 for n in g.racks.values())
    events = turn(g, tiles[66])  # p0
    fin = of(events, ev.TurnFinished)[0]
    assert not fin.drew and g.racks["p0"] == 5 and g.bag == 0
    for tile in tiles[67:-1]:
        turn(g, tile)
    assert not g.over and g.racks["p5"] == 1
    events = turn(g, tiles[-1])
    assert g.over and "every rack and the tile bag are empty" in g.end_reason
    assert len(g.board.owner) == 108 and g.board.sizes == {"Tower": 108}
    # p0 is the sole Tower holder (founder's share): $10,000 + $5,000 + one share at $1,000
    assert g.cash == {"p0": 22000, **{p: 6000 for p in players[1:]}}


def test_r7_2_empty_rack_cannot_place_and_the_player_passes():
    players = [f"p{i}" for i in range(6)]
    g = new_game("1A 2A 3A 4A 5A 6A", players=players)
    tiles = iter(row("A", range(7, 13)) + [f"{c}{r}" for r in "BCDEFGHI" for c in range(1, 13)])
    turn(g, next(tiles), "Tower")
    for _ in range(65):
        turn(g, next(tiles))
    assert g.bag == 0 and g.player == "p0"
    for _ in range(6):  # p0 passes (and draws nothing) while the others empty their racks
        play(g, "pass", "buy")
        for _ in range(5):
            turn(g, next(tiles))
    assert g.racks == {"p0": 6, **{p: 0 for p in players[1:]}}
    turn(g, next(tiles))  # p0
    assert g.racks["p0"] == 5 and g.player == "p1"
    assert "has no tile in the rack" in assert_described(g)
    assert_refused(g, "place 12I", rule="R7.2")
    events = play(g, "pass", "buy")
    assert not of(events, ev.TurnFinished)[0].drew and g.racks["p1"] == 0
    assert not g.over and g.player == "p2"


def test_r7_3_only_dead_tiles_are_replaced_once_per_turn():
    g = _safe_pair_with_small_chain()
    p = g.player
    assert_refused(g, "discard 9E", match="not a dead tile")  # lone
    assert_refused(g, "discard 7B", match="not a dead tile")  # merges Tower into Continental
    assert_refused(g, "discard 1A", rule="R1.1")
    assert_refused(g, "discard 1C 1C", match="named twice")
    bag = g.bag
    events = play(g, "discard 1C 6C")  # both dead; 6C also touches the unsafe Tower
    assert of(events, ev.TilesDiscarded)[0].drawn == 2
    assert (g.bag, g.racks[p]) == (bag - 2, 6)
    assert_refused(g, "discard 5C", match="once per turn")
    turn(g, "9E")  # the turn goes on: p places and draws
    assert g.bag == bag - 3
    q = g.player
    assert q != p
    play(g, "discard 5C")  # a new turn: allowed again
    assert g.discarded == [t("1C"), t("6C"), t("5C")]


def test_r7_3_table_mode_keeps_the_turn_open_after_a_tile_that_made_a_space_dead():
    """R7.3 as revised: the turn's own tile makes American safe (11 tiles) beside the safe
    Continental (12), so 1C-6C turn dead; the player can afford nothing, yet the turn waits so that
    a dead tile in the rack can be shown; `buy` with nothing then finishes it. A later tile that
    makes nothing dead finishes the turn by itself as before (R6.2)."""
    g = new_game("1A 1D 9C")
    turn(g, "2A", "Continental")
    turn(g, "2D", "American")
    turn(g, "8C", "Tower")
    turn(g, "7C")
    turns(g, *row("A", range(3, 7)), *row("B", range(1, 7)))
    turns(g, *row("D", range(3, 7)), *row("E", range(1, 5)))
    assert g.board.sizes == {"Continental": 12, "American": 10, "Tower": 3}
    assert g.effect(t("3C")).kind == "merge"
    p = g.player
    g.cash[p] = 0  # nothing affordable: without the dead space the turn would finish by itself
    events = play(g, "place 5E")
    assert g.board.sizes["American"] == 11 and g.effect(t("3C")).kind == "dead"
    assert not of(events, ev.TurnFinished) and g.pending.decision == "buy" and g.player == p
    assert "`discard TILE`" in describe_pending(g) and "R7.3" in describe_pending(g)
    bag = g.bag
    assert of(play(g, "discard 3C"), ev.TilesDiscarded)[0].drawn == 1
    assert g.pending.decision == "buy" and g.bag == bag - 1
    finished = of(play(g, "buy"), ev.TurnFinished)
    assert finished and finished[0].player == p and g.player != p
    q = g.player
    g.cash[q] = 0
    events = play(g, "place 6E")  # American grows to 12: no space turns dead that was not already
    assert of(events, ev.TurnFinished)[0].reason.startswith("nothing can be bought") and g.player != q


def test_r7_3_discard_allowed_in_the_buy_step_too():
    g = _safe_pair_with_small_chain()
    turn(g, "9E", buy=None)
    assert g.pending.decision == "buy"
    play(g, "discard 2C")
    assert g.pending.decision == "buy" and g.discarded == [t("2C")]


# ============================================================================================
# R8 Ending the game
# ============================================================================================
def test_r8_1_end_available_when_a_chain_has_41_tiles():
    g = new_game("1A 1G 12I")
    turn(g, "2A", "Continental")
    turn(g, "2G", "Tower")
    big = row("A", range(3, 13)) + row("B", range(1, 13)) + row("C", range(1, 13)) + row("D", range(1, 5))
    for tile in big:
        assert not g.end_available()
        turn(g, tile)
    assert g.board.sizes == {"Continental": 40, "Tower": 2}
    assert not g.end_available()
    assert "no chain has 41 tiles" in end_condition(g.edition, g.board.sizes)
    turn(g, "5D", buy=None)
    assert g.board.sizes["Continental"] == 41 and g.board.sizes["Tower"] == 2
    assert g.end_available()
    play(g, "end")
    assert g.end_declared


def test_r8_1_end_available_when_every_chain_on_the_board_is_safe():
    g = _festival_eleven_tower_ten()
    assert not g.end_available()  # Festival 11 safe, Tower 10 not
    play(g, "place 1B", "dispose B --sell 2", "dispose C --sell 1")
    assert g.board.sizes == {"Festival": 22}
    assert g.end_available()


def test_r8_2_end_only_by_the_current_player_in_place_or_buy_step():
    g = safe_tower_bank_empty()
    assert_refused(g, "end", rule="R8.1")  # Tower 9: not safe
    turn(g, "10A")
    turn(g, "11A", buy=None)  # A
    play(g, "buy")
    assert (g.pending.decision, g.player) == ("place", "B")
    events = play(g, "end")  # B, in the place step
    assert facts(events, ev.EndDeclared) == [("B",)]
    assert not g.over and g.pending.decision == "place"
    assert_refused(g, "end", rule="R8.2")
    turn(g, "9E", buy=None)  # nothing can be bought (no Tower in the bank): B's turn ends, and the game
    assert g.over and "B declared the end" in g.end_reason


def test_r8_2_end_refused_during_a_merger():
    g = _festival_eleven_tower_ten()
    play(g, "place 1B")
    assert g.pending.decision == "dispose"
    assert_refused(g, "end", match="can't declare the end now")


def test_r8_2_declaring_player_may_still_buy_then_the_game_ends():
    g = safe_tower_bank_empty()
    turn(g, "10A")
    turn(g, "11A", buy="")  # A
    play(g, "end", "place 12D --found Luxor")  # B declares first, then founds Luxor at 12C-12D
    assert not g.end_available()  # Luxor 2 is not safe, but the declared end stands
    assert g.pending.decision == "buy"
    events = play(g, "buy Luxor=1")
    assert g.over and "B declared the end" in g.end_reason
    assert of(events, ev.GameOver)
    # Tower 11 ($700): A 10 majority $7,000, B 9 minority $3,500; Luxor 2 ($200): B sole $3,000
    assert paid(events) == {("A", "Tower"): 7000, ("B", "Tower"): 3500, ("B", "Luxor"): 3000}
    assert g.cash == {"A": 2100 + 7000 + 7000, "B": 1300 + 3500 + 6300 + 3000 + 400, "C": 3000 + 4200}
    assert g.standings() == [("A", 16100, 1), ("B", 14500, 2), ("C", 7200, 3)]
    assert g.bank["Tower"] == 25 and g.bank["Luxor"] == 25
    assert g.pending.decision == "over"
    assert_described(g)
    assert_refused(g, "place 5E", match="can't place")


def test_r8_3_final_payout_bonuses_then_shares_sold():
    g = safe_tower_bank_empty()
    turn(g, "10A")
    turn(g, "11A", buy=None)
    events, projected = projected_payout(g)
    assert projected == {"A": 16100, "B": 11300, "C": 7200}
    assert [type(e).__name__ for e in events] == ["BonusPaid", "BonusPaid", "SharesSold", "SharesSold", "SharesSold"]
    assert [(e.player, e.amount) for e in of(events, ev.SharesSold)] == [("A", 7000), ("B", 6300), ("C", 4200)]
    assert g.cash == {"A": 2100, "B": 1500, "C": 3000}  # the projection changes nothing
    events = play(g, "end")  # A cannot buy: the turn finishes and the game ends
    assert g.over and g.cash == projected
    assert [(e.player, e.cash, e.rank) for e in of(events, ev.Standing)] == [("A", 16100, 1), ("B", 11300, 2), ("C", 7200, 3)]
    assert all(g.shares[p]["Tower"] == 0 for p in g.players)


def test_r8_3_shares_of_chains_not_on_the_board_are_worth_nothing():
    g = _survivor_bank_two()
    play(g, "place 3A", "dispose C --trade 4", "dispose A --sell 4")  # C keeps 1 Tower
    assert g.shares["C"]["Tower"] == 1 and "Tower" not in g.board.sizes
    events, cash = projected_payout(g)
    assert all(e.chain == "Luxor" for e in events)
    # Luxor 6 ($600): B 10 majority $6,000, A 9 minority $3,000; every Luxor share sold at $600
    assert cash == {"A": 4500 + 3000 + 9 * 600, "B": 3600 + 6000 + 10 * 600, "C": 5800 + 6 * 600}


def test_r8_3_equal_money_shares_a_place():
    g = new_game("1A 5C 12I")
    assert g.standings() == [("A", 6000, 1), ("B", 6000, 1), ("C", 6000, 1)]
    turn(g, "9E")
    turn(g, "6C", "Tower")  # B founds with 5C
    assert g.standings() == [("B", 6000 + 3000 + 200, 1), ("A", 6000, 2), ("C", 6000, 2)]


def test_r8_4_stalled_round_ends_the_game():
    g = seven_small_chains()
    play(g, "pass", "buy")  # A
    play(g, "pass", "buy")  # B
    assert not g.over and g.pending == PlaceTile("C")
    events = play(g, "pass", "buy")  # C completes the round
    assert g.over and "a whole round passed with no tile placed" in g.end_reason
    assert of(events, ev.GameOver)


def test_r8_4_a_placed_tile_restarts_the_round_count():
    g = seven_small_chains()
    play(g, "pass", "buy", "pass", "buy")  # A, B
    turn(g, "10C")  # C places
    play(g, "pass", "buy", "pass", "buy")  # A, B
    assert not g.over
    play(g, "pass", "buy")  # C: three passes in a row since the last tile
    assert g.over


# ============================================================================================
# R10 What the referee tells the table
# ============================================================================================
def test_r10_2_every_pending_decision_is_described():
    g = Game.new(["A", "B", "C"])
    assert "acquire-ref start" in assert_described(g)
    play(g, "start 1A 4A 12I")
    assert "acquire-ref place" in assert_described(g)
    play(g, "place 2A")
    assert "acquire-ref choose" in assert_described(g)
    play(g, "choose Tower")
    assert "acquire-ref buy" in assert_described(g)
    play(g, "buy Tower=1")
    turn(g, "5A", "Luxor")  # B
    turn(g, "6A")  # C
    turn(g, "7A")  # A
    play(g, "place 3A")  # B merges Tower 2 into Luxor 4
    assert g.pending.decision == "dispose"
    text = assert_described(g)
    assert "acquire-ref dispose A" in text and "2 Tower" in text and "$200" in text


# ============================================================================================
# Worked cases
# ============================================================================================
def test_worked_case_01_start_tiles_first_player_and_first_chain():
    g = new_game("3C 9A 1B")
    assert g.player == "B"  # 9A is closest to 1A
    g = new_game("5C 6C 1I")
    assert g.board.sizes == {}
    assert g.player == "A"
    events = turn(g, "7C", "Imperial", buy=None)
    assert facts(events, ev.ChainFounded) == [("A", "Imperial", 3, 500)]
    assert facts(events, ev.FounderShare) == [("A", "Imperial", True)]
    assert g.board.sizes == {"Imperial": 3}
    assert g.shares["A"]["Imperial"] == 1 and g.bank["Imperial"] == 24 and g.cash["A"] == 6000


def test_worked_case_02_lone_tiles_either_side_found_a_chain_of_three():
    g = new_game("1A 3A 12I")
    assert g.effect(t("2A")).kind == "found"
    turn(g, "2A", "Tower")
    assert g.board.sizes == {"Tower": 3}
    assert [g.board.owner[t(x)] for x in ("1A", "2A", "3A")] == ["Tower"] * 3
    assert g.board.owner[t("12I")] is None


def test_worked_case_03_no_founders_share_and_no_cash_when_the_bank_has_none():
    g = _imperial_all_25_held_then_defunct()
    assert g.bank["Imperial"] == 0 and g.player == "C"
    cash = dict(g.cash)
    events = turn(g, "2I", "Imperial", buy=None)  # C
    assert facts(events, ev.ChainFounded) == [("C", "Imperial", 2, 400)]
    assert facts(events, ev.FounderShare) == [("C", "Imperial", False)]
    assert g.cash == cash
    assert held(g, "Imperial") == {"A": 10, "B": 9, "C": 6} and g.bank["Imperial"] == 0
    assert_refused(g, "buy Imperial=1", match=r"bank has (0|no) Imperial")


def test_r4_2_the_banks_last_share_goes_to_the_founder():
    """The boundary of "one founder's share free, if the bank has one": with one Imperial share
    left in the bank, the founder takes it and the bank is empty."""
    g = _imperial_all_25_held_then_defunct(left_in_bank=1)
    assert g.bank["Imperial"] == 1 and held(g, "Imperial") == {"A": 10, "B": 8, "C": 6}
    events = turn(g, "2I", "Imperial", buy=None)  # C
    assert facts(events, ev.FounderShare) == [("C", "Imperial", True)]
    assert held(g, "Imperial")["C"] == 7 and g.bank["Imperial"] == 0
    assert g.cash["C"] == 3600


def test_worked_case_04_tower_of_3_pays_3000_and_1500():
    g = _tower_three_luxor_four()
    assert held(g, "Tower") == {"A": 4, "B": 2, "C": 1}
    assert g.cash == {"A": 5400, "B": 5400, "C": 5700}
    events = play(g, "place 4A")  # C merges
    assert facts(events, ev.DefunctChain) == [("Tower", 3, 300)]
    assert paid(events) == {("A", "Tower"): 3000, ("B", "Tower"): 1500}
    assert g.cash == {"A": 8400, "B": 6900, "C": 5700}
    # defunct shares sell at the pre-merger price, $300
    events = play(g, "dispose C --sell 1", "dispose A --trade 4", "dispose B --sell 2")
    assert [(e.player, e.count, e.amount) for e in of(events, ev.SharesSold)] == [("C", 1, 300), ("B", 2, 600)]
    assert facts(events, ev.SharesTraded) == [("A", "Tower", 4, "Luxor", 2)]
    assert g.cash == {"A": 8400, "B": 7500, "C": 6000}
    assert held(g, "Luxor") == {"A": 2, "B": 0, "C": 1}
    assert g.bank["Tower"] == 25 and g.bank["Luxor"] == 22
    assert g.board.sizes == {"Luxor": 8}
    assert shareholder_bonuses(3000, 1500, {"A": 4, "B": 2, "C": 1}) == [
        _bs("A", 3000, "majority", 4), _bs("B", 1500, "minority", 2)]


def test_worked_case_05_luxor_of_2_sole_holder_gets_3000():
    g = new_game("1A 5A 12I")
    turn(g, "2A", "Luxor")  # A: founder's share
    turn(g, "4A", "Tower")  # B
    turn(g, "6A")  # C: Tower 3
    events = play(g, "place 3A")  # A merges Luxor 2 into Tower 3
    assert facts(events, ev.DefunctChain) == [("Luxor", 2, 200)]
    assert paid(events) == {("A", "Luxor"): 3000}
    assert g.cash["A"] == 9000
    bonus = of(events, ev.BonusPaid)[0]
    assert "sole" in bonus.bonus and bonus.shares == 1


def test_worked_case_06_american_tie_for_majority_splits_9000():
    g = new_game("1A 7A 12I")
    turn(g, "2A", "American", buy="American=2")  # A: $300 each
    turn(g, "3A", buy="American=3")  # B: $400 each
    turn(g, "4A", buy="American=2")  # C: $500 each
    turn(g, "5A")  # A: American 5
    turn(g, "8A", "Tower")  # B
    turns(g, "9A", "10A", "11A", "12A")  # Tower 6
    assert held(g, "American") == {"A": 3, "B": 3, "C": 2}
    assert g.cash == {"A": 5400, "B": 4800, "C": 5000}
    assert g.price("American") == 600
    events = play(g, "place 6A")  # A merges American 5 into Tower 6
    assert paid(events) == {("A", "American"): 4500, ("B", "American"): 4500}
    assert g.cash == {"A": 9900, "B": 9300, "C": 5000}
    assert [e.player for e in of(events, ev.BonusPaid)] == ["A", "B"]


def test_worked_case_07_american_of_2_split_rounds_2250_up_to_2300():
    g = new_game("1A 4A 12I")
    turn(g, "2A", "American", buy="American=1")  # A
    turn(g, "5A", "Tower", buy="American=2")  # B
    turn(g, "6A")  # C: Tower 3
    events = play(g, "place 3A")  # A
    assert facts(events, ev.DefunctChain) == [("American", 2, 300)]
    assert paid(events) == {("A", "American"): 2300, ("B", "American"): 2300}
    assert g.cash == {"A": 5700 + 2300, "B": 5400 + 2300, "C": 6000}


def test_worked_case_08_tower_of_2_four_way_split_rounds_750_up_to_800():
    g = new_game("1A 4A 12I 12G", players=("A", "B", "C", "D"))
    turn(g, "2A", "Tower")  # A
    turn(g, "5A", "Luxor", buy="Tower=1")  # B
    turn(g, "6A", buy="Tower=1")  # C
    turn(g, "7A", buy="Tower=1")  # D
    events = play(g, "place 3A")  # A merges Tower 2 into Luxor 4
    assert paid(events) == {(p, "Tower"): 800 for p in "ABCD"}
    assert g.cash == {"A": 6800, "B": 6600, "C": 6600, "D": 6600}


def test_worked_case_09_imperial_majority_6000_tied_minority_1500_each():
    g = new_game("1A 6A 12I")
    turn(g, "2A", "Imperial", buy="Imperial=3")  # A: $400 each
    turn(g, "3A", buy="Imperial=2")  # B: $500 each
    turn(g, "4A", buy="Imperial=2")  # C: $600 each
    turn(g, "7A", "Tower", buy="Imperial=1")  # A: $600
    turns(g, "8A", "9A", "10A")  # Tower 5
    assert held(g, "Imperial") == {"A": 5, "B": 2, "C": 2}
    events = play(g, "place 5A")  # B merges Imperial 4 into Tower 5
    assert facts(events, ev.DefunctChain) == [("Imperial", 4, 600)]
    assert paid(events) == {("A", "Imperial"): 6000, ("B", "Imperial"): 1500, ("C", "Imperial"): 1500}
    assert g.cash == {"A": 4200 + 6000, "B": 5000 + 1500, "C": 4800 + 1500}


def test_worked_case_10_luxor_minority_split_three_ways_rounds_up_to_400():
    g = new_game("1A 4A 12I 12G", players=("A", "B", "C", "D"))
    turn(g, "2A", "Luxor", buy="Luxor=3")  # A
    turn(g, "5A", "Tower", buy="Luxor=1")  # B
    turn(g, "6A", buy="Luxor=1")  # C
    turn(g, "7A", buy="Luxor=1")  # D
    assert held(g, "Luxor") == {"A": 4, "B": 1, "C": 1, "D": 1}
    events = play(g, "place 3A")  # A merges Luxor 2 into Tower 4
    assert paid(events) == {("A", "Luxor"): 2000, ("B", "Luxor"): 400, ("C", "Luxor"): 400, ("D", "Luxor"): 400}
    assert g.cash == {"A": 5400 + 2000, "B": 5800 + 400, "C": 5800 + 400, "D": 5800 + 400}


def test_worked_case_11_safe_festival_absorbs_tower_of_10_at_600():
    g = _festival_eleven_tower_ten()
    assert g.effect(t("1B")).kind == "merge"  # one safe chain and one unsafe: not dead
    events = play(g, "place 1B")  # B
    assert of(events, ev.MergerBegan)[0].sizes == {"Festival": 11, "Tower": 10}
    assert facts(events, ev.DefunctChain) == [("Tower", 10, 600)]
    assert paid(events) == {("B", "Tower"): 6000, ("C", "Tower"): 3000}
    events = play(g, "dispose B --sell 2", "dispose C --sell 1")
    assert [(e.player, e.amount) for e in of(events, ev.SharesSold)] == [("B", 1200), ("C", 600)]
    assert g.cash == {"A": 6000, "B": 5800 + 6000 + 1200, "C": 5800 + 3000 + 600}
    done = of(events, ev.MergerCompleted)[0]
    assert (done.survivor, done.size, done.price) == ("Festival", 22, 900)


def test_worked_case_12_tie_of_ten_mergemaker_picks_result_has_21_tiles():
    g = _american_and_festival_ten()
    play(g, "place 1B")  # A
    assert g.pending.choice == "survivor" and set(g.pending.options) == {"American", "Festival"}
    events = play(g, "choose Festival")
    assert facts(events, ev.DefunctChain) == [("American", 10, 700)]
    assert paid(events) == {("A", "American"): 10500}  # sole holder: $7,000 + $3,500
    events = play(g, "dispose A")
    done = of(events, ev.MergerCompleted)[0]
    assert (done.survivor, done.size) == ("Festival", 21)
    assert g.board.sizes == {"Festival": 21}
    assert g.shares["A"]["American"] == 1


def test_worked_case_13_tile_between_two_safe_chains_is_dead():
    g = _safe_pair_with_small_chain()
    assert g.board.sizes == {"Continental": 12, "American": 14, "Tower": 3}
    eff = g.effect(t("5C"))
    assert eff.kind == "dead" and set(eff.safe) == {"Continental", "American"}
    eff = g.effect(t("6C"))  # also touches the 3-tile Tower
    assert eff.kind == "dead" and set(eff.chains) == {"Continental", "American", "Tower"}
    assert set(eff.safe) == {"Continental", "American"}
    assert_refused(g, "place 6C", rule="R4.6")
    assert_refused(g, "place 5C", rule="R4.6")
    # a tile touching only one safe chain and Tower is fine: 7B merges Tower into Continental
    assert g.effect(t("7B")).kind == "merge"


def test_worked_case_14_sizes_7_4_4_each_defunct_chain_finished_before_the_next():
    g = _four_arms(american=False, buys=True)
    assert held(g, "Tower") == {"A": 2, "B": 0, "C": 1}
    assert held(g, "Luxor") == {"A": 1, "B": 0, "C": 2}
    assert g.cash == {"A": 5600, "B": 6000, "C": 5600}
    events = play(g, "place 6E")  # A
    assert not of(events, ev.BonusPaid)
    assert g.pending.choice == "order"
    events = play(g, "choose Luxor")
    assert facts(events, ev.DefunctChain) == [("Luxor", 4, 400)]
    assert paid(events) == {("C", "Luxor"): 4000, ("A", "Luxor"): 2000}
    assert g.cash == {"A": 7600, "B": 6000, "C": 9600}  # no Tower bonus yet
    assert (g.pending.player, g.pending.chain) == ("A", "Luxor")
    events = play(g, "dispose A --sell 1")
    assert not of(events, ev.DefunctChain)
    assert (g.pending.player, g.pending.chain) == ("C", "Luxor")
    events = play(g, "dispose C --trade 2")
    # only now is Tower touched
    assert facts(events, ev.DefunctChain) == [("Tower", 4, 400)]
    assert paid(events) == {("A", "Tower"): 4000, ("C", "Tower"): 2000}
    assert (g.pending.player, g.pending.chain) == ("A", "Tower")
    play(g, "dispose A", "dispose C --sell 1")
    # A: 5,600 + 2,000 + 400 (1 Luxor sold) + 4,000; C: 5,600 + 4,000 + 2,000 + 400 (1 Tower sold)
    assert g.cash == {"A": 12000, "B": 6000, "C": 12000}
    assert g.board.sizes == {"Worldwide": 16}
    assert held(g, "Worldwide") == {"A": 0, "B": 1, "C": 1}
    assert held(g, "Tower") == {"A": 2, "B": 0, "C": 0}
    assert (g.pending.decision, g.pending.player) == ("buy", "A") and g.price("Worldwide") == 800


def test_worked_case_15_disposal_from_the_mergemaker_clockwise_skipping_non_holders():
    players = ("P1", "P2", "P3", "P4")
    g = new_game("1A 4A 12I 12G", players=players)
    turn(g, "2A", "Tower")  # P1
    turn(g, "5A", "Luxor")  # P2
    turn(g, "6A", buy="Tower=1")  # P3
    turn(g, "7A", buy="Tower=1")  # P4
    turns(g, "8A", "9A")  # P1, P2: Luxor 6
    assert held(g, "Tower") == {"P1": 1, "P2": 0, "P3": 1, "P4": 1}
    events = play(g, "place 3A")  # P3 merges
    assert paid(events) == {("P1", "Tower"): 1000, ("P3", "Tower"): 1000, ("P4", "Tower"): 1000}
    order = []
    while g.pending.decision == "dispose":
        order.append(g.pending.player)
        for other in players:
            if other != g.pending.player:
                assert_refused(g, f"dispose {other}", match=f"it is {g.pending.player}'s turn")
        play(g, f"dispose {g.pending.player} --sell 1")
    assert order == ["P3", "P4", "P1"]
    assert (g.pending.decision, g.pending.player) == ("buy", "P3")


def test_worked_case_16_trades_limited_by_the_survivors_bank_stock():
    g = _survivor_bank_two()
    assert g.bank["Luxor"] == 2 and held(g, "Tower") == {"A": 4, "B": 0, "C": 5}
    events = play(g, "place 3A")  # C merges Tower 2 into Luxor 3
    assert paid(events) == {("C", "Tower"): 2000, ("A", "Tower"): 1000}
    assert g.pending.player == "C"
    assert_refused(g, "dispose C --trade 5", match="odd")  # a holder of 5 trades at most 4
    assert_refused(g, "dispose C --trade 6", match="holds 5 Tower")
    events = play(g, "dispose C --trade 4")
    assert facts(events, ev.SharesTraded) == [("C", "Tower", 4, "Luxor", 2)]
    assert facts(events, ev.SharesHeld) == [("C", "Tower", 1)]
    assert g.bank["Luxor"] == 0 and g.shares["C"]["Luxor"] == 6
    assert g.pending.player == "A"
    assert_refused(g, "dispose A --trade 2", match=r"bank has (0|no) Luxor")
    events = play(g, "dispose A --sell 4")
    assert facts(events, ev.SharesSold) == [("A", "Tower", 4, 800)]
    assert g.cash == {"A": 2700 + 1000 + 800, "B": 3600, "C": 3800 + 2000}
    # C's buy step: the bank has no Luxor and no other chain is on the board
    assert (g.pending.decision, g.player) == ("place", "A")
    assert "the bank has no share" in of(events, ev.TurnFinished)[0].reason


def test_worked_case_17_worldwide_7_sells_at_700():
    g = new_game("1A 1C 12I")
    turn(g, "2A", "Continental")  # A
    turn(g, "2C", "Worldwide", buy="Worldwide=1")  # B: $300
    turns(g, *row("A", range(3, 13)), *row("C", range(3, 8)))
    assert g.board.sizes == {"Continental": 12, "Worldwide": 7}
    assert g.player == "C"
    events = play(g, "place 1B")
    assert facts(events, ev.DefunctChain) == [("Worldwide", 7, 700)]
    assert paid(events) == {("B", "Worldwide"): 10500}
    events = play(g, "dispose B --sell 2")
    assert facts(events, ev.SharesSold) == [("B", "Worldwide", 2, 1400)]
    assert g.cash["B"] == 5700 + 10500 + 1400
    assert g.board.sizes == {"Continental": 20} and g.price("Continental") == 900


def test_worked_case_18_lone_tile_at_the_merge_joins_the_survivor():
    g = _lone_tiles_at_the_merge()
    eff = g.effect(t("3A"))
    assert eff.kind == "merge" and {str(x) for x in eff.group} == {"3A", "3B", "3C"}
    events = play(g, "place 3A")
    assert of(events, ev.MergerBegan)[0].sizes == {"Luxor": 3, "Tower": 2}
    events = play(g, "dispose A")
    assert of(events, ev.MergerCompleted)[0].size == 3 + 2 + 3
    assert g.board.owner[t("3B")] == g.board.owner[t("3C")] == "Luxor"


def test_worked_case_19_two_sides_of_one_chain_count_once():
    g = new_game("1A 2A 12I")  # adjacent lone start tiles
    turn(g, "1B", "Imperial")  # A: 1B founds with 1A and 2A
    turn(g, "4B")  # B: lone
    turn(g, "3B", "Continental")  # C
    assert g.board.sizes == {"Imperial": 3, "Continental": 2}
    eff = g.effect(t("2B"))  # touches 2A and 1B (Imperial) and 3B (Continental)
    assert eff.kind == "merge" and eff.chains == ("Imperial", "Continental")
    events = play(g, "place 2B")  # A
    assert facts(events, ev.DefunctChain) == [("Continental", 2, 400)]
    assert paid(events) == {("C", "Continental"): 6000}
    play(g, "dispose C")
    assert g.board.sizes == {"Imperial": 6}


def test_worked_case_20_found_imperial_take_free_share_buy_three():
    g = new_game("1A 5E 12I")
    turn(g, "2A", "Imperial", buy=None)
    assert g.price("Imperial") == 400
    events = play(g, "buy Imperial=3")
    assert facts(events, ev.SharesBought) == [("A", "Imperial", 3, 1200)]
    assert g.shares["A"]["Imperial"] == 4 and g.cash["A"] == 4800 and g.bank["Imperial"] == 21


def test_worked_case_21_cash_and_bank_stock_limit_the_purchase():
    g = _seven_hundred_dollars()
    assert_refused(g, "buy American=2", match="refused as a whole")
    assert_refused(g, "buy Festival=2", match="the bank has 1 Festival")
    play(g, "buy American=1")
    assert g.cash["A"] == 300 and g.shares["A"]["American"] == 12
    fill = Fillers(FILLERS[13:])
    fill(g, buy="Festival=1")  # B takes the last Festival
    assert g.bank["Festival"] == 0


def test_worked_case_22_end_not_available_without_chains_and_lost_by_founding():
    g = new_game("1A 12C 12I")
    assert not g.end_available() and end_condition(g.edition, g.board.sizes) == "no chain is on the board"
    assert_refused(g, "end", rule="R8.1")
    g = safe_tower_bank_empty()
    turn(g, "10A")
    turn(g, "11A")  # A
    assert g.end_available() and g.pending == PlaceTile("B")
    turn(g, "12D", "Luxor", buy=None)  # B founds Luxor with the lone 12C
    assert not g.end_available()
    assert_refused(g, "end", rule="R8.1")
    play(g, "buy")
    assert not g.over


def test_worked_case_24_blocked_and_dead_rack_skip_placing_buy_replace_dead_only():
    g = seven_chains_two_safe()
    assert g.effect(t("1B")).kind == "dead" and g.effect(t("12H")).kind == "blocked"
    bag = g.bag
    assert_refused(g, "discard 12H", match="blocked")
    assert_refused(g, "discard 1B 12H", match="blocked")
    events = play(g, "discard 1B 2B")
    assert facts(events, ev.TilesDiscarded) == [("A", ("1B", "2B"), 2)]
    assert (g.bag, g.racks["A"]) == (bag - 2, 6)
    events = play(g, "pass")
    assert (g.pending.decision, g.pending.player) == ("buy", "A")
    events = play(g, "buy Continental=1")
    assert facts(events, ev.SharesBought) == [("A", "Continental", 1, 900)]
    fin = of(events, ev.TurnFinished)[0]
    assert not fin.drew and (g.bag, g.racks["A"]) == (bag - 2, 6)
    assert g.player == "B"


def test_worked_case_25_round_of_blocked_racks_ends_and_scores_the_game():
    g = seven_small_chains()
    bag = g.bag
    play(g, "pass", "buy", "pass", "buy")
    assert not g.over
    events = play(g, "pass", "buy")
    assert g.over and g.bag == bag > 0
    assert "R8.4" in g.end_reason
    # each founder is the sole holder of 1 share: 15 x price in bonuses, plus the share sold
    assert paid(events) == {
        ("A", "Tower"): 3000, ("A", "Festival"): 4500,
        ("B", "Luxor"): 3000, ("B", "Worldwide"): 4500, ("B", "Continental"): 6000,
        ("C", "American"): 4500, ("C", "Imperial"): 6000,
    }
    assert g.cash == {"A": 14000, "B": 20400, "C": 17200}
    assert g.standings() == [("B", 20400, 1), ("C", 17200, 2), ("A", 14000, 3)]
    assert g.pending.decision == "over"


# --------------------------------------------------------------------------------------------
# more positions
# --------------------------------------------------------------------------------------------
def _bs(player, amount, kind, shares):
    from acquire_ref.engine.scoring import BonusShare

    return BonusShare(player, amount, kind, shares)


def _tower_three_luxor_four() -> Game:
    """Tower 1A-3A (A 4, B 2, C 1 shares), Luxor 5A-8A (C's founder's share); C to place 4A."""
    g = new_game("1A 5A 12I")
    turn(g, "2A", "Tower", buy="Tower=3")  # A: $200 each
    turn(g, "3A", buy="Tower=2")  # B: $300 each
    turn(g, "6A", "Luxor", buy="Tower=1")  # C: Luxor 5A-6A
    turns(g, "7A", "8A")  # A, B
    assert g.board.sizes == {"Tower": 3, "Luxor": 4} and g.player == "C"
    return g


def _lone_tiles_at_the_merge() -> Game:
    """Tower 1A-2A (A's founder's share), Luxor 4A-6A (C), lone 3B-3C (adjacent start tiles);
    B to place 3A."""
    g = new_game("1A 3B 3C")
    turn(g, "2A", "Tower")  # A
    turn(g, "4A")  # B: lone (3A, 5A, 4B empty)
    turn(g, "5A", "Luxor")  # C
    turn(g, "6A")  # A
    assert g.board.sizes == {"Tower": 2, "Luxor": 3} and g.player == "B"
    return g


def _american_and_festival_ten() -> Game:
    """American 1A-10A (A's founder's share) and Festival 1C-10C (B's); A to place 1B."""
    g = new_game("1A 1C 12I")
    turn(g, "2A", "American")
    turn(g, "2C", "Festival")
    for c in range(3, 11):
        turns(g, f"{c}A", f"{c}C")
    assert g.board.sizes == {"American": 10, "Festival": 10} and g.player == "A"
    return g


def _festival_eleven_tower_ten() -> Game:
    """Festival 1A-11A (A's founder's share), Tower 1C-10C (B 2, C 1); B to place 1B.
    Cash A $6,000, B $5,800, C $5,800."""
    g = new_game("1A 1C 12I")
    turn(g, "2A", "Festival")  # A
    turn(g, "2C", "Tower", buy="Tower=1")  # B
    turn(g, "3A", buy="Tower=1")  # C
    for c in range(3, 11):
        turns(g, f"{c}C", f"{c + 1}A")
    assert g.board.sizes == {"Festival": 11, "Tower": 10} and g.player == "B"
    assert held(g, "Tower") == {"A": 0, "B": 2, "C": 1}
    return g


def _safe_pair_with_small_chain() -> Game:
    """Continental 12 (rows A-B, columns 1-6), American 14 (rows D-E, columns 1-6, and 1F 2F),
    Tower 7C-9C. 1C-6C touch both safe chains: dead; 6C also touches Tower."""
    g = new_game("1A 1D 9C")
    turn(g, "2A", "Continental")
    turn(g, "2D", "American")
    turn(g, "8C", "Tower")
    turn(g, "7C")
    turns(g, *row("A", range(3, 7)), *row("B", range(1, 7)))
    turns(g, *row("D", range(3, 7)), *row("E", range(1, 7)), "1F", "2F")
    assert g.board.sizes == {"Continental": 12, "American": 14, "Tower": 3}
    return g


def _four_arms(american: bool, buys: bool = False) -> Game:
    """Worldwide 7 (1E-5E, 1F, 1G; B founded), Tower 4 (6A-6D; A founded), Luxor 4 (6F-6I; C
    founded), with ``american`` also American 3 (7E-9E; B founded). 6E touches them all; A is to
    place it. With ``buys``: Tower A 2, C 1; Luxor A 1, C 2; cash A $5,600, B $6,000, C $5,600."""
    g = new_game("6A 1E 6I")
    turn(g, "6B", "Tower", buy="Tower=1" if buys else "")  # A
    turn(g, "2E", "Worldwide")  # B
    turn(g, "6H", "Luxor", buy="Luxor=1 Tower=1" if buys else "")  # C
    turn(g, "6C", buy="Luxor=1" if buys else "")  # A
    turns(g, "3E", "6G", "6D", "4E", "6F", "5E", "1F", "1G")
    if american:
        turn(g, "8E")  # A: lone
        turn(g, "9E", "American")  # B
        turn(g, "7E")  # C
    assert g.player == "A"
    sizes = {"Worldwide": 7, "Tower": 4, "Luxor": 4}
    if american:
        sizes["American"] = 3
    assert g.board.sizes == sizes
    return g


def _imperial_all_25_held_then_defunct(left_in_bank: int = 0) -> Game:
    """All 25 Imperial shares bought (A 10, B 9, C 6; with ``left_in_bank`` B buys that many
    fewer), then Imperial 1A-2A merged into Tower 4A-6A and every holder held. Filler 1I is lone;
    C is to place (2I refounds next to 1I)."""
    g = new_game("1A 4A 12C")
    fill = Fillers([x for x in FILLERS if x not in ("1I", "3I")])
    turn(g, "2A", "Imperial", buy="Imperial=3")  # A: $400 each
    for _ in range(6):  # B C A B C A
        fill(g, buy="Imperial=3")
    fill(g, buy=f"Imperial={3 - left_in_bank}")  # B
    assert g.bank["Imperial"] == left_in_bank
    turn(g, "5A", "Tower")  # C
    turn(g, "6A")  # A
    turn(g, "1I")  # B: lone, the spot for refounding later
    events = play(g, "place 3A")  # C merges Imperial 2 into Tower 3
    assert paid(events) == {("A", "Imperial"): 4000, ("B", "Imperial"): 2000}
    assert [g.pending.player] == ["C"]
    play(g, "dispose C", "dispose A", "dispose B", "buy")
    assert g.board.sizes == {"Tower": 6}
    assert g.cash == {"A": 2400 + 4000, "B": 2400 + 400 * left_in_bank + 2000, "C": 3600}
    assert g.player == "A"
    fill(g)  # A
    fill(g)  # B
    assert g.player == "C"
    return g


def _survivor_bank_two() -> Game:
    """Tower 1A-2A (A 4, C 5), Luxor 4A-6A with only 2 shares in the bank (A 9, B 10, C 4);
    C to place 3A. Cash A $2,700, B $3,600, C $3,800."""
    g = new_game("1A 4A 12C")
    fill = Fillers()
    turn(g, "2A", "Tower", buy="Tower=3")  # A
    turn(g, "5A", "Luxor", buy="Luxor=3")  # B: $200 each
    turn(g, "6A", buy="Tower=3")  # C: Luxor 3 ($300)
    fill(g, buy="Luxor=3")  # A
    fill(g, buy="Luxor=3")  # B
    fill(g, buy="Tower=2 Luxor=1")  # C
    fill(g, buy="Luxor=3")  # A
    fill(g, buy="Luxor=3")  # B
    fill(g, buy="Luxor=3")  # C
    fill(g, buy="Luxor=3")  # A
    fill(g)  # B
    assert g.player == "C" and g.bank["Luxor"] == 2
    assert held(g, "Luxor") == {"A": 9, "B": 10, "C": 4}
    assert g.cash == {"A": 2700, "B": 3600, "C": 3800}
    return g


def _seven_hundred_dollars() -> Game:
    """A has exactly $700, American 4A-6A costs $400, Festival 1A-2A ($300) has 1 share left in the
    bank; A is in the buy step. Fillers FILLERS[:13] are used."""
    g = new_game("1A 4A 12C")
    fill = Fillers()
    turn(g, "2A", "Festival", buy="Festival=3")  # A
    turn(g, "5A", "American", buy="Festival=3")  # B
    turn(g, "6A", buy="Festival=3")  # C: American 3 ($400)
    for buy_a, buy_b, buy_c in [("American=3", "Festival=3", "Festival=3")] * 2 + [("American=3", "Festival=2", "")]:
        fill(g, buy=buy_a)
        fill(g, buy=buy_b)
        fill(g, buy=buy_c)
    fill(g, buy="American=2")  # A
    fill(g)  # B
    fill(g)  # C
    assert g.cash == {"A": 700, "B": 2700, "C": 3300}
    assert g.bank["Festival"] == 1 and g.price("American") == 400 and g.price("Festival") == 300
    assert held(g, "American") == {"A": 11, "B": 1, "C": 0}
    turn(g, FILLERS[12], buy=None)  # A
    assert (g.pending.decision, g.pending.player) == ("buy", "A")
    return g


# ============================================================================================
# R10.2 the pending decision: chance or a player's choice
# ============================================================================================
def test_r10_2_chance_marks_only_the_decisions_a_dealt_game_makes_itself():
    """The start tiles (R2.2) and the market's tile (R9) are chance: a dealt game draws them
    itself, and a seat's bot never answers them; every other decision is a player's."""
    from acquire_ref.engine.pending import (
        BuyShares,
        ChooseSurvivor,
        DisposeShares,
        DrawForMarket,
        DrawStartTiles,
        EndReason,
        FoundChain,
        GameEnded,
        OrderDefunct,
    )

    chance = [DrawStartTiles(), DrawForMarket("A", "Tower")]
    choices = [PlaceTile("A"), FoundChain("A", ("Tower",)), ChooseSurvivor("A", ("Tower", "Luxor")),
               OrderDefunct("A", ("Tower", "Luxor")), DisposeShares("A", "Tower", "Luxor"), BuyShares("A"),
               GameEnded(EndReason.DECLARED)]
    assert [p.chance for p in chance] == [True, True]
    assert [p.chance for p in choices] == [False] * len(choices)
