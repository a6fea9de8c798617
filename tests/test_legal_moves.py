"""Random complete dealt games, every move chosen from Game.legal_moves(), across 2-6 players,
every edition and every option: only documented errors, and every invariant after every move.

The number of games grows with the environment variable ACQUIRE_RANDOM_GAMES (default 200)."""

from __future__ import annotations

import os
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from acquire_ref import Game
from acquire_ref.editions import OPTION_VALUES, builtin_editions
from acquire_ref.events import BonusPaid, SharesBought, SharesSold
from acquire_ref.game import shuffled_bag
from acquire_ref.moves import End
from acquire_ref.tiles import ALL_TILES

GAMES = int(os.environ.get("ACQUIRE_RANDOM_GAMES", "200"))


def invariants(g: Game) -> None:
    ed = g.edition
    # 108 tiles: board, bag, racks, out of the game; the referee's racks are the real ones
    racked = [t for r in g.rack_tiles.values() for t in r]
    assert len(g.board.owner) + len(g.bag_tiles) + len(racked) + len(g.discarded) == len(ALL_TILES)
    assert g.bag == len(g.bag_tiles) and g.racks == {p: len(r) for p, r in g.rack_tiles.items()}
    assert len(set(g.board.owner) | set(g.bag_tiles) | set(g.discarded) | set(racked)) == len(ALL_TILES)
    for c in ed.chain_names:
        assert g.bank[c] >= 0 and g.bank[c] + sum(g.shares[p][c] for p in g.players) == ed.shares_per_chain
    for p in g.players:
        assert g.cash[p] >= 0 and g.cash[p] % 100 == 0
    for c, size in g.board.sizes.items():
        assert size >= 2 and size == sum(1 for o in g.board.owner.values() if o == c)
    assert len(g.board.sizes) <= len(ed.chains)


@settings(max_examples=GAMES)
@given(
    seed=st.integers(0, 2**31),
    players=st.integers(2, 6),
    edition=st.sampled_from(builtin_editions()),
    options=st.fixed_dictionaries({k: st.sampled_from(v) for k, v in OPTION_VALUES.items() if k != "stall"}),
)
def test_random_legal_games_keep_every_invariant(seed, players, edition, options):
    rng = random.Random(seed)
    g = Game.new([f"p{i}" for i in range(players)], edition, options, None, shuffled_bag(seed), seed)
    for _ in range(5000):
        if g.over:
            break
        moves = g.legal_moves()
        assert moves, g.describe_pending()
        ends = [m for m in moves if isinstance(m, End)]
        move = ends[0] if ends and rng.random() < 0.2 else rng.choice([m for m in moves if not isinstance(m, End)] or moves)
        before = sum(g.cash.values())
        events = g.apply(move)
        paid = sum(e.amount for e in events if isinstance(e, (BonusPaid, SharesSold)))
        spent = sum(e.amount for e in events if isinstance(e, SharesBought))
        assert sum(g.cash.values()) == before + paid - spent
        invariants(g)
    assert g.over and g.legal_moves() == []
