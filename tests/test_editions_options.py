"""Editions, custom rulesets, options, two players with the market, hidden holdings and dealt
tiles (R2.3, R7.3, R8.4, R9, R10.1, R17): each changes exactly what the rules say."""

from __future__ import annotations

import json
import tomllib

import pytest

from acquire_ref import Game, IllegalMoveError, parse_move
from acquire_ref.engine.editions import edition_from_dict, edition_to_dict, load_edition
from acquire_ref.engine.errors import GameFileError
from acquire_ref.engine.game import shuffled_bag
from acquire_ref.engine.moves import Buy
from acquire_ref.engine.pending import PlaceTile
from acquire_ref.engine.tiles import parse_tile
from acquire_ref.programs.simulate import play_game
from acquire_ref.viewers.describe import pending as describe_pending
from acquire_ref.words.events import told
from tests.engine import play
from tests.helpers import EXAMPLES


# ------------------------------------------------------------------ editions (R17)
@pytest.mark.parametrize("edition, tiers", [
    ("classic", {"cheap": ["Tower", "Luxor"], "middle": ["American", "Worldwide", "Festival"],
                 "top": ["Imperial", "Continental"]}),
    ("1999", {"cheap": ["Sackson", "Zeta"], "middle": ["Hydra", "Fusion", "America"], "top": ["Phoenix", "Quantum"]}),
    ("2024", {"cheap": ["Sackson", "Tower"], "middle": ["American", "Festival", "Worldwide"],
              "top": ["Continental", "Imperial"]}),
])
def test_information_card_of_each_edition(cli, edition, tiers):
    doc = cli.json("chart", "--edition", edition)
    assert doc["tiers"] == tiers
    first = doc["brackets"][0]["prices"]
    assert (first["cheap"]["price"], first["middle"]["price"], first["top"]["price"]) == (200, 300, 400)
    top_chain = tiers["top"][0]
    assert cli.json("price", top_chain, "41", "--edition", edition)["price"] == 1200
    assert cli.json("bonus", tiers["cheap"][0], "2", "A=1", "B=1", "--edition", edition)["bonuses"][0]["amount"] == 1500


def test_game_in_the_1999_edition_uses_its_chains(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("new", "A", "B", "C", "--edition", "1999", game=path).exit_code == 0
    assert cli("start", "1A", "5E", "9I", game=path).exit_code == 0
    assert cli("place", "2A", "--found", "pho", game=path).exit_code == 0
    doc = cli.json("status", game=path)
    assert doc["edition"] == "1999" and doc["chains"]["Phoenix"]["price"] == 400
    assert cli("buy", "Tower", game=path).exit_code == 2  # not a 1999 chain


def test_unknown_edition_lists_the_built_in_ones(cli, tmp_path):
    result = cli("new", "A", "B", "C", "--edition", "deluxe", game=tmp_path / "g.toml")
    assert result.exit_code == 2 and "classic" in result.output and "1999" in result.output


RULESET = {
    "name": "house", "starting_cash": 8000, "shares_per_chain": 20, "safe_size": 9, "end_size": 30,
    "rack_size": 5, "buy_limit": 4,
    "price_chart": [[2, 100], [4, 300], [8, 600]],
    "tiers": {"low": 0, "high": 300},
    "chains": [{"name": "Alpha", "letter": "A", "tier": "low", "colour": "red"},
               {"name": "Beta", "letter": "B", "tier": "high", "colour": "#8a2be2"}],
}


def test_custom_ruleset_constants_apply(cli, tmp_path):
    import tomli_w

    file = tmp_path / "house.toml"
    file.write_text(tomli_w.dumps(RULESET))
    path = tmp_path / "g.toml"
    assert cli("new", "A", "B", "C", "--edition", str(file), game=path).exit_code == 0
    assert cli("start", "1A", "5E", "9I", game=path).exit_code == 0
    doc = cli.json("status", game=path)
    assert [p["cash"] for p in doc["players"]] == [8000] * 3
    assert doc["bag"] == 108 - 3 - 15  # racks of 5
    assert cli("place", "2A", "--found", "Beta", game=path).exit_code == 0
    assert cli("buy", "Beta=4", game=path).exit_code == 0  # buy limit 4, price 100 + 300
    doc = cli.json("status", game=path)
    assert doc["chains"]["Beta"] == {"size": 2, "price": 400, "safe": False, "bank": 15}
    assert doc["players"][0]["cash"] == 8000 - 1600
    status = cli("status", game=path)
    assert status.exit_code == 0 and "B Beta" in status.stdout  # a colour may be written #rrggbb
    # the game file keeps the whole ruleset: it replays without the ruleset file
    file.unlink()
    assert tomllib.loads(path.read_text())["edition"]["name"] == "house"
    assert cli("place", "5D", game=path).exit_code == 0


@pytest.mark.parametrize("change, words", [
    (lambda r: r["chains"].append(dict(r["chains"][0])), "defined twice"),
    (lambda r: r["chains"][1].update(tier="mid"), "tier 'mid' has no prices"),
    (lambda r: r.update(starting_cash=6050), "multiples of $100"),
    (lambda r: r["price_chart"].__setitem__(0, [3, 100]), "must start at 2"),
    (lambda r: r["price_chart"].__setitem__(2, [3, 600]), "sizes must go up"),
    (lambda r: r["price_chart"].__setitem__(1, [4, 350]), "not a positive multiple of $100"),
    (lambda r: r["tiers"].update(high=250), "multiples of $100"),
    (lambda r: r.update(rows=11), "a board has 6 to 10 rows (R1.1a), lettered A-J"),
    (lambda r: r.update(columns=13), "a board has 6 to 12 columns (R1.1a)"),
    (lambda r: r.update(columns=10, rows=10, end_size=101), "end_size 101 is more tiles than the 10 x 10 board's 100"),
    (lambda r: r.update(board="10x10"), "write the board's size as columns = 10 and rows = 10"),
    (lambda r: r.update(bonus_places=[10, 7.5, 5, 2.5, 1, 1, 1]), "a list of 1 to 6 multiples"),
    (lambda r: r.update(bonus_places=[10, 7.55]), "in tenths (R5.4a)"),
    (lambda r: r.update(bonus_places=[5, 10]), "more than the place above it"),
    (lambda r: r.update(bonus_places="10, 5"), "a list of 1 to 6 multiples"),
    (lambda r: r.update(card={"cheap": [[2, 200, 2000, 1000]]}), "keep the card or price_chart, not both"),
    (lambda r: r.update(colours=1), "unknown key 'colours'"),
    (lambda r: r["chains"][1].update(letter="A"), "used twice"),
    (lambda r: r["chains"][1].update(letter="o"), "other than 'o'"),
    (lambda r: r.update(safe_size=0), "safe_size is 0"),
    (lambda r: r.update(chains=[]), "at least one [[chains]]"),
])
def test_bad_rulesets_are_refused_precisely(cli, tmp_path, change, words):
    import copy

    import tomli_w

    ruleset = copy.deepcopy(RULESET)
    change(ruleset)
    with pytest.raises(GameFileError, match="not a sound ruleset") as info:
        edition_from_dict(ruleset)
    assert words in str(info.value)
    file = tmp_path / "bad.toml"
    file.write_text(tomli_w.dumps(ruleset))
    result = cli("new", "A", "B", "C", "--edition", str(file), game=tmp_path / "g.toml")
    assert result.exit_code == 4 and words in result.output and "Traceback" not in result.output


def test_a_chain_letter_must_be_a_plain_letter(tmp_path):
    from acquire_ref.engine.editions import edition_from_dict, edition_to_dict, load_edition

    data = edition_to_dict(load_edition("classic"))
    data["chains"][0]["letter"] = "ß"
    with pytest.raises(Exception, match="one letter A-Z"):
        edition_from_dict(data)


def ruleset_file(tmp_path, **changes):
    import tomli_w

    from acquire_ref.engine.editions import edition_to_dict, load_edition

    data = edition_to_dict(load_edition("classic"))
    data.update(changes)
    path = tmp_path / "rules.toml"
    path.write_text(tomli_w.dumps(data))
    return path


def test_racks_that_need_more_than_108_tiles_are_refused(cli, tmp_path):
    rules = ruleset_file(tmp_path, rack_size=60)
    result = cli("new", "A", "B", "C", "--edition", str(rules), game=tmp_path / "g.toml")
    assert result.exit_code == 2 and "there are 108" in result.output


def test_a_buy_limit_of_0_finishes_every_turn_by_itself(tmp_path):
    from acquire_ref import Game
    from acquire_ref.engine.editions import edition_from_dict, edition_to_dict, load_edition

    data = edition_to_dict(load_edition("classic"))
    data["buy_limit"] = 0
    g = Game.new(["A", "B", "C"], edition_from_dict(data))
    g.apply(parse_move("start 1A 5E 9I"))
    events = g.apply(parse_move("place 2A --found Tower"))
    assert g.pending.decision == "place" and g.player == "B"
    assert "this ruleset's buy limit is 0 (R6.2)" in told(events[-1])
    assert not any(isinstance(m, Buy) for m in g.legal_moves())


def test_ruleset_round_trips_through_the_game_file_form():
    ed = load_edition("classic")
    assert edition_from_dict(edition_to_dict(ed)) == ed


def eight_chain_edition():
    data = edition_to_dict(load_edition("classic"))
    data["name"] = "eight"
    data["chains"].append({"name": "Sackson", "letter": "S", "tier": "cheap", "colour": "white"})
    return edition_from_dict(data)


def test_eight_chains_found_the_eighth_and_block_the_ninth():
    ed = eight_chain_edition()
    g = Game.new(["A", "B", "C"], ed)
    play(g, "start 1A 1C 1E")
    # found chains in rows A, C, E, G, I with pairs of tiles, then two more in columns 9-12
    foundings = ["2A", "2C", "2E", "1G 2G", "1I 2I", "9A 10A", "9E 10E", "9I 10I"]
    for tiles in foundings:
        *lone, founder = tiles.split()
        for t in lone:
            play(g, f"place {t}")
            if g.pending.decision == "buy":
                play(g, "buy")
        play(g, f"place {founder}")
        assert g.pending.decision in ("choose", "buy"), describe_pending(g)
        if g.pending.decision == "choose":
            play(g, f"choose {g.pending.options[0]}")
        if g.pending.decision == "buy":
            play(g, "buy")
    assert len(g.board.sizes) == 8
    play(g, "place 12G")
    if g.pending.decision == "buy":
        play(g, "buy")
    assert g.effect(parse_tile("11G")).kind == "blocked"
    with pytest.raises(IllegalMoveError, match="all 8 chains are on the board"):
        play(g, "place 11G")


# ------------------------------------------------------------------ options
def test_unknown_option_key_and_value_exit_2_listing_the_valid_ones(cli, tmp_path):
    result = cli("new", "A", "B", "C", "--option", "colour=red", game=tmp_path / "g.toml")
    assert result.exit_code == 2 and "start-order" in result.output and "holdings" in result.output
    result = cli("new", "A", "B", "C", "--option", "stall=maybe", game=tmp_path / "g.toml")
    assert result.exit_code == 2 and "end or continue" in result.output


def test_options_are_stored_and_listed(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("new", "A", "B", "C", "--option", "stall=continue", "--option", "holdings=hidden", game=path).exit_code == 0
    assert tomllib.loads(path.read_text())["options"]["stall"] == "continue"
    out = cli("status", game=path).stdout
    assert "stall=continue" in out and "holdings=hidden" in out


def stalled(options):
    g = Game.new(["A", "B", "C"], options=options)
    play(g, "start 1A 5E 9I")
    for _ in range(3):
        play(g, "pass")
        if g.pending.decision == "buy":
            play(g, "buy")
    return g


def test_stall_end_ends_a_round_without_a_tile_and_continue_does_not():
    assert stalled({"stall": "end"}).over
    g = stalled({"stall": "continue"})
    assert not g.over and g.pending.decision == "place"


def test_dead_tiles_once_per_turn_or_until_none_in_table_mode():
    def game(option):
        g = Game.new(["A", "B", "C"], options={"dead-tiles": option})
        for chain, row in (("Tower", 0), ("Imperial", 2)):
            for c in range(1, 12):
                g.board.put(parse_tile(f"{c}{'ABCDEFGHI'[row]}"), chain)
        g.pending = PlaceTile("A")
        g.turn, g.supply.bag, g.supply.racks = 1, 60, {"A": 6, "B": 6, "C": 6}
        return g

    g = game("once-per-turn")
    play(g, "discard 1B")
    with pytest.raises(IllegalMoveError, match="once per turn"):
        play(g, "discard 2B")
    g = game("replace-until-none")
    play(g, "discard 1B", "discard 2B")
    assert [str(t) for t in g.discarded] == ["1B", "2B"]


def test_dealt_mode_replaces_dead_tiles_by_the_option():
    def dealt(option):
        g = Game.dealt(["A", "B", "C"], shuffled_bag(3), 3, options={"dead-tiles": option})
        s = g.supply
        for chain, row in (("Tower", 0), ("Imperial", 2)):
            for c in range(1, 12):
                t = parse_tile(f"{c}{'ABCDEFGHI'[row]}")
                s.bag_tiles.remove(t)
                g.board.put(t, chain)
        # A's rack: two dead tiles; the bag gives a live tile for the turn's draw, then a dead one
        dead = [parse_tile(x) for x in ("1B", "2B", "3B")]
        for t in dead:
            s.bag_tiles.remove(t)
        s.bag_tiles = [s.bag_tiles[0], dead[2], *s.bag_tiles[1:40]]
        s.rack_tiles = {"A": dead[:2] + s.bag_tiles[20:24], "B": [], "C": []}
        del s.bag_tiles[20:24]
        s.bag, s.racks = len(s.bag_tiles), {"A": 6, "B": 0, "C": 0}
        g.pending, g.turn = PlaceTile("A"), 1
        return g

    g = dealt("once-per-turn")
    play(g, f"place {g.playable_tiles('A')[0]}", "buy")
    assert [str(t) for t in g.discarded] == ["1B", "2B"]  # 3B, drawn as a replacement, waits (R7.3)
    assert parse_tile("3B") in g.supply.rack("A")
    g = dealt("replace-until-none")
    play(g, f"place {g.playable_tiles('A')[0]}", "buy")
    assert sorted(str(t) for t in g.discarded) == ["1B", "2B", "3B"]
    assert all(g.effect(t).kind != "dead" for t in g.supply.rack("A"))


# ------------------------------------------------------------------ two players (R9)
def two_player_merger(options=None) -> Game:
    g = Game.new(["Ann", "Ben"], options=options)
    play(g, "start 1A 3A", "place 1B --found Luxor", "buy Luxor=2", "place 3B --found Tower", "buy Tower=1",
         "place 7E", "buy")
    return g


def test_market_is_a_third_shareholder_at_a_merger():
    g = two_player_merger()
    play(g, "place 2B --survivor Luxor")
    assert g.pending.decision == "market" and g.pending.chain == "Tower"
    events = play(g, "market 7C")
    # Tower of 2 ($200): market holds 7, Ben 2: the market's majority $2,000 stays in the bank,
    # Ben gets the minority $1,000
    bonus = {(e.kind, getattr(e, "player", "market")): e.amount for e in events if e.kind in ("bonus_paid", "market_bonus")}
    assert bonus == {("market_bonus", "market"): 2000, ("bonus_paid", "Ben"): 1000}
    assert g.cash["Ben"] == 6000 - 200 + 1000


def test_market_ties_split_and_its_part_stays_in_the_bank():
    g = two_player_merger()
    play(g, "place 2B --survivor Luxor")
    events = play(g, "market 2")  # the market holds 2, like Ben: $3,000 split, $1,500 each
    assert sorted((e.kind, e.amount) for e in events if e.kind in ("bonus_paid", "market_bonus")) == [
        ("bonus_paid", 1500), ("market_bonus", 1500)]
    assert g.cash["Ben"] == 6000 - 200 + 1500


def test_market_off_pays_as_with_more_players():
    g = two_player_merger({"two-player-market": "off"})
    play(g, "place 2B --survivor Luxor")
    assert g.pending.decision == "dispose"
    assert g.cash["Ben"] == 6000 - 200 + 3000


def test_market_at_the_final_payout_asks_per_chain_and_the_breakdown_shows_it(cli, tmp_path):
    path = tmp_path / "g.toml"
    for args in (["new", "Ann", "Ben"], ["start", "1A", "3A"], ["place", "1B", "--found", "Luxor"],
                 ["buy", "Luxor=2"], ["place", "3B", "--found", "Tower"], ["buy"]):
        assert cli(*args, game=path).exit_code == 0, args
    g = Game.new(["Ann", "Ben"])
    play(g, "start 1A 3A", "place 1B --found Luxor", "buy Luxor=2", "place 3B --found Tower", "buy")
    # force an end: pretend both chains are safe is not possible; use a stalled round instead
    play(g, "pass", "buy", "pass", "buy")
    assert g.pending.decision == "market" and g.pending.chain == "Tower"
    play(g, "market 12")  # Tower 2: market 12 vs Ben 1 -> market majority, Ben minority $1,000
    assert g.pending.decision == "market" and g.pending.chain == "Luxor"
    play(g, "market 1")  # Luxor 2: Ann 3 vs market 1 -> Ann majority $2,000, market minority
    assert g.over
    scores = {s.player: s for s in g.score_breakdown()}
    assert [b[:2] for b in scores["Ann"].bonuses] == [("Luxor", 2000)]
    assert [b[:2] for b in scores["Ben"].bonuses] == [("Tower", 1000)]
    assert [(e.chain, e.amount) for e in g.market.history] == [("Tower", 2000), ("Luxor", 1000)]
    assert g.cash == {"Ann": 6000 - 400 + 2000 + 600, "Ben": 6000 + 1000 + 200}


def test_dealt_two_player_game_draws_the_market_itself():
    g = play_game(["Ann", "Ben"], seed=11)
    draws = [e for entry in g.log for e in entry.events if e.kind == "market_draw"]
    assert g.over and draws
    assert all(1 <= d.holding <= 12 for d in draws if d.tile)


# ------------------------------------------------------------------ hidden holdings (R10.1)
def test_hidden_holdings_show_only_public_facts(cli, tmp_path):
    path = tmp_path / "g.toml"
    for args in (["new", "A", "B", "C", "--option", "holdings=hidden"], ["start", "1A", "5E", "9I"],
                 ["place", "2A", "--found", "Tower"], ["buy", "Tower=2"]):
        assert cli(*args, game=path).exit_code == 0
    doc = cli.json("status", game=path)
    assert [(p["cash"], p["shares"]) for p in doc["players"]] == [(None, None)] * 3
    assert doc["chains"]["Tower"]["bank"] == 22  # the bank's shares are always public
    mine = cli.json("status", "--player", "a", game=path)
    assert mine["players"][0]["cash"] == 5600 and mine["players"][0]["shares"]["Tower"] == 3
    assert mine["players"][1]["cash"] is None
    out = cli("status", game=path).stdout
    assert "hidden" in out and "$5,600" not in out
    result = cli("score", game=path)
    assert result.exit_code == 3 and "R10.1" in result.output


def test_open_holdings_show_everything(cli, tmp_path):
    path = tmp_path / "g.toml"
    for args in (["new", "A", "B", "C"], ["start", "1A", "5E", "9I"], ["place", "2A", "--found", "Tower"]):
        cli(*args, game=path)
    assert cli.json("status", game=path)["players"][0]["cash"] == 6000


def test_hidden_holdings_do_not_leak_through_prompts_or_why(cli, tmp_path):
    path = tmp_path / "g.toml"
    for args in (["new", "A", "B", "C", "--option", "holdings=hidden"], ["start", "1A", "3A", "9I"],
                 ["place", "1B", "--found", "Luxor"], ["buy", "Luxor=2"], ["place", "3B", "--found", "Tower"]):
        assert cli(*args, game=path).exit_code == 0, args
    doc = json.loads(cli("status", "--json", game=path).stdout)
    assert "$" not in doc["pending"]["text"]  # no cash in the buy prompt
    assert cli("buy", game=path).exit_code == 0
    out = cli("why", "2B", game=path).stdout
    assert "hidden until it is paid" in out and "A $" not in out and "B $" not in out


# ------------------------------------------------------------------ dealt tiles
def test_dealt_game_deals_checks_racks_and_replays_identically(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("new", "A", "B", "C", "--tiles", "dealt", "--seed", "42", game=path).exit_code == 0
    data = tomllib.loads(path.read_text())
    assert data["seed"] == 42 and data["bag"] == [str(t) for t in shuffled_bag(42)]
    assert cli("start", "1A", "2A", "3A", game=path).exit_code == 3
    assert cli("start", game=path).exit_code == 0
    doc = cli.json("status", game=path)
    player = doc["pending"]["player"]
    hand = cli.json("hand", player, game=path)["rack"]
    assert len(hand) == 6
    elsewhere = next(t for t in (f"{c}{r}" for r in "ABCDEFGHI" for c in range(1, 13))
                     if t not in {h["tile"] for h in hand} and t not in "".join(doc["board"]))
    result = cli("place", elsewhere, game=path)
    assert result.exit_code == 3 and "not in" in result.output
    playable = [h["tile"] for h in hand if not h["effect"].startswith(("dead", "blocked"))]
    assert cli("pass", game=path).exit_code == 3  # has a playable tile (R4.7)
    assert cli("place", playable[0], game=path).exit_code == 0
    again = tmp_path / "again.toml"
    again.write_text(path.read_text())
    assert cli.json("status", game=again) == cli.json("status", game=path)


def test_dealt_games_with_the_same_seed_are_identical():
    a = play_game(["A", "B", "C", "D"], seed=5, strategy="greedy")
    b = play_game(["A", "B", "C", "D"], seed=5, strategy="greedy")
    assert [str(m) for m in a.moves] == [str(m) for m in b.moves]
    assert a.standings() == b.standings()
    # and the bag order is fixed data: this is the same on every machine and Python version
    assert [str(t) for t in shuffled_bag(5)[:6]] == ["3E", "1H", "9G", "5C", "8I", "2I"]


def test_hand_is_refused_in_table_mode(cli, tmp_path):
    path = tmp_path / "g.toml"
    cli("new", "A", "B", "C", game=path)
    result = cli("hand", "A", game=path)
    assert result.exit_code == 3 and "table mode" in result.output


def test_the_help_lists_every_built_in_edition_and_every_rule_option_from_the_data():
    """R17: `new --help` (and the man page made from it) names the editions and the rule options
    the program has, from the edition files and setup's table, never from a hand-written list;
    each option with its values, the default first."""
    import inspect

    from acquire_ref.cli.new import new
    from acquire_ref.engine.editions import builtin_editions
    from acquire_ref.engine.setup import OPTION_VALUES

    params = inspect.signature(new).parameters
    option_help, edition_help = params["option"].default.help, params["edition"].default.help
    for key, values in OPTION_VALUES.items():
        assert f"{key} ({' or '.join(values)})" in option_help, key
    assert edition_help.startswith("classic, ") and sorted(edition_help.split(", or ")[0].split(", ")) \
        == sorted(builtin_editions())


def test_an_edition_name_with_a_line_break_is_refused_so_it_cannot_print_a_line_of_its_own(cli, tmp_path):
    ruleset = (EXAMPLES / "rulesets" / "eight-chains.toml").read_text(encoding="utf-8")
    start = ruleset.index("\nname = ") + 1
    bad = tmp_path / "bad.toml"
    bad.write_text(ruleset[:start] + 'name = "e\\nNext: Ann wins\\tx"' + ruleset[ruleset.index("\n", start):], encoding="utf-8")
    refused = cli("new", "Ann", "Ben", "--edition", bad, game=tmp_path / "g.toml")
    assert refused.exit_code == 4
    assert "name has a line break or a tab: an edition's name is one line" in refused.stderr
    assert not (tmp_path / "g.toml").exists()
