"""The ``acquire-ref`` command line (DESIGN 2): the Typer app, its command group that turns
every error into one message and the exit code of its class (2 usage, 3 illegal move, 4 game
file, 5 locked), the options given before a command, and the commands in the order ``--help``
lists them.

Thin by design: every rule lives in the engine, and each command is a call into the library
(the commands themselves are in the modules beside this one). A refused command writes nothing,
so the game file stays byte-identical. Only Typer is imported at start-up; each command imports
what it uses (tests/test_startup.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from typer._click.exceptions import ClickException, NoSuchOption
from typer.core import TyperGroup

from acquire_ref import quick
from acquire_ref.cli import (
    bot,
    card,
    club,
    moves,
    new,
    programs,
    ratings,
    reading,
    room,
    scripts,
    simulate,
    spoken,
    tournament,
    undo,
)
from acquire_ref.cli.output import DEFAULT_GAME, STATE, say
from acquire_ref.engine.errors import AcquireError
from acquire_ref.language import N_, _, said

if TYPE_CHECKING:
    from typer._click import Context as ClickContext  # typer's own copy of click

HELP = N_("""A referee for Sid Sackson's board game Acquire, for a real table or a script.

The whole game is kept in one TOML game file (--game, else $ACQUIRE_GAME, else ./acquire.toml).
Each command answers the pending decision; `status` says whose it is and what to type.""")


ARGS = "acquire_ref.args"
"""Where the command group keeps the command's words in the context's ``meta`` (for :func:`_speak`)."""


class Refereed(TyperGroup):
    """The command group that turns every :class:`AcquireError` a command raises into
    ``acquire-ref: MESSAGE`` on stderr and the error's exit code (DESIGN 2: 2 usage, 3 illegal
    move, 4 game file, 5 locked), in one place for every command. The message is shown with
    control characters visible and overlong values cut (:func:`~acquire_ref.cli.output.say`,
    :func:`acquire_ref.words.cut`).

    An error without a message exits with its code alone: the command has already said why
    (``check`` lists the problems it found). Anything else that escapes is a bug (exit 1).
    """

    def main(self, args: Sequence[str] | None = None, *rest: Any, **extra: Any) -> Any:
        """Run the command line ``args`` (by default ``sys.argv``'s) in its language, chosen before
        it is read (:func:`acquire_ref.language.of_command`), so ``--help`` and a usage error speak
        it too (:mod:`~acquire_ref.cli.spoken`); an unknown ``--lang`` or ``$ACQUIRE_LANG`` is
        English until the command group says so (:func:`_speak`)."""
        import os
        import sys

        from acquire_ref import language

        words = sys.argv[1:] if args is None else list(args)
        try:
            code = language.of_command(words, os.environ)
        except language.UnknownLanguage:
            code = language.SOURCE
        with language.using(code), spoken.speaking_while(self, code):
            return super().main(args, *rest, **extra)

    def make_context(self, info_name: str | None, args: list[str], parent: ClickContext | None = None,
                     **extra: Any) -> ClickContext:
        """The program's context; a usage error in the options before the command is said in the
        language spoken (:func:`~acquire_ref.cli.spoken.reworded`)."""
        try:
            return super().make_context(info_name, args, parent, **extra)
        except ClickException as exc:
            raise spoken.reworded(exc) from None

    def invoke(self, ctx: ClickContext) -> Any:
        """Run the command; an :class:`AcquireError` becomes its message and exit code, and a usage
        error is said in the language spoken. The command's words are kept in ``ctx.meta`` first,
        for :func:`_speak` (Click empties them before the group's callback runs)."""
        ctx.meta[ARGS] = [*getattr(ctx, "_protected_args", []), *ctx.args]
        try:
            return super().invoke(ctx)
        except NoSuchOption as exc:
            _name_the_options(exc)
            raise spoken.reworded(exc) from None
        except ClickException as exc:
            raise spoken.reworded(exc) from None
        except AcquireError as exc:
            if str(exc):
                from acquire_ref.words import cut

                say(f"acquire-ref: {cut(str(exc))}", err=True)
                _where_to_read(exc)
            raise typer.Exit(exc.exit_code) from None


def _where_to_read(exc: AcquireError) -> None:
    """After a refusal that names its rule (``R6.3``), the command that prints that rule, so a
    player refused at the table can read what decided it (:mod:`acquire_ref.rulebook`)."""
    from acquire_ref.engine.errors import IllegalMoveError

    if not isinstance(exc, IllegalMoveError) or not exc.rule:
        return
    from acquire_ref import rulebook

    try:
        rulebook.rule(exc.rule)
    except rulebook.UnknownRule:
        return
    say("acquire-ref: " + _("read {rule} with `acquire-ref rule {rule}`").format(rule=exc.rule), err=True)


OPTION_NOTES = {"dispose": N_("the shares not sold or traded are held")}
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
    listed = opts[0]
    for i, opt in enumerate(opts[1:], start=2):
        listed = (_("{options} and {option}") if i == len(opts) else _("{options}, {option}")).format(options=listed, option=opt)
    exc.possibilities = None
    exc.message = _("No such option: {option}; {command} takes {options}").format(
        option=exc.option_name, command=command.name, options=listed)
    note = OPTION_NOTES.get(command.name or "")
    if note:
        exc.message = _("{message}; {more}").format(message=exc.message, more=said(note))
    if exc.option_name in ("--as", "--game", "-g"):  # the program's own options, given after the command
        example = f"acquire-ref {exc.option_name} {'NAME' if exc.option_name == '--as' else 'FILE'} {command.name} ..."
        more = _("{option} goes before the command: {example}").format(option=exc.option_name, example=example)
        exc.message = _("{message}; {more}").format(message=exc.message, more=more)


app = typer.Typer(
    cls=Refereed,
    help=HELP,
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    """``--version``: say the version, and whether the engine that runs is compiled, and stop (an
    eager option, before any command)."""
    if value:
        from acquire_ref import __version__
        from acquire_ref.build import is_compiled

        say(f"acquire-ref {__version__}")
        say(_("engine: compiled with mypyc") if is_compiled() else _("engine: pure Python"))
        raise typer.Exit()


@app.callback()
def main(
    ctx: typer.Context,
    game: Path = typer.Option(
        DEFAULT_GAME, *quick.GAME.names, envvar=quick.GAME_VARIABLE, metavar=quick.GAME.metavar, help=quick.GAME.help,
        show_default=True, readable=False,  # an unreadable file is the game file's error (exit 4), said in our words
    ),
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help=N_("Show the version and exit.")),
    viewer: str | None = typer.Option(None, *quick.VIEWER.names, metavar=quick.VIEWER.metavar, help=quick.VIEWER.help),
    lang: str | None = typer.Option(
        None, "--lang", metavar="CODE",
        help=N_("The language to speak: en, de or fr (else $ACQUIRE_LANG, else the locale: LANGUAGE, LC_ALL, "
             "LC_MESSAGES, LANG). JSON and pipe always speak English."),
    ),
) -> None:
    """A referee for Sid Sackson's board game Acquire."""
    STATE.game = game
    STATE.viewer = viewer
    _speak(ctx, lang)


def _speak(ctx: typer.Context, lang: str | None) -> None:
    """Speak the language chosen (``--lang``, ``$ACQUIRE_LANG``, the locale) until the command
    ends; a JSON command and ``pipe`` speak English (a protocol). An unknown ``--lang`` or
    ``$ACQUIRE_LANG`` is a usage error (exit 2), said in the command group's one place."""
    import os

    from acquire_ref import language

    code = language.chosen(lang, os.environ)
    if language.protocol(ctx.meta.get(ARGS, [])):
        code = language.SOURCE
    ctx.with_resource(language.using(code))


COMMANDS: list[Callable[..., None]] = [
    new.new, moves.start, moves.market, reading.hand, bot.drew, bot.bot, moves.place, moves.choose, moves.dispose, moves.buy,
    moves.pass_, moves.discard, moves.end, reading.status, programs.watch, reading.score, reading.why, card.price,
    card.chart, card.bonus, card.rule, reading.log, undo.undo, undo.redo, reading.check, simulate.simulate, programs.table,
    programs.serve, programs.seats, room.room, scripts.play, programs.pipe,
]
"""Every command of the program, in the order ``--help`` lists them (each named after its
function, ``pass_`` as ``pass``); ``tournament`` and ``ratings`` follow."""

for command in COMMANDS:
    app.command(name="pass" if command is moves.pass_ else None, help=spoken.paragraphs(command.__doc__))(command)
app.add_typer(tournament.tournament_app, name="tournament")
app.command()(ratings.ratings)
app.add_typer(club.club_app, name="club")


def run() -> None:
    """Console-script entry point: run the command named by ``sys.argv``."""
    app()
