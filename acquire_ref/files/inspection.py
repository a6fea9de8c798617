"""A game file checked without changing it (``check``, DESIGN 3): its record type-checked and
replayed, the replayed books audited, and its snapshot checked for its own figures and against
the replay. Each check is named for what it finds: ``*_problems`` returns or adds problems.

This module does no file I/O: :mod:`acquire_ref.files.storage` reads the file and reports.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from acquire_ref.engine.errors import AcquireError
from acquire_ref.engine.game import Game, audit
from acquire_ref.engine.problems import MAX_MONEY, Problems, shown
from acquire_ref.files.record import Record, TomlTable
from acquire_ref.language import _
from acquire_ref.viewers.views import snapshot

if TYPE_CHECKING:
    from acquire_ref.engine.editions import Edition


def _flatten(value: object, prefix: str = "") -> dict[str, object]:
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


def _same(a: object, b: object) -> bool:
    """``a == b`` with the same types throughout: Python counts ``10.0 == 10`` and ``0 == False``
    equal, but a snapshot that writes ``turn = 10.0`` or ``over = 0`` was edited by hand."""
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


def snapshot_problems(record: Record, game: Game) -> list[str]:
    """Every field where the record's snapshot differs from the replay, as
    ``snapshot.FIELD is X in the file; the moves give Y`` (DESIGN 3); a share count missing on
    one side counts as 0."""
    if record.snapshot is None:
        return []
    mine = _flatten({k: v for k, v in record.snapshot.items() if k != "digest"})
    real = _flatten(snapshot(game))
    problems = []
    for key in sorted(set(mine) | set(real)):
        a, b = mine.get(key, "(missing)"), real.get(key, "(missing)")
        if key.startswith("shares.") and (a == "(missing)" or b == "(missing)"):
            a, b = (0 if a == "(missing)" else a), (0 if b == "(missing)" else b)
        if not _same(a, b):
            problems.append(f"snapshot.{key} is {a!r} in the file; the moves give {b!r}")
    return problems


def conservation_problems(snap: TomlTable, players: list[str], edition_name: str | TomlTable) -> list[str]:
    """Check a snapshot's own figures: the board's tiles (108 on the classic board), 25 shares
    per chain (R3.4), cash never negative (R6.3) and in whole hundreds (R2.1), known chains and
    players. Returns every problem found; none when the edition itself can't be read (that is reported elsewhere)."""
    from acquire_ref.engine.editions import resolve_edition

    try:
        edition: Edition = resolve_edition(edition_name)
    except AcquireError:
        return []
    problems = Problems()
    _cash_problems(snap.get("cash", {}), players, problems)
    _share_problems(snap, players, edition, problems)
    _tile_problems(snap, problems, len(edition.grid.tiles))
    return list(problems)


def _cash_problems(cash: object, players: list[str], problems: Problems) -> None:
    """Known players, whole dollars in hundreds, never negative (R2.1, R6.3)."""
    for p, dollars in cash.items() if isinstance(cash, dict) else []:
        if p not in players:
            problems.add(f"snapshot.cash: no player {p!r} ({', '.join(players)})")
            continue
        where = f"snapshot.cash.{p}"
        money = problems.whole(dollars, where, None, problem=f"{where} should be whole dollars, not {shown(dollars)}")
        if money is not None and money > MAX_MONEY:
            problems.add(f"{where} is {money}; it can't be above {MAX_MONEY}")
            continue
        if money is not None and money < 0:
            problems.add(f"{where} is {money}: cash is never negative (no loans, R6.3)")
        elif money is not None:
            problems.hundreds(money, where)


def _share_problems(snap: TomlTable, players: list[str], edition: Edition, problems: Problems) -> None:
    """Known players and chains, whole counts, and each chain's shares adding up (R3.4)."""
    chains = edition.chain_names
    held = dict.fromkeys(chains, 0)
    shares = snap.get("shares", {})
    for p, table in shares.items() if isinstance(shares, dict) else []:
        if p not in players:
            problems.add(f"snapshot.shares: no player {p!r} ({', '.join(players)})")
        for c, n in table.items() if isinstance(table, dict) else []:
            if c not in held:
                problems.add(f"snapshot.shares.{p}: unknown chain {c!r} ({', '.join(chains)})")
                continue
            where = f"snapshot.shares.{p}.{c}"
            count = problems.whole(n, where, problem=f"{where} is {n!r}: a count of shares is a whole number, 0 or more")
            held[c] += count or 0
    bank = snap.get("bank", {})
    for c in chains:
        in_bank = problems.whole(bank.get(c, 0) if isinstance(bank, dict) else 0, f"snapshot.bank.{c}", None)
        if in_bank is not None and held[c] + in_bank != edition.shares_per_chain:
            problems.add(
                f"snapshot: players hold {held[c]} {c} and the bank {in_bank}: that is {held[c] + in_bank}, "
                f"not {edition.shares_per_chain} (R3.4)"
            )
    for c in bank if isinstance(bank, dict) else {}:
        if c not in chains:
            problems.add(f"snapshot.bank: unknown chain {c!r}")
    on_board = snap.get("chains")
    for c in on_board if isinstance(on_board, dict) else {}:
        if c not in chains:
            problems.add(f"snapshot.chains: unknown chain {c!r}")


def _tile_problems(snap: TomlTable, problems: Problems, tiles: int = 108) -> None:
    """The board, the bag, the racks and the tiles out of the game add up to the board's
    ``tiles``, 108 on the classic board (R1.1, R1.1a)."""
    rows, bag, racks, out = snap.get("board"), snap.get("bag"), snap.get("racks"), snap.get("discarded", [])
    if isinstance(rows, list) and isinstance(bag, int) and isinstance(racks, dict) and isinstance(out, list):
        placed = sum(len([c for c in str(r).split()[1:] if c != "."]) for r in rows)
        in_racks = sum(n for n in racks.values() if isinstance(n, int))
        total = placed + bag + in_racks + len(out)
        if total != tiles:
            problems.add(
                f"snapshot: {placed} tiles on the board + {bag} in the bag + {in_racks} in racks + "
                f"{len(out)} out of the game = {total}, not {tiles}"
            )


class Inspection:
    """What :func:`examine` found: the replayed ``game`` (None if it could not be replayed), the
    ``record`` (None if the text could not be read as one), every problem, and ``notices`` (facts
    that are not problems, such as a snapshot to be rebuilt)."""

    __slots__ = ("game", "notices", "problems", "record")

    def __init__(self, game: Game | None, record: Record | None, problems: list[str], notices: list[str]) -> None:
        self.game = game
        self.record = record
        self.problems = problems
        self.notices = notices


def examine(text: str, source: str = "game file", game_file: bool = False, data: TomlTable | None = None,
            ) -> Inspection:
    """Validate a game file's or script's ``text`` without changing anything, listing every
    problem (``check``, DESIGN 3).

    The record is type-checked and replayed, and the replayed books audited
    (:func:`acquire_ref.engine.game.audit`). A snapshot whose digest no longer matches the setup
    and moves is a notice (it will be rebuilt); one whose digest matches is checked for its own
    figures (:func:`conservation_problems`) and against the replay (:func:`snapshot_problems`).
    ``source`` names the file in messages. With ``game_file`` (not a script, which has no
    snapshot), a missing snapshot is a notice too: it is rebuilt on the next write. ``data`` is the
    text's TOML when the caller has parsed it already (:meth:`Record.problems`).
    """
    notices: list[str] = []
    record, problems = Record.problems(text, source, data)
    if record is None:
        return Inspection(None, None, problems, [])
    game = None
    try:
        game = record.replay(source=source)
    except AcquireError as exc:
        problems.append(str(exc))
    if game is not None:
        problems += [f"{source}: the books do not balance: {p}" for p in audit(game)]
        problems += record.undone_problems(game, source)
    snap = record.snapshot
    if snap is None and game_file and game is not None:
        notices.append(_("{source}: the [snapshot] table is missing; it will be rebuilt from the moves").format(source=source))
    if snap is not None:
        if snap.get("digest") != record.digest():
            if game is not None:
                notices.append(_("{source}: the setup or moves were edited by hand; the snapshot will be rebuilt from the "
                                      "moves").format(source=source))
        else:
            problems += conservation_problems(snap, record.players, record.edition)
            if game is not None:
                problems += [f"{source}: {p}" for p in snapshot_problems(record, game)]
    return Inspection(game, record, problems, notices)
