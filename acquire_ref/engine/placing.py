"""Placing tiles: the start tiles (R2.2) and a turn's tile (R4), checked before anything changes.

The checks here are pure functions of what they are handed; the game makes the change a
verified plan says (:class:`StartPlan`, :class:`PlacePlan`, :class:`FoundPlan`, :class:`PassPlan`).
"""

from __future__ import annotations

from collections.abc import Sequence

from acquire_ref.engine import events as ev
from acquire_ref.engine.board import Board, Effect
from acquire_ref.engine.editions import Edition
from acquire_ref.engine.errors import IllegalMoveError
from acquire_ref.engine.merger import Merger
from acquire_ref.engine.moves import Choose, Pass, Place, Start
from acquire_ref.engine.tiles import Tile


class StartPlan:
    """A verified ``start``: the start tiles, one per player in seating order (R2.2)."""

    __slots__ = ("move",)

    def __init__(self, move: Start) -> None:
        self.move = move


class PlacePlan:
    """A verified ``place``: what the tile does (R4) and, for a merger, the merger it starts (R5)."""

    __slots__ = ("effect", "merger", "move")

    def __init__(self, move: Place, effect: Effect, merger: Merger | None) -> None:
        self.move = move
        self.effect = effect
        self.merger = merger


class FoundPlan:
    """A verified ``choose`` of the chain the placed tile founds (R4.2)."""

    __slots__ = ("move",)

    def __init__(self, move: Choose) -> None:
        self.move = move


class PassPlan:
    """A verified ``pass``: no playable tile, so the player goes on to buy (R4.7)."""

    __slots__ = ("move",)

    def __init__(self, move: Pass) -> None:
        self.move = move


def check_start_tiles(players: Sequence[str], tiles: Sequence[Tile]) -> StartPlan:
    """The start tiles ``tiles`` checked: one per player of ``players``, in seating order, each a
    different tile (R2.2). Raises :class:`~acquire_ref.engine.errors.IllegalMoveError`."""
    n = len(players)
    if len(tiles) != n:
        raise IllegalMoveError(rule="R2.2", reason="start_count", needed=n, players=tuple(players), given=len(tiles))
    twice = next((t for i, t in enumerate(tiles) if t in tiles[:i]), None)
    if twice is not None:
        raise IllegalMoveError(rule="R2.2", reason="start_twice", tile=str(twice))
    return StartPlan(Start(tuple(tiles)))


def check_playable(move: Place, eff: Effect, edition: Edition, board: Board, replaced_this_turn: bool) -> None:
    """Refuse the tile of ``move`` when its effect ``eff`` on ``board`` makes it blocked (R4.5) or
    dead (R4.6; ``replaced_this_turn``: the player has already replaced dead tiles, R7.3), or when
    a decision given up front does not fit the effect (R4, R4.2, R5). Raises
    :class:`~acquire_ref.engine.errors.IllegalMoveError`."""
    tile, sizes = move.tile, board.sizes
    if eff.kind == "blocked":
        raise IllegalMoveError(rule="R4.5", reason="blocked_tile", tile=str(tile), chains=len(edition.chains))
    if eff.kind == "dead":
        raise IllegalMoveError(rule="R4.6", reason="dead_tile", tile=str(tile), safe=tuple(eff.safe),
                               sizes=tuple(sizes[c] for c in eff.safe), replaced=replaced_this_turn)
    if move.found and eff.kind != "found":
        raise IllegalMoveError(rule="R4", reason="founds_none", chain=move.found, tile=str(tile), effect=eff,
                               sizes=dict(sizes))
    if (move.survivor or move.order) and eff.kind != "merge":
        raise IllegalMoveError(rule="R5", reason="merges_none", tile=str(tile), effect=eff, sizes=dict(sizes))
    if move.found and move.found in sizes:
        raise IllegalMoveError(rule="R4.2", reason="found_on_board", chain=move.found,
                               free=tuple(c for c in edition.names if c not in sizes))


def grow(eff: Effect, edition: Edition, board: Board) -> ev.ChainGrew:
    """The one chain the tile of ``eff`` touches takes it and the lone tiles it joins (R4.3)."""
    chain = eff.chains[0]
    board.assign(eff.group, chain)
    size = board.sizes[chain]
    safe = edition.is_safe(size) and not edition.is_safe(size - len(eff.group))
    return ev.ChainGrew(chain, size, edition.price(chain, size), len(eff.group), safe)
