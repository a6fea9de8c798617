"""The command line's own words in the language spoken: every command's and option's help, and
the words of Typer and of its copy of Click (``Usage:``, the panels' titles, ``Show this message and
exit.``, a usage error's message), for ``--help`` and for a usage error.

English is the source and is left alone: in English nothing here runs, so ``--help`` and the
errors are Typer's own bytes. In another language :func:`speaking` gives every command of the app
a :class:`Spoken` context, which puts the help it shows in that language as it is shown; a usage
error's message is reworded from Click's English by :data:`CLICK_MESSAGES` (:func:`reworded`), and
the words Typer keeps in :mod:`typer.rich_utils` (imported only to show help or an error) are set
for as long as the command runs.

The help is marked where it is written (``help=N_("...")``, :func:`acquire_ref.language.N_`) and a
command's help is its docstring, which :func:`extract` reads for the catalogue (``babel.cfg``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import IO, Any

import typer
from typer import _click as click
from typer._click.exceptions import ClickException, NoArgsIsHelpError, UsageError

from acquire_ref import language
from acquire_ref.language import N_, _, said

EXAMPLE = "Example: acquire-ref"
"""What every command's help holds (tests/test_messages.py): how :func:`extract` knows a docstring is a help."""

CLICK_MESSAGES = [
    N_("No such command {command}. Did you mean {commands}?"),
    N_("No such command {command}."),
    N_("Missing command."),
    N_("Missing argument {argument}."),
    N_("Missing option {option}."),
    N_("Missing parameter {parameter}."),
    N_("Got unexpected extra argument(s) ({arguments})"),
    N_("{problem} (Possible options: {options})"),
    N_("No such option: {option}"),
    N_("Option {option} requires an argument."),
    N_("Option {option} does not take a value."),
    N_("Invalid value for {parameter}: {problem}"),
    N_("Invalid value: {problem}"),
    N_("{value} is not a valid int."),
    N_("{value} is not a valid int range."),
    N_("{value} is not a valid float."),
    N_("{value} is not a valid float range."),
    N_("{value} is not in the range {range}."),
    N_("Could not open file {file}: {reason}"),
    N_("Path {path} does not exist."),
    N_("Path {path} is a directory."),
    N_("Path {path} is not readable."),
    N_("Path {path} is not writable."),
    N_("{option} (env var: {variable})"),
]
"""Click's and Typer's messages of a usage error, as their English reads (each ``{field}`` what
the message names), the most particular first: :func:`reworded` says the first that fits in the
language spoken; a ``{problem}`` is itself one of these."""

TYPER_WORDS = [
    N_("Show this message and exit."),
    N_("Install completion for the current shell."),
    N_("Show completion for the current shell, to copy it or customize the installation."),
    N_("[OPTIONS]"),
    N_("COMMAND [ARGS]..."),
]
"""The help texts and usage words Typer and Click write themselves (their options', the usage
line's), said by :func:`said` like the program's own."""


class SpokenFormatter(click.HelpFormatter):
    """Click's help formatter with ``Usage:`` in the language spoken."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        """Write the usage line, its prefix in the language spoken unless one is given."""
        super().write_usage(prog, args, _("Usage:") + " " if prefix is None else prefix)


class Spoken(typer.Context):
    """A command's context in a language other than English: its help is put in that language as
    it is shown (:func:`dress`), and so are the usage line and Typer's words."""

    formatter_class = SpokenFormatter

    def get_help(self) -> str:
        """The command's help (Typer prints it as it makes it), in the language spoken."""
        dress(self.command, self)
        rich_words()
        return super().get_help()


def paragraphs(doc: str | None) -> str | None:
    """A command's help from its docstring as ``--help`` shows it and the catalogue holds it: each
    paragraph on one line (Typer keeps the single line breaks after the first paragraph, so `--help`
    broke lines in mid-sentence)."""
    import inspect

    if doc is None:
        return None
    return "\n\n".join(" ".join(p.split()) for p in inspect.cleandoc(doc).split("\n\n"))


def help_text(text: str | None) -> str | None:
    """A command's help (its docstring, or a text marked with ``N_``) in the language spoken."""
    if not text:
        return text
    marked = said(text)
    if marked != text:
        return marked
    joined = paragraphs(text) or ""
    translated = _(joined)
    return text if translated == joined else translated


_CHANGED: list[tuple[object, str, Any]] = []
"""Each attribute put in another language while a command runs, with its English (the app's
commands may be run again in this process, in English: :func:`speaking_while` puts it back)."""


def _put(owner: object, name: str, value: Any) -> None:
    """Set ``owner.name`` to ``value`` until the command ends, keeping what it was."""
    _CHANGED.append((owner, name, getattr(owner, name)))
    setattr(owner, name, value)


def dress(command: click.Command, ctx: click.Context) -> None:
    """Put ``command``'s help in the language spoken: its own, its options' and arguments' (the
    help option's too) and, for a group, each command's it lists."""
    _put(command, "help", help_text(command.help))
    for param in command.get_params(ctx):
        text = getattr(param, "help", None)
        if text:
            _put(param, "help", said(text))
    for sub in getattr(command, "commands", {}).values():
        _put(sub, "help", help_text(sub.help))
        _put(sub, "short_help", help_text(sub.short_help))


def speaking(command: click.Command) -> None:
    """Give ``command`` and every command under it a :class:`Spoken` context and their usage
    words (``[OPTIONS]``, ``COMMAND [ARGS]...``) in the language spoken."""
    _put(command, "context_class", Spoken)
    if command.options_metavar:
        _put(command, "options_metavar", said(command.options_metavar))
    if isinstance(command, typer.core.TyperGroup):
        if command.subcommand_metavar:
            _put(command, "subcommand_metavar", said(command.subcommand_metavar))
        for sub in command.commands.values():
            speaking(sub)


RICH_WORDS = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "ERRORS_PANEL_TITLE": N_("Error"),
    "REQUIRED_LONG_STRING": N_("[required]"),
}
"""Typer's words in :mod:`typer.rich_utils`, by the name it keeps each under."""


def rich_words() -> None:
    """Set Typer's words in :mod:`typer.rich_utils` (the panels' titles, the markers after an
    option's help, the line that says where to read the help, the usage line's prefix that its
    highlighter colours) in the language spoken, until
    :func:`speaking_while` puts Typer's own back."""
    from typer import rich_utils

    words = {name: _(text) for name, text in RICH_WORDS.items()}
    words["DEFAULT_STRING"] = _("[default: {value}]").replace("{value}", "{}")
    words["ENVVAR_STRING"] = _("[env var: {variable}]").replace("{variable}", "{}")
    words["RICH_HELP"] = _("Try {command} for help.").format(command="[blue]'{command_path} {help_option}'[/]")
    for name, text in words.items():
        _put(rich_utils, name, text)
    usage = f"(?P<usage>{re.escape(_('Usage:') + ' ')})"  # coloured on a terminal as Typer colours its own
    kept = [h for h in rich_utils.highlighter.highlights if "?P<usage>" not in h]
    _put(rich_utils.highlighter, "highlights", [*kept, usage])


@contextmanager
def speaking_while(command: click.Command, code: str) -> Iterator[None]:
    """Speak ``code`` in ``command``'s help and errors inside the block (nothing changes in
    English), and put every word back in English after it: the same commands may run again in
    this process (a test's), in English."""
    if code == language.SOURCE:
        yield
        return
    try:
        speaking(command)
        yield
    finally:
        while _CHANGED:
            owner, name, value = _CHANGED.pop()
            setattr(owner, name, value)


@cache
def _pattern(message: str) -> re.Pattern[str]:
    """A message of :data:`CLICK_MESSAGES` as a pattern that matches its English, each field a group."""
    parts = re.split(r"\{(\w+)\}", message)
    return re.compile("".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>{_FIELDS.get(p, '.+?')})"
                              for i, p in enumerate(parts)), re.S)


_FIELDS = {"parameter": r"[^:]+?(?: \(env var: '[^']*'\))?"}
"""A field's pattern where any text would match too little: a parameter is named with no colon
but in the environment variable Typer may add to it (``'--game' / '-g' (env var: 'ACQUIRE_GAME')``)."""


def reword(text: str) -> str:
    """One of Click's or Typer's messages (:data:`CLICK_MESSAGES`) in the language spoken, a
    ``{problem}`` and a ``{parameter}`` in it (an option named with its environment variable)
    reworded too; any other text as it is."""
    for message in CLICK_MESSAGES:
        found = _pattern(message).fullmatch(text)
        if found:
            fields = found.groupdict()
            for name in ("problem", "parameter"):
                if name in fields:
                    fields[name] = reword(fields[name])
            return _(message).format(**fields)
    return text


def reworded(exc: ClickException) -> ClickException:
    """``exc`` said in the language spoken: a usage error of the same exit code with its message
    reworded (:func:`reword`), Typer's words set (:func:`rich_words`); ``exc`` itself in English
    and for ``--help`` shown for want of a command (its help is already said)."""
    if language.current() == language.SOURCE or isinstance(exc, NoArgsIsHelpError):
        return exc
    rich_words()
    text = exc.format_message()
    new = reword(text)
    if new == text:
        return exc
    again = UsageError(new, exc.ctx) if isinstance(exc, UsageError) else ClickException(new)
    again.exit_code = exc.exit_code
    return again


def extract(fileobj: IO[bytes], keywords: dict[str, Any], comment_tags: list[str], options: Any,
            ) -> Iterator[tuple[Any, ...]]:
    """pybabel's extractor for the command line's modules (``babel.cfg``): what Babel's Python
    extractor finds, and each command's help written as its docstring (one holding
    :data:`EXAMPLE`) as :func:`paragraphs` makes it, the text ``--help`` looks up."""
    import ast

    from babel.messages.extract import extract_python

    yield from extract_python(fileobj, keywords, comment_tags, options)
    fileobj.seek(0)
    tree = ast.parse(fileobj.read().decode(options.get("encoding", "utf-8")))
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            doc = ast.get_docstring(node, clean=False)
            if doc and EXAMPLE in doc:
                yield node.body[0].lineno, "", paragraphs(doc) or "", []
