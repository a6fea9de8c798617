"""The ``acquire-ref`` command line: parse arguments, apply one move, save, report (DESIGN 2).

Thin by design: every rule lives in the engine. Errors become one message on stderr and the exit
code of their class (2 usage, 3 illegal move, 4 game file, 5 locked); a refused command writes
nothing, so the game file stays byte-identical.
"""

from __future__ import annotations

import functools
import json
import sys
from pathlib import Path
from typing import List, Optional

import typer

from acquire_ref.errors import AcquireError, GameFileError, IllegalMoveError, NotationError

HELP = """A referee for Sid Sackson's board game Acquire, for a real table or a script.

The whole game is kept in one TOML game file (--game, else $ACQUIRE_GAME, else ./acquire.toml).
Each command answers the pending decision; `status` says whose it is and what to type."""

app = typer.Typer(
    help=HELP,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

DEFAULT_GAME = "acquire.toml"


class State:
    """Options given before the command."""

    game: Path = Path(DEFAULT_GAME)


STATE = State()


def _version(value: bool) -> None:
    if value:
        from acquire_ref import __version__

        typer.echo(f"acquire-ref {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    game: Path = typer.Option(
        DEFAULT_GAME, "--game", "-g", envvar="ACQUIRE_GAME", help="The game file.", show_default=True
    ),
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version and exit."),
) -> None:
    """A referee for Sid Sackson's board game Acquire."""
    STATE.game = game


def guarded(fn):
    """Turn an :class:`AcquireError` into its message on stderr and its exit code."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except AcquireError as exc:
            typer.echo(f"acquire-ref: {exc}", err=True)
            raise typer.Exit(exc.exit_code) from None

    return wrapper


def _echo_events(events) -> None:
    for e in events:
        typer.echo(e.text())


def _next(game) -> None:
    typer.echo(f"Next: {game.describe_pending()}")


def _notices(notices: list[str]) -> None:
    for n in notices:
        typer.echo(f"acquire-ref: {n}", err=True)


def _move(tokens: list[str]) -> None:
    """Load the game under its lock, apply one move, write the file, report what happened."""
    from acquire_ref.moves import parse_tokens
    from acquire_ref.record import load_game, locked, to_toml, write_atomic

    path = STATE.game
    if not path.exists():
        raise GameFileError(f"{path}: no such game file (start one with `acquire-ref new PLAYER...`)")
    with locked(path):
        game, record, notices = load_game(path)
        _notices(notices)
        move = parse_tokens(tokens, game.edition)
        events = game.apply(move)
        write_atomic(path, to_toml(record, game))
    _echo_events(events)
    _next(game)


def _load():
    from acquire_ref.record import load_game

    game, record, notices = load_game(STATE.game)
    _notices(notices)
    return game


def _json(doc) -> None:
    sys.stdout.write(json.dumps(doc, indent=2) + "\n")


@app.command()
@guarded
def new(
    players: List[str] = typer.Argument(..., help="Player names in clockwise seating order (3-6)."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing game file."),
    option: List[str] = typer.Option([], "--option", help="KEY=VALUE, e.g. start-order=column-first (R17)."),
) -> None:
    """Create a new game file; the start tiles come next.

    Example: acquire-ref new Ann Ben Cat Dan
    """
    from acquire_ref.game import Game
    from acquire_ref.record import Record, locked, to_toml, write_atomic

    opts = {}
    for item in option:
        key, eq, value = item.partition("=")
        if not eq:
            raise NotationError(f"--option {item!r}: write KEY=VALUE")
        opts[key] = value
    game = Game.new(players, "classic", opts)
    path = STATE.game
    if path.exists() and not force:
        raise NotationError(f"{path} already exists: use --force to replace it, or --game to name another file")
    record = Record(players=list(players), options=dict(game.options))
    with locked(path):
        write_atomic(path, to_toml(record, game))
    typer.echo(f"New game in {path}: {', '.join(players)} (seating order), $6,000 each (R2.1).")
    _next(game)


@app.command()
@guarded
def start(tiles: List[str] = typer.Argument(..., help="One start tile per player, in seating order.")) -> None:
    """Place the start tiles drawn by the players (UC01, R2.2-R2.4).

    Example: acquire-ref start 3C 9A 1B 4D
    """
    _move(["start", *tiles])


@app.command()
@guarded
def place(
    tile: str = typer.Argument(..., help="The tile, e.g. 5C (c5 and 5-c are read too)."),
    found: Optional[str] = typer.Option(None, "--found", help="Chain to found, if the tile founds one."),
    survivor: Optional[str] = typer.Option(None, "--survivor", help="Surviving chain, if the largest chains tie."),
    order: Optional[str] = typer.Option(None, "--order", help="Order of equal-sized defunct chains: A,B."),
) -> None:
    """Place a tile from the current player's rack (R4).

    Example: acquire-ref place 6D --found Tower
    """
    tokens = ["place", tile]
    for name, value in (("--found", found), ("--survivor", survivor), ("--order", order)):
        if value is not None:
            tokens += [name, value]
    _move(tokens)


@app.command()
@guarded
def choose(chains: List[str] = typer.Argument(..., help="Chain name(s); case-insensitive prefixes work.")) -> None:
    """Answer the pending chain decision: chain to found, survivor, or defunct order (R4.2, R5.2, R5.3).

    Example: acquire-ref choose Imperial
    """
    _move(["choose", *chains])


@app.command()
@guarded
def dispose(
    player: Optional[str] = typer.Argument(None, help="The shareholder whose decision it is (default: the pending one)."),
    sell: int = typer.Option(0, "--sell", min=0, help="Shares to sell to the bank at the pre-merger price."),
    trade: int = typer.Option(0, "--trade", min=0, help="Shares to trade, 2 defunct for 1 survivor."),
) -> None:
    """A shareholder's decision on a defunct chain's shares: sell, trade, hold the rest (R5.3b).

    Example: acquire-ref dispose Ben --sell 2 --trade 4
    """
    tokens = ["dispose"] + ([player] if player else [])
    if sell:
        tokens += ["--sell", str(sell)]
    if trade:
        tokens += ["--trade", str(trade)]
    _move(tokens)


@app.command()
@guarded
def buy(orders: Optional[List[str]] = typer.Argument(None, help="CHAIN or CHAIN=N; nothing buys nothing.")) -> None:
    """Buy up to 3 shares of chains on the board and finish the turn (R6).

    Example: acquire-ref buy Tower=2 Imperial
    """
    _move(["buy", *(orders or [])])


@app.command(name="pass")
@guarded
def pass_() -> None:
    """The current player has no playable tile: skip placing, then buy (R4.7).

    Example: acquire-ref pass
    """
    _move(["pass"])


@app.command()
@guarded
def discard(tiles: List[str] = typer.Argument(..., help="Dead tiles shown by the current player.")) -> None:
    """Put the current player's dead tiles out of the game; they draw replacements (R4.6, R7.3).

    Example: acquire-ref discard 8E
    """
    _move(["discard", *tiles])


@app.command()
@guarded
def end() -> None:
    """Declare the end of the game when it is available; it ends when the turn finishes (R8).

    Example: acquire-ref end
    """
    _move(["end"])


@app.command()
@guarded
def status(as_json: bool = typer.Option(False, "--json", help="One JSON document on stdout.")) -> None:
    """The board, chains, players, tiles in the bag, and whose decision is pending (R10).

    Example: acquire-ref status --json
    """
    game = _load()
    if as_json:
        _json(game.status())
        return
    from acquire_ref.render import console, status_view

    console().print(status_view(game))


@app.command()
@guarded
def score(as_json: bool = typer.Option(False, "--json", help="One JSON document on stdout.")) -> None:
    """Final standings, or the standings if the game ended now (R8.3).

    Example: acquire-ref score
    """
    game = _load()
    if as_json:
        payout = game.history and game.over
        events = [e.as_dict() for e in (game.history[-1] if payout else game.final_payout()[0])
                  if e.kind in ("bonus_paid", "shares_sold")]
        _json({
            "final": game.over,
            "reason": game.end_reason or None,
            "standings": [{"player": p, "cash": c, "rank": r} for p, c, r in game.standings()],
            "payout": events,
        })
        return
    from acquire_ref.render import console, standings_table

    con = console()
    if not game.over:
        con.print("The game is not over: this is a projection (R8.3).")
    else:
        con.print(f"The game is over: {game.end_reason}.")
    con.print(standings_table(game))


@app.command()
@guarded
def log(as_json: bool = typer.Option(False, "--json", help="One JSON document on stdout.")) -> None:
    """Every move with its turn number and what it did.

    Example: acquire-ref log
    """
    game = _load()
    rows = [
        {"n": i, "turn": game.move_turns[i - 1], "player": game.move_players[i - 1], "move": str(m),
         "events": [e.as_dict() for e in game.history[i - 1]]}
        for i, m in enumerate(game.moves, 1)
    ]
    if as_json:
        _json(rows)
        return
    for i, (m, events) in enumerate(zip(game.moves, game.history), 1):
        who = game.move_players[i - 1]
        typer.echo(f"{i:>3}. turn {game.move_turns[i - 1]}{' ' + who if who else ''}: {m}")
        for e in events:
            typer.echo(f"       {e.text()}")


@app.command()
@guarded
def play(
    script: Path = typer.Argument(..., help="A game script: a game file without the snapshot."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing game file."),
) -> None:
    """Play a whole game script into the game file and show the standings (or the status).

    Example: acquire-ref --game demo.toml play examples/four-players.toml
    """
    from acquire_ref.record import locked, parse_record, read_text, replay, to_toml, write_atomic

    record = parse_record(read_text(script), str(script))
    game = replay(record, error=IllegalMoveError, source=str(script))
    path = STATE.game
    if path.exists() and not force:
        raise NotationError(f"{path} already exists: use --force to replace it, or --game to name another file")
    with locked(path):
        write_atomic(path, to_toml(record, game))
    from acquire_ref.render import console, standings_table, status_view

    con = console()
    con.print(f"Played {len(game.moves)} moves from {script} into {path}.")
    if game.over:
        con.print(f"The game is over: {game.end_reason}.")
        con.print(standings_table(game))
    else:
        con.print(status_view(game))


def run() -> None:
    """Console-script entry point."""
    app()
