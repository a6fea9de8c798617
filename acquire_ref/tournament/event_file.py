"""The event file (T1.1, T1.2): an :class:`~acquire_ref.tournament.Tournament` as TOML a person can
read, read and written only through :mod:`acquire_ref.files.storage` (the same lock, the same atomic,
version-checked write as a game file; a refused command changes nothing).

A file edited by hand into something the referee can't trust (a key of the wrong type, a seat
for someone not entered, money that is not whole hundreds, a player at two tables of one round)
is refused with :class:`~acquire_ref.engine.errors.GameFileError` (exit 4) naming the key and the problem;
it is never rewritten.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, datetime
from fractions import Fraction
from pathlib import Path
from typing import Any

from acquire_ref.engine.errors import AcquireError, GameFileError
from acquire_ref.language import _, number
from acquire_ref.tournament import (
    FINAL_SIZES,
    FORMATS,
    SEMIFINAL_SIZES,
    SOURCES,
    Player,
    Result,
    Round,
    Seating,
    Tournament,
    check_sheet,
    parse_factors,
    parse_tiebreaks,
)

VERSION = 1
"""The event file's format version (the key ``event``)."""

STAGES = ("heat", "swiss", "semifinal", "final")
"""The stages a round can be."""

_TOP: dict[str, type | tuple[type, ...]] = {
    "event": int, "name": str, "format": str, "seed": int, "edition": (str, dict), "tiles": str, "fives": bool,
    "semifinal": int, "swiss_rounds": int, "players": list, "rounds": list, "final": int, "tiebreaks": list,
    "margin_factors": dict,
}

MAX_PLAYERS = 10_000
MAX_ROUNDS = 60
"""Bounds on what an event file may hold: far above a championship (WBC's Acquire: 90 players,
five rounds), low enough that no hand-made file makes every command slow."""


def previous_path(path: Path) -> Path:
    """Where the event file at ``path`` keeps its previous version (``NAME.event.toml.prev``,
    T1.2), written before every change, so that ``tournament undo`` can take the change back."""
    return path.with_name(path.name + ".prev")


def dumps(event: Tournament) -> str:
    """The event file's text for ``event`` (TOML, written with tomli-w)."""
    import tomli_w

    doc: dict[str, Any] = {
        "event": VERSION, "name": event.name, "format": event.format, "seed": event.seed, "edition": event.edition,
        "tiles": event.tiles, "fives": event.fives, "semifinal": event.semifinal, "swiss_rounds": event.rounds_planned,
        "players": [{"name": p.name, **({"group": p.group} if p.group else {}), "lot": p.lot, "active": p.active}
                    for p in event.players],
        "rounds": [_round_doc(r) for r in event.rounds],
    }
    if event.format == "heats":
        doc["final"] = event.final
        doc["tiebreaks"] = list(event.tiebreaks)
        if event.margin_factors:
            doc["margin_factors"] = {str(k): str(v) for k, v in event.margin_factors.items()}
    for p, pdoc in zip(event.players, doc["players"], strict=True):
        if p.badge:
            pdoc["badge"] = p.badge
        if p.heats:
            pdoc["heats"] = list(p.heats)
    return tomli_w.dumps(doc)


def _round_doc(rnd: Round) -> dict[str, Any]:
    tables = []
    for t in rnd.tables:
        doc: dict[str, Any] = {"number": t.number, "seats": list(t.seats), "game": t.game}
        if t.result is not None:
            doc["result"] = {"source": t.result.source, "money": dict(t.result.money)}
            if t.result.played is not None:
                doc["result"]["played"] = t.result.played
        tables.append(doc)
    return {"number": rnd.number, "stage": rnd.stage, "draw": rnd.draw, "tables": tables}


class _Reader:
    """Reads one event file's table, raising :class:`GameFileError` at the first problem, named by its key."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.games: set[str] = set()
        """The tables' game file names read so far: each names one table's game."""

    def fail(self, problem: str) -> GameFileError:
        """The refusal of the file for ``problem`` (a sentence naming the key at fault)."""
        return GameFileError(_("{source}: {problem} (edited by hand?)").format(source=self.source, problem=problem))

    def get(self, table: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str, default: Any = None) -> Any:
        full = f"{where}.{key}" if where else key
        if key not in table:
            if default is not None:
                return default
            raise self.fail(_("{key} is missing").format(key=full))
        value = table[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            kinds = {"str": _("text"), "int": _("a whole number")}
            names = _(" or ").join(kinds.get(k.__name__, k.__name__) for k in (kind if isinstance(kind, tuple) else (kind,)))
            raise self.fail(_("{key} should be {kinds}, not {kind}").format(key=full, kinds=names, kind=type(value).__name__))
        return value

    def event(self, data: dict[str, Any]) -> Tournament:
        """The event in an event file's ``data`` (T1.1): its settings, then its players and rounds."""
        for key in data:
            if key not in _TOP:
                raise self.fail(_("{key} is not a key of an event file (it has {keys})")
                    .format(key=repr(key), keys=", ".join(_TOP)))
        event = self.settings(data)
        players = self.get(data, "players", list, "", [])
        if len(players) > MAX_PLAYERS:
            raise self.fail(_("players has {count} entrants: an event file holds up to {most}").format(
                count=number(len(players)), most=number(MAX_PLAYERS)))
        for i, doc in enumerate(players, start=1):
            event.enrol(self.player(doc, f"players[{i}]", event))
        rounds = self.get(data, "rounds", list, "", [])
        if len(rounds) > MAX_ROUNDS:
            raise self.fail(_("rounds has {count} rounds: an event file holds up to {most}").format(
                count=len(rounds), most=MAX_ROUNDS))
        for i, doc in enumerate(rounds, start=1):
            event.rounds.append(self.round(doc, f"rounds[{i}]", i, event))
        return event

    def settings(self, data: dict[str, Any]) -> Tournament:
        """The event's settings (format T4, sizes, tie-breaks, edition) as a :class:`Tournament`
        with no players or rounds yet."""
        version = self.get(data, "event", int, "")
        if version != VERSION:
            raise self.fail(_("event is {version}: this version reads event files of format {format}").format(
                version=version, format=VERSION))
        fmt = self.get(data, "format", str, "")
        if fmt not in FORMATS:
            raise self.fail(_("format is {format}: {formats}").format(format=repr(fmt), formats=_(" or ").join(FORMATS)))
        semi = self.get(data, "semifinal", int, "", 16)
        if semi not in SEMIFINAL_SIZES:
            raise self.fail(_("semifinal is {semifinal}: {sizes}")
                .format(semifinal=semi, sizes=", ".join(map(str, SEMIFINAL_SIZES))))
        final = self.get(data, "final", int, "", 4)
        if final not in FINAL_SIZES:
            raise self.fail(_("final is {final}: {sizes} players")
                .format(final=final, sizes=_(" or ").join(map(str, FINAL_SIZES))))
        keys, factors = self.tiebreaks(data), self.factors(data)
        try:
            event = Tournament(self.get(data, "name", str, ""), fmt, self.get(data, "seed", int, ""),
                               self.get(data, "fives", bool, "", False), semi, self.get(data, "swiss_rounds", int, "", 4),
                               self.get(data, "edition", (str, dict), "", "classic"), self.get(data, "tiles", str, "", "table"),
                               keys or None, final, factors)
        except AcquireError as exc:
            raise GameFileError(f"{self.source}: {exc}") from None
        from acquire_ref.engine.editions import builtin_editions, edition_from_dict

        if not 1 <= event.rounds_planned <= 50:
            raise self.fail(_("swiss_rounds is {count}: a swiss event plays 1 to 50 rounds").format(count=event.rounds_planned))
        if isinstance(event.edition, dict):  # a ruleset the event fixes for its tables (R17)
            try:
                edition_from_dict(event.edition, "ruleset")
            except AcquireError as exc:
                raise self.fail(_("edition is not a sound {problem}")
                    .format(problem=str(exc).removeprefix("ruleset is not a sound "))) from None
        elif event.edition not in builtin_editions():
            raise self.fail(_("edition is {edition}: an event's tables play {editions}, or a ruleset table").format(
                edition=repr(event.edition), editions=", ".join(builtin_editions())))
        return event

    def tiebreaks(self, data: dict[str, Any]) -> list[str]:
        """The event's tie-break keys (T4), checked as ``--tiebreaks`` is; [] for none given."""
        keys: list[str] = self.get(data, "tiebreaks", list, "", [])
        if keys:
            if not all(isinstance(k, str) for k in keys):
                raise self.fail(_("tiebreaks should be a list of key names (text)"))
            try:
                parse_tiebreaks(",".join(keys))
            except AcquireError as exc:
                raise self.fail(_("tiebreaks can't be used: {problem}").format(problem=exc)) from None
        return keys

    def factors(self, data: dict[str, Any]) -> dict[int, Fraction]:
        """The event's margin factors by table size (T4), checked as ``--margin-factor`` is."""
        factors_doc = self.get(data, "margin_factors", dict, "", {})
        try:
            if not all(isinstance(v, (str, int, float)) and not isinstance(v, bool) for v in factors_doc.values()):
                raise ValueError
            return parse_factors(f"{k}={v}" for k, v in factors_doc.items())
        except (AcquireError, ValueError):
            raise self.fail(_('margin_factors should map a table size (3 to 6) to a factor, e.g. "3" = "0.8"')) from None

    def player(self, doc: Any, where: str, event: Tournament) -> Player:
        if not isinstance(doc, dict):
            raise self.fail(_("{key} should be a table with name, group, lot, active").format(key=where))
        for key in doc:
            if key not in ("name", "group", "lot", "active", "badge", "heats"):
                raise self.fail(_("{key} is not a key of a player (name, group, lot, active, badge, heats)").format(
                    key=f"{where}.{key}"))
        name = self.get(doc, "name", str, where)
        try:
            from acquire_ref.tournament.entry import check_entrant_name

            if name != " ".join(name.split()):
                raise AcquireError("spaces at its ends or twice in a row")
            check_entrant_name(name)
        except AcquireError as exc:
            raise self.fail(_("{key} can't be used: {problem}").format(key=f"{where}.name", problem=exc)) from None
        if event.find(name) is not None:
            raise self.fail(_("{key} {name} is entered twice").format(key=f"{where}.name", name=repr(name)))
        group = doc.get("group")
        if group is not None and not isinstance(group, str):
            raise self.fail(_("{key} should be text").format(key=f"{where}.group"))
        badge = doc.get("badge")
        if badge is not None and (not isinstance(badge, str) or not badge or not badge.isprintable()):
            raise self.fail(_("{key} should be the badge ID as text").format(key=f"{where}.badge"))
        if badge is not None and event.by_badge(badge) is not None:
            raise self.fail(_("{key} is {badge}, another entrant's badge ID").format(key=f"{where}.badge", badge=repr(badge)))
        heats = self.get(doc, "heats", list, where, [])
        if not all(isinstance(h, int) and not isinstance(h, bool) and 1 <= h <= MAX_ROUNDS for h in heats):
            raise self.fail(_("{key} should list the heats checked in for, as round numbers").format(key=f"{where}.heats"))
        lot = self.get(doc, "lot", int, where)
        if event.lot_taken(lot):
            raise self.fail(_("{key} is {lot}, another entrant's lot: lots settle ties and must differ").format(
                key=f"{where}.lot", lot=lot))
        return Player(name, group, lot, self.get(doc, "active", bool, where, True), badge, sorted(set(heats)))

    def round(self, doc: Any, where: str, number: int, event: Tournament) -> Round:
        if not isinstance(doc, dict):
            raise self.fail(_("{key} should be a table with number, stage, draw, tables").format(key=where))
        if self.get(doc, "number", int, where) != number:
            raise self.fail(_("{key} should be {number}: rounds are numbered from 1 in order")
                .format(key=f"{where}.number", number=number))
        stage = self.get(doc, "stage", str, where)
        if stage not in STAGES:
            raise self.fail(_("{key} is {stage}: {stages}")
                .format(key=f"{where}.stage", stage=repr(stage), stages=", ".join(STAGES)))
        draw = self.get(doc, "draw", int, where, 1)
        if draw < 1:
            raise self.fail(_("{key} is {draw}: a round's draws are counted from 1").format(key=f"{where}.draw", draw=draw))
        tables, seen = [], set()
        for i, tdoc in enumerate(self.get(doc, "tables", list, where), start=1):
            table = self.table(tdoc, f"{where}.tables[{i}]", i, event)
            for p in table.seats:
                if p in seen:
                    raise self.fail(_("{key} has {player}, who is seated at another table of round {round}").format(
                        key=f"{where}.tables[{i}].seats", player=p, round=number))
                seen.add(p)
            tables.append(table)
        return Round(number, stage, draw, tables)

    def table(self, doc: Any, where: str, number: int, event: Tournament) -> Seating:
        if not isinstance(doc, dict):
            raise self.fail(_("{key} should be a table with number, seats, game, result").format(key=where))
        if self.get(doc, "number", int, where) != number:
            raise self.fail(_("{key} should be {number}: tables are numbered from 1 in order")
                .format(key=f"{where}.number", number=number))
        seats = self.get(doc, "seats", list, where)
        for p in seats:
            if not isinstance(p, str):
                raise self.fail(_("{key} should be a list of entrants' names (text), not {kind}").format(
                    key=f"{where}.seats", kind=type(p).__name__))
        if not 2 <= len(seats) <= 6 or len(set(seats)) != len(seats):
            raise self.fail(_("{key} should name 2 to 6 different entrants").format(key=f"{where}.seats"))
        for p in seats:
            found = event.find(p)
            if found is None or found.name != p:
                raise self.fail(_("{key} names {player}, who is not entered").format(key=f"{where}.seats", player=repr(p)))
        game = self.get(doc, "game", str, where)
        if not game or "/" in game or "\\" in game or game.startswith("."):
            raise self.fail(_("{key} is {game}: a file name beside the event file").format(key=f"{where}.game", game=repr(game)))
        if game.endswith(".event.toml") or game == Path(self.source).name:
            raise self.fail(_("{key} is {game}: an event file, not a table's game file")
                .format(key=f"{where}.game", game=repr(game)))
        if game in self.games:
            raise self.fail(_("{key} is {game}, another table's game file: each table has its own").format(
                key=f"{where}.game", game=repr(game)))
        self.games.add(game)
        result = None
        if "result" in doc:
            rdoc = self.get(doc, "result", dict, where)
            source = self.get(rdoc, "source", str, f"{where}.result")
            if source not in SOURCES:
                raise self.fail(_("{key} is {source}: {sources}").format(key=f"{where}.result.source", source=repr(source),
                                                                sources=", ".join(SOURCES)))
            cash = self.get(rdoc, "money", dict, f"{where}.result", {})
            if source != "left out":
                if not all(isinstance(k, str) for k in cash):
                    raise self.fail(_("{key} should map seated players' names to dollars").format(key=f"{where}.result.money"))
                if not all(isinstance(v, int) and not isinstance(v, bool) for v in cash.values()):
                    raise self.fail(_("{key} should be whole numbers of dollars").format(key=f"{where}.result.money"))
                try:
                    cash = check_sheet(seats, cash)
                except AcquireError as exc:
                    raise self.fail(_("{key} is wrong: {problem}").format(key=f"{where}.result.money", problem=exc)) from None
            played = rdoc.get("played")
            if played is not None and (not isinstance(played, date) or isinstance(played, datetime)):
                raise self.fail(_("{key} should be the date the table was played, e.g. 2026-01-13")
                    .format(key=f"{where}.result.played"))
            result = Result(cash if source != "left out" else {}, source, played)
        return Seating(number, list(seats), game, result)


def loads(text: str, source: str = "event file") -> Tournament:
    """The event in an event file's ``text``; ``source`` names the file in messages.

    Raises :class:`GameFileError` (exit 4) for text that is not TOML, or a key that is missing,
    of the wrong type or inconsistent (named by its path, e.g. ``rounds[2].tables[3].seats``).
    """
    from acquire_ref.files.record import parse_toml

    data = parse_toml(text, source)
    if "event" not in data and "players" in data and "moves" in data:
        raise GameFileError(f"{source} is a game file, not an event file: name the event file with --event")
    return _Reader(source).event(data)


def load(path: Path) -> Tournament:
    """Read the event file at ``path``. Raises :class:`GameFileError` (exit 4) when it is missing,
    unreadable or corrupt (:func:`loads`)."""
    from acquire_ref.files.storage import read_text

    return loads(_read(path, read_text), str(path))


def _read(path: Path, reader: Any) -> Any:
    try:
        return reader(path, "event file")
    except GameFileError as exc:
        if "no such event file" in str(exc):
            raise GameFileError(f"{path}: no such event file (start one with `acquire-ref tournament new NAME`)") from None
        raise


def create(path: Path, event: Tournament, force: bool = False) -> None:
    """Write a new event file at ``path`` under its lock. Raises
    :class:`~acquire_ref.engine.errors.NotationError` (exit 2) when a file is there and ``force`` is
    false, :class:`GameFileError` (exit 4) when ``path`` is not a regular file or can't be written."""
    from acquire_ref.engine.errors import NotationError
    from acquire_ref.files.storage import check_target, file_exists, locked, write_atomic

    check_target(path, "event file")
    if file_exists(path) and not force:
        raise NotationError(f"{path} already exists: use --force to replace it, or --event to name another file")
    with locked(path):
        write_atomic(path, dumps(event), what="event file")


@contextmanager
def changing(path: Path) -> Iterator[Tournament]:
    """Hold the event file's lock, read it, and yield the event; when the body returns, the event
    is written back atomically (only when it changed), refusing if another program changed the
    file meanwhile (exit 5). When the body raises, nothing is written (T1.2)."""
    from acquire_ref.files.storage import file_exists, locked, read_stamped

    if not file_exists(path):
        raise GameFileError(f"{path}: no such event file (start one with `acquire-ref tournament new NAME`)")
    with locked(path):
        text, version = _read(path, read_stamped)
        event = loads(text, str(path))
        yield event
        after = dumps(event)
        if after != text:
            _write_keeping_previous(path, text, after, version)


def _write_keeping_previous(path: Path, text: str, after: str, version: Any) -> None:
    """Write ``after`` over the event file (read as ``text`` at ``version``), its previous
    version ``text`` kept beside it first (:func:`previous_path`); when the write is refused, the
    previous version is put back as it was, so a refused command changes no file (T1.2)."""
    import os

    from acquire_ref.files.storage import file_exists, read_text, write_atomic

    prev = previous_path(path)
    kept = read_text(prev, "event file's previous version", side=True) if file_exists(prev) else None
    write_atomic(prev, text, what="event file's previous version")
    try:
        write_atomic(path, after, expect=version, what="event file")
    except BaseException:
        if kept is None:
            os.unlink(prev)
        else:
            write_atomic(prev, kept, what="event file's previous version")
        raise


def undo(path: Path) -> tuple[Tournament, Tournament]:
    """Take back the last change to the event file at ``path`` (T1.2, ``tournament undo``): the
    previous version is put back (under the lock, refusing if another program changed the file
    meanwhile) and is then no longer kept, so a second undo has nothing to take back. Returns
    ``(the event as it was, the event put back)``. Raises :class:`GameFileError` (exit 4) when
    there is no previous version or it is unreadable, :class:`~acquire_ref.engine.errors.IllegalMoveError`
    when there is nothing to undo."""
    import os

    from acquire_ref.engine.errors import IllegalMoveError
    from acquire_ref.files.storage import file_exists, locked, read_stamped, read_text, write_atomic

    if not file_exists(path):
        raise GameFileError(f"{path}: no such event file (start one with `acquire-ref tournament new NAME`)")
    prev = previous_path(path)
    with locked(path):
        text, version = _read(path, read_stamped)
        now = loads(text, str(path))
        if not file_exists(prev):
            raise IllegalMoveError(f"there is no change to take back: {path} keeps only the version before its last "
                                   "change, and that was taken back or there has been no change yet")
        before_text = read_text(prev, "event file's previous version", side=True)
        before = loads(before_text, str(prev))
        write_atomic(path, before_text, expect=version, what="event file")
        os.unlink(prev)
    return now, before
