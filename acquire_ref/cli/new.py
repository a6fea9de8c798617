"""A new game file: ``new`` (from players or from a written position) and the one maker of a
new game for the command line (:func:`create_game`, shared with ``table``), with its checks on
the file it writes (DESIGN 3).

Only Typer is imported at start-up; the command imports the engine and the writer.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from acquire_ref.cli.bot import BOT_OPTION, BOT_THINK_MS, announce_bots, bot_players
from acquire_ref.cli.options import EDITIONS, edition_spec, rule_options, rule_options_listed
from acquire_ref.cli.output import game_path, say, say_next
from acquire_ref.engine.errors import GameFileError, NotationError
from acquire_ref.language import N_, _

if TYPE_CHECKING:
    from datetime import date

    from acquire_ref.engine.game import Game


def refuse_to_replace(path: Path, force: bool, reads: dict[str, Path | None] | None = None) -> None:
    """``new`` and ``play``: the game file is a regular file or none, replaced only with
    ``--force``, and never one of the files the command read (``reads``: a script, a position, a
    ruleset), whatever its name (DESIGN 3)."""
    from acquire_ref.files.storage import refuse_overwrite, refuse_same_file

    refuse_same_file(path, reads or {}, "--game")
    refuse_overwrite(path, force)


def _new_from_position(path: Path, position: Path, force: bool, played: date | None = None) -> None:
    """``new --from POSITION``: a table game going on from a written position, dated ``played``
    (default: the position file's own ``played``, else today)."""
    from acquire_ref.files.record import new_game, parse_record
    from acquire_ref.files.session import GameFile
    from acquire_ref.files.storage import read_text

    record = parse_record(read_text(position, "position file", "--from"), str(position))
    if record.position is None:
        raise GameFileError(_("{path}: there is no [position] table in it").format(path=position))
    if record.moves:
        raise GameFileError(_("{path}: a position file has no moves (use `play` for a script)").format(path=position))
    game = new_game(record, str(position))
    refuse_to_replace(path, force, {"position file": position})
    record.snapshot = None
    record.played = played or record.played or today()
    GameFile.create(path, record, game, force=force)
    say(_("New game in {path} from the position in {position}: {players}.").format(
        path=path, position=position, players=_(", ").join(record.players)))
    say_next(game)


def today() -> date:
    """Today's date by the computer's clock (local time): the date a game started now is played (T6)."""
    from datetime import date

    return date.today()


def _nothing_but_the_position(edition: str, option: list[str], tiles: str, seed: int | None) -> None:
    """``new --from``: the edition, options and tiles are the position file's (R17). Raises
    :class:`NotationError` (exit 2) naming each given on the command line, which would be dropped."""
    given = [name for name, value, default in (("--edition", edition, "classic"), ("--option", option, []),
                                               ("--tiles", tiles, "table"), ("--seed", seed, None)) if value != default]
    if given:
        raise NotationError(_("new --from takes the edition, options and tiles from the position file: write them "
                              "there, not {options}").format(options=_(", ").join(given)))


def new(
    players: list[str] | None = typer.Argument(
        None, metavar="PLAYER...", help=N_("Player names in clockwise seating order (2-6)."), show_default=False,
    ),
    force: bool = typer.Option(False, "--force", help=N_("Overwrite an existing game file.")),
    option: list[str] = typer.Option(
        [], "--option", metavar="KEY=VALUE",
        help=N_("A rule option (R17), the default first: {options}; e.g. --option stall=continue.", options=rule_options_listed),
    ),
    edition: str = typer.Option(
        "classic", "--edition", metavar="NAME|FILE", help=N_("{editions}, or the path of a ruleset file.", editions=EDITIONS),
    ),
    tiles: str = typer.Option(
        "table", "--tiles", metavar="table|dealt", help=N_("table: tiles from the real bag; dealt: the referee deals."),
    ),
    seed: int | None = typer.Option(
        None, "--seed", min=0, max=2**63 - 1, metavar="N", help=N_("Shuffle of a dealt game's bag (default: random)."),
    ),
    from_position: Path | None = typer.Option(
        None, "--from", metavar="FILE", help=N_("Start from a position file (a game already under way) instead of start tiles."),
        readable=False,
    ),
    played: str | None = typer.Option(
        None, "--played", metavar="YYYY-MM-DD",
        help=N_("The date the game was played (default: today), for a game entered later."),
        show_default=False,
    ),
    bot: list[str] = BOT_OPTION, bot_think_ms: int = BOT_THINK_MS,
) -> None:
    """Create a new game file; the start tiles come next (or the position's next player moves).

    The file records the date the game is played (today, or --played), which ratings go by.

    Example: acquire-ref new Ann Ben Cat Dan
    """
    from acquire_ref.files.record import parse_played

    day = parse_played(played) if played is not None else None
    path = game_path()
    if from_position is not None:
        if players:
            raise NotationError(_("new --from takes the players from the position file: name none on the command line"))
        _nothing_but_the_position(edition, option + bot, tiles, seed)
        _new_from_position(path, from_position, force, day)
        return
    players, bots = bot_players(players or [], bot)
    if not players:
        raise NotationError(_("name the players in seating order: acquire-ref new Ann Ben Cat"))
    game, seed = create_game(path, players, force, option, edition, tiles, seed, day, bots, bot_think_ms)
    _announce_new(path, game, tiles, seed, bots)


def create_game(path: Path, players: list[str], force: bool, option: list[str], edition: str, tiles: str,
                 seed: int | None, played: date | None = None, bots: dict[str, str] | None = None,
                 bot_think_ms: int = 1000) -> tuple[Game, int | None]:
    """Write a new game file at ``path`` as ``new`` does (the same checks, the same bytes), dated
    ``played`` (default: today), with ``bots`` (``{name: strategy}``) playing their seats; returns
    the game and the seed of a dealt game's bag. Shared by ``new`` and ``table``."""
    from acquire_ref.engine.game import Game, shuffled_bag
    from acquire_ref.files.record import Record
    from acquire_ref.files.session import GameFile

    if tiles not in ("table", "dealt"):
        raise NotationError(_("--tiles {given}: table (tiles from the real bag) or dealt (the referee deals)").format(
            given=repr(tiles)))
    if seed is not None and tiles != "dealt":
        raise NotationError(_("--seed shuffles a dealt game's bag: add --tiles dealt"))
    ed, edition_value = edition_spec(edition)
    bag = None
    if tiles == "dealt":
        import secrets

        seed = secrets.randbelow(2**31) if seed is None else seed
        bag = shuffled_bag(seed, ed.grid)
        game = Game.dealt(players, bag, seed, ed, rule_options(option))
    else:
        game = Game.table(players, ed, rule_options(option))
    refuse_to_replace(path, force, {"ruleset file": Path(edition) if isinstance(edition_value, dict) else None})
    record = Record(players=list(players), edition=edition_value, options=game.options.as_dict(), tiles=tiles,
                    seed=seed, bag=[str(t) for t in bag] if bag else None, played=played or today())
    if bots:
        from acquire_ref.programs.table_bot import add_seat

        for name, strategy in bots.items():
            add_seat(record, name, strategy, bot_think_ms)
    GameFile.create(path, record, game, force=force)
    return game, seed


def _announce_new(path: Path, game: Game, tiles: str, seed: int | None, bots: dict[str, str] | None = None) -> None:
    """What ``new`` says: the seats, the money each starts with, the edition, the market, the bots."""
    from acquire_ref.engine.events import money

    players, ed = game.players, game.edition
    said = (_("New game in {path}: {players} (seating order), {cash} each (R2.1); edition {edition}, {tiles} tiles "
              "(seed {seed}).") if tiles == "dealt" else
            _("New game in {path}: {players} (seating order), {cash} each (R2.1); edition {edition}, {tiles} tiles."))
    say(said.format(path=path, players=_(", ").join(players), cash=money(ed.starting_cash), edition=ed.name, tiles=tiles,
                    seed=seed))
    if len(players) == 2:
        say(_("Two players: the market is a third shareholder at every bonus payout (R9).") if game.market.on
            else _("Two players without the market (option two-player-market=off)."))
    announce_bots(bots or {}, tiles)
    say_next(game)


