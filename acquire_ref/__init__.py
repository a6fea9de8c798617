"""acquire-ref: a command-line referee for Sid Sackson's board game Acquire.

The engine (``tiles``, ``editions``, ``board``, ``scoring``, ``moves``, ``game``) is pure
Python with no I/O; ``record`` is the game file as a value, ``storage`` reads and writes it;
``cli`` is the command line, and :func:`main` the program around it.

The names below are imported when first used, so that starting the program costs nothing before
:func:`main` is in charge of a Ctrl-C.

>>> from acquire_ref import Game, parse_move
>>> game = Game.new(["Ann", "Ben", "Cat"])
>>> _ = game.apply(parse_move("start 3C 9A 1B"))
>>> game.players[game.current]
'Ben'

A game file is read with :func:`load` (a :class:`~acquire_ref.files.session.GameFile`: the game and
the record of its setup) and written back with :func:`save`, through the same lock and atomic,
version-checked write as the commands.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # not typing's: importing typing would make start-up longer before main() runs
if TYPE_CHECKING:
    from collections.abc import MutableMapping
    from typing import Any, TextIO

    from acquire_ref.engine.errors import (
        AcquireError,
        GameBusyError,
        GameFileError,
        IllegalMoveError,
        NotationError,
    )
    from acquire_ref.engine.game import Game
    from acquire_ref.engine.moves import parse_move
    from acquire_ref.files.session import GameFile, load, save
    from acquire_ref.words.events import told

__version__ = "0.1.0"

__all__ = [
    "AcquireError",
    "Game",
    "GameBusyError",
    "GameFile",
    "GameFileError",
    "IllegalMoveError",
    "NotationError",
    "__version__",
    "load",
    "main",
    "parse_move",
    "save",
    "told",
]

_WHERE = {"Game": "acquire_ref.engine.game", "parse_move": "acquire_ref.engine.moves", "GameFile": "acquire_ref.files.session",
          "load": "acquire_ref.files.session", "save": "acquire_ref.files.session",
          "told": "acquire_ref.words.events"}


def __getattr__(name: str) -> Any:
    """The package's names, imported on first use (PEP 562)."""
    if name not in __all__ or name in ("main", "__version__"):
        raise AttributeError(f"module 'acquire_ref' has no attribute {name!r}")
    import importlib

    importlib.import_module("acquire_ref.words.refusals")  # a refusal given as data reads as its words
    value = getattr(importlib.import_module(_WHERE.get(name, "acquire_ref.engine.errors")), name)
    globals()[name] = value
    return value


class _Forgiving:
    """A text stream standing in for stdout or stderr that never raises because the output
    can't be written (a closed pipe, a full disk): the first failure is kept in ``error`` and
    later output is dropped. Everything else is the wrapped stream's."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.error: OSError | ValueError | None = None

    def write(self, text: str) -> int:
        """Write ``text``, or drop it once the stream has failed; returns its length."""
        if self.error is None:
            try:
                return self.stream.write(text)
            except (OSError, ValueError) as exc:
                self.error = exc
        return len(text)

    def flush(self) -> None:
        """Flush, or note the failure."""
        if self.error is None:
            try:
                self.stream.flush()
            except (OSError, ValueError) as exc:
                self.error = exc

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def main() -> None:
    """The ``acquire-ref`` program: one command of :mod:`acquire_ref.cli`, then its exit code.

    Around the command it keeps the promises of DESIGN 2 that belong to the whole process:

    - output that can't be written (``log | head -1``, ``place 5C > /dev/full``) is not a bug:
      no traceback, and the exit code is the command's own (a move saved still exits 0); a write
      error other than a closed pipe is named in one line on stderr;
    - the read commands a table runs all the time are answered by :mod:`acquire_ref.quick`
      without importing Typer; everything else, and any error, by the Typer app;
    - a standard stream closed before the program started (``status >&-``) takes what is
      written to it away, without a traceback (a move saved still exits 0), and no file the
      command opens can take its place;
    - a ``COLUMNS`` or ``LINES`` that is not a number in ASCII digits (``²``, which Python counts
      as a digit but cannot read as one), or too small to draw in (``COLUMNS=0``), is set aside,
      as when it is not a number at all;
    - Ctrl-C at any moment, start-up included, prints one line saying whether the move was saved
      (storage holds the interrupt back while a file is being replaced, so the answer is exact)
      and exits 130, with no temporary file left.
    """
    sys.stdin = sys.stdin or _nowhere(reading=True)  # the closed descriptors are taken in order: 0, 1, then 2
    out, err = _Forgiving(sys.stdout or _nowhere()), _Forgiving(sys.stderr or _nowhere())
    sys.stdout, sys.stderr = out, err
    _plain_sizes(os.environ)
    code: int | str | None = 0
    answered = False
    try:
        try:
            from acquire_ref.quick import answer

            answered = _speak(sys.argv[1:]) and answer(sys.argv[1:], os.environ)  # the commands of a table
            if not answered:
                from acquire_ref.cli import run

                run()
        except KeyboardInterrupt:
            code = 130
        except SystemExit as exc:
            code = exc.code
    except KeyboardInterrupt:
        code = 130
    code = _finish(code, out, err)
    if answered and code == 0 and _the_program():
        # The fast path ran alone: its output is flushed, its file written and closed, its lock
        # let go, no thread or handler is left; tearing the interpreter down (freeing every
        # module and the replayed game) would cost about as much as the command's own work.
        os._exit(0)
    sys.exit(code)


def _nowhere(reading: bool = False) -> TextIO:
    """A stream to or from the null device, for a standard stream that was closed before the
    program started (Python then gives None): opened at once, so that it takes the closed stream's
    file descriptor and no game file or lock opened later can take it. Standard input from it is
    empty and no terminal (``undo`` asks nothing, ``play -`` reads an empty script)."""
    return open(os.devnull, encoding="utf-8") if reading else open(os.devnull, "w", encoding="utf-8")


MIN_SIZE = {"COLUMNS": 20, "LINES": 1}
"""The smallest ``COLUMNS`` and ``LINES`` taken as the terminal's size: narrower, rich draws a
table as its borders alone, and at 0 it draws nothing (a merger's payouts would go unseen)."""


def _plain_sizes(environ: MutableMapping[str, str]) -> None:
    """Set aside a terminal size in ``COLUMNS`` or ``LINES`` that is not a number in ASCII digits
    (rich and Textual would take ``²`` for a digit and fail to read it) or is below
    :data:`MIN_SIZE`: the terminal's own size, or 80 columns, is used instead."""
    for name, least in MIN_SIZE.items():
        value = environ.get(name)
        if value is not None and not (value.isascii() and value.isdigit() and int(value) >= least):
            del environ[name]


def _the_program() -> bool:
    """True when this process is the installed ``acquire-ref`` command, which ends with
    :func:`main`; a program that calls :func:`main` itself gets its ``SystemExit``."""
    return os.path.basename(getattr(sys.modules.get("__main__"), "__file__", None) or "") == "acquire-ref"


def _speak(args: list[str]) -> bool:
    """Speak the language of the command line ``args`` for the whole command, as
    :func:`acquire_ref.language.of_command` decides it (``--lang``, else ``$ACQUIRE_LANG``, else
    the locale; English for JSON and ``pipe``). False when ``--lang`` or ``$ACQUIRE_LANG`` names a
    language the program does not speak: the Typer app then says so."""
    from acquire_ref import language

    try:
        language.speak(language.of_command(args, os.environ))
    except language.UnknownLanguage:
        return False
    return True


def _finish(code: int | str | None, out: _Forgiving, err: _Forgiving) -> int | str | None:
    """The last words of :func:`main`: the Ctrl-C line, a note on output that was lost, and
    quiet standard streams for the interpreter's own last flush. Returns the exit code."""
    import _signal  # type: ignore[import-not-found]  # signal's own module, loaded with the interpreter (no stub)
    from contextlib import suppress

    _signal.signal(_signal.SIGINT, _signal.SIG_IGN)  # a second Ctrl-C can't interrupt the last words
    storage = sys.modules.get("acquire_ref.files.storage")
    saved = getattr(storage, "SAVED", None) or []
    if code == 130:
        with suppress(Exception):  # an interrupt before the language was chosen still says it in that language
            _speak(sys.argv[1:])
        from acquire_ref.language import _
        from acquire_ref.words import visible

        said = (_("interrupted (Ctrl-C); {file} was written before it, so the move is saved").format(
            file=visible(str(saved[-1]))) if saved else _("interrupted (Ctrl-C); nothing was saved"))
        err.write(f"acquire-ref: {said}\n")
    out.flush()
    if out.error is not None and not isinstance(out.error, BrokenPipeError):
        from acquire_ref.files.wording import system_error
        from acquire_ref.language import _

        reason = system_error(out.error)
        lost = (_("the output could not be written ({reason}); the game file was written, so the move is saved") if saved
                else _("the output could not be written ({reason})")).format(reason=reason)
        err.write(f"acquire-ref: {lost}\n")
    err.flush()
    for stream in (out, err):
        if stream.error is not None:  # what is still buffered goes nowhere, quietly
            with suppress(OSError, ValueError, AttributeError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), stream.stream.fileno())
    return code
