"""Drawing tiles (R7): the draw at the end of a turn, and dead tiles shown and replaced.

Like the merger, it works over the part of a game it reads and changes (:class:`Racks`) and never
imports the game. In dealt mode the referee sees the racks and replaces dead tiles itself
(:func:`replace_dead_tiles`); at a table the player shows them with ``discard``
(:func:`check_discard`, :func:`discard`).
"""

from __future__ import annotations

from typing import Protocol

from acquire_ref.engine import events as ev
from acquire_ref.engine.board import Board, Effect
from acquire_ref.engine.editions import Edition
from acquire_ref.engine.errors import IllegalMoveError
from acquire_ref.engine.moves import Discard
from acquire_ref.engine.setup import Options
from acquire_ref.engine.supply import TableSupply
from acquire_ref.engine.tiles import Grid, Tile


class Racks(Protocol):
    """What drawing reads and changes: the board, the tile supply (bag and racks), the dead
    tiles out of the game, and what the current player did this turn."""

    edition: Edition
    options: Options
    board: Board
    supply: TableSupply
    discarded: list[Tile]
    placed_this_turn: bool
    discarded_this_turn: bool
    dead_before: frozenset[Tile]

    @property
    def player(self) -> str: ...

    @property
    def racks(self) -> dict[str, int]: ...

    def effect(self, tile: Tile) -> Effect: ...


class DiscardPlan:
    """A verified ``discard``: the dead tiles shown, which :func:`discard` replaces (R7.3)."""

    __slots__ = ("move",)

    def __init__(self, move: Discard) -> None:
        self.move = move


def dead_spaces(racks: Racks) -> frozenset[Tile]:
    """The empty spaces of the board where no tile can ever be played: they would merge two
    safe chains (R4.6); empty while fewer than two chains are safe."""
    safe, sizes = racks.edition.safe_size, racks.board.sizes
    if sum(1 for s in sizes.values() if s >= safe) < 2:
        return frozenset()
    free, board = len(racks.edition.chains) - len(sizes), racks.board
    return frozenset(t for t in racks.edition.grid.tiles if board.kind(t, free, safe) == "dead")


def made_dead(racks: Racks) -> bool:
    """Table mode: whether the tile placed this turn turned an empty space dead (it made a second
    chain safe, or grew a safe chain beside another), so that the turn stays open for the player
    to show the dead tile even when nothing can be bought (R7.3 as revised); False in dealt mode,
    where the referee replaces dead tiles itself."""
    if racks.supply.knows_racks or not racks.placed_this_turn:
        return False
    return bool(dead_spaces(racks) - racks.dead_before)


def check_tile_known(racks: Racks, tile: Tile) -> None:
    """Raise :class:`~acquire_ref.engine.errors.IllegalMoveError` when ``tile`` is on the board (R1.1)
    or out of the game as a dead tile (R7.3), or off the edition's board (R1.1a): no rack can hold it."""
    check_on_board(racks.edition.grid, tile)
    if tile in racks.board:
        raise IllegalMoveError(rule="R1.1", reason="tile_on_board", tile=str(tile))
    if tile in racks.discarded:
        raise IllegalMoveError(rule="R7.3", reason="tile_out", tile=str(tile))


def check_on_board(grid: Grid, tile: Tile) -> None:
    """Raise :class:`~acquire_ref.engine.errors.IllegalMoveError` naming the board's size when ``tile``
    is no space of ``grid`` (R1.1a), e.g. ``11A`` on a 10 x 10 board."""
    if not grid.holds(tile):
        raise IllegalMoveError(rule="R1.1a", reason="off_board", tile=f"{tile.col}{'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[tile.row % 26]}",
                               grid=str(grid), columns=grid.columns, last_row=grid.letters[-1])


def discard_refusal(racks: Racks) -> IllegalMoveError | None:
    """Why the current player may not show dead tiles now (the refusal), or None (R7.3)."""
    if racks.supply.knows_racks:
        return IllegalMoveError(rule="R7.3", reason="dealt_replaces")
    if racks.discarded_this_turn and not racks.options.replace_until_none:
        return IllegalMoveError(rule="R7.3", reason="replaced_once", who=racks.player)
    return None


def check_discard(racks: Racks, move: Discard) -> DiscardPlan:
    """``move`` checked: the current player may show dead tiles now, each named once, no more
    than the rack holds, each of them dead (R4.6, R7.3). Raises
    :class:`~acquire_ref.engine.errors.IllegalMoveError`."""
    p = racks.player
    problem = discard_refusal(racks)
    if problem:
        raise problem
    if len(set(move.tiles)) != len(move.tiles):
        raise IllegalMoveError(rule="R7.3", reason="discard_twice")
    if len(move.tiles) > racks.racks[p]:
        raise IllegalMoveError(rule="R7.3", reason="rack_holds", who=p, rack=racks.racks[p], named=len(move.tiles))
    for t in move.tiles:
        check_tile_known(racks, t)
        eff = racks.effect(t)
        if eff.kind != "dead":
            raise IllegalMoveError(rule="R7.3", reason="not_dead", tile=str(t), effect=eff, sizes=dict(racks.board.sizes))
    return DiscardPlan(move)


def discard(racks: Racks, plan: DiscardPlan, out: list[ev.Event]) -> None:
    """The current player's dead tiles of ``plan`` go out of the game and are replaced from the
    bag (R7.3)."""
    p, tiles = racks.player, plan.move.tiles
    racks.discarded.extend(tiles)
    drawn = racks.supply.replace(p, tiles)
    racks.discarded_this_turn = True
    out.append(ev.TilesDiscarded(p, tuple(map(str, tiles)), drawn))


def replace_dead_tiles(racks: Racks, player: str, out: list[ev.Event]) -> None:
    """Dealt mode, end of ``player``'s turn: dead tiles out of the game and replaced, once or
    until none by the ``dead-tiles`` option (R7.3)."""
    safe, board, sizes = racks.edition.safe_size, racks.board, racks.board.sizes
    if sum(1 for s in sizes.values() if s >= safe) < 2:
        return  # a dead tile needs two safe chains (R4.6)
    while True:
        free = len(racks.edition.chains) - len(sizes)
        dead = [t for t in racks.supply.rack(player) if board.kind(t, free, safe) == "dead"]
        if not dead:
            return
        racks.discarded.extend(dead)
        drawn = racks.supply.replace(player, dead)
        out.append(ev.TilesDiscarded(player, tuple(map(str, dead)), drawn))
        if not racks.options.replace_until_none or not drawn:
            return
