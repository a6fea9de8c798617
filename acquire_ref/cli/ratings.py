"""``acquire-ref ratings ...``: a club's ratings over a season (T6), registered by
:mod:`acquire_ref.cli.app`.

Only Typer is imported here at start-up; the command imports the rest. The ratings themselves
are :mod:`acquire_ref.club.ratings`; this module reads the options, prints the leaderboard or the
history, and writes the CSV and HTML exports (the HTML from the live board's templates).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from acquire_ref.cli.output import print_json, say
from acquire_ref.engine.errors import NotationError
from acquire_ref.language import N_, _

if TYPE_CHECKING:
    from acquire_ref.club.ratings import Season

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
        raise NotationError("--player goes with --history: acquire-ref ratings season/ --history --player Ann")
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
    from acquire_ref.engine.events import plural
    from acquire_ref.files.record import parse_date

    since, until = season_span(year, since, until)
    if since is None and until is None:
        return
    first = parse_date(since, "--from") if since is not None else None
    last = parse_date(until, "--to") if until is not None else None
    if first is not None and last is not None and last < first:
        raise NotationError(f"--to {last} is before --from {first}: a season ends after it begins")
    kept = [g for g in season.games if g.played is not None and (first is None or g.played >= first)
            and (last is None or g.played <= last)]
    undated = sum(1 for g in season.games if g.played is None)
    outside = len(season.games) - len(kept) - undated
    said = f"season {first or 'the start'} to {last or 'now'}: {plural(len(kept), 'game')} rated"
    if outside or undated:
        said += f"; left out {plural(outside, 'game')} played outside it" + (
            f" and {plural(undated, 'undated game')}" if undated else "")
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
        say(f"Wrote {csv}", err=True)
    if html is not None:
        write_export(html, page(season, doc, steps, title, show_history), reads, "--html")
        say(f"Wrote {html}", err=True)


def _report_skipped(season: Season) -> None:
    """Say which files ``--keep-going`` left out and why; exit with the first one's status."""
    if not season.skipped:
        return
    files = "file" if len(season.skipped) == 1 else "files"
    say(f"Not rated: {len(season.skipped)} {files} could not be used:", err=True)
    for s in season.skipped:
        say(f"  {s.problem}" if s.problem.startswith(s.source) else f"  {s.source}: {s.problem}", err=True)
    raise typer.Exit(season.skipped[0].exit_code)


def wins_cell(row: dict[str, Any]) -> str:
    """The wins as the table shows them: ``3``, or ``2+1 shared`` with a first place shared."""
    return f"{row['wins']}+{row['shared_wins']} shared" if row["shared_wins"] else str(row["wins"])


def table_lines(rows: list[dict[str, Any]], provisional: int, width: int = 24) -> list[str]:
    """The leaderboard as lines of plain text (names longer than ``width`` cut)."""
    width = min(width, max([6, *(len(r["player"]) for r in rows)]))
    wins = max([4, *(len(wins_cell(r)) for r in rows)])
    lines = [f"{'rank':>4}  {'player':<{width}}  {'rating':>7}  {'uncertainty':>11}  {'conservative':>12}  "
             f"{'games':>5}  {'wins':>{wins}}  {'avg place':>9}  {'last played':<11}"]
    for r in rows:
        name = r["player"] if len(r["player"]) <= width else r["player"][:width - 3] + "..."
        mark = "  provisional" if r["provisional"] else ""
        lines.append(f"{r['rank']:>4}  {name:<{width}}  {r['rating']:>7.2f}  {r['uncertainty']:>11.2f}  "
                     f"{r['conservative']:>12.2f}  {r['games']:>5}  {wins_cell(r):>{wins}}  {r['average_place']:>9.2f}  "
                     f"{r['last_played'] or '-':<11}{mark}".rstrip())
    if any(r["provisional"] for r in rows):
        lines.append(f"provisional: fewer than {provisional} games, so the rating is still far from settled.")
    return lines


def history_lines(steps: dict[str, list[dict[str, Any]]]) -> list[str]:
    """Each player's history as lines of plain text: a heading with the name, then one line per
    date played (an undated game names its file)."""
    lines: list[str] = []
    for name, entries in steps.items():
        if lines:
            lines.append("")
        lines += [name, f"  {'played':<10}  {'games':>5}  {'rating':>7}  {'uncertainty':>11}  {'conservative':>12}  "
                        f"{'change':>7}"]
        for e in entries:
            where = f"  {e['source']}" if e["played"] is None else ""
            lines.append(f"  {e['played'] or '(no date)':<10}  {e['games']:>5}  {e['rating']:>7.2f}  {e['uncertainty']:>11.2f}  "
                         f"{e['conservative']:>12.2f}  {e['change']:>+7.2f}{where}")
    return lines


def order_line(doc: dict[str, Any], dated: bool = False) -> str:
    """The sentence saying in which order the games were rated (``dated``: a season was asked for)."""
    from acquire_ref.engine.events import plural

    ties = "in the order their files were last written" if doc["ties"] == "file time" else "in the order given"
    if not doc["games"] and dated:
        return _("No game rated: none of these files' finished games or table results was played in the season "
                 "asked for.")
    if not doc["games"]:
        return "No game rated: these files hold no finished game or entered table result."
    if doc["undated"] == doc["games"]:
        return f"{plural(doc['games'], 'game')} rated ({doc['model']}), {ties} (no game file has a date)."
    said = f"{plural(doc['games'], 'game')} rated ({doc['model']}), in the order played; games of one date {ties}"
    if doc["undated"]:
        said += f"; {plural(doc['undated'], 'undated game')} first"
    return said + "."


def page(season: Season, doc: dict[str, Any], steps: dict[str, list[dict[str, Any]]], title: str,
         show_history: bool) -> str:
    """The leaderboard as a standalone HTML page for a club's notice board or web site, from the
    live board's templates and style (Jinja2, autoescaped): every row with a small chart of the
    player's conservative rating after each date (inline SVG), and with ``show_history`` the
    history tables of ``steps``."""
    from acquire_ref.club.ratings import html_doc
    from acquire_ref.web.pages import render

    return render("ratings.html", doc=html_doc(season.games, doc, steps if show_history else {}, title, order_line(doc)))
