"""The game file as a value: read its text, list its problems, replay it, write it (DESIGN 3).

A game file is TOML: the setup (``format``, ``edition``, ``options``, ``tiles``, ``players``),
the ``moves`` in the command line's notation, and a derived ``[snapshot]`` for people reading the
file. A game script is the same without the snapshot. A :class:`Record` is that content;
:meth:`Record.replay` turns it into a :class:`~acquire_ref.engine.game.Game`, :meth:`Record.dumps` turns a
game back into the file's text, and :func:`acquire_ref.files.inspection.examine` checks the snapshot
against the replay.

This module does no file I/O: :mod:`acquire_ref.files.storage` reads and writes the files.

>>> record = Record.loads('format = 1\\nplayers = ["Ann", "Ben", "Cat"]\\nmoves = ["start 1A 5E 9I"]\\n')
>>> game = record.replay()
>>> game.player, len(game.moves)
('Ann', 1)
>>> Record.loads(record.dumps(game)).digest() == record.digest()
True
"""

from __future__ import annotations

import json
import tomllib
from datetime import date
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hashlib import sha256
else:
    try:  # the SHA-256 of hashlib without loading OpenSSL's library, which costs every read command
        from _sha256 import sha256
    except ImportError:  # pragma: no cover - a Python built without it: hashlib's
        from hashlib import sha256

from acquire_ref.engine.errors import AcquireError, GameFileError, IllegalMoveError
from acquire_ref.engine.game import MAX_MOVES, Game
from acquire_ref.engine.moves import parse_move
from acquire_ref.engine.problems import Problems, is_whole, shown
from acquire_ref.files.bot_table import bot_problems
from acquire_ref.language import _, ngettext, number
from acquire_ref.viewers.views import snapshot
from acquire_ref.words import with_program
from acquire_ref.words.refusals import worded

if TYPE_CHECKING:
    pass

FORMAT = 1
"""The game-file format this version writes; it reads this one and older."""

TomlTable = dict[str, Any]
"""A TOML table as :mod:`tomllib` reads it (a game file, a script, a position, a ruleset)."""


MAX_DEPTH = 16
"""The deepest nesting of arrays and tables read from a game file, script, position or ruleset:
a game file needs 4 (``snapshot.shares.Ann.Tower``); anything deeper is refused as corrupt."""

MAX_INTEGER = 2**63 - 1
"""The largest whole number read from a TOML file (TOML's own 64-bit range); larger ones are
refused, so that no count or sum of money can outgrow what the file can hold again."""


def _toml_error(source: str, exc: tomllib.TOMLDecodeError) -> str:
    """What is wrong with the TOML of ``source``: tomllib's words and place, in the language in force
    where :func:`acquire_ref.files.wording.toml_problem` knows them."""
    from acquire_ref.files.wording import toml_problem

    return _("{source} is not valid TOML: {detail}").format(source=source, detail=toml_problem(str(exc)))


def parse_toml(text: str, source: str) -> TomlTable:
    """TOML ``text`` as a dict; ``source`` names the file in messages.

    Raises :class:`GameFileError` (exit 4) for a syntax error (with line and column), nesting
    deeper than :data:`MAX_DEPTH`, or a whole number outside TOML's 64-bit range
    (:data:`MAX_INTEGER`): every file the referee reads goes through here, so no reader or digest
    meets a value it can't hold.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise GameFileError(_toml_error(source, exc)) from None
    except RecursionError:
        raise GameFileError(_("{source}: arrays or tables are nested too deeply to be a game file").format(
            source=source)) from None
    except ValueError as exc:  # e.g. an integer of thousands of digits
        raise GameFileError(_("{source}: a value can't be read: {error}").format(source=source, error=exc)) from None
    _check_bounds(data, source)
    return data


def _check_bounds(data: TomlTable, source: str) -> None:
    """Walk ``data`` without recursion: no nesting past :data:`MAX_DEPTH`, no whole number past
    :data:`MAX_INTEGER` (either sign). Raises :class:`GameFileError` naming the key."""
    stack: list[tuple[str, object, int]] = [("", data, 0)]
    while stack:
        where, value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth >= MAX_DEPTH:
                raise GameFileError(_("{source}: arrays or tables are nested too deeply to be a game file "
                                      "(more than {levels} levels)").format(source=source, levels=MAX_DEPTH))
            items = value.items() if isinstance(value, dict) else enumerate(value, 1)
            stack.extend((f"{where}.{k}" if where else str(k), v, depth + 1) for k, v in items)
        elif is_whole(value) and not -MAX_INTEGER - 1 <= value <= MAX_INTEGER:
            raise GameFileError(_("{source}: {where} is {value}: a number in the file must fit in 64 bits "
                                  "(at most {most})").format(source=source, where=where, value=shown(value),
                                                             most=number(MAX_INTEGER)))


_KEYS: dict[str, type | tuple[type, ...]] = {
    "format": int, "edition": (str, dict), "options": dict, "tiles": str, "seed": int, "bag": list,
    "players": list, "position": dict, "moves": list, "undone": list, "snapshot": dict, "played": (date, str),
    "bots": dict,
}
"""The top-level keys of a game file and the TOML type of each (the man page lists them)."""
_REQUIRED = ("format", "players")


def _list_problems(data: dict[str, Any], source: str, problems: Problems) -> None:
    """The problems of a game file's lists of strings: an item that is not a string, and more
    ``moves`` or ``undone`` moves than a game holds (:data:`~acquire_ref.engine.game.MAX_MOVES`), which
    every command would have to read and replay."""
    for key in ("players", "moves", "undone", "bag"):
        items = data.get(key, [])
        if key in ("moves", "undone") and isinstance(items, list) and len(items) > MAX_MOVES:
            problems.add(_("{source}: {key} has {count} moves; a game holds at most {most} (a real game has a "
                           "few hundred)").format(source=source, key=key, count=number(len(items)), most=number(MAX_MOVES)))
            continue
        for i, item in enumerate(items if isinstance(items, list) else [], 1):
            if not isinstance(item, str):
                problems.add(_("{source}: {key}[{index}] should be a string, not {type} ({value})").format(
                    source=source, key=key, index=i, type=type(item).__name__, value=repr(item)))


def _key_problems(data: TomlTable, source: str, problems: Problems) -> date | None:
    """A required key missing, a bad ``played`` date (:func:`_played`), or a known key of the
    wrong TOML type, each naming the key (DESIGN 3). Returns the ``played`` date, if any."""
    for key in _REQUIRED:
        if key not in data:
            problems.add(_("{source}: the key {key} is missing").format(source=source, key=repr(key)))
    played = _played(data, source, problems)
    for key, value in data.items():
        if key in _KEYS and key != "played" and (not isinstance(value, _KEYS[key]) or isinstance(value, bool)):
            want = _KEYS[key]
            names = _(" or ").join(t.__name__ for t in want) if isinstance(want, tuple) else want.__name__
            problems.add(_("{source}: {key} should be {types}, not {type} ({value})").format(
                source=source, key=key, types=names, type=type(value).__name__, value=repr(value)))
    return played


def _format_problems(fmt: object, source: str, problems: Problems) -> None:
    """A ``format`` newer than this version reads, or below the first one (a mistyped one is a
    key problem)."""
    if not is_whole(fmt):
        return
    if fmt > FORMAT:
        problems.add(_("{source} is format {format}, written by a newer acquire-ref; this version reads format "
                       "{newest} and older").format(source=source, format=fmt, newest=FORMAT))
    elif fmt < 1:
        problems.add(_("{source}: format {format} is not a game-file format (they start at 1)").format(
            source=source, format=fmt))


def _setup_problems(data: TomlTable, source: str, problems: Problems) -> None:
    """Options that are not text, and ``tiles`` with the keys it needs or forbids: a dealt game
    has its bag order, a table game neither bag nor seed."""
    options = data.get("options", {})
    for k, v in options.items() if isinstance(options, dict) else []:
        if not isinstance(v, str):
            problems.add(_("{source}: options.{key} should be a string, not {type}").format(
                source=source, key=k, type=type(v).__name__))
    tiles = data.get("tiles", "table")
    if tiles not in ("table", "dealt"):
        problems.add(_("{source}: tiles = {tiles}; it is \"table\" (tiles from the real bag) or \"dealt\"").format(
            source=source, tiles=repr(tiles)))
    elif tiles == "dealt" and not isinstance(data.get("bag"), list):
        problems.add(_("{source}: a dealt game needs its bag order: bag = [all 108 tiles]").format(source=source))
    elif tiles == "table" and ("bag" in data or "seed" in data):
        problems.add(_("{source}: bag and seed belong to dealt games (tiles = \"dealt\")").format(source=source))


def read_played(value: object, source: str = "game file") -> date:
    """The date a game was played (the key ``played``, T6) from its value in a file: a TOML date
    (``played = 2026-03-14``) or the same date as text (``played = "2026-03-14"``).

    Raises :class:`GameFileError` (exit 4) naming the key for anything else: a date with a time
    of day, a date that is not in the calendar (``2026-02-30``), or text not written YYYY-MM-DD.

    >>> read_played("2026-03-14")
    datetime.date(2026, 3, 14)
    """
    from datetime import datetime

    if isinstance(value, date) and not isinstance(value, datetime):
        return value
    if isinstance(value, str) and len(value) == 10 and value[4] == "-" and value[7] == "-":
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    from datetime import time

    said = value.isoformat() if isinstance(value, date | time) else shown(value)
    raise GameFileError(_("{source}: played is {value}: the date the game was played is a calendar date "
                          "written YYYY-MM-DD, e.g. played = 2026-03-14").format(source=source, value=said))


def _played(data: TomlTable, source: str, problems: Problems) -> date | None:
    """The ``played`` date of a game file's ``data`` (None when it has none); a bad one is added
    to ``problems`` (:func:`read_played`)."""
    if "played" not in data:
        return None
    try:
        return read_played(data["played"], source)
    except GameFileError as exc:
        problems.add(str(exc))
        return None


def parse_date(text: str, option: str = "--played") -> date:
    """A date given on the command line (``new --played 2026-03-14``) as a :class:`datetime.date`.
    Raises :class:`~acquire_ref.engine.errors.NotationError` (exit 2), naming ``option``, for text that
    is not a calendar date written YYYY-MM-DD."""
    from acquire_ref.engine.errors import NotationError

    try:
        return read_played(text.strip())
    except GameFileError:
        raise NotationError(_("{option} {text} is not a date: write YYYY-MM-DD, e.g. {option} 2026-03-14").format(
            option=option, text=repr(text))) from None


def parse_played(text: str) -> date:
    """The date a game was played as given on the command line (``new --played``, ``club add
    --played``): :func:`parse_date`, and not after tomorrow by this computer's clock (a day's
    margin for another time zone), since a game can't have been played in the future; a mistyped
    year would otherwise be rated after every other game (T6). Raises
    :class:`~acquire_ref.engine.errors.NotationError` (exit 2)."""
    from datetime import timedelta

    from acquire_ref.engine.errors import NotationError

    day = parse_date(text)
    if day > date.today() + timedelta(days=1):
        raise NotationError(f"--played {day.isoformat()} is after today ({date.today().isoformat()}): "
                            "give the date the game was played")
    return day


class Record:
    """A game file's contents (DESIGN 3): the setup, an optional starting ``position`` table, the
    ``moves`` as text in the CLI's notation, and the ``snapshot`` table found in the file (or None).

    ``edition`` is a built-in edition's name or a whole ruleset table (R17); ``options`` maps
    option names to values; ``tiles`` is ``"table"`` or ``"dealt"``, and a dealt game has its
    ``seed`` and its ``bag`` order (108 tiles as text). ``undone`` holds the moves taken back by
    ``undo``, the next one to redo first, until another move is made (``redo`` puts them back).
    ``played`` is the date the game was played (T6; None in files written before it was kept): it
    is not part of the setup's digest, so it can be corrected by hand. ``bots`` are the seats a
    bot plays and the tiles entered for them (:mod:`acquire_ref.programs.table_bot`).
    """

    __slots__ = ("bag", "bots", "edition", "moves", "options", "played", "players", "position", "seed", "snapshot",
                 "tiles", "undone")

    def __init__(self, players: list[str], edition: str | TomlTable = "classic", options: dict[str, str] | None = None,
                 tiles: str = "table", moves: list[str] | None = None, snapshot: TomlTable | None = None,
                 position: TomlTable | None = None, seed: int | None = None, bag: list[str] | None = None,
                 undone: list[str] | None = None, played: date | None = None, bots: TomlTable | None = None) -> None:
        self.players = players
        self.edition = edition
        self.options: dict[str, str] = options if options is not None else {}
        self.tiles = tiles
        self.moves: list[str] = moves if moves is not None else []
        self.snapshot = snapshot
        self.position = position
        self.seed = seed
        self.bag = bag
        self.undone: list[str] = undone if undone is not None else []
        self.played = played
        self.bots: TomlTable = bots if bots is not None else {}
        """The seats a bot plays (``{name: {"strategy", "think_ms", "drawn"}}``, see
        :mod:`acquire_ref.programs.table_bot`); like ``played`` not part of the digest."""

    # ----- text -> record ------------------------------------------------------------------
    @classmethod
    def problems(cls, text: str, source: str = "game file", data: TomlTable | None = None,
                 ) -> tuple[Record | None, list[str]]:
        """Read and type-check a game file's ``text`` (or ``data``, that text's TOML when the caller
        has parsed it already: a file is parsed once), without replaying it.

        Returns ``(record, problems)``: every problem found (TOML syntax with line and column, a
        newer format, unknown, missing or mistyped keys with the key's path); the record is None
        when there is any problem. ``source`` names the file in the messages.
        """
        try:
            data = parse_toml(text, source) if data is None else data
        except GameFileError as exc:
            return None, [str(exc)]
        problems = Problems()
        problems.unknown_keys(data, _KEYS, source, _("a game file"))
        played = _key_problems(data, source, problems)
        _format_problems(data.get("format"), source, problems)
        _list_problems(data, source, problems)
        _setup_problems(data, source, problems)
        bot_problems(data, source, problems)
        if problems:
            return None, list(problems)
        return cls(
            players=data["players"],
            edition=data.get("edition", "classic"),
            options=data.get("options", {}),
            tiles=data.get("tiles", "table"),
            moves=data.get("moves", []),
            snapshot=data.get("snapshot"),
            position=data.get("position"),
            seed=data.get("seed"),
            bag=data.get("bag"),
            undone=data.get("undone", []), played=played, bots=data.get("bots"),
        ), []

    @classmethod
    def loads(cls, text: str, source: str = "game file") -> Record:
        """Read and type-check a game file's ``text`` (see :meth:`problems`).

        Raises :class:`GameFileError` (exit 4) listing every problem.
        """
        record, problems = cls.problems(text, source)
        if problems or record is None:
            if len(problems) == 1:
                raise GameFileError(problems[0])
            raise GameFileError(ngettext("{source} has {count} problem:", "{source} has {count} problems:", len(problems)).format(
                source=source, count=len(problems)) + "\n  " + "\n  ".join(problems))
        return record

    # ----- record -> game ------------------------------------------------------------------
    def digest(self) -> str:
        """SHA-256 of the setup and the move log (16 hex digits): it tells a hand-edited log from a
        hand-edited snapshot (DESIGN 3)."""
        setup: list[object] = [FORMAT, self.edition, self.options, self.tiles, self.players, self.position, self.moves]
        if self.tiles == "dealt":
            setup += [self.seed, self.bag]
        return sha256(json.dumps(setup, sort_keys=True, default=str).encode()).hexdigest()[:16]

    def setup(self) -> TomlTable:
        """The setup keys as written at the top of a game file."""
        doc: TomlTable = {"format": FORMAT, "edition": self.edition, "tiles": self.tiles, "players": self.players,
                      "options": self.options}
        if self.tiles == "dealt":
            doc["seed"] = self.seed if self.seed is not None else 0
            doc["bag"] = self.bag
        if self.position is not None:
            doc["position"] = self.position
        return doc

    def start(self, source: str = "game file") -> Game:
        """The game this record starts from, before its moves: its setup and, if any, its position
        (checked like a snapshot, see :func:`acquire_ref.engine.setup.read_position`).

        Raises :class:`GameFileError` (exit 4) naming every problem of the setup or position.
        """
        from acquire_ref.engine.editions import resolve_edition
        from acquire_ref.engine.tiles import parse_tile

        try:
            edition = resolve_edition(self.edition)
            if self.tiles == "dealt":
                bag = [parse_tile(t, edition.grid) for t in self.bag or []]
                return Game.dealt(self.players, bag, self.seed or 0, edition, self.options)
            if self.position is None:
                return Game.table(self.players, edition, self.options)
            Game.table(self.players, edition, self.options)  # the setup alone first
        except AcquireError as exc:
            raise GameFileError(f"{source}: {exc}") from None
        from acquire_ref.engine.setup import read_position

        pos, problems = read_position(self.position, self.players, edition)
        if problems:
            raise GameFileError(_("{source}: the position is not sound:").format(source=source) + "\n  " + "\n  ".join(problems))
        return Game.from_position(self.players, pos, edition, self.options)

    def replay(self, error: type[AcquireError] = GameFileError, source: str = "game file") -> Game:
        """The game after this record's moves, replayed from :meth:`start` (DESIGN 1: state is derived).

        A move that is illegal where it stands raises ``error`` (by default :class:`GameFileError`,
        exit 4; ``play`` passes :class:`~acquire_ref.engine.errors.IllegalMoveError`, exit 3); one that
        can't be read raises :class:`GameFileError`. Both name the move's number, its text and the rule.
        """
        game = self.start(source)
        for i, text in enumerate(self.moves, 1):
            try:
                game.apply(parse_move(text, game.edition))
            except AcquireError as exc:
                kind = error if exc.exit_code == 3 else GameFileError
                told = worded(exc, full=False) if isinstance(exc, IllegalMoveError) else str(exc)  # names no holding (R10.1)
                said = _("{source}: move {number} `{move}` is illegal: {why}") if exc.exit_code == 3 else \
                    _("{source}: move {number} `{move}` is unreadable: {why}")
                raise kind(said.format(source=source, number=i, move=text, why=with_program(told))) from None
        return game

    def replay_whole(self, error: type[AcquireError] = GameFileError, source: str = "game file") -> Game:
        """:meth:`replay`, and the ``undone`` moves checked as reading a game file checks them
        (:meth:`undone_problems`): what a command builds from a script or a position and writes as
        a game file is then a file every command can read.

        Raises what :meth:`replay` raises, and :class:`GameFileError` (exit 4) for an undone move
        that can't be redone.
        """
        game = self.replay(error, source)
        for problem in self.undone_problems(game, source):
            raise GameFileError(problem)
        return game

    def undo(self, game: Game, n: int, source: str = "game file") -> Game:
        """Take back the last ``n`` moves of ``game`` (played from this record's moves): they leave
        :attr:`moves` and go to the front of :attr:`undone`, kept for :meth:`redo` until another
        move is made. Returns the game replayed without them.

        Raises :class:`~acquire_ref.engine.errors.IllegalMoveError` (exit 3) when ``game`` has no move,
        or fewer than ``n`` (or ``n`` is below 1).
        """
        from acquire_ref.engine.errors import IllegalMoveError

        count = len(game.log)
        if count == 0:
            raise IllegalMoveError(_("nothing to undo: no move has been made in this game"))
        if not 1 <= n <= count:
            raise IllegalMoveError(ngettext("can't undo {count} move: the game has {made}", "can't undo {count} moves: the game "
                                            "has {made}", n).format(count=n, made=count))
        moves = [str(entry.move) for entry in game.log]
        self.moves = moves[: count - n]
        self.undone = moves[count - n:] + self.undone
        for seat in self.bots.values():  # tiles entered for a bot after those moves go back to the bag
            seat["drawn"] = [d for d in seat.get("drawn", []) if d["move"] <= count - n]
        return self.replay(source=source)

    def redo(self, game: Game, n: int, source: str = "game file") -> None:
        """Apply the first ``n`` of :attr:`undone` to ``game`` (played from this record's moves)
        and drop them from :attr:`undone`; the moves put back are the last ``n`` of ``game.log``.

        Raises :class:`~acquire_ref.engine.errors.IllegalMoveError` (exit 3) when there are fewer than
        ``n`` moves to redo, and :class:`GameFileError` (exit 4) when one no longer replays.
        """
        from acquire_ref.engine.errors import IllegalMoveError

        if not self.undone:
            raise IllegalMoveError(_("nothing to redo: `redo` puts back moves taken back by `undo`, until another move is made"))
        if n > len(self.undone):
            raise IllegalMoveError(_("can't redo {count} moves: only {undone} taken back by `undo` can be put back").format(
                count=n, undone=len(self.undone)))
        for i, text in enumerate(self.undone[:n], 1):
            try:
                game.apply(parse_move(text, game.edition))
            except AcquireError as exc:
                raise GameFileError(_("{source}: undone move {number} `{move}` can't be redone: {why}").format(
                    source=source, number=i, move=text, why=with_program(str(exc)))) from None
        self.undone = self.undone[n:]

    def undone_problems(self, game: Game, source: str = "game file") -> list[str]:
        """The problem with :attr:`undone` (moves taken back, kept for ``redo``), as a list of at
        most one sentence: each must be legal after the moves and the ones before it, as moves are."""
        if not self.undone:
            return []
        copy = self.replay(source=source)
        try:
            Record(self.players, undone=list(self.undone)).redo(copy, len(self.undone), source)
        except AcquireError as exc:
            return [_("{problem} (delete the `undone` list to drop the moves taken back)").format(problem=exc)]
        return []

    # ----- game -> text --------------------------------------------------------------------
    def dumps(self, game: Game) -> str:
        """The game file's text for ``game`` played from this record: the setup, the position if
        any, the game's moves and a fresh snapshot with its digest (DESIGN 3)."""
        import tomli_w

        rec = Record(self.players, self.edition, self.options, self.tiles,
                     [str(m) for m in game.moves], position=self.position, seed=self.seed, bag=self.bag)
        dated = {"played": self.played} if self.played is not None else {}
        doc = {"format": FORMAT, **dated, **rec.setup(), **({"bots": self.bots} if self.bots else {}), "moves": rec.moves,
               **({"undone": self.undone} if self.undone else {}),
               "snapshot": {"digest": rec.digest(), **snapshot(game)}}
        header = "# Acquire game file written by acquire-ref. The moves are the record; the snapshot is derived.\n"
        return header + tomli_w.dumps(doc, indent=4)


def parse_record(text: str, source: str = "game file") -> Record:
    """A game file's text as a :class:`Record`: :meth:`Record.loads` (:class:`GameFileError` lists
    every problem)."""
    return Record.loads(text, source)


def new_game(record: Record, source: str = "game file") -> Game:
    """The game ``record`` starts from, before its moves (:meth:`Record.start`), with its undone
    moves checked (:meth:`Record.replay_whole`)."""
    return record.replay_whole(source=source) if record.undone else record.start(source)


def replay(record: Record, error: type[AcquireError] = GameFileError, source: str = "game file") -> Game:
    """The game after ``record``'s moves: :meth:`Record.replay`."""
    return record.replay(error, source)


def to_toml(record: Record, game: Game) -> str:
    """The game file's text for ``game`` played from ``record``: :meth:`Record.dumps`."""
    return record.dumps(game)


def move_lines(text: str) -> list[int]:
    """The line number (from 1) of each string in the top-level ``moves = [...]`` array of a
    game file or script's ``text``, in order, so that a message can name the line of a move.

    A light scan, not a TOML reader: it knows comments, basic and literal strings (with escapes)
    and where the array ends. Returns ``[]`` when it finds no ``moves`` array; a caller falls
    back on the move's number when the list is shorter than the moves.

    >>> move_lines('format = 1\\n# "not a move"\\nmoves = [\\n  "start 1A", # "x"\\n\\n  \\'place 2A\\',\\n]\\n')
    [4, 6]
    """
    import re

    found = re.search(r"^[ \t]*(?:moves|\"moves\"|'moves')[ \t]*=[ \t]*\[", text, re.M)
    if found is None:
        return []
    lines: list[int] = []
    i, line, depth = found.end(), text.count("\n", 0, found.end()) + 1, 1
    while i < len(text) and depth:
        ch = text[i]
        if ch == "\n":
            line += 1
        elif ch == "#":
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
            continue
        elif ch in "\"'":
            lines.append(line)
            i += 1
            while i < len(text) and text[i] != ch and text[i] != "\n":
                i += 2 if ch == '"' and text[i] == "\\" else 1
        elif ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        i += 1
    return lines


_SETUP_KEYS = ("edition", "options", "tiles", "players", "seed", "bag", "position")
"""The setup keys a script for ``play --append`` may repeat, each equal to the game's."""


def appended_moves(text: str, record: Record, source: str = "script") -> list[str]:
    """The ``moves`` of a script to add to the game of ``record`` (``play --append``).

    Only ``moves`` is read; ``format`` may be given, and each setup key (``edition``, ``options``,
    ``tiles``, ``players``, ``seed``, ``bag``, ``position``) that is present must equal the
    game's; ``snapshot`` and ``undone`` are ignored. Raises :class:`GameFileError` (exit 4) for a
    script that is not TOML, has an unknown key, a ``moves`` that is not a list of strings, or a
    setup key that differs from the game's (naming the key and both values).

    >>> appended_moves('players = ["Ann", "Ben"]\\nmoves = ["pass"]', Record(["Ann", "Ben"]))
    ['pass']
    >>> appended_moves('tiles = "dealt"\\nmoves = []', Record(["Ann", "Ben"]))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    acquire_ref.engine.errors.GameFileError: script: tiles = 'dealt', but the game's tiles = 'table': ...
    """
    data = parse_toml(text, source)
    problems = Problems()
    problems.unknown_keys(data, _KEYS, source, _("a game script"))
    if problems:
        raise GameFileError("; ".join(problems))
    fmt = data.get("format", FORMAT)
    if not is_whole(fmt) or not 1 <= fmt <= FORMAT:
        raise GameFileError(_("{source}: format = {format}; this version reads formats 1 to {newest}").format(
            source=source, format=shown(fmt), newest=FORMAT))
    moves = data.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise GameFileError(_("{source}: moves should be a list of strings in move notation").format(source=source))
    have = {**record.setup(), "seed": record.seed}
    for key in _SETUP_KEYS:
        if key in data and data[key] != have.get(key):
            raise GameFileError(_("{source}: {key} = {value}, but the game's {key} = {have}: a script added to a game "
                                  "must have its setup (or leave the key out)").format(
                source=source, key=key, value=shown(data[key]), have=shown(have.get(key))))
    return moves
