"""The ``bots`` table of a game file: the seats a bot plays at a real table (``new --bot``), each
with its strategy, its thinking time and the tiles entered for it (``drew``), checked as the
file is read (:mod:`acquire_ref.programs.table_bot` plays them)."""

from __future__ import annotations

from typing import Any

from acquire_ref.engine.problems import Problems, is_whole
from acquire_ref.language import _

TomlTable = dict[str, Any]


BOT_STRATEGIES = ("search", "greedy")
"""The strategies a bot seat of a game file may play (:mod:`acquire_ref.programs.table_bot`)."""


def bot_problems(data: TomlTable, source: str, problems: Problems) -> None:
    """The problems of a game file's ``bots`` table: each key a player, each value a table with a
    ``strategy`` (:data:`BOT_STRATEGIES`), a whole ``think_ms`` from 1 to 600,000 and ``drawn``, a
    list of ``{move = N, tile = "5C"}`` (the tiles entered for the bot after move N)."""
    bots, players = data.get("bots", {}), data.get("players", [])
    for name, seat in bots.items() if isinstance(bots, dict) else []:
        where = f"{source}: bots.{name}"
        if name not in players:
            problems.add(f"{where}: {name!r} is not one of the players")
        if not isinstance(seat, dict):
            problems.add(f"{where} should be a table (strategy, think_ms, drawn)")
            continue
        problems.unknown_keys(seat, ("strategy", "think_ms", "drawn"), where, _("a bot seat"))
        if seat.get("strategy") not in BOT_STRATEGIES:
            problems.add(f"{where}.strategy is {seat.get('strategy')!r}: {' or '.join(BOT_STRATEGIES)}")
        think = seat.get("think_ms", 1000)
        if not is_whole(think) or isinstance(think, bool) or not 1 <= think <= 600_000:
            problems.add(f"{where}.think_ms is {think!r}: a whole number of milliseconds from 1 to 600,000")
        _drawn_problems(seat.get("drawn", []), len(data.get("moves", []) or []), where, problems)


def _drawn_problems(drawn: object, moves: int, where: str, problems: Problems) -> None:
    """The problems of a bot seat's ``drawn`` list: each entry ``{move = N, tile = "5C"}`` with N
    from 0 to the number of ``moves`` in the file, and no tile entered twice."""
    if not isinstance(drawn, list):
        problems.add(f"{where}.drawn should be a list of {{move = N, tile = \"5C\"}}, not {drawn!r}"[:300])
        return
    seen: set[str] = set()
    for i, d in enumerate(drawn, 1):
        if not (isinstance(d, dict) and set(d) == {"move", "tile"} and is_whole(d["move"])
                and not isinstance(d["move"], bool) and 0 <= d["move"] <= moves and isinstance(d["tile"], str)):
            problems.add(f"{where}.drawn[{i}] should be {{move = N, tile = \"5C\"}} with N from 0 to {moves} "
                         f"(the moves in the file), not {d!r}"[:300])
        elif d["tile"].upper() in seen:
            problems.add(f"{where}.drawn[{i}]: {d['tile']} is entered twice")
        else:
            seen.add(d["tile"].upper())
