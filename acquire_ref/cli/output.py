"""What every command of the command line shares: the options given before the command
(:data:`STATE`), the game file they name, and how a command speaks (plain text with control
characters made visible, JSON, the events of a move and ``Next:``, exports), always for the
command's viewer (``--as``, R10.3).

Only Typer is imported at start-up; each helper imports what it uses.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from acquire_ref import quick
from acquire_ref.engine.errors import AcquireError, GameFileError, IllegalMoveError
from acquire_ref.language import _, ngettext

if TYPE_CHECKING:
    from rich.console import RenderableType

    from acquire_ref.engine.events import Event
    from acquire_ref.engine.game import Game
    from acquire_ref.files.session import GameFile
    from acquire_ref.viewers.views import Viewer

DEFAULT_GAME = quick.DEFAULT_GAME
"""The game file when neither ``--game`` nor ``$ACQUIRE_GAME`` names one."""


class State:
    """Options given before the command: ``game``, the game file named by ``--game``, and
    ``viewer``, whom the output is for (``--as``: a player's name or ``referee``; None: the
    public, R10.3)."""

    game: Path = Path(DEFAULT_GAME)
    viewer: str | None = None


STATE = State()
"""The options of the command line being run, set by :func:`acquire_ref.cli.app.main`."""


def say(text: str = "", err: bool = False) -> None:
    """Print one message for people (stdout, or stderr with ``err``): every line printed as plain
    text goes through here, with control characters made visible (DESIGN 1, untrusted text), so a
    name, path or file value never reaches the terminal as an escape sequence."""
    from acquire_ref.words import visible

    typer.echo(visible(text), err=err)


def print_json(doc: object) -> None:
    """Write ``doc`` to stdout as one JSON document, indented by 2, with a final newline: letters as
    they are, controls and invisible characters escaped (:func:`acquire_ref.words.json_text`). Every
    command's ``--json`` goes through here, and the fast path (:mod:`acquire_ref.quick`) writes the same."""
    sys.stdout.write(quick.json_text(doc))


def command_viewer(game: Game) -> Viewer:
    """Whom this command's output is for (``--as``, R10.3): the public unless named."""
    from acquire_ref.viewers.views import Viewer

    return Viewer.parse(game, STATE.viewer)


def refusal(game: Game, exc: AcquireError, program: bool = True) -> AcquireError:
    """``exc`` as this command's viewer may read it (:func:`acquire_ref.viewers.views.for_viewer`),
    with the program's name on its commands unless ``program`` is false."""
    from acquire_ref.viewers.views import for_viewer
    from acquire_ref.words import with_program

    name = with_program if program else str
    if isinstance(exc, IllegalMoveError):
        told = for_viewer(game, exc, command_viewer(game))
        return told.restated(name(str(told)))
    return type(exc)(name(str(exc)))


def echo_events(game: Game, events: list[Event]) -> None:
    """The events of the move just made, as at the moment it happens (R10.1, :func:`acquire_ref.viewers.views.moment`)."""
    from acquire_ref.viewers.views import moment

    lines = moment(game, events, command_viewer(game))
    if any(e.kind == "defunct_chain" for e in events):
        from acquire_ref.render import console, events_view

        console().print(events_view(events, lines))
        return
    for line in lines:
        say(line)


def say_next(game: Game) -> None:
    """``Next:``, the decision now pending and the command that answers it, for the viewer."""
    say(quick.next_text(game, command_viewer(game)))


def say_notices(notices: list[str]) -> None:
    """Each notice about the file read (a snapshot to rebuild...) on stderr, overlong values cut."""
    from acquire_ref.words import cut

    for n in notices:
        say(f"acquire-ref: {cut(n)}", err=True)


def moves_count(n: int) -> str:
    """``n`` moves in words: ``1 move``, ``3 moves``."""
    return ngettext("{count} move", "{count} moves", n).format(count=n)


def game_path() -> Path:
    """The game file: --game, $ACQUIRE_GAME or ./acquire.toml (through a symbolic link)."""
    from acquire_ref.files.storage import game_path as followed

    return followed(STATE.game)


def open_game_file() -> GameFile:
    """The game file held open for a change (:class:`acquire_ref.files.session.GameFile`: lock, reload
    when another program moved the game, verify, atomic write with the version check, DESIGN 3).
    Raises :class:`GameFileError` (exit 4) when there is none."""
    from acquire_ref.files.session import GameFile
    from acquire_ref.files.storage import file_exists

    path = game_path()
    if not file_exists(path):
        raise GameFileError(_("{path}: no such game file (start one with `acquire-ref new PLAYER...`)").format(path=path))
    handle = GameFile.open(path, locked=True)
    say_notices(handle.notices)
    return handle


def load() -> Game:
    """The game in the game file, read and replayed for a read command; its notices on stderr."""
    from acquire_ref.files.storage import load_game

    game, _, notices = load_game(game_path())
    say_notices(notices)
    return game


def show(renderable: RenderableType, svg: Path | None, html: Path | None, title: str,
         reads: dict[str, Path | None] | None = None, pages: dict[str, Callable[[], str]] | None = None) -> None:
    """Print for people; with ``svg``/``html`` also export: the page that ``pages`` makes for
    ``"svg"`` or ``"html"`` (see :mod:`acquire_ref.web.pages`), else exactly what was printed.

    An export is written by :func:`acquire_ref.files.storage.write_export`: never over the game file or
    any file in ``reads`` (what the command read: a position file), whatever its name (DESIGN 3).
    """
    pages = pages or {}
    from acquire_ref.files.storage import refuse_same_file, write_export
    from acquire_ref.render import console

    inputs: dict[str, Path | None] = {"game file": game_path(), **(reads or {})}
    for target in (svg, html):
        if target is not None:
            refuse_same_file(target, inputs, "--svg/--html")
    con = console(record=bool((svg and "svg" not in pages) or (html and "html" not in pages)))
    con.print(renderable)
    if svg is not None:
        write_export(svg, pages["svg"]() if "svg" in pages else con.export_svg(title=title, clear=False), inputs)
        say(_("Wrote {file}").format(file=svg), err=True)
    if html is not None:
        write_export(html, pages["html"]() if "html" in pages else con.export_html(clear=False), inputs)
        say(_("Wrote {file}").format(file=html), err=True)
