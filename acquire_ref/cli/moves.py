"""The nine move commands (``start``, ``market``, ``place``, ``choose``, ``dispose``, ``buy``,
``pass``, ``discard``, ``end``): each turns its arguments into notation tokens and hands them to
:func:`make_move`, the command line's one move path through
:class:`acquire_ref.files.session.GameFile` (DESIGN 3). The arguments and options of the seven
that :mod:`acquire_ref.quick` also makes (:data:`acquire_ref.quick.MOVES`) are named there.

Only Typer is imported at start-up; a move imports no drawing library (tests/test_startup.py).
"""

from __future__ import annotations

import typer

from acquire_ref import quick
from acquire_ref.cli.completion import complete_chain, complete_found, complete_player, complete_tile
from acquire_ref.cli.output import command_viewer, echo_events, open_game_file, refusal, say_next
from acquire_ref.engine.errors import IllegalMoveError, NotationError
from acquire_ref.language import N_


def make_move(tokens: list[str]) -> None:
    """Apply one move to the game file through :class:`~acquire_ref.files.session.GameFile` and report
    what happened, as the viewer may be told it (R10.1)."""
    from acquire_ref.engine.moves import parse_tokens

    handle = open_game_file()
    handle.viewer = command_viewer(handle.game)  # --as NAME makes NAME's moves only (R10.3)
    try:
        events = handle.apply(parse_tokens(tokens, handle.game.edition))
    except (IllegalMoveError, NotationError) as exc:
        raise refusal(handle.game, exc) from None
    echo_events(handle.game, events)
    if handle.record.bots:  # a bot seat answers at once (cli.bot)
        from acquire_ref.cli.bot import play_bots, say_bot_next

        play_bots(handle)
        say_bot_next(handle)
        return
    say_next(handle.game)


def start(
    tiles: list[str] | None = typer.Argument(
        None, metavar="TILE...", help=N_("One start tile per player, in seating order (table mode)."), show_default=False,
    ),
) -> None:
    """Place the start tiles drawn by the players (R2.2-R2.4); in dealt mode the referee draws them.

    Example: acquire-ref start 3C 9A 1B 4D
    """
    make_move(["start", *(tiles or [])])


def market(
    tile: str = typer.Argument(
        ..., metavar="TILE", help=N_("The tile drawn for the market (or just its column number)."),
    ),
) -> None:
    """Two players: the tile drawn from the bag for the market; its column is the market's holding (R9).

    Example: acquire-ref market 7C
    """
    make_move(["market", tile])


def place(
    tile: str = typer.Argument(..., metavar=quick.PLACED.metavar, help=quick.PLACED.help, autocompletion=complete_tile),
    found: list[str] | None = typer.Option(
        None, *quick.FOUND.names, metavar=quick.FOUND.metavar, autocompletion=complete_found, help=quick.FOUND.help,
        show_default=False,
    ),
    survivor: list[str] | None = typer.Option(
        None, *quick.SURVIVOR.names, metavar=quick.SURVIVOR.metavar, autocompletion=complete_chain,
        help=quick.SURVIVOR.help, show_default=False,
    ),
    order: list[str] | None = typer.Option(
        None, *quick.ORDER.names, metavar=quick.ORDER.metavar, help=quick.ORDER.help, show_default=False,
    ),
) -> None:
    """Place a tile from the current player's rack (R4).

    Example: acquire-ref place 6D --found Tower
    """
    tokens = ["place", tile]
    for name, values in ((quick.FOUND.names[0], found), (quick.SURVIVOR.names[0], survivor), (quick.ORDER.names[0], order)):
        for value in values or []:
            tokens += [name, value]  # given twice: the notation refuses it (exit 2)
    make_move(tokens)


def choose(
    chains: list[str] = typer.Argument(
        ..., metavar=quick.CHAINS.metavar, help=quick.CHAINS.help, autocompletion=complete_chain,
    ),
) -> None:
    """Answer the pending chain decision: chain to found, survivor, or defunct order (R4.2, R5.2, R5.3).

    Example: acquire-ref choose Imperial
    """
    make_move(["choose", *chains])


def dispose(
    player: str | None = typer.Argument(
        None, metavar=quick.SHAREHOLDER.metavar, help=quick.SHAREHOLDER.help, show_default=False,
        autocompletion=complete_player,
    ),
    sell: list[str] | None = typer.Option(
        None, *quick.SELL.names, metavar=quick.SELL.metavar, help=quick.SELL.help, show_default=False,
    ),
    trade: list[str] | None = typer.Option(
        None, *quick.TRADE.names, metavar=quick.TRADE.metavar, help=quick.TRADE.help, show_default=False,
    ),
) -> None:
    """A shareholder's decision on a defunct chain's shares: sell, trade, hold the rest (R5.3b).

    Example: acquire-ref dispose Ben --sell 2 --trade 4 (or --trade max --sell all)
    """
    tokens = ["dispose"] + ([player] if player else [])
    for name, values in ((quick.SELL.names[0], sell), (quick.TRADE.names[0], trade)):
        for value in values or []:
            tokens += [name, value]  # counts and repeats are checked by the notation (exit 2)
    make_move(tokens)


def buy(
    orders: list[str] | None = typer.Argument(
        None, metavar=quick.ORDERS.metavar, help=quick.ORDERS.help, show_default=False, autocompletion=complete_chain,
    ),
) -> None:
    """Buy up to 3 shares of chains on the board and finish the turn (R6).

    Example: acquire-ref buy Tower=2 Imperial
    """
    make_move(["buy", *(orders or [])])


def pass_() -> None:
    """The current player has no playable tile: skip placing, then buy (R4.7).

    Example: acquire-ref pass
    """
    make_move(["pass"])


def discard(
    tiles: list[str] = typer.Argument(..., metavar=quick.DEAD.metavar, help=quick.DEAD.help, autocompletion=complete_tile),
) -> None:
    """Put the current player's dead tiles out of the game; they draw replacements (R4.6, R7.3).

    Example: acquire-ref discard 8E
    """
    make_move(["discard", *tiles])


def end() -> None:
    """Declare the end of the game when it is available; it ends when the turn finishes (R8).

    Example: acquire-ref end
    """
    make_move(["end"])


