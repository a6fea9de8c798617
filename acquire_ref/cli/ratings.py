"""``acquire-ref ratings ...``: a club's ratings over a season (T6), registered by
:mod:`acquire_ref.cli.app`.

Only Typer is imported here at start-up; the command imports the rest. The ratings themselves
are :mod:`acquire_ref.club.ratings`; this module reads the options, prints the leaderboard or the
history, and writes the CSV and HTML exports (the HTML from the live board's templates).
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from acquire_ref.cli.output import print_json, say
from acquire_ref.engine.errors import NotationError
from acquire_ref.language import N_, _, ngettext

if TYPE_CHECKING:
    from collections.abc import Sequence

    from acquire_ref.club.ratings import Rated, Season

MODEL = "PlackettLuce"
"""The openskill model every rating is computed with (JSON key ``model``)."""


SINCE = typer.Option(None, "--from", metavar="YYYY-MM-DD", show_default=False,
                     help=N_("A season: only games played on or after this date."))
UNTIL = typer.Option(None, "--to", metavar="YYYY-MM-DD", show_default=False,
                     help=N_("A season: only games played on or before this date."))
PROJECTED = typer.Option(False, "--projected", help=N_("Take unfinished games as they stand instead of refusing them."))
HISTORY = typer.Option(False, "--history", help=N_("Each player's rating after each date played, with the change."))
SEASON = typer.Option(None, "--season", metavar="YYYY", show_default=False,
                      help=N_("A season by its year: --from YYYY-01-01 --to YYYY-12-31."))


def ratings(
    games: list[Path] = typer.Argument(..., metavar="FILE|FOLDER...",
                                       help=N_("Finished game files, event files, and folders of them (a club's season).")),
    as_json: bool = typer.Option(False, "--json", help=N_("One JSON document on stdout.")),
    by_time: bool = typer.Option(False, "--by-time",
                                 help=N_("Games of one date (and undated ones) in the order their files were last written, "
                                      "not as given.")),
    projected: bool = PROJECTED,
    keep_going: bool = typer.Option(False, "--keep-going",
                                    help=N_("Report each file that can't be used and rate the rest (exit status: the first "
                                         "such file's).")),
    provisional: int = typer.Option(5, "--provisional", min=0, max=10_000, metavar="N",
                                    help=N_("Mark a rating from fewer than N games as provisional.")),
    show_history: bool = HISTORY,
    player: str | None = typer.Option(None, "--player", metavar="NAME", help=N_("With --history: that player's alone."),
                                      show_default=False),
    csv: Path | None = typer.Option(None, "--csv", metavar="FILE",
                                    help=N_("Also write the leaderboard (the history with --history) as CSV.")),
    html: Path | None = typer.Option(None, "--html", metavar="FILE",
                                     help=N_("Also write the leaderboard and its chart as an HTML page (with the history "
                                          "tables with --history).")),
    title: str = typer.Option("Club ratings", "--title", metavar="TEXT", help=N_("The HTML page's heading.")),
    since: str | None = SINCE, until: str | None = UNTIL, year: str | None = SEASON,
) -> None:
    """A club's ratings over a season of games (T6, openskill's Plackett-Luce model).

    Games are rated in the order played (each game file's date; games of one date in the order
    given, a folder's by name; undated games first). An event file gives each table's result.
    The leaderboard: rating, uncertainty, conservative rating (rating - 3 x uncertainty, ranked
    by), games, wins, average place, last played, and a provisional mark.

    Example: acquire-ref ratings season/ --html leaderboard.html
    """
    from acquire_ref.club.ratings import read_season

    if player is not None and not show_history:
        raise NotationError(_("--player goes with --history: acquire-ref ratings season/ --history --player Ann"))
    season = read_season(games, by_time, projected, keep_going)
    season_filter(season, since, until, year)
    for note in season.notes:
        say(note, err=True)
    doc, steps = _leaderboard(season, provisional, by_time, show_history, player)
    _exports(season, doc, steps, csv, html, title, show_history)
    if as_json:
        print_json(doc)
    else:
        for line in history_lines(steps) if show_history else table_lines(doc["ratings"], provisional):
            say(line)
        say(order_line(doc, dated=since is not None or until is not None or year is not None))
    _report_skipped(season)


def season_span(year: str | None, since: str | None, until: str | None) -> tuple[str | None, str | None]:
    """The season's first and last dates as ``--from`` and ``--to`` give them (T7.2): ``--season
    YYYY`` is ``--from YYYY-01-01 --to YYYY-12-31`` (a season across two years is given with
    ``--from`` and ``--to``). Raises :class:`NotationError` (exit 2) for a year that is not four
    digits, or ``--season`` given with ``--from`` or ``--to``."""
    if year is None:
        return since, until
    if since is not None or until is not None:
        raise NotationError(_("--season {year} is --from {year}-01-01 --to {year}-12-31: give the season's year, "
                              "or its dates with --from and --to, not both").format(year=year.strip()))
    text = year.strip()
    if not (len(text) == 4 and text.isascii() and text.isdigit() and text >= "1000"):
        raise NotationError(_("--season {given}: give the season's year, e.g. --season 2026 (a season across two "
                              "years: --from 2025-09-01 --to 2026-06-30)").format(given=repr(year)))
    return f"{text}-01-01", f"{text}-12-31"


def season_filter(season: Season, since: str | None, until: str | None, year: str | None = None) -> None:
    """Keep only the games of ``season`` played from ``since`` to ``until`` (``--from``, ``--to``,
    either end open), or in the calendar ``year`` (``--season``, :func:`season_span`; T7.2), with
    a note of what was left out: games outside the dates, and undated games, which can't be
    placed in a season. Raises :class:`NotationError` (exit 2) for a date or year that can't be
    read, both given, or a season that ends before it begins."""
    from acquire_ref.files.record import parse_date
    from acquire_ref.tournament.model import day

    since, until = season_span(year, since, until)
    if since is None and until is None:
        return
    first = parse_date(since, "--from") if since is not None else None
    last = parse_date(until, "--to") if until is not None else None
    if first is not None and last is not None and last < first:
        raise NotationError(_("--to {last} is before --from {first}: a season ends after it begins").format(
            last=last, first=first))
    kept = [g for g in season.games if g.played is not None and (first is None or g.played >= first)
            and (last is None or g.played <= last)]
    undated = sum(1 for g in season.games if g.played is None)
    outside = len(season.games) - len(kept) - undated
    start = day(first) if first is not None else _("the start")
    end = day(last) if last is not None else _("now")
    said = ngettext("season {start} to {end}: {count} game rated", "season {start} to {end}: {count} games rated",
                    len(kept)).format(start=start, end=end, count=len(kept))
    if outside or undated:
        said += ngettext("; left out {count} game played outside it", "; left out {count} games played outside it",
                         outside).format(count=outside)
        if undated:
            said += ngettext(" and {count} undated game", " and {count} undated games", undated).format(count=undated)
    season.notes.append(said)
    season.games = kept


def _leaderboard(season: Season, provisional: int, by_time: bool, show_history: bool, player: str | None,
                 ) -> tuple[dict[str, Any], dict[str, list[dict[str, Any]]]]:
    """The ``ratings --json`` document of ``season`` (T6) and each player's history in the
    leaderboard's order (``player``'s alone when named): ``(doc, steps)``; the document holds the
    history with ``show_history``. Raises :class:`NotationError` (exit 2) for a player not rated."""
    from acquire_ref.club.ratings import compute, find_player, history

    rows = compute(season.games, provisional)
    every = history(season.games)
    steps = {r["player"]: every[r["player"]] for r in rows}  # in the leaderboard's order
    if player is not None:
        who = find_player(rows, player)
        steps = {who: steps[who]}
    doc = {"ratings": rows, "games": len(season.games), "model": MODEL, "provisional": provisional,
           "undated": sum(1 for g in season.games if g.played is None), "ties": "file time" if by_time else "given",
           "skipped": [{"file": s.source, "problem": s.problem, "exit": s.exit_code} for s in season.skipped]}
    if show_history:
        doc["history"] = steps
    return doc, steps


def _exports(season: Season, doc: dict[str, Any], steps: dict[str, list[dict[str, Any]]], csv: Path | None,
             html: Path | None, title: str, show_history: bool) -> None:
    """Write the ``--csv`` and ``--html`` files, never over a file the season was read from."""
    if csv is None and html is None:
        return
    from acquire_ref.club.ratings import csv_text
    from acquire_ref.files.storage import write_export

    reads: dict[str, Path | None] = {f"season file {n}": p for n, p in enumerate(season.files, 1)}
    if csv is not None:
        write_export(csv, csv_text(doc["ratings"], steps if show_history else None), reads, "--csv")
        say(_("Wrote {file}").format(file=csv), err=True)
    if html is not None:
        write_export(html, page(season, doc, steps, title, show_history), reads, "--html")
        say(_("Wrote {file}").format(file=html), err=True)


def _report_skipped(season: Season) -> None:
    """Say which files ``--keep-going`` left out and why; exit with the first one's status."""
    if not season.skipped:
        return
    say(ngettext("Not rated: {count} file could not be used:", "Not rated: {count} files could not be used:",
                 len(season.skipped)).format(count=len(season.skipped)), err=True)
    for s in season.skipped:
        say(f"  {s.problem}" if s.problem.startswith(s.source) else f"  {s.source}: {s.problem}", err=True)
    raise typer.Exit(season.skipped[0].exit_code)


def wins_cell(row: dict[str, Any]) -> str:
    """The wins as the table shows them: ``3``, or ``2+1 shared`` with a first place shared."""
    if row["shared_wins"]:
        return _("{wins}+{shared} shared").format(wins=row["wins"], shared=row["shared_wins"])
    return str(row["wins"])


def fixed(value: float, places: int = 2, sign: bool = False) -> str:
    """A rating's figure at ``places`` decimals with the language's decimal sign (``25.03``,
    ``25,03``); ``sign`` writes ``+`` before a gain."""
    from acquire_ref.tournament.model import decimal

    return decimal(f"{value:+.{places}f}" if sign else f"{value:.{places}f}")


def table_lines(rows: list[dict[str, Any]], provisional: int, width: int = 24) -> list[str]:
    """The leaderboard as lines of plain text (names longer than ``width`` cut)."""
    from acquire_ref.tournament.model import day

    heads = [_("rank"), _("player"), _("rating"), _("uncertainty"), _("conservative"), _("games"), _("wins"),
             _("avg place"), _("last played")]
    width = min(max(width, len(heads[1])), max([6, len(heads[1]), *(len(r["player"]) for r in rows)]))
    sizes = [max(len(h), n) for h, n in zip(heads, (4, width, 7, 11, 12, 5, 4, 9, 11), strict=True)]
    sizes[6] = max([sizes[6], *(len(wins_cell(r)) for r in rows)])
    lines = ["  ".join(f"{h:<{n}}" if i in (1, 8) else f"{h:>{n}}" for i, (h, n) in enumerate(zip(heads, sizes, strict=True)))]
    for r in rows:
        name = r["player"] if len(r["player"]) <= width else r["player"][:width - 3] + "..."
        mark = "  " + _("provisional") if r["provisional"] else ""
        last = day(date.fromisoformat(r["last_played"])) if r["last_played"] else "-"
        cells = [str(r["rank"]), name, fixed(r["rating"]), fixed(r["uncertainty"]), fixed(r["conservative"]),
                 str(r["games"]), wins_cell(r), fixed(r["average_place"]), last]
        lines.append(("  ".join(f"{c:<{n}}" if i in (1, 8) else f"{c:>{n}}"
                                for i, (c, n) in enumerate(zip(cells, sizes, strict=True))) + mark).rstrip())
    if any(r["provisional"] for r in rows):
        lines.append(ngettext("provisional: fewer than {count} game, so the rating is still far from settled.",
                              "provisional: fewer than {count} games, so the rating is still far from settled.",
                              provisional).format(count=provisional))
    return lines


def history_lines(steps: dict[str, list[dict[str, Any]]]) -> list[str]:
    """Each player's history as lines of plain text: a heading with the name, then one line per
    date played (an undated game names its file)."""
    from acquire_ref.tournament.model import day

    heads = [_("played"), _("games"), _("rating"), _("uncertainty"), _("conservative"), _("change")]
    undated = _("(no date)")
    dates = {e["played"]: day(date.fromisoformat(e["played"])) for entries in steps.values() for e in entries if e["played"]}
    sizes = [max(len(h), n) for h, n in zip(heads, (10, 5, 7, 11, 12, 7), strict=True)]
    sizes[0] = max([sizes[0], len(undated), *(len(d) for d in dates.values())])
    lines: list[str] = []
    for name, entries in steps.items():
        if lines:
            lines.append("")
        lines += [name, "  " + "  ".join(f"{h:<{n}}" if i == 0 else f"{h:>{n}}"
                                         for i, (h, n) in enumerate(zip(heads, sizes, strict=True)))]
        for e in entries:
            where = f"  {e['source']}" if e["played"] is None else ""
            cells = [dates[e["played"]] if e["played"] else undated, str(e["games"]), fixed(e["rating"]),
                     fixed(e["uncertainty"]), fixed(e["conservative"]), fixed(e["change"], sign=True)]
            lines.append("  " + "  ".join(f"{c:<{n}}" if i == 0 else f"{c:>{n}}"
                                          for i, (c, n) in enumerate(zip(cells, sizes, strict=True))) + where)
    return lines


def order_line(doc: dict[str, Any], dated: bool = False) -> str:
    """The sentence saying in which order the games were rated (``dated``: a season was asked for)."""
    if not doc["games"] and dated:
        return _("No game rated: none of these files' finished games or table results was played in the season "
                 "asked for.")
    if not doc["games"]:
        return _("No game rated: these files hold no finished game or entered table result.")
    count, model = doc["games"], doc["model"]
    by_file = doc["ties"] == "file time"
    if doc["undated"] == count:
        said = (ngettext("{count} game rated ({model}), in the order their files were last written (no game file has a "
                         "date).", "{count} games rated ({model}), in the order their files were last written (no game "
                         "file has a date).", count) if by_file else
                ngettext("{count} game rated ({model}), in the order given (no game file has a date).",
                         "{count} games rated ({model}), in the order given (no game file has a date).", count))
        return said.format(count=count, model=model)
    said = (ngettext("{count} game rated ({model}), in the order played; games of one date in the order their files "
                     "were last written", "{count} games rated ({model}), in the order played; games of one date in the "
                     "order their files were last written", count) if by_file else
            ngettext("{count} game rated ({model}), in the order played; games of one date in the order given",
                     "{count} games rated ({model}), in the order played; games of one date in the order given", count))
    said = said.format(count=count, model=model)
    if doc["undated"]:
        said += ngettext("; {count} undated game first", "; {count} undated games first", doc["undated"]).format(
            count=doc["undated"])
    return _("{said}.").format(said=said)


def page(season: Season, doc: dict[str, Any], steps: dict[str, list[dict[str, Any]]], title: str,
         show_history: bool) -> str:
    """The leaderboard as a standalone HTML page for a club's notice board or web site, from the
    live board's templates and style (Jinja2, autoescaped): every row with a small chart of the
    player's conservative rating after each date (inline SVG), and with ``show_history`` the
    history tables of ``steps``."""
    from acquire_ref.web.pages import render

    title = _("Club ratings") if title == "Club ratings" else title  # the default heading, in the page's language
    return render("ratings.html", doc=html_doc(season.games, doc, steps if show_history else {}, title, order_line(doc)))


def html_doc(games: Sequence[Rated], doc: dict[str, Any], steps: dict[str, list[dict[str, Any]]], title: str,
             order: str) -> dict[str, Any]:
    """What the ratings page's template takes: ``title``, ``as_of`` (the latest date played, or
    None), ``headings``, ``rows`` (``rank``, ``player``, ``cells`` as the terminal shows them,
    ``provisional``, ``chart`` from :func:`charts`), ``size`` (:data:`CHART`), ``notes`` (the
    order, the provisional mark, the model) and ``history`` (for each player of ``steps``, the
    ``player`` and ``entries`` as cells). Plain text: the template escapes it."""
    from acquire_ref.club.ratings import CHART, charts, history
    from acquire_ref.tournament.model import day, decimal

    drawn = charts(games, history(games))
    dated = [g.played for g in games if g.played is not None]

    def on(text: str | None) -> str:
        return day(date.fromisoformat(text)) if text else "-"
    rows = []
    for r in doc["ratings"]:
        wins = wins_cell(r)
        rows.append({"rank": r["rank"], "player": r["player"], "provisional": r["provisional"],
                     "chart": drawn[r["player"]],
                     "cells": [*(decimal(f"{r[k]:.2f}") for k in ("rating", "uncertainty", "conservative")), str(r["games"]),
                               wins, decimal(f"{r['average_place']:.2f}"), on(r["last_played"])]})
    notes = [order]
    if any(r["provisional"] for r in doc["ratings"]):
        notes.append(ngettext("provisional: fewer than {count} game, so the rating is still far from settled.", "provisional: "
                              "fewer than {count} games, so the rating is still far from settled.", doc["provisional"])
                     .format(count=doc["provisional"]))
    notes.append(_("conservative = rating - 3 x uncertainty: the table is ranked by it."))
    hist = [{"player": name, "entries": [[on(e["played"]) if e["played"] else _("(no date) {file}").format(file=e["source"]),
                                          str(e["games"]),
                                          *(decimal(f"{e[k]:.2f}") for k in ("rating", "uncertainty", "conservative")),
                                          decimal(f"{e['change']:+.2f}")] for e in entries]} for name, entries in steps.items()]
    return {"title": title, "as_of": on(max(dated).isoformat()) if dated else None, "rows": rows, "size": CHART,
            "headings": [_("rating"), _("uncertainty"), _("conservative"), _("games"), _("wins"), _("avg place"),
                         _("last played")], "notes": notes, "history": hist}
