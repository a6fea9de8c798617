"""The game: seats, cash, shares, the bank, the tiles off the board, and the pending decision.

Every move has the same two steps: ``_verify_x(move)`` checks it against the rules and the
pending decision without changing anything and returns a plan, or raises
:class:`IllegalMoveError` naming the rule and the facts; ``_do_x(plan, out)`` makes the change
with no further checks. :meth:`Game.verify` and :meth:`Game.is_legal` run the first step alone,
:meth:`Game.apply` both, and :meth:`Game.legal_moves` is built from the same predicates, so a
refused move changes nothing by construction.

>>> from acquire_ref.moves import parse_move
>>> g = Game.table(["Ann", "Ben", "Cat"])
>>> _ = g.apply(parse_move("start 5C 6C 1I"))
>>> g.pending
PlaceTile(player='Ann')
>>> g.is_legal(parse_move("buy Tower")), g.is_legal(parse_move("place 7C"))
(False, True)
>>> _ = g.apply(parse_move("place 7C --found Imperial"))
>>> g.board.sizes, g.shares["Ann"]["Imperial"]
({'Imperial': 3}, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any

from acquire_ref import events as ev
from acquire_ref.board import PLAYABLE, Board, Effect, Kind
from acquire_ref.editions import Edition, load_edition
from acquire_ref.errors import AcquireError, IllegalMoveError, NotationError, closest
from acquire_ref.events import money, plural
from acquire_ref.merger import MarketRule, Merger, check_order
from acquire_ref.moves import Buy, Choose, Discard, Dispose, End, Market, Move, Pass, Place, Start
from acquire_ref.pending import (
    BuyShares,
    ChooseChain,
    ChooseSurvivor,
    DisposeShares,
    DrawForMarket,
    DrawStartTiles,
    EndReason,
    FoundChain,
    GameEnded,
    Pending,
    PlaceTile,
)
from acquire_ref.scoring import PlayerScore, final_scores, payout_events, rank
from acquire_ref.setup import MARKET, Options, Position, check_player_names
from acquire_ref.supply import DealtSupply, TableSupply
from acquire_ref.tiles import ALL_TILES, Tile


def shuffled_bag(seed: int) -> list[Tile]:
    """All 108 tiles in a random order drawn from ``seed``: a dealt game's tile bag.

    The order is written into the game file, so replaying never depends on the generator.
    >>> len(shuffled_bag(7)), shuffled_bag(7) == shuffled_bag(7)
    (108, True)
    """
    import random

    bag = list(ALL_TILES)
    random.Random(seed).shuffle(bag)
    return bag


MAX_MOVES = 10_000
"""The most moves a game holds, ``pass`` moves included (and, in a file, the most moves taken back
by ``undo``): a real game has a few hundred, so this is headroom, and a bound on what a file can
make every command replay."""


def _too_long(moves: int) -> _Plan:
    """Refuse a move past :data:`MAX_MOVES` (raises :class:`IllegalMoveError`, exit 3)."""
    raise IllegalMoveError(f"the game has {moves:,} moves, the most a game holds (a real game has a few hundred): "
                           "it takes no more")


def _short_of_cash(player: str, orders: Sequence[tuple[str, int]], prices: dict[str, int], cash: int,
                   affordable: str) -> IllegalMoveError:
    """The refusal of a purchase ``player`` can't pay for (R6.3): in full it names their ``cash``
    and what they ``affordable`` buy; its public text names neither (R10.1)."""
    cost = sum(n * prices[c] for c, n in orders)
    detail = " + ".join(f"{n} {c} at {money(prices[c])}" for c, n in orders)
    asked = " + ".join(f"{n} {c}" for c, n in orders)
    return _refuse(f"{detail} = {money(cost)}, but {player} has {money(cash)}: the purchase is refused as a whole "
                   f"(R6.3); {player} can buy {affordable}",
                   player=player, public=f"not enough cash for {asked} (R6.3)", cost=cost, cash=cash)


def _not_held(who: str, held: int, chain: str, sell: int, trade: int) -> IllegalMoveError:
    """The refusal of a disposal of more shares than ``who`` holds (R5.3b): in full it names the
    holding; its public text does not (R10.1)."""
    return _refuse(f"{who} holds {held} {chain}: can't sell {sell} and trade {trade} (R5.3b)", player=who,
                   public=f"not enough {chain} shares to sell {sell} and trade {trade} (R5.3b)",
                   held=held, sell=sell, trade=trade)


def _refuse(message: str, *, player: str | None = None, public: str | None = None, **facts: object) -> IllegalMoveError:
    """The refusal ``message`` as an :class:`IllegalMoveError`; ``player`` and ``public`` when it
    names that player's own figures (``facts``), which only they may read while holdings are
    hidden (R10.1)."""
    return IllegalMoveError(message, player=player, public=public, facts=facts)


class LogEntry:
    """One applied move: the ``move`` as recorded, the ``turn`` it was made in, the ``player``
    whose decision it answered (None for the start tiles) and the ``events`` it caused."""

    __slots__ = ("events", "move", "player", "turn")

    def __init__(self, move: Move, turn: int, player: str | None, events: list[ev.Event]) -> None:
        self.move = move
        self.turn = turn
        self.player = player
        self.events = events

    def __repr__(self) -> str:
        return f"LogEntry({self.move}, turn={self.turn}, player={self.player!r})"


class _Plan:
    """What a verified move will do: the move as it will be recorded, and what verifying found."""

    __slots__ = ("effect", "merger", "move", "order", "player")

    def __init__(self, move: Move, player: str | None = None, effect: Effect | None = None,
                 merger: Merger | None = None, order: Sequence[str] = ()) -> None:
        self.move = move
        self.player = player
        self.effect = effect
        self.merger = merger
        self.order = list(order)


class GameState:
    """A game's state and the questions the rules ask of it; :class:`Game` adds the moves.

    Read the attributes, change them only through :meth:`Game.apply`: ``players`` in seating order;
    ``edition`` (:class:`~acquire_ref.editions.Edition`); ``options``
    (:class:`~acquire_ref.setup.Options`); ``cash`` and ``shares`` per player (dollars;
    ``{chain: count}``); ``bank`` shares per chain; ``board`` (:class:`~acquire_ref.board.Board`);
    ``supply`` (the bag and racks, :mod:`acquire_ref.supply`); ``discarded`` dead tiles out of
    the game; ``current`` seat index; ``turn`` number; ``pending`` (:mod:`acquire_ref.pending`);
    ``log`` (one :class:`LogEntry` per move); :attr:`worth_history`, each player's net worth in
    dollars after every finished turn (``[(turn, {player: dollars})]``, worked out when first
    asked); ``final_cash`` each player's money after the final payout (None until the game is over).
    """

    def __init__(self, players: Sequence[str], edition: Edition, options: Options, supply: TableSupply,
                 seed: int = 0) -> None:
        self.edition = edition
        self.options = options
        self.players = list(players)
        self.supply = supply
        self.board = Board({c: i for i, c in enumerate(edition.chain_names)})
        self.cash = {p: edition.starting_cash for p in players}
        self.shares = {p: {c: 0 for c in edition.chain_names} for p in players}
        self.bank = {c: edition.shares_per_chain for c in edition.chain_names}
        self.discarded: list[Tile] = []
        self.current = 0
        self.turn = 0
        self.pending: Pending = DrawStartTiles()
        self.end_declared = False
        self.final_cash: dict[str, int] | None = None
        self.log: list[LogEntry] = []
        self._worth: list[tuple[int, dict[str, int]]] = []
        self._worth_moves = 0  # how many moves of the log ``_worth`` has followed
        self._restart: Callable[[], Game] | None = None
        """How the game began (a named constructor with its arguments), to work out the worth history by replaying
        the log when it is asked for; None: the history is kept as the game goes (made by the constructor itself)."""
        self.start_worth = {p: edition.starting_cash for p in players}
        """Each player's net worth in dollars when the game began (a position's, ``from_position``)."""
        self.market = MarketRule(len(self.players) == 2 and options.market, seed)
        self.placed_this_turn = False
        """Whether the current player has placed a tile this turn (R7.1: only then a tile is drawn)."""
        self.discarded_this_turn = False
        """Whether the current player has replaced dead tiles this turn (R7.3: once a turn)."""
        self.passes = 0
        """Turns in a row that finished with no tile placed (R8.4)."""
        self._found_group: frozenset[Tile] | None = None
        self._dead_before: frozenset[Tile] = frozenset()  # the dead spaces before this turn's tile (R7.3)
        self._merger: Merger | None = None
        self._ending: EndReason | None = None
        self._ended_by: str | None = None
        self._final_scores: list[PlayerScore] | None = None

    # ----- questions ----------------------------------------------------------------------
    @property
    def worth_history(self) -> list[tuple[int, dict[str, int]]]:
        """Each player's net worth in dollars after every finished turn: ``[(turn, {player: dollars})]`` (bonuses
        not counted, so the last is before the final payout).

        Worked out when asked, by replaying the log from the game's start (so a simulation or a read command that
        never asks pays nothing for it), and remembered until the next move."""
        if self._restart is not None and self._worth_moves != len(self.log):
            again = self._restart()
            again._restart = None
            for entry in self.log:
                again.apply(entry.move)
            self._worth, self._worth_moves = again._worth, len(self.log)
        return self._worth

    @property
    def player(self) -> str:
        """The player whose turn it is."""
        return self.players[self.current]

    @property
    def bag(self) -> int:
        """Tiles in the tile bag."""
        return self.supply.bag

    @property
    def racks(self) -> dict[str, int]:
        """Tiles in each player's rack."""
        return self.supply.racks

    @property
    def over(self) -> bool:
        """True once the game has ended and been scored (R8)."""
        return isinstance(self.pending, GameEnded)

    @property
    def end_reason(self) -> str:
        """How the game ended, in words (R8.2, R8.4); empty while it goes on."""
        return self._ending.text(self._ended_by) if self._ending is not None and self.over else ""

    @property
    def ending(self) -> EndReason | None:
        """How the game ended (None while it goes on)."""
        return self._ending if self.over else None

    @property
    def moves(self) -> list[Move]:
        """The moves applied so far, as recorded."""
        return [e.move for e in self.log]

    @property
    def merger(self) -> Merger | None:
        """The merger in progress, if any (R5)."""
        return self._merger

    def resolve_player(self, text: str) -> str:
        """A player's name from user text, ignoring case; raises :class:`NotationError` if none."""
        for p in self.players:
            if p.lower() == (text or "").lower():
                return p
        near = closest(text, self.players)
        raise NotationError(f"no player {text!r} in this game: "
                            + (f"did you mean {near}? The players are " if near else "") + ", ".join(self.players))

    def price(self, chain: str) -> int:
        """Current share price of ``chain`` in dollars; 0 when it is not on the board (R3.2)."""
        return self.edition.price(chain, self.board.sizes.get(chain, 0))

    def free_chains(self) -> list[str]:
        """Chains not on the board, in information-card order (R3.6)."""
        return [c for c in self.edition.names if c not in self.board.sizes]

    def chains_on_board(self) -> list[str]:
        """Chains on the board, in information-card order."""
        return [c for c in self.edition.names if c in self.board.sizes]

    def effect(self, tile: Tile) -> Effect:
        """What placing ``tile`` would do now (:class:`~acquire_ref.board.Effect`, R4)."""
        return self.board.effect(tile, len(self.edition.chains) - len(self.board.sizes), self.edition.safe_size)

    def tile_kind(self, tile: Tile) -> Kind:
        """Only the kind of :meth:`effect` (faster)."""
        return self.board.kind(tile, len(self.edition.chains) - len(self.board.sizes), self.edition.safe_size)

    def playable_tiles(self, player: str) -> list[Tile]:
        """Dealt mode: the tiles in ``player``'s rack that could be placed now (R4)."""
        kind, free, safe = self.board.kind, len(self.edition.chains) - len(self.board.sizes), self.edition.safe_size
        return [t for t in self.supply.rack(player) if kind(t, free, safe) in PLAYABLE]

    def end_available(self) -> bool:
        """R8.1: a chain has 41+ tiles, or at least one chain is on the board and all are safe."""
        return self.edition.end_available(self.board.sizes)

    def defunct_chains(self) -> list[str]:
        """The defunct chains of the merger in progress, largest first (R5.3, R8.5): every merged
        chain but the survivor, once the survivor is known; none otherwise. Their tiles stay on
        the board until the merger completes (R5.5), and ``status`` and ``score`` both treat them
        as defunct."""
        m = self._merger
        return m.defunct() if m is not None and m.survivor is not None else []

    def net_worth(self) -> dict[str, int]:
        """Each player's cash plus shares at current prices, in dollars (bonuses not counted);
        after the game is over, the final money."""
        worth = {p: self.cash[p] for p in self.players}
        shares, price = self.shares, self.edition.price
        for c, size in self.board.sizes.items():
            dollars = price(c, size)
            for p in self.players:
                held = shares[p][c]
                if held:
                    worth[p] += held * dollars
        return worth

    def affordable(self, player: str, orders: Sequence[tuple[str, int]]) -> str:
        """What ``player``'s cash covers of ``orders`` (``(chain, count)`` pairs of chains on the board),
        taken in the order asked, in words: ``"2 Tower ($1,200)"`` (R6.3)."""
        left, parts = self.cash[player], []
        for chain, n in orders:
            k = min(n, left // self.price(chain))
            if k:
                parts.append(f"{k} {chain}")
                left -= k * self.price(chain)
        if not parts:
            cheapest = min(orders, key=lambda o: self.price(o[0]))[0]
            return f"none of them (the cheapest, {cheapest}, is {money(self.price(cheapest))} a share)"
        return " and ".join(parts) + (f" ({money(self.cash[player] - left)})")

    def can_buy(self, player: str) -> bool:
        """True when ``player`` could buy at least one share now (R6.2)."""
        if self.edition.buy_limit <= 0:
            return False
        cash, bank, price = self.cash[player], self.bank, self.edition.price
        for c, size in self.board.sizes.items():
            if bank[c] > 0 and price(c, size) <= cash:
                return True
        return False

    def trade_cap(self, player: str, chain: str, survivor: str) -> int:
        """The most ``chain`` shares ``player`` may trade into ``survivor`` now: pairs of their
        shares, while the bank has survivor shares (R5.3b)."""
        return min(self.shares[player][chain] // 2, self.bank[survivor]) * 2



class Game(GameState):
    """The rules of Acquire at work: a :class:`GameState` that moves change, one verified move at
    a time (:meth:`verify`, :meth:`apply`), from the start tiles (or a position) to the standings.

    Make one with :meth:`table`, :meth:`dealt` or :meth:`from_position`.
    """

    # ----- construction -------------------------------------------------------------------
    @classmethod
    def _setup(cls, players: Iterable[str], edition: Edition | str, options: dict[str, str] | None
               ) -> tuple[list[str], Edition, Options]:
        players = list(players)
        ed = load_edition(edition) if isinstance(edition, str) else edition
        if len(players) * (ed.rack_size + 1) > len(ALL_TILES):
            raise NotationError(
                f"{len(players)} players with racks of {ed.rack_size} need {len(players) * (ed.rack_size + 1)} tiles "
                f"with their start tiles; there are {len(ALL_TILES)}"
            )
        check_player_names(players)
        return players, ed, Options.parse(options)

    @classmethod
    def table(cls, players: Iterable[str], edition: Edition | str = "classic",
              options: dict[str, str] | None = None) -> Game:
        """A game at a real table awaiting its start tiles (R2.1): the players draw the tiles and the referee counts them.

        ``players`` are names in clockwise seating order: 2 to 6 (two with the market, R9),
        unique ignoring case, without spaces or ``=``; ``edition`` a built-in name or an
        :class:`Edition`; ``options`` maps option names to values (R17). Raises
        :class:`NotationError` for a bad player list, edition or option.
        """
        players, ed, opts = cls._setup(players, edition, options)
        game = cls(players, ed, opts, TableSupply(players))
        game._restart = partial(cls.table, players, ed, options)
        return game

    new = table
    """The usual game: :meth:`table`."""

    @classmethod
    def dealt(cls, players: Iterable[str], bag_order: Sequence[Tile], seed: int = 0,
              edition: Edition | str = "classic", options: dict[str, str] | None = None) -> Game:
        """A game whose tiles the referee deals from ``bag_order`` (all 108 tiles, see
        :func:`shuffled_bag`), knowing every rack; ``seed`` also drives the market's draws (R9).

        Raises :class:`NotationError` as :meth:`table` does, and for a bag that is not every tile once.
        """
        if sorted(bag_order) != sorted(ALL_TILES):
            raise NotationError("a dealt game's bag order must hold each of the 108 tiles once")
        players, ed, opts = cls._setup(players, edition, options)
        game = cls(players, ed, opts, DealtSupply(players, list(bag_order)), seed)
        game._restart = partial(cls.dealt, players, list(bag_order), seed, ed, options)
        return game

    @classmethod
    def from_position(cls, players: Iterable[str], position: Position, edition: Edition | str = "classic",
                      options: dict[str, str] | None = None) -> Game:
        """A table game going on from a checked ``position`` (see :func:`acquire_ref.setup.read_position`):
        the position's next player is to place a tile. Raises :class:`NotationError` as :meth:`table`,
        and when the position fails :func:`audit`."""
        players, ed, opts = cls._setup(players, edition, options)
        game = cls(players, ed, opts, TableSupply(players, position.bag, position.racks))
        for t in position.lone:
            game.board.put(t)
        for chain, tiles in position.chains.items():
            for t in tiles:
                game.board.put(t, chain)
        game.cash = dict(position.cash)
        game.shares = {p: dict(s) for p, s in position.shares.items()}
        game.bank = dict(position.bank)
        game.discarded = list(position.discarded)
        game.current = game.players.index(position.next)
        game.turn = 1
        game.pending = PlaceTile(game.player)
        problems = audit(game)
        if problems:
            raise NotationError("the position's books do not balance: " + "; ".join(problems))
        game.start_worth = game.net_worth()
        game._restart = partial(cls.from_position, players, position, ed, options)
        return game

    # ----- the verifier and the mutator -----------------------------------------------------
    def verify(self, move: Move) -> None:
        """Check ``move`` against the rules and the pending decision, changing nothing.

        Raises :class:`IllegalMoveError` (exit 3) naming the rule and the facts when it is
        illegal, and :class:`NotationError` (exit 2) for an unknown player.
        """
        self._verify(move)

    def is_legal(self, move: Move) -> bool:
        """True when :meth:`verify` accepts ``move``."""
        try:
            self._verify(move)
        except AcquireError:
            return False
        return True

    def apply(self, move: Move) -> list[ev.Event]:
        """Verify ``move``, then apply it and return its events (what the banker does, in order).

        Raises what :meth:`verify` raises; then the game is unchanged.
        """
        plan = self._verify(move)
        turn, actor = self.turn, self.pending.player
        out: list[ev.Event] = []
        recorded = self._do(plan, out)
        self.log.append(LogEntry(recorded, turn, actor, out))
        return out

    def _verify(self, move: Move) -> _Plan:
        return _STEPS[type(move)][0](self, move) if len(self.log) < MAX_MOVES else _too_long(len(self.log))

    def _do(self, plan: _Plan, out: list[ev.Event]) -> Move:
        _STEPS[type(plan.move)][1](self, plan, out)
        return self._recorded(plan.move)

    def _recorded(self, move: Move) -> Move:
        """The move as the file records it: dealt start tiles are drawn again on replay, and a
        disposal without the holder's name still replays when a player is renamed."""
        if isinstance(move, Start) and self.supply.knows_racks:
            return Start(())
        if isinstance(move, Dispose):
            return Dispose(None, move.sell, move.trade)
        return move

    def _expect(self, what: str, *decisions: type[Pending]) -> None:
        if not isinstance(self.pending, decisions):
            raise _refuse(f"can't {what} now: {self.pending.summary()}")

    # ----- R2: the start --------------------------------------------------------------------
    def _verify_start(self, move: Start) -> _Plan:
        self._expect("draw start tiles", DrawStartTiles)
        n = len(self.players)
        tiles = self.supply.start_tiles(move.tiles, n)
        if len(tiles) != n:
            raise _refuse(f"start needs {n} tiles, one per player in seating order ({', '.join(self.players)}), "
                          f"not {len(tiles)} (R2.2)")
        twice = next((t for i, t in enumerate(tiles) if t in tiles[:i]), None)
        if twice is not None:
            raise _refuse(f"each start tile is a different tile: {twice} is named twice (R2.2)")
        return _Plan(Start(tiles))

    def _do_start(self, plan: _Plan, out: list[ev.Event]) -> None:
        move = plan.move
        assert isinstance(move, Start)
        for p, t in zip(self.players, move.tiles, strict=True):
            self.board.put(t)
            out.append(ev.StartTilePlaced(p, str(t)))
        column_first = self.options.column_first
        first = min(range(len(self.players)), key=lambda i: move.tiles[i].start_key(column_first))
        self.supply.deal(move.tiles, self.players, self.edition.rack_size)
        self.current = first
        self.turn = 1
        self.pending = PlaceTile(self.player)
        out.append(ev.FirstPlayer(self.player, str(move.tiles[first]), self.bag))

    # ----- R4: placing a tile ---------------------------------------------------------------
    def _check_tile_known(self, tile: Tile) -> None:
        if tile in self.board:
            raise _refuse(f"{tile} is already on the board (R1.1: one tile per space)")
        if tile in self.discarded:
            raise _refuse(f"{tile} was put out of the game as a dead tile (R7.3)")

    def _verify_place(self, move: Place) -> _Plan:
        if not isinstance(self.pending, PlaceTile):
            self._expect(f"place {move.tile}", PlaceTile)
        p, tile = self.player, move.tile
        if self.racks[p] == 0:
            raise _refuse(f"{p}'s rack is empty and the bag is too (R7.2): type `pass`")
        self._check_tile_known(tile)
        if not self.supply.holds(p, tile):
            raise _refuse(f"{tile} is not in {p}'s rack (dealt mode: `hand {p}` shows it)")
        eff = self.effect(tile)
        sizes = self.board.sizes
        if eff.kind == "blocked":
            raise _refuse(
                f"{tile} is a blocked tile: it would found a chain, but all "
                f"{len(self.edition.chains)} chains are on the board (R4.5). It stays in the rack; "
                "play another tile, or `pass` if none is playable"
            )
        if eff.kind == "dead":
            raise _refuse(
                f"{tile} is a dead tile: it would merge the safe chains {' and '.join(eff.safe)} "
                f"({', '.join(str(sizes[c]) for c in eff.safe)} tiles), which can never merge (R4.6). "
                + ("It is replaced next turn (dead tiles are replaced once per turn, R7.3)" if self.discarded_this_turn
                   else f"Put it out of the game with `discard {tile}`")
            )
        if move.found and eff.kind != "found":
            raise _refuse(f"--found {move.found}: {tile} does not found a chain: it {eff.phrase(sizes)} (R4)")
        if (move.survivor or move.order) and eff.kind != "merge":
            raise _refuse(f"--survivor/--order: {tile} causes no merger: it {eff.phrase(sizes)} (R5)")
        if move.found and move.found in sizes:
            raise _refuse(f"{move.found} is already on the board: found one of {', '.join(self.free_chains())} (R4.2)")
        merger = None
        if eff.kind == "merge":
            merger = self._verify_merger(move, eff)
        return _Plan(move, p, eff, merger)

    def _verify_merger(self, move: Place, eff: Effect) -> Merger:
        """The merger a placed tile starts, with the survivor and order given up front (R5.2, R5.3)."""
        sizes = {c: self.board.sizes[c] for c in eff.chains}
        merger = Merger(move.tile, eff.group, eff.chains, sizes, None, move.order, self.player)
        tied = merger.tied()
        survivor = move.survivor
        if survivor is not None and survivor not in eff.chains:
            raise _refuse(f"--survivor {survivor}: {move.tile} merges {', '.join(eff.chains)}, not {survivor} (R5.2)")
        if survivor is not None and survivor not in tied:
            raise _refuse(
                f"--survivor {survivor}: {survivor} has {sizes[survivor]} tiles, {tied[0]} has {sizes[tied[0]]}; "
                "the largest chain survives (R5.2)"
            )
        if survivor is None and len(tied) == 1:
            survivor = tied[0]
        for c in move.order:
            if c not in eff.chains or c == survivor:
                others = ", ".join(c2 for c2 in eff.chains if c2 != survivor)
                raise _refuse(f"--order {c}: not a defunct chain of this merger ({others}) (R5.3)")
        problem = check_order(move.order, sizes)
        if problem:
            raise _refuse(problem)
        if survivor is None and not merger.candidates():
            raise _refuse(f"--order {','.join(move.order)} names every one of the largest chains ({', '.join(tied)}) "
                          "as defunct: one of them survives (R5.2)")
        merger.survivor = survivor
        return merger

    def _do_place(self, plan: _Plan, out: list[ev.Event]) -> None:
        move, eff = plan.move, plan.effect
        assert isinstance(move, Place) and eff is not None
        p, tile = self.player, move.tile
        self._dead_before = dead_spaces(self) if not self.supply.knows_racks else frozenset()
        self.supply.take(p, tile)
        self.placed_this_turn = True
        self.board.put(tile)
        out.append(ev.TilePlaced(p, str(tile), eff.kind))
        if eff.kind == "lone":
            self._enter_buy(out)
        elif eff.kind == "grow":
            chain = eff.chains[0]
            self.board.assign(eff.group, chain)
            size = self.board.sizes[chain]
            safe = self.edition.is_safe(size) and not self.edition.is_safe(size - len(eff.group))
            out.append(ev.ChainGrew(chain, size, self.price(chain), len(eff.group), safe))
            self._enter_buy(out)
        elif eff.kind == "found":
            free = self.free_chains()
            self._found_group = eff.group
            if move.found or len(free) == 1:
                self._found(move.found or free[0], out)
            else:
                self.pending = FoundChain(p, tuple(free))
        else:
            assert plan.merger is not None
            self._merger = plan.merger
            if plan.merger.survivor is None:
                self.pending = ChooseSurvivor(p, plan.merger.candidates())
            else:
                self._after_merger_step(plan.merger.begin(self, out), out)

    def _found(self, chain: str, out: list[ev.Event]) -> None:
        """Found ``chain`` on the placed tile's group; the founder's share if the bank has one (R4.2)."""
        p = self.player
        assert self._found_group is not None
        self.board.assign(self._found_group, chain)
        self._found_group = None
        size = self.board.sizes[chain]
        out.append(ev.ChainFounded(p, chain, size, self.price(chain), self.edition.is_safe(size)))
        given = self.bank[chain] > 0
        if given:
            self.bank[chain] -= 1
            self.shares[p][chain] += 1
        out.append(ev.FounderShare(p, chain, given))
        self._enter_buy(out)

    # ----- R4.2, R5.2, R5.3: choosing a chain --------------------------------------------------
    def _verify_choose(self, move: Choose) -> _Plan:
        self._expect("choose a chain", ChooseChain)
        pend = self.pending
        assert isinstance(pend, ChooseChain)
        first, rest = move.chains[0], list(move.chains[1:])
        if first not in pend.options:
            if isinstance(pend, FoundChain):
                why = f"{first} is on the board; free chains: {', '.join(pend.options)} (R4.2)"
            elif isinstance(pend, ChooseSurvivor) and self._merger is not None and first in self._merger.order:
                why = (f"the tile was placed with --order {','.join(self._merger.order)}, which makes {first} defunct; "
                       f"the survivor is one of {', '.join(pend.options)} (R5.2, R5.3)")
            elif isinstance(pend, ChooseSurvivor):
                why = f"{first} is not one of the largest chains that tie: {', '.join(pend.options)} (R5.2)"
            else:
                why = f"{first} is not one of the equal-sized defunct chains to order: {', '.join(pend.options)} (R5.3)"
            raise _refuse(f"choose {first}: {why}")
        if isinstance(pend, FoundChain):
            if rest:
                raise _refuse(f"a tile founds one chain: choose one of {', '.join(pend.options)} (R4.2)")
            return _Plan(move)
        m = self._merger
        assert m is not None
        if isinstance(pend, ChooseSurvivor):
            defunct = [c for c in m.chains if c != first]
            for c in rest:
                if c not in defunct:
                    raise _refuse(f"choose: {c} is not a defunct chain of this merger ({', '.join(defunct)}) (R5.3)")
            order = rest or [c for c in m.order if c != first]
        else:
            for c in rest:
                if c not in m.remaining:
                    raise _refuse(f"choose: {c} is not a defunct chain still to be handled ({', '.join(m.remaining)}) (R5.3)")
            order = [first, *rest]
        problem = check_order(order, m.sizes)
        if problem:
            raise _refuse(problem)
        return _Plan(move, order=order)

    def _do_choose(self, plan: _Plan, out: list[ev.Event]) -> None:
        assert isinstance(plan.move, Choose)
        first = plan.move.chains[0]
        if isinstance(self.pending, FoundChain):
            self._found(first, out)
            return
        m = self._merger
        assert m is not None
        m.order = plan.order
        if isinstance(self.pending, ChooseSurvivor):
            m.survivor = first
            self._after_merger_step(m.begin(self, out), out)
        else:
            self._after_merger_step(m.advance(self, out), out)

    # ----- R5: disposing of defunct shares, the market's tile ---------------------------------
    def _verify_dispose(self, move: Dispose) -> _Plan:
        self._expect("dispose of shares", DisposeShares)
        pend = self.pending
        assert isinstance(pend, DisposeShares)
        who = self.resolve_player(move.player) if move.player else pend.player
        if who != pend.player:
            raise _refuse(
                f"it is {pend.player}'s turn to dispose of {pend.chain} shares, not {who}'s "
                "(mergemaker first, then clockwise, R5.3b)"
            )
        chain, survivor = pend.chain, pend.survivor
        held = self.shares[who][chain]
        move = move.counted(held, self.trade_cap(who, chain, survivor))
        if move.sell + move.trade > held:
            raise _not_held(who, held, chain, move.sell, move.trade)
        if move.trade % 2:
            raise _refuse(f"trades go 2 {chain} for 1 {survivor}, in pairs: --trade {move.trade} is odd (R5.3b)")
        if move.trade > self.trade_cap(who, chain, survivor):
            if not self.bank[survivor]:
                raise _refuse(f"the bank has no {survivor} shares left, so no trade: sell or hold the {chain} (R5.3b)")
            raise _refuse(
                f"the bank has {plural(self.bank[survivor], survivor + ' share')}: trade at most "
                f"{2 * self.bank[survivor]} {chain} (R5.3b)"
            )
        return _Plan(move, who)

    def _do_dispose(self, plan: _Plan, out: list[ev.Event]) -> None:
        move, who, m, pend = plan.move, plan.player, self._merger, self.pending
        assert isinstance(move, Dispose) and who is not None and m is not None and isinstance(pend, DisposeShares)
        chain, survivor = pend.chain, pend.survivor
        price = self.edition.price(chain, m.sizes[chain])
        if move.sell:
            self.shares[who][chain] -= move.sell
            self.bank[chain] += move.sell
            self.cash[who] += move.sell * price
            out.append(ev.SharesSold(who, chain, move.sell, move.sell * price))
        if move.trade:
            self.shares[who][chain] -= move.trade
            self.bank[chain] += move.trade
            self.shares[who][survivor] += move.trade // 2
            self.bank[survivor] -= move.trade // 2
            out.append(ev.SharesTraded(who, chain, move.trade, survivor, move.trade // 2))
        kept = self.shares[who][chain]
        if kept:
            out.append(ev.SharesHeld(who, chain, kept))
        m.queue.pop(0)
        self._after_merger_step(m.advance(self, out), out)

    def _verify_market(self, move: Market) -> _Plan:
        self._expect("settle the market's holding", DrawForMarket)
        if move.tile is not None and (move.tile in self.board or move.tile in self.discarded):
            raise _refuse(f"{move.tile} is not in the bag (it is on the board or out of the game): "
                          "draw the market's tile from the bag (R9)")
        return _Plan(move)

    def _do_market(self, plan: _Plan, out: list[ev.Event]) -> None:
        pend, move = self.pending, plan.move
        assert isinstance(pend, DrawForMarket) and isinstance(move, Market)
        self.market.settle(pend.chain, move.tile, move.column, out)
        if self._ending is not None:
            self.market.at_end[pend.chain] = self.market.take()
            self._game_over(out)
        else:
            assert self._merger is not None
            self._after_merger_step(self._merger.advance(self, out), out)

    def _after_merger_step(self, pending: Pending | None, out: list[ev.Event]) -> None:
        """The merger waits for ``pending``, or it is complete and the mergemaker buys (R5.6)."""
        if pending is not None:
            self.pending = pending
            return
        self._merger = None
        self._enter_buy(out)

    # ----- R6: buying shares ------------------------------------------------------------------
    def _buy_refusal(self, player: str, orders: Sequence[tuple[str, int]]) -> IllegalMoveError | None:
        """Why ``player`` may not buy ``orders`` (``(chain, count)`` pairs) now, or None (R6, R10.1)."""
        limit = self.edition.buy_limit
        total = sum(n for _, n in orders)
        if total > limit:
            return _refuse(f"{player} asks for {plural(total, 'share')}: at most {limit} a turn (R6.1)")
        cost = 0
        for chain, n in orders:
            if chain not in self.board.sizes:
                return _refuse(f"{chain} is not on the board: buy only chains on the board "
                               f"({', '.join(self.chains_on_board()) or 'none'}) (R6.1)")
            if self.bank[chain] < n:
                return _refuse(f"the bank has {plural(self.bank[chain], chain + ' share')}, not {n}: "
                               "the purchase is refused as a whole (R3.4, R6.3)")
            cost += n * self.price(chain)
        if cost > self.cash[player]:
            return _short_of_cash(player, orders, {c: self.price(c) for c, _ in orders}, self.cash[player],
                                  self.affordable(player, orders))
        return None

    def _verify_buy(self, move: Buy) -> _Plan:
        self._expect("buy shares", BuyShares)
        problem = self._buy_refusal(self.player, move.orders)
        if problem:
            raise problem
        return _Plan(move)

    def _do_buy(self, plan: _Plan, out: list[ev.Event]) -> None:
        p = self.player
        assert isinstance(plan.move, Buy)
        for chain, n in plan.move.orders:
            amount = n * self.price(chain)
            self.cash[p] -= amount
            self.bank[chain] -= n
            self.shares[p][chain] += n
            out.append(ev.SharesBought(p, chain, n, amount))
        self._finish_turn(out, "")

    def _enter_buy(self, out: list[ev.Event]) -> None:
        """The buy step; when nothing can be bought, the end can't be declared and (table mode) the
        turn's tile made no space dead, the turn finishes by itself (R6.2, R7.3)."""
        self.pending = BuyShares(self.player)
        p, figure = self.player, ""  # figure: the player's cash, theirs alone while holdings are hidden (R10.1)
        if not self.can_buy(p) and self._end_refusal() is not None and not made_dead(self):
            if not self.board.sizes:
                why = "no chain is on the board"
            elif not self.edition.buy_limit:
                why = "this ruleset's buy limit is 0"
            elif not any(self.bank[c] for c in self.board.sizes):
                why = "the bank has no share of any chain on the board"
            else:
                why, figure = f"{p} can't afford any share", f" ({money(self.cash[p])})"
            self._finish_turn(out, f"nothing can be bought: {why}{figure} (R6.2)",
                              f"nothing can be bought: {why} (R6.2)" if figure else None)

    # ----- R4.7, R7.3: passing and dead tiles ----------------------------------------------------
    def _verify_pass(self, move: Pass) -> _Plan:
        self._expect("pass", PlaceTile)
        if self.supply.knows_racks and self.playable_tiles(self.player):
            raise _refuse(f"{self.player} has a playable tile, so must place one (R4.7)")
        return _Plan(move)

    def _do_pass(self, plan: _Plan, out: list[ev.Event]) -> None:
        self.placed_this_turn = False
        out.append(ev.Passed(self.player))
        self._enter_buy(out)

    def _discard_refusal(self) -> str | None:
        """Why the current player may not show dead tiles now, or None (R7.3)."""
        if self.supply.knows_racks:
            return "in dealt mode the referee replaces dead tiles itself at the end of the turn (R7.3)"
        if self.discarded_this_turn and not self.options.replace_until_none:
            return f"{self.player} has already replaced dead tiles this turn: once per turn (R7.3)"
        return None

    def _verify_discard(self, move: Discard) -> _Plan:
        self._expect("discard dead tiles", PlaceTile, BuyShares)
        p = self.player
        problem = self._discard_refusal()
        if problem:
            raise _refuse(problem)
        if len(set(move.tiles)) != len(move.tiles):
            raise _refuse("a tile is named twice (R7.3)")
        if len(move.tiles) > self.racks[p]:
            raise _refuse(f"{p}'s rack holds {plural(self.racks[p], 'tile')}, not {len(move.tiles)} (R7.3)")
        for t in move.tiles:
            self._check_tile_known(t)
            eff = self.effect(t)
            if eff.kind != "dead":
                raise _refuse(f"{t} is not a dead tile (it {eff.phrase(self.board.sizes)}): "
                              "only dead tiles are replaced (R4.6, R7.3)")
        return _Plan(move)

    def _do_discard(self, plan: _Plan, out: list[ev.Event]) -> None:
        p, move = self.player, plan.move
        assert isinstance(move, Discard)
        self.discarded.extend(move.tiles)
        drawn = self.supply.replace(p, move.tiles)
        self.discarded_this_turn = True
        out.append(ev.TilesDiscarded(p, tuple(map(str, move.tiles)), drawn))

    def _replace_dead_tiles(self, p: str, out: list[ev.Event]) -> None:
        """Dealt mode, end of ``p``'s turn: dead tiles out of the game and replaced, once or until
        none by the ``dead-tiles`` option (R7.3)."""
        safe, kind = self.edition.safe_size, self.board.kind
        if sum(1 for s in self.board.sizes.values() if s >= safe) < 2:
            return  # a dead tile needs two safe chains (R4.6)
        while True:
            dead = [t for t in self.supply.rack(p) if kind(t, len(self.edition.chains) - len(self.board.sizes), safe) == "dead"]
            if not dead:
                return
            self.discarded.extend(dead)
            drawn = self.supply.replace(p, dead)
            out.append(ev.TilesDiscarded(p, tuple(map(str, dead)), drawn))
            if not self.options.replace_until_none or not drawn:
                return

    # ----- R8: the end ------------------------------------------------------------------------
    def _end_refusal(self) -> str | None:
        """Why the current player may not declare the end now, or None (R8.1, R8.2)."""
        if self.end_declared:
            return f"{self.player} has already declared the end (R8.2)"
        if not self.end_available():
            return f"the end is not available: {self.edition.end_condition(self.board.sizes)} (R8.1)"
        return None

    def _verify_end(self, move: End) -> _Plan:
        self._expect("declare the end", PlaceTile, BuyShares)
        problem = self._end_refusal()
        if problem:
            raise _refuse(problem)
        return _Plan(move)

    def _do_end(self, plan: _Plan, out: list[ev.Event]) -> None:
        self.end_declared = True
        out.append(ev.EndDeclared(self.player))
        if isinstance(self.pending, BuyShares) and not self.can_buy(self.player):
            self._finish_turn(out, "nothing can be bought (R6.2)")

    def _finish_turn(self, out: list[ev.Event], reason: str, public_reason: str | None = None) -> None:
        """The turn ends: draw (R7.1), dealt dead tiles (R7.3), then the end or the next seat (R10.1: TurnFinished)."""
        p = self.player
        drew = self.placed_this_turn and self.supply.draw(p)
        out.append(finished := ev.TurnFinished(p, drew, self.bag, reason, public_reason=public_reason))
        if self.supply.knows_racks:
            self._replace_dead_tiles(p, out)
        if self._restart is None:
            self._worth.append((self.turn, self.net_worth()))
        self.passes = 0 if self.placed_this_turn else self.passes + 1
        if self.end_declared:
            self._ending, self._ended_by = EndReason.DECLARED, p
        elif not self.options.stall_continues and self.passes >= len(self.players):
            self._ending = EndReason.STALLED
        elif not self.options.stall_continues and self.supply.tiles_left() == 0:
            self._ending = EndReason.EXHAUSTED
        if self._ending is not None:
            out[out.index(finished)] = ev.TurnFinished(p, drew, finished.bag, reason, last=True, public_reason=public_reason)
            out.append(ev.GameOver(self._ending.text(self._ended_by)))
            self._game_over(out)
            return
        self.current = (self.current + 1) % len(self.players)
        self.turn += 1
        self.placed_this_turn = False
        self.discarded_this_turn = False
        self.pending = PlaceTile(self.player)

    def _game_over(self, out: list[ev.Event]) -> None:
        """The final payout (R8.3), once the market's holdings are known (R9)."""
        for chain in self.chains_on_board():
            if chain not in self.market.at_end:
                if not self.market.ready(chain, self.supply, out, any(self.shares[p][chain] for p in self.players)):
                    self.pending = DrawForMarket(self.player, chain)
                    return
                if self.market.on:
                    self.market.at_end[chain] = self.market.take()
        scores = self._payout_scores()
        for s in scores:
            if s.player == MARKET:
                for chain, amount, kind, held in s.bonuses:
                    self.market.won(chain, held, amount, kind, out)
        self._final_scores = [s for s in scores if s.player != MARKET]
        cash = {s.player: s.total for s in self._final_scores}
        out.extend(payout_events(self._final_scores, self.chains_on_board()))
        for chain in self.chains_on_board():
            for p in self.players:
                self.bank[chain] += self.shares[p][chain]
                self.shares[p][chain] = 0
        self.cash = cash
        self.final_cash = dict(cash)
        assert self._ending is not None
        self.pending = GameEnded(self._ending)
        out.extend(ev.Standing(p, c, r) for p, c, r in self.standings())

    # ----- scoring ------------------------------------------------------------------------------
    def final_payout(self) -> tuple[list[ev.Event], dict[str, int]]:
        """The final payout if the game ended now (R8.3), without changing the game.

        Returns the events (chain by chain in information-card order: bonuses, then every share
        sold) and each player's money afterwards in dollars.
        """
        scores = self.score_breakdown(projected=True)
        return payout_events(scores, self.chains_on_board()), {s.player: s.total for s in scores}

    def score_breakdown(self, projected: bool = False) -> list[PlayerScore]:
        """Each player's payout, seating order: the final one when the game is over, else (or
        with ``projected``) what it would be if the game ended now (R8.3)."""
        if self.over and self._final_scores is not None and not projected:
            return list(self._final_scores)
        return [s for s in self._payout_scores() if s.player != MARKET]

    def _payout_scores(self) -> list[PlayerScore]:
        """:func:`final_scores` for the game as it stands, the market's last when it has drawn.

        In the middle of a merger (R8.5): the defunct chains whose bonuses were paid are not paid
        again; the shares of the one being disposed of count at its pre-merger price for each
        holder still to decide; shares kept after disposal count as nothing; the defunct chains
        still to be handled count at their pre-merger size, as R5 will handle them.
        """
        sizes = self.board.sizes
        open_sales: dict[str, tuple[str, int, int]] = {}
        m = self._merger
        if m is not None:  # defunct chains already paid are gone (R5.5)
            paid = m.paid_out()
            sizes = {c: s for c, s in sizes.items() if c not in paid}
            if m.current in paid:
                price = self.edition.price(m.current, m.sizes[m.current])
                for p in m.queue:
                    n = self.shares[p][m.current]
                    open_sales[p] = (m.current, n, n * price)
        scores = final_scores(self.edition, sizes, self.cash, self.shares, self.market.at_end or None)
        return [PlayerScore(s.player, s.before, s.bonuses, (*s.sales, open_sales[s.player]))
                if s.player in open_sales else s for s in scores]

    def standings(self) -> list[tuple[str, int, int]]:
        """``[(player, dollars, rank)]`` best first: final when over, else as projected (R8.3)."""
        return rank({s.player: s.total for s in self.score_breakdown()})

    # ----- every legal answer ---------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal answer to the pending decision (DESIGN 1), without changing the game.

        Decisions given up front (``--found`` ...) are left to the pending ``choose`` instead.
        In table mode the tiles come from outside the referee: ``start`` yields nothing, and
        ``place`` yields every tile that is playable on the board (not which are in the rack).
        Each limit is the one :meth:`verify` applies.
        """
        pend = self.pending
        out: list[Move] = []
        if isinstance(pend, DrawStartTiles):
            return [m for m in (Start(()),) if self.is_legal(m)]
        if isinstance(pend, PlaceTile):
            p = pend.player
            if self.racks[p]:
                can_discard = self._discard_refusal() is None
                for t in self.supply.candidates(p, [*self.board.owner, *self.discarded]):
                    kind = self.tile_kind(t)
                    if kind in PLAYABLE:
                        out.append(Place(t))
                    elif kind == "dead" and can_discard:
                        out.append(Discard((t,)))
            if self.is_legal(Pass()):
                out.append(Pass())
        elif isinstance(pend, ChooseChain):
            out = [Choose((c,)) for c in pend.options]
        elif isinstance(pend, DisposeShares):
            held = self.shares[pend.player][pend.chain]
            cap = self.trade_cap(pend.player, pend.chain, pend.survivor)
            out = [Dispose(None, sell, trade) for trade in range(0, cap + 1, 2) for sell in range(held - trade + 1)]
        elif isinstance(pend, DrawForMarket):
            out = [Market(c) for c in range(1, 13)]
        elif isinstance(pend, BuyShares):
            out = [Buy(orders) for orders in self._purchases(pend.player)]
        if isinstance(pend, PlaceTile | BuyShares) and self._end_refusal() is None:
            out.append(End())
        return out

    def _purchases(self, p: str) -> list[tuple[tuple[str, int], ...]]:
        """Every purchase ``p`` could make now, as ``Buy.orders`` (R6): 0 to the buy limit shares,
        each accepted by the same check as :meth:`verify`."""
        chains = self.chains_on_board()
        found: list[tuple[tuple[str, int], ...]] = []

        def extend(start: int, orders: dict[str, int], left: int) -> None:
            if self._buy_refusal(p, tuple(orders.items())) is not None:
                return
            found.append(tuple(orders.items()))
            if left == 0:
                return
            for i in range(start, len(chains)):
                more = dict(orders)
                more[chains[i]] = more.get(chains[i], 0) + 1
                extend(i, more, left - 1)

        extend(0, {}, self.edition.buy_limit)
        return found



_STEPS: dict[type, tuple[Callable[[Game, Any], _Plan], Callable[[Game, _Plan, list[ev.Event]], None]]] = {
    Start: (Game._verify_start, Game._do_start),
    Place: (Game._verify_place, Game._do_place),
    Choose: (Game._verify_choose, Game._do_choose),
    Dispose: (Game._verify_dispose, Game._do_dispose),
    Market: (Game._verify_market, Game._do_market),
    Buy: (Game._verify_buy, Game._do_buy),
    Pass: (Game._verify_pass, Game._do_pass),
    Discard: (Game._verify_discard, Game._do_discard),
    End: (Game._verify_end, Game._do_end),
}
"""Each kind of move's verifier and the change it makes once verified."""

def dead_spaces(game: Game) -> frozenset[Tile]:
    """The empty spaces of the board where no tile can ever be played: they would merge two
    safe chains (R4.6); empty while fewer than two chains are safe."""
    safe = game.edition.safe_size
    if sum(1 for s in game.board.sizes.values() if s >= safe) < 2:
        return frozenset()
    free, kind = len(game.edition.chains) - len(game.board.sizes), game.board.kind
    return frozenset(t for t in ALL_TILES if kind(t, free, safe) == "dead")


def made_dead(game: Game) -> bool:
    """Table mode: whether the tile placed this turn turned an empty space dead (it made a second
    chain safe, or grew a safe chain beside another), so that the turn stays open for the player
    to show the dead tile even when nothing can be bought (R7.3 as revised); False in dealt mode,
    where the referee replaces dead tiles itself."""
    if game.supply.knows_racks or not game.placed_this_turn:
        return False
    return bool(dead_spaces(game) - game._dead_before)


def audit(game: Game) -> list[str]:
    """Every broken invariant of the books, as sentences (none in a sound game): the 108 tiles
    are on the board, in the bag, in racks or out of the game; each chain's shares add up to
    the edition's number; nobody holds a negative count; money is whole hundreds, never
    negative (R1.1, R2.1, R3.4, R6.3)."""
    problems: list[str] = []
    total = len(game.board.owner) + game.supply.tiles_left() + len(game.discarded)
    if total != len(ALL_TILES):
        problems.append(f"{total} tiles are accounted for, not {len(ALL_TILES)}")
    if set(game.board.owner) & set(game.discarded):
        problems.append("a tile is both on the board and out of the game")
    for c in game.edition.chain_names:
        held = [game.shares[p][c] for p in game.players]
        if game.bank[c] < 0 or min(held) < 0:
            problems.append(f"a negative count of {c} shares")
        if game.bank[c] + sum(held) != game.edition.shares_per_chain:
            problems.append(f"{c}: the bank's {game.bank[c]} and the players' {sum(held)} shares "
                            f"are not {game.edition.shares_per_chain} (R3.4)")
    for p, dollars in game.cash.items():
        if dollars < 0 or dollars % 100:
            problems.append(f"{p} has {money(dollars)}: money is whole hundreds, never negative (R2.1, R6.3)")
    return problems
