"""House-rule studies: the same deals played under two or more rule sets (``simulate --compare``),
each game with the same bots in every seat, and per rule set the average game length and the
winner's money with 95% confidence intervals, and each set's difference from the first (paired
by deal: the same tiles under both rules, so the luck of the deal cancels out).

>>> study = Study(3, "greedy", "classic", [{}, {"dead-tiles": "replace-until-none"}])
>>> rows = study.play(1)
>>> len(rows), all(turns > 5 and money > 6000 for turns, money in rows)
(2, True)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from acquire_ref.engine.editions import Edition
from acquire_ref.engine.game import Game, shuffled_bag
from acquire_ref.programs.ladder import Ladder, interval
from acquire_ref.programs.simulate import built_in, play_out


class Study:
    """The settings of a study: ``players`` seats, every one played by ``strategy`` (a search bot
    thinks ``think_ms`` of processor time per decision, or makes ``iterations`` playouts), the
    ``edition``, and the ``rule_sets`` compared (option tables; the first is the base)."""

    __slots__ = ("edition", "iterations", "players", "rule_sets", "strategy", "think_ms")

    def __init__(self, players: int, strategy: str, edition: Edition | str, rule_sets: list[dict[str, str]],
                 think_ms: float = 100.0, iterations: int | None = None) -> None:
        if len(rule_sets) < 2:
            raise ValueError("a study compares two rule sets or more")
        self.players = players
        self.strategy = strategy
        self.edition = edition
        self.rule_sets = rule_sets
        self.think_ms = think_ms
        self.iterations = iterations

    def play(self, deal: int) -> list[tuple[int, int]]:
        """The game of ``deal`` under each rule set, in order: its length (turns) and the winner's
        money (dollars, R8.3). Raises :class:`RuntimeError` for a game that does not end."""
        rows = []
        for options in self.rule_sets:
            seats = Ladder(self.players, self.strategy, self.strategy, self.edition, options, self.think_ms,
                           self.iterations)
            names = seats.names()
            game = Game.dealt(names, shuffled_bag(deal, _grid(self.edition)), deal, self.edition, options)
            try:
                play_out(game, built_in("random", deal), {n: seats.seat(self.strategy, deal, n) for n in names})
            except RuntimeError as exc:
                raise RuntimeError(f"deal {deal}: {exc}") from None
            rows.append((game.turn, game.standings()[0][1]))
        return rows


def _grid(edition: Edition | str) -> Any:
    """The board of ``edition`` (a name or an edition)."""
    from acquire_ref.engine.editions import load_edition

    return (load_edition(edition) if isinstance(edition, str) else edition).grid


def run_study(study: Study, deals: range, jobs: int = 1) -> Iterator[list[tuple[int, int]]]:
    """Play the ``deals`` and yield each one's rows (:meth:`Study.play`) in deal order, on ``jobs``
    processes; the results do not depend on the number of jobs (with ``iterations`` or without
    search bots)."""
    if jobs <= 1 or len(deals) <= 1:
        yield from map(study.play, deals)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(study.play, deals)


def report(study: Study, deals: list[list[tuple[int, int]]]) -> dict[str, Any]:
    """The study's report as plain data: ``deals``, ``strategy``, ``search`` (its budget, or None),
    and ``rule_sets``, one per set in order: its ``options``, ``game_length`` (turns) and
    ``winners_money`` (dollars), each ``{"mean", "ci95"}`` over the deals, and from the second set
    on ``vs_first``: the same two measures of the difference from the first set, deal by deal."""
    budget: dict[str, Any] | None = None
    if study.strategy == "search":
        budget = {"iterations": study.iterations} if study.iterations is not None else {"think_ms": study.think_ms}
    sets = []
    for i, options in enumerate(study.rule_sets):
        turns = [float(rows[i][0]) for rows in deals]
        money = [float(rows[i][1]) for rows in deals]
        entry: dict[str, Any] = {"options": options, "game_length": interval(turns), "winners_money": interval(money)}
        if i:
            entry["vs_first"] = {
                "game_length": interval([float(rows[i][0] - rows[0][0]) for rows in deals]),
                "winners_money": interval([float(rows[i][1] - rows[0][1]) for rows in deals]),
            }
        sets.append(entry)
    return {"deals": len(deals), "players": study.players, "strategy": study.strategy, "search": budget,
            "rule_sets": sets}
