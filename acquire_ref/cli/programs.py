"""The programs around the game file: ``watch`` (a live view in a terminal), ``table`` (the
table console), ``serve`` (the live board), ``seats`` (each player's own link) and ``pipe``
(the JSON-lines protocol for programs). Each hands the game file to its front end.

Only Typer is imported at start-up; each command imports its front end (Textual, Starlette,
rich's live view) when it runs.
"""

from __future__ import annotations

import sys

import typer

from acquire_ref.cli.bot import BOT_OPTION, BOT_THINK_MS, bot_players
from acquire_ref.cli.new import create_game
from acquire_ref.cli.options import CREATING_OPTIONS, CREATING_PLAYERS, CREATING_SEED, CREATING_TILES, EDITION
from acquire_ref.cli.output import STATE, game_path, load, print_json, say
from acquire_ref.cli.room import PALETTE, palette_of
from acquire_ref.engine.errors import GameFileError, NotationError
from acquire_ref.language import N_, _


def watch(
    interval: float = typer.Option(
        1.0, "--interval", min=0.1, max=3600, metavar="SECONDS",
        help=N_("Seconds between looks at the file (0.1 to 3600)."),
    ),
    updates: int = typer.Option(0, "--updates", min=0, metavar="N", help=N_("Stop after this many redraws (0: until Ctrl-C).")),
) -> None:
    """A live view in a terminal: redraws the status whenever the game file changes (Ctrl-C stops).

    It only reads the file, and waits while the file is missing or broken.

    Example: acquire-ref watch
    """
    import math
    import time

    if not math.isfinite(interval):
        raise NotationError(_("{option} {value}: give a number of seconds from 0.1 to 3600, e.g. 1").format(
            option="--interval", value=interval))
    from rich.live import Live
    from rich.text import Text

    from acquire_ref.files.storage import stamp
    from acquire_ref.render import console, watch_file

    path = game_path()
    con = console()
    con.soft_wrap = False  # long lines wrap at the screen's width, in a live view and in a pipe alike
    last, shown = object(), 0
    live = Live(Text(""), console=con, auto_refresh=False) if con.is_terminal else None
    try:
        if live:
            live.start()
        while True:
            now = stamp(path)
            if now != last:
                last = now
                if live:
                    live.update(watch_file(path, con.width, STATE.viewer), refresh=True)
                else:  # not a terminal: each redraw follows the last
                    con.print(watch_file(path, con.width, STATE.viewer))
                shown += 1
                if updates and shown >= updates:
                    break
            time.sleep(interval)
    except KeyboardInterrupt:
        pass
    finally:
        if live:
            live.stop()


def table(
    players: list[str] | None = CREATING_PLAYERS,
    option: list[str] = CREATING_OPTIONS,
    edition: str = EDITION,
    tiles: str = CREATING_TILES,
    seed: int | None = CREATING_SEED,
    port: int = typer.Option(8765, "--port", min=1, max=65535, metavar="PORT",
                             help=N_("The port of `serve` or `room`, which the seats' links of F7 name.")),
    bot: list[str] = BOT_OPTION,
    bot_think_ms: int = BOT_THINK_MS,
) -> None:
    """The table console: a full-screen referee that asks for exactly the pending decision.

    It shows the board and the players; F1 in it explains the keys.

    It keeps the same game file as the other commands; with players named, it creates the file
    first (the file must not exist yet); --bot Dan=search seats a bot, as for new.
    Example: acquire-ref table Ann Ben Cat Dan
    """
    from acquire_ref.files.storage import file_exists

    path = game_path()
    if players:
        if file_exists(path):
            raise NotationError(_("{path} already exists: run `acquire-ref table` alone to go on with it, "
                                  "or name another file with --game").format(path=path))
        players, bots = bot_players(players, bot)
        create_game(path, players, False, option, edition, tiles, seed, bots=bots, bot_think_ms=bot_think_ms)
    elif bot:
        raise NotationError(_("table --bot makes a bot seat of a new game: name the players too "
                              "(`acquire-ref table Ann Ben Cat --bot Dan=search`)"))
    elif not file_exists(path):
        raise GameFileError(_("{path}: no such game file: name the players (`acquire-ref table Ann Ben Cat`) to "
                              "start one").format(path=path))
    if not sys.stdout.isatty():
        raise NotationError(_("the table console needs a terminal: use the other commands in a script"))
    from acquire_ref.console.app import run as run_console

    run_console(path, port)


def serve(
    host: str = typer.Option("127.0.0.1", "--host", metavar="HOST",
                             help=N_("The address to listen on: 127.0.0.1 (this computer only) or 0.0.0.0 (the local network).")),
    port: int = typer.Option(8765, "--port", min=0, max=65535, metavar="PORT", help=N_("The port (0: any free one).")),
    trust_proxy: list[str] = typer.Option([], "--trust-proxy", metavar="ADDRESS",
                                          help=N_("A reverse proxy's address whose X-Forwarded-For is believed "
                                               "(repeatable; default: none, the connection's own address counts).")),
    palette: str = PALETTE,
) -> None:
    """The live board for a TV or tablet: a web page that follows the game file (Ctrl-C stops).

    It shows the board, chains, players and pending decision, updated the moment the file changes.

    It prints the address to open in the browser. The TV's page only reads the game file; the
    players' own pages (their links: acquire-ref seats) send their moves to it.

    Example: acquire-ref serve --host 0.0.0.0
    """
    from acquire_ref.web.serve import run as run_server

    run_server(game_path(), host, port, say, trusted=trust_proxy, palette=palette_of(palette))


def seats(
    as_json: bool = typer.Option(False, "--json", help=N_("One JSON document on stdout: [{player, url}, ...].")),
    host: str | None = typer.Option(None, "--host", metavar="HOST",
                                    help=N_("The host in the links (default: this computer's address on the local network).")),
    port: int = typer.Option(8765, "--port", min=1, max=65535, metavar="PORT", help=N_("The port `serve` listens on.")),
    new: bool = typer.Option(False, "--new", help=N_("Replace every seat's link with a new one (the old ones stop working).")),
) -> None:
    """Each player's private link to their own screen on `serve`, with a QR code to scan.

    The links carry secret tokens, kept beside the game file in GAME.seats (readable by you
    only) and made the first time; --new replaces them all.

    Example: acquire-ref seats --port 8765
    """
    from acquire_ref.files.seat_links import default_host, links, qr

    game = load()
    found = links(game_path(), game.players, host or default_host(), port, new)
    if as_json:
        print_json(found)
        return
    for seat in found:
        say(f"{seat['player']}: {seat['url']}")
        typer.echo(qr(seat["url"]))
    say(_("Start `acquire-ref serve --host 0.0.0.0 --port {port}` and scan a code with each player's phone; "
          "a link is its player's own: keep it to them.").format(port=port))
    if not (host or default_host()).startswith("127."):
        say(_("`serve` alone listens on 127.0.0.1, which no phone reaches: these links need its `--host 0.0.0.0` "
              "(or `acquire-ref room`, which serves the TV and the phones and lets each phone join itself)."))


def pipe() -> None:
    """A JSON-lines protocol for programs: one request a line on stdin, one JSON answer a line on stdout.

    A request is a move in notation, or {"move": "place 3A"}, {"query": "status|legal|score|log"},
    {"undo": 1}. An answer has "ok"; a move's has its "events" and the new "pending"; a refusal has
    "error" (usage, illegal, file, locked) and "message". Each move is saved before it is answered;
    at the end of the input it exits 0. See man 5 acquire-ref.

    Example: acquire-ref --game demo.toml pipe < requests.txt
    """
    from acquire_ref.programs.pipe import serve

    stdin = getattr(sys.stdin, "buffer", None)
    if stdin is None:
        raise NotationError(_("pipe needs standard input"))
    serve(game_path(), stdin, sys.stdout, STATE.viewer)
