"""A game's state and the questions the rules ask of it (DESIGN 1); :class:`~acquire_ref.engine.game.Game`
adds the moves. The rule areas answer for their part: buying (:mod:`acquire_ref.engine.buying`, R6), the
merger (:mod:`acquire_ref.engine.merger`, R5), drawing (:mod:`acquire_ref.engine.drawing`, R7) and the end
(:mod:`acquire_ref.engine.ending`, R8), each over the part of the state it reads.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from acquire_ref.engine import buying
from acquire_ref.engine import events as ev
from acquire_ref.engine.board import PLAYABLE, Board, Effect, Kind
from acquire_ref.engine.editions import Edition
from acquire_ref.engine.ending import payout_scores
from acquire_ref.engine.errors import NotationError, closest
from acquire_ref.engine.merger import MarketRule, Merger, trade_cap
from acquire_ref.engine.moves import Move
from acquire_ref.engine.pending import BuyShares, Decision, DrawStartTiles, EndReason, GameEnded, PlaceTile
from acquire_ref.engine.scoring import PlayerScore, rank
from acquire_ref.engine.setup import MARKET, Options
from acquire_ref.engine.supply import TableSupply
from acquire_ref.engine.tiles import Tile
from acquire_ref.language import _


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


class Replaying(Protocol):
    """What :attr:`GameState.worth_history` needs of the game its ``_restart`` makes again: a
    game that takes its moves (:class:`~acquire_ref.engine.game.Game`), named here without importing
    it, since ``Game`` is a ``GameState``."""

    _restart: Callable[[], Replaying] | None
    _worth: list[tuple[int, dict[str, int]]]

    def apply(self, move: Move) -> list[ev.Event]:
        """Verify and apply ``move``; its events."""
        ...


class GameState:
    """A game's state and the questions the rules ask of it; :class:`Game` adds the moves.

    Read the attributes, change them only through :meth:`Game.apply`: ``players`` in seating order;
    ``edition`` (:class:`~acquire_ref.engine.editions.Edition`); ``options``
    (:class:`~acquire_ref.engine.setup.Options`); ``cash`` and ``shares`` per player (dollars;
    ``{chain: count}``); ``bank`` shares per chain; ``board`` (:class:`~acquire_ref.engine.board.Board`);
    ``supply`` (the bag and racks, :mod:`acquire_ref.engine.supply`); ``discarded`` dead tiles out of
    the game; ``current`` seat index; ``turn`` number; ``pending`` (:mod:`acquire_ref.engine.pending`);
    ``log`` (one :class:`LogEntry` per move); :attr:`worth_history`, each player's net worth in
    dollars after every finished turn (``[(turn, {player: dollars})]``, worked out when first
    asked).
    """

    def __init__(self, players: Sequence[str], edition: Edition, options: Options, supply: TableSupply,
                 seed: int = 0) -> None:
        self.edition = edition
        self.options = options
        self.players = list(players)
        self.supply = supply
        self.board = Board({c: i for i, c in enumerate(edition.chain_names)}, edition.grid)
        self.cash = {p: edition.starting_cash for p in players}
        self.shares = {p: {c: 0 for c in edition.chain_names} for p in players}
        self.bank = {c: edition.shares_per_chain for c in edition.chain_names}
        self.discarded: list[Tile] = []
        self.current = 0
        self.turn = 0
        self.pending: Decision = DrawStartTiles()
        self.end_declared = False
        self.log: list[LogEntry] = []
        self._worth: list[tuple[int, dict[str, int]]] = []
        self._worth_moves = 0  # how many moves of the log ``_worth`` has followed
        self._restart: Callable[[], Replaying] | None = None
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
        self.dead_before: frozenset[Tile] = frozenset()
        """Table mode: the dead spaces of the board before this turn's tile was placed (R7.3)."""
        self._merger: Merger | None = None
        self._ending: EndReason | None = None
        self._ended_by: str | None = None
        self._final_scores: list[PlayerScore] | None = None
        self._turn_decisions = {p: (PlaceTile(p), BuyShares(p)) for p in self.players}
        """Each player's two decisions of every turn (R4, R6), made once: a decision is a value, the same every turn."""

    def follow(self, other: GameState) -> None:
        """Take ``other``'s game as it stands: its players, edition, options, board, books (cash,
        shares, bank, tiles out of the game), decision, turn and merger, the objects themselves
        (shared, not copied: a copy made so is for reading, or gets its own before a move). Its
        supply, log, worth history, market and start stay this game's own. A seat's copy
        (:mod:`acquire_ref.viewers.seat_view`) is made so, once, and follows the game before each decision."""
        self.edition, self.options, self.players = other.edition, other.options, other.players
        self.board, self.cash, self.shares, self.bank = other.board, other.cash, other.shares, other.bank
        self.discarded, self.start_worth = other.discarded, other.start_worth
        self.current, self.turn, self.pending, self.end_declared = other.current, other.turn, other.pending, other.end_declared
        self.placed_this_turn, self.discarded_this_turn = other.placed_this_turn, other.discarded_this_turn
        self.passes, self._found_group, self.dead_before = other.passes, other._found_group, other.dead_before
        self._merger, self._ending, self._ended_by = other._merger, other._ending, other._ended_by
        self._final_scores = other._final_scores

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

    def place_tile(self, player: str) -> PlaceTile:
        """The decision ``PlaceTile(player)`` (R4), the one made for the game."""
        return self._turn_decisions[player][0]

    def buy_shares(self, player: str) -> BuyShares:
        """The decision ``BuyShares(player)`` (R6), the one made for the game."""
        return self._turn_decisions[player][1]

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
    def ended_by(self) -> str | None:
        """Who declared the end of a game that is over (R8.2), else None."""
        return self._ended_by if self.over else None

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
        if near:
            raise NotationError(_("no player {given} in this game: did you mean {player}? The players are {players}").format(
                given=repr(text), player=near, players=", ".join(self.players)))
        raise NotationError(_("no player {given} in this game: the players are {players}").format(
            given=repr(text), players=", ".join(self.players)))

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
        """What placing ``tile`` would do now (:class:`~acquire_ref.engine.board.Effect`, R4)."""
        return self.board.effect(tile, len(self.edition.chains) - len(self.board.sizes), self.edition.safe_size)

    def tile_kind(self, tile: Tile) -> Kind:
        """Only the kind of :meth:`effect` (faster)."""
        return self.board.kind(tile, len(self.edition.chains) - len(self.board.sizes), self.edition.safe_size)

    def playable_tiles(self, player: str) -> list[Tile]:
        """Dealt mode: the tiles in ``player``'s rack that could be placed now (R4)."""
        board, free, safe = self.board, len(self.edition.chains) - len(self.board.sizes), self.edition.safe_size
        return [t for t in self.supply.rack(player) if board.kind(t, free, safe) in PLAYABLE]

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
        return buying.affordable(self, player, orders)

    def can_buy(self, player: str) -> bool:
        """True when ``player`` could buy at least one share now (R6.2): :func:`~acquire_ref.engine.buying.buys_one`
        of the game's own books."""
        return buying.buys_one(self.edition, self.board.sizes, self.bank, self.cash[player])

    def trade_cap(self, player: str, chain: str, survivor: str) -> int:
        """The most ``chain`` shares ``player`` may trade into ``survivor`` now: pairs of their
        shares, while the bank has survivor shares (R5.3b)."""
        return trade_cap(self, player, chain, survivor)

    def score_breakdown(self, projected: bool = False) -> list[PlayerScore]:
        """Each player's payout, seating order: the final one when the game is over, else (or
        with ``projected``) what it would be if the game ended now (R8.3, R8.5)."""
        if self.over and self._final_scores is not None and not projected:
            return list(self._final_scores)
        return [s for s in payout_scores(self) if s.player != MARKET]

    def standings(self) -> list[tuple[str, int, int]]:
        """``[(player, dollars, rank)]`` best first: final when over, else as projected (R8.3)."""
        return rank({s.player: s.total for s in self.score_breakdown()})

