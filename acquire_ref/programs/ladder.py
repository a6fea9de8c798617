"""Measured strength: one bot against the others, in duplicate (``simulate --strategy S --against T``).

One seat plays strategy ``S`` and every other seat strategy ``T``. Each *deal* (a tile bag, from
its number) is played once with the ``S`` seat in each position, so every position and every
rack of the deal is played by ``S`` exactly once (duplicate play: the luck of the deal is the
same for both sides). The report gives ``wins_by_strategy`` (a shared win is split among its
winners) and the ``S`` seat's win share with a 95% confidence interval, worked out over the
deals (the games of one deal are not independent: the interval is the mean of the deals'
shares plus or minus 1.96 standard errors).

With ``--strategy search`` alone (no ``--against``), every seat is a search bot; that is a
:class:`Ladder` too, with the same strategy on both sides.

>>> ladder = Ladder(3, "greedy", "random", "classic", {})
>>> [(r.winners != [], money > 6000) for r, money in ladder.play(1)]
[(True, True), (True, True), (True, True)]
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from acquire_ref.engine.editions import Edition
from acquire_ref.engine.game import Game, shuffled_bag
from acquire_ref.programs.simulate import STRATEGIES, GameResult, Seat, Summary, built_in, play_out

LADDER_STRATEGIES = (*STRATEGIES, "search")
"""The strategies a ladder can seat: the built-in bots and the search bot."""


class Ladder:
    """The settings of a duplicate match (module documentation): ``players`` seats per game, the
    one seat's ``strategy`` and the others' ``against``, the ``edition`` and rule ``options``;
    a search bot thinks ``think_ms`` milliseconds of processor time per decision, or makes
    ``iterations`` playouts when given (then the same deals give the same games anywhere)."""

    __slots__ = ("against", "edition", "iterations", "options", "players", "rounds", "strategy", "think_ms")

    def __init__(self, players: int, strategy: str, against: str, edition: Edition | str, options: dict[str, str],
                 think_ms: float = 100.0, iterations: int | None = None, rounds: int = 1) -> None:
        for s in (strategy, against):
            if s not in LADDER_STRATEGIES:
                raise ValueError(f"strategy {s!r}: {', '.join(LADDER_STRATEGIES)}")
        self.players = players
        self.strategy = strategy
        self.against = against
        self.edition = edition
        self.options = options
        self.think_ms = think_ms
        self.iterations = iterations
        self.rounds = rounds

    def names(self) -> list[str]:
        """The seats' names, in seating order: p1, p2..."""
        return [f"p{i + 1}" for i in range(self.players)]

    def seat(self, strategy: str, deal: int, name: str) -> Seat:
        """A player of ``strategy`` for the seat ``name`` in the games of ``deal``."""
        if strategy == "search":
            from acquire_ref.programs.search import SearchBot

            return SearchBot(deal, self.think_ms, self.iterations, self.rounds)
        return built_in(strategy, deal * 1000 + int(name[1:]))

    def play(self, deal: int) -> list[tuple[GameResult, int]]:
        """The games of ``deal``, one with the ``strategy`` seat in each position (p1 first, then
        p2...), the other seats playing ``against``: each game's result and the winner's money
        (dollars, R8.3)."""
        results = []
        names = self.names()
        for position in range(self.players):
            game = Game.dealt(names, shuffled_bag(deal), deal, self.edition, self.options)
            strategies = {n: self.strategy if i == position else self.against for i, n in enumerate(names)}
            seats = {n: self.seat(s, deal, n) for n, s in strategies.items()}
            chance = built_in("random", deal)  # the start tiles and the market's draws (R2.2, R9)
            try:
                play_out(game, chance, seats)
            except RuntimeError as exc:
                raise RuntimeError(f"deal {deal}: {exc}") from None
            results.append((GameResult.of(game, deal), game.standings()[0][1]))
        return results


def run_ladder(ladder: Ladder, deals: range, jobs: int = 1) -> Iterator[list[tuple[GameResult, int]]]:
    """Play the ``deals`` and yield each deal's games in deal order, on ``jobs`` processes; the
    results do not depend on the number of jobs (with ``iterations``; with a time budget, a
    search bot's choices depend on the machine)."""
    if jobs <= 1 or len(deals) <= 1:
        yield from map(ladder.play, deals)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(ladder.play, deals)


class Standing:
    """The tally of a ladder: the usual :class:`~acquire_ref.programs.simulate.Summary`, the wins of each
    strategy (split on a shared win), and each deal's win share of the one seat's strategy."""

    def __init__(self, ladder: Ladder) -> None:
        self.ladder = ladder
        self.summary = Summary()
        self.by_strategy: dict[str, float] = {ladder.strategy: 0.0, ladder.against: 0.0}
        self.shares: list[float] = []
        self.by_position: list[float] = [0.0] * ladder.players
        self.money: list[float] = []
        """Each deal's mean winner's money (dollars)."""
        self.turns: list[float] = []
        """Each deal's mean game length (turns)."""

    def add(self, games: list[tuple[GameResult, int]]) -> None:
        """Count the games of one deal (as :meth:`Ladder.play` gives them)."""
        mine = 0.0
        self.money.append(sum(m for _, m in games) / len(games))
        self.turns.append(sum(r.turns for r, _ in games) / len(games))
        for position, (result, _) in enumerate(games):
            self.summary.add(result)
            for p in result.winners:
                one = p == f"p{position + 1}"
                self.by_strategy[self.ladder.strategy if one else self.ladder.against] += 1 / len(result.winners)
                if one:
                    mine += 1 / len(result.winners)
                    self.by_position[position] += 1 / len(result.winners)
        self.shares.append(mine / len(games))

    def as_dict(self) -> dict[str, Any]:
        """Plain data for JSON: :meth:`Summary.as_dict` and ``deals``, ``strategy``, ``against``,
        ``wins_by_strategy``, ``win_share`` (``share``, ``ci95`` low and high, ``chance``: one
        in the number of players), ``wins_by_position`` of the one seat, and ``game_length``
        (turns) and ``winners_money`` (dollars), each ``{"mean", "ci95"}`` over the deals: what a
        house-rule study compares between two runs with different ``--option``."""
        doc = self.summary.as_dict()
        low, mean, high = confidence(self.shares)
        budget: dict[str, Any] = ({"iterations": self.ladder.iterations} if self.ladder.iterations is not None
                                  else {"think_ms": self.ladder.think_ms})
        doc.update({
            "deals": len(self.shares), "strategy": self.ladder.strategy, "against": self.ladder.against,
            "search": budget if "search" in (self.ladder.strategy, self.ladder.against) else None,
            "wins_by_strategy": self.by_strategy,
            "win_share": {"strategy": self.ladder.strategy, "share": mean, "ci95": [low, high],
                          "chance": 1 / self.ladder.players},
            "wins_by_position": self.by_position,
            "game_length": interval(self.turns), "winners_money": interval(self.money),
        })
        return doc


def interval(values: list[float]) -> dict[str, Any]:
    """``{"mean", "ci95": [low, high]}`` of ``values`` (any positive numbers: not clipped)."""
    n = len(values)
    mean = sum(values) / n if n else 0.0
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n > 1 else float("inf")
    return {"mean": round(mean, 1), "ci95": [round(mean - half, 1), round(mean + half, 1)] if n > 1 else None}


def confidence(values: list[float]) -> tuple[float, float, float]:
    """``(low, mean, high)``: the mean of ``values`` with its 95% confidence interval (1.96
    standard errors either side, clipped to 0 and 1); with fewer than two values, the whole
    range.

    >>> confidence([0.5, 0.25, 0.75, 0.5])
    (0.3, 0.5, 0.7)
    """
    n = len(values)
    if not n:
        return 0.0, 0.0, 1.0
    mean = sum(values) / n
    if n < 2:
        return 0.0, mean, 1.0
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    return round(max(0.0, mean - half), 4), round(mean, 4), round(min(1.0, mean + half), 4)
