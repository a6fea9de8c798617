"""Simulated games: built-in bots play complete dealt games, for trying house rules and for
testing the referee under random play. Pure engine code: no I/O.

>>> game = play_game(["A", "B", "C"], seed=1, strategy="random")
>>> game.over, len(game.moves) > 20
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from acquire_ref.describe import tile as describe_tile
from acquire_ref.editions import Edition
from acquire_ref.game import Game, shuffled_bag
from acquire_ref.moves import Buy, Choose, Dispose, End, Market, Move, Pass, Place, Start
from acquire_ref.pending import (
    BuyShares,
    ChooseChain,
    DisposeShares,
    DrawForMarket,
    DrawStartTiles,
    EndReason,
    FoundChain,
    PlaceTile,
)

STRATEGIES = ("random", "greedy")


class Bot:
    """A player that answers the pending decision of a dealt game with a legal move."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def move(self, g: Game) -> Move:
        """A legal answer to ``g.pending``."""
        pend = g.pending
        if isinstance(pend, DrawStartTiles):
            return Start(())
        if isinstance(pend, DrawForMarket):
            return Market(self.rng.randint(1, 12))
        if isinstance(pend, PlaceTile | BuyShares) and g.end_available() and not g.end_declared and self.declare(g):
            return End()
        if isinstance(pend, PlaceTile):
            return self.place(g)
        if isinstance(pend, ChooseChain):
            return self.choose(g, pend)
        if isinstance(pend, DisposeShares):
            return self.dispose(g, pend)
        return self.buy(g)

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
        cash, orders = g.cash[g.player], dict[str, int]()
        prices = {c: g.price(c) for c in sorted(g.board.sizes)}
        for _ in range(self.rng.randint(0, g.edition.buy_limit)):
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
        p, cash, orders = g.player, g.cash[g.player], dict[str, int]()
        for _ in range(g.edition.buy_limit):
            def gap(c: str) -> int:
                rivals = max((g.shares[q][c] for q in g.players if q != p), default=0)
                return rivals - g.shares[p][c] - orders.get(c, 0)
            options = [c for c in g.board.sizes if g.bank[c] > orders.get(c, 0) and g.price(c) <= cash and gap(c) >= -1]
            if not options:
                break
            c = min(options, key=lambda c: (abs(gap(c)), g.price(c), c))
            orders[c] = orders.get(c, 0) + 1
            cash -= g.price(c)
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
    bots = {"random": Bot, "greedy": GreedyBot}
    if strategy not in bots:
        raise ValueError(f"strategy {strategy!r}: {', '.join(STRATEGIES)}")
    bot = bots[strategy](random.Random(f"{seed}:bots"))
    g = Game.dealt(players, shuffled_bag(seed), seed, edition, options)
    for _ in range(max_moves):
        if g.over:
            return g
        g.apply(bot.move(g))
    raise RuntimeError(f"seed {seed}: no end after {max_moves} moves")


_REASONS = {EndReason.DECLARED: "declared", EndReason.STALLED: "stalled", EndReason.EXHAUSTED: "tiles ran out"}
"""The words of ``simulate``'s report for each way a game ends."""


class GameResult:
    """What one simulated game did, small enough to send between processes: its ``seed``, the
    ``turns`` played, the winner's ``margin`` over second place (dollars), the ``mergers``, how it
    ``ended``, the ``winners`` (seats ranked first), and the game file's ``text`` when asked for."""

    __slots__ = ("ended", "margin", "mergers", "seed", "text", "turns", "winners")

    def __init__(self, seed: int, turns: int, margin: int, mergers: int, ended: str, winners: list[str],
                 text: str | None = None) -> None:
        self.seed = seed
        self.turns = turns
        self.margin = margin
        self.mergers = mergers
        self.ended = ended
        self.winners = winners
        self.text = text

    @classmethod
    def of(cls, game: Game, seed: int, text: str | None = None) -> GameResult:
        """The result of a finished ``game`` played from ``seed``."""
        standings = game.standings()
        return cls(
            seed, game.turn, standings[0][1] - standings[1][1],
            sum(1 for entry in game.log for e in entry.events if e.kind == "merger_began"),
            _REASONS[game.ending] if game.ending is not None else "unfinished",
            [p for p, _, r in standings if r == 1], text,
        )


class Batch:
    """The settings of a batch of simulated games: seat ``players``, bot ``strategy``, ``edition``
    (with ``edition_value``, its name or ruleset table as written into a game file) and
    ``options``; ``files`` asks each game's file text."""

    __slots__ = ("edition", "edition_value", "files", "options", "players", "strategy")

    def __init__(self, players: list[str], strategy: str, edition: Edition, edition_value: str | dict[str, Any],
                 options: dict[str, str], files: bool) -> None:
        self.players = players
        self.strategy = strategy
        self.edition = edition
        self.edition_value = edition_value
        self.options = options
        self.files = files

    def play(self, seed: int) -> GameResult:
        """Play the game of ``seed`` and report it (with its file text if asked)."""
        game = play_game(self.players, seed, self.strategy, self.edition, self.options)
        text = None
        if self.files:
            from acquire_ref.record import Record, to_toml

            record = Record(players=self.players, edition=self.edition_value, options=game.options.as_dict(),
                            tiles="dealt", seed=seed, bag=[str(t) for t in shuffled_bag(seed)])
            text = to_toml(record, game)
        return GameResult.of(game, seed, text)


def run_batch(batch: Batch, seeds: range, jobs: int = 1) -> Iterator[GameResult]:
    """Play the games of ``seeds`` and yield their results in seed order, on ``jobs`` processes.

    Every game depends only on its seed and the batch, so the results (and the files) are the
    same for any number of jobs.
    """
    if jobs <= 1 or len(seeds) <= 1:
        yield from map(batch.play, seeds)
        return
    from concurrent.futures import ProcessPoolExecutor

    chunk = max(1, min(50, len(seeds) // (jobs * 8)))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(batch.play, seeds, chunksize=chunk)


class Summary:
    """What a batch of simulated games did: counts, turns, margins (dollars), end reasons."""

    def __init__(self) -> None:
        self.games = 0
        self.turns: list[int] = []
        self.margins: list[int] = []
        self.mergers = 0
        self.reasons: dict[str, int] = {}
        self.wins: dict[str, float] = {}

    def add(self, result: GameResult) -> None:
        """Count one finished game."""
        self.games += 1
        self.turns.append(result.turns)
        self.margins.append(result.margin)
        self.mergers += result.mergers
        self.reasons[result.ended] = self.reasons.get(result.ended, 0) + 1
        for p in result.winners:
            self.wins[p] = self.wins.get(p, 0) + 1 / len(result.winners)

    def as_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        n = max(self.games, 1)
        return {
            "games": self.games,
            "turns": {"mean": sum(self.turns) / n, "min": min(self.turns, default=0), "max": max(self.turns, default=0)},
            "winning_margin": {"mean": sum(self.margins) / n, "max": max(self.margins, default=0)},
            "mergers_per_game": self.mergers / n,
            "end_reasons": self.reasons,
            "wins_by_seat": self.wins,
        }
