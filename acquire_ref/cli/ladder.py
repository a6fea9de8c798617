"""``simulate --strategy S --against T`` (and ``--strategy search``): one bot against the others in
duplicate, with the win share's confidence interval (the match itself is :mod:`acquire_ref.programs.ladder`).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from acquire_ref.engine.errors import NotationError
from acquire_ref.language import _


def choices(option: str, value: str, allowed: tuple[str, ...] | list[str]) -> str:
    """The refusal of ``value`` given to ``option``, naming the values allowed (``--strategy
    'clever': random or greedy``), in the language in force."""
    return _("{option} {value}: {choices}").format(option=option, value=repr(value), choices=_(" or ").join(allowed))


def endless() -> str:
    """Why ``simulate`` refuses ``stall=continue``, in the language in force."""
    return _("simulate needs games that end: stall=continue can leave bots passing forever")


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
            raise NotationError(choices(name, value, LADDER_STRATEGIES))
    if bot:
        raise NotationError(_("--bot seats outside bots with the built-in random or greedy ones: "
                              "leave out --against, --compare and --strategy search"))
    if out is not None:
        raise NotationError(_("--out is not offered with --against, --compare or --strategy search: the match "
                              "reports, it writes no game files"))
    if compare:
        if against is not None:
            raise NotationError(_("--compare seats the --strategy bot in every seat: leave out --against"))
        return study(games, seed, players, strategy, edition, option, compare, jobs, think_ms, iterations, as_json)
    ed, _value = edition_spec(edition)
    opts = rule_options(option)
    if opts.get("stall") == "continue":
        raise NotationError(endless())
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

    from acquire_ref.language import ngettext, number
    from acquire_ref.programs.ladder import Standing, run_ladder
    from acquire_ref.render import console

    standing = Standing(match)
    n = match.players
    with Progress(console=console(stderr=True), transient=True) as progress:
        task = progress.add_task(ngettext("{deals} deals x {positions} positions: one {strategy} against {others} "
                                          "{against}, {jobs} job", "{deals} deals x {positions} positions: one "
                                          "{strategy} against {others} {against}, {jobs} jobs", jobs).format(
            deals=number(len(deals)), positions=n, strategy=match.strategy, others=n - 1, against=match.against,
            jobs=number(jobs)), total=len(deals) * n)
        for results in run_ladder(match, deals, jobs):
            standing.add(results)
            progress.advance(task, len(results))
    return standing.as_dict()


def _table(doc: dict[str, Any]) -> Any:
    """The report as a rich table: games, the win share and its interval, wins by strategy, in the
    language in force (``doc`` is the English JSON document)."""
    from rich.table import Table

    from acquire_ref.language import _, decimal, money, ngettext, number, percent
    from acquire_ref.reports import wins_text

    share = doc["win_share"]
    t = Table(title=ngettext("{games} game ({deals} deals, each once per position): one {strategy} against {against}",
                             "{games} games ({deals} deals, each once per position): one {strategy} against {against}",
                             doc["games"]).format(games=number(doc["games"]), deals=number(doc["deals"]),
                                                  strategy=doc["strategy"], against=doc["against"]),
              title_justify="left")
    t.add_column(_("measure"))
    t.add_column(_("value"), justify="right")
    low, high = share["ci95"]
    t.add_row(_("win share of the {strategy} seat").format(strategy=doc["strategy"]),
              _("{value} ({low}-{high}, 95%)").format(value=percent(share["share"]), low=percent(low), high=percent(high)))
    t.add_row(_("chance"), percent(share["chance"]))
    for strategy, wins in doc["wins_by_strategy"].items():
        t.add_row(_("wins by {strategy}").format(strategy=strategy), wins_text(wins))
    for key, label, unit in (("game_length", _("turns per game (mean)"), ""), ("winners_money", _("winner's money (mean)"), "$")):
        part = doc[key]

        def shown(v: float, unit: str = unit) -> str:
            return money(round(v)) if unit else decimal(v, 0)

        t.add_row(label, _("{value} ({low}-{high}, 95%)").format(
            value=shown(part["mean"]), low=shown(part["ci95"][0]), high=shown(part["ci95"][1])) if part["ci95"]
            else shown(part["mean"]))
    if doc["search"]:
        budget = {"think_ms": _("{value} ms of processor time per decision"),
                  "iterations": _("{value} playouts per decision")}
        t.add_row(_("search budget"), ", ".join(budget[k].format(value=decimal(v, 0)) if k in budget else f"{k} {v:g}"
                                               for k, v in doc["search"].items()))
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
    from acquire_ref.language import number
    from acquire_ref.programs.ladder import LADDER_STRATEGIES
    from acquire_ref.programs.rule_study import Study, report, run_study
    from acquire_ref.render import console

    if strategy not in LADDER_STRATEGIES:
        raise NotationError(choices("--strategy", strategy, LADDER_STRATEGIES))
    ed, _value = edition_spec(edition)
    base = rule_options(option)
    sets = [base] + [{**base, **rule_options([i for i in item.split(",") if i.strip()])} for item in compare]
    for opts in sets:
        if opts.get("stall") == "continue":
            raise NotationError(endless())
        Game.table([f"p{i + 1}" for i in range(players)], ed, opts)  # each set checked before the progress bar
    plan = Study(players, strategy, ed, sets, think_ms, iterations)
    deals = []
    with Progress(console=console(stderr=True), transient=True) as progress:
        task = progress.add_task(_("{deals} deals x {sets} rule sets, {players} {strategy} players").format(
            deals=number(games), sets=len(sets), players=players, strategy=strategy), total=games)
        for rows in run_study(plan, range(seed, seed + games), jobs or os.cpu_count() or 1):
            deals.append(rows)
            progress.advance(task)
    doc = report(plan, deals)
    if as_json:
        sys.stdout.write(json.dumps(doc, indent=2) + "\n")
        return
    console().print(_study_table(doc))


def _study_table(doc: dict[str, Any]) -> Any:
    """The study's report as a rich table: one row per rule set, and its difference from the first,
    in the language in force (``doc`` is the English JSON document; the rule options stay as typed)."""
    from rich.table import Table
    from rich.text import Text

    from acquire_ref.language import _, decimal, money, ngettext, number

    def figure(value: float, unit: str) -> str:  # money as the language writes it ($6,000; 6.000 $)
        return decimal(value, 1) if not unit else ("-" if value < 0 else "") + money(round(abs(value)))

    def shown(part: dict[str, Any], unit: str) -> str:
        if not part["ci95"]:
            return figure(part["mean"], unit)
        return _("{mean}\n({low} to {high})").format(mean=figure(part["mean"], unit), low=figure(part["ci95"][0], unit),
                                                    high=figure(part["ci95"][1], unit))

    t = Table(title=ngettext("{deals} deal under each rule set, {players} {strategy} players (means, intervals at 95%)",
                             "{deals} deals under each rule set, {players} {strategy} players (means, intervals at 95%)",
                             doc["deals"]).format(deals=number(doc["deals"]), players=number(doc["players"]),
                                                  strategy=doc["strategy"]), title_justify="left")
    heads = [_("rule set"), _("turns per game"), _("winner's money"), _("turns vs first"), _("money vs first")]
    for k, name in enumerate(heads):
        t.add_column(name, justify="left" if k == 0 else "right", overflow="fold", min_width=22 if k == 0 else None)
    for entry in doc["rule_sets"]:
        label = "\n".join(f"{k}={v}" if len(k) + len(v) < 22 else f"{k}=\n {v}"  # a line a value in 80 columns
                          for k, v in entry["options"].items()) or _("(no option)")
        versus = entry.get("vs_first")
        t.add_row(Text(label), shown(entry["game_length"], ""), shown(entry["winners_money"], "$"),
                  shown(versus["game_length"], "") if versus else "-", shown(versus["winners_money"], "$") if versus else "-")
    return t
