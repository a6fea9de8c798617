"""The nine move commands (``start``, ``market``, ``place``, ``choose``, ``dispose``, ``buy``,
``pass``, ``discard``, ``end``): each turns its arguments into notation tokens and hands them to
:func:`make_move`, the command line's one move path through
:class:`acquire_ref.files.session.GameFile` (DESIGN 3).

Only Typer is imported at start-up; a move imports no drawing library (tests/test_startup.py).
"""

from __future__ import annotations

import typer

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
    tile: str = typer.Argument(
        ..., metavar="TILE", help=N_("The tile, e.g. 5C (c5 and 5-c are read too)."), autocompletion=complete_tile,
    ),
    found: list[str] | None = typer.Option(
        None, "--found", metavar="CHAIN", autocompletion=complete_found, help=N_("Chain to found, if the tile founds one."),
        show_default=False,
    ),
    survivor: list[str] | None = typer.Option(
        None, "--survivor", metavar="CHAIN", autocompletion=complete_chain,
        help=N_("Surviving chain, if the largest chains tie."),
        show_default=False,
    ),
    order: list[str] | None = typer.Option(
        None, "--order", metavar="CHAIN,CHAIN", help=N_("Order of equal-sized defunct chains, first first."), show_default=False,
    ),
) -> None:
    """Place a tile from the current player's rack (R4).

    Example: acquire-ref place 6D --found Tower
    """
    tokens = ["place", tile]
    for name, values in (("--found", found), ("--survivor", survivor), ("--order", order)):
        for value in values or []:
            tokens += [name, value]  # given twice: the notation refuses it (exit 2)
    make_move(tokens)


def choose(
    chains: list[str] = typer.Argument(
        ..., metavar="CHAIN...", help=N_("Chain name(s); case-insensitive prefixes work."), autocompletion=complete_chain,
    ),
) -> None:
    """Answer the pending chain decision: chain to found, survivor, or defunct order (R4.2, R5.2, R5.3).

    Example: acquire-ref choose Imperial
    """
    make_move(["choose", *chains])


def dispose(
    player: str | None = typer.Argument(
        None, metavar="PLAYER", help=N_("The shareholder whose decision it is (default: the pending one)."), show_default=False,
        autocompletion=complete_player,
    ),
    sell: list[str] | None = typer.Option(
        None, "--sell", metavar="N", help=N_("Shares to sell to the bank at the pre-merger price; all: every share not traded."),
        show_default=False,
    ),
    trade: list[str] | None = typer.Option(
        None, "--trade", metavar="N", help=N_("Shares to trade, 2 defunct for 1 survivor (an even number); max: as many as the "
        "bank allows."), show_default=False,
    ),
) -> None:
    """A shareholder's decision on a defunct chain's shares: sell, trade, hold the rest (R5.3b).

    Example: acquire-ref dispose Ben --sell 2 --trade 4 (or --trade max --sell all)
    """
    tokens = ["dispose"] + ([player] if player else [])
    for name, values in (("--sell", sell), ("--trade", trade)):
        for value in values or []:
            tokens += [name, value]  # counts and repeats are checked by the notation (exit 2)
    make_move(tokens)


def buy(
    orders: list[str] | None = typer.Argument(
        None, metavar="[CHAIN[=N]]...", help=N_("Shares to buy, e.g. Tower=2 Imperial; none buys nothing and finishes the turn."),
        show_default=False, autocompletion=complete_chain,
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
    tiles: list[str] = typer.Argument(
        ..., metavar="TILE...", help=N_("Dead tiles shown by the current player."), autocompletion=complete_tile,
    ),
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


