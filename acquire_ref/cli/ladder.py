"""``simulate --strategy S --against T`` (and ``--strategy search``): one bot against the others in
duplicate, with the win share's confidence interval (the match itself is :mod:`acquire_ref.ladder`).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from acquire_ref.errors import NotationError


def ladder(games: int, seed: int, players: int, strategy: str, against: str, edition: str, option: list[str],
           jobs: int, bot: list[str], out: Path | None, think_ms: float, iterations: int | None,
           as_json: bool) -> None:
    """Check the settings, play ``games`` deals from ``seed`` (each once per position) with a
    progress bar, and print the report (a table, or one JSON document with ``as_json``).
    Raises :class:`NotationError` (exit 2) for an unknown strategy, outside bots or ``--out``
    (not offered in a duplicate match), or rules under which a game may never end."""
    import os

    from acquire_ref.cli.options import edition_spec, rule_options
    from acquire_ref.ladder import LADDER_STRATEGIES, Ladder

    for name, value in (("--strategy", strategy), ("--against", against)):
        if value not in LADDER_STRATEGIES:
            raise NotationError(f"{name} {value!r}: {' or '.join(LADDER_STRATEGIES)}")
    if bot:
        raise NotationError("--bot seats outside bots with the built-in random or greedy ones: "
                            "leave out --against and --strategy search")
    if out is not None:
        raise NotationError("--out is not offered with --against or --strategy search: the match reports, "
                            "it writes no game files")
    ed, _ = edition_spec(edition)
    opts = rule_options(option)
    if opts.get("stall") == "continue":
        raise NotationError("simulate needs games that end: stall=continue can leave bots passing forever")
    from acquire_ref.game import Game

    match = Ladder(players, strategy, against, ed, opts, think_ms, iterations)
    Game.table(match.names(), ed, opts)  # checks the options once, before the progress bar
    doc = _play(match, range(seed, seed + games), jobs or os.cpu_count() or 1)
    if as_json:
        sys.stdout.write(json.dumps(doc, indent=2) + "\n")
        return
    from acquire_ref.render import console

    console().print(_table(doc))


def _play(match: Any, deals: range, jobs: int) -> dict[str, Any]:
    """Play ``deals`` of ``match`` on ``jobs`` processes under a progress bar; the report's data."""
    from rich.progress import Progress

    from acquire_ref.ladder import Standing, run_ladder
    from acquire_ref.render import console

    standing = Standing(match)
    n = match.players
    with Progress(console=console(stderr=True), transient=True) as progress:
        task = progress.add_task(f"{len(deals)} deals x {n} positions: one {match.strategy} against "
                                 f"{n - 1} {match.against}, {jobs} job(s)", total=len(deals) * n)
        for results in run_ladder(match, deals, jobs):
            standing.add(results)
            progress.advance(task, len(results))
    return standing.as_dict()


def _table(doc: dict[str, Any]) -> Any:
    """The report as a rich table: games, the win share and its interval, wins by strategy."""
    from rich.table import Table

    share = doc["win_share"]
    t = Table(title=f"{doc['games']} games ({doc['deals']} deals, each once per position): one {doc['strategy']} "
              f"against {doc['against']}", title_justify="left")
    t.add_column("measure")
    t.add_column("value", justify="right")
    low, high = share["ci95"]
    t.add_row(f"win share of the {doc['strategy']} seat", f"{share['share']:.1%} ({low:.1%}-{high:.1%}, 95%)")
    t.add_row("chance", f"{share['chance']:.1%}")
    for strategy, wins in doc["wins_by_strategy"].items():
        t.add_row(f"wins by {strategy}", f"{wins:g}")
    for key, label, unit in (("game_length", "turns per game", ""), ("winners_money", "winner's money", "$")):
        part = doc[key]
        span = f" ({unit}{part['ci95'][0]:,.0f}-{unit}{part['ci95'][1]:,.0f}, 95%)" if part["ci95"] else ""
        t.add_row(f"{label} (mean)", f"{unit}{part['mean']:,.0f}{span}")
    if doc["search"]:
        t.add_row("search budget", ", ".join(f"{k.replace('_', ' ')} {v:g}" for k, v in doc["search"].items()))
    return t
