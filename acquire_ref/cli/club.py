"""``acquire-ref club ...``: a club's books beside its ratings (T6), registered by
:mod:`acquire_ref.cli.app` in one line: ``club add`` enters a game played on paper, as it was
played (the date, the players, 2 to 6, and their money), into a plays file that ``ratings``
reads with the club's game and event files.

Only Typer is imported here at start-up; each command imports what it uses. The plays file is
:mod:`acquire_ref.plays`.
"""

from __future__ import annotations

from pathlib import Path

import typer

from acquire_ref.cli.output import say

HELP = """A club's books: games played on paper, entered as they were played (T6).

Example: acquire-ref club add season/paper.toml --played 2026-01-13 "Rosa Díaz=52300" Ben=41000 Cat=38000"""

club_app = typer.Typer(help=HELP, no_args_is_help=True, context_settings={"help_option_names": ["-h", "--help"]})


@club_app.callback()
def main() -> None:
    """A club's books: games played on paper, entered as they were played (T6).

    Example: acquire-ref club add season/paper.toml --played 2026-01-13 Ann=52300 Ben=41000 Cat=38000
    """


@club_app.command()
def add(
    plays: Path = typer.Argument(..., metavar="FILE", help="The plays file (made when missing), e.g. season/paper.toml."),
    sheet: list[str] = typer.Argument(..., metavar="PLAYER=MONEY...",
                                      help="Each player's final money, 2 to 6 players (quote a name with spaces)."),
    played: str = typer.Option(..., "--played", metavar="YYYY-MM-DD", help="The date the game was played."),
    table: str | None = typer.Option(None, "--table", metavar="LABEL", help="The table's label that night (optional).",
                                     show_default=False),
    force: bool = typer.Option(False, "--force", help="Accept money that looks wrong for Acquire (T3.4)."),
) -> None:
    """Enter a game played on paper: its date, players and final money (T6).

    Places follow from the money (equal money shares the better place, R8.3). The play is
    appended to FILE, a plays file that `ratings` reads beside game and event files (a folder's
    *.toml files include it). Money that looks wrong for Acquire is asked about (or needs --force).

    Example: acquire-ref club add season/paper.toml --played 2026-01-13 "Rosa Díaz=52300" Ben=41000 Cat=38000
    """
    from acquire_ref.cli.tournament import _confirm
    from acquire_ref.errors import NotationError
    from acquire_ref.events import money
    from acquire_ref.plays import add_play, check_play
    from acquire_ref.record import parse_date
    from acquire_ref.scoring import rank
    from acquire_ref.tournament import implausible, parse_sheet

    day = parse_date(played)
    if table is not None and not (0 < len(table.strip()) <= 20 and table.isprintable()):
        raise NotationError(f"--table {table!r}: a short label, e.g. --table 3")
    cash = check_play(parse_sheet(sheet), "the play")
    doubt = implausible(cash)
    if doubt is not None:
        _confirm(f"this sheet looks wrong for Acquire: {doubt} (a swapped or an extra digit? T3.4)", "--force", force)
    count = add_play(plays, day, cash, table.strip() if table is not None else None)
    places = ", ".join(f"{place}. {name} {money(cash[name])}" for name, _, place in rank(cash))
    say(f"{plays}: play {count} ({day.isoformat()}{f', table {table.strip()}' if table else ''}): {places}.")
