"""The parts of an event as values (T1, T3): an entrant (:class:`Player`), a table's result
(:class:`Result`), one table of a round (:class:`Seating`) and a round (:class:`Round`), with the
names a player sits under and is found by, and the finishing places at a table. Pure."""

from __future__ import annotations

from datetime import date

from acquire_ref.engine.errors import NotationError
from acquire_ref.engine.events import money
from acquire_ref.engine.scoring import rank
from acquire_ref.language import _, ngettext

SOURCES = ("game", "sheet", "projected", "left out")
"""Where a table's result came from (T3): its finished game file, a results sheet, an unfinished
game scored as it stands, or an unfinished game left out of the standings (T3.3)."""

def pgettext(context: str, message: str) -> str:
    """``message`` in the language in force, as translated in ``context`` (a word that is written
    alike in English but not in German or French: ``final`` the stage, not the final score)."""
    from acquire_ref import language

    code = language.current()
    return message if code == language.SOURCE else language.catalogue(code).pgettext(context, message)


def said(key: str) -> str:
    """A round's stage (``heat``, ``swiss``, ``semifinal``, ``final``), an event's format
    (``heats``, ``swiss``) or a result's source
    (:data:`SOURCES`) in the language in force, as people read it (the event file and JSON keep
    the English keys, a protocol); an unknown key as it is."""
    words = {"game": pgettext("result", "game"), "sheet": pgettext("result", "sheet"),
             "projected": pgettext("result", "projected"), "left out": pgettext("result", "left out"),
             "heat": pgettext("stage", "heat"), "swiss": pgettext("stage", "swiss"),
             "semifinal": pgettext("stage", "semifinal"), "final": pgettext("stage", "final"),
             "heats": pgettext("format", "heats")}
    return words.get(key, key)


def seat_name(name: str) -> str:
    """The name a player sits under in a table's game file, where names have no spaces (R2.1):
    each run of spaces becomes ``_`` (``José García`` -> ``José_García``)."""
    return "_".join(name.split())


def slug(name: str) -> str:
    """A file-name stem for an event called ``name`` (T1.1): lower-case letters, digits and ``-``
    (``WBC 2026`` -> ``wbc-2026``), ``event`` when nothing is left."""
    import re

    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "event"


def name_key(name: str) -> str:
    """What an entrant's name is indexed by: its look-alike skeleton (case, Unicode normal form,
    look-alike letters, the same key :func:`acquire_ref.engine.setup.looks_alike` compares by), with
    spaces as a game seat has them. A hit is confirmed with ``looks_alike``."""
    from acquire_ref.engine.problems import skeleton

    return skeleton(seat_name(name))


def places(cash: dict[str, int]) -> dict[str, int]:
    """Each player's finishing place at a table from their money (T3.2, R8.3): equal money shares
    the better place, so places go 1, 2, 2, 4."""
    return {p: r for p, _, r in rank(cash)}


class Player:
    """An entrant: ``name`` (as on a badge, spaces allowed, T1.3), ``group`` (family, club or team
    mates kept apart, T2.2; None for none), ``lot`` (the recorded random draw that settles the last
    tie, T4: the higher lot ranks first), ``active`` (False once withdrawn: not drawn into later
    rounds, T2.4), ``badge`` (the badge ID, None for none) and ``heats`` (the heat rounds checked
    in for, T1.4)."""

    __slots__ = ("active", "badge", "group", "heats", "lot", "name")

    def __init__(self, name: str, group: str | None, lot: int, active: bool = True, badge: str | None = None,
                 heats: list[int] | None = None) -> None:
        self.name = name
        self.group = group
        self.lot = lot
        self.active = active
        self.badge = badge
        self.heats = heats if heats is not None else []

    @property
    def seat(self) -> str:
        """The name in a table's game file (:func:`seat_name`)."""
        return seat_name(self.name)


class Result:
    """A table's result (T3): ``money`` per seated player (dollars), its ``source`` (one of
    :data:`SOURCES`) and the date it was ``played`` when the organiser gave it (``result
    --played``: a paper sheet entered later; None: the table's game file's date). A result
    ``left out`` has no money and counts for nobody (T3.3)."""

    __slots__ = ("money", "played", "source")

    def __init__(self, money: dict[str, int], source: str, played: date | None = None) -> None:
        self.money = money
        self.source = source
        self.played = played

    @property
    def counts(self) -> bool:
        """True when the result counts in the standings (it is not left out)."""
        return self.source != "left out"


class Seating:
    """One table of a round, as drawn or seeded (T2): its ``number`` (from 1), the ``seats`` in
    seating order, the file name of its ``game`` (beside the event file) and its ``result`` (None
    while still playing)."""

    __slots__ = ("game", "number", "result", "seats")

    def __init__(self, number: int, seats: list[str], game: str, result: Result | None = None) -> None:
        self.number = number
        self.seats = seats
        self.game = game
        self.result = result


class Round:
    """One round: its ``number`` (from 1), its ``stage`` (``heat``, ``swiss``, ``semifinal`` or
    ``final``), ``draw`` (1 for the first draw, 2 after one redraw, ...) and its ``tables`` (a
    :class:`Seating` each)."""

    __slots__ = ("draw", "number", "stage", "tables")

    def __init__(self, number: int, stage: str, draw: int, tables: list[Seating]) -> None:
        self.number = number
        self.stage = stage
        self.draw = draw
        self.tables = tables

    @property
    def open(self) -> bool:
        """True while a table has no result yet."""
        return any(t.result is None for t in self.tables)

    def table(self, number: int) -> Seating:
        """Table ``number``. Raises :class:`NotationError` when the round has no such table."""
        for t in self.tables:
            if t.number == number:
                return t
        if len(self.tables) == 1:
            raise NotationError(_("round {round} has only table 1, not {number}").format(round=self.number, number=number))
        raise NotationError(_("round {round} has tables 1 to {count}, not {number}").format(
            round=self.number, count=len(self.tables), number=number))


def describe_result(result: Result) -> str:
    """A result in words: ``Ann $52,300, Ben $41,000 (sheet)``."""
    if not result.counts:
        return _("left out (unfinished, T3.3)")
    order = sorted(result.money.items(), key=lambda kv: -kv[1])
    where = said(result.source) if result.played is None else _("{source}, played {date}").format(
        source=said(result.source), date=day(result.played))
    return _("{results} ({source})").format(results=", ".join(f"{p} {money(m)}" for p, m in order), source=where)


def decimal(text: str) -> str:
    """A number written with a point (``12.50``, ``-0.75``) with the decimal sign of the language
    in force: ``12,50`` in German and French."""
    from acquire_ref import language

    return text if language.current() == language.SOURCE else text.replace(".", ",")


def day(when: date) -> str:
    """A date as the language in force writes it in prose (``2026-03-14`` in English, as the
    files write it; ``14. März 2026`` in German, ``14 mars 2026`` in French, by Babel's
    ``format_date``, imported only for a language other than English)."""
    from acquire_ref import language

    if language.current() == language.SOURCE:
        return when.isoformat()
    from babel.dates import format_date

    return format_date(when, format="long", locale=language.current())


def waiting(rnd: Round) -> str:
    """The tables of ``rnd`` without a result, in words: ``table 2 has no result``."""
    open_tables = [t for t in rnd.tables if t.result is None]
    return ngettext("table {tables} has no result", "tables {tables} have no result", len(open_tables)).format(
        tables=", ".join(str(t.number) for t in open_tables))
