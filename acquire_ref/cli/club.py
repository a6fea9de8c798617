"""``acquire-ref club ...``: a club's books beside its ratings (T6), registered by
:mod:`acquire_ref.cli.app` in one line: ``club add`` enters a game played on paper, as it was
played (the date, the players, 2 to 6, and their money), into a plays file that ``ratings``
reads with the club's game and event files.

Only Typer is imported here at start-up; each command imports what it uses. The plays file is
:mod:`acquire_ref.club.plays`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from acquire_ref.cli.output import print_json, say
from acquire_ref.cli.ratings import SEASON, SINCE, UNTIL
from acquire_ref.cli.tournament import event_path, tournament_app
from acquire_ref.language import N_, _, ngettext

if TYPE_CHECKING:
    from datetime import date

    from acquire_ref.club.ratings import Season

HELP = N_("""A club's books: games played on paper, entered as they were played (T6).

Example: acquire-ref club add season/paper.toml --played 2026-01-13 "Rosa Díaz=52300" Ben=41000 Cat=38000""")

club_app = typer.Typer(help=HELP, no_args_is_help=True, context_settings={"help_option_names": ["-h", "--help"]})


@club_app.callback()
def main() -> None:
    """A club's books: games played on paper, entered as they were played (T6).

    Example: acquire-ref club add season/paper.toml --played 2026-01-13 Ann=52300 Ben=41000 Cat=38000
    """


@club_app.command()
def add(
    plays: Path = typer.Argument(..., metavar="FILE", help=N_("The plays file (made when missing), e.g. season/paper.toml.")),
    sheet: list[str] = typer.Argument(..., metavar="PLAYER=MONEY...",
                                      help=N_("Each player's final money, 2 to 6 players (quote a name with spaces).")),
    played: str = typer.Option(..., "--played", metavar="YYYY-MM-DD", help=N_("The date the game was played.")),
    table: str | None = typer.Option(None, "--table", metavar="LABEL", help=N_("The table's label that night (optional)."),
                                     show_default=False),
    force: bool = typer.Option(False, "--force", help=N_("Accept money that looks wrong for Acquire (T3.4).")),
) -> None:
    """Enter a game played on paper: its date, players and final money (T6).

    Places follow from the money (equal money shares the better place, R8.3). The play is
    appended to FILE, a plays file that `ratings` reads beside game and event files (a folder's
    *.toml files include it). Money that looks wrong for Acquire is asked about (or needs --force).

    Example: acquire-ref club add season/paper.toml --played 2026-01-13 "Rosa Díaz=52300" Ben=41000 Cat=38000
    """
    from acquire_ref.cli.tournament import _confirm
    from acquire_ref.club.plays import add_play, check_play
    from acquire_ref.engine.errors import NotationError
    from acquire_ref.engine.events import money
    from acquire_ref.engine.scoring import rank
    from acquire_ref.files.record import parse_played
    from acquire_ref.tournament import implausible, parse_sheet

    day = parse_played(played)
    if table is not None and not (0 < len(table.strip()) <= 20 and table.isprintable()):
        raise NotationError(_("--table {table}: a short label, e.g. --table 3").format(table=repr(table)))
    cash = check_play(parse_sheet(sheet), _("the play"))
    doubt = implausible(cash)
    if doubt is not None:
        _confirm(_("this sheet looks wrong for Acquire: {doubt} (a swapped or an extra digit? T3.4)").format(doubt=doubt),
                 "--force", force)
    count = add_play(plays, day, cash, table.strip() if table is not None else None)
    from acquire_ref.tournament.model import day as on

    places = ", ".join(f"{place}. {name} {money(cash[name])}" for name, _cash, place in rank(cash))
    said = (_("{file}: play {count} ({date}, table {table}): {places}.") if table else
            _("{file}: play {count} ({date}): {places}."))
    say(said.format(file=plays, count=count, date=on(day), table=(table or "").strip(), places=places))


@club_app.command()
def alias(
    plays: Path = typer.Argument(..., metavar="FILE", help=N_("The plays file that keeps the club's aliases.")),
    name: str = typer.Argument(..., metavar="NAME", help=N_("The spelling met in some games.")),
    member: str = typer.Argument(..., metavar="MEMBER", help=N_("The member it is, as the ratings should show them.")),
    reason: str = typer.Option(..., "--reason", metavar="TEXT", help=N_("Why they are one member (kept in the file).")),
) -> None:
    """Record that two spellings are one member, with the reason; `ratings` and the exports
    then count NAME's games as MEMBER's (T6).

    Example: acquire-ref club alias season/paper.toml "Rosa Diaz" "Rosa Díaz" --reason "typed without the accent"
    """
    from acquire_ref.club.plays import add_alias

    add_alias(plays, name, member, reason)
    say(_("{file}: {name} is {member} ({reason}).").format(file=plays, name=name, member=member, reason=reason))


Span = tuple["date | None", "date | None"] | None
"""A season's first and last dates (either end open), None for every game."""


def _in_season(played: date | None, span: Span, left: dict[str, int]) -> bool:
    """True when a game played on ``played`` is in the season ``span`` (T7.2; every game when
    ``span`` is None); otherwise it is counted in ``left``, as undated or played outside it."""
    if span is None:
        return True
    first, last = span
    if played is not None and (first is None or played >= first) and (last is None or played <= last):
        return True
    why = "undated" if played is None else "outside the season"
    left[why] = left.get(why, 0) + 1
    return False


def _report_span(since: str | None, until: str | None, year: str | None) -> Span:
    """The season of ``club report`` (``--from``, ``--to``, ``--season``: as ``ratings`` reads them)."""
    from acquire_ref.cli.ratings import season_span
    from acquire_ref.engine.errors import NotationError
    from acquire_ref.files.record import parse_date

    since, until = season_span(year, since, until)
    if since is None and until is None:
        return None
    first = parse_date(since, "--from") if since is not None else None
    last = parse_date(until, "--to") if until is not None else None
    if first is not None and last is not None and last < first:
        raise NotationError(_("--to {last} is before --from {first}: a season ends after it begins").format(
            last=last, first=first))
    return first, last


def _event_facts(path: Path, event: Any, out: list[Any], left: dict[str, int], span: Span = None) -> None:
    """Add to ``out`` the :class:`~acquire_ref.club.report.GameFacts` of each table of ``event`` (read
    from ``path``) refereed to its end (played in the season ``span``, dated as ``ratings`` dates
    it); count in ``left`` the tables without moves to count and those of another season."""
    from acquire_ref.club.members import member_name
    from acquire_ref.club.ratings import final_money
    from acquire_ref.club.report import game_facts
    from acquire_ref.files.storage import load_game
    from acquire_ref.tournament.event_games import game_path

    for rnd in event.rounds:
        for t in rnd.tables:
            if t.result is None or t.result.source != "game":
                why = "from a results sheet" if t.result is not None and t.result.source == "sheet" \
                    else "unfinished, left out or still playing"
                left[why] = left.get(why, 0) + 1
                continue
            file = game_path(path, t.game)
            game, record, _seats = load_game(file)
            if not _in_season(t.result.played or record.played, span, left):
                continue
            facts = game_facts(game, final_money(game, file), f"{path} round {rnd.number} table {t.number}")
            out.append(facts.renamed(member_name))


def _file_facts(paths: list[Path], span: Span = None) -> tuple[list[Any], list[str]]:
    """The facts of every refereed, finished game in ``paths`` (game files, event files, folders,
    as ``ratings`` reads them; a table's game file counted once, through its event), and what was
    not counted, in words."""
    from acquire_ref.club.plays import is_plays
    from acquire_ref.club.ratings import final_money, season_files
    from acquire_ref.club.report import game_facts
    from acquire_ref.files.record import parse_toml
    from acquire_ref.files.storage import load_game, read_text, same_file
    from acquire_ref.tournament.event_file import loads

    files = season_files(paths)
    facts: list[Any] = []
    left: dict[str, int] = {}
    tables: list[Path] = []
    for file in files:
        doc = parse_toml(read_text(file, "game or event file"), str(file))
        if "event" in doc:
            event = loads(read_text(file), str(file))
            tables += [file.parent / t.game for r in event.rounds for t in r.tables]
            _event_facts(file, event, facts, left, span)
        elif is_plays(doc):
            left["paper"] = left.get("paper", 0) + len(doc["play"])
    for file in files:
        if any(same_file(file, t) for t in tables) or file.name.endswith(".event.toml"):
            continue
        doc = parse_toml(read_text(file, "game or event file"), str(file))
        if "event" in doc or is_plays(doc):
            continue
        game, record, _seats = load_game(file)
        if not game.over:
            left["unfinished"] = left.get("unfinished", 0) + 1
            continue
        if not _in_season(record.played, span, left):
            continue
        facts.append(game_facts(game, final_money(game, file), str(file)))
    return facts, _left_words(left)


def _left_words(left: dict[str, int]) -> list[str]:
    """What the report did not count, in words: ``{why: how many}`` as "3 tables from a results
    sheet" and the like (paper results and unfinished games named as such)."""
    return [_left_word(why, n) for why, n in left.items()]


def _left_word(why: str, n: int) -> str:
    """One reason of :func:`_left_words` for ``n`` games or tables, in the language in force."""
    if why == "paper":
        said = ngettext("{count} paper result (a plays file: no moves to count)",
                        "{count} paper results (a plays file: no moves to count)", n)
    elif why == "unfinished":
        said = ngettext("{count} unfinished game", "{count} unfinished games", n)
    elif why == "undated":
        said = ngettext("{count} undated game (no season holds it)", "{count} undated games (no season holds it)", n)
    elif why == "outside the season":
        said = ngettext("{count} game played outside the season", "{count} games played outside the season", n)
    elif why == "from a results sheet":
        said = ngettext("{count} table from a results sheet", "{count} tables from a results sheet", n)
    else:
        said = ngettext("{count} table unfinished, left out or still playing",
                        "{count} tables unfinished, left out or still playing", n)
    return said.format(count=n)


def _report_out(facts: list[Any], left: list[str], title: str, as_json: bool, html: Path | None,
                reads: dict[str, Path | None]) -> None:
    """Print the GM's report (text or ``--json``) and write its ``--html`` page."""
    import json
    import sys

    from acquire_ref.club.report import summary, text_lines

    doc = summary(facts, left)
    if html is not None:
        from acquire_ref.files.storage import write_export

        write_export(html, report_page(doc, title), reads, "--html")
        say(_("Wrote {file}").format(file=html), err=True)
    if as_json:
        sys.stdout.write(json.dumps({"title": title, **doc}, indent=2, ensure_ascii=False, default=str) + "\n")
    else:
        for line in text_lines(doc, title):
            say(line)


def report_page(doc: dict[str, Any], title: str) -> str:
    """The GM's report as a standalone, printable HTML page (A4), with its charts (inline SVG)."""
    from acquire_ref.club.report import bars, involved, share
    from acquire_ref.engine.events import money
    from acquire_ref.web.pages import render

    charts = [{"title": ngettext("Wins by seat position, tables of {size} ({count} game)",
                                 "Wins by seat position, tables of {size} ({count} games)", row["games"]).format(
        size=size, count=row["games"]), **bars(row["wins"])} for size, row in doc["by_position"].items()]
    charts.append({"title": _("Winners and the first merger"), **bars(involved(doc["involvement"]))})
    w = doc["winning"]
    figures = [] if w is None else [
        (_("Games counted"), str(doc["games"])), (_("Lowest winning score"), money(w["lowest"])),
        (_("Highest winning score"), money(w["highest"])), (_("Average winning score"), money(w["average"]))]
    if doc["bonus_share"]["average"] is not None:
        count = doc["bonus_share"]["games"]
        figures.append((_("Winners' share of the first merger's bonuses"), ngettext(
            "{share} ({count} game)", "{share} ({count} games)", count).format(share=share(doc["bonus_share"]["average"]),
                                                                             count=count)))
    return render("report.html", doc={"title": title, "figures": figures, "charts": charts, "left_out": doc["left_out"],
                                      "games": doc["games"]})


REPORT_JSON = typer.Option(False, "--json", help=N_("One JSON document on stdout."))
REPORT_HTML = typer.Option(None, "--html", metavar="FILE", help=N_("Also write the report as a printable HTML page."))


@club_app.command()
def report(
    paths: list[Path] = typer.Argument(..., metavar="FILE|FOLDER...", help=N_("Game files, event files, and folders.")),
    as_json: bool = REPORT_JSON,
    html: Path | None = REPORT_HTML,
    title: str = typer.Option("Club games", "--title", metavar="TEXT", help=N_("The report's heading.")),
    since: str | None = SINCE, until: str | None = UNTIL, year: str | None = SEASON,
) -> None:
    """The GM's report over a club's refereed games: winning scores, wins by seat position, and
    winners in the first merger.

    Counted from the moves of every finished game file (an event's refereed tables too); paper
    results have no moves and are named as not counted.

    Example: acquire-ref club report season/ --html report.html
    """
    facts, left = _file_facts(paths, _report_span(since, until, year))
    title = _("Club games") if title == "Club games" else title  # the default heading, in the report's language
    _report_out(facts, left, title, as_json, html, {f"file {n}": p for n, p in enumerate(paths, 1)})


@tournament_app.command("report")
def tournament_report(as_json: bool = REPORT_JSON, html: Path | None = REPORT_HTML) -> None:
    """The GM's report over the event's refereed tables: winning scores, wins by seat position,
    and winners in the first merger.

    Tables entered from results sheets have no moves to count: the report says how many.

    Example: acquire-ref tournament report --html report.html
    """
    from acquire_ref.tournament.event_file import load

    path = event_path()
    event = load(path)
    facts: list[Any] = []
    left: dict[str, int] = {}
    _event_facts(path, event, facts, left)
    _report_out(facts, _left_words(left), event.name, as_json, html, {"event file": path})


def _season(paths: list[Path], span: tuple[str | None, str | None, str | None], projected: bool = False) -> Season:
    """The games of ``paths`` as ``ratings`` reads them, only those of the season ``span``
    (``--from``, ``--to``, ``--season``: :func:`acquire_ref.cli.ratings.season_filter`, T7.2),
    whose note of what it left out is said on stderr."""
    from acquire_ref.cli.ratings import season_filter
    from acquire_ref.club.ratings import read_season

    season = read_season(paths, projected=projected)
    before = len(season.notes)
    season_filter(season, *span)
    for note in season.notes[before:]:
        say(note, err=True)
    return season


@club_app.command()
def export(
    paths: list[Path] = typer.Argument(..., metavar="FILE|FOLDER...", help=N_("Game files, event files, plays files, folders.")),
    bgstats: Path | None = typer.Option(None, "--bgstats", metavar="FILE", show_default=False,
                                        help=N_("Write the plays as a BG Stats play file (JSON) to import in the app.")),
    csv: Path | None = typer.Option(None, "--csv", metavar="FILE", show_default=False,
                                    help=N_("Write the plays as CSV, one row per player of each game.")),
    location: str = typer.Option("Club", "--location", metavar="NAME", help=N_("Where the games were played (BG Stats).")),
    projected: bool = typer.Option(False, "--projected", help=N_("Take unfinished games as they stand.")),
    since: str | None = SINCE, until: str | None = UNTIL, year: str | None = SEASON,
) -> None:
    """Export a club's plays to the board gamers' logging apps: a BG Stats play file and a CSV.

    The games are those `ratings` reads (refereed, from events and from paper), each player's
    final money as the score, first place as the winner; Acquire is BoardGameGeek's game 5.

    Example: acquire-ref club export season/ --bgstats acquire.bgsplay --csv plays.csv
    """
    import json

    from acquire_ref.club.logbook import bgstats_doc, plays_csv
    from acquire_ref.engine.errors import NotationError
    from acquire_ref.files.storage import write_export

    if bgstats is None and csv is None:
        raise NotationError(_("name a file to write: --bgstats FILE (the BG Stats app) or --csv FILE"))
    season = _season(paths, (since, until, year), projected)
    reads: dict[str, Path | None] = {f"season file {n}": p for n, p in enumerate(season.files, 1)}
    if bgstats is not None:
        doc = bgstats_doc(season.games, location)
        write_export(bgstats, json.dumps(doc, indent=2, ensure_ascii=False) + "\n", reads, "--bgstats")
        undated = sum(1 for g in season.games if g.played is None)
        said = ngettext("Wrote {file}: {count} play of Acquire (BoardGameGeek 5)",
                        "Wrote {file}: {count} plays of Acquire (BoardGameGeek 5)", len(doc["plays"])).format(
            file=bgstats, count=len(doc["plays"]))
        said += ngettext(", {count} player", ", {count} players", len(doc["players"])).format(count=len(doc["players"]))
        if undated:
            said += ngettext("; left out {count} undated game", "; left out {count} undated games", undated).format(
                count=undated)
        say(said)
    if csv is not None:
        write_export(csv, plays_csv(season.games), reads, "--csv")
        say(ngettext("Wrote {file}: {count} game", "Wrote {file}: {count} games", len(season.games)).format(
            file=csv, count=len(season.games)))


@club_app.command()
def player(
    paths: list[Path] = typer.Argument(..., metavar="FILE|FOLDER...", help=N_("Game files, event files, plays files, folders.")),
    name: str = typer.Option(..., "--player", metavar="NAME", help=N_("The member.")),
    html: Path | None = typer.Option(None, "--html", metavar="FILE", show_default=False,
                                     help=N_("Also write the member's page as HTML (for a screen and A4).")),
    as_json: bool = typer.Option(False, "--json", help=N_("One JSON document on stdout.")),
    since: str | None = SINCE, until: str | None = UNTIL, year: str | None = SEASON,
) -> None:
    """A member's page: their rating after each date, every game they played, and head-to-head
    against each opponent (T6).

    Example: acquire-ref club player season/ --player "Rosa Díaz" --html rosa.html
    """

    from acquire_ref.club.logbook import player_doc
    from acquire_ref.club.ratings import CHART
    from acquire_ref.engine.events import money
    from acquire_ref.tournament.model import decimal

    season = _season(paths, (since, until, year))
    doc = player_doc(season.games, name)
    if html is not None:
        from datetime import date

        from acquire_ref.cli.ratings import fixed
        from acquire_ref.files.storage import write_export
        from acquire_ref.tournament.model import day
        from acquire_ref.web.pages import render

        page = render("player.html", doc={**doc, "size": CHART, "title": doc["player"]}, money=money, fixed=fixed,
                      on=lambda text: day(date.fromisoformat(str(text))))
        write_export(html, page, {f"season file {n}": p for n, p in enumerate(season.files, 1)}, "--html")
        say(_("Wrote {file}").format(file=html), err=True)
    if as_json:
        print_json(doc)
        return
    rating = doc["history"][-1]["conservative"]
    say(ngettext("{player}: {count} game, rating now {rating} (conservative)",
                 "{player}: {count} games, rating now {rating} (conservative)", len(doc["games"])).format(
        player=doc["player"], count=len(doc["games"]), rating=decimal(f"{rating:.2f}")))
    for o in doc["opponents"]:
        say("  " + ngettext("against {opponent}: {count} game, ahead {above}, behind {below}, level {level}",
                            "against {opponent}: {count} games, ahead {above}, behind {below}, level {level}",
                            o["games"]).format(opponent=o["opponent"], count=o["games"], above=o["above"],
                                               below=o["below"], level=o["level"]))
