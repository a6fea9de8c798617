"""What one seat may know of a game, for a bot that plays it (R10): the public game, the seat's
own rack, and the tiles it has not seen; never the bag's order, another rack, or (with hidden
holdings) another player's cash and shares.

:func:`seat_view` builds a :class:`SeatView` from the referee's game through :mod:`acquire_ref.viewers.views`
(the one place that decides what is hidden). The view holds a *stripped copy* of the game: no
log, no way back to the dealt bag, the tiles off the board as counts only. A search bot never
touches the referee's game: it plays out *determinisations* of the view (:meth:`SeatView.determinise`),
games in which the unseen tiles are dealt at random to the bag and the other racks.

>>> from acquire_ref.engine.game import Game, shuffled_bag
>>> g = Game.dealt(["Ann", "Ben", "Cat"], shuffled_bag(4), 4)
>>> _ = g.apply(g.legal_moves()[0])
>>> v = seat_view(g, "Ann")
>>> len(v.rack), len(v.unseen), v.game.supply.knows_racks
(6, 99, False)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from acquire_ref.engine.supply import DealtSupply, TableSupply
from acquire_ref.engine.tiles import Tile
from acquire_ref.viewers import views

if TYPE_CHECKING:
    from acquire_ref.engine.game import Game
    from acquire_ref.engine.moves import Move


class SeatView:
    """The game as ``seat`` may know it (R10).

    ``game`` is a stripped copy (counts of tiles only, :class:`~acquire_ref.engine.supply.TableSupply`;
    no log; a market whose draws are not the referee's); ``rack`` the seat's own tiles (empty in
    table mode, where the referee does not know them); ``unseen`` every tile the seat has not
    seen (in the bag or another rack), in board order; ``legal`` the legal answers as the seat
    may know them (:func:`acquire_ref.viewers.views.legal`); ``moves`` how many moves the game has had
    (a bot seeds its choices with it). With hidden holdings the rivals' cash and shares in
    ``game`` are guesses made from public facts (:func:`_guess_holdings`), not theirs.
    """

    __slots__ = ("game", "legal", "moves", "rack", "seat", "unseen")

    def __init__(self, seat: str, game: Game, rack: tuple[Tile, ...], unseen: tuple[Tile, ...],
                 legal: list[Move], moves: int) -> None:
        self.seat = seat
        self.game = game
        self.rack = rack
        self.unseen = unseen
        self.legal = legal
        self.moves = moves

    def determinise(self, rng: random.Random) -> Game:
        """A complete dealt game consistent with what the seat knows: a copy of :attr:`game` whose
        unseen tiles are shuffled with ``rng`` and dealt to the other racks (as many as each
        holds) and the bag; the seat's own rack is its own. In table mode the seat's rack is
        unknown too, and is dealt like the others'."""
        tiles = list(self.unseen)
        rng.shuffle(tiles)
        racks = self.game.supply.racks
        supply = DealtSupply(self.game.players, [], self.game.edition.grid.tiles)
        for p in self.game.players:
            if p == self.seat and self.rack:
                supply.rack_tiles[p] = list(self.rack)
            else:
                supply.rack_tiles[p], tiles = tiles[:racks[p]], tiles[racks[p]:]
        supply.bag_tiles = tiles
        supply.racks = {p: len(supply.rack_tiles[p]) for p in self.game.players}
        supply.bag = len(tiles)
        world = clone(self.game)
        world.supply = supply
        world.market.seed = rng.randrange(2**32)
        return world


def seat_view(game: Game, seat: str, rack: tuple[Tile, ...] | None = None) -> SeatView:
    """What ``seat`` (a player's name as the game spells it) may know of ``game`` now (R10).

    The copy has no log (its events name dealt tiles of other seats' dead-tile replacements) and
    no way to rebuild the dealt game; its tile bag and racks are counts. In table mode ``rack``
    gives the seat's own tiles when someone told them (a bot seat at a real table, whose tiles
    are entered for it): its legal moves then place only those tiles, and it passes only when
    none can be placed (R4.7). Raises :class:`ValueError` for a name that is not a player's, or a
    ``rack`` in dealt mode (the referee knows it) or of another size than the rack's."""
    if seat not in game.players:
        raise ValueError(f"{seat!r} is not a player of this game")
    viewer = views.Viewer.of(seat)
    told = rack is not None
    if told and (game.supply.knows_racks or len(rack or ()) != game.supply.racks[seat]):
        raise ValueError(f"a rack of {len(rack or ())} tiles told for {seat}, who holds {game.supply.racks[seat]} "
                         "in a table game")
    rack = (tuple(game.supply.rack(seat)) if game.supply.knows_racks else ()) if rack is None else rack
    seen = {*game.board.owner, *game.discarded, *rack}
    unseen = tuple(t for t in game.edition.grid.tiles if t not in seen)
    public = clone(game)
    public.supply = TableSupply(game.players, game.supply.bag, dict(game.supply.racks), game.edition.grid.tiles)
    public.market.seed = 0
    if views.withheld(game, viewer):
        _guess_holdings(public, seat)
    legal = views.legal(game, viewer)
    if told:
        legal = _from_rack(legal, rack)
    return SeatView(seat, public, rack, unseen, legal, len(game.log))


def _from_rack(legal: list[Move], rack: tuple[Tile, ...]) -> list[Move]:
    """The table game's ``legal`` moves that a seat holding ``rack`` can make: a tile placed from
    it, a pass only when none is (R4.7); dead tiles are shown before (``discard``, R7.3), not here."""
    from acquire_ref.engine.moves import Discard, Pass, Place

    mine = set(rack)
    out: list[Move] = [m for m in legal if not isinstance(m, Place | Discard | Pass) or (isinstance(m, Place) and m.tile in mine)]
    if not any(isinstance(m, Place) for m in out) and any(isinstance(m, Pass) for m in legal):
        out.insert(0, Pass())
    return out


def seat_game(game: Game, seat: str) -> Game:
    """A game a simple bot of ``seat`` decides on instead of the referee's ``game`` (R10): it
    shares the public board, chains, bank and decision with ``game``, holds the seat's own rack,
    cash and shares, and the bag and the other racks are counts with no tiles in them (the seat
    does not know them, so nothing may be applied to this game: it is for reading); with hidden
    holdings (R10.1) the rivals' cash and shares are guessed from public facts
    (:func:`_guess_holdings`). It has no log, and no way back to the dealt bag. A move the seat
    may make here is legal in ``game``: it reads only what the two share. Raises
    :class:`ValueError` for a name that is not a player's, and
    :class:`~acquire_ref.engine.errors.IllegalMoveError` in table mode (the referee does not know
    the rack). A game played out asks :class:`SeatGames` instead, which makes it once a seat."""
    return SeatGames(game).of(seat)


class SeatGames:
    """The games that simple bots decide on for the seats of the referee's ``game`` (R10), as
    :func:`seat_game` makes them: each is made once, for the seat's first decision, and
    :meth:`of` brings it up to date with ``game`` before every decision after (a seat's game
    read after a later decision shows that decision's game)."""

    __slots__ = ("game", "worlds")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.worlds: dict[str, tuple[Game, views.Viewer]] = {}

    def of(self, seat: str) -> Game:
        """``seat``'s game (see :func:`seat_game`, which says what it holds and raises) as the
        referee's game stands now."""
        game = self.game
        made = self.worlds.get(seat)
        if made is None:
            if seat not in game.players:
                raise ValueError(f"{seat!r} is not a player of this game")
            empty = DealtSupply(game.players, [], game.edition.grid.tiles)
            made = self.worlds[seat] = (type(game)(game.players, game.edition, game.options, empty), views.Viewer.of(seat))
        world, viewer = made
        supply = world.supply
        assert isinstance(supply, DealtSupply)
        supply.rack_tiles[seat] = list(game.supply.rack(seat))
        supply.racks = dict(game.supply.racks)
        supply.bag = game.supply.bag
        world.follow(game)  # the board, bank and merger shared: a bot only reads them
        if game.market.on:  # a market that does not play has no books to copy (R9)
            world.market = game.market.copy(0)
        if views.withheld(game, viewer):
            world.cash = dict(game.cash)
            world.shares = {p: dict(s) for p, s in game.shares.items()}
            _guess_holdings(world, seat)
        return world


def _guess_holdings(game: Game, seat: str) -> None:
    """With hidden holdings (R10.1): give each rival the same cash as ``seat`` and an equal part
    of the shares no one but they can hold (the edition's shares less the bank's and the seat's),
    the remainder to the earliest seats. Public facts only; the rivals' own figures are gone."""
    rivals = [p for p in game.players if p != seat]
    for p in rivals:
        game.cash[p] = game.cash[seat]
    for c in game.edition.chain_names:
        out = game.edition.shares_per_chain - game.bank[c] - game.shares[seat][c]
        for i, p in enumerate(rivals):
            game.shares[p][c] = out // len(rivals) + (1 if i < out % len(rivals) else 0)


def clone(game: Game) -> Game:
    """A copy of ``game`` that moves can change without touching the original: its board,
    books, merger and market are copied; its log starts empty, and it cannot rebuild its own
    start (no worth history). The supply is shared: replace it before applying a move."""
    world = type(game)(game.players, game.edition, game.options, game.supply)
    world.follow(game)
    world.board = game.board.copy()
    world.cash = dict(game.cash)
    world.shares = {p: dict(s) for p, s in game.shares.items()}
    world.bank = dict(game.bank)
    world.discarded = list(game.discarded)
    world.start_worth = dict(game.start_worth)
    world.market = game.market.copy(game.market.seed)
    if game.merger is not None:
        world._merger = game.merger.copy()
    return world
