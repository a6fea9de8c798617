"""Simulated games: built-in bots play complete dealt games, for trying house rules and for
testing the referee under random play. The built-in bots are engine code without I/O; a
:class:`Batch` may also seat outside bots, programs run through :mod:`acquire_ref.programs.bots`.

>>> game = play_game(["A", "B", "C"], seed=1, strategy="random")
>>> game.over, len(game.moves) > 20
(True, True)
"""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, Protocol, assert_never

from acquire_ref.engine.editions import Edition, load_edition
from acquire_ref.engine.errors import IllegalMoveError
from acquire_ref.engine.game import Game, shuffled_bag
from acquire_ref.engine.moves import Buy, Choose, Dispose, End, Market, Move, Pass, Place, Start
from acquire_ref.engine.pending import (
    BuyShares,
    ChooseChain,
    ChooseSurvivor,
    DisposeShares,
    DrawForMarket,
    DrawStartTiles,
    EndReason,
    FoundChain,
    GameEnded,
    OrderDefunct,
    PlaceTile,
)
from acquire_ref.language import current, using
from acquire_ref.viewers.describe import tile as describe_tile
from acquire_ref.viewers.seat_view import SeatGames

if TYPE_CHECKING:
    from acquire_ref.programs.bots import BotSpec

STRATEGIES = ("random", "greedy")


class Bot:
    """A player that answers the pending decision of a dealt game with a legal move."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def move(self, g: Game) -> Move:
        """A legal answer to ``g.pending``; raises :class:`~acquire_ref.engine.errors.IllegalMoveError`
        once the game is over (nothing is asked)."""
        pend = g.pending
        if isinstance(pend, (PlaceTile, BuyShares)) and not g.end_declared and g.end_available() and self.declare(g):
            return End()
        match pend:  # the most frequent first
            case PlaceTile():
                return self.place(g)
            case BuyShares():
                return self.buy(g)
            case DisposeShares():
                return self.dispose(g, pend)
            case FoundChain() | ChooseSurvivor() | OrderDefunct():
                return self.choose(g, pend)
            case DrawStartTiles():
                return Start(())
            case DrawForMarket():
                return Market(self.rng.randint(1, 12))
            case GameEnded():
                raise IllegalMoveError("the game is over: nothing is asked any more")
            case _:
                assert_never(pend)

    def declare(self, g: Game) -> bool:
        """Whether to declare the end now that it is available (R8.2)."""
        return self.rng.random() < 0.5

    def place(self, g: Game) -> Move:
        """A tile to place, or a pass."""
        tiles = g.playable_tiles(g.player)
        return Place(self.rng.choice(tiles)) if tiles else Pass()

    def choose(self, g: Game, pend: ChooseChain) -> Move:
        """A chain to found, the survivor, or the next defunct chain."""
        return Choose((self.rng.choice(pend.options),))

    def dispose(self, g: Game, pend: DisposeShares) -> Move:
        """What to do with defunct shares (R5.3b)."""
        held = g.shares[pend.player][pend.chain]
        trade = 2 * self.rng.randint(0, g.trade_cap(pend.player, pend.chain, pend.survivor) // 2)
        return Dispose(None, self.rng.randint(0, held - trade), trade)

    def buy(self, g: Game) -> Move:
        """Shares to buy (R6)."""
        orders: dict[str, int] = {}  # not dict[str, int](): calling the generic alias costs more than the rest
        cash, shares = g.cash[g.player], self.rng.randint(0, g.edition.buy_limit)
        if not shares:
            return Buy(())
        price = g.edition.price
        prices = {c: price(c, size) for c, size in sorted(g.board.sizes.items())}
        for _ in range(shares):
            options = [c for c, price in prices.items() if g.bank[c] > orders.get(c, 0) and price <= cash]
            if not options:
                break
            c = self.rng.choice(options)
            orders[c] = orders.get(c, 0) + 1
            cash -= prices[c]
        return Buy(tuple(orders.items()))


class GreedyBot(Bot):
    """Plays for money now: the tile that pays or raises its holdings most, shares where it can
    lead, trades when the survivor is worth it, and ends the game when it is ahead."""

    def declare(self, g: Game) -> bool:
        standings = g.standings()
        return standings[0][0] == g.player

    def place(self, g: Game) -> Move:
        p = g.player
        best, best_value = [], None
        for t in g.playable_tiles(p):
            info = describe_tile(g, t)
            value = 0
            if info["effect"] == "grow":
                c = info["chain"]
                value = g.shares[p][c] * (info["price"] - g.price(c))
            elif info["effect"] == "merge":
                outcome = info["outcomes"][0]
                value = sum(b["amount"] for d in outcome["defunct"] for b in d["bonuses"] if b["player"] == p)
            elif info["effect"] == "found":
                value = 100
            if best_value is None or value > best_value:
                best, best_value = [t], value
            elif value == best_value:
                best.append(t)
        return Place(self.rng.choice(best)) if best else Pass()

    def choose(self, g: Game, pend: ChooseChain) -> Move:
        p = g.player
        if isinstance(pend, FoundChain):
            return Choose((max(pend.options, key=lambda c: (g.edition.price(c, 2), self.rng.random())),))
        return Choose((max(pend.options, key=lambda c: (g.shares[p][c], self.rng.random())),))

    def dispose(self, g: Game, pend: DisposeShares) -> Move:
        held = g.shares[pend.player][pend.chain]
        trade = g.trade_cap(pend.player, pend.chain, pend.survivor)
        return Dispose(None, held - trade, trade)

    def buy(self, g: Game) -> Move:
        orders: dict[str, int] = {}
        p, cash = g.player, g.cash[g.player]
        prices = {c: g.price(c) for c in g.board.sizes}  # what the decision reads, once: nothing changes while it is made
        behind = {c: max((g.shares[q][c] for q in g.players if q != p), default=0) - g.shares[p][c] for c in prices}

        def gap(c: str) -> int:
            return behind[c] - orders.get(c, 0)

        for _ in range(g.edition.buy_limit):
            options = [c for c, price in prices.items() if g.bank[c] > orders.get(c, 0) and price <= cash and gap(c) >= -1]
            if not options:
                break
            c = min(options, key=lambda c: (abs(gap(c)), prices[c], c))
            orders[c] = orders.get(c, 0) + 1
            cash -= prices[c]
        return Buy(tuple(orders.items()))


def play_game(
    players: list[str],
    seed: int,
    strategy: str = "random",
    edition: Edition | str = "classic",
    options: dict[str, str] | None = None,
    max_moves: int = 5000,
) -> Game:
    """A complete dealt game from ``seed``, every seat played by the ``strategy`` bot.

    The same seed, players, strategy, edition and options give the same game. Raises
    :class:`RuntimeError` if the game has not ended after ``max_moves`` moves (it always does
    unless ``stall = continue`` lets a blocked game go on).
    """
    grid = (load_edition(edition) if isinstance(edition, str) else edition).grid
    g = Game.dealt(players, shuffled_bag(seed, grid), seed, edition, options)
    try:
        play_out(g, built_in(strategy, seed), max_moves=max_moves)
    except RuntimeError as exc:
        raise RuntimeError(f"seed {seed}: {exc}") from None
    return g


def built_in(strategy: str, seed: int) -> Bot:
    """The built-in bot of ``strategy`` (one of :data:`STRATEGIES`) for the game of ``seed``.
    Raises :class:`ValueError` for an unknown strategy."""
    bots = {"random": Bot, "greedy": GreedyBot}
    if strategy not in bots:
        raise ValueError(f"strategy {strategy!r}: {', '.join(STRATEGIES)}")
    return bots[strategy](random.Random(f"{seed}:bots"))


class Seat(Protocol):
    """Whatever answers a seat's decisions: ``move(game)`` returns its move."""

    def move(self, g: Game) -> Move:
        """The seat's answer to ``g.pending``."""
        ...


def play_out(g: Game, bot: Bot, seats: Mapping[str, Seat] | None = None, max_moves: int = 5000) -> None:
    """Play ``g`` to its end: the decisions of the players in ``seats`` by their seat, the rest
    (and the start tiles and the market's draws, R2.2, R9) by ``bot``. A seat's decision is
    given to a built-in :class:`Bot` (``bot``, or one in ``seats``) on that seat's game
    (:class:`acquire_ref.viewers.seat_view.SeatGames`), never on ``g``: it reads its own rack, and with
    hidden holdings no rival's cash or shares (R10); any other seat (the search bot, an outside
    bot) takes its seat's view itself. The start tiles and the market's draws are the
    referee's, on ``g``. Raises
    :class:`RuntimeError` if the game has not ended after ``max_moves`` moves, and whatever a
    seat raises (the game then stays as it was before that decision)."""
    seats, seat_games = seats or {}, SeatGames(g)
    for _ in range(max_moves):
        if g.over:
            return
        pend = g.pending
        if pend.chance or pend.player is None:
            g.apply(bot.move(g))
            continue
        seat = seats.get(pend.player, bot)
        g.apply(seat.move(seat_games.of(pend.player)) if isinstance(seat, Bot) else seat.move(g))
    raise RuntimeError(f"no end after {max_moves} moves")


_REASONS = {EndReason.DECLARED: "declared", EndReason.STALLED: "stalled", EndReason.EXHAUSTED: "tiles ran out"}
"""The words of ``simulate``'s report for each way a game ends."""


class GameResult:
    """What one simulated game did, small enough to send between processes: its ``seed``, the
    ``turns`` played, the winner's ``margin`` over second place (dollars), the ``mergers``, how it
    ``ended``, the ``winners`` (seats ranked first; none in a game stopped by a bot's fault), the
    game file's ``text`` when asked for, and each outside bot's counts (``bots``, as
    :meth:`~acquire_ref.programs.bots.OutsideBot.report` gives them) and ``faults`` (plain dicts, in the
    order they happened)."""

    __slots__ = ("bots", "ended", "faults", "margin", "mergers", "seed", "text", "turns", "winners")

    def __init__(self, seed: int, turns: int, margin: int, mergers: int, ended: str, winners: list[str],
                 text: str | None = None) -> None:
        self.seed = seed
        self.turns = turns
        self.margin = margin
        self.mergers = mergers
        self.ended = ended
        self.winners = winners
        self.text = text
        self.bots: dict[str, dict[str, Any]] = {}
        self.faults: list[dict[str, Any]] = []

    @classmethod
    def of(cls, game: Game, seed: int, text: str | None = None) -> GameResult:
        """The result of a finished ``game`` played from ``seed``; of a game not over, one that
        was ``stopped by a bot fault``, with no winners."""
        standings = game.standings()
        return cls(
            seed, game.turn, standings[0][1] - standings[1][1],
            sum(1 for entry in game.log for e in entry.events if e.kind == "merger_began"),
            _REASONS[game.ending] if game.ending is not None and game.over else "stopped by a bot fault",
            [p for p, _, r in standings if r == 1] if game.over else [], text,
        )


class Batch:
    """The settings of a batch of simulated games: seat ``players``, bot ``strategy``, ``edition``
    (with ``edition_value``, its name or ruleset table as written into a game file) and
    ``options``; ``files`` asks each game's file text. ``bots`` are the outside bots (their
    names are among ``players``), each answering within ``bot_timeout`` seconds, their faults
    handled by ``bot_faults`` (see :mod:`acquire_ref.programs.bots`).

    With outside bots a game's deal is the referee's secret: its bag, its market's draws (R9) and
    the built-in bots' play come from :func:`deal_seed` of ``deal_key`` (32 bytes from the
    operating system's random source, :mod:`secrets`, unless given) and the game's number, so no
    seat can rebuild them, even knowing ``--seed``; the game file records the seed it was dealt
    from and the bag, so it replays exactly. The key is drawn once per batch, so the games do not
    depend on the number of jobs. Without outside bots a game is dealt from its number, and a
    ``--seed`` gives the same games every time."""

    __slots__ = ("bot_faults", "bot_timeout", "bots", "deal_key", "edition", "edition_value", "files", "language",
                 "options", "players", "strategy")

    def __init__(self, players: list[str], strategy: str, edition: Edition, edition_value: str | dict[str, Any],
                 options: dict[str, str], files: bool, bots: list[BotSpec] | None = None, bot_timeout: float = 5.0,
                 bot_faults: str = "fallback", deal_key: bytes | None = None) -> None:
        self.players = players
        self.strategy = strategy
        self.edition = edition
        self.edition_value = edition_value
        self.options = options
        self.files = files
        self.bots = bots or []
        self.bot_timeout = bot_timeout
        self.bot_faults = bot_faults
        self.language = current()
        """The language in force where the batch was made: the people's (the bots' protocol is English)."""
        if deal_key is None and self.bots:
            import secrets

            deal_key = secrets.token_bytes(32)
        self.deal_key = deal_key

    def deal(self, seed: int) -> int:
        """The seed the game numbered ``seed`` is dealt from: ``seed`` itself without outside
        bots, else :func:`deal_seed` of the batch's secret key."""
        return seed if self.deal_key is None else deal_seed(self.deal_key, seed)

    def play(self, seed: int) -> GameResult:
        """Play the game of ``seed`` and report it (with its file text if asked)."""
        if not self.bots:
            game = play_game(self.players, seed, self.strategy, self.edition, self.options)
            return GameResult.of(game, seed, self.text(game, seed))
        with using("en"):  # the bot protocol is English, whatever the people read
            return self._play_with_bots(seed)

    def _play_with_bots(self, seed: int) -> GameResult:
        """The game of ``seed`` with the outside bots in their seats, and their reports and faults."""
        from acquire_ref.programs.bots import BotStopped, OutsideBot, reaping

        dealt = self.deal(seed)
        game = Game.dealt(self.players, shuffled_bag(dealt, self.edition.grid), dealt, self.edition, self.options)
        seats = {b.name: OutsideBot(b, seed, self.bot_timeout, self.bot_faults, self.language) for b in self.bots}
        ended = "over"
        with reaping():
            try:
                for seat in seats.values():
                    seat.start(game)
                try:
                    play_out(game, built_in(self.strategy, dealt), seats)
                except BotStopped:
                    ended = "stopped"
                except RuntimeError as exc:
                    raise RuntimeError(f"seed {seed}: {exc}") from None
                for seat in seats.values():
                    seat.finish(game, ended)
            finally:
                for seat in seats.values():
                    seat.kill()
        result = GameResult.of(game, seed, self.text(game, dealt))
        result.bots = {name: seat.report() for name, seat in seats.items()}
        result.faults = sorted((f for seat in seats.values() for f in seat.faults), key=lambda f: f["move"])
        return result

    def text(self, game: Game, seed: int) -> str | None:
        """The game file of ``game`` dealt from ``seed``, when files are asked for."""
        if not self.files:
            return None
        from acquire_ref.files.record import Record, to_toml

        record = Record(players=self.players, edition=self.edition_value, options=game.options.as_dict(),
                        tiles="dealt", seed=seed, bag=[str(t) for t in shuffled_bag(seed, self.edition.grid)])
        return to_toml(record, game)


def deal_seed(key: bytes, seed: int) -> int:
    """The seed (a whole number below 2**63) that the game numbered ``seed`` of a batch with the
    secret ``key`` is dealt from: a keyed BLAKE2b hash, which nobody without the key can work out
    or invert. Used when outside bots are seated (:class:`Batch`).

    >>> deal_seed(b"k" * 32, 1) == deal_seed(b"k" * 32, 1) != deal_seed(b"k" * 32, 2)
    True
    """
    import hashlib

    digest = hashlib.blake2b(str(seed).encode("ascii"), key=key, digest_size=8, person=b"acquire-deal").digest()
    return int.from_bytes(digest, "big") >> 1


def run_batch(batch: Batch, seeds: range, jobs: int = 1) -> Iterator[GameResult]:
    """Play the games of ``seeds`` and yield their results in seed order, on ``jobs`` processes.

    Every game depends only on its seed and the batch, so the results (and the files) are the
    same for any number of jobs.
    """
    if jobs <= 1 or len(seeds) <= 1:
        before = gc.get_threshold()
        gc.set_threshold(*GC_THRESHOLD)
        try:
            yield from map(batch.play, seeds)
        finally:
            gc.set_threshold(*before)
        return
    from concurrent.futures import ProcessPoolExecutor

    chunk = max(1, min(50, len(seeds) // (jobs * 8)))
    with ProcessPoolExecutor(max_workers=jobs, initializer=gc.set_threshold, initargs=GC_THRESHOLD) as pool:
        yield from pool.map(batch.play, seeds, chunksize=chunk)


GC_THRESHOLD = (20_000, 20, 20)
"""The garbage collector's thresholds while a batch plays (Python's are 700, 10, 10): a game makes
and drops many small objects, nearly all freed as soon as they are dropped, and collecting less
often makes a batch about a tenth faster."""


FIRST_FAULTS = 20
"""How many faults of outside bots a report lists one by one; it counts them all."""


class Summary:
    """What a batch of simulated games did: counts, turns, margins (dollars), end reasons, and
    each outside bot's decisions, fallback moves and faults by kind (``bots`` names their
    commands), and the first faults themselves."""

    def __init__(self, bots: dict[str, str] | None = None) -> None:
        self.games = 0
        self.turns: list[int] = []
        self.margins: list[int] = []
        self.mergers = 0
        self.reasons: dict[str, int] = {}
        self.wins: dict[str, float] = {}
        self.bots: dict[str, dict[str, Any]] = {name: {"command": command, "decisions": 0, "fallback_moves": 0, "faults": {}}
                     for name, command in (bots or {}).items()}
        self.first_faults: list[dict[str, Any]] = []
        """The first :data:`FIRST_FAULTS` faults of outside bots, in seed order."""

    def add(self, result: GameResult) -> None:
        """Count one game."""
        self.games += 1
        self.turns.append(result.turns)
        self.margins.append(result.margin)
        self.mergers += result.mergers
        self.reasons[result.ended] = self.reasons.get(result.ended, 0) + 1
        for p in result.winners:
            self.wins[p] = self.wins.get(p, 0) + 1 / len(result.winners)
        for name, report in result.bots.items():
            mine = self.bots[name]
            mine["decisions"] += report["decisions"]
            mine["fallback_moves"] += report["fallback_moves"]
            for kind, n in report["faults"].items():
                mine["faults"][kind] = mine["faults"].get(kind, 0) + n
        self.first_faults.extend(result.faults[:FIRST_FAULTS - len(self.first_faults)])

    def as_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        n = max(self.games, 1)
        doc = {
            "games": self.games,
            "turns": {"mean": sum(self.turns) / n, "min": min(self.turns, default=0), "max": max(self.turns, default=0)},
            "winning_margin": {"mean": sum(self.margins) / n, "max": max(self.margins, default=0)},
            "mergers_per_game": self.mergers / n,
            "end_reasons": self.reasons,
            "wins_by_seat": self.wins,
        }
        if self.bots:
            doc["bots"] = self.bots
            doc["first_faults"] = self.first_faults
        return doc
