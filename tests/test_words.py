"""The phrasebook (acquire_ref.words): the engine states what happened as data, one layer words it."""

import inspect

import pytest

from acquire_ref.engine import events as ev
from acquire_ref.words.events import FORMS, told

EVENT_CLASSES = [c for _, c in inspect.getmembers(ev, inspect.isclass) if issubclass(c, ev.Event) and c is not ev.Event]

SAMPLES = [
    ev.StartTilePlaced("Ann", "3C"),
    ev.FirstPlayer("Ben", "9A", 87),
    ev.TilePlaced("Ben", "9B", "found"),
    ev.ChainFounded("Ben", "Tower", 2, 200),
    ev.ChainFounded("Ben", "Tower", 11, 1200, True),
    ev.FounderShare("Ben", "Tower", True),
    ev.FounderShare("Ben", "Tower", False),
    ev.ChainGrew("Tower", 3, 300, 1),
    ev.MergerBegan("Cat", "Tower", {"Tower": 5, "Luxor": 3}),
    ev.DefunctChain("Luxor", 3, 300, {"Ann": 2}),
    ev.BonusPaid("Ann", "Luxor", 3000, "majority", 1),
    ev.MarketDraw("Luxor", "4D", 3),
    ev.MarketBonus("Luxor", 3, 1500, "minority"),
    ev.NoBonus("Luxor"),
    ev.SharesSold("Ann", "Luxor", 2, 600),
    ev.SharesTraded("Ann", "Luxor", 4, "Tower", 2),
    ev.SharesHeld("Ann", "Luxor", 1),
    ev.MergerCompleted("Tower", 9, 700, ("Luxor", "Worldwide")),
    ev.SharesBought("Ann", "Tower", 3, 900),
    ev.Passed("Ann"),
    ev.TilesDiscarded("Ann", ("5C", "6C"), 2),
    ev.EndDeclared("Ann"),
    ev.TurnFinished("Ann", True, 80, "", public_reason=None),
    ev.GameOver("a chain has 41 tiles (R8.1)"),
    ev.Standing("Ann", 12300, 1),
]


def test_every_event_is_worded_in_every_form():
    assert {type(e) for e in SAMPLES} == set(EVENT_CLASSES)
    for e in SAMPLES:
        for form in FORMS:
            assert told(e, form), (e, form)


def test_events_carry_no_sentences():
    for cls in EVENT_CLASSES:
        assert not {"text", "public_text", "moment_text", "public_dict", "moment_dict"} & set(dir(cls)), cls


@pytest.mark.parametrize(("event", "full", "public"), [
    (ev.BonusPaid("Ann", "Luxor", 3000, "majority", 1), "bank pays Ann $3,000 (Luxor majority, 1 share; R5.4)",
     "the bank pays Ann $3,000 (Luxor majority)"),
    (ev.BonusPaid("Ann", "Luxor", 4400, "first + second", 4), "bank pays Ann $4,400 (Luxor first + second, 4 shares; R5.4a)",
     "the bank pays Ann $4,400 (Luxor first + second)"),
    (ev.SharesSold("Ann", "Luxor", 2, 600), "Ann sells 2 Luxor to the bank: bank pays Ann $600",
     "Ann disposes of Luxor shares"),
    (ev.SharesBought("Ann", "Tower", 3, 900), "Ann pays the bank $900 for 3 Tower (R6)", "Ann buys shares"),
    (ev.ChainGrew("Tower", 11, 1200, 1, True),
     "Tower grows by 1 tile to 11; price $1,200 a share; Tower is now safe: it can never be absorbed (R3.5)",
     "Tower grows by 1 tile to 11; price $1,200 a share; Tower is now safe: it can never be absorbed (R3.5)"),
    (ev.TilesDiscarded("Ann", ("5C",), 1), "Ann puts dead tile 5C out of the game and draws 1 (R7.3)",
     "Ann puts dead tile 5C out of the game and draws 1 (R7.3)"),
])
def test_r10_1_the_public_form_leaves_out_a_players_figures(event, full, public):
    assert told(event) == full
    assert told(event, "public") == public


def test_r10_1_a_turns_reason_naming_cash_is_left_out_at_its_moment():
    turn = ev.TurnFinished("Ann", True, 80, "Ann has $100: nothing can be bought (R6.2)",
                           public_reason="nothing can be bought (R6.2)")
    assert told(turn) == "Ann has $100: nothing can be bought (R6.2); Ann draws a tile (80 left in the bag) (R7)"
    assert told(turn, "moment") == "nothing can be bought (R6.2); Ann draws a tile (80 left in the bag) (R7)"
    assert told(ev.TurnFinished("Ann", False, 0, "", last=True)) == "Ann's turn was the last one (R8)"


def test_an_unknown_form_is_refused():
    with pytest.raises(ValueError, match="not 'secret'"):
        told(ev.Passed("Ann"), "secret")  # type: ignore[arg-type]


def test_undo_words_a_purchase_as_a_take_back_not_as_the_purchase():
    from acquire_ref.words.undo import taken_back

    assert taken_back(ev.SharesBought("Ann", "Tower", 2, 400)) == "Ann gets $400 back for 2 Tower"
    assert taken_back(ev.BonusPaid("Ann", "Luxor", 3000, "majority", 4)) == "Ann gives $3,000 back to the bank (Luxor majority)"
    assert taken_back(ev.SharesSold("Ann", "Luxor", 2, 600)) == "Ann gives $600 back to the bank and gets 2 Luxor back"
    assert taken_back(ev.SharesTraded("Ann", "Luxor", 4, "Tower", 2)) == (
        "Ann gives 2 Tower back to the bank and gets 4 Luxor back")
    assert taken_back(ev.ChainGrew("Tower", 5, 500, 2)) == "Tower loses the 2 tiles it gained: back to 3"


def test_undo_tells_the_last_thing_done_first_and_skips_what_moved_nothing():
    from acquire_ref.words.undo import take_back_lines

    move = [ev.TilePlaced("Ann", "5C", "lone"), ev.TurnFinished("Ann", False, 0, ""), ev.Passed("Ann")]
    assert take_back_lines(move) == ["5C comes off the board and goes back to Ann's rack"]
    assert take_back_lines([ev.SharesHeld("Ann", "Luxor", 1), ev.NoBonus("Luxor")]) == []
    assert all(isinstance(line, str) for line in take_back_lines(SAMPLES))


def test_r6_3_a_refusal_is_its_rule_and_facts_and_the_phrasebook_words_it():
    from acquire_ref.engine.errors import IllegalMoveError
    from acquire_ref.words.refusals import worded

    e = IllegalMoveError(rule="R6.3", reason="short_of_cash", player="Cat", orders=(("American", 2, 500),),
                         cost=1000, cash=700, can=(("American", 1),), spent=500, cheapest="American", cheapest_price=500)
    assert e.rule == "R6.3" and e.facts["cash"] == 700 and e.args == ("short_of_cash",)
    assert str(e) == worded(e) == ("2 American at $500 = $1,000, but Cat has $700: the purchase is refused as a whole "
                                   "(R6.3); Cat can buy 1 American ($500)")
    assert worded(e, full=False) == "not enough cash for 2 American (R6.3)"  # R10.1: Cat's cash is Cat's


def test_r6_3_short_of_every_chain_names_the_cheapest():
    from acquire_ref.engine.errors import IllegalMoveError

    e = IllegalMoveError(rule="R6.3", reason="short_of_cash", player="Cat",
                         orders=(("Tower", 1, 300), ("Imperial", 2, 600)), cost=1500, cash=200, can=(), spent=0,
                         cheapest="Tower", cheapest_price=300)
    assert str(e) == ("1 Tower at $300 + 2 Imperial at $600 = $1,500, but Cat has $200: the purchase is refused as a "
                      "whole (R6.3); Cat can buy none of them (the cheapest, Tower, is $300 a share)")


def test_r6_1_the_buy_limit_refusal_counts_its_shares():
    from acquire_ref.engine.errors import IllegalMoveError
    from acquire_ref.engine.game import Game
    from acquire_ref.engine.moves import parse_move

    g = Game.new(["Ann", "Ben", "Cat"])
    for move in ["start 3C 9A 1B", "place 9B", "choose Tower"]:
        g.apply(parse_move(move))
    with pytest.raises(IllegalMoveError) as info:
        g.apply(parse_move("buy Tower=4"))
    refused = info.value
    assert (refused.rule, refused.reason, refused.facts) == ("R6.1", "over_limit", {"who": "Ben", "asked": 4, "limit": 3})
    assert str(info.value) == "Ben asks for 4 shares: at most 3 a turn (R6.1)"


def test_a_refusal_in_words_keeps_its_rule_given_not_parsed():
    from acquire_ref.engine.errors import IllegalMoveError

    assert IllegalMoveError("a tile is named twice (R7.3)").rule is None
    assert IllegalMoveError("a tile is named twice (R7.3)", rule="R7.3").rule == "R7.3"


def test_a_phone_is_asked_with_no_key_named_and_a_terminal_with_its_keys():
    from acquire_ref.words import decisions

    for device, keyed in (("terminal", True), ("phone", False)):
        asked = [decisions.start(["Ann", "Ben"], False, device), decisions.start(["Ann", "Ben"], True, device),
                 decisions.place("Ann", False, True, device), decisions.choose("Ann", "survivor", device),
                 decisions.dispose("Ann", "Luxor", "Tower", 300, 4, 4, device),
                 decisions.dispose("Ann", "Luxor", "Tower", 300, None, 4, device),
                 decisions.buy("Ann", 3, device), decisions.market("Ann", "Luxor", device), decisions.over(device)]
        assert any("Enter" in title + hint for title, hint in asked) is keyed, device
    assert decisions.dispose("Ann", "Luxor", "Tower", 300, 4, 4, "terminal") == (
        "Ann holds 4 Luxor (defunct): sell, trade or hold",
        "Enter holds all; a sells all ($1,200); s N sells N at $300; t N trades N for N/2 Tower (even, up to 4); m trades 4")
    assert decisions.buy("Ann", 1, "phone") == ("Ann: buy up to 1 share, or none", "")


def test_every_refusal_the_code_gives_as_data_has_its_words():
    import ast
    from pathlib import Path

    from acquire_ref.words import refusals

    package = Path(refusals.__file__).resolve().parents[1]
    reasons = {kw.value.value for path in package.rglob("*.py") for node in ast.walk(ast.parse(path.read_text()))
               if isinstance(node, ast.Call) for kw in node.keywords
               if kw.arg == "reason" and isinstance(kw.value, ast.Constant)}
    assert len(reasons) >= 30 and reasons <= set(refusals._WORDS), reasons - set(refusals._WORDS)


@pytest.mark.parametrize(("move", "rule", "text"), [
    ("start 1A 1A 2B", "R2.2", "each start tile is a different tile: 1A is named twice (R2.2)"),
    ("start 1A 2B", "R2.2", "start needs 3 tiles, one per player in seating order (Ann, Ben, Cat), not 2 (R2.2)"),
    ("pass", "R2.2", "can't pass now: the start tiles are to be drawn (R2.2)"),
])
def test_the_engine_refuses_with_data_and_the_words_are_unchanged(move, rule, text):
    from acquire_ref.engine.errors import IllegalMoveError
    from acquire_ref.engine.game import Game
    from acquire_ref.engine.moves import parse_move

    with pytest.raises(IllegalMoveError) as info:
        Game.table(["Ann", "Ben", "Cat"]).apply(parse_move(move))
    assert info.value.rule == rule and str(info.value) == text


@pytest.mark.parametrize("count", [2, 3, 4, 6])
def test_r2_2_the_start_tiles_example_has_one_tile_per_player(count):
    from acquire_ref.words.decisions import start

    _title, hint = start(["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"][:count], dealt=False, device="terminal")
    example = hint.split("e.g. ")[1].split(",")[0]
    assert len(example.split()) == count


def test_a_long_path_cut_in_a_message_keeps_its_colon_after_an_exact_count():
    from acquire_ref.words import cut

    path = "x" * 300 + ".toml"
    assert cut(f"{path}: no such game file") == "x" * 60 + "... (305 characters): no such game file"
    assert cut(f"read {path}.") == "read " + "x" * 60 + "... (305 characters)."
    assert cut("y" * 201) == "y" * 60 + "... (201 characters)"
