"""Engine helpers shared by the rule tests: a game in a few words, moves in notation, one turn.

They drive :class:`acquire_ref.Game` directly (no file, no process), the layer where the rules
and whole-game properties are tested (DESIGN 5)."""

from __future__ import annotations

from acquire_ref import Game
from acquire_ref.describe import pending as describe_pending
from acquire_ref.moves import parse_move
from acquire_ref.scoring import payout_events


def new_game(start: str | None = None, players=("A", "B", "C"), options=None) -> Game:
    """A new table-mode game of ``players`` with ``options``; with ``start`` (one tile per player in
    seating order, "1A 5E 9I") the start tiles are drawn too (R2.3)."""
    g = Game.new(list(players), options=options)
    if start:
        g.apply(parse_move("start " + start))
    return g


def play(g: Game, *moves: str) -> list:
    """Apply moves given in notation (in ``g``'s edition) in order; return all their events."""
    out: list = []
    for m in moves:
        out.extend(g.apply(parse_move(m, g.edition)))
    return out


def turn(g: Game, tile: str, found: str | None = None, buy: str | None = "") -> list:
    """The current player places ``tile`` (founding ``found`` when it founds), then buys ``buy``
    (``""``: nothing) if the buy step waits. Asserts the turn really ended. ``buy=None`` stops
    after the placement."""
    mover = g.player
    out = play(g, f"place {tile}" + (f" --found {found}" if found else ""))
    if buy is None:
        return out
    assert g.pending.decision not in ("choose", "dispose"), describe_pending(g)
    if g.pending.decision == "buy":
        assert g.pending.player == mover
        out += play(g, f"buy {buy}".strip())
    else:
        assert not buy, f"{mover} meant to buy {buy!r} but the turn finished by itself"
    assert g.pending.decision in ("place", "over")
    return out


def projected_payout(g: Game) -> tuple[list, dict[str, int]]:
    """The final payout if the game ended now (R8.3, R8.5), through the public API without changing
    the game: its events (chain by chain in information-card order, bonuses then every share sold)
    and each player's money afterwards in dollars."""
    scores = g.score_breakdown(projected=True)
    return payout_events(scores, g.chains_on_board()), {s.player: s.total for s in scores}
