"""A table for tests: a real shuffled tile bag and racks around a table-mode Game, and random
players that make only legal choices. The Game itself never sees the racks (table mode)."""

from __future__ import annotations

import random

from acquire_ref import Game
from acquire_ref.engine.events import TilesDiscarded, TurnFinished
from acquire_ref.engine.moves import Buy, Choose, Discard, Dispose, End, Pass, Place, Start
from acquire_ref.engine.tiles import ALL_TILES


class RandomTable:
    """Deals tiles as a real table would and picks random legal moves for the pending decision."""

    def __init__(self, players: list[str], seed: int, declare: float = 0.3):
        self.declare = declare
        self.rng = random.Random(seed)
        self.game = Game.new(players)
        self.bag = list(ALL_TILES)
        self.rng.shuffle(self.bag)
        self.racks: dict[str, list] = {p: [] for p in players}

    def draw(self, player: str, n: int) -> None:
        for _ in range(n):
            if self.bag:
                self.racks[player].append(self.bag.pop())

    def next_move(self):
        g, rng = self.game, self.rng
        pend = g.pending
        if pend.decision == "start":
            return Start(tuple(self.bag[-len(g.players):]))
        p = pend.player
        if pend.decision == "place":
            rack = self.racks[p]
            dead = [t for t in rack if g.effect(t).kind == "dead"]
            if dead and not g.discarded_this_turn and rng.random() < 0.8:
                return Discard(tuple(dead))
            if g.end_available() and not g.end_declared and rng.random() < self.declare:
                return End()
            playable = [t for t in rack if g.effect(t).kind in ("lone", "found", "grow", "merge")]
            if not playable:
                return Pass()
            tile = rng.choice(playable)
            eff = g.effect(tile)
            if eff.kind == "found" and rng.random() < 0.5:
                return Place(tile, found=rng.choice(g.free_chains()))
            return Place(tile)
        if pend.decision == "choose":
            if pend.choice == "order" and len(pend.options) > 1 and rng.random() < 0.5:
                opts = list(pend.options)
                rng.shuffle(opts)
                return Choose(tuple(opts))
            return Choose((rng.choice(pend.options),))
        if pend.decision == "dispose":
            held = g.shares[p][pend.chain]
            trade = 2 * rng.randint(0, min(held // 2, g.bank[pend.survivor]))
            sell = rng.randint(0, held - trade)
            return Dispose(p, sell, trade)
        if pend.decision == "buy":
            if g.end_available() and not g.end_declared and rng.random() < self.declare:
                return End()
            cash, orders = g.cash[p], {}
            for _ in range(rng.randint(0, g.edition.buy_limit)):
                options = [c for c in g.chains_on_board()
                           if g.bank[c] > orders.get(c, 0) and g.price(c) <= cash]
                if not options:
                    break
                c = rng.choice(options)
                orders[c] = orders.get(c, 0) + 1
                cash -= g.price(c)
            return Buy(tuple(orders.items()))
        raise AssertionError(f"no move for {pend}")

    def step(self):
        """Apply one random legal move, keep the real tiles in step, and return the events."""
        g = self.game
        move = self.next_move()
        actor = g.pending.player
        events = g.apply(move)
        if isinstance(move, Start):
            del self.bag[-len(g.players):]
            for p in g.players:
                self.draw(p, g.edition.rack_size)
        elif isinstance(move, Place):
            self.racks[actor].remove(move.tile)
        for e in events:
            if isinstance(e, TilesDiscarded):
                for t in move.tiles:
                    self.racks[e.player].remove(t)
                self.draw(e.player, e.drawn)
            elif isinstance(e, TurnFinished) and e.drew:
                self.draw(e.player, 1)
        return move, events
