"""``acquire-ref tournament ...`` and ``acquire-ref ratings ...``: an event of several tables and
rounds (the event rules T1-T5 in the README) and a club's ratings (T6), a front end beside
:mod:`acquire_ref.cli`, which registers them in two lines.

Only Typer is imported here at start-up; each command imports what it uses. The event file is
``--event FILE``, else ``$ACQUIRE_EVENT``, else the one ``*.event.toml`` file in the current folder
(``tournament new NAME`` makes ``NAME.event.toml``). Each table's game is an ordinary game file
beside it, written through :class:`acquire_ref.session.GameFile` as the library writes a new game.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from acquire_ref.errors import AcquireError, GameFileError, IllegalMoveError, NotationError

if TYPE_CHECKING:
    from acquire_ref.tournament import Event, Round

HELP = """Run an event: players, table draws, results, standings and who goes through (T1-T5).

The event file is --event FILE, else $ACQUIRE_EVENT, else the one *.event.toml file here.
Each table's game is an ordinary game file beside it, refereed with the usual commands.

Example: acquire-ref tournament new "Club 2026" --format heats"""

tournament_app = typer.Typer(help=HELP, no_args_is_help=True, context_settings={"help_option_names": ["-h", "--help"]})

JSON = typer.Option(False, "--json", help="One JSON document on stdout.")


class _Where:
    """The event file named before the command (``--event``), None for the default."""

    event: Path | None = None


WHERE = _Where()


@tournament_app.callback()
def main(
    event: Path | None = typer.Option(None, "--event", "-e", envvar="ACQUIRE_EVENT", metavar="FILE",
                                      help="The event file (default: the one *.event.toml file here).",
                                      show_default=False),
) -> None:
    """Run an event: players, table draws, results, standings and who goes through.

    Example: acquire-ref tournament new "Club 2026" --format heats
    """
    WHERE.event = event


def say(text: str = "", err: bool = False) -> None:
    """Print one message as plain text, control characters made visible (names are data)."""
    from acquire_ref.words import visible

    typer.echo(visible(text), err=err)


def _json(doc: object) -> None:
    sys.stdout.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")


def slug(name: str) -> str:
    """A file-name stem for an event called ``name``: lower-case letters, digits and ``-``
    (``WBC 2026`` -> ``wbc-2026``), ``event`` when nothing is left."""
    import re

    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "event"


def event_path() -> Path:
    """The event file: ``--event``, ``$ACQUIRE_EVENT``, else the one ``*.event.toml`` here; a
    symbolic link is followed, so that the lock and the atomic write are the linked file's and
    the link stays (as for ``--game``).

    Raises :class:`NotationError` (exit 2) when none or several are here."""
    from acquire_ref.storage import game_path

    if WHERE.event is not None:
        if str(WHERE.event).strip() in ("", "."):
            raise NotationError("--event needs a file name, e.g. --event club.event.toml")
        return game_path(WHERE.event)
    found = sorted(Path(".").glob("*.event.toml"))
    if len(found) == 1:
        return game_path(found[0])
    if not found:
        raise NotationError("no event file here: start one with `acquire-ref tournament new NAME`, or name it with --event")
    raise NotationError(f"{len(found)} event files here ({', '.join(map(str, found[:5]))}): name one with --event")


def _stem(path: Path) -> str:
    name = path.name
    return name[: -len(".event.toml")] if name.endswith(".event.toml") else path.stem


@tournament_app.command()
def new(
    name: str = typer.Argument(..., metavar="NAME", help="The event's name, e.g. 'Club championship 2026'."),
    format: str = typer.Option("heats", "--format", metavar="heats|swiss", help="The format and its tie-breaks (T4)."),
    seed: int | None = typer.Option(None, "--seed", min=0, max=2**62, metavar="N",
                                    help="The seed of every draw (default: random); kept in the file."),
    fives: bool = typer.Option(False, "--fives", help="Allow tables of 5 instead of several tables of 3 (T2.1)."),
    semifinal: int = typer.Option(16, "--semifinal", metavar="16|8|4", help="Heats: places in the semifinal."),
    rounds: int = typer.Option(4, "--rounds", min=1, max=50, metavar="N", help="Swiss: the number of rounds."),
    tiles: str = typer.Option("table", "--tiles", metavar="table|dealt", help="The tables' games: as for new."),
    edition: str = typer.Option("classic", "--edition", metavar="NAME", help="The tables' edition: classic, 1999 or 2024."),
    force: bool = typer.Option(False, "--force", help="Replace an existing event file."),
) -> None:
    """Create the event file (NAME.event.toml here unless --event names it).

    Example: acquire-ref tournament new "Club 2026" --format heats
    """
    import secrets

    from acquire_ref.editions import builtin_editions
    from acquire_ref.event_file import create
    from acquire_ref.tournament import Event

    if not name.strip() or not name.isprintable():
        raise NotationError(f"event name {name!r}: give a printable name, e.g. 'Club 2026'")
    if edition not in builtin_editions():
        raise NotationError(f"--edition {edition!r}: an event's tables play {', '.join(builtin_editions())}")
    event = Event(name, format, secrets.randbelow(2**31) if seed is None else seed, fives, semifinal, rounds, edition, tiles)
    path = event_path() if WHERE.event is not None else Path(f"{slug(name)}.event.toml")
    create(path, event, force)
    shape = (f"{rounds} rounds" if format == "swiss" else f"heats, then a semifinal of {semifinal}")
    say(f"New event {name} in {path}: {format} ({shape}); seed {event.seed}; tables play {edition} with {tiles} tiles.")
    say("Next: acquire-ref tournament add PLAYER... [--group G]")


@tournament_app.command()
def add(
    players: list[str] = typer.Argument(..., metavar="PLAYER...", help="Names to enter (or bring back after withdraw)."),
    group: str | None = typer.Option(None, "--group", metavar="G", help="Family, club or team: kept apart at the tables (T2.2)."),
) -> None:
    """Enter players for the rounds still to be drawn; a withdrawn player comes back (T2.4).

    Example: acquire-ref tournament add Ann Ben --group Smiths
    """
    from acquire_ref.event_file import changing
    from acquire_ref.events import plural

    with changing(event_path()) as event:
        said = [event.add(p, group) for p in players]
        count = len(event.active())
    for line in said:
        say(line + ".")
    say(f"{plural(count, 'player')} entered for the next round.")


@tournament_app.command()
def withdraw(
    player: str = typer.Argument(..., metavar="PLAYER", help="Who drops out of the rounds still to be drawn."),
) -> None:
    """Take a player out of the rounds still to be drawn; their results so far stay (T2.4).

    Example: acquire-ref tournament withdraw Ben
    """
    from acquire_ref.event_file import changing

    with changing(event_path()) as event:
        said = event.withdraw(player)
    say(said + ".")


def _game_path(path: Path, game: str) -> Path:
    return path.parent / game


def _make_games(path: Path, event: Event, rnd: Round, made: list[Path]) -> None:
    """One ordinary game file per table, players in their drawn seats, none over another file;
    each file made is added to ``made``, and when one can't be made, the ones made are removed
    again and nothing is kept. A file that is already there and holds exactly the game this draw
    makes (left by a draw interrupted before it wrote the event file: the draw is the same from
    the seed, T2.3) is taken as it is."""
    import os

    from acquire_ref.game import shuffled_bag
    from acquire_ref.record import Record, to_toml
    from acquire_ref.session import GameFile
    from acquire_ref.setup import Options
    from acquire_ref.storage import file_exists, read_text

    records = []
    for t in rnd.tables:
        seed = bag = None
        if event.tiles == "dealt":
            seed = event.rng("round", rnd.number, "draw", rnd.draw, "table", t.number).randrange(2**31)
            bag = [str(tile) for tile in shuffled_bag(seed)]
        record = Record(list(t.seats), event.edition, Options.parse(None).as_dict(), event.tiles, seed=seed, bag=bag)
        target = _game_path(path, t.game)
        if file_exists(target) and read_text(target) != to_toml(record, record.replay_whole()):
            raise IllegalMoveError(f"{target} already exists: the draw never writes over a game file; "
                                   "move it away and draw again")
        records.append((target, record))
    start = len(made)
    try:
        for target, record in records:
            if not file_exists(target):
                GameFile.create(target, record)
                made.append(target)
    except BaseException:
        for done in made[start:]:
            os.unlink(done)
        del made[start:]
        raise


@contextmanager
def _new_round(path: Path) -> Iterator[tuple[Event, list[Path]]]:
    """Change the event at ``path`` (:func:`acquire_ref.event_file.changing`) to draw a round,
    with the list its game files go into as they are made: when the change is refused before the
    event file is replaced, those files are removed again (:func:`_unmade`)."""
    from acquire_ref.event_file import changing

    made: list[Path] = []
    try:
        with changing(path) as event:
            yield event, made
    except AcquireError:  # refused before the event file was replaced (a Ctrl-C is held back until after it)
        _unmade(made)
        raise


def _unmade(made: list[Path]) -> None:
    """Remove the game files a draw made when the event file could not be written after all
    (another program changed it, the disk is full): a refused draw leaves nothing (T1.2). A
    Ctrl-C while the event file is written takes effect once it is written, so the files stay."""
    import os
    from contextlib import suppress

    for done in made:
        with suppress(OSError):
            os.unlink(done)


def _table_lines(path: Path, rnd: Round) -> list[str]:
    from acquire_ref.events import plural
    from acquire_ref.words import PROGRAM

    lines = [f"Round {rnd.number} ({rnd.stage}{'' if rnd.draw == 1 else f', draw {rnd.draw}'}): "
             f"{plural(len(rnd.tables), 'table')}"]
    for t in rnd.tables:
        state = "" if t.result is None else "  [result in]"
        lines.append(f"  table {t.number}: {', '.join(t.seats)}{state}")
        lines.append(f"    {PROGRAM} --game {_game_path(path, t.game)} table")
    return lines


def _discarded(path: Path, old: Round) -> str:
    entered = [t for t in old.tables if t.result is not None]
    words = f"round {old.number} draw {old.draw} discarded ({len(old.tables)} tables"
    words += f"; results of tables {', '.join(str(t.number) for t in entered)} dropped" if entered else "; no result entered"
    return words + f"); its game files are left as they are: {', '.join(str(_game_path(path, t.game)) for t in old.tables)}"


@tournament_app.command()
def draw(
    force: bool = typer.Option(False, "--force", help="Draw the open round again: its draw and results are discarded."),
    as_json: bool = JSON,
) -> None:
    """Draw the next round and make one game file per table (T2).

    Tables of 4 (3s, or 5s with --fives, as the count needs), random tables and seats, no repeat
    opponents and groups apart where a draw allows; the seed is in the event file.

    Example: acquire-ref tournament draw
    """
    from acquire_ref.tournament_views import round_doc

    path = event_path()
    note = None
    with _new_round(path) as (event, made):
        last = event.current()
        if force and last is not None and last.open:
            old, rnd = event.redraw(_stem(path))
            note = _discarded(path, old)
        else:
            rnd = event.draw(_stem(path))
        _make_games(path, event, rnd, made)
    if note:
        say(f"acquire-ref: {note}", err=True)
    if as_json:
        _json({"round": round_doc(rnd), "discarded": note})
        return
    for line in _table_lines(path, rnd):
        say(line)


@tournament_app.command()
def tables(
    number: int | None = typer.Argument(None, metavar="[ROUND]", help="The round (default: the last drawn).", show_default=False),
    as_json: bool = JSON,
) -> None:
    """The table list of a round for the hall: table, seats, the command that opens its game.

    Example: acquire-ref tournament tables 2
    """
    from acquire_ref.event_file import load
    from acquire_ref.tournament_views import round_doc

    path = event_path()
    event = load(path)
    rnd = event.round(number) if number is not None else event.current()
    if rnd is None:
        raise IllegalMoveError("no round is drawn yet: `tournament draw` draws the first")
    if as_json:
        _json(round_doc(rnd))
        return
    for line in _table_lines(path, rnd):
        say(line)


def _sheet(entries: list[str]) -> dict[str, int]:
    """``Ann=52300 Ben=41000`` as money by name; raises :class:`NotationError` for a malformed entry."""
    cash: dict[str, int] = {}
    for item in entries:
        name, eq, value = item.partition("=")
        digits = value.replace(",", "").replace("_", "").lstrip("$")
        if eq and name and digits.startswith("-") and digits[1:].isascii() and digits[1:].isdigit():
            raise IllegalMoveError(f"{name}={value}: money is whole hundreds of dollars, not negative (T3.1)")
        if not eq or not name or not digits.isascii() or not digits.isdigit() or len(digits) > 15:
            raise NotationError(f"{item!r}: write PLAYER=MONEY in whole dollars, e.g. Ann=52300")
        if name in cash:
            raise NotationError(f"{name} is given twice: give each seated player's money once")
        cash[name] = int(digits)
    return cash


def _from_game(path: Path, seats: list[str], projected: bool, leave_out: bool) -> tuple[dict[str, int], str]:
    """A table's money from its game file (T3.1), or as it stands / left out when unfinished (T3.3)."""
    from acquire_ref.storage import load_game

    game, record, _ = load_game(path)
    if [p for p in record.players] != list(seats):
        raise GameFileError(f"{path} seats {', '.join(record.players)}, but the table seats {', '.join(seats)}: "
                            "is it this table's game?")
    if game.over:
        if projected or leave_out:
            raise NotationError(f"{path}: the game is over; its final money is the result (no --projected or --leave-out)")
        return {s.player: s.total for s in game.score_breakdown()}, "game"
    if leave_out:
        return {}, "left out"
    if projected:
        from acquire_ref.views import withheld

        if withheld(game):  # the projected money would tell the hidden holdings (R10.1)
            raise IllegalMoveError(f"{path}: holdings are hidden until the game is over (R10.1), so it can't be "
                                   "scored as it stands: finish it (`end` when available), or leave it out with "
                                   "--leave-out (T3.3)")
        return {s.player: s.total for s in game.score_breakdown(projected=True)}, "projected"
    raise IllegalMoveError(f"{path}: the game is not over: finish it, or at the close of the round score it as it "
                           "stands with --projected, or leave it out with --leave-out (T3.3)")


@tournament_app.command()
def result(
    number: int = typer.Argument(..., metavar="ROUND", help="The round."),
    table: int = typer.Argument(..., metavar="TABLE", help="The table."),
    sheet: list[str] | None = typer.Argument(None, metavar="[PLAYER=MONEY...]", show_default=False,
                                             help="The results sheet's money (a table played without the referee)."),
    projected: bool = typer.Option(False, "--projected", help="An unfinished game: score it as it stands (T3.3)."),
    leave_out: bool = typer.Option(False, "--leave-out", help="An unfinished game: leave it out of the standings (T3.3)."),
    replace: bool = typer.Option(False, "--replace", help="Correct a result already entered."),
) -> None:
    """Enter a table's result: from its finished game file, or from its results sheet (T3).

    Example: acquire-ref tournament result 1 3 Ann=52300 Ben=41000 Cat=38800 Dan=20100
    """
    from acquire_ref.event_file import changing
    from acquire_ref.tournament import Result, describe_result

    if projected and leave_out:
        raise NotationError("--projected or --leave-out: an unfinished game is scored as it stands or left out, not both")
    path = event_path()
    with changing(path) as event:
        tab = event.round(number).table(table)
        if tab.result is not None and not replace:
            raise IllegalMoveError(f"round {number} table {table} already has its result ({tab.result.source}): "
                                   "add --replace to correct it")
        if sheet:
            if projected or leave_out:
                raise NotationError("a results sheet is the final money: no --projected or --leave-out")
            found = Result(_sheet(sheet), "sheet")
        else:
            found = Result(*_from_game(_game_path(path, tab.game), tab.seats, projected, leave_out))
        old = tab.result
        event.enter(number, table, found, replace)
        rnd = event.round(number)
    if old is not None:
        say(f"Replaced round {number} table {table}: was {describe_result(old)}.", err=True)
    assert tab.result is not None
    say(f"Round {number} table {table}: {describe_result(tab.result)}.")
    waiting = [str(t.number) for t in rnd.tables if t.result is None]
    tables_word = "table" if len(waiting) == 1 else "tables"
    say(f"Round {number}: still playing: {tables_word} {', '.join(waiting)}." if waiting else f"Round {number} is complete.")


@tournament_app.command()
def standings(
    as_json: bool = JSON,
    csv: Path | None = typer.Option(None, "--csv", metavar="FILE", help="Also write the standings as CSV (T5.2)."),
    html: Path | None = typer.Option(None, "--html", metavar="FILE", help="Also write them as an HTML page for the hall."),
) -> None:
    """The standings: every tie-break key, the cut line, who advances, tables still playing (T4, T5).

    Example: acquire-ref tournament standings --html hall.html
    """
    from acquire_ref.event_file import load
    from acquire_ref.tournament_views import csv_text, standings_doc, text_lines

    path = event_path()
    event = load(path)
    doc = standings_doc(event)
    outputs = [(target, maker, option) for target, maker, option in ((csv, csv_text, "--csv"), (html, _hall_page, "--html"))
               if target is not None]
    if outputs:
        from acquire_ref.storage import write_export

        reads: dict[str, Path | None] = {"event file": path, "event lock": Path(str(path) + ".lock")}
        for r in event.rounds:
            for t in r.tables:
                game = _game_path(path, t.game)
                reads.update({f"round {r.number} table {t.number} game": game,
                              f"round {r.number} table {t.number} game's lock": Path(f"{game}.lock")})
        for target, maker, option in outputs:
            write_export(target, maker(doc), reads, option)
            say(f"Wrote {target}", err=True)
    if as_json:
        _json(doc)
        return
    for line in text_lines(doc):
        say(line)


def _hall_page(doc: dict[str, Any]) -> str:
    """The standings as a standalone HTML page for a screen in the hall, from the live board's
    templates (Jinja2, autoescaped; T5.2)."""
    from acquire_ref.tournament_views import hall_doc
    from acquire_ref.web.pages import render

    return render("tournament.html", doc=hall_doc(doc))


@tournament_app.command()
def advance(as_json: bool = JSON) -> None:
    """Heats: seed the semifinal from the standings, then the final from the semifinal (T4).

    Example: acquire-ref tournament advance
    """
    from acquire_ref.tournament_views import round_doc

    path = event_path()
    with _new_round(path) as (event, made):
        rnd = event.advance(_stem(path))
        _make_games(path, event, rnd, made)
    if as_json:
        _json({"round": round_doc(rnd)})
        return
    for line in _table_lines(path, rnd):
        say(line)


def ratings(
    games: list[Path] = typer.Argument(..., metavar="GAME_FILE...", help="Finished game files (a club's season)."),
    as_json: bool = JSON,
    by_time: bool = typer.Option(False, "--by-time", help="Take the games in the order they ended (file time), not as given."),
    projected: bool = typer.Option(False, "--projected", help="Take unfinished games as they stand instead of refusing them."),
) -> None:
    """A club's ratings over finished games (T6, openskill's Plackett-Luce model).

    Each player's rating, uncertainty, conservative rating (rating - 3 x uncertainty, ranked by)
    and games played.

    Example: acquire-ref ratings season/*.toml
    """
    from acquire_ref.ratings import compute, read_games

    rows = compute(read_games(games, by_time, projected))
    if as_json:
        _json({"ratings": rows, "games": len(games), "model": "PlackettLuce"})
        return
    width = min(24, max([6, *(len(r["player"]) for r in rows)]))
    say(f"{'rank':>4}  {'player':<{width}}  {'rating':>7}  {'uncertainty':>11}  {'conservative':>12}  {'games':>5}")
    for r in rows:
        name = r["player"] if len(r["player"]) <= width else r["player"][:width - 3] + "..."
        say(f"{r['rank']:>4}  {name:<{width}}  {r['rating']:>7.2f}  {r['uncertainty']:>11.2f}  "
            f"{r['conservative']:>12.2f}  {r['games']:>5}")
