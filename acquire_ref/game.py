"""The game: seats, cash, shares, the bank, the tile bag and racks, and the pending decision.

``Game.apply(move)`` is the one mutator: it checks the whole move against the rules and the
pending decision first, raises :class:`IllegalMoveError` (naming the rule and the facts) without
changing anything when the move is illegal, and otherwise applies it and returns its events.

>>> from acquire_ref.moves import parse_move
>>> g = Game.new(["Ann", "Ben", "Cat"])
>>> _ = g.apply(parse_move("start 5C 6C 1I"))
>>> g.pending.decision, g.pending.player
('place', 'Ann')
>>> _ = g.apply(parse_move("place 7C --found Imperial"))
>>> g.board.sizes, g.shares["Ann"]["Imperial"]
({'Imperial': 3}, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from acquire_ref import events as ev
from acquire_ref.board import Board
from acquire_ref.editions import OPTION_VALUES, Edition, load_edition
from acquire_ref.errors import IllegalMoveError, NotationError
from acquire_ref.events import money
from acquire_ref.moves import Buy, Choose, Discard, Dispose, End, Market, Move, Pass, Place, Start
from acquire_ref.scoring import PlayerScore, final_scores, rank, shareholder_bonuses
from acquire_ref.tiles import ALL_TILES, Tile, iter_rows

if TYPE_CHECKING:
    from acquire_ref.position import Position

MIN_PLAYERS = 2
MAX_PLAYERS = 6
MARKET = "the market"
"""The holder's name for the market, the third shareholder of a two-player game (R9); no player
can be called this (names have no spaces)."""


def check_player_names(players: list[str]) -> None:
    """Raise :class:`NotationError` unless there are 2 to 6 players (R2.1) with names that are
    printable, unique ignoring case, and free of spaces, ``=``, ``,`` and a leading ``-``."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise NotationError(f"Acquire seats {MIN_PLAYERS} to {MAX_PLAYERS} players here, not {len(players)} (R2.1)")
    seen: set[str] = set()
    for p in players:
        if not isinstance(p, str) or not p or not p.isprintable() or any(ch.isspace() for ch in p) or "=" in p \
                or p.startswith("-") or "," in p:
            raise NotationError(
                f"{p!r} can't be a player name: printable characters only, no spaces, '=', ',' or leading '-'"
            )
        if p.lower() in seen:
            raise NotationError(f"two players are called {p!r} (names must differ, ignoring case)")
        seen.add(p.lower())


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


@dataclass(frozen=True)
class Pending:
    """Who must decide what now (R10.2).

    ``decision`` is ``start``, ``place``, ``choose``, ``dispose``, ``buy`` or ``over``; ``player``
    is None for ``start`` and ``over``. For ``choose``, ``choice`` is ``found``, ``survivor`` or
    ``order`` and ``options`` the chains to pick from; for ``dispose``, ``chain`` is the defunct
    chain and ``survivor`` the chain its shares trade into.
    """

    decision: str
    player: str | None = None
    choice: str | None = None
    options: tuple[str, ...] = ()
    chain: str | None = None
    survivor: str | None = None


@dataclass
class _Merger:
    """Internal state of a merger in progress (R5)."""

    tile: Tile
    group: frozenset
    chains: tuple[str, ...]
    sizes: dict[str, int]
    survivor: str | None = None
    order: list[str] = field(default_factory=list)
    remaining: list[str] = field(default_factory=list)
    current: str | None = None
    paid: bool = False
    queue: list[str] = field(default_factory=list)


def _refuse(message: str) -> IllegalMoveError:
    return IllegalMoveError(message)


class Game:
    """One game of Acquire in table mode: the referee knows the board, money and shares, and
    only how many tiles each rack and the tile bag hold.

    Attributes (read them, change them only through :meth:`apply`): ``players`` in seating order;
    ``cash`` and ``shares`` per player (dollars; ``{chain: count}``); ``bank`` shares per chain;
    ``board`` (:class:`~acquire_ref.board.Board`); ``bag`` and ``racks`` tile counts;
    ``discarded`` dead tiles out of the game; ``current`` seat index; ``turn`` number;
    ``final_cash`` each player's money after the final payout (None until the game is over);
    ``pending`` (:class:`Pending`); ``worth_history``, each player's net worth in dollars after
    every finished turn (``[(turn, {player: dollars})]``); ``moves`` applied, ``history`` (their events), and for each
    move the turn number and the player who made it (``move_turns``, ``move_players``).
    """

    def __init__(self, players: list[str], edition: Edition, options: dict[str, str],
                 bag_order: list[Tile] | None = None, seed: int = 0):
        self.edition = edition
        self.dealt = bag_order is not None
        self.seed = seed
        self.bag_tiles: list[Tile] = list(bag_order or [])
        self.rack_tiles: dict[str, list[Tile]] = {p: [] for p in players}
        self._market_draws = 0
        self._market: int | None = None
        self._ending: str | None = None
        self._end_market: dict[str, int] = {}
        self.options = dict(options)
        self.players = list(players)
        self.board = Board({c: i for i, c in enumerate(edition.chain_names)})
        self.cash = {p: edition.starting_cash for p in players}
        self.shares = {p: {c: 0 for c in edition.chain_names} for p in players}
        self.bank = {c: edition.shares_per_chain for c in edition.chain_names}
        self.bag = len(ALL_TILES)
        self.racks = {p: 0 for p in players}
        self.discarded: list[Tile] = []
        self.current = 0
        self.turn = 0
        self.pending = Pending("start")
        self.end_declared = False
        self.over = False
        self.end_reason = ""
        self.final_cash: dict[str, int] | None = None
        self.moves: list[Move] = []
        self.history: list[list[ev.Event]] = []
        self.move_turns: list[int] = []
        self.move_players: list[str | None] = []
        self.worth_history: list[tuple[int, dict[str, int]]] = []
        self._passes = 0
        self._placed = False
        self._discarded_this_turn = False
        self._found_group: frozenset | None = None
        self._merger: _Merger | None = None
        self._final_scores: list[PlayerScore] | None = None
        self.market_history: list[ev.MarketBonus] = []

    # ----- construction -------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        players: Iterable[str],
        edition: Edition | str = "classic",
        options: dict[str, str] | None = None,
        position: Position | None = None,
        bag_order: list[Tile] | None = None,
        seed: int = 0,
    ) -> Game:
        """A new game awaiting its start tiles (R2.1), or going on from a checked ``position``.

        ``players`` are names in clockwise seating order: 2 to 6 (two with the market, R9), unique
        ignoring case, without spaces or ``=``. ``options`` maps option names to values (R17).
        ``position`` (see :mod:`acquire_ref.position`) replaces the start: the named player is then
        to place a tile. ``bag_order`` (all 108 tiles, see :func:`shuffled_bag`) makes a dealt game:
        the referee draws every tile in that order and knows the racks; ``seed`` then also drives the
        market's draws (R9). Raises :class:`NotationError` for a bad player list, edition, option or
        bag order.
        """
        players = list(players)
        ed = load_edition(edition) if isinstance(edition, str) else edition
        if bag_order is not None:
            if sorted(bag_order) != sorted(ALL_TILES):
                raise NotationError("a dealt game's bag order must hold each of the 108 tiles once")
            if position is not None:
                raise NotationError("a game from a position is refereed in table mode, not dealt")
        if len(players) * (ed.rack_size + 1) > len(ALL_TILES):
            raise NotationError(
                f"{len(players)} players with racks of {ed.rack_size} need {len(players) * (ed.rack_size + 1)} tiles "
                f"with their start tiles; there are {len(ALL_TILES)}"
            )
        check_player_names(players)
        opts = {k: v[0] for k, v in OPTION_VALUES.items()}
        for key, value in (options or {}).items():
            if key not in OPTION_VALUES:
                raise NotationError(f"unknown option {key!r}: options are {', '.join(OPTION_VALUES)}")
            if value not in OPTION_VALUES[key]:
                raise NotationError(f"option {key} takes {' or '.join(OPTION_VALUES[key])}, not {value!r}")
            opts[key] = value
        game = cls(players, ed, opts, bag_order, seed)
        if position is not None:
            game._set_position(position)
        return game

    def _set_position(self, pos: Position) -> None:
        for t in pos.lone:
            self.board.put(t)
        for chain, tiles in pos.chains.items():
            for t in tiles:
                self.board.put(t, chain)
        self.cash = dict(pos.cash)
        self.shares = {p: dict(s) for p, s in pos.shares.items()}
        self.bank = dict(pos.bank)
        self.bag = pos.bag
        self.racks = dict(pos.racks)
        self.discarded = list(pos.discarded)
        self.current = self.players.index(pos.next)
        self.turn = 1
        self.pending = Pending("place", self.player)

    @classmethod
    def replay(cls, players, edition, options, moves: Iterable[Move], position=None, bag_order=None, seed=0) -> Game:
        """A new game (from ``position``, or dealt from ``bag_order``, if given) with ``moves``
        applied in order; raises what :meth:`new` and :meth:`apply` raise."""
        g = cls.new(players, edition, options, position, bag_order, seed)
        for m in moves:
            g.apply(m)
        return g

    # ----- questions ----------------------------------------------------------------------
    @property
    def player(self) -> str:
        """The player whose turn it is."""
        return self.players[self.current]

    def resolve_player(self, text: str) -> str:
        """A player's name from user text, ignoring case; raises :class:`NotationError` if none."""
        for p in self.players:
            if p.lower() == (text or "").lower():
                return p
        raise NotationError(f"no player {text!r} in this game: {', '.join(self.players)}")

    def price(self, chain: str) -> int:
        """Current share price of ``chain`` in dollars; 0 when it is not on the board (R3.2)."""
        return self.edition.price(chain, self.board.sizes.get(chain, 0))

    def free_chains(self) -> list[str]:
        """Chains not on the board, in information-card order (R3.6)."""
        return [c for c in self.edition.chain_names if c not in self.board.sizes]

    def chains_on_board(self) -> list[str]:
        """Chains on the board, in information-card order."""
        return [c for c in self.edition.chain_names if c in self.board.sizes]

    def effect(self, tile: Tile):
        """What placing ``tile`` would do now (:class:`~acquire_ref.board.Effect`, R4)."""
        return self.board.effect(tile, len(self.edition.chains) - len(self.board.sizes), self.edition.safe_size)

    def tile_kind(self, tile: Tile) -> str:
        """Only the kind of :meth:`effect`: ``lone``, ``found``, ``grow``, ``merge``, ``blocked``,
        ``dead`` or ``occupied``."""
        return self.board.kind(tile, len(self.edition.chains) - len(self.board.sizes), self.edition.safe_size)

    def explain(self, tile: Tile) -> dict:
        """What placing ``tile`` would do right now, as plain data with a ``text`` for people (R4, R5).

        Keys: ``tile``, ``effect`` (``occupied``, ``discarded``, ``lone``, ``found``, ``grow``,
        ``merge``, ``blocked`` or ``dead``), ``text`` (a list of sentences), and by effect:
        ``chain``/``size``/``price`` (grow: after placing), ``group`` (found: the tiles),
        ``survivors`` (merge: the chains that may survive) and ``outcomes`` (merge: for each possible
        survivor, the defunct chains with their bonuses at pre-merger size and the result).
        """
        ed, sizes = self.edition, self.board.sizes
        if tile in self.discarded:
            return {"tile": str(tile), "effect": "discarded", "text": [f"{tile} was put out of the game as a dead tile (R7.3)."]}
        eff = self.effect(tile)
        out: dict = {"tile": str(tile), "effect": eff.kind}
        if eff.kind == "occupied":
            owner = self.board.owner[tile]
            out["text"] = [f"{tile} is already on the board ({owner or 'a lone tile'})."]
        elif eff.kind == "lone":
            out["text"] = [f"{tile} would be a lone tile: it touches no placed tile (R4.1)."]
        elif eff.kind in ("found", "blocked"):
            group = sorted(eff.group, key=lambda t: (t.row, t.col))
            out["group"] = [str(t) for t in group]
            if eff.kind == "blocked":
                out["text"] = [
                    f"{tile} is blocked: it would found a chain of {len(group)} tiles, but all "
                    f"{len(ed.chains)} chains are on the board (R4.5). It stays in the rack until a merger frees a chain."
                ]
            else:
                out["text"] = [
                    f"{tile} would found a chain of {len(group)} tiles ({' '.join(map(str, group))}) (R4.2): "
                    f"the player picks one of {', '.join(self.free_chains())} and gets a founder's share if the bank has one."
                ]
        elif eff.kind == "grow":
            chain = eff.chains[0]
            new = sizes[chain] + len(eff.group)
            out.update(chain=chain, size=new, price=ed.price(chain, new))
            out["text"] = [
                f"{tile} would grow {chain} from {sizes[chain]} to {new} tiles (R4.3); price "
                f"{money(self.price(chain))} -> {money(ed.price(chain, new))} a share"
                + (" and it becomes safe (R3.5)." if ed.is_safe(new) and not ed.is_safe(sizes[chain]) else ".")
            ]
        elif eff.kind == "dead":
            out["chains"] = {c: sizes[c] for c in eff.chains}
            out["text"] = [
                f"{tile} is dead: it would merge the safe chains {' and '.join(f'{c} ({sizes[c]})' for c in eff.safe)}, "
                "which can never merge (R4.6). It can never be played; the holder replaces it (R7.3)."
            ]
        else:
            pre = {c: sizes[c] for c in eff.chains}
            largest = max(pre.values())
            survivors = [c for c in eff.chains if pre[c] == largest]
            total = sum(pre.values()) + len(eff.group)
            out.update(chains=pre, survivors=survivors, outcomes=[])
            text = [
                f"{tile} would merge {', '.join(f'{c} ({n})' for c, n in pre.items())} (R5): "
                + (f"{survivors[0]} survives (R5.2)." if len(survivors) == 1
                   else f"the largest tie, so the mergemaker chooses the survivor among {', '.join(survivors)} (R5.2).")
            ]
            for surv in survivors:
                defuncts = []
                for c in [c for c in eff.chains if c != surv]:
                    payout = shareholder_bonuses(
                        ed.majority_bonus(c, pre[c]), ed.minority_bonus(c, pre[c]),
                        {p: self.shares[p][c] for p in self.players},
                    )
                    defuncts.append({
                        "chain": c, "size": pre[c], "price": ed.price(c, pre[c]),
                        "bonuses": [{"player": b.player, "amount": b.amount, "kind": b.kind} for b in payout],
                    })
                    lead = f"If {surv} survives: " if len(survivors) > 1 else ""
                    if self.hidden:
                        paid = (f"majority {money(ed.majority_bonus(c, pre[c]))}, minority "
                                f"{money(ed.minority_bonus(c, pre[c]))}; who gets them is hidden until it is paid (R10.1)")
                        defuncts[-1]["bonuses"] = []
                    else:
                        paid = "; ".join(f"{b.player} {money(b.amount)} ({b.kind})" for b in payout) or "nobody holds it, no bonus"
                    text.append(f"{lead}{c} is defunct at {pre[c]} tiles ({money(ed.price(c, pre[c]))} a share): {paid} (R5.4).")
                out["outcomes"].append({"survivor": surv, "defunct": defuncts, "size": total, "price": ed.price(surv, total)})
            text.append(f"Afterwards the survivor has {total} tiles ({money(ed.price(survivors[0], total))} a share) (R5.5).")
            if self.market_on:
                text.append("Two players: the market's holding is drawn at each payout and may take a bonus; these figures leave it out (R9).")
            out["text"] = text
        return out

    def end_available(self) -> bool:
        """R8.1: a chain has 41+ tiles, or at least one chain is on the board and all are safe."""
        sizes = self.board.sizes.values()
        return bool(sizes) and (
            max(sizes) >= self.edition.end_size or all(self.edition.is_safe(s) for s in sizes)
        )

    def net_worth(self) -> dict[str, int]:
        """Each player's cash plus shares at current prices, in dollars (bonuses not counted);
        after the game is over, the final money."""
        return {
            p: self.cash[p] + sum(n * self.price(c) for c, n in self.shares[p].items() if n)
            for p in self.players
        }

    def can_buy(self, player: str) -> bool:
        """True when ``player`` could buy at least one share now (R6.2)."""
        return self.edition.buy_limit > 0 and any(
            self.bank[c] > 0 and self.price(c) <= self.cash[player] for c in self.board.sizes
        )

    def legal_moves(self) -> list[Move]:
        """Every legal answer to the pending decision (DESIGN 1), without changing the game.

        Decisions given up front (``--found`` ...) are left to the pending ``choose`` instead.
        In table mode the tiles come from outside the referee: ``start`` yields nothing, and
        ``place`` yields every tile that is playable on the board (not which are in the rack).
        """
        pend, out = self.pending, []
        decision = pend.decision
        if decision == "start":
            return [Start(())] if self.dealt else []
        if decision == "over":
            return []
        p = self.player
        if decision == "place":
            if self.racks[p]:
                pool = self.rack_tiles[p] if self.dealt else [
                    t for t in ALL_TILES if t not in self.board and t not in self.discarded
                ]
                for t in pool:
                    kind = self.tile_kind(t)
                    if kind in ("lone", "found", "grow", "merge"):
                        out.append(Place(t))
                    elif kind == "dead" and not self.dealt and (
                        not self._discarded_this_turn or self.options.get("dead-tiles") == "replace-until-none"
                    ):
                        out.append(Discard((t,)))
            if not self.dealt or not any(isinstance(m, Place) for m in out):
                out.append(Pass())
        elif decision == "choose":
            out = [Choose((c,)) for c in pend.options]
        elif decision == "dispose":
            held = self.shares[pend.player][pend.chain]
            cap = min(held, 2 * self.bank[pend.survivor])
            out = [Dispose(None, sell, trade) for trade in range(0, cap + 1, 2) for sell in range(held - trade + 1)]
        elif decision == "market":
            out = [Market(c) for c in range(1, 13)]
        elif decision == "buy":
            out = [Buy(orders) for orders in self._purchases(p)]
        if decision in ("place", "buy") and self.end_available() and not self.end_declared:
            out.append(End())
        return out

    def _purchases(self, p: str) -> list[tuple[tuple[str, int], ...]]:
        """Every purchase ``p`` could make now, as ``Buy.orders`` (R6): 0 to the buy limit shares."""
        chains = [c for c in self.chains_on_board() if self.bank[c] and self.price(c) <= self.cash[p]]
        found: list[tuple[tuple[str, int], ...]] = [()]
        if self.edition.buy_limit < 1:
            return found

        def extend(start: int, orders: dict[str, int], left: int, cash: int) -> None:
            for i in range(start, len(chains)):
                c = chains[i]
                price = self.price(c)
                if price > cash or orders.get(c, 0) >= self.bank[c]:
                    continue
                more = dict(orders)
                more[c] = more.get(c, 0) + 1
                found.append(tuple(more.items()))
                if left > 1:
                    extend(i, more, left - 1, cash - price)

        extend(0, {}, self.edition.buy_limit, self.cash[p])
        return found

    # ----- the mutator --------------------------------------------------------------------
    def apply(self, move: Move) -> list[ev.Event]:
        """Apply one move and return its events.

        Raises :class:`IllegalMoveError` (exit 3) when the move is against the rules or not the
        pending decision, and :class:`NotationError` (exit 2) for an unknown player; in both cases
        the game is unchanged.
        """
        handler = {
            Start: self._start, Place: self._place, Choose: self._choose, Dispose: self._dispose,
            Buy: self._buy, Pass: self._pass, Discard: self._discard, End: self._end, Market: self._market_move,
        }[type(move)]
        events: list[ev.Event] = []
        turn, actor = self.turn, self.pending.player
        recorded = handler(move, events)
        self.move_turns.append(turn)
        self.move_players.append(actor)
        self.moves.append(recorded)
        self.history.append(events)
        return events

    # ----- checks shared by the handlers ---------------------------------------------------
    def _expect(self, what: str, *decisions: str) -> None:
        if self.pending.decision not in decisions:
            raise _refuse(f"can't {what} now: {self.describe_pending()}")

    # ----- handlers: each validates everything, then changes the game ------------------------
    def _start(self, move: Start, out: list) -> Move:
        self._expect("draw start tiles", "start")
        n = len(self.players)
        if self.dealt:
            if move.tiles:
                raise _refuse("in dealt mode the referee draws the start tiles: type `acquire-ref start` alone (R2.2)")
            move = Start(tuple(self.bag_tiles[:n]))
            del self.bag_tiles[:n]
        if len(move.tiles) != n:
            raise _refuse(f"start needs {n} tiles, one per player in seating order ({', '.join(self.players)}), not {len(move.tiles)} (R2.2)")
        if len(set(move.tiles)) != n:
            raise _refuse("each start tile is a different tile: the same tile is named twice (R2.2)")
        column_first = self.options.get("start-order") == "column-first"
        for p, t in zip(self.players, move.tiles):
            self.board.put(t)
            out.append(ev.StartTilePlaced(p, str(t)))
        first = min(range(n), key=lambda i: move.tiles[i].start_key(column_first))
        for p in self.players:
            self.racks[p] = self.edition.rack_size
            if self.dealt:
                self.rack_tiles[p] = self.bag_tiles[: self.edition.rack_size]
                del self.bag_tiles[: self.edition.rack_size]
        self.bag = len(ALL_TILES) - n - n * self.edition.rack_size
        self.current = first
        self.turn = 1
        self.pending = Pending("place", self.player)
        out.append(ev.FirstPlayer(self.player, str(move.tiles[first]), self.bag))
        return Start(()) if self.dealt else move

    def _check_tile_known(self, tile: Tile) -> None:
        if tile in self.board:
            raise _refuse(f"{tile} is already on the board (R1.1: one tile per space)")
        if tile in self.discarded:
            raise _refuse(f"{tile} was put out of the game as a dead tile (R7.3)")

    def _place(self, move: Place, out: list) -> Move:
        self._expect(f"place {move.tile}", "place")
        p, tile = self.player, move.tile
        if self.racks[p] == 0:
            raise _refuse(f"{p}'s rack is empty and the bag is too (R7.2): type `acquire-ref pass`")
        self._check_tile_known(tile)
        if self.dealt and tile not in self.rack_tiles[p]:
            raise _refuse(f"{tile} is not in {p}'s rack (dealt mode: `acquire-ref hand {p}` shows it)")
        eff = self.effect(tile)
        if eff.kind == "blocked":
            raise _refuse(
                f"{tile} is a blocked tile: it would found a chain, but all "
                f"{len(self.edition.chains)} chains are on the board (R4.5). It stays in the rack; "
                "play another tile, or `pass` if none is playable"
            )
        if eff.kind == "dead":
            raise _refuse(
                f"{tile} is a dead tile: it would merge the safe chains {' and '.join(eff.safe)} "
                f"({', '.join(str(self.board.sizes[c]) for c in eff.safe)} tiles), which can never merge (R4.6). "
                + ("It is replaced next turn (dead tiles are replaced once per turn, R7.3)" if self._discarded_this_turn
                   else f"Put it out of the game with `acquire-ref discard {tile}`")
            )
        if move.found and eff.kind != "found":
            raise _refuse(f"--found {move.found}: {tile} does not found a chain, {self._effect_words(eff)} (R4)")
        if (move.survivor or move.order) and eff.kind != "merge":
            raise _refuse(f"--survivor/--order: {tile} causes no merger, {self._effect_words(eff)} (R5)")
        if move.found and move.found in self.board.sizes:
            raise _refuse(f"{move.found} is already on the board: found one of {', '.join(self.free_chains())} (R4.2)")
        merger = None
        if eff.kind == "merge":
            sizes = {c: self.board.sizes[c] for c in eff.chains}
            largest = max(sizes.values())
            tied = [c for c in eff.chains if sizes[c] == largest]
            survivor = move.survivor
            if survivor is not None and survivor not in eff.chains:
                raise _refuse(f"--survivor {survivor}: {tile} merges {', '.join(eff.chains)}, not {survivor} (R5.2)")
            if survivor is not None and survivor not in tied:
                raise _refuse(
                    f"--survivor {survivor}: {survivor} has {sizes[survivor]} tiles, {tied[0]} has {largest}; "
                    "the largest chain survives (R5.2)"
                )
            if survivor is None and len(tied) == 1:
                survivor = tied[0]
            for c in move.order:
                if c not in eff.chains or c == survivor:
                    raise _refuse(f"--order {c}: not a defunct chain of this merger ({', '.join(c2 for c2 in eff.chains if c2 != survivor)}) (R5.3)")
            self._check_order(list(move.order), sizes)
            merger = _Merger(tile, eff.group, eff.chains, sizes, survivor, list(move.order))
        # ---- the move is legal: apply it ----
        self.racks[p] -= 1
        if self.dealt:
            self.rack_tiles[p].remove(tile)
        self._placed = True
        self.board.put(tile)
        out.append(ev.TilePlaced(p, str(tile), eff.kind))
        if eff.kind == "lone":
            self._enter_buy(out)
        elif eff.kind == "grow":
            chain = eff.chains[0]
            self.board.assign(eff.group, chain)
            out.append(ev.ChainGrew(chain, self.board.sizes[chain], self.price(chain), len(eff.group)))
            self._enter_buy(out)
        elif eff.kind == "found":
            free = self.free_chains()
            self._found_group = eff.group
            if move.found or len(free) == 1:
                self._found(move.found or free[0], out)
            else:
                self.pending = Pending("choose", p, "found", tuple(free))
        else:
            assert merger is not None
            self._merger = merger
            if merger.survivor is None:
                tied = [c for c in eff.chains if merger.sizes[c] == max(merger.sizes.values())]
                self.pending = Pending("choose", p, "survivor", tuple(tied))
            else:
                self._begin_merger(out)
        return move

    def _effect_words(self, eff) -> str:
        if eff.kind == "grow":
            return f"it grows {eff.chains[0]}"
        if eff.kind == "merge":
            return f"it merges {', '.join(eff.chains)}"
        if eff.kind == "found":
            return "it founds a chain"
        return "it is a lone tile"

    def _check_order(self, order: list[str], sizes: dict[str, int]) -> None:
        if len(set(order)) != len(order):
            raise _refuse("a chain is named twice in the defunct order (R5.3)")
        for a, b in zip(order, order[1:]):
            if sizes[a] < sizes[b]:
                raise _refuse(
                    f"{b} ({sizes[b]} tiles) is larger than {a} ({sizes[a]}): defunct chains go largest "
                    "first; the mergemaker orders only chains of equal size (R5.3)"
                )

    def _found(self, chain: str, out: list) -> None:
        p = self.player
        assert self._found_group is not None
        self.board.assign(self._found_group, chain)
        self._found_group = None
        out.append(ev.ChainFounded(p, chain, self.board.sizes[chain], self.price(chain)))
        given = self.bank[chain] > 0
        if given:
            self.bank[chain] -= 1
            self.shares[p][chain] += 1
        out.append(ev.FounderShare(p, chain, given))
        self._enter_buy(out)

    def _begin_merger(self, out: list) -> None:
        m = self._merger
        assert m is not None and m.survivor is not None
        m.remaining = [c for c in m.chains if c != m.survivor]
        out.append(ev.MergerBegan(self.player, m.survivor, dict(m.sizes)))
        self._advance_merger(out)

    def _advance_merger(self, out: list) -> None:
        m = self._merger
        assert m is not None and m.survivor is not None
        while True:
            if m.current is None:
                if not m.remaining:
                    self._complete_merger(out)
                    return
                largest = max(m.sizes[c] for c in m.remaining)
                tied = [c for c in m.remaining if m.sizes[c] == largest]
                pick = tied[0] if len(tied) == 1 else next((c for c in m.order if c in tied), None)
                if pick is None:
                    self.pending = Pending("choose", self.player, "order", tuple(tied))
                    return
                m.remaining.remove(pick)
                m.current = pick
                m.paid = False
            if not m.paid:
                pick = m.current
                if not self._market_ready(pick, out):
                    return
                self._pay_bonuses(pick, m.sizes[pick], out, defunct=True)
                m.paid = True
                n = len(self.players)
                seats = [self.players[(self.current + i) % n] for i in range(n)]
                m.queue = [p for p in seats if self.shares[p][pick] > 0]
            if m.queue:
                self.pending = Pending("dispose", m.queue[0], chain=m.current, survivor=m.survivor)
                return
            m.current = None

    def _pay_bonuses(self, chain: str, size: int, out: list, defunct: bool) -> None:
        if defunct:
            holders = {p: self.shares[p][chain] for p in self.players if self.shares[p][chain]}
            out.append(ev.DefunctChain(chain, size, self.edition.price(chain, size), holders))
        holdings = {p: self.shares[p][chain] for p in self.players}
        market = self._market
        self._market = None
        if market:
            holdings[MARKET] = market
        payout = shareholder_bonuses(
            self.edition.majority_bonus(chain, size), self.edition.minority_bonus(chain, size), holdings
        )
        if not payout:
            out.append(ev.NoBonus(chain))
        for part in payout:
            if part.player == MARKET:
                won = ev.MarketBonus(chain, market or 0, part.amount, part.kind)
                self.market_history.append(won)
                out.append(won)
                continue
            self.cash[part.player] += part.amount
            out.append(ev.BonusPaid(part.player, chain, part.amount, part.kind, part.shares))

    @property
    def market_on(self) -> bool:
        """True in a two-player game with the market rule (R9)."""
        return len(self.players) == 2 and self.options.get("two-player-market") == "on"

    def _market_ready(self, chain: str, out: list) -> bool:
        """Before a two-player payout for ``chain``: is the market's holding known (R9)? In dealt
        mode, or with an empty bag, the referee settles it at once; in table mode it asks."""
        if not self.market_on or self._market is not None:
            return True
        if self.bag == 0:
            self._market = 0
            out.append(ev.MarketDraw(chain, "", 0))
            return True
        if self.dealt:
            import random

            rng = random.Random(f"{self.seed}:market:{self._market_draws}")
            self._market_draws += 1
            tile = self.bag_tiles[rng.randrange(len(self.bag_tiles))]
            self._market = tile.col
            out.append(ev.MarketDraw(chain, str(tile), tile.col))
            return True
        self.pending = Pending("market", self.player, chain=chain)
        return False

    def _market_move(self, move: Market, out: list) -> Move:
        self._expect("settle the market's holding", "market")
        chain = self.pending.chain
        assert chain is not None
        if move.tile is not None and (move.tile in self.board or move.tile in self.discarded):
            raise _refuse(f"{move.tile} is not in the bag (it is on the board or out of the game): draw the market's tile from the bag (R9)")
        self._market = move.column
        out.append(ev.MarketDraw(chain, str(move.tile) if move.tile else "", move.column))
        if self._ending is not None:
            self._end_market[chain] = self._market
            self._market = None
            self._game_over(self._ending, out)
        else:
            self._advance_merger(out)
        return move

    def _complete_merger(self, out: list) -> None:
        m = self._merger
        assert m is not None and m.survivor is not None
        defunct = tuple(c for c in m.chains if c != m.survivor)
        tiles = set(m.group)
        for c in defunct:
            tiles.update(self.board.chain_tiles(c))
        self.board.assign(tiles, m.survivor)
        self._merger = None
        out.append(ev.MergerCompleted(m.survivor, self.board.sizes[m.survivor], self.price(m.survivor), defunct))
        self._enter_buy(out)

    def _choose(self, move: Choose, out: list) -> Move:
        self._expect("choose a chain", "choose")
        pend = self.pending
        first, rest = move.chains[0], list(move.chains[1:])
        if first not in pend.options:
            why = {
                "found": f"{first} is on the board; free chains: {', '.join(pend.options)} (R4.2)",
                "survivor": f"{first} is not one of the largest chains that tie: {', '.join(pend.options)} (R5.2)",
                "order": f"{first} is not one of the equal-sized defunct chains to order: {', '.join(pend.options)} (R5.3)",
            }[pend.choice]
            raise _refuse(f"choose {first}: {why}")
        if pend.choice == "found":
            if rest:
                raise _refuse(f"a tile founds one chain: choose one of {', '.join(pend.options)} (R4.2)")
            self._found(first, out)
            return move
        m = self._merger
        assert m is not None
        if pend.choice == "survivor":
            defunct = [c for c in m.chains if c != first]
            for c in rest:
                if c not in defunct:
                    raise _refuse(f"choose: {c} is not a defunct chain of this merger ({', '.join(defunct)}) (R5.3)")
            order = rest or [c for c in m.order if c != first]
            self._check_order(order, m.sizes)
            m.survivor, m.order = first, order
            self._begin_merger(out)
            return move
        for c in rest:
            if c not in m.remaining:
                raise _refuse(f"choose: {c} is not a defunct chain still to be handled ({', '.join(m.remaining)}) (R5.3)")
        order = [first, *rest]
        self._check_order(order, m.sizes)
        m.order = order
        self._advance_merger(out)
        return move

    def _dispose(self, move: Dispose, out: list) -> Move:
        self._expect("dispose of shares", "dispose")
        pend = self.pending
        who = self.resolve_player(move.player) if move.player else pend.player
        assert pend.player is not None and pend.chain is not None and pend.survivor is not None
        if who != pend.player:
            raise _refuse(
                f"it is {pend.player}'s turn to dispose of {pend.chain} shares, not {who}'s "
                "(mergemaker first, then clockwise, R5.3b)"
            )
        chain, survivor = pend.chain, pend.survivor
        held = self.shares[who][chain]
        if move.sell + move.trade > held:
            raise _refuse(f"{who} holds {held} {chain}: can't sell {move.sell} and trade {move.trade} (R5.3b)")
        if move.trade % 2:
            raise _refuse(f"trades go 2 {chain} for 1 {survivor}, in pairs: --trade {move.trade} is odd (R5.3b)")
        if move.trade // 2 > self.bank[survivor]:
            if not self.bank[survivor]:
                raise _refuse(f"the bank has no {survivor} shares left, so no trade: sell or hold the {chain} (R5.3b)")
            raise _refuse(
                f"the bank has {self.bank[survivor]} {survivor} share(s): trade at most "
                f"{2 * self.bank[survivor]} {chain} (R5.3b)"
            )
        m = self._merger
        assert m is not None
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
        self._advance_merger(out)
        return Dispose(None, move.sell, move.trade)  # recorded without the name: a renamed player still replays

    def _enter_buy(self, out: list) -> None:
        self.pending = Pending("buy", self.player)
        p = self.player
        if not self.can_buy(p) and not (self.end_available() and not self.end_declared):
            if not self.board.sizes:
                why = "no chain is on the board"
            elif not self.edition.buy_limit:
                why = "this ruleset's buy limit is 0"
            elif not any(self.bank[c] for c in self.board.sizes):
                why = "the bank has no share of any chain on the board"
            else:
                why = f"{p} can't afford any share" + ("" if self.hidden else f" ({money(self.cash[p])})")
            self._finish_turn(out, f"nothing can be bought: {why} (R6.2)")

    def _buy(self, move: Buy, out: list) -> Move:
        self._expect("buy shares", "buy")
        p = self.player
        limit = self.edition.buy_limit
        if move.total > limit:
            raise _refuse(f"{p} asks for {move.total} shares: at most {limit} a turn (R6.1)")
        cost = 0
        for chain, n in move.orders:
            if chain not in self.board.sizes:
                raise _refuse(f"{chain} is not on the board: buy only chains on the board ({', '.join(self.chains_on_board()) or 'none'}) (R6.1)")
            if self.bank[chain] < n:
                raise _refuse(f"the bank has {self.bank[chain]} {chain} share(s), not {n}: the purchase is refused as a whole (R3.4, R6.3)")
            cost += n * self.price(chain)
        if cost > self.cash[p]:
            detail = " + ".join(f"{n} {c} at {money(self.price(c))}" for c, n in move.orders)
            raise _refuse(f"{detail} = {money(cost)}, but {p} has {money(self.cash[p])}: the purchase is refused as a whole (R6.3)")
        for chain, n in move.orders:
            amount = n * self.price(chain)
            self.cash[p] -= amount
            self.bank[chain] -= n
            self.shares[p][chain] += n
            out.append(ev.SharesBought(p, chain, n, amount))
        self._finish_turn(out, "")
        return move

    def _pass(self, move: Pass, out: list) -> Move:
        self._expect("pass", "place")
        if self.dealt and self.playable_tiles(self.player):
            raise _refuse(f"{self.player} has a playable tile, so must place one (R4.7)")
        self._placed = False
        out.append(ev.Passed(self.player))
        self._enter_buy(out)
        return move

    def _discard(self, move: Discard, out: list) -> Move:
        self._expect("discard dead tiles", "place", "buy")
        p = self.player
        if self.dealt:
            raise _refuse("in dealt mode the referee replaces dead tiles itself at the end of the turn (R7.3)")
        if self._discarded_this_turn and self.options.get("dead-tiles") != "replace-until-none":
            raise _refuse(f"{p} has already replaced dead tiles this turn: once per turn (R7.3)")
        if len(set(move.tiles)) != len(move.tiles):
            raise _refuse("a tile is named twice (R7.3)")
        if len(move.tiles) > self.racks[p]:
            raise _refuse(f"{p}'s rack holds {self.racks[p]} tiles, not {len(move.tiles)} (R7.3)")
        for t in move.tiles:
            self._check_tile_known(t)
            eff = self.effect(t)
            if eff.kind != "dead":
                raise _refuse(f"{t} is not a dead tile ({self._effect_words(eff) if eff.kind != 'blocked' else 'it is blocked, and stays in the rack'}): only dead tiles are replaced (R4.6, R7.3)")
        drawn = min(len(move.tiles), self.bag)
        self.discarded.extend(move.tiles)
        self.racks[p] += drawn - len(move.tiles)
        self.bag -= drawn
        self._discarded_this_turn = True
        out.append(ev.TilesDiscarded(p, tuple(map(str, move.tiles)), drawn))
        return move

    def _end(self, move: End, out: list) -> Move:
        self._expect("declare the end", "place", "buy")
        if self.end_declared:
            raise _refuse(f"{self.player} has already declared the end (R8.2)")
        if not self.end_available():
            raise _refuse(f"the end is not available: {self.end_condition()} (R8.1)")
        self.end_declared = True
        out.append(ev.EndDeclared(self.player))
        if self.pending.decision == "buy" and not self.can_buy(self.player):
            self._finish_turn(out, "nothing can be bought (R6.2)")
        return move

    def end_condition(self) -> str:
        """Plain words on R8.1: why the end is, or is not, available now."""
        sizes = self.board.sizes
        if not sizes:
            return "no chain is on the board"
        big = [c for c, s in sizes.items() if s >= self.edition.end_size]
        if big:
            return f"{big[0]} has {sizes[big[0]]} tiles ({self.edition.end_size} or more)"
        unsafe = [f"{c} ({s})" for c, s in sizes.items() if not self.edition.is_safe(s)]
        if not unsafe:
            return "every chain on the board is safe"
        return (
            f"no chain has {self.edition.end_size} tiles and not every chain is safe "
            f"({', '.join(unsafe)} under {self.edition.safe_size})"
        )

    # ----- end of turn and of game -----------------------------------------------------------
    def _finish_turn(self, out: list, reason: str) -> None:
        p = self.player
        drew = self._placed and self.bag > 0
        if drew:
            self.bag -= 1
            self.racks[p] += 1
            if self.dealt:
                self.rack_tiles[p].append(self.bag_tiles.pop(0))
        out.append(ev.TurnFinished(p, drew, self.bag, reason))
        if self.dealt:
            self._replace_dead_tiles(p, out)
        self.worth_history.append((self.turn, self.net_worth()))
        self._passes = 0 if self._placed else self._passes + 1
        if self.end_declared:
            self._game_over(f"{p} declared the end (R8.2)", out)
        elif self._passes >= len(self.players) and self.options.get("stall") != "continue":
            self._game_over("a whole round passed with no tile placed (R8.4)", out)
        elif self.bag == 0 and not any(self.racks.values()) and self.options.get("stall") != "continue":
            self._game_over("every rack and the tile bag are empty (R8.4)", out)
        else:
            self.current = (self.current + 1) % len(self.players)
            self.turn += 1
            self._placed = False
            self._discarded_this_turn = False
            self.pending = Pending("place", self.player)

    def _replace_dead_tiles(self, p: str, out: list) -> None:
        """Dealt mode, end of ``p``'s turn: dead tiles out of the game and replaced, once or until
        none by the ``dead-tiles`` option (R7.3)."""
        until_none = self.options.get("dead-tiles") == "replace-until-none"
        if sum(1 for s in self.board.sizes.values() if s >= self.edition.safe_size) < 2:
            return  # a dead tile needs two safe chains (R4.6)
        while True:
            dead = [t for t in self.rack_tiles[p] if self.tile_kind(t) == "dead"]
            if not dead:
                return
            for t in dead:
                self.rack_tiles[p].remove(t)
            self.discarded.extend(dead)
            drawn = self.bag_tiles[: len(dead)]
            del self.bag_tiles[: len(dead)]
            self.rack_tiles[p].extend(drawn)
            self.bag = len(self.bag_tiles)
            self.racks[p] = len(self.rack_tiles[p])
            out.append(ev.TilesDiscarded(p, tuple(map(str, dead)), len(drawn)))
            if not until_none or not drawn:
                return

    def playable_tiles(self, player: str) -> list[Tile]:
        """Dealt mode: the tiles in ``player``'s rack that could be placed now (R4)."""
        return [t for t in self.rack_tiles[player] if self.tile_kind(t) in ("lone", "found", "grow", "merge")]

    def hand(self, player: str) -> list[tuple[str, str]]:
        """Dealt mode: ``player``'s rack as ``(tile, what it would do)``, for that player's eyes."""
        if not self.dealt:
            raise _refuse("in table mode the racks are the players' own: the referee does not know them")
        out = []
        for t in sorted(self.rack_tiles[player], key=lambda t: (t.row, t.col)):
            eff = self.effect(t)
            if eff.kind == "merge":
                largest, second = (self.board.sizes[c] for c in eff.chains[:2])
                what = (f"merges {', '.join(eff.chains[1:])} into {eff.chains[0]}" if largest > second
                        else f"merges {', '.join(eff.chains)} (tie: you choose the survivor)")
            elif eff.kind == "grow":
                what = f"grows {eff.chains[0]} to {self.board.sizes[eff.chains[0]] + len(eff.group)}"
            elif eff.kind == "found":
                what = f"founds a chain of {len(eff.group)}"
            elif eff.kind == "blocked":
                what = "blocked: every chain is on the board (R4.5)"
            elif eff.kind == "dead":
                what = f"dead: between safe {' and '.join(eff.safe)} (R4.6)"
            else:
                what = "lone"
            out.append((str(t), what))
        return out

    def final_payout(self) -> tuple[list[ev.Event], dict[str, int]]:
        """The final payout if the game ended now (R8.3), without changing the game.

        Returns the events (chain by chain in information-card order: bonuses, then every share
        sold) and each player's money afterwards in dollars.
        """
        scores = self.score_breakdown(projected=True)
        return self._payout_events(scores), {s.player: s.total for s in scores}

    def _payout_events(self, scores: list[PlayerScore]) -> list[ev.Event]:
        """The final payout as events, chain by chain in card order: bonuses, then shares sold."""
        out: list[ev.Event] = []
        for chain in self.chains_on_board():
            for s in scores:
                out.extend(ev.BonusPaid(s.player, c, a, k, n) for c, a, k, n in s.bonuses if c == chain)
            for s in scores:
                out.extend(ev.SharesSold(s.player, c, n, a) for c, n, a in s.sales if c == chain)
        return out

    def score_breakdown(self, projected: bool = False) -> list[PlayerScore]:
        """Each player's payout, seating order: the final one when the game is over, else (or
        with ``projected``) what it would be if the game ended now (R8.3)."""
        if self.over and self._final_scores is not None and not projected:
            return list(self._final_scores)
        return [s for s in self._payout_scores() if s.player != MARKET]

    def _payout_scores(self) -> list[PlayerScore]:
        """:func:`final_scores` for the game as it stands, the market's last when it has drawn."""
        sizes = self.board.sizes
        m = self._merger
        if m is not None and m.survivor is not None:  # defunct chains already paid are gone (R5.5)
            paid = {c for c in m.chains if c != m.survivor and c not in m.remaining and (c != m.current or m.paid)}
            sizes = {c: s for c, s in sizes.items() if c not in paid}
        return final_scores(self.edition, sizes, self.cash, self.shares, self._end_market or None)

    def standings(self) -> list[tuple[str, int, int]]:
        """``[(player, dollars, rank)]`` best first: final when over, else as projected (R8.3)."""
        return rank({s.player: s.total for s in self.score_breakdown()})

    def _game_over(self, reason: str, out: list) -> None:
        if self._ending is None:
            self._ending = reason
            out.append(ev.GameOver(reason))
        for chain in self.chains_on_board():
            if chain not in self._end_market:
                if not self._market_ready(chain, out):
                    return
                if self.market_on:
                    self._end_market[chain] = self._market or 0
                    self._market = None
        scores = self._payout_scores()
        for s in scores:
            if s.player == MARKET:
                for chain, amount, kind, held in s.bonuses:
                    won = ev.MarketBonus(chain, held, amount, kind)
                    self.market_history.append(won)
                    out.append(won)
        self._final_scores = [s for s in scores if s.player != MARKET]
        cash = {s.player: s.total for s in self._final_scores}
        out.extend(self._payout_events(self._final_scores))
        for chain in self.chains_on_board():
            for p in self.players:
                self.bank[chain] += self.shares[p][chain]
                self.shares[p][chain] = 0
        self.cash = cash
        self.final_cash = dict(cash)
        self.over = True
        self.end_reason = reason
        self.pending = Pending("over")
        out.extend(ev.Standing(p, c, r) for p, c, r in self.standings())

    # ----- telling the table ----------------------------------------------------------------
    def describe_pending(self) -> str:
        """One sentence: whose decision is pending, what it is, and the command that answers it (R10.2)."""
        pend = self.pending
        if pend.decision == "start":
            if self.dealt:
                return "the referee draws the start tiles and deals the racks (R2.2, R2.4): type `acquire-ref start`"
            return (
                f"the start tiles are to be drawn (R2.2): type `acquire-ref start TILE...` with one tile per "
                f"player in seating order ({', '.join(self.players)})"
            )
        if pend.decision == "over":
            return "the game is over: type `acquire-ref score` for the standings"
        p = pend.player
        end = " (the end is available: `acquire-ref end` declares it, R8.1)" if self.end_available() and not self.end_declared else ""
        if pend.decision == "market":
            return (
                f"{p}: draw a tile from the bag for the market's {pend.chain} holding (R9) and type "
                "`acquire-ref market TILE`; its column number is the market's holding, and the tile goes back into the bag"
            )
        if pend.decision == "place":
            if self.racks[p] == 0:
                return f"{p} has no tile in the rack: type `acquire-ref pass`"
            if self.dealt and not self.playable_tiles(p):
                return f"{p} has no playable tile (R4.7): type `acquire-ref pass`{end}"
            return (
                f"{p} to place a tile: type `acquire-ref place TILE`, or `acquire-ref pass` if no tile in "
                f"the rack is playable{end}"
            )
        if pend.decision == "choose":
            what = {
                "found": "the chain to found",
                "survivor": "the surviving chain (the largest chains tie, R5.2)",
                "order": "which equal-sized defunct chain is handled first (R5.3)",
            }[pend.choice or ""]
            return f"{p} to choose {what}: type `acquire-ref choose CHAIN` with one of {', '.join(pend.options)}"
        if pend.decision == "dispose":
            held = self.shares[p][pend.chain]
            price = self.edition.price(pend.chain, self._merger.sizes[pend.chain]) if self._merger else 0
            can_trade = min(held // 2, self.bank[pend.survivor]) * 2
            if can_trade:
                how = (f"`acquire-ref dispose {p} [--sell N] [--trade N]` (trade 2 {pend.chain} for 1 {pend.survivor}, "
                       f"up to {can_trade}: the bank has {self.bank[pend.survivor]} {pend.survivor})")
            else:
                why = "only one share" if held < 2 else f"the bank has no {pend.survivor} left"
                how = f"`acquire-ref dispose {p} [--sell N]` (no trade: {why})"
            return f"{p} holds {held} {pend.chain} (defunct, sells at {money(price)}): type {how}; the rest is held"
        return (
            f"{p} may buy up to {self.edition.buy_limit} shares{'' if self.hidden else f' ({money(self.cash[p])} in cash)'}: type "
            f"`acquire-ref buy CHAIN=N ...`, or `acquire-ref buy` to buy nothing and finish the turn{end}"
        )

    @property
    def hidden(self) -> bool:
        """True while holdings are hidden (option ``holdings = hidden``, R10.1): until the game is over."""
        return self.options.get("holdings") == "hidden" and not self.over

    def status(self, viewer: str | None = None) -> dict:
        """The state as plain data, the ``status --json`` document (DESIGN 2).

        With hidden holdings (R10.1) every player's cash and shares are None except the
        ``viewer``'s; the bank's shares are always shown.
        """
        pend = self.pending
        pending: dict = {"player": pend.player, "decision": pend.decision, "text": self.describe_pending()}
        if pend.choice:
            pending.update(choice=pend.choice, options=list(pend.options))
        if pend.chain:
            pending.update(chain=pend.chain, survivor=pend.survivor)
        return {
            "edition": self.edition.name,
            "turn": self.turn,
            "options": dict(self.options),
            "tiles": "dealt" if self.dealt else "table",
            "players": [
                {"name": p, "cash": self.cash[p], "shares": dict(self.shares[p]), "rack": self.racks[p]}
                if not self.hidden or p == viewer else {"name": p, "cash": None, "shares": None, "rack": self.racks[p]}
                for p in self.players
            ],
            "chains": {
                c: {
                    "size": self.board.sizes[c],
                    "price": self.price(c),
                    "safe": self.edition.is_safe(self.board.sizes[c]),
                    "bank": self.bank[c],
                }
                for c in self.chains_on_board()
            },
            "bank": dict(self.bank),
            "bag": self.bag,
            "discarded": [str(t) for t in self.discarded],
            "board": self.board_rows(),
            "pending": pending,
            "end_available": self.end_available(),
            "end_declared": self.end_declared,
            "over": self.over,
        }

    def board_rows(self) -> list[str]:
        """The board as 9 strings, row A first: ``.`` empty, ``o`` lone tile, a chain's letter."""
        rows = []
        for letter, tiles in iter_rows():
            cells = []
            for t in tiles:
                if t not in self.board:
                    cells.append(".")
                else:
                    owner = self.board.owner[t]
                    cells.append("o" if owner is None else self.edition.chain(owner).letter)
            rows.append(f"{letter} " + " ".join(cells))
        return rows

