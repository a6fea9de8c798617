"""Property-based tests: random complete games, played by legal random choices with real tiles,
keep every invariant of the game after every move, and illegal moves change nothing."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from acquire_ref import AcquireError, IllegalMoveError
from acquire_ref.engine.board import Board
from acquire_ref.engine.events import SharesBought
from acquire_ref.engine.moves import Buy, Choose, Discard, Dispose, End, Pass, Place
from acquire_ref.engine.tiles import ALL_TILES
from acquire_ref.viewers.views import status
from tests.engine import check_invariants, check_money
from tests.random_table import RandomTable

MAX_MOVES = 3000


def check_table(table: RandomTable) -> None:
    """The shared invariants (:func:`tests.engine.check_invariants`), and what only this table knows."""
    g = table.game
    check_invariants(g)
    # the referee's counts are the table's real racks and bag
    assert g.bag == len(table.bag)
    assert g.racks == {p: len(r) for p, r in table.racks.items()}
    # what each tile would do, as remembered between moves, is what a fresh board says (R4)
    fresh = Board(g.board.chain_order)
    for t, owner in g.board.owner.items():
        fresh.put(t, owner)
    free, safe = len(g.edition.chains) - len(g.board.sizes), g.edition.safe_size
    assert [g.tile_kind(t) for t in ALL_TILES] == [fresh.kind(t, free, safe) for t in ALL_TILES]


def probe_illegal(table: RandomTable, rng: random.Random) -> None:
    """Try a random, probably illegal move on a copy: if refused, the copy is unchanged."""
    g = copy.deepcopy(table.game)
    before = status(g)
    chains = g.edition.chain_names
    move = rng.choice([
        Place(rng.choice(ALL_TILES)), Buy(((rng.choice(chains), rng.randint(1, 4)),)), End(), Pass(),
        Choose((rng.choice(chains),)), Dispose(rng.choice(g.players), rng.randint(0, 5), rng.randint(0, 5)),
        Discard((rng.choice(ALL_TILES),)),
    ])
    try:
        g.apply(move)
    except AcquireError as exc:
        assert exc.exit_code in (2, 3)
        assert status(g) == before


def play_one(seed: int, players: int, probe: bool = True, declare: float = 0.3) -> RandomTable:
    table = RandomTable([f"p{i}" for i in range(players)], seed, declare)
    rng = random.Random(seed ^ 0x5EED)
    g = table.game
    worth: list[tuple[int, dict[str, int]]] = []  # each finished turn's net worth, seen as it happened
    for _ in range(MAX_MOVES):
        if g.over:
            break
        if g.log and g.log[-1].turn not in (0, g.turn) and g.pending.decision == "place":
            worth.append((g.log[-1].turn, g.net_worth()))
        if probe and rng.random() < 0.05:
            probe_illegal(table, rng)
        before = sum(g.cash.values())
        projected = g.standings()
        move, events = table.step()
        if g.over and isinstance(move, (Buy, Pass, End)) and not any(isinstance(e, SharesBought) for e in events):
            assert g.standings() == projected  # the projection is what the final payout then pays
        check_money(g, before, events)  # the bank's ledger balances
        check_table(table)
    assert g.over, "a random game did not finish"
    assert g.pending.decision == "over"
    standings = g.standings()
    assert [c for _, c, _ in standings] == sorted((c for _, c, _ in standings), reverse=True)
    assert all(sum(g.shares[p][c] for p in g.players) == 0 for c in g.board.sizes)
    # the worth history, worked out afterwards by replay, is what each turn's end showed
    assert g.worth_history[:-1] == worth[: len(g.worth_history) - 1]
    assert [t for t, _ in g.worth_history] == list(range(1, g.turn + 1))
    return table


@settings(max_examples=60)  # 60 whole games, each move probed and checked; test_legal_moves and the state machine add more
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 6), declare=st.sampled_from([0.0, 0.05, 0.5]))
def test_random_games_keep_every_invariant(seed, players, declare):
    play_one(seed, players, declare=declare)


@pytest.mark.parametrize("seed", range(5))
def test_random_game_replays_identically_from_its_moves(seed):
    from acquire_ref import Game

    table = play_one(seed, 3 + seed % 4, probe=False)
    g = table.game
    again = Game.table(g.players)
    for m in g.moves:
        again.apply(m)
    assert status(again) == status(g)
    assert again.standings() == g.standings()


def test_games_nobody_declares_end_by_themselves_r8_4():
    reasons = set()
    for seed in range(40):
        game = play_one(seed, 3 + seed % 4, probe=False, declare=0.0).game
        assert "declared" not in game.end_reason
        reasons.add(game.end_reason)
    assert reasons <= {
        "a whole round passed with no tile placed (R8.4)",
        "every rack and the tile bag are empty (R8.4)",
    }
    assert reasons


def test_illegal_move_on_real_game_raises_illegal_move_error():
    table = play_one(7, 4, probe=False)
    with pytest.raises(IllegalMoveError, match="can't"):
        table.game.apply(Pass())
