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
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from acquire_ref.errors import AcquireError, GameBusyError, GameFileError
from acquire_ref.game import Game
from acquire_ref.moves import parse_move
from acquire_ref.views import snapshot
from acquire_ref.words import with_program

FORMAT = 1
"""The game-file format this version writes; it reads this one and older."""

LOCK_TIMEOUT: float | None = None
"""Seconds a command waits for another command's lock on the same game file before exit 5;
None reads the environment variable ``ACQUIRE_LOCK_TIMEOUT`` (default 10)."""

MAX_FILE_BYTES = 64 * 1024 * 1024
"""The largest file read as a game file, script, position or ruleset (64 MiB)."""


def lock_timeout() -> float:
    """The lock timeout in seconds: :data:`LOCK_TIMEOUT`, else ``$ACQUIRE_LOCK_TIMEOUT``, else 10.

    Raises :class:`NotationError` for a value that is not a finite number of seconds, 0 or more.
    """
    import math

    from acquire_ref.errors import NotationError

    if LOCK_TIMEOUT is not None:
        return LOCK_TIMEOUT
    text = os.environ.get("ACQUIRE_LOCK_TIMEOUT", "10")
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0:
        raise NotationError(f"ACQUIRE_LOCK_TIMEOUT is {text!r}: give a number of seconds, 0 or more, e.g. 10")
    return value


def parse_toml(text: str, source: str) -> dict:
    """TOML text as a dict; :class:`GameFileError` for a syntax error (with line and column), nesting
    too deep to read, or a number too long to read."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise GameFileError(f"{source} is not valid TOML: {exc}") from None
    except RecursionError:
        raise GameFileError(f"{source}: arrays or tables are nested too deeply to be a game file") from None
    except ValueError as exc:  # e.g. an integer of thousands of digits
        raise GameFileError(f"{source}: a value can't be read: {exc}") from None

_KEYS = {
    "format": int, "edition": (str, dict), "options": dict, "tiles": str, "seed": int, "bag": list,
    "players": list, "position": dict, "moves": list, "snapshot": dict,
}
_REQUIRED = ("format", "players")


@dataclass
class Record:
    """A game file's contents: setup, optional starting position, moves (text) and the snapshot
    found in it (or None)."""

    players: list[str]
    edition: str | dict = "classic"
    options: dict[str, str] = field(default_factory=dict)
    tiles: str = "table"
    moves: list[str] = field(default_factory=list)
    snapshot: dict | None = None
    position: dict | None = None
    seed: int | None = None
    bag: list[str] | None = None

    def digest(self) -> str:
        """SHA-256 of the setup and the move log: tells a hand-edited log from a hand-edited snapshot."""
        setup = [FORMAT, self.edition, self.options, self.tiles, self.players, self.position, self.moves]
        if self.tiles == "dealt":
            setup += [self.seed, self.bag]
        return hashlib.sha256(json.dumps(setup, sort_keys=True, default=str).encode()).hexdigest()[:16]

    def setup(self) -> dict:
        """The setup keys as written at the top of a game file."""
        doc = {"format": FORMAT, "edition": self.edition, "tiles": self.tiles, "players": self.players,
               "options": self.options}
        if self.tiles == "dealt":
            doc["seed"] = self.seed if self.seed is not None else 0
            doc["bag"] = self.bag
        if self.position is not None:
            doc["position"] = self.position
        return doc


def record_problems(text: str, source: str = "game file") -> tuple[Record | None, list[str]]:
    """Read and type-check a game file's text, without replaying it.

    Returns ``(record, problems)``: every problem found (TOML syntax with line and column, a newer
    format, unknown, missing or mistyped keys with the key's path); the record is None when the
    problems leave nothing to replay.
    """
    try:
        data = parse_toml(text, source)
    except GameFileError as exc:
        return None, [str(exc)]
    problems = []
    for key in data:
        if key not in _KEYS:
            problems.append(f"{source}: unknown key {key!r}; a game file has {', '.join(_KEYS)}")
    for key in _REQUIRED:
        if key not in data:
            problems.append(f"{source}: the key {key!r} is missing")
    for key, value in data.items():
        if key in _KEYS and (not isinstance(value, _KEYS[key]) or isinstance(value, bool)):
            want = _KEYS[key]
            names = " or ".join(t.__name__ for t in want) if isinstance(want, tuple) else want.__name__
            problems.append(f"{source}: {key} should be {names}, not {type(value).__name__} ({value!r})")
    fmt = data.get("format")
    if isinstance(fmt, int) and not isinstance(fmt, bool):
        if fmt > FORMAT:
            problems.append(
                f"{source} is format {fmt}, written by a newer acquire-ref; this version reads format {FORMAT} and older"
            )
        elif fmt < 1:
            problems.append(f"{source}: format {fmt} is not a game-file format (they start at 1)")
    for key in ("players", "moves", "bag"):
        items = data.get(key, [])
        for i, item in enumerate(items if isinstance(items, list) else [], 1):
            if not isinstance(item, str):
                problems.append(f"{source}: {key}[{i}] should be a string, not {type(item).__name__} ({item!r})")
    options = data.get("options", {})
    for k, v in (options.items() if isinstance(options, dict) else []):
        if not isinstance(v, str):
            problems.append(f"{source}: options.{k} should be a string, not {type(v).__name__}")
    tiles = data.get("tiles", "table")
    if tiles not in ("table", "dealt"):
        problems.append(f"{source}: tiles = {tiles!r}; it is \"table\" (tiles from the real bag) or \"dealt\"")
    elif tiles == "dealt" and not isinstance(data.get("bag"), list):
        problems.append(f"{source}: a dealt game needs its bag order: bag = [all 108 tiles]")
    elif tiles == "table" and ("bag" in data or "seed" in data):
        problems.append(f"{source}: bag and seed belong to dealt games (tiles = \"dealt\")")
    if problems:
        return None, problems
    return Record(
        players=data["players"],
        edition=data.get("edition", "classic"),
        options=data.get("options", {}),
        tiles=data.get("tiles", "table"),
        moves=data.get("moves", []),
        snapshot=data.get("snapshot"),
        position=data.get("position"),
        seed=data.get("seed"),
        bag=data.get("bag"),
    ), []


def parse_record(text: str, source: str = "game file") -> Record:
    """Read and type-check a game file's text; :class:`GameFileError` lists every problem."""
    record, problems = record_problems(text, source)
    if problems or record is None:
        raise GameFileError("\n  ".join(problems) if len(problems) == 1 else f"{source} has {len(problems)} problems:\n  " + "\n  ".join(problems))
    return record


def new_game(record: Record, source: str = "game file") -> Game:
    """The game a record starts from: its setup and, if any, its position (checked).

    Raises :class:`GameFileError` naming every problem of the setup or position.
    """
    from acquire_ref.editions import resolve_edition
    from acquire_ref.tiles import parse_tile

    try:
        edition = resolve_edition(record.edition)
        if record.tiles == "dealt":
            bag = [parse_tile(t) for t in record.bag or []]
            return Game.dealt(record.players, bag, record.seed or 0, edition, record.options)
        if record.position is None:
            return Game.table(record.players, edition, record.options)
        Game.table(record.players, edition, record.options)  # the setup alone first
    except AcquireError as exc:
        raise GameFileError(f"{source}: {exc}") from None
    from acquire_ref.position import read_position

    pos, problems = read_position(record.position, record.players, edition)
    if problems:
        raise GameFileError(f"{source}: the position is not sound:\n  " + "\n  ".join(problems))
    return Game.from_position(record.players, pos, edition, record.options)


def edition_spec(spec: str) -> tuple[object, str | dict]:
    """An edition named on the command line: a built-in name, or the path of a ruleset file.

    Returns ``(edition, value for the game file)``: the name for a built-in edition, the whole
    ruleset table for a file, so the game file stands alone (R17). Raises :class:`NotationError`
    for an unknown name and :class:`GameFileError` for an unreadable or unsound ruleset file.
    """
    from acquire_ref.editions import builtin_editions, edition_from_dict, load_edition

    if spec in builtin_editions():
        return load_edition(spec), spec
    path = Path(spec)
    if not (path.suffix == ".toml" or os.sep in spec or "/" in spec or path.exists()):
        return load_edition(spec), spec  # raises: names the built-in editions
    data = parse_toml(read_text(path, "ruleset file"), str(path))
    return edition_from_dict(data, str(path)), data


def replay(record: Record, error=GameFileError, source: str = "game file") -> Game:
    """Replay a record's moves into a new :class:`Game`.

    A move that is illegal where it stands raises ``error`` (by default :class:`GameFileError`),
    one that can't be read raises :class:`GameFileError`; both name the move's number, its text
    and the rule.
    """
    game = new_game(record, source)
    for i, text in enumerate(record.moves, 1):
        try:
            game.apply(parse_move(text, game.edition))
        except AcquireError as exc:
            kind = error if exc.exit_code == 3 else GameFileError
            what = "is illegal" if exc.exit_code == 3 else "is unreadable"
            raise kind(f"{source}: move {i} `{text}` {what}: {with_program(str(exc))}") from None
    return game


def _flatten(value, prefix: str = "") -> dict[str, object]:
    """Nested tables as ``{"a.b.c": value}`` (without recursion: any depth is safe)."""
    out: dict[str, object] = {}
    stack = [(prefix, value)]
    while stack:
        key, item = stack.pop()
        if isinstance(item, dict):
            stack.extend((f"{key}.{k}" if key else str(k), v) for k, v in item.items())
        else:
            out[key] = item
    return out


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


def conservation_problems(snap: dict, players: list[str], edition_name: str) -> list[str]:
    """Check a snapshot's own figures: 108 tiles, 25 shares per chain, cash never negative and in
    whole hundreds, known chains and players. Returns every problem found."""
    from acquire_ref.editions import resolve_edition

    try:
        edition = resolve_edition(edition_name)
    except AcquireError:
        return []
    problems: list[str] = []
    chains = edition.chain_names
    cash = snap.get("cash", {})
    if isinstance(cash, dict):
        for p, dollars in cash.items():
            if p not in players:
                problems.append(f"snapshot.cash: no player {p!r} ({', '.join(players)})")
            elif not isinstance(dollars, int) or isinstance(dollars, bool):
                problems.append(f"snapshot.cash.{p} should be whole dollars, not {dollars!r}")
            elif dollars < 0:
                problems.append(f"snapshot.cash.{p} is {dollars}: cash is never negative (no loans, R6.3)")
            elif dollars % 100:
                problems.append(f"snapshot.cash.{p} is {dollars}: money comes in multiples of $100 (R2.1)")
    held = {c: 0 for c in chains}
    shares = snap.get("shares", {})
    for p, table in (shares.items() if isinstance(shares, dict) else []):
        if p not in players:
            problems.append(f"snapshot.shares: no player {p!r} ({', '.join(players)})")
        for c, n in (table.items() if isinstance(table, dict) else []):
            if c not in held:
                problems.append(f"snapshot.shares.{p}: unknown chain {c!r} ({', '.join(chains)})")
            elif not isinstance(n, int) or isinstance(n, bool) or n < 0:
                problems.append(f"snapshot.shares.{p}.{c} is {n!r}: a count of shares is a whole number, 0 or more")
            else:
                held[c] += n
    bank = snap.get("bank", {})
    for c in chains:
        in_bank = bank.get(c, 0) if isinstance(bank, dict) else 0
        if not isinstance(in_bank, int) or isinstance(in_bank, bool):
            problems.append(f"snapshot.bank.{c} should be a whole number, not {in_bank!r}")
            continue
        if held[c] + in_bank != edition.shares_per_chain:
            problems.append(
                f"snapshot: players hold {held[c]} {c} and the bank {in_bank}: that is {held[c] + in_bank}, "
                f"not {edition.shares_per_chain} (R3.4)"
            )
    for c in (bank if isinstance(bank, dict) else {}):
        if c not in chains:
            problems.append(f"snapshot.bank: unknown chain {c!r}")
    for c in (snap.get("chains") or {}) if isinstance(snap.get("chains"), dict) else {}:
        if c not in chains:
            problems.append(f"snapshot.chains: unknown chain {c!r}")
    rows, bag, racks, out = snap.get("board"), snap.get("bag"), snap.get("racks"), snap.get("discarded", [])
    if isinstance(rows, list) and isinstance(bag, int) and isinstance(racks, dict) and isinstance(out, list):
        placed = sum(len([c for c in str(r).split()[1:] if c != "."]) for r in rows)
        in_racks = sum(n for n in racks.values() if isinstance(n, int))
        total = placed + bag + in_racks + len(out)
        if total != 108:
            problems.append(
                f"snapshot: {placed} tiles on the board + {bag} in the bag + {in_racks} in racks + "
                f"{len(out)} out of the game = {total}, not 108"
            )
    return problems


@dataclass
class Inspection:
    """What :func:`inspect` found: the replayed game (None if it could not be replayed), the
    record, every problem, and notices (facts that are not problems)."""

    game: Game | None
    record: Record | None
    problems: list[str]
    notices: list[str]


def inspect(path: Path, text: str | None = None) -> Inspection:
    """Validate a game file or script without changing it, listing every problem (``check``)."""
    problems: list[str] = []
    notices: list[str] = []
    try:
        text = read_text(path) if text is None else text
    except GameFileError as exc:
        return Inspection(None, None, [str(exc)], [])
    record, problems = record_problems(text, str(path))
    if record is None:
        return Inspection(None, None, problems, [])
    game = None
    try:
        game = replay(record, source=str(path))
    except AcquireError as exc:
        problems.append(str(exc))
    snap = record.snapshot
    if snap is not None:
        if snap.get("digest") != record.digest():
            if game is not None:
                notices.append(f"{path}: the setup or moves were edited by hand; the snapshot will be rebuilt from the moves")
        else:
            problems += conservation_problems(snap, record.players, record.edition)
            if game is not None:
                problems += [f"{path}: {p}" for p in snapshot_problems(record, game)]
    return Inspection(game, record, problems, notices)


def load_game(path: Path) -> tuple[Game, Record, list[str]]:
    """Read, validate and replay a game file.

    Returns ``(game, record, notices)``. When the snapshot's digest no longer matches the setup
    and moves (the log was edited by hand), the snapshot is ignored and rebuilt on the next write,
    with a notice. When the digest matches but a value differs, the snapshot itself was edited:
    :class:`GameFileError` names each field and both values. Also raises it for a missing,
    unreadable or corrupt file, or a move log that no longer replays, listing every problem.
    """
    found = inspect(path)
    if found.problems or found.game is None or found.record is None:
        problems = found.problems
        if len(problems) == 1:
            raise GameFileError(problems[0])
        raise GameFileError(f"{path} has {len(problems)} problems (edited by hand?):\n  " + "\n  ".join(problems))
    return found.game, found.record, found.notices


def game_path(path: Path) -> Path:
    """The game file to work on: ``path``, or the file a symbolic link at ``path`` points to.

    Raises :class:`NotationError` for an empty name.
    """
    from acquire_ref.errors import NotationError

    if str(path).strip() in ("", "."):
        raise NotationError("--game needs a file name, e.g. --game acquire.toml")
    path = Path(path)
    try:
        return Path(os.path.realpath(path)) if path.is_symlink() else path
    except OSError:
        return path


def file_exists(path: Path) -> bool:
    """True when ``path`` exists; :class:`GameFileError` when its folder can't be searched."""
    try:
        return Path(path).exists() or Path(path).is_symlink()
    except OSError as exc:
        raise GameFileError(f"{path}: can't look at it: {exc.strerror}") from None


def read_text(path: Path, what: str = "game file") -> str:
    """A file's text as UTF-8; :class:`GameFileError` when missing, unreadable or not UTF-8.

    ``what`` names the kind of file in messages (game file, script, position file).
    """
    import stat

    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError
        if not stat.S_ISREG(info.st_mode):
            raise GameFileError(f"{path} is not a regular file (a pipe or a device?): give a {what}")
        if info.st_size > MAX_FILE_BYTES:
            raise GameFileError(f"{path} is {info.st_size:,} bytes: too large for a {what} (at most {MAX_FILE_BYTES:,})")
        data = Path(path).read_bytes()
        if data.startswith(b"\xef\xbb\xbf"):
            raise GameFileError(f"{path} starts with a byte-order mark: save it as UTF-8 without BOM")
        return data.decode("utf-8")
    except FileNotFoundError:
        hint = " (start one with `acquire-ref new PLAYER...`)" if what == "game file" else ""
        raise GameFileError(f"{path}: no such {what}{hint}") from None
    except IsADirectoryError:
        raise GameFileError(f"{path} is a folder, not a game file") from None
    except UnicodeDecodeError as exc:
        raise GameFileError(f"{path} is not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise GameFileError(f"{path}: can't read it: {exc.strerror}") from None


def to_toml(record: Record, game: Game) -> str:
    """The game file's text: setup, position if any, the game's moves and a fresh snapshot."""
    import tomli_w

    rec = Record(record.players, record.edition, record.options, record.tiles,
                 [str(m) for m in game.moves], position=record.position, seed=record.seed, bag=record.bag)
    doc = {**rec.setup(), "moves": rec.moves, "snapshot": {"digest": rec.digest(), **snapshot(game)}}
    header = "# Acquire game file written by acquire-ref. The moves are the record; the snapshot is derived.\n"
    return header + tomli_w.dumps(doc, indent=4)


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so a crash leaves the old file or the new one, never a torn one.

    A temporary file in the same folder is written, flushed to disk and renamed over ``path``;
    an existing file's permissions are kept. Raises :class:`GameFileError` when the folder is
    missing or can't be written (read-only, disk full).
    """
    import tempfile  # only commands that write pay for it

    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        mode = path.stat().st_mode & 0o777 if path.exists() else None
        if mode is not None and not mode & 0o222:
            raise GameFileError(f"{path} is read-only (its permissions are {mode:o}): make it writable to go on")
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
        state = "it is unchanged" if mode is not None else "nothing was written"
        raise GameFileError(f"{path}: can't write the game file: {exc.strerror}; {state}") from None


@contextmanager
def locked(path: Path, timeout: float | None = None) -> Iterator[None]:
    """Hold the game file's lock (``PATH.lock``) for a read-change-write.

    Raises :class:`GameBusyError` when another command holds it for ``timeout`` seconds (default
    :func:`lock_timeout`), and
    :class:`GameFileError` when the lock can't be made (missing or read-only folder).
    """
    from filelock import FileLock, Timeout

    folder = Path(path).parent
    if not folder.is_dir():
        raise GameFileError(f"{path}: the folder {folder} does not exist")
    lock = FileLock(str(path) + ".lock", timeout=lock_timeout() if timeout is None else timeout)
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
