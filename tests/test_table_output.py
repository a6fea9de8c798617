"""What a table expected to see and did not: disposal shortcuts, what a refused purchase could
have bought, safe chains announced, figures that fit an 80-column screen, and the notices of a
hand-edited file in the right place."""

from __future__ import annotations

from pathlib import Path

import pytest

from acquire_ref.engine.editions import load_edition
from acquire_ref.engine.game import Game
from acquire_ref.engine.moves import parse_move
from acquire_ref.engine.setup import read_position
from acquire_ref.words.events import told
from tests.engine import play
from tests.helpers import Cli

cli = Cli()


def run(path: Path, *args: str, **kw):
    return cli(*["--game", str(path), *args], **kw)


def merger_with_holders() -> Game:
    """Tower 1A-2A (Ann 4) and Luxor 4A-5A (Ben 4, Carol 1); Ann's 3A is to merge them."""
    g = Game.new(["Ann", "Ben", "Carol"])
    play(g, "start 1A 5A 9I", "place 2A --found Tower", "buy Tower=3", "place 4A --found Luxor", "buy Luxor=3",
         "place 12F", "buy Luxor=1")
    return g


def test_r5_3_sell_all_sells_every_share_and_the_file_records_the_count():
    g = merger_with_holders()
    play(g, "place 3A --survivor Tower")
    assert g.pending.player == "Ben"
    events = play(g, "dispose --sell all")
    assert [(e.kind, e.count, e.amount) for e in events if e.kind == "shares_sold"] == [("shares_sold", 4, 800)]
    assert str(g.moves[-1]) == "dispose --sell 4"
    assert g.cash["Ben"] == 6000 - 600 + 2000 + 4 * 200  # Luxor 2 ($200): Ben's majority $2,000, 4 sold at $200


def test_r5_3_trade_max_trades_as_many_as_the_bank_allows_then_sell_all_sells_the_rest():
    g = merger_with_holders()
    play(g, "place 3A --survivor Tower")
    play(g, "dispose Ben --sell 1 --trade max")
    assert str(g.moves[-1]) == "dispose --sell 1 --trade 2"
    assert g.shares["Ben"] == {**g.shares["Ben"], "Luxor": 1, "Tower": 1}
    g2 = merger_with_holders()
    g2.bank["Tower"] = 1  # the bank has one Tower left: at most 2 Luxor are traded
    play(g2, "place 3A --survivor Tower", "dispose --trade max --sell all")
    assert str(g2.moves[-1]) == "dispose --sell 2 --trade 2"
    assert g2.shares["Ben"]["Luxor"] == 0


def test_dispose_shortcuts_are_read_and_other_words_refused(tmp_path):
    assert str(parse_move("dispose Ann --sell ALL --trade Max")) == "dispose Ann --sell all --trade max"
    path = tmp_path / "g.toml"
    assert run(path, "new", "Ann", "Ben").exit_code == 0
    result = run(path, "dispose", "--sell", "most")
    assert result.exit_code == 2 and "--sell most: give a number of shares, or all" in result.output


def position_game(cash: int = 1200) -> Game:
    """Tower 1A-10A (10 tiles, $600), Ann to move with ``cash``; 11A would make Tower safe."""
    data = {"next": "Ann", "bag": 108 - 10 - 18, "lone": [],
            "chains": {"Tower": [f"{c}A" for c in range(1, 11)]},
            "cash": {"Ann": cash, "Ben": 6000, "Carol": 6000}, "shares": {"Ben": {"Tower": 2}}}
    pos, problems = read_position(data, ["Ann", "Ben", "Carol"], load_edition())
    assert not problems, problems
    return Game.from_position(["Ann", "Ben", "Carol"], pos)


def test_r3_5_a_tile_that_makes_a_chain_safe_says_so():
    g = position_game()
    events = play(g, "place 11A")
    grew = next(e for e in events if e.kind == "chain_grew")
    assert grew.safe and "Tower is now safe" in told(grew) and "R3.5" in told(grew)
    events = play(g, "buy", "place 12A")
    assert not next(e for e in events if e.kind == "chain_grew").safe  # already safe: said once


def test_r6_3_a_refused_purchase_says_what_the_cash_covers():
    from acquire_ref import IllegalMoveError

    g = position_game(cash=1200)
    play(g, "place 5E")
    with pytest.raises(IllegalMoveError) as refused:
        g.verify(parse_move("buy Tower=3"))
    assert "3 Tower at $600 = $1,800, but Ann has $1,200" in str(refused.value)
    assert "Ann can buy 2 Tower ($1,200)" in str(refused.value)
    g = position_game(cash=500)
    play(g, "place 11A")  # Tower safe: the end is available, so the buy step waits (R6.2)
    with pytest.raises(IllegalMoveError, match=r"Ann can buy none of them \(the cheapest, Tower, is \$700 a share\)"):
        g.verify(parse_move("buy Tower"))


def two_players_from_a_position() -> Game:
    """Two players, the market on: Tower 1A-2A held by nobody, Luxor 4A-6A (Ann 3); Ann to move."""
    data = {"next": "Ann", "bag": 108 - 5 - 12, "lone": [],
            "chains": {"Tower": ["1A", "2A"], "Luxor": ["4A", "5A", "6A"]},
            "cash": {"Ann": 6000, "Ben": 6000}, "shares": {"Ann": {"Luxor": 3}}}
    pos, problems = read_position(data, ["Ann", "Ben"], load_edition())
    assert not problems, problems
    return Game.from_position(["Ann", "Ben"], pos)


def test_r9_no_market_tile_is_asked_for_a_merged_chain_nobody_holds():
    g = two_players_from_a_position()
    assert g.market.on
    events = play(g, "place 3A")  # Luxor 3 absorbs Tower 2, which nobody holds
    assert g.pending.decision == "buy"
    kinds = [e.kind for e in events]
    assert "market_draw" not in kinds and "market_bonus" not in kinds
    text = told(next(e for e in events if e.kind == "no_bonus"))
    assert "no bonus is paid" in text and "no tile is drawn for the market" in text


def test_r9_the_stall_ending_asks_a_market_tile_only_for_held_chains():
    g = two_players_from_a_position()
    play(g, "pass", "buy", "pass", "buy")  # a whole round with no tile placed ends the game (R8.4)
    assert g.pending.decision == "market" and g.pending.chain == "Luxor"
    play(g, "market 2")  # Luxor 3 ($300): Ann 3 beats the market's 2: majority $3,000
    assert g.over
    assert [(e.chain, e.amount) for e in g.market.history] == [("Luxor", 1500)]
    assert g.cash == {"Ann": 6000 + 3000 + 3 * 300, "Ben": 6000}


def render(renderable, width: int = 80) -> str:
    from io import StringIO

    from rich.console import Console

    out = StringIO()
    Console(file=out, width=width, color_system=None, highlight=False).print(renderable)
    return out.getvalue()


def test_the_net_worth_chart_gives_way_and_money_is_never_cut():
    from acquire_ref.engine.events import money
    from acquire_ref.programs.simulate import play_game
    from acquire_ref.render import worth_chart

    g = play_game(["Alexandra", "Ben", "Cat", "Dan", "Eve", "Fay"], 3)
    assert g.turn > 41
    text = render(worth_chart(g, 80))
    assert "…" not in text and max(len(line) for line in text.splitlines()) <= 80
    for total in g.cash.values():
        assert money(total) in text


def test_score_on_80_columns_or_piped_shows_every_figure_whole(tmp_path):
    from tests.helpers import EXAMPLES

    path = tmp_path / "g.toml"
    assert run(path, "play", str(EXAMPLES / "six-players.toml")).exit_code == 0
    out = run(path, "score", env={"COLUMNS": "80"}).stdout
    assert "…" not in out and max(len(line) for line in out.splitlines()) <= 80
    doc = __import__("json").loads(run(path, "score", "--json").stdout)
    for row in doc["breakdown"]:
        assert f"${row['total']:,}" in out and f"${row['before']:,}" in out


@pytest.mark.parametrize("columns", [60, 80, 100])
def test_score_cuts_a_long_name_never_the_rank_nor_an_amount(tmp_path, columns):
    """A 72-character name (names may have up to 80, R2.1) is cut with a mark, told apart from the
    others, so that the rank, every heading and every amount of ``score`` and its net worth chart stay
    whole (R8.3)."""
    path = tmp_path / "g.toml"
    long = "{player}%(x)s<i>" * 4 + "W" * 8
    assert run(path, "new", long, "Ben", "Cat", "--tiles", "dealt", "--seed", "3").exit_code == 0
    assert run(path, "start").exit_code == 0
    out = run(path, "score", env={"COLUMNS": str(columns)}).stdout
    lines = out.splitlines()
    assert max(len(line) for line in lines if line[0] in "┏┃┡│├└") <= columns  # the tables; a title may run on
    assert "rank" in lines[3] and "player" in lines[3] and "total" in lines[3]
    assert "{player}%(x)s<" in out and "…" in out
    assert out.count("$6,000") == 3 * 2 + 3 * 3  # cash before and total, then the net worth chart's low, high, now
    assert any(line.startswith("│   1 │ {player}") for line in lines)


def test_the_net_worth_chart_of_a_game_from_a_position_starts_at_its_real_worth():
    from acquire_ref.render import worth_chart

    g = position_game(cash=1200)  # Ann $1,200; Ben $6,000 + 2 Tower at $600
    assert g.start_worth == {"Ann": 1200, "Ben": 7200, "Carol": 6000}
    play(g, "place 5E", "buy")
    ben = next(line for line in render(worth_chart(g, 80)).splitlines() if "Ben" in line)
    assert "$6,000" not in ben and "$7,200" in ben


def test_the_information_card_fits_80_columns_one_line_a_bracket():
    from acquire_ref.reports import chart_table

    text = render(chart_table(load_edition().card()))
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 80 and "…" not in text
    row = next(line for line in lines if line.strip().startswith("41+"))
    assert row.split() == ["41+", "$1,000", "$10,000", "$5,000", "$1,100", "$11,000", "$5,500",
                           "$1,200", "$12,000", "$6,000"]


def test_log_for_a_player_includes_what_happened_to_them_in_others_moves(tmp_path):
    import json

    path = tmp_path / "g.toml"
    for args in (["new", "Ann", "Ben", "Carol"], ["start", "1A", "5A", "9I"], ["place", "2A", "--found", "Tower"],
                 ["buy", "Tower=3"], ["place", "4A", "--found", "Luxor"], ["buy", "Luxor=3"], ["place", "12F"],
                 ["buy", "Luxor=1"], ["place", "3A", "--survivor", "Tower"], ["dispose", "Ben"]):
        assert run(path, *args).exit_code == 0, args
    out = run(path, "log", "--player", "Carol").stdout
    assert "turn 3 Carol: place 12F" in out
    assert "turn 4 Ann: place 3A --survivor Tower" in out  # Ann's merger paid Carol and asks her to dispose
    assert "bank pays Carol $1,000 (Luxor minority, 1 share; R5.4)" in out
    assert "bank pays Ben" not in out and "Ann places 3A" not in out
    entries = json.loads(run(path, "log", "--player", "Carol", "--json").stdout)
    assert [e["move"] for e in entries] == ["start 1A 5A 9I", "place 12F", "buy Luxor=1", "place 3A --survivor Tower"]


def complete(line: str, game: Path) -> list[str]:
    import os
    import subprocess
    import sys

    exe = str(Path(sys.executable).parent / "acquire-ref")
    env = {**os.environ, "_ACQUIRE_REF_COMPLETE": "complete_bash", "COMP_WORDS": line,
           "COMP_CWORD": str(len(line.split(" ")) - 1), "ACQUIRE_GAME": str(game)}
    done = subprocess.run([exe], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_completion_ignores_case_and_offers_only_what_is_legal_now(tmp_path):
    position = tmp_path / "position.toml"
    position.write_text(
        'format = 1\nplayers = ["Ann", "Ben", "Cat"]\n[position]\nnext = "Ann"\nbag = 85\nlone = []\n'
        '[position.chains]\nTower = ["1A", "2A"]\nFestival = ["5E", "6E", "7E"]\n'
        '[position.cash]\nAnn = 6000\nBen = 6000\nCat = 6000\n'
        '[position.shares]\nBen = { Tower = 25 }\nCat = { Festival = 2 }\n')
    game = tmp_path / "g.toml"
    assert cli(*["--game", str(game), "new", "--from", str(position)]).exit_code == 0
    assert complete("acquire-ref buy f", game) == ["Festival"]  # case-insensitive
    assert complete("acquire-ref buy t", game) == []  # the bank has no Tower left
    found = complete("acquire-ref place 12I --found ", game)
    assert "Tower" not in found and "Festival" not in found and {"Luxor", "Imperial"} <= set(found)
    assert complete("acquire-ref log --player c", game) == ["Cat"]


def test_a_deleted_snapshot_is_rebuilt_with_the_documented_notice(tmp_path):
    from acquire_ref.render import watch_file
    from tests.helpers import EXAMPLES

    path = tmp_path / "g.toml"
    assert run(path, "play", str(EXAMPLES / "mid-game.toml")).exit_code == 0
    text = path.read_text()
    path.write_text(text[: text.index("[snapshot]")])
    result = run(path, "status")
    assert result.exit_code == 0 and "the [snapshot] table is missing; it will be rebuilt" in result.stderr
    view = render(watch_file(path), 100)  # watch, a view for the table, leaves it to status
    assert "notice:" not in view and "will be rebuilt" not in view and "Next:" in view
    assert run(path, "place", "9G").exit_code == 0
    assert "[snapshot]" in path.read_text() and "missing" not in run(path, "status").stderr
    script = cli(*["check", str(EXAMPLES / "mid-game.toml")])
    assert script.exit_code == 0 and "missing" not in script.output  # a script has no snapshot


def test_hand_json_gives_each_tile_an_effect_keyword_with_the_prose_beside_it(tmp_path):
    import json

    path = tmp_path / "g.toml"
    for args in (["new", "Ann", "Ben", "--tiles", "dealt", "--seed", "5"], ["start"]):
        assert run(path, *args).exit_code == 0
    doc = json.loads(run(path, "hand", "Ann", "--json").stdout)
    assert doc["player"] == "Ann" and len(doc["rack"]) == 6
    for t in doc["rack"]:
        assert set(t) == {"tile", "effect", "text"}
        assert t["effect"] in {"lone", "found", "grow", "merge", "blocked", "dead"}
        assert t["effect"] == json.loads(run(path, "why", t["tile"], "--json").stdout)["effect"]
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    assert "`hand --json`" in readme and "minutes" in readme


def test_the_worth_chart_ends_at_the_worth_now_or_the_final_payout(tmp_path):
    """The last bar is the worth at this moment in the middle of a game (not the end of the last
    turn), and the money after the final payout once the game is over; the title says which."""
    from acquire_ref.files.storage import load_game
    from acquire_ref.render import worth_chart

    path = tmp_path / "g.toml"
    for args in (["new", "Ann", "Ben", "Cat"], ["start", "1A", "5E", "9I"], ["place", "2A", "--found", "Tower"],
                 ["buy", "Tower=3"], ["place", "12I"], ["buy"], ["place", "3A"]):
        assert cli(*args, game=path).exit_code == 0
    game, _, _ = load_game(path)
    assert game.pending.decision == "buy" and game.player == "Cat"
    chart = worth_chart(game, 120)
    assert "turns 0-3, 3 so far" in str(chart.title)
    # Ann's 4 Tower are worth $300 each since Cat's 3A grew Tower: $5,400 + $1,200, not $6,200
    assert [c._cells for c in chart.columns][4] == ["$6,600", "$6,000", "$6,000"]
    finished, _, _ = load_game(Path(__file__).resolve().parent.parent / "examples" / "four-players.toml")
    assert "then the payout" in str(worth_chart(finished, 120).title)


def test_a_turn_that_waits_only_for_the_end_says_nothing_can_be_bought():
    """R6.2: with nothing to buy the turn would finish by itself, but it waits while the end is
    available; the prompt then says that nothing can be bought, not that shares may be."""
    from acquire_ref.engine.editions import load_edition
    from acquire_ref.engine.game import Game
    from acquire_ref.engine.moves import parse_move
    from acquire_ref.engine.setup import read_position
    from acquire_ref.viewers.describe import pending

    data = {"next": "Ann", "bag": 108 - 11 - 12, "chains": {"Tower": [f"{c}A" for c in range(1, 12)]},
            "cash": {"Ann": 0, "Ben": 6000}, "shares": {"Ann": {"Tower": 1}}}
    position, problems = read_position(data, ["Ann", "Ben"], load_edition())
    assert problems == []
    g = Game.from_position(["Ann", "Ben"], position, options={"two-player-market": "off"})
    g.apply(parse_move("place 5E"))
    assert g.pending.decision == "buy" and g.end_available() and not g.can_buy("Ann")
    assert "Ann can buy nothing now ($0 in cash)" in pending(g) and "`end` declares it" in pending(g)


def test_a_defunct_chain_nobody_holds_is_said_in_words_without_an_empty_table():
    from acquire_ref.engine import events as ev
    from acquire_ref.render import events_view

    text = render(events_view([ev.DefunctChain("Tower", 2, 200, {}), ev.NoBonus("Tower")]))
    assert "the bank pays" not in text
    assert "Tower is defunct at 2 tiles" in text and "nobody holds Tower: no bonus is paid (R5.4)" in text
