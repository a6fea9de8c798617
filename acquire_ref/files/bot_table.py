"""The ``bots`` table of a game file: the seats a bot plays at a real table (``new --bot``), each
with its strategy, its thinking time and the tiles entered for it (``drew``), checked as the
file is read (:mod:`acquire_ref.programs.table_bot` plays them)."""

from __future__ import annotations

from typing import Any

from acquire_ref.engine.problems import Problems, is_whole
from acquire_ref.language import _, number

TomlTable = dict[str, Any]


BOT_STRATEGIES = ("search", "greedy")
"""The strategies a bot seat of a game file may play (:mod:`acquire_ref.programs.table_bot`)."""


def bot_problems(data: TomlTable, source: str, problems: Problems) -> None:
    """The problems of a game file's ``bots`` table: each key a player, each value a table with a
    ``strategy`` (:data:`BOT_STRATEGIES`), a whole ``think_ms`` from 1 to 600,000 and ``drawn``, a
    list of ``{move = N, tile = "5C"}`` (the tiles entered for the bot after move N)."""
    bots, players = data.get("bots", {}), data.get("players", [])
    for name, seat in bots.items() if isinstance(bots, dict) else []:
        where = _("{source}: {problem}").format(source=source, problem=f"bots.{name}")
        if name not in players:
            problems.add(_("{where}: {name} is not one of the players").format(where=where, name=repr(name)))
        if not isinstance(seat, dict):
            problems.add(_("{where} should be a table (strategy, think_ms, drawn)").format(where=where))
            continue
        problems.unknown_keys(seat, ("strategy", "think_ms", "drawn"), where, _("a bot seat"))
        if seat.get("strategy") not in BOT_STRATEGIES:
            problems.add(_("{where}.strategy is {value}: {strategies}").format(
                where=where, value=repr(seat.get("strategy")), strategies=_(" or ").join(BOT_STRATEGIES)))
        think = seat.get("think_ms", 1000)
        if not is_whole(think) or isinstance(think, bool) or not 1 <= think <= 600_000:
            problems.add(_("{where}.think_ms is {value}: a whole number of milliseconds from 1 to {most}").format(
                where=where, value=repr(think), most=number(600_000)))
        _drawn_problems(seat.get("drawn", []), len(data.get("moves", []) or []), where, problems)


def _drawn_problems(drawn: object, moves: int, where: str, problems: Problems) -> None:
    """The problems of a bot seat's ``drawn`` list: each entry ``{move = N, tile = "5C"}`` with N
    from 0 to the number of ``moves`` in the file, and no tile entered twice."""
    if not isinstance(drawn, list):
        problems.add(_("{where}.drawn should be a list of {{move = N, tile = \"5C\"}}, not {value}").format(
            where=where, value=repr(drawn))[:300])
        return
    seen: set[str] = set()
    for i, d in enumerate(drawn, 1):
        if not (isinstance(d, dict) and set(d) == {"move", "tile"} and is_whole(d["move"])
                and not isinstance(d["move"], bool) and 0 <= d["move"] <= moves and isinstance(d["tile"], str)):
            problems.add(_("{where}.drawn[{index}] should be {{move = N, tile = \"5C\"}} with N from 0 to {moves} (the "
                           "moves in the file), not {value}").format(where=where, index=i, moves=moves, value=repr(d))[:300])
        elif d["tile"].upper() in seen:
            problems.add(_("{where}.drawn[{index}]: {tile} is entered twice").format(where=where, index=i, tile=d["tile"]))
        else:
            seen.add(d["tile"].upper())
