"""The game: :class:`Game` takes one verified move at a time, from the start tiles to the standings.

Every move has the same two steps: verifying checks it against the rules and the pending
decision without changing anything and returns a typed plan (one per kind of move: a
:class:`PlacePlan` knows the tile's effect and the merger it starts), or raises
:class:`IllegalMoveError` naming the rule and the facts; doing makes the change the plan says
with no further checks. :meth:`Game.verify` and :meth:`Game.is_legal` run the first step alone,
:meth:`Game.apply` both, and :meth:`Game.legal_moves` is built from the same predicates, so a
refused move changes nothing by construction. The rule areas hold their own checks and changes:
:mod:`acquire_ref.engine.merger` (R5), :mod:`acquire_ref.engine.buying` (R6), :mod:`acquire_ref.engine.drawing` (R7)
and :mod:`acquire_ref.engine.ending` (R8); the questions a state answers are in :mod:`acquire_ref.engine.state`.

>>> from acquire_ref.engine.moves import parse_move
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

from collections.abc import Iterable, Sequence
from functools import partial
from typing import assert_never

from acquire_ref.engine import events as ev
from acquire_ref.engine.board import PLAYABLE
from acquire_ref.engine.buying import BuyPlan, buy_refusal, nothing_to_buy, pay, purchases, why_nothing
from acquire_ref.engine.drawing import (
    DiscardPlan,
    check_discard,
    check_on_board,
    check_tile_known,
    dead_spaces,
    discard,
    discard_refusal,
    made_dead,
    replace_dead_tiles,
)
from acquire_ref.engine.editions import Edition, load_edition
from acquire_ref.engine.ending import EndPlan, end_allowed, end_refusal, ending_after_turn, market_to_draw, pay_out
from acquire_ref.engine.errors import AcquireError, IllegalMoveError, NotationError
from acquire_ref.engine.events import money
from acquire_ref.engine.merger import (
    DisposePlan,
    MarketPlan,
    Merger,
    MergerStep,
    OrderPlan,
    SurvivorPlan,
    check_disposal,
    chosen_order,
    dispose,
    not_an_option,
    plan_merger,
)
from acquire_ref.engine.moves import Buy, Choose, Discard, Dispose, End, Market, Move, Pass, Place, Start
from acquire_ref.engine.pending import (
    BuyShares,
    ChooseSurvivor,
    DisposeShares,
    DrawForMarket,
    DrawStartTiles,
    EndReason,
    FoundChain,
    GameEnded,
    OrderDefunct,
    Pending,
    PlaceTile,
)
from acquire_ref.engine.placing import FoundPlan, PassPlan, PlacePlan, StartPlan, check_playable, check_start_tiles, grow
from acquire_ref.engine.setup import Options, Position, check_player_names
from acquire_ref.engine.state import GameState, LogEntry
from acquire_ref.engine.supply import DealtSupply, TableSupply
from acquire_ref.engine.tiles import CLASSIC_GRID, Grid, Tile

__all__ = ["MAX_MOVES", "Game", "GameState", "LogEntry", "audit", "dead_spaces", "made_dead", "shuffled_bag"]


def shuffled_bag(seed: int, grid: Grid = CLASSIC_GRID) -> list[Tile]:
    """All the tiles of ``grid`` (the classic 108 unless given, R1.1a) in a random order drawn
    from ``seed``: a dealt game's tile bag.

    The order is written into the game file, so replaying never depends on the generator.
    >>> len(shuffled_bag(7)), shuffled_bag(7) == shuffled_bag(7), len(shuffled_bag(7, Grid(10, 10)))
    (108, True, 100)
    """
    import random

    bag = list(grid.tiles)
    random.Random(seed).shuffle(bag)
    return bag


MAX_MOVES = 10_000
"""The most moves a game holds, ``pass`` moves included (and, in a file, the most moves taken back
by ``undo``): a real game has a few hundred, so this is headroom, and a bound on what a file can
make every command replay."""


Plan = (StartPlan | PlacePlan | FoundPlan | SurvivorPlan | OrderPlan | DisposePlan | MarketPlan | BuyPlan
        | PassPlan | DiscardPlan | EndPlan)
"""What a verified move will do: one kind of plan for each kind of move (``choose`` has three,
one per decision it answers)."""


class Game(GameState):
    """The rules of Acquire at work: a :class:`GameState` that moves change, one verified move at
    a time (:meth:`verify`, :meth:`apply`), from the start tiles (or a position) to the standings.

    Make one with :meth:`table`, :meth:`dealt` or :meth:`from_position`.
    """

    # ----- construction -------------------------------------------------------------------
    @classmethod
    def _setup(cls, players: Iterable[str], edition: Edition | str, options: dict[str, str] | None
               ) -> tuple[list[str], Edition, Options]:
        """The checked players, the edition and the options of a new game (R2.1, R17)."""
        players = list(players)
        ed = load_edition(edition) if isinstance(edition, str) else edition
        if len(players) * (ed.rack_size + 1) > len(ed.grid.tiles):
            raise NotationError(
                f"{len(players)} players with racks of {ed.rack_size} need {len(players) * (ed.rack_size + 1)} tiles "
                f"with their start tiles; there are {len(ed.grid.tiles)}"
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
        game = cls(players, ed, opts, TableSupply(players, len(ed.grid.tiles), tiles=ed.grid.tiles))
        game._restart = partial(cls.table, players, ed, options)
        return game

    @classmethod
    def new(cls, players: Iterable[str], edition: Edition | str = "classic", options: dict[str, str] | None = None,
            ) -> Game:
        """The usual game: :meth:`table` (a method of its own, not an alias: a compiled class, mypyc's, has no alias)."""
        return cls.table(players, edition, options)

    @classmethod
    def dealt(cls, players: Iterable[str], bag_order: Sequence[Tile], seed: int = 0,
              edition: Edition | str = "classic", options: dict[str, str] | None = None) -> Game:
        """A game whose tiles the referee deals from ``bag_order`` (all 108 tiles, see
        :func:`shuffled_bag`), knowing every rack; ``seed`` also drives the market's draws (R9).

        Raises :class:`NotationError` as :meth:`table` does, and for a bag that is not every tile once.
        """
        players, ed, opts = cls._setup(players, edition, options)
        tiles = ed.grid.tiles
        if len(bag_order) != len(tiles) or set(bag_order) != set(tiles):
            raise NotationError(f"a dealt game's bag order must hold each of the {len(tiles)} tiles of the "
                                f"{ed.grid} board once (1A to {ed.grid.last()})")
        game = cls(players, ed, opts, DealtSupply(players, list(bag_order), tiles), seed)
        game._restart = partial(cls.dealt, players, list(bag_order), seed, ed, options)
        return game

    @classmethod
    def from_position(cls, players: Iterable[str], position: Position, edition: Edition | str = "classic",
                      options: dict[str, str] | None = None) -> Game:
        """A table game going on from a checked ``position`` (see :func:`acquire_ref.engine.setup.read_position`):
        the position's next player is to place a tile. Raises :class:`NotationError` as :meth:`table`,
        and when the position fails :func:`audit`."""
        players, ed, opts = cls._setup(players, edition, options)
        game = cls(players, ed, opts, TableSupply(players, position.bag, position.racks, ed.grid.tiles))
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
        game.pending = game.place_tile(game.player)
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
        self._do(plan, out)
        self.log.append(LogEntry(self._recorded(plan.move), turn, actor, out))
        return out

    def _verify(self, move: Move) -> Plan:
        """The plan of ``move`` once each rule it meets has accepted it; raises the first refusal."""
        if len(self.log) >= MAX_MOVES:
            raise IllegalMoveError(reason="move_cap", moves=len(self.log))
        match move:  # the most frequent first
            case Place():
                return self._verify_place(move)
            case Buy():
                return self._verify_buy(move)
            case Choose():
                return self._verify_choose(move)
            case Dispose():
                return self._verify_dispose(move)
            case Pass():
                return self._verify_pass(move)
            case Start():
                return self._verify_start(move)
            case Market():
                return self._verify_market(move)
            case Discard():
                self._expect("discard", PlaceTile, BuyShares)
                return check_discard(self, move)
            case End():
                return self._verify_end(move)
            case _:
                assert_never(move)

    def _do(self, plan: Plan, out: list[ev.Event]) -> None:
        """Make the change ``plan`` says, appending its events to ``out``."""
        match plan:  # the most frequent first
            case PlacePlan():
                self._do_place(plan, out)
            case BuyPlan():
                pay(self, self.player, plan, out)
                self._finish_turn(out, "")
            case FoundPlan():
                self._found(plan.move.chains[0], out)
            case DisposePlan():
                step = dispose(self, plan.merger, plan.decision, plan.who, plan.move, out)
                self._after_merger_step(step, out)
            case SurvivorPlan():
                plan.merger.order = plan.order
                plan.merger.survivor = plan.move.chains[0]
                self._after_merger_step(plan.merger.begin(self, out), out)
            case OrderPlan():
                plan.merger.order = plan.order
                self._after_merger_step(plan.merger.advance(self, out), out)
            case PassPlan():
                self._do_pass(out)
            case StartPlan():
                self._do_start(plan, out)
            case MarketPlan():
                self._do_market(plan, out)
            case DiscardPlan():
                discard(self, plan, out)
            case EndPlan():
                self._do_end(out)
            case _:
                assert_never(plan)

    def _recorded(self, move: Move) -> Move:
        """The move as the file records it: dealt start tiles are drawn again on replay, and a
        disposal without the holder's name still replays when a player is renamed."""
        if isinstance(move, Start) and self.supply.knows_racks:
            return Start(())
        if isinstance(move, Dispose) and (move.player is not None or move.sell_all or move.trade_max):
            return Dispose(None, move.sell, move.trade)
        return move

    def _not_now(self, what: str, tile: Tile | None = None) -> IllegalMoveError:
        """The refusal of a move ``what`` (its verb: ``"place"``, ``"buy"``...) that does not
        answer the pending decision, as data: the move and the decision pending."""
        rule = "R2.2" if isinstance(self.pending, DrawStartTiles) else None  # the start is R2.2's; a turn's order is none
        return IllegalMoveError(rule=rule, reason="not_now", move=what, tile=None if tile is None else str(tile),
                                pending=self.pending)

    def _expect(self, what: str, *decisions: type[Pending], tile: Tile | None = None) -> None:
        """Raise :meth:`_not_now` unless the pending decision is one of ``decisions``."""
        if not isinstance(self.pending, decisions):
            raise self._not_now(what, tile)

    def _in_merger(self) -> Merger:
        """The merger in progress: a decision of the merger is pending only while there is one (R5)."""
        if self._merger is None:
            raise AssertionError("a merger's decision is pending, but no merger is in progress")
        return self._merger

    # ----- R2: the start --------------------------------------------------------------------
    def _verify_start(self, move: Start) -> StartPlan:
        self._expect("start", DrawStartTiles)
        for tile in move.tiles:
            check_on_board(self.edition.grid, tile)
        return check_start_tiles(self.players, self.supply.start_tiles(move.tiles, len(self.players)))

    def _do_start(self, plan: StartPlan, out: list[ev.Event]) -> None:
        move = plan.move
        for p, t in zip(self.players, move.tiles, strict=True):
            self.board.put(t)
            out.append(ev.StartTilePlaced(p, str(t)))
        column_first = self.options.column_first
        first = min(range(len(self.players)), key=lambda i: move.tiles[i].start_key(column_first))
        self.supply.deal(move.tiles, self.players, self.edition.rack_size)
        self.current = first
        self.turn = 1
        self.pending = self.place_tile(self.player)
        out.append(ev.FirstPlayer(self.player, str(move.tiles[first]), self.bag))

    # ----- R4: placing a tile ---------------------------------------------------------------
    def _verify_place(self, move: Place) -> PlacePlan:
        if not isinstance(self.pending, PlaceTile):
            self._expect("place", PlaceTile, tile=move.tile)
        p, tile = self.player, move.tile
        if self.racks[p] == 0:
            raise IllegalMoveError(rule="R7.2", reason="rack_empty", who=p)
        check_tile_known(self, tile)
        if not self.supply.holds(p, tile):
            raise IllegalMoveError(reason="not_in_rack", tile=str(tile), who=p)
        eff = self.effect(tile)
        check_playable(move, eff, self.edition, self.board, self.discarded_this_turn)
        merger = plan_merger(move, eff, self.board.sizes, p) if eff.kind == "merge" else None
        return PlacePlan(move, eff, merger)

    def _do_place(self, plan: PlacePlan, out: list[ev.Event]) -> None:
        move, eff, p = plan.move, plan.effect, self.player
        self.dead_before = dead_spaces(self) if not self.supply.knows_racks else frozenset()
        self.supply.take(p, move.tile)
        self.placed_this_turn = True
        self.board.put(move.tile)
        out.append(ev.TilePlaced(p, str(move.tile), eff.kind))
        if eff.kind == "grow":
            out.append(grow(eff, self.edition, self.board))
            self._enter_buy(out)
        elif eff.kind == "found":
            free = self.free_chains()
            self._found_group = eff.group
            if move.found or len(free) == 1:
                self._found(move.found or free[0], out)
            else:
                self.pending = FoundChain(p, tuple(free))
        elif plan.merger is not None:
            self._merger = plan.merger
            if plan.merger.survivor is None:
                self.pending = ChooseSurvivor(p, plan.merger.candidates())
            else:
                self._after_merger_step(plan.merger.begin(self, out), out)
        else:  # a lone tile (R4.1)
            self._enter_buy(out)

    def _found(self, chain: str, out: list[ev.Event]) -> None:
        """Found ``chain`` on the placed tile's group; the founder's share if the bank has one (R4.2)."""
        p, group = self.player, self._found_group or frozenset()
        self.board.assign(group, chain)
        self._found_group = None
        size = self.board.sizes[chain]
        out.append(ev.ChainFounded(p, chain, size, self.price(chain), self.edition.is_safe(size)))
        given = self.bank[chain] > 0
        if given:
            self.bank[chain] -= 1
            self.shares[p][chain] += 1
        out.append(ev.FounderShare(p, chain, given))
        self._enter_buy(out)

    def _verify_pass(self, move: Pass) -> PassPlan:
        self._expect("pass", PlaceTile)
        if self.supply.knows_racks and self.playable_tiles(self.player):
            raise IllegalMoveError(rule="R4.7", reason="must_place", who=self.player)
        return PassPlan(move)

    def _do_pass(self, out: list[ev.Event]) -> None:
        self.placed_this_turn = False
        out.append(ev.Passed(self.player))
        self._enter_buy(out)

    # ----- R4.2, R5: choosing a chain, disposing of defunct shares, the market's tile -----------
    def _verify_choose(self, move: Choose) -> FoundPlan | SurvivorPlan | OrderPlan:
        pend = self.pending
        first, rest = move.chains[0], move.chains[1:]
        match pend:
            case FoundChain():
                if first not in pend.options:
                    raise IllegalMoveError(rule="R4.2", reason="choose_on_board", chain=first, free=tuple(pend.options))
                if rest:
                    raise IllegalMoveError(rule="R4.2", reason="found_one", free=tuple(pend.options))
                return FoundPlan(move)
            case ChooseSurvivor() | OrderDefunct():
                if first not in pend.options:
                    raise not_an_option(self._merger, pend, first)
                m = self._in_merger()
                order = chosen_order(m, pend, first, rest)
                return SurvivorPlan(move, m, order) if isinstance(pend, ChooseSurvivor) else OrderPlan(move, m, order)
            case _:
                raise self._not_now("choose")

    def _verify_dispose(self, move: Dispose) -> DisposePlan:
        pend = self.pending
        if not isinstance(pend, DisposeShares):
            raise self._not_now("dispose")
        who = self.resolve_player(move.player) if move.player else pend.player
        return DisposePlan(check_disposal(self, pend, who, move), pend, who, self._in_merger())

    def _verify_market(self, move: Market) -> MarketPlan:
        pend = self.pending
        if not isinstance(pend, DrawForMarket):
            raise self._not_now("market")
        if not 1 <= move.column <= self.edition.grid.columns:
            raise IllegalMoveError(rule="R9", reason="market_column", grid=str(self.edition.grid),
                                   columns=self.edition.grid.columns)
        if move.tile is not None and (move.tile in self.board or move.tile in self.discarded):
            raise IllegalMoveError(rule="R9", reason="market_tile_used", tile=str(move.tile))
        return MarketPlan(move, pend)

    def _do_market(self, plan: MarketPlan, out: list[ev.Event]) -> None:
        chain = plan.decision.chain
        self.market.settle(chain, plan.move.tile, plan.move.column, out)
        if self._ending is not None:
            self.market.at_end[chain] = self.market.take()
            self._game_over(self._ending, out)
        else:
            self._after_merger_step(self._in_merger().advance(self, out), out)

    def _after_merger_step(self, step: MergerStep, out: list[ev.Event]) -> None:
        """The merger waits for ``step``, or it is complete and the mergemaker buys (R5.6)."""
        if step is not None:
            self.pending = step
            return
        self._merger = None
        self._enter_buy(out)

    # ----- R6: buying shares; R8: the end ---------------------------------------------------
    def _verify_buy(self, move: Buy) -> BuyPlan:
        self._expect("buy", BuyShares)
        problem = buy_refusal(self, self.player, move.orders)
        if problem:
            raise problem
        return BuyPlan(move)

    def _enter_buy(self, out: list[ev.Event]) -> None:
        """The buy step; when nothing can be bought, the end can't be declared and (table mode) the
        turn's tile made no space dead, the turn finishes by itself (R6.2, R7.3)."""
        p = self.player
        self.pending = self.buy_shares(p)
        if self.can_buy(p) or end_allowed(self) or made_dead(self):
            return
        why, figure = why_nothing(self, p)  # figure: the player's cash, theirs alone (R10.1)
        self._finish_turn(out, f"nothing can be bought: {why}{figure} (R6.2)",
                          f"nothing can be bought: {why} (R6.2)" if figure else None, nothing_to_buy(self, p) or "")

    def _verify_end(self, move: End) -> EndPlan:
        self._expect("end", PlaceTile, BuyShares)
        problem = end_refusal(self)
        if problem:
            raise problem
        return EndPlan(move)

    def _do_end(self, out: list[ev.Event]) -> None:
        self.end_declared = True
        out.append(ev.EndDeclared(self.player))
        if isinstance(self.pending, BuyShares) and not self.can_buy(self.player):
            self._finish_turn(out, "nothing can be bought (R6.2)", nothing="any")

    def _finish_turn(self, out: list[ev.Event], reason: str, public_reason: str | None = None, nothing: str = "") -> None:
        """The turn ends: draw (R7.1), dealt dead tiles (R7.3), then the end (R8.2, R8.4) or the
        next seat (R10.1: TurnFinished)."""
        p = self.player
        drew = self.placed_this_turn and self.supply.draw(p)
        cash = self.cash[p] if nothing == "cash" else None  # the player's own figure (R10.1)
        out.append(finished := ev.TurnFinished(p, drew, self.bag, reason, False, public_reason, nothing, cash))
        if self.supply.knows_racks:
            replace_dead_tiles(self, p, out)
        if self._restart is None:
            self._worth.append((self.turn, self.net_worth()))
        self.passes = 0 if self.placed_this_turn else self.passes + 1
        self._ending = ending_after_turn(self)
        if self._ending is None:
            self.current = (self.current + 1) % len(self.players)
            self.turn += 1
            self.placed_this_turn = False
            self.discarded_this_turn = False
            self.pending = self.place_tile(self.player)
            return
        self._ended_by = p if self._ending is EndReason.DECLARED else None
        out[out.index(finished)] = ev.TurnFinished(p, drew, finished.bag, reason, True, public_reason, nothing, cash)
        out.append(ev.GameOver(self._ending.text(self._ended_by), self._ending.value, self._ended_by))
        self._game_over(self._ending, out)

    def _game_over(self, reason: EndReason, out: list[ev.Event]) -> None:
        """The final payout (R8.3), once the market's holdings are known (R9)."""
        chain = market_to_draw(self, out)
        if chain is not None:
            self.pending = DrawForMarket(self.player, chain)
            return
        self._final_scores = pay_out(self, out)
        self.pending = GameEnded(reason)
        out.extend(ev.Standing(p, c, r) for p, c, r in self.standings())

    # ----- every legal answer ---------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal answer to the pending decision (DESIGN 1), without changing the game.

        Decisions given up front (``--found`` ...) are left to the pending ``choose`` instead.
        In table mode the tiles come from outside the referee: ``start`` yields nothing, and
        ``place`` yields every tile that is playable on the board (not which are in the rack).
        Each limit is the one :meth:`verify` applies.
        """
        pend = self.pending
        out: list[Move]
        match pend:
            case DrawStartTiles():
                return [m for m in (Start(()),) if self.is_legal(m)]
            case PlaceTile():
                out = _placements(self, pend.player)
            case FoundChain() | ChooseSurvivor() | OrderDefunct():
                out = [Choose((c,)) for c in pend.options]
            case DisposeShares():
                held = self.shares[pend.player][pend.chain]
                cap = self.trade_cap(pend.player, pend.chain, pend.survivor)
                out = [Dispose(None, sell, trade) for trade in range(0, cap + 1, 2) for sell in range(held - trade + 1)]
            case DrawForMarket():
                out = [Market(c) for c in range(1, self.edition.grid.columns + 1)]
            case BuyShares():
                out = [Buy(orders) for orders in purchases(self, pend.player)]
            case GameEnded():
                out = []
            case _:
                assert_never(pend)
        if isinstance(pend, PlaceTile | BuyShares) and end_allowed(self):
            out.append(End())
        return out


def _placements(game: Game, p: str) -> list[Move]:
    """The tiles ``p`` may place now, the dead tiles they may show, and ``pass`` if legal (R4,
    R7.3): the placing part of :meth:`Game.legal_moves`."""
    out: list[Move] = []
    if game.racks[p]:
        can_discard = discard_refusal(game) is None
        for t in game.supply.candidates(p, [*game.board.owner, *game.discarded]):
            kind = game.tile_kind(t)
            if kind in PLAYABLE:
                out.append(Place(t))
            elif kind == "dead" and can_discard:
                out.append(Discard((t,)))
    if game.is_legal(Pass()):
        out.append(Pass())
    return out


def audit(game: GameState) -> list[str]:
    """Every broken invariant of the books, as sentences (none in a sound game): the 108 tiles
    are on the board, in the bag, in racks or out of the game; each chain's shares add up to
    the edition's number; nobody holds a negative count; money is whole hundreds, never
    negative (R1.1, R2.1, R3.4, R6.3)."""
    problems: list[str] = []
    total = len(game.board.owner) + game.supply.tiles_left() + len(game.discarded)
    tiles = len(game.edition.grid.tiles)
    if total != tiles:
        problems.append(f"{total} tiles are accounted for, not {tiles}")
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
