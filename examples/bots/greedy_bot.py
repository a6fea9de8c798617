#!/usr/bin/env python3
"""A small outside bot for ``acquire-ref simulate --bot``, written with the standard library only.

Run it as a seat of simulated games::

    acquire-ref simulate --games 10 --players 3 --bot "greedy=python3 examples/bots/greedy_bot.py"

The bot protocol (``man 5 acquire-ref``, THE BOT PROTOCOL) in short. The referee starts this
program once for each game and writes one JSON object a line on its standard input:

``{"hello": "acquire-ref", "protocol": 1, "seat": "greedy", "players": [...], ...}``
    comes first and is not answered.

``{"decide": 3, "seat": "greedy", "decision": "buy", "state": {...}, "rack": [...], "legal": [...]}``
    is one decision of this seat. ``state`` is the ``status --json`` document as this seat may
    see it, ``rack`` its own tiles as ``hand --json`` gives them (each ``{"tile", "effect",
    "text"}``), and ``legal`` every legal move in notation. The bot answers with one line on its
    standard output: a move in notation (``buy Tower=2``) or ``{"move": "buy Tower=2"}``.

``{"end": "over", "standings": [...], "faults": 0}``
    comes last; then standard input is closed and the bot should exit.

An answer that is not a move, an illegal move, or no answer within ``--bot-timeout`` is a fault:
the referee plays the first move of ``legal`` instead and counts it. So flush every answer.

This bot plays for money now: it places the tile that merges, founds or grows a chain (in that
order), keeps and founds the chains it holds most of, trades then sells defunct shares, buys as
many shares as it may, and declares the end when it has the most cash.
"""

import json
import sys

EFFECTS = {"merge": 3, "found": 2, "grow": 1}


def my_holdings(state, seat):
    """This seat's entry of the status document's players."""
    return next(p for p in state["players"] if p["name"] == seat)


def decide(message):
    """The move for one decision message, chosen from its ``legal`` list."""
    legal, state, seat = message["legal"], message["state"], message["seat"]
    me = my_holdings(state, seat)
    if "end" in legal:
        richest = max((p["cash"] or 0) for p in state["players"])
        if me["cash"] == richest:
            return "end"
    decision = message["decision"]
    if decision == "place":
        worth = {f"place {t['tile']}": EFFECTS.get(t["effect"], 0) for t in message["rack"]}
        return max(legal, key=lambda move: worth.get(move, -1))
    if decision == "choose":
        shares = me["shares"] or {}
        return max(legal, key=lambda move: shares.get(move.split()[-1], 0))
    if decision == "dispose":
        return max(legal, key=lambda move: (count(move, "--trade"), count(move, "--sell")))
    if decision == "buy":
        return max(legal, key=lambda move: sum(int(order.split("=")[1]) for order in move.split()[1:]))
    return legal[0]


def count(move, flag):
    """The number after ``flag`` in a dispose move (0 when absent)."""
    words = move.split()
    return int(words[words.index(flag) + 1]) if flag in words else 0


def main():
    for line in sys.stdin:
        message = json.loads(line)
        if "end" in message:
            return
        if "decide" in message:
            print(json.dumps({"move": decide(message)}), flush=True)


if __name__ == "__main__":
    main()
