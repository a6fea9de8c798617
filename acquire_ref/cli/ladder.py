"""``simulate --strategy S --against T`` (and ``--strategy search``): one bot against the others in
duplicate, with the win share's confidence interval (the match itself is :mod:`acquire_ref.programs.ladder`).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from acquire_ref.engine.errors import NotationError


def ladder(games: int, seed: int, players: int, strategy: str, against: str | None, edition: str, option: list[str],
           jobs: int, bot: list[str], out: Path | None, think_ms: float, iterations: int | None,
           as_json: bool, compare: list[str] | None = None) -> None:
    """Check the settings, play ``games`` deals from ``seed`` (each once per position; ``against``
    None: every seat ``strategy``) with a progress bar, and print the report (a table, or one JSON
    document with ``as_json``); with ``compare``, a rule study instead (:func:`study`).
    Raises :class:`NotationError` (exit 2) for an unknown strategy, outside bots or ``--out``
    (not offered in a duplicate match or a study), ``--against`` with ``--compare``, or rules
    under which a game may never end."""
    import os

    from acquire_ref.cli.options import edition_spec, rule_options
    from acquire_ref.programs.ladder import LADDER_STRATEGIES, Ladder

    for name, value in (("--strategy", strategy), ("--against", against or strategy)):
        if value not in LADDER_STRATEGIES:
            raise NotationError(f"{name} {value!r}: {' or '.join(LADDER_STRATEGIES)}")
    if bot:
        raise NotationError("--bot seats outside bots with the built-in random or greedy ones: "
                            "leave out --against, --compare and --strategy search")
    if out is not None:
        raise NotationError("--out is not offered with --against, --compare or --strategy search: the match "
                            "reports, it writes no game files")
    if compare:
        if against is not None:
            raise NotationError("--compare seats the --strategy bot in every seat: leave out --against")
        return study(games, seed, players, strategy, edition, option, compare, jobs, think_ms, iterations, as_json)
    ed, _ = edition_spec(edition)
    opts = rule_options(option)
    if opts.get("stall") == "continue":
        raise NotationError("simulate needs games that end: stall=continue can leave bots passing forever")
    from acquire_ref.engine.game import Game

    match = Ladder(players, strategy, against or strategy, ed, opts, think_ms, iterations)
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

    from acquire_ref.programs.ladder import Standing, run_ladder
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
    from acquire_ref.language import money

    for key, label, unit in (("game_length", "turns per game", ""), ("winners_money", "winner's money", "$")):
        part = doc[key]
        def shown(v: float, unit: str = unit) -> str:
            return money(round(v)) if unit else f"{v:,.0f}"

        span = f" ({shown(part['ci95'][0])}-{shown(part['ci95'][1])}, 95%)" if part["ci95"] else ""
        t.add_row(f"{label} (mean)", f"{shown(part['mean'])}{span}")
    if doc["search"]:
        t.add_row("search budget", ", ".join(f"{k.replace('_', ' ')} {v:g}" for k, v in doc["search"].items()))
    return t


def study(games: int, seed: int, players: int, strategy: str, edition: str, option: list[str], compare: list[str],
          jobs: int, think_ms: float, iterations: int | None, as_json: bool) -> None:
    """``simulate --compare``: the rule set of ``option`` and each ``compare`` (``KEY=VALUE``
    items joined by commas, on top of ``option``), the same ``games`` deals from ``seed`` under
    each, every seat played by ``strategy``; prints the report (a table, or JSON with ``as_json``).
    Raises :class:`NotationError` (exit 2) for an unknown strategy, a bad option, or rules under
    which a game may never end."""
    import os

    from rich.progress import Progress

    from acquire_ref.cli.options import edition_spec, rule_options
    from acquire_ref.engine.game import Game
    from acquire_ref.programs.ladder import LADDER_STRATEGIES
    from acquire_ref.programs.rule_study import Study, report, run_study
    from acquire_ref.render import console

    if strategy not in LADDER_STRATEGIES:
        raise NotationError(f"--strategy {strategy!r}: {' or '.join(LADDER_STRATEGIES)}")
    ed, _ = edition_spec(edition)
    base = rule_options(option)
    sets = [base] + [{**base, **rule_options([i for i in item.split(",") if i.strip()])} for item in compare]
    for opts in sets:
        if opts.get("stall") == "continue":
            raise NotationError("simulate needs games that end: stall=continue can leave bots passing forever")
        Game.table([f"p{i + 1}" for i in range(players)], ed, opts)  # each set checked before the progress bar
    plan = Study(players, strategy, ed, sets, think_ms, iterations)
    deals = []
    with Progress(console=console(stderr=True), transient=True) as progress:
        task = progress.add_task(f"{games} deals x {len(sets)} rule sets, {players} {strategy} players", total=games)
        for rows in run_study(plan, range(seed, seed + games), jobs or os.cpu_count() or 1):
            deals.append(rows)
            progress.advance(task)
    doc = report(plan, deals)
    if as_json:
        sys.stdout.write(json.dumps(doc, indent=2) + "\n")
        return
    console().print(_study_table(doc))


def _study_table(doc: dict[str, Any]) -> Any:
    """The study's report as a rich table: one row per rule set, and its difference from the first."""
    from rich.table import Table
    from rich.text import Text

    from acquire_ref.language import money

    def number(value: float, unit: str) -> str:  # money as the language writes it ($6,000; 6.000 $)
        return f"{value:,.1f}" if not unit else ("-" if value < 0 else "") + money(round(abs(value)))

    def shown(part: dict[str, Any], unit: str) -> str:
        span = f" ({number(part['ci95'][0], unit)} to {number(part['ci95'][1], unit)})" if part["ci95"] else ""
        return number(part["mean"], unit) + span

    t = Table(title=f"{doc['deals']} deals under each rule set, {doc['players']} {doc['strategy']} players "
              "(means, 95% intervals)", title_justify="left")
    for name in ("rule set", "turns per game", "winner's money", "turns vs first", "money vs first"):
        t.add_column(name, justify="left" if name == "rule set" else "right", overflow="fold",
                     min_width=22 if name == "rule set" else None)
    for entry in doc["rule_sets"]:
        label = "\n".join(f"{k}={v}" if len(k) + len(v) < 22 else f"{k}=\n {v}"  # a line a value in 80 columns
                          for k, v in entry["options"].items()) or "(no option)"
        versus = entry.get("vs_first")
        t.add_row(Text(label), shown(entry["game_length"], ""), shown(entry["winners_money"], "$"),
                  shown(versus["game_length"], "") if versus else "-", shown(versus["winners_money"], "$") if versus else "-")
    return t
