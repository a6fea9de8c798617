"""The game file: read, validate, replay, and write atomically under a lock (DESIGN 3).

A game file is TOML: the setup (``format``, ``edition``, ``options``, ``tiles``, ``players``),
the ``moves`` in the command line's notation, and a derived ``[snapshot]`` for people reading the
file. A game script is the same without the snapshot. Loading replays the moves; the snapshot is
checked against the replay (see :func:`load_game`).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import tomllib
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from acquire_ref.errors import AcquireError, GameBusyError, GameFileError
from acquire_ref.game import Game
from acquire_ref.moves import parse_move

FORMAT = 1
"""The game-file format this version writes; it reads this one and older."""

LOCK_TIMEOUT = 10.0
"""Seconds a command waits for another command's lock on the same game file before exit 5."""

_KEYS = {"format": int, "edition": str, "options": dict, "tiles": str, "players": list, "moves": list, "snapshot": dict}
_REQUIRED = ("format", "players")


@dataclass
class Record:
    """A game file's contents: setup, moves (text) and the snapshot found in it (or None)."""

    players: list[str]
    edition: str = "classic"
    options: dict[str, str] = field(default_factory=dict)
    tiles: str = "table"
    moves: list[str] = field(default_factory=list)
    snapshot: dict | None = None

    def digest(self) -> str:
        """SHA-256 of the setup and the move log: tells a hand-edited log from a hand-edited snapshot."""
        setup = [FORMAT, self.edition, self.options, self.tiles, self.players, self.moves]
        return hashlib.sha256(json.dumps(setup, sort_keys=True).encode()).hexdigest()[:16]


def parse_record(text: str, source: str = "game file") -> Record:
    """Read and type-check a game file's text (no replay).

    Raises :class:`GameFileError` for TOML syntax errors (with line and column), a newer format
    version, and unknown, missing or mistyped keys (with the key's path).
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise GameFileError(f"{source} is not valid TOML: {exc}") from None
    for key in data:
        if key not in _KEYS:
            raise GameFileError(f"{source}: unknown key {key!r}; a game file has {', '.join(_KEYS)}")
    for key in _REQUIRED:
        if key not in data:
            raise GameFileError(f"{source}: the key {key!r} is missing")
    for key, value in data.items():
        if not isinstance(value, _KEYS[key]) or isinstance(value, bool):
            raise GameFileError(f"{source}: {key} should be {_KEYS[key].__name__}, not {type(value).__name__}")
    if data["format"] > FORMAT:
        raise GameFileError(
            f"{source} is format {data['format']}, written by a newer acquire-ref; this version reads format {FORMAT} and older"
        )
    if data["format"] < 1:
        raise GameFileError(f"{source}: format {data['format']} is not a game-file format (they start at 1)")
    for key in ("players", "moves"):
        for i, item in enumerate(data.get(key, []), 1):
            if not isinstance(item, str):
                raise GameFileError(f"{source}: {key}[{i}] should be a string, not {type(item).__name__}")
    for k, v in data.get("options", {}).items():
        if not isinstance(v, str):
            raise GameFileError(f"{source}: options.{k} should be a string, not {type(v).__name__}")
    if data.get("tiles", "table") != "table":
        raise GameFileError(f"{source}: tiles = {data['tiles']!r}; this version referees table mode (tiles = \"table\")")
    return Record(
        players=data["players"],
        edition=data.get("edition", "classic"),
        options=data.get("options", {}),
        tiles=data.get("tiles", "table"),
        moves=data.get("moves", []),
        snapshot=data.get("snapshot"),
    )


def replay(record: Record, error=GameFileError, source: str = "game file") -> Game:
    """Replay a record's moves into a new :class:`Game`.

    A move that can't be read or is illegal where it stands raises ``error`` (by default
    :class:`GameFileError`) naming the move's number, its text and the rule.
    """
    try:
        game = Game.new(record.players, record.edition, record.options)
    except AcquireError as exc:
        raise GameFileError(f"{source}: {exc}") from None
    for i, text in enumerate(record.moves, 1):
        try:
            game.apply(parse_move(text, game.edition))
        except AcquireError as exc:
            raise error(f"{source}: move {i} `{text}` {'is illegal' if exc.exit_code == 3 else 'is unreadable'}: {exc}") from None
    return game


def snapshot(game: Game) -> dict:
    """The derived snapshot written into a game file for people to read (DESIGN 3)."""
    pend = game.pending
    snap = {
        "turn": game.turn,
        "pending": {"decision": pend.decision, **({"player": pend.player} if pend.player else {})},
        "end_available": game.end_available(),
        "end_declared": game.end_declared,
        "over": game.over,
        "bag": game.bag,
        "racks": dict(game.racks),
        "cash": dict(game.cash),
        "shares": {p: {c: n for c, n in s.items() if n} for p, s in game.shares.items()},
        "bank": dict(game.bank),
        "chains": {c: game.board.sizes[c] for c in game.chains_on_board()},
        "discarded": [str(t) for t in game.discarded],
        "board": game.board_rows(),
    }
    return snap


def _flatten(value, prefix: str = "") -> dict[str, object]:
    if isinstance(value, dict):
        out: dict[str, object] = {}
        for k, v in value.items():
            out.update(_flatten(v, f"{prefix}.{k}" if prefix else str(k)))
        return out
    return {prefix: value}


def snapshot_problems(record: Record, game: Game) -> list[str]:
    """Every field where the record's snapshot differs from the replay: ``snapshot.FIELD is X in the file; the moves give Y``."""
    if record.snapshot is None:
        return []
    mine = _flatten({k: v for k, v in record.snapshot.items() if k != "digest"})
    real = _flatten(snapshot(game))
    problems = []
    for key in sorted(set(mine) | set(real)):
        a, b = mine.get(key, "(missing)"), real.get(key, "(missing)")
        if key.startswith("shares.") and (a == "(missing)" or b == "(missing)"):
            a, b = (0 if a == "(missing)" else a), (0 if b == "(missing)" else b)
        if a != b:
            problems.append(f"snapshot.{key} is {a!r} in the file; the moves give {b!r}")
    return problems


def load_game(path: Path) -> tuple[Game, Record, list[str]]:
    """Read, validate and replay a game file.

    Returns ``(game, record, notices)``. When the snapshot's digest no longer matches the setup
    and moves (the log was edited by hand), the snapshot is ignored and rebuilt on the next write,
    with a notice. When the digest matches but a value differs, the snapshot itself was edited:
    :class:`GameFileError` names each field and both values. Also raises it for a missing,
    unreadable or corrupt file, or a move log that no longer replays.
    """
    record = parse_record(read_text(path), str(path))
    game = replay(record, source=str(path))
    notices: list[str] = []
    if record.snapshot is not None:
        if record.snapshot.get("digest") != record.digest():
            notices.append(f"{path}: the setup or moves were edited by hand; the snapshot will be rebuilt from the moves")
        else:
            problems = snapshot_problems(record, game)
            if problems:
                raise GameFileError(
                    f"{path}: the snapshot disagrees with the moves (edited by hand?):\n  " + "\n  ".join(problems)
                )
    return game, record, notices


def read_text(path: Path) -> str:
    """A file's text as UTF-8; :class:`GameFileError` when missing, unreadable or not UTF-8."""
    try:
        return Path(path).read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise GameFileError(f"{path}: no such game file (start one with `acquire-ref new PLAYER...`)") from None
    except IsADirectoryError:
        raise GameFileError(f"{path} is a folder, not a game file") from None
    except UnicodeDecodeError as exc:
        raise GameFileError(f"{path} is not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise GameFileError(f"{path}: can't read it: {exc.strerror}") from None


def to_toml(record: Record, game: Game) -> str:
    """The game file's text: setup, moves and a fresh snapshot."""
    import tomli_w

    doc = {
        "format": FORMAT,
        "edition": record.edition,
        "tiles": record.tiles,
        "players": record.players,
        "options": record.options,
        "moves": [str(m) for m in game.moves],
    }
    rec = Record(record.players, record.edition, record.options, record.tiles, doc["moves"])
    doc["snapshot"] = {"digest": rec.digest(), **snapshot(game)}
    header = "# Acquire game file written by acquire-ref. The moves are the record; the snapshot is derived.\n"
    return header + tomli_w.dumps(doc, indent=4)


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so a crash leaves the old file or the new one, never a torn one.

    A temporary file in the same folder is written, flushed to disk and renamed over ``path``;
    an existing file's permissions are kept. Raises :class:`GameFileError` when the folder is
    missing or can't be written (read-only, disk full).
    """
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        mode = path.stat().st_mode & 0o777 if path.exists() else None
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except FileNotFoundError:
        raise GameFileError(f"{path}: the folder {folder} does not exist") from None
    except OSError as exc:
        raise GameFileError(f"{path}: can't write in {folder}: {exc.strerror}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise GameFileError(f"{path}: can't write the game file: {exc.strerror}; it is unchanged") from None


@contextmanager
def locked(path: Path, timeout: float | None = None) -> Iterator[None]:
    """Hold the game file's lock (``PATH.lock``) for a read-change-write.

    Raises :class:`GameBusyError` when another command holds it for ``timeout`` seconds (default
    :data:`LOCK_TIMEOUT`), and
    :class:`GameFileError` when the lock can't be made (missing or read-only folder).
    """
    from filelock import FileLock, Timeout

    lock = FileLock(str(path) + ".lock", timeout=LOCK_TIMEOUT if timeout is None else timeout)
    try:
        lock.acquire()
    except Timeout:
        raise GameBusyError(f"{path} is locked by another acquire-ref command; try again when it has finished") from None
    except OSError as exc:
        raise GameFileError(f"{path}: can't lock the game file: {exc.strerror}") from None
    try:
        yield
    finally:
        lock.release()
