"""The search bot (``--strategy search``): determinised Monte Carlo search over the engine's own
moves, seeing only what its seat may see (R10).

For each decision the bot takes its seat's view (:func:`acquire_ref.viewers.seat_view.seat_view`: the
public game, its own rack, the tiles it has not seen), lists a short list of candidate moves
(:func:`candidates`), and spends its budget on *playouts*, in passes: each pass deals the
unseen tiles at random to the bag and the other racks (a determinisation) and, for every
candidate still in the running, applies it with :meth:`Game.apply` and plays on with greedy bots in every seat for a
horizon of whole rounds (or to the end); every second pass the worse half of the candidates
leaves the running (sequential halving). The position reached is scored for the seat
(:func:`estimate`): 1 for a win (shared wins split), 0 for a loss, and before the end a win
chance guessed from the payout if the game ended there (R8.3), with a small part for the
lead itself. The candidate with the best mean is played.

The budget is ``iterations`` per decision (the same seed then gives the same game on any
machine) or else ``think_ms`` milliseconds of this process's processor time per decision (so a
busy machine makes it slower, not weaker). A decision with one legal answer costs nothing.

>>> from acquire_ref.engine.game import Game, shuffled_bag
>>> from acquire_ref.programs.simulate import GreedyBot, play_out
>>> import random
>>> g = Game.dealt(["Ann", "Ben", "Cat"], shuffled_bag(5), 5)
>>> play_out(g, GreedyBot(random.Random(5)), {"Ann": SearchBot(5, iterations=20)})
>>> g.over
True
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING

from acquire_ref.engine.moves import Buy, Dispose, End, Move
from acquire_ref.engine.pending import BuyShares, DisposeShares
from acquire_ref.viewers.seat_view import SeatView, seat_view

if TYPE_CHECKING:
    from acquire_ref.engine.game import Game

SCALE = 4000
"""Dollars of payout lead (R8.3) that make a guessed win chance of about 73% (a logistic curve)."""

TIE = 0.001
"""How close to the best a declaration of the end (R8.2) must score to be preferred."""

MARGIN = 0.1
"""The part of a position's score that is the seat's payout lead rather than its win (chance):
among moves that all win, the one that wins by more is better."""


class Estimate:
    """What the search thinks of one candidate ``move``: ``value`` the mean score (a win chance
    from 0 to 1) over ``visits`` iterations."""

    __slots__ = ("move", "total", "visits")

    def __init__(self, move: Move) -> None:
        self.move = move
        self.total = 0.0
        self.visits = 0

    @property
    def value(self) -> float:
        """The mean score, 0.0 before the first visit."""
        return self.total / self.visits if self.visits else 0.0

    def __repr__(self) -> str:
        return f"Estimate({self.move}, {self.value:.3f} over {self.visits})"


class SearchBot:
    """A seat played by determinised Monte Carlo search (module documentation).

    ``seed`` makes its choices (with ``iterations`` the whole game is the same for a seed);
    ``think_ms`` is the processor time per decision when ``iterations`` is None; ``rounds`` is
    the horizon of each playout in whole rounds of turns (0: to the end of the game).
    """

    def __init__(self, seed: int, think_ms: float = 100.0, iterations: int | None = None, rounds: int = 1) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations {iterations}: at least 1")
        if think_ms <= 0:
            raise ValueError(f"think_ms {think_ms}: more than 0")
        self.seed = seed
        self.think_ms = think_ms
        self.iterations = iterations
        self.rounds = rounds

    def move(self, g: Game) -> Move:
        """The seat's answer to ``g.pending`` (the :class:`acquire_ref.programs.simulate.Seat` protocol): the
        search is given the seat's view only, never ``g`` itself."""
        seat = g.pending.player
        if seat is None:
            raise ValueError(f"{g.pending.summary()}: not a seat's decision")
        return self.decide(seat_view(g, seat))

    def decide(self, view: SeatView) -> Move:
        """The best move for the seat of ``view`` by the search (the only move when there is one)."""
        if len(view.legal) == 1:
            return view.legal[0]
        return best(self.analyse(view)).move

    def analyse(self, view: SeatView, also: Move | None = None, prune: bool = True,
                moves: list[Move] | None = None) -> list[Estimate]:
        """Every candidate's estimate for the seat of ``view``, in the order of :func:`candidates`
        (or of ``moves``, legal moves to weigh instead), and ``also``, a legal move to estimate as
        well, when it is not among them.

        The budget is spent in *passes*: each deals one determinisation and plays every candidate
        still in the running on it (the same deal and the same playout seed for each, so that
        they are compared on equal luck). With ``prune``, after every second pass the worse half
        of the candidates leaves the running (sequential halving); the ones left have the most
        visits. At least one pass is made."""
        moves = list(moves) if moves is not None else candidates(view)
        if also is not None and also not in moves:
            moves.append(also)
        stats = [Estimate(m) for m in moves]
        running = list(stats)
        rng = random.Random(f"{self.seed}:search:{view.seat}:{view.moves}")
        deadline = time.process_time() + self.think_ms / 1000
        done = passes = 0
        while passes == 0 or self._budget_left(done, len(running), deadline):
            deal = rng.getrandbits(64)
            for e in running:
                e.total += self.playout(view, e.move, random.Random(deal))
                e.visits += 1
            done += len(running)
            passes += 1
            if prune and passes % 2 == 0 and len(running) > 2:
                running.sort(key=lambda e: -e.value)
                del running[(len(running) + 1) // 2:]
        return stats

    def _budget_left(self, done: int, running: int, deadline: float) -> bool:
        """Whether another pass of ``running`` playouts fits the budget (``done`` made so far)."""
        if self.iterations is not None:
            return done + running <= self.iterations
        return time.process_time() < deadline

    def playout(self, view: SeatView, move: Move, rng: random.Random) -> float:
        """One iteration: a determinisation of ``view`` drawn with ``rng``, ``move`` applied, greedy
        play for the horizon (its choices from ``rng`` too), and the :func:`estimate` of where it
        ends for the seat."""
        from acquire_ref.programs.simulate import GreedyBot

        world = view.determinise(rng)
        world.apply(move)
        policy = GreedyBot(rng)
        stop = world.turn + self.rounds * len(world.players) if self.rounds else None
        for _ in range(2000):
            if world.over or (stop is not None and world.turn >= stop):
                break
            world.apply(policy.move(world))
        return estimate(world, view.seat)


def best(stats: list[Estimate]) -> Estimate:
    """The best of ``stats``: the highest mean among the candidates visited most (the ones that
    stayed in the running); declaring the end (R8.2) when it is within :data:`TIE` of the best,
    since the game is then won for sure; else the first on a tie."""
    most = max(e.visits for e in stats)
    top = max((e for e in stats if e.visits == most), key=lambda e: e.value)
    end = next((e for e in stats if e.visits == most and isinstance(e.move, End)), None)
    return end if end is not None and end.value >= top.value - TIE else top


def estimate(g: Game, seat: str) -> float:
    """How good ``g`` is for ``seat``, from 0 to 1: over, 1 for a win (split among the tied
    winners, R8.3) and 0 else; before the end, a logistic guess of the win chance from the
    seat's lead over the best rival in the payout if the game ended now (R8.3, :data:`SCALE`)."""
    scores = {s.player: s.total for s in g.score_breakdown(projected=not g.over)}
    lead = scores[seat] - max(v for p, v in scores.items() if p != seat)
    chance = 1 / (1 + math.exp(max(-60.0, min(60.0, -lead / SCALE))))
    if g.over:
        winners = [p for p, _, rank in g.standings() if rank == 1]
        win = 1 / len(winners) if seat in winners else 0.0
    else:
        win = chance
    return (1 - MARGIN) * win + MARGIN * chance


def candidates(view: SeatView) -> list[Move]:
    """The moves the search weighs, all legal: every one for most decisions; for a purchase
    (R6), buying nothing and every purchase of one chain only, plus two-chain mixes of the
    chains the seat can lead or tie; for a disposal (R5.3b), holding all, selling all, and
    trading the most with the rest held or sold."""
    legal = view.legal
    pend = view.game.pending
    if isinstance(pend, BuyShares):
        return [m for m in legal if not isinstance(m, Buy) or _worth_weighing(view, m)]
    if isinstance(pend, DisposeShares):
        return _disposals(legal)
    return list(legal)


def _worth_weighing(view: SeatView, buy: Buy) -> bool:
    """Whether a purchase is on the short list: nothing, one chain, or chains where the seat
    would be within one share of the most any rival holds (R6, a majority to play for)."""
    if len(buy.orders) <= 1:
        return True
    g, seat = view.game, view.seat
    for chain, n in buy.orders:
        rivals = max(g.shares[p][chain] for p in g.players if p != seat)
        if g.shares[seat][chain] + n < rivals - 1:
            return False
    return True


def _disposals(legal: list[Move]) -> list[Move]:
    """The short list of disposals among ``legal`` (R5.3b): hold all, sell all, the most traded
    with the rest held, and with the rest sold."""
    options = [m for m in legal if isinstance(m, Dispose)]
    others: list[Move] = [m for m in legal if not isinstance(m, Dispose)]
    if not options:
        return others
    held = max(m.sell + m.trade for m in options)
    most = max(m.trade for m in options)
    wanted = {(0, 0), (held, 0), (0, most), (held - most, most)}
    shortlist: list[Move] = [m for m in options if (m.sell, m.trade) in wanted]
    return shortlist + others

