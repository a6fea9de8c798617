"""The ``acquire-ref`` command line: parse arguments, apply one move, save, report (DESIGN 2).

Thin by design: every rule lives in the engine. Errors become one message on stderr and the exit
code of their class (2 usage, 3 illegal move, 4 game file, 5 locked); a refused command writes
nothing, so the game file stays byte-identical.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from typer._click.exceptions import NoSuchOption
from typer.core import TyperGroup

from acquire_ref.errors import AcquireError, GameFileError, IllegalMoveError, NotationError

if TYPE_CHECKING:
    from datetime import date

    from rich.console import RenderableType
    from typer._click import Context as ClickContext  # typer's own copy of click

    from acquire_ref.editions import Edition
    from acquire_ref.events import Event
    from acquire_ref.game import Game
    from acquire_ref.scoring import PlayerScore
    from acquire_ref.session import GameFile
    from acquire_ref.views import Viewer

HELP = """A referee for Sid Sackson's board game Acquire, for a real table or a script.

The whole game is kept in one TOML game file (--game, else $ACQUIRE_GAME, else ./acquire.toml).
Each command answers the pending decision; `status` says whose it is and what to type."""


class Refereed(TyperGroup):
    """The command group that turns every :class:`AcquireError` a command raises into
    ``acquire-ref: MESSAGE`` on stderr and the error's exit code (DESIGN 2: 2 usage, 3 illegal
    move, 4 game file, 5 locked), in one place for every command. The message is shown with
    control characters visible and overlong values cut (:func:`_say`, :func:`acquire_ref.words.cut`).

    An error without a message exits with its code alone: the command has already said why
    (``check`` lists the problems it found). Anything else that escapes is a bug (exit 1).
    """

    def get_command(self, ctx: ClickContext, cmd_name: str) -> Any:
        """The command ``cmd_name``, its completions matched ignoring case (see :func:`_complete_any_case`)."""
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            _complete_any_case(command)
        return command

    def invoke(self, ctx: ClickContext) -> Any:
        """Run the command; an :class:`AcquireError` becomes its message and exit code."""
        try:
            return super().invoke(ctx)
        except NoSuchOption as exc:
            _name_the_options(exc)
            raise
        except AcquireError as exc:
            if str(exc):
                from acquire_ref.words import cut

                _say(f"acquire-ref: {cut(str(exc))}", err=True)
            raise typer.Exit(exc.exit_code) from None


def _say(text: str = "", err: bool = False) -> None:
    """Print one message for people (stdout, or stderr with ``err``): every line printed as plain
    text goes through here, with control characters made visible (DESIGN 1, untrusted text), so a
    name, path or file value never reaches the terminal as an escape sequence."""
    from acquire_ref.words import visible

    typer.echo(visible(text), err=err)


def _complete_any_case(command: Any) -> None:
    """Let ``command``'s completions match ignoring case (``buy f`` offers Festival).

    Typer keeps only the completions that start with the typed text as typed; ours already match
    ignoring case, so each of our completers is called directly instead.
    """
    from typer._click.shell_completion import CompletionItem

    ours = (complete_chain, complete_found, complete_player, complete_tile)
    for param in getattr(command, "params", []):
        wrapped = getattr(param, "_custom_shell_complete", None)
        cells = getattr(wrapped, "__closure__", None) or ()
        inner = next((getattr(c.cell_contents, "__wrapped__", None) for c in cells
                      if getattr(c.cell_contents, "__wrapped__", None) in ours), None)
        if inner is not None:
            param._custom_shell_complete = (
                lambda ctx, _param, incomplete, inner=inner: [CompletionItem(v) for v in inner(ctx, incomplete)])


OPTION_NOTES = {"dispose": "the shares not sold or traded are held"}
"""What a command's unknown option most likely meant to say, beside the options it takes."""


def _name_the_options(exc: NoSuchOption) -> None:
    """An unknown option's message lists every option the command takes (not only the close
    spellings, which for ``dispose --hold`` was ``--help`` alone), and what the command does
    with what is not said (``dispose``: the rest is held)."""
    command = exc.ctx.command if exc.ctx is not None else None
    if command is None:
        return
    opts = [f"{o} {p.metavar}" if p.metavar and not getattr(p, "is_flag", False) else o
            for p in command.params if p.param_type_name == "option" for o in p.opts
            if o.startswith("--") and o != "--help"]
    if not opts:
        return
    listed = opts[0] if len(opts) == 1 else f"{', '.join(opts[:-1])} and {opts[-1]}"
    exc.possibilities = None
    exc.message = f"No such option: {exc.option_name}; {command.name} takes {listed}"
    note = OPTION_NOTES.get(command.name or "")
    if note:
        exc.message += f"; {note}"


app = typer.Typer(
    cls=Refereed,
    help=HELP,
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

DEFAULT_GAME = "acquire.toml"


class State:
    """Options given before the command: ``game``, the game file named by ``--game``, and
    ``viewer``, whom the output is for (``--as``: a player's name or ``referee``; None: the
    public, R10.3)."""

    game: Path = Path(DEFAULT_GAME)
    viewer: str | None = None


STATE = State()


def _version(value: bool) -> None:
    if value:
        from acquire_ref import __version__

        _say(f"acquire-ref {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    game: Path = typer.Option(
        DEFAULT_GAME, "--game", "-g", envvar="ACQUIRE_GAME", metavar="FILE", help="The game file.", show_default=True
    ),
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version and exit."),
    viewer: str | None = typer.Option(
        None, "--as", metavar="NAME|referee",
        help="With hidden holdings (R10.1): show what this player may see (their own cash and shares), "
        "or everything for the referee; the default is the public view.",
    ),
) -> None:
    """A referee for Sid Sackson's board game Acquire."""
    STATE.game = game
    STATE.viewer = viewer


def _viewer(game: Game) -> Viewer:
    """Whom this command's output is for (``--as``, R10.3): the public unless named."""
    from acquire_ref.views import Viewer

    return Viewer.parse(game, STATE.viewer)


def _refusal(game: Game, exc: AcquireError, program: bool = True) -> AcquireError:
    """``exc`` as this command's viewer may read it (:func:`acquire_ref.views.for_viewer`),
    with the program's name on its commands unless ``program`` is false."""
    from acquire_ref.views import for_viewer
    from acquire_ref.words import with_program

    name = with_program if program else str
    if isinstance(exc, IllegalMoveError):
        told = for_viewer(game, exc, _viewer(game))
        return told.restated(name(str(told)))
    return type(exc)(name(str(exc)))


# ----- shell completion: never fails, offers what fits the game file now -------------------------
def _completion_game(ctx: typer.Context) -> Game | None:
    """The game the command line being completed refers to, or None."""
    import os

    from acquire_ref.storage import load_game

    root = ctx.find_root()
    path = root.params.get("game") or os.environ.get("ACQUIRE_GAME") or DEFAULT_GAME
    try:
        return load_game(Path(path))[0]
    except Exception:  # noqa: BLE001 (completion must never fail: no game file, no suggestions from it)
        return None


def complete_chain(ctx: typer.Context, incomplete: str) -> list[str]:
    """Chain names of the game's edition (the classic ones without a game file)."""
    from acquire_ref.editions import load_edition

    game = _completion_game(ctx)
    names = game.edition.chain_names if game else load_edition().chain_names
    from acquire_ref.pending import ChooseChain

    if game and ctx.info_name == "choose" and isinstance(game.pending, ChooseChain):
        names = list(game.pending.options)
    elif game and ctx.info_name == "buy":  # what can be bought: on the board, shares in the bank (R6)
        names = [c for c in game.chains_on_board() if game.bank[c] > 0]
    return [n for n in names if n.lower().startswith(incomplete.lower())]


def complete_found(ctx: typer.Context, incomplete: str) -> list[str]:
    """The chains that can be founded: those not on the board (R4.2); every chain without a game file."""
    from acquire_ref.editions import load_edition

    game = _completion_game(ctx)
    names = game.free_chains() if game else load_edition().chain_names
    return [n for n in names if n.lower().startswith(incomplete.lower())]


def complete_player(ctx: typer.Context, incomplete: str) -> list[str]:
    """Player names of the current game."""
    game = _completion_game(ctx)
    return [p for p in (game.players if game else []) if p.lower().startswith(incomplete.lower())]


def complete_tile(ctx: typer.Context, incomplete: str) -> list[str]:
    """Tiles that are legal to place now (for discard: dead tiles)."""
    from acquire_ref.moves import Discard, Place

    game = _completion_game(ctx)
    if game is None:
        return []
    wanted = Discard if ctx.info_name == "discard" else Place
    tiles = []
    for move in game.legal_moves():
        if isinstance(move, wanted):
            tiles += [str(move.tile)] if isinstance(move, Place) else [str(t) for t in move.tiles]
    return [t for t in tiles if t.lower().startswith(incomplete.lower())]


def _echo_events(game: Game, events: list[Event]) -> None:
    """The events of the move just made, as at the moment it happens (R10.1, :func:`acquire_ref.views.moment`)."""
    from acquire_ref.views import moment

    lines = moment(game, events, _viewer(game))
    if any(e.kind == "defunct_chain" for e in events):
        from acquire_ref.render import console, events_view

        console().print(events_view(events, lines))
        return
    for line in lines:
        _say(line)


def _next(game: Game) -> None:
    from acquire_ref.views import pending_text
    from acquire_ref.words import with_program

    _say(f"Next: {with_program(pending_text(game, _viewer(game)))}")


def _notices(notices: list[str]) -> None:
    from acquire_ref.words import cut

    for n in notices:
        _say(f"acquire-ref: {cut(n)}", err=True)


def _game_file() -> GameFile:
    """The game file held open for a change (:class:`acquire_ref.session.GameFile`: lock, reload
    when another program moved the game, verify, atomic write with the version check, DESIGN 3)."""
    from acquire_ref.session import GameFile
    from acquire_ref.storage import file_exists

    path = _path()
    if not file_exists(path):
        raise GameFileError(f"{path}: no such game file (start one with `acquire-ref new PLAYER...`)")
    handle = GameFile.open(path, locked=True)
    _notices(handle.notices)
    return handle


def _move(tokens: list[str]) -> None:
    """Apply one move to the game file through :class:`~acquire_ref.session.GameFile` and report
    what happened, as the viewer may be told it (R10.1)."""
    from acquire_ref.moves import parse_tokens

    handle = _game_file()
    try:
        events = handle.apply(parse_tokens(tokens, handle.game.edition))
    except (IllegalMoveError, NotationError) as exc:
        raise _refusal(handle.game, exc) from None
    _echo_events(handle.game, events)
    _next(handle.game)


def _path() -> Path:
    """The game file: --game, $ACQUIRE_GAME or ./acquire.toml (through a symbolic link)."""
    from acquire_ref.storage import game_path

    return game_path(STATE.game)


def _refuse_overwrite(path: Path, force: bool, reads: dict[str, Path | None] | None = None) -> None:
    """``new`` and ``play``: the game file is a regular file or none, replaced only with
    ``--force``, and never one of the files the command read (``reads``: a script, a position, a
    ruleset), whatever its name (DESIGN 3)."""
    from acquire_ref.storage import refuse_overwrite, refuse_same_file

    refuse_same_file(path, reads or {}, "--game")
    refuse_overwrite(path, force)


def _load() -> Game:
    from acquire_ref.storage import load_game

    game, _, notices = load_game(_path())
    _notices(notices)
    return game


def edition_spec(spec: str) -> tuple[Edition, str | dict[str, Any]]:
    """An edition named on the command line: a built-in name, or the path of a ruleset file.

    Returns ``(edition, value for the game file)``: the name for a built-in edition, the whole
    ruleset table for a file, so the game file stands alone (R17). Raises :class:`NotationError`
    for an unknown name and :class:`GameFileError` for an unreadable or unsound ruleset file.
    """
    import os

    from acquire_ref.editions import builtin_editions, edition_from_dict, load_edition
    from acquire_ref.record import parse_toml
    from acquire_ref.storage import read_text

    if spec in builtin_editions():
        return load_edition(spec), spec
    if not spec.strip():
        raise NotationError(f"--edition is empty: give {', '.join(builtin_editions())} or the path of a ruleset file")
    path = Path(spec)
    if not (path.suffix == ".toml" or os.sep in spec or "/" in spec or path.exists()):
        return load_edition(spec), spec  # raises: names the built-in editions
    data = parse_toml(read_text(path, "ruleset file", "--edition"), str(path))
    return edition_from_dict(data, str(path)), data


def rule_options(items: list[str]) -> dict[str, str]:
    """The rule options of ``--option KEY=VALUE`` given to ``new`` and ``simulate`` (R17), in the
    order given; the keys and values themselves are checked by the engine (``Game.table``).

    Raises :class:`NotationError` (exit 2) for an item without ``=`` or a key given twice.
    """
    opts: dict[str, str] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq:
            raise NotationError(f"--option {item!r}: write KEY=VALUE")
        if key in opts:
            raise NotationError(f"--option {key} is given twice")
        opts[key] = value
    return opts


def _json(doc: object) -> None:
    sys.stdout.write(json.dumps(doc, indent=2) + "\n")


def _new_from_position(path: Path, position: Path, force: bool, played: date | None = None) -> None:
    """``new --from POSITION``: a table game going on from a written position, dated ``played``
    (default: the position file's own ``played``, else today)."""
    from acquire_ref.record import new_game, parse_record
    from acquire_ref.session import GameFile
    from acquire_ref.storage import read_text

    record = parse_record(read_text(position, "position file", "--from"), str(position))
    if record.position is None:
        raise GameFileError(f"{position}: there is no [position] table in it")
    if record.moves:
        raise GameFileError(f"{position}: a position file has no moves (use `play` for a script)")
    game = new_game(record, str(position))
    _refuse_overwrite(path, force, {"position file": position})
    record.snapshot = None
    record.played = played or record.played or _today()
    GameFile.create(path, record, game, force=force)
    _say(f"New game in {path} from the position in {position}: {', '.join(record.players)}.")
    _next(game)


def _today() -> date:
    """Today's date by the computer's clock (local time): the date a game started now is played (T6)."""
    from datetime import date

    return date.today()


@app.command()
def new(
    players: list[str] | None = typer.Argument(
        None, metavar="PLAYER...", help="Player names in clockwise seating order (2-6).", show_default=False,
    ),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing game file."),
    option: list[str] = typer.Option(
        [], "--option", metavar="KEY=VALUE",
        help="A rule option (R17), the default first: start-order (row-first or column-first), "
        "dead-tiles (once-per-turn or replace-until-none), stall (end or continue), two-player-market "
        "(on or off), holdings (open or hidden); e.g. --option stall=continue.",
    ),
    edition: str = typer.Option(
        "classic", "--edition", metavar="NAME|FILE", help="classic, 1999, 2024, or the path of a ruleset file.",
    ),
    tiles: str = typer.Option(
        "table", "--tiles", metavar="table|dealt", help="table: tiles from the real bag; dealt: the referee deals.",
    ),
    seed: int | None = typer.Option(
        None, "--seed", min=0, max=2**63 - 1, metavar="N", help="Shuffle of a dealt game's bag (default: random).",
    ),
    from_position: Path | None = typer.Option(
        None, "--from", metavar="FILE", help="Start from a position file (a game already under way) instead of start tiles."
    ),
    played: str | None = typer.Option(
        None, "--played", metavar="YYYY-MM-DD", help="The date the game was played (default: today), for a game entered later.",
        show_default=False,
    ),
) -> None:
    """Create a new game file; the start tiles come next (or the position's next player moves).

    The file records the date the game is played (today, or --played), which ratings go by.

    Example: acquire-ref new Ann Ben Cat Dan
    """
    from acquire_ref.record import parse_date

    day = parse_date(played) if played is not None else None
    path = _path()
    if from_position is not None:
        if players:
            raise NotationError("new --from takes the players from the position file: name none on the command line")
        _new_from_position(path, from_position, force, day)
        return
    if not players:
        raise NotationError("name the players in seating order: acquire-ref new Ann Ben Cat")
    game, seed = _create_game(path, players, force, option, edition, tiles, seed, day)
    _announce_new(path, game, tiles, seed)


def _create_game(path: Path, players: list[str], force: bool, option: list[str], edition: str, tiles: str,
                 seed: int | None, played: date | None = None) -> tuple[Game, int | None]:
    """Write a new game file at ``path`` as ``new`` does (the same checks, the same bytes), dated
    ``played`` (default: today); returns the game and the seed of a dealt game's bag. Shared by
    ``new`` and ``table``."""
    from acquire_ref.game import Game, shuffled_bag
    from acquire_ref.record import Record
    from acquire_ref.session import GameFile

    if tiles not in ("table", "dealt"):
        raise NotationError(f"--tiles {tiles!r}: table (tiles from the real bag) or dealt (the referee deals)")
    if seed is not None and tiles != "dealt":
        raise NotationError("--seed shuffles a dealt game's bag: add --tiles dealt")
    ed, edition_value = edition_spec(edition)
    bag = None
    if tiles == "dealt":
        import secrets

        seed = secrets.randbelow(2**31) if seed is None else seed
        bag = shuffled_bag(seed)
        game = Game.dealt(players, bag, seed, ed, rule_options(option))
    else:
        game = Game.table(players, ed, rule_options(option))
    _refuse_overwrite(path, force, {"ruleset file": Path(edition) if isinstance(edition_value, dict) else None})
    record = Record(players=list(players), edition=edition_value, options=game.options.as_dict(), tiles=tiles,
                    seed=seed, bag=[str(t) for t in bag] if bag else None, played=played or _today())
    GameFile.create(path, record, game, force=force)
    return game, seed


def _announce_new(path: Path, game: Game, tiles: str, seed: int | None) -> None:
    """What ``new`` says: the seats, the money each starts with, the edition, the market."""
    from acquire_ref.events import money

    players, ed = game.players, game.edition
    _say(
        f"New game in {path}: {', '.join(players)} (seating order), {money(ed.starting_cash)} each (R2.1); "
        f"edition {ed.name}, {tiles} tiles" + (f" (seed {seed})" if tiles == "dealt" else "") + "."
    )
    if len(players) == 2:
        _say("Two players: the market is a third shareholder at every bonus payout (R9)." if game.market.on
                   else "Two players without the market (option two-player-market=off).")
    _next(game)


@app.command()
def start(
    tiles: list[str] | None = typer.Argument(
        None, metavar="TILE...", help="One start tile per player, in seating order (table mode).", show_default=False,
    ),
) -> None:
    """Place the start tiles drawn by the players (R2.2-R2.4); in dealt mode the referee draws them.

    Example: acquire-ref start 3C 9A 1B 4D
    """
    _move(["start", *(tiles or [])])


@app.command()
def market(
    tile: str = typer.Argument(
        ..., metavar="TILE", help="The tile drawn for the market (or just its column number).",
    ),
) -> None:
    """Two players: the tile drawn from the bag for the market; its column is the market's holding (R9).

    Example: acquire-ref market 7C
    """
    _move(["market", tile])


@app.command()
def hand(
    player: str = typer.Argument(
        ..., metavar="PLAYER", help="Whose rack (dealt mode), for that player's eyes only.", autocompletion=complete_player,
    ),
    as_json: bool = typer.Option(False, "--json", help="One JSON document on stdout."),
) -> None:
    """A player's rack in a dealt game, each tile with what it would do now (R4).

    Example: acquire-ref hand Ann
    """
    from acquire_ref.describe import hand as describe_hand

    game = _load()
    who = game.resolve_player(player)
    rack = describe_hand(game, who)
    if as_json:
        _json({"player": who, "rack": rack})
        return
    _say(f"{who}'s rack:")
    for t in rack:
        _say(f"  {t['tile']:>4}  {t['text']}")


@app.command()
def place(
    tile: str = typer.Argument(
        ..., metavar="TILE", help="The tile, e.g. 5C (c5 and 5-c are read too).", autocompletion=complete_tile,
    ),
    found: list[str] | None = typer.Option(
        None, "--found", metavar="CHAIN", autocompletion=complete_found, help="Chain to found, if the tile founds one.",
        show_default=False,
    ),
    survivor: list[str] | None = typer.Option(
        None, "--survivor", metavar="CHAIN", autocompletion=complete_chain, help="Surviving chain, if the largest chains tie.",
        show_default=False,
    ),
    order: list[str] | None = typer.Option(
        None, "--order", metavar="CHAIN,CHAIN", help="Order of equal-sized defunct chains, first first.", show_default=False,
    ),
) -> None:
    """Place a tile from the current player's rack (R4).

    Example: acquire-ref place 6D --found Tower
    """
    tokens = ["place", tile]
    for name, values in (("--found", found), ("--survivor", survivor), ("--order", order)):
        for value in values or []:
            tokens += [name, value]  # given twice: the notation refuses it (exit 2)
    _move(tokens)


@app.command()
def choose(
    chains: list[str] = typer.Argument(
        ..., metavar="CHAIN...", help="Chain name(s); case-insensitive prefixes work.", autocompletion=complete_chain,
    ),
) -> None:
    """Answer the pending chain decision: chain to found, survivor, or defunct order (R4.2, R5.2, R5.3).

    Example: acquire-ref choose Imperial
    """
    _move(["choose", *chains])


@app.command()
def dispose(
    player: str | None = typer.Argument(
        None, metavar="PLAYER", help="The shareholder whose decision it is (default: the pending one).", show_default=False,
        autocompletion=complete_player,
    ),
    sell: list[str] | None = typer.Option(
        None, "--sell", metavar="N", help="Shares to sell to the bank at the pre-merger price; all: every share not traded.",
        show_default=False,
    ),
    trade: list[str] | None = typer.Option(
        None, "--trade", metavar="N", help="Shares to trade, 2 defunct for 1 survivor (an even number); max: as many as the "
        "bank allows.", show_default=False,
    ),
) -> None:
    """A shareholder's decision on a defunct chain's shares: sell, trade, hold the rest (R5.3b).

    Example: acquire-ref dispose Ben --sell 2 --trade 4 (or --trade max --sell all)
    """
    tokens = ["dispose"] + ([player] if player else [])
    for name, values in (("--sell", sell), ("--trade", trade)):
        for value in values or []:
            tokens += [name, value]  # counts and repeats are checked by the notation (exit 2)
    _move(tokens)


@app.command()
def buy(
    orders: list[str] | None = typer.Argument(
        None, metavar="[CHAIN[=N]]...", help="Shares to buy, e.g. Tower=2 Imperial; none buys nothing and finishes the turn.",
        show_default=False, autocompletion=complete_chain,
    ),
) -> None:
    """Buy up to 3 shares of chains on the board and finish the turn (R6).

    Example: acquire-ref buy Tower=2 Imperial
    """
    _move(["buy", *(orders or [])])


@app.command(name="pass")
def pass_() -> None:
    """The current player has no playable tile: skip placing, then buy (R4.7).

    Example: acquire-ref pass
    """
    _move(["pass"])


@app.command()
def discard(
    tiles: list[str] = typer.Argument(
        ..., metavar="TILE...", help="Dead tiles shown by the current player.", autocompletion=complete_tile,
    ),
) -> None:
    """Put the current player's dead tiles out of the game; they draw replacements (R4.6, R7.3).

    Example: acquire-ref discard 8E
    """
    _move(["discard", *tiles])


@app.command()
def end() -> None:
    """Declare the end of the game when it is available; it ends when the turn finishes (R8).

    Example: acquire-ref end
    """
    _move(["end"])


def _show(renderable: RenderableType, svg: Path | None, html: Path | None, title: str,
          reads: dict[str, Path | None] | None = None, pages: dict[str, Callable[[], str]] | None = None) -> None:
    """Print for people; with ``svg``/``html`` also export: the page that ``pages`` makes for
    ``"svg"`` or ``"html"`` (see :mod:`acquire_ref.web.pages`), else exactly what was printed.

    An export is written by :func:`acquire_ref.storage.write_export`: never over the game file or
    any file in ``reads`` (what the command read: a position file), whatever its name (DESIGN 3).
    """
    pages = pages or {}
    from acquire_ref.render import console
    from acquire_ref.storage import refuse_same_file, write_export

    inputs: dict[str, Path | None] = {"game file": _path(), **(reads or {})}
    for target in (svg, html):
        if target is not None:
            refuse_same_file(target, inputs, "--svg/--html")
    con = console(record=bool((svg and "svg" not in pages) or (html and "html" not in pages)))
    con.print(renderable)
    if svg is not None:
        write_export(svg, pages["svg"]() if "svg" in pages else con.export_svg(title=title, clear=False), inputs)
        _say(f"Wrote {svg}", err=True)
    if html is not None:
        write_export(html, pages["html"]() if "html" in pages else con.export_html(clear=False), inputs)
        _say(f"Wrote {html}", err=True)


EDITION = typer.Option("classic", "--edition", metavar="NAME|FILE", help="classic, 1999, 2024, or the path of a ruleset file.")
SVG = typer.Option(None, "--svg", metavar="FILE", help="Also write what is shown as an SVG picture.")
HTML = typer.Option(None, "--html", metavar="FILE", help="Also write it as a standalone HTML page, in colour.")
BOARD_SVG = typer.Option(None, "--svg", metavar="FILE",
                         help="Also write the board, chains and players as an SVG picture to print or share.")


@app.command()
def status(
    as_json: bool = typer.Option(False, "--json", help="One JSON document on stdout."),
    player: str | None = typer.Option(
        None, "--player", metavar="PLAYER", help="With hidden holdings (R10.1): also show this player's own cash and shares.",
        autocompletion=complete_player,
    ),
    svg: Path | None = BOARD_SVG,
    html: Path | None = HTML,
) -> None:
    """The board, chains, players, tiles in the bag, and whose decision is pending (R10).

    Example: acquire-ref status --json
    """
    from acquire_ref.views import Viewer

    game = _load()
    viewer = Viewer.of(game.resolve_player(player)) if player else _viewer(game)
    if as_json:
        from acquire_ref.views import status as status_doc
        from acquire_ref.words import with_program

        doc = status_doc(game, viewer)
        doc["pending"]["text"] = with_program(doc["pending"]["text"])
        _json(doc)
        return
    from acquire_ref.render import status_view

    def page(kind: str) -> str:
        from acquire_ref.web import pages

        return pages.status_svg(game, viewer) if kind == "svg" else pages.status_html(game, viewer)

    _show(status_view(game, viewer), svg, html, f"acquire-ref status: turn {game.turn}",
          pages={"svg": lambda: page("svg"), "html": lambda: page("html")})


@app.command()
def watch(
    interval: float = typer.Option(
        1.0, "--interval", min=0.1, max=3600, metavar="SECONDS",
        help="Seconds between looks at the file (0.1 to 3600).",
    ),
    updates: int = typer.Option(0, "--updates", min=0, metavar="N", help="Stop after this many redraws (0: until Ctrl-C)."),
) -> None:
    """A live view in a terminal: redraws the status whenever the game file changes (Ctrl-C stops).

    It only reads the file, and waits while the file is missing or broken.

    Example: acquire-ref watch
    """
    import math
    import time

    if not math.isfinite(interval):
        raise NotationError(f"--interval {interval}: give a number of seconds from 0.1 to 3600, e.g. 1")
    from rich.live import Live
    from rich.text import Text

    from acquire_ref.render import console

    path = _path()
    con = console()
    con.soft_wrap = False  # long lines wrap at the screen's width, in a live view and in a pipe alike
    last, shown = object(), 0
    live = Live(Text(""), console=con, auto_refresh=False) if con.is_terminal else None
    try:
        if live:
            live.start()
        while True:
            now = _stamp(path)
            if now != last:
                last = now
                if live:
                    live.update(_watch_view(path, con.width), refresh=True)
                else:  # not a terminal: each redraw follows the last
                    con.print(_watch_view(path, con.width))
                shown += 1
                if updates and shown >= updates:
                    break
            time.sleep(interval)
    except KeyboardInterrupt:
        pass
    finally:
        if live:
            live.stop()


def _stamp(path: Path) -> tuple[int, int] | None:
    """The file's modification time (ns) and size in bytes, None while it is missing."""
    try:
        st = path.stat()
        return (st.st_mtime_ns, st.st_size)
    except OSError:
        return None


def _watch_view(path: Path, width: int = 80) -> RenderableType:
    """The game in the file now as ``watch`` shows it in ``width`` columns
    (:func:`acquire_ref.render.watch_view`), or the reason it can't be read. A notice about the
    file (a snapshot to rebuild) is not shown: the view is for the table, and a notice would stay
    on the screen until someone writes the file."""
    import time

    from rich.text import Text

    from acquire_ref.render import watch_view
    from acquire_ref.storage import load_game

    try:
        game, _, _ = load_game(path)
        viewer = _viewer(game)
    except AcquireError as exc:
        return Text(f"acquire-ref watch: {exc}")
    return watch_view(game, f"{path.name} at {time.strftime('%H:%M:%S')} (Ctrl-C stops)", width, viewer)


def _score_doc(final: bool, reason: str | None, scores: list[PlayerScore]) -> dict[str, Any]:
    from acquire_ref.views import standings

    return standings(final, reason, scores)


def _score_position(position: Path) -> tuple[dict[str, Any], str, str]:
    """``score --position``: the ``score --json`` document of the final position in the file at
    ``position`` (R8.3; its format in acquire-ref(5)), its title, and a note naming the shares of
    chains not on the board, which count for nothing ("" when there are none)."""
    from acquire_ref.editions import load_edition
    from acquire_ref.record import parse_toml
    from acquire_ref.scoring import final_scores
    from acquire_ref.setup import read_scoring_position
    from acquire_ref.storage import read_text

    data = parse_toml(read_text(position, "position file", "--position"), str(position))
    try:
        edition = load_edition(str(data.get("edition", "classic")))
    except NotationError as exc:
        raise GameFileError(f"{position}: {exc}") from None
    sizes, cash, shares, problems = read_scoring_position(data, edition)
    if problems:
        raise GameFileError(f"{position} is not a sound position:\n  " + "\n  ".join(problems))
    doc = _score_doc(True, f"scored from {position}", final_scores(edition, sizes, cash, shares))
    worthless = [{"player": p, "chain": c, "shares": n} for p, held in shares.items() for c, n in held.items()
                 if n and c not in sizes]
    if not worthless:
        return doc, f"Final standings of {position}", ""
    doc["worthless"] = worthless
    held = ", ".join(f"{w['player']} {w['shares']} {w['chain']}" for w in worthless)
    off = sorted({str(w["chain"]) for w in worthless}, key=edition.chain_names.index)
    note = (f"Count for nothing: {held}: {' and '.join(off)} {'is' if len(off) == 1 else 'are'} not on the board "
            "([chains] of the file), and shares of a chain not on the board are worth nothing (R8.3).")
    return doc, f"Final standings of {position}", note


@app.command()
def score(
    as_json: bool = typer.Option(False, "--json", help="One JSON document on stdout."),
    position: Path | None = typer.Option(
        None, "--position", metavar="FILE", help="Score the end of a game that was never refereed, written down in TOML."
    ),
    svg: Path | None = SVG,
    html: Path | None = HTML,
) -> None:
    """Final standings with each player's payout, or the standings if the game ended now (R8.3).

    With --position, the end of a game played without the referee (its format: acquire-ref(5), FINAL
    POSITIONS); shares of a chain not on the board count for nothing, and it says which.

    Example: acquire-ref score --position examples/final-position.toml
    """
    note = ""
    if position is not None:
        doc, title, note = _score_position(position)
        game = None
    else:
        from acquire_ref.views import score as score_doc

        game = _load()
        doc = score_doc(game, _viewer(game))
        title = ("Final standings: " + game.end_reason) if game.over else "Projected standings if the game ended now"
        if game.market.on and not game.over:
            title += " (without the market, whose holdings are drawn at the payout, R9)"
    if as_json:
        _json(doc)
        if note:
            _say(note, err=True)
        return
    from rich.console import Group

    from acquire_ref.render import console, score_view, worth_chart

    width = console().width
    parts = [score_view(title, doc)] + ([worth_chart(game, width)] if game is not None and game.turn else [])
    def page() -> str:
        from acquire_ref.web.pages import score_html

        return score_html(title, doc)

    _show(Group(*parts), svg, html, f"acquire-ref: {title}", {"position file": position}, {"html": page})
    if note:
        _say(note)


@app.command()
def why(
    tile: str = typer.Argument(..., metavar="TILE", help="The tile to ask about.", autocompletion=complete_tile),
    as_json: bool = typer.Option(False, "--json", help="One JSON document on stdout."),
) -> None:
    """What placing TILE would do right now: lone, found, grow, merge (with bonuses), blocked or dead.

    Example: acquire-ref why 6D
    """
    from acquire_ref.tiles import parse_tile

    t = parse_tile(tile)
    game = _load()
    from acquire_ref.views import tile as describe_tile

    info = describe_tile(game, t, _viewer(game))
    if as_json:
        _json(info)
        return
    for line in info["text"]:
        _say(line)


@app.command()
def price(
    chain: str = typer.Argument(..., metavar="CHAIN", help="Chain name (prefixes work).", autocompletion=complete_chain),
    size: int = typer.Argument(..., min=2, max=108, metavar="SIZE", help="Tiles in the chain (2 to 108)."),
    as_json: bool = typer.Option(False, "--json", help="One JSON document on stdout."),
    edition: str = EDITION,
) -> None:
    """A chain's share price and bonuses at a size, from the information card (R3). No game file needed.

    Example: acquire-ref price Imperial 14
    """
    from acquire_ref.events import money

    ed = edition_spec(edition)[0]
    name = ed.resolve_chain(chain)
    tier, share_price, safe = ed.chain(name).tier, ed.price(name, size), ed.is_safe(size)
    majority, minority = ed.majority_bonus(name, size), ed.minority_bonus(name, size)
    if as_json:
        _json({"chain": name, "size": size, "tier": tier, "price": share_price, "majority": majority, "minority": minority,
               "safe": safe})
        return
    _say(
        f"{name} ({tier} tier) at {size} tiles: {money(share_price)} a share; majority bonus "
        f"{money(majority)}, minority bonus {money(minority)}" + ("; safe (R3.5)." if safe else ".")
    )


@app.command()
def chart(
    as_json: bool = typer.Option(False, "--json", help="One JSON document on stdout."),
    edition: str = EDITION,
) -> None:
    """The whole information card: share price and bonuses by tier and size (R3.2, R3.3).

    Example: acquire-ref chart
    """
    doc = edition_spec(edition)[0].card()
    if as_json:
        _json(doc)
        return
    from acquire_ref.render import chart_table, console

    console().print(chart_table(doc))


@app.command()
def bonus(
    chain: str = typer.Argument(..., metavar="CHAIN", help="Chain name (prefixes work).", autocompletion=complete_chain),
    size: int = typer.Argument(
        ..., min=2, max=108, metavar="SIZE", help="Tiles in the chain when the bonuses are paid (2 to 108).",
    ),
    holdings: list[str] = typer.Argument(..., metavar="PLAYER=SHARES...", help="Each shareholder and the shares held."),
    as_json: bool = typer.Option(False, "--json", help="One JSON document on stdout."),
    edition: str = EDITION,
) -> None:
    """Who gets the majority and minority bonuses, ties split and rounded up to $100 (R5.4).

    Example: acquire-ref bonus American 5 Ann=3 Ben=3 Cat=2
    """
    from acquire_ref.events import money, plural
    from acquire_ref.scoring import shareholder_bonuses
    from acquire_ref.setup import check_player_name, looks_alike

    ed = edition_spec(edition)[0]
    name = ed.resolve_chain(chain)
    held: dict[str, int] = {}
    for item in holdings:
        player, eq, n = item.partition("=")
        if not eq or not player or not (n.isascii() and n.isdigit()):
            raise NotationError(f"{item!r}: write PLAYER=SHARES, e.g. Ann=3")
        if len(n) > 6 or int(n) > ed.shares_per_chain:
            raise NotationError(f"{player}={n}: a player holds at most the {ed.shares_per_chain} {name} shares (R3.4)")
        check_player_name(player)  # the one name rule (R2.1)
        other = next((h for h in held if looks_alike(player, h)), None)
        if other is not None and other.lower() == player.lower():
            raise NotationError(f"{player} is named twice (names differ ignoring case)")
        if other is not None:
            raise NotationError(f"{player} looks like {other}: give the players names that look different")
        held[player] = int(n)
    if sum(held.values()) > ed.shares_per_chain:
        raise NotationError(f"{sum(held.values())} {name} shares: there are {ed.shares_per_chain} (R3.4)")
    majority, minority = ed.majority_bonus(name, size), ed.minority_bonus(name, size)
    payout = shareholder_bonuses(majority, minority, held)  # R5.4: ties split, parts rounded up to $100
    share_price = ed.price(name, size)
    if as_json:
        _json({"chain": name, "size": size, "price": share_price, "majority": majority, "minority": minority,
               "bonuses": [{"player": b.player, "shares": b.shares, "amount": b.amount, "kind": b.kind} for b in payout]})
        return
    _say(f"{name} at {size} tiles ({money(share_price)}): majority {money(majority)}, minority {money(minority)}")
    paid = {b.player: b for b in payout}
    for holder, count in sorted(held.items(), key=lambda kv: -kv[1]):
        share = paid.get(holder)
        _say(f"  {holder} ({plural(count, 'share')}): " + (f"{money(share.amount)} ({share.kind})" if share else "nothing"))
    if not payout:
        _say("  nobody holds a share: no bonus is paid")


@app.command()
def log(
    as_json: bool = typer.Option(False, "--json", help="One JSON document on stdout."),
    turn: int | None = typer.Option(None, "--turn", metavar="N", help="Only the moves of this turn."),
    player: str | None = typer.Option(
        None, "--player", metavar="PLAYER", autocompletion=complete_player,
        help="Only this player's moves, and what happened to them in others' moves (bonuses, disposals asked).",
    ),
    html: Path | None = typer.Option(
        None, "--html", metavar="FILE",
        help="Also write the whole game's review as one self-contained HTML page: step through every move.",
    ),
) -> None:
    """Every move with its turn number and what it did: tiles, chains, bonuses, disposals, purchases.

    Example: acquire-ref log --player Ann
    """
    from acquire_ref.storage import load_game

    game, record, notices = load_game(_path())
    _notices(notices)
    if html is not None:  # the post-game review, the public view while holdings are hidden (R10.1)
        from acquire_ref.storage import write_export
        from acquire_ref.web import review

        write_export(html, review.page(review.document(record)), {"game file": _path()}, "--html")
        _say(f"Wrote {html}", err=True)
    who = game.resolve_player(player) if player else None
    shown = []
    for n, entry in enumerate(game.log, 1):
        events = entry.events
        if who is not None and entry.player != who:  # another's move: only what happened to them
            events = [e for e in events if getattr(e, "player", None) == who or who in getattr(e, "holders", {})]
            if not events:
                continue
        if turn is None or entry.turn == turn:
            shown.append((n, entry, events))
    from acquire_ref.views import history_lines, log_entry, log_line

    viewer = _viewer(game)
    if as_json:
        _json([log_entry(n, entry, events, game, viewer) for n, entry, events in shown])
        return
    if not shown:
        _say("No moves" + (" match." if turn is not None or who else " yet."))
    for n, entry, events in shown:
        _say(log_line(n, entry, game, viewer))
        for line in history_lines(game, entry, events, viewer):
            _say(f"       {line}")


def _asks() -> bool:
    """Whether a command may ask its user a question: standard input is a terminal (a script's
    never is, so a script is never kept waiting, DESIGN 2)."""
    return sys.stdin.isatty()


def _undo_question(game: Game, n: int) -> str | None:
    """What ``undo n`` should ask before it takes anything back, or None: taking back the final
    payout (the game is over) or more than one move is asked about; one move of a game going on
    is not."""
    if n > len(game.log) or (n == 1 and not game.over):
        return None
    first = len(game.log) - n + 1
    what = f"the last {n} moves (moves {first} to {len(game.log)}, back to turn {game.log[first - 1].turn})" if n > 1 \
        else "the last move"
    if game.over:
        what += ", and with it the final payout: the game is no longer over"
    return f"Take back {what}? [y/N] "


@app.command()
def undo(
    n: int = typer.Argument(
        1, min=1, metavar="N", help="How many moves to take back (default 1).", show_default=False,
    ),
    yes: bool = typer.Option(False, "--yes", "-y", help="Take them back without asking (for scripts)."),
) -> None:
    """Take back the last N moves; `redo` puts them back until another move is made.

    On a terminal it asks first when it would take back the final payout or more than one move
    (`--yes` does not ask); a script (no terminal) is never asked.

    Example: acquire-ref undo 2
    """
    from acquire_ref.storage import load_game
    from acquire_ref.views import undo_lines

    asked_at = None
    if not yes and _asks():
        before, _, _ = load_game(_path())
        question = _undo_question(before, n)
        if question is not None:
            try:
                answer = input(question)
            except EOFError:
                answer = ""
            if answer.strip().lower() not in ("y", "yes"):
                _say("Nothing was taken back.")
                return
            asked_at = len(before.log)
    handle = _game_file()
    if asked_at is not None and len(handle.game.log) != asked_at:
        raise IllegalMoveError(f"the game changed while you were asked (now {len(handle.game.log)} moves, not "
                               f"{asked_at}): nothing was taken back; look at `acquire-ref status` and undo again")
    try:
        taken = handle.undo(n)
    except IllegalMoveError as exc:
        raise _refusal(handle.game, exc, program=False) from None
    earlier, count = handle.game, len(handle.game.log) + len(taken)
    for i in reversed(range(count - n, count)):
        entry = taken[i - (count - n)]
        who = entry.player
        _say(f"Undid move {i + 1} (turn {entry.turn}{', ' + who if who else ''}): {entry.move}")
        for k, line in enumerate(undo_lines(earlier, entry, _viewer(earlier))):
            _say(f"  {line}" if k == 0 else f"    {line}")
    again = "`acquire-ref redo` puts it" if n == 1 else f"`acquire-ref redo {n}` puts them"
    _say(f"{again} back until another move is made.")
    _next(earlier)


@app.command()
def redo(
    n: int = typer.Argument(
        1, min=1, metavar="N", help="How many moves to put back (default 1).", show_default=False,
    ),
) -> None:
    """Put back the last N moves taken back by undo, the earliest first, until another move is made.

    Example: acquire-ref redo 2
    """
    from acquire_ref.views import moment

    handle = _game_file()
    try:
        back = handle.redo(n)
    except IllegalMoveError as exc:
        raise _refusal(handle.game, exc) from None
    game = handle.game
    for i, entry in enumerate(back, len(game.log) - len(back)):
        _say(f"Redid move {i + 1} (turn {entry.turn}{', ' + entry.player if entry.player else ''}): {entry.move}")
        for line in moment(game, entry.events, _viewer(game)):
            _say(f"  {line}")
    _next(game)


@app.command()
def check(
    path: Path | None = typer.Argument(
        None, metavar="FILE", help="The game file or script (default: the game file).", show_default=False,
    ),
    as_json: bool = typer.Option(False, "--json", help="One JSON document on stdout."),
) -> None:
    """Validate a game file or script without changing it; every problem is listed (exit 4 if any).

    Example: acquire-ref check examples/four-players.toml
    """
    from acquire_ref.events import plural
    from acquire_ref.storage import inspect

    target = path or _path()
    found = inspect(target, what="game file or script" if path is not None else "game file")
    if as_json:
        _json({"path": str(target), "sound": not found.problems, "problems": found.problems,
               "notices": found.notices, "moves": len(found.game.moves) if found.game else None})
    else:
        _notices(found.notices)
        if found.problems:
            _say(f"{target}: {plural(len(found.problems), 'problem')}:")
            for prob in found.problems:
                _say(f"  - {prob}")
        else:
            g = found.game
            assert g is not None
            from acquire_ref.views import pending_text
            from acquire_ref.words import with_program

            replays = plural(len(g.moves), "move") + (" replays" if len(g.moves) == 1 else " replay")
            _say(f"{target} is sound: {replays}; {with_program(pending_text(g, _viewer(g)))}.")
    if found.problems:
        raise GameFileError()  # the problems are listed above


def _fresh_outputs(folder: Path, seed: int, games: int) -> None:
    """``simulate --out`` never writes over a file (DESIGN 3): refuse before the first game when
    one of the names it would write exists. Raises :class:`NotationError` (exit 2) naming it."""
    for i in range(games):
        target = folder / f"game-{seed + i:06d}.toml"
        if target.exists() or target.is_symlink():
            raise NotationError(f"--out {folder}: {target} already exists; simulate never writes over a file: "
                                "name an empty or new folder, or another --seed")


@app.command()
def simulate(
    games: int = typer.Option(100, "--games", min=1, max=10**6, metavar="N", help="How many complete games (at most 1,000,000)."),
    seed: int = typer.Option(0, "--seed", min=0, max=2**62, metavar="S", help="Seed of the first game; game i uses S+i."),
    players: int = typer.Option(4, "--players", min=2, max=6, metavar="K", help="Players per game (2-6)."),
    strategy: str = typer.Option("random", "--strategy", metavar="random|greedy", help="How the built-in bots play."),
    edition: str = EDITION,
    option: list[str] = typer.Option([], "--option", metavar="KEY=VALUE", help="A rule option, as for new."),
    out: Path | None = typer.Option(None, "--out", metavar="DIR", help="Write every game file into this folder."),
    jobs: int = typer.Option(
        0, "--jobs", min=0, max=256, metavar="N",
        help="Processes to play on (default 0: one per core); the results do not depend on it.",
    ),
    bot: list[str] = typer.Option(
        [], "--bot", metavar="NAME=COMMAND",
        help="Seat an outside bot, a program speaking the bot protocol (man 5 acquire-ref), under the player name "
        "NAME; repeat for more. Bots take the first seats, the built-in bots the rest (p2, p3...).",
    ),
    bot_timeout: float = typer.Option(
        5.0, "--bot-timeout", min=0.01, max=3600, metavar="SECONDS", help="How long a bot may take over one answer.",
    ),
    bot_faults: str = typer.Option(
        "fallback", "--bot-faults", metavar="fallback|stop",
        help="After a bot's fault (garbage, an illegal move, no answer, an exit): the referee plays the first "
        "legal move for it, or the game stops (exit 3 after the report).",
    ),
    as_json: bool = typer.Option(False, "--json", help="One JSON document on stdout."),
) -> None:
    """Play complete dealt games with built-in and outside bots, and report what happened.

    Example: acquire-ref simulate --games 500 --players 5 --option dead-tiles=replace-until-none
    """
    import os

    from acquire_ref.bots import RULES, BotSpec
    from acquire_ref.simulate import STRATEGIES, Batch
    from acquire_ref.simulation import run
    from acquire_ref.storage import output_folder

    if strategy not in STRATEGIES:
        raise NotationError(f"--strategy {strategy!r}: {' or '.join(STRATEGIES)}")
    if bot_faults not in RULES:
        raise NotationError(f"--bot-faults {bot_faults!r}: {' or '.join(RULES)}")
    if not 0.01 <= bot_timeout <= 3600:  # nan passes the option's own range check
        raise NotationError(f"--bot-timeout {bot_timeout}: give a number of seconds from 0.01 to 3600, e.g. 5")
    ed, edition_value = edition_spec(edition)
    opts = rule_options(option)
    if opts.get("stall") == "continue":
        raise NotationError("simulate needs games that end: stall=continue can leave bots passing forever")
    bots = [BotSpec.parse(item) for item in bot]
    if len(bots) > players:
        raise NotationError(f"{len(bots)} bots need --players {len(bots)} or more")
    names = [b.name for b in bots] + [f"p{i + 1}" for i in range(len(bots), players)]
    if out is not None:
        _fresh_outputs(output_folder(out), seed, games)
    from acquire_ref.game import Game

    Game.table(names, ed, opts)  # checks the names and options once, before the progress bar
    batch = Batch(names, strategy, ed, edition_value, opts, out is not None, bots, bot_timeout, bot_faults)
    run(batch, range(seed, seed + games), jobs or os.cpu_count() or 1, out, as_json)


@app.command()
def table(
    players: list[str] | None = typer.Argument(
        None, metavar="[PLAYER...]", show_default=False,
        help="Players in seating order (2-6): creates the game file first, as `new` does.",
    ),
    option: list[str] = typer.Option([], "--option", metavar="KEY=VALUE", help="A rule option, as for new."),
    edition: str = EDITION,
    tiles: str = typer.Option("table", "--tiles", metavar="table|dealt", help="As for new."),
    seed: int | None = typer.Option(None, "--seed", min=0, max=2**63 - 1, metavar="N", help="As for new."),
) -> None:
    """The table console: a full-screen referee that asks for exactly the pending decision.

    It shows the board and the players; F1 in it explains the keys.

    It keeps the same game file as the other commands; with players named, it creates the file
    first (the file must not exist yet). Example: acquire-ref table Ann Ben Cat Dan
    """
    from acquire_ref.storage import file_exists

    path = _path()
    if players:
        if file_exists(path):
            raise NotationError(f"{path} already exists: run `acquire-ref table` alone to go on with it, "
                                "or name another file with --game")
        _create_game(path, players, False, option, edition, tiles, seed)
    elif not file_exists(path):
        raise GameFileError(f"{path}: no such game file: name the players (`acquire-ref table Ann Ben Cat`) to start one")
    if not sys.stdout.isatty():
        raise NotationError("the table console needs a terminal: use the other commands in a script")
    from acquire_ref.console.app import run as run_console

    run_console(path)


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", metavar="HOST",
                             help="The address to listen on: 127.0.0.1 (this computer only) or 0.0.0.0 (the local network)."),
    port: int = typer.Option(8765, "--port", min=0, max=65535, metavar="PORT", help="The port (0: any free one)."),
) -> None:
    """The live board for a TV or tablet: a web page that follows the game file (Ctrl-C stops).

    It shows the board, chains, players and pending decision, updated the moment the file changes.

    It prints the address to open in the browser. The TV's page only reads the game file; the
    players' own pages (their links: acquire-ref seats) send their moves to it.

    Example: acquire-ref serve --host 0.0.0.0
    """
    from acquire_ref.web.serve import run as run_server

    run_server(_path(), host, port, _say)


@app.command()
def seats(
    as_json: bool = typer.Option(False, "--json", help="One JSON document on stdout: [{player, url}, ...]."),
    host: str | None = typer.Option(None, "--host", metavar="HOST",
                                    help="The host in the links (default: this computer's address on the local network)."),
    port: int = typer.Option(8765, "--port", min=1, max=65535, metavar="PORT", help="The port `serve` listens on."),
    new: bool = typer.Option(False, "--new", help="Replace every seat's link with a new one (the old ones stop working)."),
) -> None:
    """Each player's private link to their own screen on `serve`, with a QR code to scan.

    The links carry secret tokens, kept beside the game file in GAME.seats (readable by you
    only) and made the first time; --new replaces them all.

    Example: acquire-ref seats --port 8765
    """
    from acquire_ref.seat_links import default_host, links, qr

    game = _load()
    found = links(_path(), game.players, host or default_host(), port, new)
    if as_json:
        _json(found)
        return
    for seat in found:
        _say(f"{seat['player']}: {seat['url']}")
        typer.echo(qr(seat["url"]))
    _say(f"Start `acquire-ref serve --host 0.0.0.0 --port {port}` and scan a code with each player's phone; "
         "a link is its player's own: keep it to them.")


@app.command()
def play(
    script: Path = typer.Argument(
        ..., metavar="SCRIPT", help="A game script: a game file without the snapshot; - reads it from standard input.",
    ),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing game file."),
    check_only: bool = typer.Option(
        False, "--check",
        help="Play the script without writing anything; say where it stops (with --append: after the game's moves).",
    ),
    append: bool = typer.Option(
        False, "--append", help="Add the script's moves to the existing game file (only its moves are read).",
    ),
    all_or_nothing: bool = typer.Option(
        False, "--all-or-nothing", help="With --append: when a move is refused, add none of the script's moves.",
    ),
) -> None:
    """Play a whole game script into the game file and show the standings (or the status).

    With --append the script's moves are added to the game file's game, each verified; at the first
    refused move it stops and names the script's line, the move and the rule, and the file holds
    the moves before it (none with --all-or-nothing). --check --append verifies them the same way
    and writes nothing.

    Example: acquire-ref --game demo.toml play examples/four-players.toml
    """
    from acquire_ref.record import parse_record
    from acquire_ref.session import GameFile

    if all_or_nothing and not append:
        raise NotationError("--all-or-nothing goes with --append (play alone writes nothing when a move is refused)")
    if append and force:
        raise NotationError("--append adds to the game file: it does not go with --force")
    source = "standard input" if str(script) == "-" else str(script)
    text = _script_text(script)
    if append:
        _append(script, source, text, all_or_nothing, check_only)
        return
    record = parse_record(text, source)
    game = record.replay_whole(error=IllegalMoveError, source=source)
    if check_only:
        _say_where_it_stops(source, game)
        return
    path = _path()
    _refuse_overwrite(path, force, {"script": None if source == "standard input" else script})
    record.played = record.played or _today()
    GameFile.create(path, record, game, force=force)
    _show_played(f"Played {_moves_count(len(game.moves))} from {source} into {path}.", game)


def _moves_count(n: int) -> str:
    from acquire_ref.events import plural

    return plural(n, "move")


def _script_text(script: Path) -> str:
    """The script's text: the file, or standard input for ``-``."""
    from acquire_ref.storage import read_standard_input, read_text

    return read_standard_input("script") if str(script) == "-" else read_text(script, "script")


def _say_where_it_stops(source: str, game: Game, added: str = "") -> None:
    """Say that the script's moves are legal and where the game then stops; ``added`` says what
    ``--check --append`` would have added, in place of the count of the game's moves."""
    from acquire_ref.views import pending_text
    from acquire_ref.words import with_program

    n = len(game.moves)
    state = (f"the game is over: {game.end_reason}" if game.over
             else f"it stops at: {with_program(pending_text(game, _viewer(game)))}")
    legal = (f"its moves are legal and {added}" if added
             else f"{'the' if n == 1 else 'all'} {_moves_count(n)} {'is' if n == 1 else 'are'} legal")
    _say(f"{source}: {legal}; {state}.")


def _show_played(headline: str, game: Game) -> None:
    from acquire_ref.render import console, score_view, status_view

    con = console()
    con.print(headline)
    if game.over:
        con.print(score_view(f"Final standings: {game.end_reason}", _score_doc(True, game.end_reason, game.score_breakdown())))
    else:
        con.print(status_view(game, _viewer(game)))


def _append(script: Path, source: str, text: str, all_or_nothing: bool, check_only: bool = False) -> None:
    """``play --append``: the script's moves added to the game file, each verified, under its lock;
    at a refused move the error names the script's line, the move and the rule. With
    ``check_only`` (``--check``) the moves are verified the same way and nothing is written."""
    from acquire_ref.record import appended_moves, move_lines
    from acquire_ref.session import GameFile
    from acquire_ref.storage import file_exists, refuse_same_file

    path = _path()
    if not file_exists(path):
        raise GameFileError(f"{path}: no such game file: --append adds to a game (start one with `acquire-ref new PLAYER...`)")
    if source != "standard input":
        refuse_same_file(path, {"script": script}, "--game")
    handle = GameFile.open(path)
    _notices(handle.notices)
    if check_only:
        _refuse_hidden_check(handle.game)
    moves = appended_moves(text, handle.record, source)
    added, error = _try_moves(handle.game, moves) if check_only else handle.apply_all(moves, all_or_nothing)
    if error is None and check_only:
        _say_where_it_stops(source, handle.game, f"would add {_moves_count(added)} to {path} (nothing was written, --check)")
        return
    if error is None:
        _show_played(f"Added {_moves_count(added)} from {source} to {path}.", handle.game)
        return
    lines = move_lines(text)
    where = f"line {lines[added]}" if added < len(lines) else f"move {added + 1}"
    kept = ("nothing was written (--check)" if check_only else "nothing was added (--all-or-nothing)" if all_or_nothing
            else f"the {_moves_count(added)} before it {'was' if added == 1 else 'were'} added to {path}" if added
            else f"nothing was added to {path}")
    verdict = "is illegal" if error.exit_code == 3 else "can't be read"
    told = _refusal(handle.game, error)
    if isinstance(told, IllegalMoveError) and error.exit_code == 3:
        raise told.restated(f"{source} {where}: `{moves[added]}` {verdict}: {told}; {kept}")
    raise GameFileError(f"{source} {where}: `{moves[added]}` {verdict}: {told}; {kept}")


def _refuse_hidden_check(game: Game) -> None:
    """``play --check --append`` while holdings are hidden from the viewer: refused, since whether
    a disposal or a purchase would be accepted, tried as often as one likes without a move being
    made, tells the holding and the cash (R10.1). The referee (``--as referee``) may check.
    Raises :class:`IllegalMoveError` (exit 3)."""
    from acquire_ref.views import withheld

    if withheld(game, _viewer(game)):
        raise IllegalMoveError("holdings are hidden until the game is over (R10.1): `play --check --append` would tell "
                               "whether another player's disposal or purchase is affordable, so it checks only for "
                               "the referee (`acquire-ref --as referee play --check --append SCRIPT`)")


def _try_moves(game: Game, moves: list[str]) -> tuple[int, AcquireError | None]:
    """Apply ``moves`` to ``game`` (in memory) until one is refused: how many were applied, and
    the error that refused the next one (None when all were)."""
    from acquire_ref.moves import parse_move

    for n, move in enumerate(moves):
        try:
            game.apply(parse_move(move, game.edition))
        except AcquireError as exc:
            return n, exc
    return len(moves), None


@app.command()
def pipe() -> None:
    """A JSON-lines protocol for programs: one request a line on stdin, one JSON answer a line on stdout.

    A request is a move in notation, or {"move": "place 3A"}, {"query": "status|legal|score|log"},
    {"undo": 1}. An answer has "ok"; a move's has its "events" and the new "pending"; a refusal has
    "error" (usage, illegal, file, locked) and "message". Each move is saved before it is answered;
    at the end of the input it exits 0. See man 5 acquire-ref.

    Example: acquire-ref --game demo.toml pipe < requests.txt
    """
    from acquire_ref.pipe import serve

    stdin = getattr(sys.stdin, "buffer", None)
    if stdin is None:
        raise NotationError("pipe needs standard input")
    serve(_path(), stdin, sys.stdout, STATE.viewer)


from acquire_ref import ratings_cli, tournament_cli  # noqa: E402 (Typer alone at start-up; each command imports what it uses)

app.add_typer(tournament_cli.tournament_app, name="tournament")
app.command()(ratings_cli.ratings)


def run() -> None:
    """Console-script entry point."""
    app()
