"""A bot in an empty seat at the command line: ``bot`` (play its pending decisions), ``drew``
(enter the tiles drawn for it from the real bag), and :func:`play_bots`, which every move command
runs after its move so that the bot answers at once (:mod:`acquire_ref.programs.table_bot`).

Only Typer is imported at start-up; the commands import the engine and the search.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from acquire_ref.cli.completion import complete_player
from acquire_ref.cli.output import command_viewer, echo_events, open_game_file, say, say_next
from acquire_ref.engine.errors import IllegalMoveError
from acquire_ref.language import N_

if TYPE_CHECKING:
    from acquire_ref.files.session import GameFile


def play_bots(handle: GameFile, limit: int = 500) -> int:
    """Play the pending decisions of the game's bot seats, one after another, until a person's
    decision (or a chance decision) is pending, a bot waits for its tiles, or the game is over;
    each is said as an instruction for the table, then its events. The bot thinks with a
    progress mark on a terminal. Returns how many moves were played. Nothing is played for a
    command given ``--as`` a seat (R10.3: a seat answers its own decisions only)."""
    from acquire_ref.language import _, decimal
    from acquire_ref.programs.table_bot import decide, instruction, pending_bot, waiting
    from acquire_ref.render import console

    if command_viewer(handle.game).kind == "seat":
        return 0
    played = 0
    err = console(stderr=True)
    while played < limit:
        seat = pending_bot(handle.record, handle.game)
        if seat is None or waiting(handle.game, seat) is not None:
            break
        with err.status(_("{player} (bot) is thinking ({seconds} s at most)").format(
                player=seat.name, seconds=decimal(seat.think_ms / 1000))):
            move = decide(handle.game, seat, handle.record.seed or 0)
        say(instruction(handle.game, move))
        events = handle.apply(move)
        echo_events(handle.game, events)
        played += 1
    return played


def say_bot_next(handle: GameFile) -> None:
    """``Next:``, and for each bot seat that waits for its tiles the instruction to draw and
    enter them; when a bot's decision is pending and it has its tiles, how to let it play."""
    from acquire_ref.language import _
    from acquire_ref.programs.table_bot import pending_bot, seats, waiting

    say_next(handle.game)
    if handle.game.over:
        return
    for seat in seats(handle.record, handle.game).values():
        why = waiting(handle.game, seat)
        if why is not None:
            say(why)
    pending = pending_bot(handle.record, handle.game)
    if pending is not None and waiting(handle.game, pending) is None:
        say(_("{player} is a bot: acquire-ref bot plays its decision").format(player=pending.name))


def bot() -> None:
    """Let the bot seats play their pending decisions, each said as an instruction for the table.

    A bot seat is made by new --bot NAME=STRATEGY; every move command lets it answer at once, so
    this is needed only after entering its tiles by hand or taking moves back.

    Example: acquire-ref bot
    """
    from acquire_ref.language import _
    from acquire_ref.programs.table_bot import pending_bot, waiting

    handle = open_game_file()
    seat = pending_bot(handle.record, handle.game)
    if seat is None:
        raise IllegalMoveError(_("no bot's decision is pending"))
    why = waiting(handle.game, seat)
    if why is not None:
        raise IllegalMoveError(why)
    if command_viewer(handle.game).kind == "seat":
        raise IllegalMoveError(_("a seat plays only its own decisions (R10.3): let the bot play without --as"))
    play_bots(handle)
    say_bot_next(handle)


def drew(
    player: str = typer.Argument(..., metavar="PLAYER", help=N_("The bot seat the tiles were drawn for."),
                                 autocompletion=complete_player),
    tiles: list[str] = typer.Argument(..., metavar="TILE...", help=N_("The tiles drawn from the real bag for it.")),
) -> None:
    """Enter the tiles drawn from the real bag for a bot seat in table mode (its six at the start,
    one after each of its turns, the replacements of its dead tiles); the bot then plays if its
    decision is pending.

    Example: acquire-ref drew Dan 5C 7A 12B 3I 9E 6F
    """
    from acquire_ref.language import _
    from acquire_ref.programs.table_bot import enter, missing, seats

    handle = open_game_file()
    if command_viewer(handle.game).kind == "seat":
        raise IllegalMoveError(_("a bot's tiles are the referee's to enter (R10.3): enter them without --as"))
    name = handle.game.resolve_player(player)
    entered = handle.change_record(lambda record, game: enter(record, game, name, tiles))
    seat = seats(handle.record, handle.game)[name]
    say(_("Entered for {player} (bot): {tiles}; {short} more to enter").format(
        player=name, tiles=", ".join(map(str, entered)), short=missing(handle.game, seat)))
    play_bots(handle)
    say_bot_next(handle)


BOT_OPTION = typer.Option(
    [], "--bot", metavar="NAME=STRATEGY",
    help=N_("A bot plays the seat NAME (search or greedy): a player's name given, or else a seat added after them; "
    "repeat for more."),
)
BOT_THINK_MS = typer.Option(1000, "--bot-think-ms", min=1, max=600_000, metavar="MS",
                            help=N_("A bot seat's processor time per decision."))


def bot_players(players: list[str], items: list[str]) -> tuple[list[str], dict[str, str]]:
    """The players in seating order and the bot seats (``{name: strategy}``) of ``new --bot
    NAME=STRATEGY``: a bot named among the players takes that seat, another one a seat after
    them, in the order given. Raises :class:`~acquire_ref.engine.errors.NotationError` (exit 2) for an
    item without ``=``, an unknown strategy, or a seat given twice."""
    from acquire_ref.engine.errors import NotationError
    from acquire_ref.files.bot_table import BOT_STRATEGIES
    from acquire_ref.language import _

    seated, bots = list(players), dict[str, str]()
    for item in items:
        name, eq, strategy = (part.strip() for part in item.partition("="))
        if not eq or not name:
            raise NotationError(_("--bot {item}: write NAME=STRATEGY, e.g. `--bot Dan=search`").format(item=repr(item)))
        if strategy not in BOT_STRATEGIES:
            raise NotationError(_("--bot {name}={strategy}: the strategy is {choices}").format(
                name=name, strategy=strategy, choices=_(" or ").join(BOT_STRATEGIES)))
        same = next((p for p in seated if p.lower() == name.lower()), None)
        if same is not None and same in bots:
            raise NotationError(_("--bot {name}: that seat has a bot already").format(name=name))
        if same is None:
            seated.append(name)
        bots[same or name] = strategy
    return seated, bots


def announce_bots(bots: dict[str, str], tiles: str) -> None:
    """What ``new`` says of each bot seat (``{name: strategy}``) in a game of ``tiles`` mode."""
    from acquire_ref.language import _

    for name, strategy in bots.items():
        if tiles == "dealt":
            say(_("{player} is a bot ({strategy}): it plays by itself").format(player=name, strategy=strategy))
        else:
            say(_("{player} is a bot ({strategy}): draw its tiles from the bag and enter them with "
                  "acquire-ref drew {player} TILE...; it then plays, and says what to do for it").format(
                player=name, strategy=strategy))
