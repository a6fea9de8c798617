"""The read commands: ``hand``, ``status``, ``score``, ``why``, ``log`` and ``check``. Each reads
the game file (or a position file), asks :mod:`acquire_ref.viewers.views` for the document its viewer
may see (``--as``, R10.3) and prints it, as JSON or for people.

Only Typer is imported at start-up; a ``--json`` read imports no drawing, locking or writing
library (tests/test_startup.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from acquire_ref import quick
from acquire_ref.cli.completion import complete_player, complete_tile
from acquire_ref.cli.options import BOARD_SVG, HTML, JSON, SVG
from acquire_ref.cli.output import command_viewer, game_path, load, print_json, say, say_notices, show
from acquire_ref.engine.errors import GameFileError
from acquire_ref.language import N_, _, ngettext

if TYPE_CHECKING:
    from acquire_ref.engine.game import Game


def hand(
    player: str = typer.Argument(..., metavar=quick.PLAYER.metavar, help=quick.PLAYER.help, autocompletion=complete_player),
    as_json: bool = JSON,
) -> None:
    """A player's rack in a dealt game, each tile with what it would do now (R4).

    Example: acquire-ref hand Ann
    """
    game = load()
    doc = quick.hand_document(game, player, command_viewer(game))
    if as_json:
        print_json(doc)
        return
    for line in quick.hand_lines(doc):
        say(line)


def status(
    as_json: bool = JSON,
    player: str | None = typer.Option(
        None, "--player", metavar="PLAYER", help=N_("With hidden holdings (R10.1): also show this player's own cash and shares."),
        autocompletion=complete_player,
    ),
    svg: Path | None = BOARD_SVG,
    html: Path | None = HTML,
) -> None:
    """The board, chains, players, tiles in the bag, and whose decision is pending (R10).

    Example: acquire-ref status --json
    """
    from acquire_ref.viewers.views import Viewer

    game = load()
    viewer = Viewer.of(game.resolve_player(player)) if player else command_viewer(game)
    if as_json:
        print_json(quick.status_document(game, viewer))
        return
    from acquire_ref.render import status_view

    def page(kind: str) -> str:
        from acquire_ref.web import pages

        return pages.status_svg(game, viewer) if kind == "svg" else pages.status_html(game, viewer)

    show(status_view(game, viewer), svg, html, _("acquire-ref status: turn {turn}").format(turn=game.turn),
          pages={"svg": lambda: page("svg"), "html": lambda: page("html")})


def score(
    as_json: bool = JSON,
    position: Path | None = typer.Option(
        None, "--position", metavar="FILE", help=N_("Score the end of a game that was never refereed, written down in TOML."),
        readable=False,
    ),
    svg: Path | None = SVG,
    html: Path | None = HTML,
) -> None:
    """Final standings with each player's payout, or the standings if the game ended now (R8.3).

    With --position, the end of a game played without the referee (its format: acquire-ref(5), FINAL
    POSITIONS); shares of a chain not on the board count for nothing, and it says which.

    Example: acquire-ref score --position examples/final-position.toml
    """
    game, doc, title, note = _standings(position)
    if as_json:
        print_json(doc)
        if note:
            say(note, err=True)
        return
    from rich.console import Group

    from acquire_ref.render import console, score_view, worth_chart

    width = console().width
    parts = [score_view(title, doc)] + ([worth_chart(game, width)] if game is not None and game.turn else [])

    def page() -> str:
        from acquire_ref.web.pages import score_html

        return score_html(title, doc)

    show(Group(*parts), svg, html, f"acquire-ref: {title}", {"position file": position}, {"html": page})
    if note:
        say(note)


def _standings(position: Path | None) -> tuple[Game | None, dict[str, Any], str, str]:
    """What ``score`` shows: ``(game, document, title, note)``, for the game file's game, or for
    the final position in the file at ``position`` (no game; :func:`acquire_ref.viewers.views.final_position`)."""
    if position is not None:
        from acquire_ref.files.record import parse_toml
        from acquire_ref.files.storage import read_text
        from acquire_ref.viewers.views import final_position

        data = parse_toml(read_text(position, "position file", "--position"), str(position))
        return (None, *final_position(data, str(position)))
    from acquire_ref.viewers.views import score as score_doc

    game = load()
    doc = score_doc(game, command_viewer(game))
    from acquire_ref.words.reasons import ended

    title = (_("Final standings: {reason}").format(reason=ended(game)) if game.over
             else _("Projected standings if the game ended now") if not game.market.on
             else _("Projected standings if the game ended now (without the market, whose holdings are drawn at the "
                    "payout, R9)"))
    return game, doc, title, ""


def why(
    tile: str = typer.Argument(..., metavar=quick.TILE.metavar, help=quick.TILE.help, autocompletion=complete_tile),
    as_json: bool = JSON,
) -> None:
    """What placing TILE would do right now: lone, found, grow, merge (with bonuses), blocked or dead.

    Example: acquire-ref why 6D
    """
    game = load()
    info = quick.why_document(game, tile, command_viewer(game))
    if as_json:
        print_json(info)
        return
    for line in info["text"]:
        say(line)


def log(
    as_json: bool = JSON,
    turn: int | None = typer.Option(None, "--turn", metavar="N", help=N_("Only the moves of this turn.")),
    player: str | None = typer.Option(
        None, "--player", metavar="PLAYER", autocompletion=complete_player,
        help=N_("Only this player's moves, and what happened to them in others' moves (bonuses, disposals asked)."),
    ),
    html: Path | None = typer.Option(
        None, "--html", metavar="FILE",
        help=N_("Also write the whole game's review as one self-contained HTML page: step through every move."),
    ),
    turning: bool = typer.Option(False, "--turning-points/--no-turning-points",
                                 help=N_("With --html, a finished game's turning points for each player, weighed by the "
                                      "search bot (several seconds of processor time, with a progress bar).")),
) -> None:
    """Every move with its turn number and what it did: tiles, chains, bonuses, disposals, purchases.

    Example: acquire-ref log --player Ann
    """
    from acquire_ref.files.storage import load_game

    game, record, notices = load_game(game_path())
    say_notices(notices)
    if html is not None:  # the post-game review, the public view while holdings are hidden (R10.1)
        from acquire_ref.cli.turning import turning_for
        from acquire_ref.files.storage import write_export
        from acquire_ref.web import review

        points = turning_for(record) if turning else None
        write_export(html, review.page(review.document(record, turning=points)), {"game file": game_path()}, "--html")
        say(_("Wrote {file}").format(file=html), err=True)
    from acquire_ref.viewers.views import history, history_lines, log_line

    shown = history(game, player, turn)
    viewer = command_viewer(game)
    if as_json:
        print_json(quick.log_document(game, viewer, shown))
        return
    if not shown:
        say(_("No moves match.") if turn is not None or player else _("No moves yet."))
    for n, entry, events in shown:
        say(log_line(n, entry, game, viewer))
        for line in history_lines(game, entry, events, viewer):
            say(f"       {line}")


def check(
    path: Path | None = typer.Argument(
        None, metavar="FILE", help=N_("The game file or script (default: the game file)."), show_default=False,
        readable=False,
    ),
    as_json: bool = JSON,
) -> None:
    """Validate a game file or script without changing it; every problem is listed (exit 4 if any).

    Example: acquire-ref check examples/four-players.toml
    """
    from acquire_ref.files.storage import inspect

    target = path or game_path()
    found = inspect(target, what="game file or script" if path is not None else "game file")
    if as_json:
        print_json({"path": str(target), "sound": not found.problems, "problems": found.problems,
               "notices": found.notices, "moves": len(found.game.moves) if found.game else None})
    else:
        say_notices(found.notices)
        if found.problems:
            say(ngettext("{file}: {count} problem:", "{file}: {count} problems:", len(found.problems)).format(
                file=target, count=len(found.problems)))
            for prob in found.problems:
                say(f"  - {prob}")
        else:
            g = found.game
            assert g is not None
            from acquire_ref.viewers.views import pending_text
            from acquire_ref.words import with_program

            say(ngettext("{file} is sound: {count} move replays; {pending}.", "{file} is sound: {count} moves replay; {pending}.",
                         len(g.moves)).format(file=target, count=len(g.moves),
                                              pending=with_program(pending_text(g, command_viewer(g)))))
    if found.problems:
        raise GameFileError()  # the problems are listed above
