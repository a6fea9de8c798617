"""Random games as a hypothesis state machine over ``Game.legal_moves()`` (DESIGN 1): each step
plays one legal move chosen by hypothesis, so a broken invariant shrinks to the shortest game that
breaks it, not only to a seed.

After every step: the one invariant checker holds (``tests.engine.check_invariants``, on
``audit``: the books balance, R1.1, R2.1, R3.4, R6.3, and the chains are sound groups, R4); every
move offered is accepted by ``verify`` and changes nothing while verified; the console's prompt
for the pending decision offers exactly those moves (``tests.engine.check_prompt_offers_legal_moves``);
the money that changed hands is what the events say; a game replayed from its moves is the same
game; and taking back the last move (a replay of all but it, as ``undo`` does) gives the status
before it."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from hypothesis import event, note, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from acquire_ref import Game
from acquire_ref.engine.editions import builtin_editions
from acquire_ref.engine.game import shuffled_bag
from acquire_ref.viewers import views
from tests.engine import check_invariants, check_money, check_prompt_offers_legal_moves


def replayed(new: Callable[[], Game], game: Game, moves: int | None = None) -> Game:
    """A game made by ``new`` with the first ``moves`` of ``game``'s moves (all by default)."""
    copy = new()
    for move in game.moves[:moves]:
        copy.apply(move)
    return copy


class RandomGame(RuleBasedStateMachine):
    """One dealt game of 2 to 6 players in any built-in edition, one legal move per step."""

    game: Game

    @initialize(seed=st.integers(0, 2**31), players=st.integers(2, 6), edition=st.sampled_from(builtin_editions()))
    def deal(self, seed: int, players: int, edition: str) -> None:
        self.new = partial(Game.dealt, [f"p{i}" for i in range(players)], shuffled_bag(seed), seed, edition)
        self.game = self.new()
        self.before: dict[str, object] | None = None
        self.replayed_at = 0

    @rule(data=st.data())
    def play_a_legal_move(self, data: st.DataObject) -> None:
        g = self.game
        moves = g.legal_moves()
        if g.over:
            assert moves == [], "a move is offered after the end"
            return
        assert moves, f"nothing is legal for {g.player} though the game goes on"
        move = moves[data.draw(st.integers(0, len(moves) - 1), label="move")]  # shrinks towards the first
        status = views.status(g)
        for other in moves[:: max(1, len(moves) // 4)]:  # a few of the others: verified, not made
            g.verify(other)
        g.verify(move)
        assert views.status(g) == status, f"verifying moves changed the game before {move}"
        cash = sum(g.cash.values())
        self.before = status
        note(f"move {len(g.moves) + 1}: {move}")  # a failure prints the short game it shrank to
        events = g.apply(move)
        if g.over:
            event("the game ended")
        check_money(g, cash, events)

    @invariant()
    def the_books_balance(self) -> None:
        if hasattr(self, "game"):
            check_invariants(self.game)

    @invariant()
    def the_console_prompt_offers_exactly_the_legal_moves(self) -> None:
        if hasattr(self, "game"):
            check_prompt_offers_legal_moves(self.game)

    @invariant()
    def a_replay_is_the_same_game_and_undo_returns_the_status_before(self) -> None:
        # every 10th move and at the end: a replay costs the whole game, so each step would be quadratic
        made = len(self.game.moves) if hasattr(self, "game") else 0
        if not made or made == self.replayed_at or (made % 10 and not self.game.over):
            return
        self.replayed_at = made
        assert views.status(replayed(self.new, self.game)) == views.status(self.game)
        assert views.status(replayed(self.new, self.game, len(self.game.moves) - 1)) == self.before


RandomGame.TestCase.settings = settings(max_examples=20, stateful_step_count=300, deadline=None)
test_random_games_as_a_state_machine = RandomGame.TestCase
