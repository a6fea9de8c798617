"""Placing tiles: the start tiles (R2.2) and a turn's tile (R4), checked before anything changes.

The checks here are pure functions of what they are handed; the game makes the change a
verified plan says (:class:`StartPlan`, :class:`PlacePlan`, :class:`FoundPlan`, :class:`PassPlan`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from acquire_ref import events as ev
from acquire_ref.board import Board, Effect
from acquire_ref.editions import Edition
from acquire_ref.errors import refuse
from acquire_ref.merger import Merger
from acquire_ref.moves import Choose, Pass, Place, Start
from acquire_ref.tiles import Tile


class StartPlan(NamedTuple):
    """A verified ``start``: the start tiles, one per player in seating order (R2.2)."""

    move: Start


class PlacePlan(NamedTuple):
    """A verified ``place``: what the tile does (R4) and, for a merger, the merger it starts (R5)."""

    move: Place
    effect: Effect
    merger: Merger | None


class FoundPlan(NamedTuple):
    """A verified ``choose`` of the chain the placed tile founds (R4.2)."""

    move: Choose


class PassPlan(NamedTuple):
    """A verified ``pass``: no playable tile, so the player goes on to buy (R4.7)."""

    move: Pass


def check_start_tiles(players: Sequence[str], tiles: Sequence[Tile]) -> StartPlan:
    """The start tiles ``tiles`` checked: one per player of ``players``, in seating order, each a
    different tile (R2.2). Raises :class:`~acquire_ref.errors.IllegalMoveError`."""
    n = len(players)
    if len(tiles) != n:
        raise refuse(f"start needs {n} tiles, one per player in seating order ({', '.join(players)}), "
                     f"not {len(tiles)} (R2.2)", rule="R2.2")
    twice = next((t for i, t in enumerate(tiles) if t in tiles[:i]), None)
    if twice is not None:
        raise refuse(f"each start tile is a different tile: {twice} is named twice (R2.2)", rule="R2.2")
    return StartPlan(Start(tuple(tiles)))


def check_playable(move: Place, eff: Effect, edition: Edition, board: Board, replaced_this_turn: bool) -> None:
    """Refuse the tile of ``move`` when its effect ``eff`` on ``board`` makes it blocked (R4.5) or
    dead (R4.6; ``replaced_this_turn``: the player has already replaced dead tiles, R7.3), or when
    a decision given up front does not fit the effect (R4, R4.2, R5). Raises
    :class:`~acquire_ref.errors.IllegalMoveError`."""
    tile, sizes = move.tile, board.sizes
    if eff.kind == "blocked":
        raise refuse(f"{tile} is a blocked tile: it would found a chain, but all "
                     f"{len(edition.chains)} chains are on the board (R4.5). It stays in the rack; "
                     "play another tile, or `pass` if none is playable", rule="R4.5")
    if eff.kind == "dead":
        then = ("It is replaced next turn (dead tiles are replaced once per turn, R7.3)"
                if replaced_this_turn else f"Put it out of the game with `discard {tile}`")
        raise refuse(f"{tile} is a dead tile: it would merge the safe chains {' and '.join(eff.safe)} "
                     f"({', '.join(str(sizes[c]) for c in eff.safe)} tiles), which can never merge (R4.6). "
                     + then, rule="R4.6")
    if move.found and eff.kind != "found":
        raise refuse(f"--found {move.found}: {tile} does not found a chain: it {eff.phrase(sizes)} (R4)", rule="R4")
    if (move.survivor or move.order) and eff.kind != "merge":
        raise refuse(f"--survivor/--order: {tile} causes no merger: it {eff.phrase(sizes)} (R5)", rule="R5")
    if move.found and move.found in sizes:
        free = ", ".join(c for c in edition.names if c not in sizes)
        raise refuse(f"{move.found} is already on the board: found one of {free} (R4.2)", rule="R4.2")


def grow(eff: Effect, edition: Edition, board: Board) -> ev.ChainGrew:
    """The one chain the tile of ``eff`` touches takes it and the lone tiles it joins (R4.3)."""
    chain = eff.chains[0]
    board.assign(eff.group, chain)
    size = board.sizes[chain]
    safe = edition.is_safe(size) and not edition.is_safe(size - len(eff.group))
    return ev.ChainGrew(chain, size, edition.price(chain, size), len(eff.group), safe)
