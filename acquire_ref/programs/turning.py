"""The turning points of a game: for each player, the few decisions where the search bot's
estimate of the move played was furthest below its estimate of its best move (what it would
have done, and by how many points of win chance).

The game is replayed from its start; at each decision of a player whose alternatives the referee
knows, the search (:class:`acquire_ref.programs.search.SearchBot`) weighs its short list of candidates and
the move played on the same deals of the unseen tiles, from the player's own view (R10: their
rack, never another's; with hidden holdings, guessed rivals' figures, :mod:`acquire_ref.viewers.seat_view`).
The decisions weighed are purchases (R6, with declaring the end, R8.2), disposals (R5.3b), the
survivor and the defunct order (R5.2, R5.3), the chain founded (R4.2) and, where the racks are
known (dealt mode), the tile placed (with declaring the end before it). At a table the referee
does not know the racks, so tile decisions are not weighed. When the search's best move is not
the one played, the two are weighed again on fresh deals, and the cost is the difference there:
the best of many candidates is partly the luckiest on the deals that chose it.

The budget is a number of passes per decision (every candidate played on each pass's deal), so
the result is the same on every machine; a typical four-player game takes well under a minute
on one core (``--think-ms`` plays no part).

>>> from acquire_ref.engine.game import Game, shuffled_bag
>>> from acquire_ref.programs.simulate import play_game
>>> done = play_game(["Ann", "Ben"], seed=3, strategy="greedy")
>>> start = Game.dealt(["Ann", "Ben"], shuffled_bag(3), 3)
>>> doc = turning_points(start, done.moves, passes=1, keep=2)
>>> sorted(doc["players"]), all(len(v) <= 2 for v in doc["players"].values())
(['Ann', 'Ben'], True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from acquire_ref.engine.moves import Move
from acquire_ref.engine.pending import BuyShares, ChooseChain, DisposeShares, PlaceTile

if TYPE_CHECKING:
    from acquire_ref.engine.game import Game
    from acquire_ref.programs.search import Estimate
    from acquire_ref.viewers.seat_view import SeatView

KEEP = 3
"""How many turning points are kept for each player."""

PASSES = 6
"""Passes of the search per decision (each plays every candidate once on one deal)."""

SMALLEST = 0.05
"""A decision costing less than this (five points of win chance) is no turning point."""

Progress = Callable[[int, int], None]
"""Told ``(decisions done, decisions to weigh)`` after each decision."""


def weighed(game: Game) -> bool:
    """Whether the pending decision of ``game`` is one whose alternatives the referee knows (module
    documentation): a choice of chain, a disposal, a purchase; a tile only when the racks are known."""
    pend = game.pending
    if pend.chance or pend.player is None:
        return False
    if isinstance(pend, PlaceTile):
        return game.supply.knows_racks
    return isinstance(pend, ChooseChain | DisposeShares | BuyShares)


def turning_points(start: Game, moves: Sequence[Move], passes: int = PASSES, keep: int = KEEP,
                   seed: int = 0, progress: Progress | None = None) -> dict[str, Any]:
    """The turning points of the game played from ``start`` (a fresh game, before its first move)
    by ``moves``; ``start`` is played on.

    Returns ``{"players": {player: [point, ...]}, "decisions": n, "passes": passes}``: for each
    player up to ``keep`` points, costliest first, each ``{"n": move number (1 for the first
    move), "turn", "decision" (place, buy, dispose, choose), "played", "best" (moves in
    notation), "played_chance", "best_chance" (estimated win chance, 0 to 1), "cost" (their
    difference)}``, only those costing at least :data:`SMALLEST`; ``decisions`` counts the
    decisions weighed. Raises what :meth:`Game.apply` raises for a move that does not replay.
    """
    from acquire_ref.programs.search import SearchBot, best, candidates
    from acquire_ref.viewers.seat_view import seat_view

    todo: list[tuple[int, SeatView, Move]] = []
    for n, move in enumerate(moves, 1):
        player = start.pending.player
        if weighed(start) and player is not None:
            view = seat_view(start, player)
            if len(view.legal) > 1:
                todo.append((n, view, move))
        start.apply(move)
    found: dict[str, list[dict[str, Any]]] = {p: [] for p in start.players}
    for done, (n, view, move) in enumerate(todo, 1):
        weigh = len(candidates(view)) + 1
        stats = SearchBot(seed, iterations=passes * weigh).analyse(view, also=move, prune=False)
        top = best(stats).move
        if top != move:  # weighed again on other deals: the best of many is lucky on its own deals
            stats = SearchBot(seed + 1, iterations=2 * passes * 2).analyse(view, moves=[top, move], prune=False)
        point = _point(n, view, move, stats)
        if point is not None:
            found[view.seat].append(point)
        if progress is not None:
            progress(done, len(todo))
    players = {p: sorted(points, key=lambda d: (-d["cost"], d["n"]))[:keep] for p, points in found.items()}
    return {"players": players, "decisions": len(todo), "passes": passes}


def _point(n: int, view: SeatView, move: Move, stats: list[Estimate]) -> dict[str, Any] | None:
    """The turning point of decision ``n`` (``move`` played), or None when it cost too little."""
    from acquire_ref.programs.search import best

    top = best(stats)
    played = next(e for e in stats if e.move == move)
    cost = top.value - played.value
    if cost < SMALLEST or top.move == move:
        return None
    return {"n": n, "turn": view.game.turn, "decision": view.game.pending.decision, "played": str(move),
            "best": str(top.move), "played_chance": round(played.value, 3), "best_chance": round(top.value, 3),
            "cost": round(cost, 3)}
