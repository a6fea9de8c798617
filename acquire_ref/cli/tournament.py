"""``acquire-ref tournament ...``: an event of several tables and rounds (the event rules T1-T5
in the README), registered by :mod:`acquire_ref.cli.app` in one line (a club's ratings, T6, are
:mod:`acquire_ref.cli.ratings`).

Only Typer is imported here at start-up; each command imports what it uses. The event file is
``--event FILE``, else ``$ACQUIRE_EVENT``, else the one ``*.event.toml`` file in the current folder
(``tournament new NAME`` makes ``NAME.event.toml``). Each table's game is an ordinary game file
beside it, made and marked discarded by :mod:`acquire_ref.tournament.event_games` through
:class:`acquire_ref.files.session.GameFile`, as the library writes a new game.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from acquire_ref.cli.options import EDITIONS, JSON
from acquire_ref.cli.output import print_json as _json
from acquire_ref.cli.output import say
from acquire_ref.engine.errors import IllegalMoveError, NotationError
from acquire_ref.language import N_, _, ngettext

if TYPE_CHECKING:
    from acquire_ref.tournament import Result, Seating, Tournament

HELP = N_("""Run an event: players, table draws, results, standings and who goes through (T1-T5).

The event file is --event FILE, else $ACQUIRE_EVENT, else the one *.event.toml file here.
Each table's game is an ordinary game file beside it, refereed with the usual commands.

Example: acquire-ref tournament new "Club 2026" --format heats""")

tournament_app = typer.Typer(help=HELP, no_args_is_help=True, context_settings={"help_option_names": ["-h", "--help"]})
ROUND = typer.Argument(None, metavar="[ROUND]", help=N_("The round (default: the last drawn)."), show_default=False)


class _Where:
    """The event file named before the command (``--event``), None for the default."""

    event: Path | None = None


WHERE = _Where()


@tournament_app.callback()
def main(
    event: Path | None = typer.Option(None, "--event", "-e", envvar="ACQUIRE_EVENT", metavar="FILE",
                                      help=N_("The event file (default: the one *.event.toml file here)."),
                                      show_default=False),
) -> None:
    """Run an event: players, table draws, results, standings and who goes through.

    Example: acquire-ref tournament new "Club 2026" --format heats
    """
    WHERE.event = event


def event_path() -> Path:
    """The event file: ``--event``, ``$ACQUIRE_EVENT``, else the one ``*.event.toml`` here; a
    symbolic link is followed, so that the lock and the atomic write are the linked file's and
    the link stays (as for ``--game``).

    Raises :class:`NotationError` (exit 2) when none or several are here."""
    from acquire_ref.files.storage import game_path

    if WHERE.event is not None:
        if str(WHERE.event).strip() in ("", "."):
            raise NotationError(_("--event needs a file name, e.g. --event club.event.toml"))
        return game_path(WHERE.event)
    found = sorted(Path(".").glob("*.event.toml"))
    if len(found) == 1:
        return game_path(found[0])
    if not found:
        raise NotationError(_("no event file here: start one with `acquire-ref tournament new NAME`, or name it with --event"))
    raise NotationError(_("{count} event files here ({files}): name one with --event").format(
        count=len(found), files=", ".join(map(str, found[:5]))))


@tournament_app.command()
def new(
    name: str = typer.Argument(..., metavar="NAME", help=N_("The event's name, e.g. 'Club championship 2026'.")),
    format: str = typer.Option("heats", "--format", metavar="heats|swiss", help=N_("The format and its tie-breaks (T4).")),
    seed: int | None = typer.Option(None, "--seed", min=0, max=2**62, metavar="N",
                                    help=N_("The seed of every draw (default: random); kept in the file.")),
    fives: bool = typer.Option(False, "--fives", help=N_("Allow tables of 5 instead of several tables of 3 (T2.1).")),
    semifinal: int = typer.Option(16, "--semifinal", metavar="16|8|4", help=N_("Heats: places in the semifinal.")),
    rounds: int = typer.Option(4, "--rounds", min=1, max=50, metavar="N", help=N_("Swiss: the number of rounds.")),
    tiles: str = typer.Option("table", "--tiles", metavar="table|dealt", help=N_("The tables' games: as for new.")),
    edition: str = typer.Option("classic", "--edition", metavar="NAME|FILE",
        help=N_("The tables' edition: {editions}, or a ruleset file (kept in the event file).", editions=EDITIONS)),
    tiebreaks: str = typer.Option("acquire-ref", "--tiebreaks", metavar="NAME|KEY,...",
                                  help=N_("Heats: the tie-break list (T4): wbc-2007, acquire-ref, or keys in order.")),
    final: int = typer.Option(4, "--final", metavar="4|5", help=N_("Heats: players in the final (T4).")),
    margin_factor: list[str] | None = typer.Option(None, "--margin-factor", metavar="SIZE=FACTOR",
        help=N_("Heats: a winner's margin at a table of SIZE times FACTOR, e.g. 3=0.8.")),
    force: bool = typer.Option(False, "--force", help=N_("Replace an existing event file.")),
) -> None:
    """Create the event file (NAME.event.toml here unless --event names it).

    Example: acquire-ref tournament new "Club 2026" --format heats
    """
    import secrets

    from acquire_ref.cli.options import edition_spec
    from acquire_ref.tournament import Tournament, parse_factors, parse_tiebreaks, slug
    from acquire_ref.tournament.event_file import create
    from acquire_ref.tournament.wording import event_shape

    if not name.strip() or not name.isprintable():
        raise NotationError(_("event name {name}: give a printable name, e.g. 'Club 2026'").format(name=repr(name)))
    ed, fixed = edition_spec(edition)  # the event fixes its tables' edition: a name, or the ruleset itself
    _preset, keys = parse_tiebreaks(tiebreaks)
    factors = parse_factors(margin_factor or [])
    if format != "heats" and (tiebreaks != "acquire-ref" or factors or final != 4):
        raise NotationError(_("--tiebreaks, --margin-factor and --final are for the heats format; swiss has its own keys (T4)"))
    event = Tournament(name, format, secrets.randbelow(2**31) if seed is None else seed, fives, semifinal, rounds, fixed,
                       tiles, keys, final, factors)
    path = event_path() if WHERE.event is not None else Path(f"{slug(name)}.event.toml")
    create(path, event, force)
    said = (_("New event {name} in {file}: {shape}; seed {seed}; tables play {edition} with dealt tiles.")
            if tiles == "dealt" else
            _("New event {name} in {file}: {shape}; seed {seed}; tables play {edition} with table tiles."))
    say(said.format(name=name, file=path, shape=event_shape(event), seed=event.seed, edition=ed.name))
    say(_("Next: {command}").format(command="acquire-ref tournament add PLAYER... [--group G]"))


@tournament_app.command()
def add(
    players: list[str] = typer.Argument(..., metavar="PLAYER...", help=N_("Names to enter (or bring back after withdraw).")),
    group: str | None = typer.Option(None, "--group", metavar="G",
                                        help=N_("Family, club or team: kept apart at the tables (T2.2).")),
    badge: str | None = typer.Option(None, "--badge", metavar="ID", help=N_("The player's badge ID (one player at a time).")),
) -> None:
    """Enter players for the rounds still to be drawn; a withdrawn player comes back (T2.4).

    A name with spaces is one argument in quotes, as on the badge: "José García".

    Example: acquire-ref tournament add "José García" --badge 1042
    """
    from acquire_ref.tournament.event_file import changing

    if badge is not None and len(players) != 1:
        raise NotationError(_("--badge gives one player's badge ID: add players with badges one at a time"))
    with changing(event_path()) as event:
        said = [event.add(p, group, badge) for p in players]
        count = len(event.active())
    for line in said:
        say(_("{said}.").format(said=line))
    say(ngettext("{count} player entered for the next round.", "{count} players entered for the next round.", count)
        .format(count=count))


@tournament_app.command()
def withdraw(
    player: str = typer.Argument(..., metavar="PLAYER", help=N_("Who drops out of the rounds still to be drawn.")),
) -> None:
    """Take a player out of the rounds still to be drawn; their results so far stay (T2.4).

    Example: acquire-ref tournament withdraw Ben
    """
    from acquire_ref.tournament.event_games import changing

    path = event_path()
    with changing(path) as event:
        said = event.withdraw(player)
    say(_("{said}.").format(said=said))
    _say_games(path, event)


def _say_games(path: Path, event: Tournament) -> None:
    """Name the game files a change made and the ones it marked discarded (stderr)."""
    from acquire_ref.tournament.event_games import DISCARDED, game_path

    for rnd, t in event.made:
        say("  " + _("round {round} table {table}: {seats}").format(round=rnd.number, table=t.number,
                                                                      seats=", ".join(t.seats)), err=True)
        say(f"    acquire-ref --game {game_path(path, t.game)} table", err=True)
    if event.discarded:
        say("acquire-ref: " + _("marked discarded (renamed to end in {suffix}): {files}").format(
            suffix=DISCARDED, files=", ".join(str(game_path(path, g)) for g in event.discarded)), err=True)


def _asks() -> bool:
    """Whether ``_confirm`` may ask: standard input and standard error are a terminal."""
    return sys.stdin.isatty() and sys.stderr.isatty()


def _confirm(what: str, flag: str, given: bool) -> None:
    """A change that throws work away or looks wrong (T1.2, T3.4): with ``given`` (the flag) it
    goes ahead and says ``what`` on stderr; at a terminal it asks on stderr with the language's
    letters (``[j/N]``, ``[o/N]``), a yes being :func:`acquire_ref.cli.undo.agrees`'s; otherwise it
    is refused with ``what`` and the flag to add (exit 3), and nothing changes."""
    from acquire_ref.cli.undo import agrees
    from acquire_ref.words import visible

    if given:
        say(f"acquire-ref: {what}", err=True)
        return
    if _asks():
        typer.echo(visible(_("{what}. Go ahead? [y/N] ").format(what=what)), err=True, nl=False)
        try:
            answer = input()
        except EOFError:
            answer = ""
        if agrees(answer):
            return
        raise IllegalMoveError(_("nothing changed"))
    raise IllegalMoveError(_("{what}: add {flag} to go ahead").format(what=what, flag=flag))


@tournament_app.command()
def draw(
    force: bool = typer.Option(False, "--force", help=N_("Draw the open round again: its draw is discarded.")),
    discard_results: bool = typer.Option(False, "--discard-results",
                                         help=N_("With --force: drop the results already entered for the open round.")),
    table: list[str] | None = typer.Option(None, "--table", metavar="P1,P2,...", show_default=False,
                                           help=N_("A table as the players sat (3 to 6, in seating order), instead of "
                                                "a draw; once a table.")),
    as_json: bool = JSON,
) -> None:
    """Draw the next round and make one game file per table (T2).

    Tables of 4 (3s, or 5s with --fives, as the count needs), random tables and seats, no repeat
    opponents and groups apart where a draw allows; the seed is in the event file. A heat with
    check-ins (tournament checkin) draws those checked in. A redraw (--force) keeps the previous
    event file (tournament undo) and marks the old draw's game files discarded. With --table the
    round's tables are the ones given, as the players sat (a table of 6 too); the others sit out.

    Example: acquire-ref tournament draw
    """
    from acquire_ref.tournament import parse_tables
    from acquire_ref.tournament.event_games import changing, stem
    from acquire_ref.tournament.tournament_views import round_doc
    from acquire_ref.tournament.wording import discarded, table_lines

    given = parse_tables(table) if table else None
    path = event_path()
    note = None
    with changing(path, started_ok=True) as event:
        last = event.current()
        if force and last is not None and last.open:
            entered = [t.number for t in last.tables if t.result is not None]
            if entered:
                _confirm(ngettext("round {round} has results entered for table {tables}: a redraw drops them",
                                  "round {round} has results entered for tables {tables}: a redraw drops them",
                                  len(entered)).format(round=last.number, tables=", ".join(map(str, entered))),
                         "--discard-results", discard_results)
            old, rnd = event.redraw(stem(path)) if given is None else event.seat_again(given, stem(path))
            note = discarded(path, old)
        else:
            rnd = event.draw(stem(path)) if given is None else event.seat(given, stem(path))
    if note:
        say("acquire-ref: " + note, err=True)
    if as_json:
        _json({"round": round_doc(rnd), "discarded": note})
        return
    for line in table_lines(path, rnd):
        say(line)


@tournament_app.command()
def checkin(
    players: list[str] = typer.Argument(..., metavar="PLAYER...", help=N_("Who plays the heat (names or badge IDs).")),
    heat: int | None = typer.Option(None, "--heat", metavar="N", help=N_("The heat (round number; default: the next).")),
    out: bool = typer.Option(False, "--out", help=N_("Take the check-in back: the player sits the heat out.")),
) -> None:
    """Check players in for a heat (T1.4): once anyone is checked in, the heat draws only them.

    Sitting a heat out is not a withdrawal: the heats played still count.

    Example: acquire-ref tournament checkin Ann Ben "José García" --heat 2
    """
    from acquire_ref.tournament.event_games import changing

    path = event_path()
    with changing(path) as event:
        number = heat if heat is not None else len(event.rounds) + 1
        said = event.checkin(players, number, out)
        listed = event.checked_in(number)
    for line in said:
        say(_("{said}.").format(said=line))
    count = len(listed) if listed is not None else len(event.active())
    if listed is not None:
        say(_("Heat {heat}: {count} checked in.").format(heat=number, count=count))
    else:
        say(ngettext("Heat {heat}: nobody checked in, so the {count} active player is drawn.",
                     "Heat {heat}: nobody checked in, so all {count} active players are drawn.", count)
            .format(heat=number, count=count))


@tournament_app.command()
def join(
    players: list[str] = typer.Argument(..., metavar="PLAYER...", help=N_("Late arrivals (entered now if new).")),
    group: str | None = typer.Option(None, "--group", metavar="G",
                                        help=N_("Family, club or team (T2.2).")),
    badge: str | None = typer.Option(None, "--badge", metavar="ID", help=N_("A walk-in's badge ID (one player)."),
                                     show_default=False),
) -> None:
    """Seat late arrivals in the open round without moving anyone (T1.4, T2.4).

    Each goes to a short table whose game has not begun (the one with the fewest repeat
    opponents); three or more left over sit at a new table. Each table joined gets a new game
    file; its old one is marked discarded.

    Example: acquire-ref tournament join Ivy --badge 1107
    """
    from acquire_ref.tournament.event_games import changing, game_path, stem

    if badge is not None and len(players) != 1:
        raise NotationError(_("--badge goes with one player: join them one at a time, or give badges with `tournament badge`"))
    path = event_path()
    with changing(path) as event:
        said = event.join(players, group, stem(path))
        if badge is not None:
            said.append(event.give_badge(players[0], badge))
    for line in said:
        say(_("{said}.").format(said=line))
    for _rnd, t in event.made:
        say("  " + _("table {table}: {seats}").format(table=t.number, seats=", ".join(t.seats)))
        say(f"    acquire-ref --game {game_path(path, t.game)} table")
    if event.discarded:
        say("acquire-ref: " + _("marked discarded: {files}").format(
            files=", ".join(str(game_path(path, g)) for g in event.discarded)), err=True)


@tournament_app.command()
def badge(
    player: str = typer.Argument(..., metavar="PLAYER", help=N_("The entrant (a walk-in too).")),
    badge_id: str = typer.Argument(..., metavar="ID", help=N_("The badge ID as printed.")),
) -> None:
    """Give an entrant a badge ID, or change theirs (T1.3); sheets may then name them by it.

    Example: acquire-ref tournament badge "Late Comer" 1107
    """
    from acquire_ref.tournament.event_file import changing

    with changing(event_path()) as event:
        said = event.give_badge(player, badge_id)
    say(_("{said}.").format(said=said))


@tournament_app.command()
def rename(
    player: str = typer.Argument(..., metavar="PLAYER", help=N_("The entrant's name now (or badge ID).")),
    new: str = typer.Argument(..., metavar="NEW", help=N_("The name as on their badge (quote it when it has spaces).")),
) -> None:
    """Rename an entrant throughout the event: rounds, seats, results and their tables' game files (T1.3).

    Refused while they sit at a table still playing (its game file names them as drawn), and
    when a table's game file can't be rewritten safely (nothing is renamed then).

    Example: acquire-ref tournament rename "Jose Garcia" "José García"
    """
    from acquire_ref.tournament.event_games import rename

    said, written = rename(event_path(), player, new)
    say(_("{said}.").format(said=said))
    if written:
        say(ngettext("Renamed in {count} game file: {files}.", "Renamed in {count} game files: {files}.", len(written))
            .format(count=len(written), files=", ".join(map(str, written))))


@tournament_app.command()
def undo() -> None:
    """Take back the last change to the event file (T1.2); the event file keeps one previous version.

    Game files that the change made are marked discarded; game files it discarded are put back.

    Example: acquire-ref tournament undo
    """
    from acquire_ref.tournament import difference
    from acquire_ref.tournament.event_games import undo as take_back

    path = event_path()
    now, before, said = take_back(path)
    for line in said:
        say("acquire-ref: " + line, err=True)
    say(_("Took back the last change to {file}: {what}.").format(file=path, what=difference(now, before)))


@tournament_app.command()
def tables(
    number: int | None = ROUND,
    as_json: bool = JSON,
) -> None:
    """The table list of a round for the hall: table, seats, the command that opens its game.

    Example: acquire-ref tournament tables 2
    """
    from acquire_ref.tournament.event_file import load
    from acquire_ref.tournament.tournament_views import round_doc
    from acquire_ref.tournament.wording import table_lines

    path = event_path()
    event = load(path)
    rnd = event.round(number) if number is not None else event.current()
    if rnd is None:
        raise IllegalMoveError(_("no round is drawn yet: `tournament draw` draws the first"))
    if as_json:
        _json(round_doc(rnd))
        return
    for line in table_lines(path, rnd):
        say(line)


@tournament_app.command()
def result(
    number: int = typer.Argument(..., metavar="ROUND", help=N_("The round.")),
    table: int = typer.Argument(..., metavar="TABLE", help=N_("The table.")),
    sheet: list[str] | None = typer.Argument(None, metavar="[PLAYER=MONEY...]", show_default=False,
                                             help=N_("The results sheet's money (a table played without the referee).")),
    projected: bool = typer.Option(False, "--projected", help=N_("An unfinished game: score it as it stands (T3.3).")),
    leave_out: bool = typer.Option(False, "--leave-out", help=N_("An unfinished game: leave it out of the standings (T3.3).")),
    replace: bool = typer.Option(False, "--replace", help=N_("Correct a result already entered.")),
    force: bool = typer.Option(False, "--force", help=N_("Accept a sheet that looks wrong (T3.4), or a correction "
                                                      "that changes a round already seeded from it (T1.2).")),
    played: str | None = typer.Option(None, "--played", metavar="YYYY-MM-DD", show_default=False,
                                      help=N_("The date the table was played (default: its game file's, the draw's day).")),
) -> None:
    """Enter a table's result: from its finished game file, or from its results sheet (T3).

    Sheet names are the players' names (quoted when they have spaces) or their badge IDs.
    A sheet whose money looks wrong for Acquire, or a correction that would change who is seated
    in a semifinal or final already seeded, is asked about (or needs --force).

    Example: acquire-ref tournament result 1 3 Ann=52300 Ben=41000 Cat=38800 Dan=20100
    """
    from acquire_ref.tournament import claim, seeding_changes
    from acquire_ref.tournament.event_games import changing

    if projected and leave_out:
        raise NotationError(_("--projected or --leave-out: an unfinished game is scored as it stands or left out, not both"))
    day = None
    if played is not None:
        from acquire_ref.files.record import parse_played

        if leave_out:
            raise NotationError(_("--played dates a result that counts: a table left out (T3.3) is not rated"))
        day = parse_played(played)
    path = event_path()
    with changing(path) as event:
        tab = claim(event, number, table, replace)
        found = _found_result(path, event, (number, tab), sheet, projected, leave_out, force)
        found.played = day if day is not None or tab.result is None else tab.result.played  # a correction keeps it
        old = tab.result
        if old is not None and old.source == "game" and found.source == "sheet":
            _confirm(_("round {round} table {table} was refereed: its result is its game file's; a paper sheet would "
                       "replace it (T3.1)").format(round=number, table=tab.number), "--force", force)
        before = event.seeding() if old is not None else {}
        event.enter(number, table, found, replace)
        for change in seeding_changes(event, before, event.seeding() if old is not None else {}):
            _confirm(change, "--force", force)
    _say_result(event, number, tab, old)


def _say_result(event: Tournament, number: int, tab: Seating, old: Result | None) -> None:
    """Say the result entered at ``tab`` of round ``number`` (and on stderr the one it replaced),
    then the tables of the round still playing."""
    from acquire_ref.tournament.wording import result_lines

    replaced, lines = result_lines(event.round(number), tab, old)
    for line in replaced:
        say(line, err=True)
    for line in lines:
        say(line)


def _found_result(path: Path, event: Tournament, where: tuple[int, Seating], sheet: list[str] | None, projected: bool,
                  leave_out: bool, force: bool) -> Result:
    """The result ``tournament result`` enters for the table at ``where`` (round number, table):
    from its results sheet, confirmed when implausible (T3.4), else from its game file (T3.1,
    T3.3)."""
    from acquire_ref.tournament import Result, implausible, sheet_result
    from acquire_ref.tournament.event_games import game_path, game_result

    number, tab = where
    if not sheet:
        return Result(*game_result(game_path(path, tab.game), tab.seats, projected, leave_out))
    if projected or leave_out:
        raise NotationError(_("a results sheet is the final money: no --projected or --leave-out"))
    found = sheet_result(event, tab, sheet)
    doubt = implausible(found.money)
    if doubt is not None:
        _confirm(_("round {round} table {table}'s sheet looks wrong for Acquire: {doubt} (a swapped or an extra "
                   "digit? T3.4)").format(round=number, table=tab.number, doubt=doubt), "--force", force)
    return found


@tournament_app.command()
def standings(
    as_json: bool = JSON,
    csv: Path | None = typer.Option(None, "--csv", metavar="FILE", help=N_("Also write the standings as CSV (T5.2).")),
    html: Path | None = typer.Option(None, "--html", metavar="FILE", help=N_("Also write them as an HTML page for the hall.")),
) -> None:
    """The standings: every tie-break key, the cut line, who advances, tables still playing (T4, T5).

    Example: acquire-ref tournament standings --html hall.html
    """
    from acquire_ref.tournament.event_file import load
    from acquire_ref.tournament.tournament_views import csv_text, standings_doc, text_lines

    path = event_path()
    event = load(path)
    doc = standings_doc(event)
    outputs = [(target, maker, option) for target, maker, option in ((csv, csv_text, "--csv"), (html, _hall_page, "--html"))
               if target is not None]
    if outputs:
        from acquire_ref.files.storage import write_export
        from acquire_ref.tournament.event_games import export_reads

        reads = export_reads(path, event)
        for target, maker, option in outputs:
            write_export(target, maker(doc), reads, option)
            say(_("Wrote {file}").format(file=target), err=True)
    if as_json:
        _json(doc)
        return
    for line in text_lines(doc):
        say(line)


def _hall_page(doc: dict[str, Any]) -> str:
    """The standings as a standalone HTML page for a screen in the hall, from the live board's
    templates (Jinja2, autoescaped; T5.2)."""
    import datetime

    from acquire_ref.tournament.tournament_views import hall_doc
    from acquire_ref.tournament.wording import as_of
    from acquire_ref.web.pages import render

    return render("tournament.html", doc=hall_doc(doc, as_of(datetime.datetime.now().astimezone())))


@tournament_app.command()
def sheets(
    number: int | None = ROUND,
    html: Path = typer.Option(..., "--html", metavar="FILE", help=N_("Write the print-ready sheets as one HTML file.")),
) -> None:
    """Print-ready table sheets for a drawn round (T5.3): a page per table and the alphabetical list.

    Each table's page has the event, round and table, the seats in order with badge IDs, and a
    line for each player's money and initials; the last page is the "find your table" list.
    Open the file in a browser and print it.

    Example: acquire-ref tournament sheets 1 --html round1.html
    """
    from acquire_ref.files.storage import write_export
    from acquire_ref.tournament.event_file import load
    from acquire_ref.tournament.event_games import export_reads
    from acquire_ref.tournament.tournament_views import sheets_doc
    from acquire_ref.web.pages import render

    path = event_path()
    event = load(path)
    rnd = event.round(number) if number is not None else event.current()
    if rnd is None:
        raise IllegalMoveError(_("no round is drawn yet: `tournament draw` draws the first"))
    write_export(html, render("sheets.html", doc=sheets_doc(event, rnd)), export_reads(path, event, locks=False), "--html")
    seats = sum(len(t.seats) for t in rnd.tables)
    say(ngettext("Wrote {file}: round {round}, {count} table sheet and the list of {seats} players.",
                 "Wrote {file}: round {round}, {count} table sheets and the list of {seats} players.", len(rnd.tables))
        .format(file=html, round=rnd.number, count=len(rnd.tables), seats=seats))


@tournament_app.command()
def advance(as_json: bool = JSON) -> None:
    """Heats: seed the semifinal from the standings, then the final from the semifinal (T4).

    Example: acquire-ref tournament advance
    """
    from acquire_ref.tournament.event_games import changing, stem
    from acquire_ref.tournament.tournament_views import round_doc
    from acquire_ref.tournament.wording import table_lines

    path = event_path()
    with changing(path) as event:
        rnd = event.advance(stem(path))
    if as_json:
        _json({"round": round_doc(rnd)})
        return
    for line in table_lines(path, rnd):
        say(line)

