"""The commands a table runs all the time, answered without Typer (DESIGN 5: start-up is paid by
every command): ``status``, ``score --json``, ``log --json``, ``why TILE``, ``hand PLAYER`` (each
with or without ``--json`` where the command takes it), the moves ``place``, ``choose``,
``dispose``, ``buy``, ``pass``, ``discard`` and ``end``, and shell completion of a command's name
under bash.

This is not a second command line. It knows the exact forms in :data:`FORMS` and :data:`MOVES`
and nothing else: the options before the command (``--game``/``-g FILE``, ``--as NAME``, and
``$ACQUIRE_GAME``), each at most once, and the command's own words. Anything else (``--help``,
another option, ``--found=X``, a value that looks like an option, ``--``, a repeated option
before the command) is handed to the Typer app, and so is every error: a read's answer is written
only when the whole command succeeded, and a move hands on every error raised before it is saved
(a refusal, a lock held, no game file), so the Typer command runs from the start and says it in
its own words and exit code. A game with bot seats is the Typer command's too (its bots answer).

A front end beside :mod:`acquire_ref.cli` (outside it, since importing that package imports
Typer). The names, options and help of these forms are defined here once and used by the Typer
commands (:mod:`~acquire_ref.cli.app`, :mod:`~acquire_ref.cli.options`, :mod:`~acquire_ref.cli.reading`,
:mod:`~acquire_ref.cli.moves`), and the documents and lines come from the functions below, which
the Typer commands call too, so both ways print the same bytes and write the same game file
(tests/test_quick.py). This module imports neither Typer nor Click, and rich only for what the
Typer command draws with it and the plain writer can't write as rich would: the drawn ``status``
is written without rich (:func:`acquire_ref.plain.drawn`, rich's bytes) unless a name, a colour or
the console needs rich's judgement (then :func:`acquire_ref.render.status_view`), and a merger's
payouts after a move are rich's (:func:`acquire_ref.render.events_view`).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from acquire_ref.language import N_, _

TYPE_CHECKING = False  # not typing's: importing typing would make start-up longer
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from acquire_ref.engine.events import Event
    from acquire_ref.engine.game import Game, LogEntry
    from acquire_ref.viewers.views import Viewer


class Spec:
    """An option or argument as the command line names it and ``--help`` explains it: ``names``
    (an option's spellings, or an argument's name), ``metavar`` (None for a flag) and ``help``."""

    __slots__ = ("help", "metavar", "names")

    def __init__(self, names: tuple[str, ...], metavar: str | None, help: str) -> None:
        self.names = names
        self.metavar = metavar
        self.help = help


GAME = Spec(("--game", "-g"), "FILE", N_("The game file."))
GAME_VARIABLE = "ACQUIRE_GAME"
"""The environment variable naming the game file when ``--game`` does not."""
DEFAULT_GAME = "acquire.toml"
"""The game file when neither ``--game`` nor ``$ACQUIRE_GAME`` names one."""
VIEWER = Spec(("--as",), "NAME|referee",
              N_("With hidden holdings (R10.1): show what this player may see (their own cash and shares), "
                 "or everything for the referee; the default is the public view."))
JSON = Spec(("--json",), None, N_("One JSON document on stdout."))
PLAYER = Spec(("PLAYER",), "PLAYER", N_("Whose rack (dealt mode), for that player's eyes only."))
TILE = Spec(("TILE",), "TILE", N_("The tile to ask about."))

COMMAND_NAMES = (
    "new", "start", "market", "hand", "drew", "bot", "place", "choose", "dispose", "buy", "pass", "discard", "end", "status",
    "watch", "score", "why", "price", "chart", "bonus", "rule", "log", "undo", "redo", "check", "simulate", "table",
    "serve", "seats", "room", "play", "pipe", "ratings", "tournament", "club",
)
"""Every command's name, in the order ``--help`` lists them (the Typer app's, checked by
tests/test_quick.py): what completing the first word offers."""

FORMS: dict[str, tuple[Spec | None, bool]] = {
    "status": (None, False),
    "score": (None, True),
    "log": (None, True),
    "why": (TILE, False),
    "hand": (PLAYER, False),
}
"""The commands answered here: name -> (the one argument it takes, or None; whether ``--json`` is
required). ``--json`` is the only option after the command."""

PLACED = Spec(("TILE",), "TILE", N_("The tile, e.g. 5C (c5 and 5-c are read too)."))
FOUND = Spec(("--found",), "CHAIN", N_("Chain to found, if the tile founds one."))
SURVIVOR = Spec(("--survivor",), "CHAIN", N_("Surviving chain, if the largest chains tie."))
ORDER = Spec(("--order",), "CHAIN,CHAIN", N_("Order of equal-sized defunct chains, first first."))
CHAINS = Spec(("CHAIN...",), "CHAIN...", N_("Chain name(s); case-insensitive prefixes work."))
SHAREHOLDER = Spec(("PLAYER",), "PLAYER", N_("The shareholder whose decision it is (default: the pending one)."))
SELL = Spec(("--sell",), "N", N_("Shares to sell to the bank at the pre-merger price; all: every share not traded."))
TRADE = Spec(("--trade",), "N", N_("Shares to trade, 2 defunct for 1 survivor (an even number); max: as many as the "
                "bank allows."))
ORDERS = Spec(("[CHAIN[=N]]...",), "[CHAIN[=N]]...",
              N_("Shares to buy, e.g. Tower=2 Imperial; none buys nothing and finishes the turn."))
DEAD = Spec(("TILE...",), "TILE...", N_("Dead tiles shown by the current player."))

MOVES: dict[str, tuple[Spec | None, int, int | None, tuple[Spec, ...]]] = {
    "place": (PLACED, 1, 1, (FOUND, SURVIVOR, ORDER)),
    "choose": (CHAINS, 1, None, ()),
    "dispose": (SHAREHOLDER, 0, 1, (SELL, TRADE)),
    "buy": (ORDERS, 0, None, ()),
    "pass": (None, 0, 0, ()),
    "discard": (DEAD, 1, None, ()),
    "end": (None, 0, 0, ()),
}
"""The moves made here as well, each as its Typer command takes it: name -> (its argument, or
None; how many words of it at least and at most, None for any number; its options, each taking
one value and given any number of times). The command's notation is its name, the argument's
words, then each option's values in this order (``place 6D --found Tower``), as the Typer command
builds it (:mod:`acquire_ref.cli.moves`)."""

COMPLETED = {"place": TILE, "why": TILE, "hand": PLAYER}
"""The commands whose first argument is completed here as well (the tiles to place, the players):
the completions a table asks for most, with the same completers the Typer commands use."""

COMPLETE_VARIABLE = "_ACQUIRE_REF_COMPLETE"
"""The variable by which a shell asks the program for completions (Typer's name for ``acquire-ref``)."""


# ----- the documents, shared with the Typer commands ---------------------------------------------
def status_document(game: Game, viewer: Viewer) -> dict[str, Any]:
    """``status --json``: :func:`acquire_ref.viewers.views.status` for ``viewer``, its pending text
    naming the program's commands (R10)."""
    from acquire_ref.viewers.views import status
    from acquire_ref.words import with_program

    doc = status(game, viewer)
    doc["pending"]["text"] = with_program(doc["pending"]["text"])
    return doc


def hand_document(game: Game, player: str, viewer: Viewer | None = None) -> dict[str, Any]:
    """``hand PLAYER``: ``{"player": name, "rack": [...]}``, the name as the game spells it
    (:func:`acquire_ref.viewers.describe.hand`, R4). Raises what :meth:`Game.resolve_player` and
    :func:`~acquire_ref.viewers.describe.hand` raise, and :class:`~acquire_ref.engine.errors.IllegalMoveError`
    when ``viewer`` is another player's seat (``--as Ben hand Ann``: a rack is its player's, R10.3)."""
    from acquire_ref.viewers.describe import hand

    who = game.resolve_player(player)
    if viewer is not None and viewer.kind == "seat" and viewer.seat != who:
        from acquire_ref.engine.errors import IllegalMoveError

        raise IllegalMoveError(_("--as {seat}: {player}'s rack is {player}'s alone (R10.3)").format(
            seat=viewer.seat, player=who), rule="R10.3")
    return {"player": who, "rack": hand(game, who)}


def hand_lines(doc: Mapping[str, Any]) -> list[str]:
    """``hand PLAYER`` for people: the rack of :func:`hand_document`, a tile a line."""
    return [_("{player}'s rack:").format(player=doc["player"]), *(f"  {t['tile']:>4}  {t['text']}" for t in doc["rack"])]


def why_document(game: Game, tile: str, viewer: Viewer) -> dict[str, Any]:
    """``why TILE``: what placing it would do now (:func:`acquire_ref.viewers.views.tile`). Raises
    :class:`~acquire_ref.engine.errors.NotationError` for a tile that is not one."""
    from acquire_ref.engine.tiles import parse_tile
    from acquire_ref.viewers.views import tile as describe_tile

    return describe_tile(game, parse_tile(tile, game.edition.grid), viewer)


def log_document(game: Game, viewer: Viewer, shown: list[tuple[int, LogEntry, list[Event]]] | None = None,
                 ) -> list[dict[str, Any]]:
    """``log --json``: the moves ``shown`` (by default every move, :func:`acquire_ref.viewers.views.history`)
    as :func:`acquire_ref.viewers.views.log_entry` tells them to ``viewer``."""
    from acquire_ref.viewers.views import history, log_entry

    moves = history(game) if shown is None else shown
    return [log_entry(n, entry, events, game, viewer) for n, entry, events in moves]


def next_text(game: Game, viewer: Viewer) -> str:
    """A move's last line: ``Next:``, the decision now pending for ``viewer`` (R10.2) and the
    command that answers it."""
    from acquire_ref.language import _
    from acquire_ref.viewers.views import pending_text
    from acquire_ref.words import with_program

    return _("Next: {pending}").format(pending=with_program(pending_text(game, viewer)))


def fitting(names: list[str], typed: str) -> list[str]:
    """The ``names`` that start with ``typed`` ignoring case (``f`` fits Festival), in order."""
    return [n for n in names if n.lower().startswith(typed.lower())]


def tiles_to_complete(game: Game, discard: bool = False) -> list[str]:
    """The tiles a completion offers: those legal to place now, or with ``discard`` the dead tiles
    that can be discarded (R4.6), in the order of :meth:`Game.legal_moves`."""
    from acquire_ref.engine.moves import Discard, Place

    tiles: list[str] = []
    for move in game.legal_moves():
        if discard and isinstance(move, Discard):
            tiles += [str(t) for t in move.tiles]
        elif not discard and isinstance(move, Place):
            tiles.append(str(move.tile))
    return tiles


def completion_game(path: str) -> Game | None:
    """The game in the file at ``path`` for a completion, or None when it can't be read."""
    from acquire_ref.files.storage import load_game

    try:
        return load_game(Path(path))[0]
    except Exception:  # noqa: BLE001 (completion must never fail: no game file, no suggestions from it)
        return None


def json_text(doc: object) -> str:
    """``doc`` as the program prints a JSON document: indented by 2, with a final newline, letters
    kept and invisible characters escaped (:func:`acquire_ref.words.json_text`, the one writer)."""
    import sys

    from acquire_ref.words import json_text as written

    return written(doc, encoding=getattr(sys.stdout, "encoding", None)) + "\n"


# ----- the fast path -----------------------------------------------------------------------------
class Asked:
    """A command line in one of :data:`FORMS` or :data:`MOVES`: the ``command``, its ``argument``
    (or None), ``as_json``, a move's notation ``tokens`` (or None), the ``game`` file named (as
    given) and the ``viewer`` named by ``--as`` (or None)."""

    __slots__ = ("argument", "as_json", "command", "game", "tokens", "viewer")

    def __init__(self) -> None:
        self.command = ""
        self.argument: str | None = None
        self.tokens: list[str] | None = None
        self.as_json = False
        self.game: str | None = None
        self.viewer: str | None = None


def _value(word: str) -> bool:
    """True when ``word`` can only be an option's value or an argument: not empty, not an option."""
    return bool(word) and not word.startswith("-")


def _globals(args: list[str], asked: Asked) -> int | None:
    """Read the options before the command into ``asked``; returns the index of the command, or
    None for anything but ``--game``/``-g FILE`` and ``--as NAME`` (each at most once)."""
    i = 0
    while i < len(args) and args[i].startswith("-"):
        name, eq, value = args[i].partition("=")
        if not eq:
            if i + 1 == len(args):
                return None
            value, i = args[i + 1], i + 1
        elif name == "-g":
            return None
        if not _value(value):
            return None
        if name in GAME.names and asked.game is None:
            asked.game = value
        elif name in VIEWER.names and asked.viewer is None:
            asked.viewer = value
        else:
            return None
        i += 1
    return i


def parse(args: list[str], environ: Mapping[str, str]) -> Asked | None:
    """``args`` (the words after the program's name) as one of :data:`FORMS` or :data:`MOVES`, or
    None when they are anything else; the game file from ``--game``, else ``environ``'s
    ``$ACQUIRE_GAME``, else ``./acquire.toml``."""
    asked = Asked()
    at = _globals(args, asked)
    if at is None or at == len(args):
        return None
    asked.command = args[at]
    if asked.command not in FORMS:
        asked.tokens = _move(asked.command, args[at + 1:])
        return None if asked.tokens is None else _game(asked, environ)
    wanted, json_required = FORMS[asked.command]
    for word in args[at + 1:]:
        if word == JSON.names[0] and not asked.as_json:
            asked.as_json = True
        elif wanted is not None and asked.argument is None and _value(word):
            asked.argument = word
        else:
            return None
    if (wanted is not None and asked.argument is None) or (json_required and not asked.as_json):
        return None
    return _game(asked, environ)


def _game(asked: Asked, environ: Mapping[str, str]) -> Asked | None:
    """``asked`` with its game file: ``--game``, else ``$ACQUIRE_GAME``, else ``./acquire.toml``;
    None for an empty ``$ACQUIRE_GAME`` (Typer's to judge)."""
    if asked.game is None:
        env = environ.get(GAME_VARIABLE)
        if env is not None and not _value(env):
            return None
        asked.game = env or DEFAULT_GAME
    return asked


def _move(verb: str, words: list[str]) -> list[str] | None:
    """The notation of the move command ``verb`` given ``words`` (:data:`MOVES`), as its Typer
    command builds it; None for any other command or form (an unknown option, ``--found=X``, a
    value that looks like an option, too few or too many words)."""
    if verb not in MOVES:
        return None
    argument, least, most, options = MOVES[verb]
    given: list[str] = []
    values: dict[str, list[str]] = {o.names[0]: [] for o in options}
    i = 0
    while i < len(words):
        word = words[i]
        if word in values and i + 1 < len(words) and _value(words[i + 1]):
            values[word].append(words[i + 1])
            i += 2
            continue
        if not _value(word) or argument is None:
            return None
        given.append(word)
        i += 1
    if len(given) < least or (most is not None and len(given) > most):
        return None
    return [verb, *given, *(w for name, vs in values.items() for v in vs for w in (name, v))]


def make_move(asked: Asked) -> tuple[list[Any], str]:
    """Make the move ``asked`` for (:data:`MOVES`) as the Typer command does: the game file
    opened under its lock (:class:`~acquire_ref.files.session.GameFile`), the notation read, the
    move verified, applied and saved by :meth:`GameFile.apply`. Returns what to print on stdout
    (texts, and a merger's table drawn by :func:`acquire_ref.render.events_view`) and on stderr.

    Raises, before anything is written, whatever the command would raise (no game file, a
    refusal, a name that is no player's), :class:`~acquire_ref.engine.errors.GameBusyError` at
    once when another program holds the file's lock (the Typer command waits for it), and
    :class:`LookupError` when the game has bot seats (the Typer command answers for them)."""
    from acquire_ref.engine.moves import parse_tokens
    from acquire_ref.files.session import GameFile
    from acquire_ref.files.storage import file_exists, game_path, lock_timeout, locked
    from acquire_ref.viewers.views import Viewer, moment
    from acquire_ref.words import cut, visible

    assert asked.game is not None and asked.tokens is not None
    path = game_path(Path(asked.game))
    if not file_exists(path):
        raise LookupError(path)
    lock_timeout()  # a $ACQUIRE_LOCK_TIMEOUT that is no number of seconds is the Typer command's to refuse
    with locked(path, 0):  # a lock held by another program: the Typer command waits for it, once
        handle = GameFile.open(path)
    if handle.record.bots:
        raise LookupError("bot seats")
    handle.lock_wait = 0
    handle.viewer = Viewer.parse(handle.game, asked.viewer)  # --as NAME makes NAME's moves only (R10.3)
    events = handle.apply(parse_tokens(asked.tokens, handle.game.edition))
    err = "".join(visible(f"acquire-ref: {cut(n)}") + "\n" for n in handle.notices)
    lines = moment(handle.game, events, handle.viewer)
    said: list[Any] = ["".join(visible(line) + "\n" for line in lines)]
    if any(e.kind == "defunct_chain" for e in events):
        from acquire_ref.render import events_view

        said = [events_view(events, lines)]
    return [*said, visible(next_text(handle.game, handle.viewer)) + "\n"], err


def respond(asked: Asked) -> tuple[str | list[Any], str]:
    """Run the command ``asked`` for: ``(stdout, stderr)`` as the Typer command prints them, a
    drawn ``status`` as its text or, when rich must draw it, as the picture to print
    (:func:`_drawn_status`). Raises whatever the command would raise (the caller hands it to
    Typer)."""
    from acquire_ref.files.storage import game_path, load_game
    from acquire_ref.viewers.views import Viewer
    from acquire_ref.words import cut, visible

    assert asked.game is not None
    game, _, notices = load_game(game_path(Path(asked.game)))
    err = "".join(visible(f"acquire-ref: {cut(n)}") + "\n" for n in notices)
    doc: Any
    viewer = Viewer.parse(game, asked.viewer)
    if asked.command == "hand":
        doc = hand_document(game, asked.argument or "", viewer)
    else:
        if asked.command == "status" and not asked.as_json:
            return _drawn_status(game, viewer), err
        if asked.command == "status":
            doc = status_document(game, viewer)
        elif asked.command == "score":
            from acquire_ref.viewers.views import score

            doc = score(game, viewer)
        elif asked.command == "log":
            doc = log_document(game, viewer)
        else:
            doc = why_document(game, asked.argument or "", viewer)
    if asked.as_json:
        return json_text(doc), err
    lines = doc["text"] if asked.command == "why" else hand_lines(doc)
    return "".join(visible(line) + "\n" for line in lines), err


def _drawn_status(game: Game, viewer: Viewer) -> str | list[Any]:
    """The drawn ``status`` for ``viewer``: the picture written without rich where the console
    is a plain one and nothing in it needs rich (:func:`acquire_ref.plain.drawn`), else rich's
    picture to print (:func:`acquire_ref.render.status_view`); the same bytes either way."""
    from acquire_ref.plain import drawn, status_picture, writer_for

    out = writer_for(sys.stdout, os.environ)
    text = drawn(status_picture(game, viewer), out) if out is not None else None
    if text is not None:
        return text
    from acquire_ref.render import status_view

    return [status_view(game, viewer)]


def complete(environ: Mapping[str, str]) -> str | None:
    """Bash's completion, after any ``--game``/``--as`` options, of a command's name (the names of
    :data:`COMMAND_NAMES` that start with the word typed) or of the first argument of a command of
    :data:`COMPLETED` (ignoring case), a line each; None for anything else (another shell, another
    word, quoting), which Typer completes."""
    words, at = environ.get("COMP_WORDS", ""), environ.get("COMP_CWORD", "")
    if any(c in words for c in "'\"\\$`") or not at.isdigit():
        return None
    split, n = words.split(), int(at)
    typed = split[n] if n < len(split) else ""
    if (typed and not typed[0].isalnum()) or (words.endswith(" ") and n < len(split)):
        return None
    asked = Asked()
    command = _globals(split[1:n], asked) if 1 <= n <= len(split) else None
    if command == n - 1:
        return "\n".join(name for name in COMMAND_NAMES if name.startswith(typed)) + "\n"
    if command != n - 2 or split[n - 1] not in COMPLETED:
        return None
    path = asked.game or environ.get(GAME_VARIABLE)
    if path == "":
        return None  # an empty $ACQUIRE_GAME: Typer's to judge
    game = completion_game(path or DEFAULT_GAME)
    if game is None:
        return "\n"
    names = game.players if COMPLETED[split[n - 1]] is PLAYER else tiles_to_complete(game)
    return "\n".join(fitting(names, typed)) + "\n"


def answer(args: list[str], environ: Mapping[str, str]) -> bool:
    """Answer the command line ``args`` (after the program's name) when it is one of the forms
    this module knows, writing what the Typer command would write; returns False, having written
    nothing, for anything else or any error, for the Typer app to run."""
    if COMPLETE_VARIABLE in environ:
        main = sys.modules.get("__main__")
        if (environ[COMPLETE_VARIABLE] != "complete_bash" or os.path.basename(sys.argv[0]) != "acquire-ref"
                or getattr(main, "__package__", None) not in (None, "")):
            return False
        said = complete(environ)
        if said is None:
            return False
        sys.stdout.write(said)
        return True
    asked = parse(args, environ)
    if asked is None:
        return False
    saved = _saved()
    try:
        parts, err = make_move(asked) if asked.tokens is not None else respond(asked)
    except Exception:  # every error is the Typer command's to report, in its words
        if _saved() != saved:
            raise  # not reached: a move saved is never made a second time
        return False
    sys.stderr.write(err)
    for part in [parts] if isinstance(parts, str) else parts:
        if isinstance(part, str):
            sys.stdout.write(part)
        else:
            from acquire_ref.render import console

            console().print(part)
    return True


def _saved() -> int:
    """How many game files this program has written (:data:`acquire_ref.files.storage.SAVED`)."""
    return len(getattr(sys.modules.get("acquire_ref.files.storage"), "SAVED", ()))
