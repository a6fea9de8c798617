"""``acquire-ref room``: the one command a table of phones needs (DESIGN 9). It creates the game
file when the players are named, and serves the TV's page and the seats on an address the phones
can reach (this computer's address on the local network by default); the TV's page shows the join
address and its QR code while a seat is free. ``--release NAME`` gives a seat a new link (the
referee's release: its phone's link stops working and the seat is free to join again).

Only Typer is imported at start-up; the command imports the server when it runs.
"""

from __future__ import annotations

import typer

from acquire_ref.cli.bot import BOT_OPTION, BOT_THINK_MS, bot_players
from acquire_ref.cli.new import create_game
from acquire_ref.cli.options import CREATING_OPTIONS, CREATING_PLAYERS, CREATING_SEED, CREATING_TILES, EDITION
from acquire_ref.cli.output import game_path, say
from acquire_ref.engine.errors import GameFileError, NotationError
from acquire_ref.language import N_, _

PALETTE = typer.Option(
    "edition", "--palette", metavar="edition|okabe-ito",
    help=N_("The chains' colours on the pages: the edition's, or okabe-ito (told apart with colour blindness)."),
)
"""``--palette`` of ``room`` and ``serve`` (:mod:`acquire_ref.web.palette`)."""


def palette_of(value: str) -> str:
    """``--palette``'s value, checked: raises :class:`NotationError` (exit 2) for another."""
    if value not in ("edition", "okabe-ito"):
        raise NotationError(_("--palette {given}: edition or okabe-ito").format(given=repr(value)))
    return value


def room(
    players: list[str] | None = CREATING_PLAYERS,
    option: list[str] = CREATING_OPTIONS,
    edition: str = EDITION,
    tiles: str = CREATING_TILES,
    seed: int | None = CREATING_SEED,
    host: str | None = typer.Option(
        None, "--host", metavar="HOST",
        help=N_("The address to listen on (default: every address of this computer: its own, for a TV plugged into "
             "it, and its address on the local network, for the phones)."),
    ),
    port: int = typer.Option(8765, "--port", min=0, max=65535, metavar="PORT", help=N_("The port (0: any free one).")),
    palette: str = PALETTE,
    release: str | None = typer.Option(
        None, "--release", metavar="NAME",
        help=N_("Free a player's seat for a new phone: its old link stops working. Serves nothing."),
    ),
    lang: str | None = typer.Option(
        None, "--lang", metavar="CODE",
        help=N_("The TV's language: en, de or fr (default: the command line's). Each phone reads its own."),
    ),
    bot: list[str] = BOT_OPTION,
    bot_think_ms: int = BOT_THINK_MS,
) -> None:
    """The room: the TV's page and the players' phones from one command (Ctrl-C stops).

    The TV shows a join address and its QR code; each phone opens it and taps its player. Every
    decision of the game is then made on the phones. The TV speaks the room's language (--lang);
    each phone its own (its browser's, or the one chosen at the foot of its page).

    With players named it creates the game file first (it must not exist yet). A bot seat
    (--bot Dan=search) is played by the server; in table mode the phone of the player seated
    after it types the tiles drawn from the bag for it.

    Example: acquire-ref room Ann Ben Cat Dan --option holdings=hidden
    """
    from acquire_ref.language import chosen, using

    with using(chosen(lang, {}) if lang is not None else None):
        _room(players, option, edition, tiles, seed, host, port, palette_of(palette), release, (bot, bot_think_ms))


def _room(players: list[str] | None, option: list[str], edition: str, tiles: str, seed: int | None, host: str | None,
          port: int, palette: str, release: str | None, bot: tuple[list[str], int] = ([], 1000)) -> None:
    """``room`` in the room's language, its options checked."""
    from acquire_ref.files.storage import file_exists

    path = game_path()
    if release is not None:
        if players or bot[0]:
            raise NotationError(_("room --release frees one seat of the game file: name no players or bots with it"))
        _release(release)
        return
    if bot[0] and not players:
        raise NotationError(_("room --bot makes a bot seat of a new game: name the players too "
                              "(acquire-ref room Ann Ben Cat --bot Dan=search)"))
    if players:
        if file_exists(path):
            raise NotationError(_("{path} already exists: run `acquire-ref room` alone to go on with it, "
                                  "or name another file with --game").format(path=path))
        players, bots = bot_players(players, bot[0])
        create_game(path, players, False, option, edition, tiles, seed, bots=bots, bot_think_ms=bot[1])
        say((_("New game in {path}: {players} (seating order), tiles dealt.") if tiles == "dealt" else
             _("New game in {path}: {players} (seating order), tiles from the real bag.")).format(
            path=path, players=_(", ").join(players)))
        _announce_bots(bots, tiles)
    elif not file_exists(path):
        raise GameFileError(_("{path}: no such game file: name the players (`acquire-ref room Ann Ben Cat`) to start "
                              "one").format(path=path))
    from acquire_ref.web.serve import run_room

    run_room(path, host or "0.0.0.0", port, say, palette)  # the TV on this computer and the phones on the network


def _announce_bots(bots: dict[str, str], tiles: str) -> None:
    """What ``room`` says of each bot seat (``{name: strategy}``) of the game it made."""
    for name, strategy in bots.items():
        if tiles == "dealt":
            say(_("{player} is a bot ({strategy}): the room plays it by itself").format(player=name, strategy=strategy))
        else:
            say(_("{player} is a bot ({strategy}): the phone of the player seated after it types the tiles "
                  "drawn from the bag for it, and the TV says what to do for it").format(player=name, strategy=strategy))


def _release(player: str) -> None:
    """``room --release NAME``: a new link for ``player``'s seat (:func:`seat_links.renew`)."""
    from acquire_ref.cli.output import load
    from acquire_ref.files.seat_links import joined, read, renew

    game = load()
    players = list(game.players)
    kept = read(game_path(), players)
    was_joined = kept is not None and player in kept and kept[player] in joined(game_path(), players)
    renew(game_path(), players, player)
    if was_joined:
        say(_("{player}'s seat is free: its old link no longer works; {player} joins again from the TV's join "
              "page.").format(player=player))
    else:
        say(_("{player}'s seat was not joined by any phone: it is free, with a new link; {player} joins from the "
              "TV's join page.").format(player=player))
