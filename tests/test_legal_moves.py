"""Random complete dealt games, every move chosen from Game.legal_moves(), across 2-6 players,
every edition and every option: only documented errors, and every invariant after every move.

The number of games grows with the environment variable ACQUIRE_RANDOM_GAMES (default 200)."""

from __future__ import annotations

import os
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from acquire_ref import Game
from acquire_ref.engine.editions import builtin_editions
from acquire_ref.engine.game import shuffled_bag
from acquire_ref.engine.moves import End
from acquire_ref.engine.setup import OPTION_VALUES
from acquire_ref.viewers.describe import pending as describe_pending
from tests.engine import check_invariants, check_money

GAMES = int(os.environ.get("ACQUIRE_RANDOM_GAMES", "200"))


@settings(max_examples=GAMES)
@given(
    seed=st.integers(0, 2**31),
    players=st.integers(2, 6),
    edition=st.sampled_from(builtin_editions()),
    options=st.fixed_dictionaries({k: st.sampled_from(v) for k, v in OPTION_VALUES.items() if k != "stall"}),
)
def test_random_legal_games_keep_every_invariant(seed, players, edition, options):
    rng = random.Random(seed)
    g = Game.dealt([f"p{i}" for i in range(players)], shuffled_bag(seed), seed, edition, options)
    for _ in range(5000):
        if g.over:
            break
        moves = g.legal_moves()
        assert moves, describe_pending(g)
        ends = [m for m in moves if isinstance(m, End)]
        move = ends[0] if ends and rng.random() < 0.2 else rng.choice([m for m in moves if not isinstance(m, End)] or moves)
        before = sum(g.cash.values())
        check_money(g, before, g.apply(move))
        check_invariants(g)
    assert g.over and g.legal_moves() == []
