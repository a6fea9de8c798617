"""An event of several tables and rounds, as a value: players, groups, rounds, tables, results,
the draw, standings and tie-breaks (the event rules T1-T5 in the README). Pure: no file is read or
written here; :mod:`acquire_ref.event_file` keeps an :class:`Event` in its TOML file, and each
table's game is an ordinary game file named by :meth:`Event.game_name`.

Every random choice (who sits where, which tables are short, the tie-break lots) comes from a
:class:`random.Random` seeded from the event's ``seed`` and what is being drawn, so the same file
always gives the same draw (T2.3).

>>> event = Event("Club night", "heats", seed=7)
>>> for name in ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"]:
...     _ = event.add(name)
>>> sorted(len(t.seats) for t in event.draw().tables)
[3, 4]
>>> table_sizes(22)
[4, 4, 4, 4, 3, 3]
>>> places({"Ann": 52300, "Ben": 41000, "Cat": 41000, "Dan": 9000})
{'Ann': 1, 'Ben': 2, 'Cat': 2, 'Dan': 4}
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction

from acquire_ref.errors import IllegalMoveError, NotationError
from acquire_ref.events import money, plural
from acquire_ref.scoring import rank
from acquire_ref.setup import check_player_name, looks_alike

FORMATS = ("heats", "swiss")
"""The event formats of T4, the default first."""

HEAT_POINTS = {1: 1000, 2: 100, 3: 10, 4: 1}
"""T4 heats key 2: placement points of a 1st, 2nd, 3rd and 4th place (others 0)."""

SWISS_POINTS = {3: (4, 2, 0), 4: (4, 2, 1, 0), 5: (4, 3, 2, 1, 0)}
"""T4 swiss key 1: placement points by table size, 1st place first."""

SEMIFINAL_SIZES = (16, 8, 4)
"""The semifinal sizes of the heats format (T4)."""

SOURCES = ("game", "sheet", "projected", "left out")
"""Where a table's result came from (T3): its finished game file, a results sheet, an unfinished
game scored as it stands, or an unfinished game left out of the standings (T3.3)."""

REPEAT_COST = 1000
GROUP_COST = 1
"""What the draw weighs (T2.2): every pair meeting again costs more than every pair of group mates
together, so a draw first avoids repeat opponents, then keeps groups apart."""

EXACT_LIMIT = 12
"""Rounds of at most this many players are searched exhaustively when the quick search leaves a
repeat or a group pair, so that a draw without one is always found when there is one (T2.2)."""


def table_sizes(players: int, fives: bool = False) -> list[int]:
    """The table sizes of a round of ``players`` players (T2.1), largest first: tables of 4, then
    3s for the rest; with ``fives`` (the event allows 5-player tables) 5s instead when more than
    one table of 3 would be needed. Five players are one table of 5 (no table of 2 or fewer).

    Raises :class:`IllegalMoveError` for fewer than 3 players.

    >>> table_sizes(9), table_sizes(9, fives=True), table_sizes(10, fives=True), table_sizes(5)
    ([3, 3, 3], [5, 4], [5, 5], [5])
    """
    if players < 3:
        raise IllegalMoveError(f"a round needs at least 3 players (T2.1), and {plural(players, 'player')} "
                               f"{'is' if players == 1 else 'are'} entered")
    threes = (4 - players % 4) % 4
    if players == 5 or (fives and threes > 1 and players >= 5 * (4 - threes)):
        fivers = players % 4 if players != 5 else 1
        return [5] * fivers + [4] * ((players - 5 * fivers) // 4)
    return [4] * ((players - 3 * threes) // 4) + [3] * threes


def places(cash: dict[str, int]) -> dict[str, int]:
    """Each player's finishing place at a table from their money (T3.2, R8.3): equal money shares
    the better place, so places go 1, 2, 2, 4."""
    return {p: r for p, _, r in rank(cash)}


class Player:
    """An entrant: ``name``, ``group`` (family, club or team mates kept apart, T2.2; None for
    none), ``lot`` (the recorded random draw that settles the last tie, T4: the higher lot ranks
    first) and ``active`` (False once withdrawn: not drawn into later rounds, T2.4)."""

    __slots__ = ("active", "group", "lot", "name")

    def __init__(self, name: str, group: str | None, lot: int, active: bool = True) -> None:
        self.name = name
        self.group = group
        self.lot = lot
        self.active = active


class Result:
    """A table's result (T3): ``money`` per seated player (dollars) and its ``source`` (one of
    :data:`SOURCES`). A result ``left out`` has no money and counts for nobody (T3.3)."""

    __slots__ = ("money", "source")

    def __init__(self, money: dict[str, int], source: str) -> None:
        self.money = money
        self.source = source

    @property
    def counts(self) -> bool:
        """True when the result counts in the standings (it is not left out)."""
        return self.source != "left out"


class Table:
    """One table of a round: its ``number`` (from 1), the ``seats`` in seating order, the file
    name of its ``game`` (beside the event file) and its ``result`` (None while still playing)."""

    __slots__ = ("game", "number", "result", "seats")

    def __init__(self, number: int, seats: list[str], game: str, result: Result | None = None) -> None:
        self.number = number
        self.seats = seats
        self.game = game
        self.result = result


class Round:
    """One round: its ``number`` (from 1), its ``stage`` (``heat``, ``swiss``, ``semifinal`` or
    ``final``), ``draw`` (1 for the first draw, 2 after one redraw, ...) and its ``tables``."""

    __slots__ = ("draw", "number", "stage", "tables")

    def __init__(self, number: int, stage: str, draw: int, tables: list[Table]) -> None:
        self.number = number
        self.stage = stage
        self.draw = draw
        self.tables = tables

    @property
    def open(self) -> bool:
        """True while a table has no result yet."""
        return any(t.result is None for t in self.tables)

    def table(self, number: int) -> Table:
        """Table ``number``. Raises :class:`NotationError` when the round has no such table."""
        for t in self.tables:
            if t.number == number:
                return t
        raise NotationError(f"round {self.number} has tables 1 to {len(self.tables)}, not {number}")


class Event:
    """An event (T1): ``name``, ``format`` (``heats`` or ``swiss``, T4), the ``seed`` every draw
    comes from (T2.3), the ``players`` in the order they entered, the ``rounds`` drawn, and its
    settings: ``fives`` (tables of 5 allowed, T2.1), ``semifinal`` (heats: places in the
    semifinal, 16, 8 or 4), ``rounds_planned`` (swiss: the fixed number of rounds), and the games'
    ``edition`` and ``tiles`` mode (``table`` or ``dealt``)."""

    def __init__(self, name: str, format: str = "heats", seed: int = 0, fives: bool = False, semifinal: int = 16,
                 rounds_planned: int = 4, edition: str = "classic", tiles: str = "table") -> None:
        if format not in FORMATS:
            raise NotationError(f"format {format!r}: {' or '.join(FORMATS)} (T4)")
        if semifinal not in SEMIFINAL_SIZES:
            raise NotationError(f"semifinal {semifinal}: {', '.join(map(str, SEMIFINAL_SIZES))} places (T4)")
        if tiles not in ("table", "dealt"):
            raise NotationError(f"tiles {tiles!r}: table (tiles from the real bag) or dealt (the referee deals)")
        self.name = name
        self.format = format
        self.seed = seed
        self.fives = fives
        self.semifinal = semifinal
        self.rounds_planned = rounds_planned
        self.edition = edition
        self.tiles = tiles
        self.players: list[Player] = []
        self.rounds: list[Round] = []

    # ----- players (T1.1, T2.4) ----------------------------------------------------------------
    def find(self, name: str) -> Player | None:
        """The entrant called ``name`` (ignoring case and look-alike letters), or None."""
        return next((p for p in self.players if looks_alike(p.name, name)), None)

    def player(self, name: str) -> Player:
        """The entrant called ``name``. Raises :class:`NotationError` naming the entrants when none is."""
        found = self.find(name)
        if found is None:
            raise NotationError(f"{name!r} is not entered in {self.name}" + (
                f" (entered: {', '.join(p.name for p in self.players[:12])}{' ...' if len(self.players) > 12 else ''})"
                if self.players else ": add players with `tournament add PLAYER...`"))
        return found

    def add(self, name: str, group: str | None = None) -> str:
        """Enter ``name`` (with ``group``), or bring a withdrawn entrant back for the next rounds
        (T2.4). Returns what was done, in words. Raises :class:`NotationError` for a name that
        can't be a player's (R2.1), a second entrant with the same name, or an empty group."""
        check_player_name(name)
        if group is not None and (not group.strip() or not group.isprintable()):
            raise NotationError(f"group {group!r}: give a printable name, e.g. --group Smiths")
        known = self.find(name)
        if known is not None:
            if known.active:
                raise NotationError(f"{known.name} is already entered" + (f" (as {known.name!r})" if known.name != name else ""))
            known.active = True
            if group is not None:
                known.group = group
            return f"{known.name} is back for the next round"
        self.players.append(Player(name, group, self._lot(name)))
        return f"{name} entered" + (f" (group {group})" if group else "")

    def _lot(self, name: str) -> int:
        """A tie-break lot for a new entrant, distinct from every other entrant's (T4, last key)."""
        taken = {p.lot for p in self.players}
        rng = random.Random(f"{self.seed}:lot:{len(self.players)}:{name}")
        while True:
            lot = rng.randrange(1, 1_000_000)
            if lot not in taken:
                return lot

    def withdraw(self, name: str) -> str:
        """Take ``name`` out of the rounds still to be drawn (T2.4); results already played stay.
        Returns what was done. Raises :class:`NotationError` for an unknown or already withdrawn entrant."""
        player = self.player(name)
        if not player.active:
            raise NotationError(f"{player.name} is already withdrawn (`tournament add {player.name}` brings them back)")
        player.active = False
        return f"{player.name} withdrawn from the rounds still to be drawn"

    def active(self) -> list[Player]:
        """The entrants drawn into the next round, in the order they entered."""
        return [p for p in self.players if p.active]

    # ----- rounds ------------------------------------------------------------------------------
    def current(self) -> Round | None:
        """The last round drawn, or None."""
        return self.rounds[-1] if self.rounds else None

    def round(self, number: int) -> Round:
        """Round ``number``. Raises :class:`NotationError` when it has not been drawn."""
        if 1 <= number <= len(self.rounds):
            return self.rounds[number - 1]
        drawn = f"rounds 1 to {len(self.rounds)} are drawn" if self.rounds else "no round is drawn yet"
        raise NotationError(f"there is no round {number}: {drawn}")

    def game_name(self, stem: str, number: int, table: int, draw: int = 1) -> str:
        """The file name of a table's game, beside the event file: ``STEM-rN-tT.toml``, with
        ``-dK`` after the round for its K-th draw (a redraw never reuses a file name). A stem
        that an event file may have but a table's game name may not (a leading dot, as in
        ``.club.event.toml``, or a backslash) is made into one the event file can be read with."""
        safe = stem.replace("\\", "-").replace("/", "-").lstrip(".") or "event"
        return f"{safe}-r{number}{'' if draw == 1 else f'-d{draw}'}-t{table}.toml"

    def rng(self, *what: object) -> random.Random:
        """A random generator for one draw: seeded from the event's seed and ``what`` is drawn (T2.3)."""
        return random.Random(":".join(map(str, (self.seed, *what))))

    def pairs(self, stages: Iterable[str] | None = None) -> set[frozenset[str]]:
        """Every pair of players who have shared a table (in rounds of ``stages``, default all)."""
        wanted = set(stages) if stages is not None else None
        met: set[frozenset[str]] = set()
        for rnd in self.rounds:
            if wanted is None or rnd.stage in wanted:
                for t in rnd.tables:
                    met.update(frozenset(p) for p in itertools.combinations(t.seats, 2))
        return met

    def next_stage(self) -> str:
        """The stage ``draw`` makes next: ``heat`` or ``swiss``. Raises :class:`IllegalMoveError`
        when the format has no more rounds to draw (swiss: all rounds played; heats: advanced)."""
        if self.format == "swiss":
            if len(self.rounds) >= self.rounds_planned:
                raise IllegalMoveError(f"{self.name} has its {plural(self.rounds_planned, 'round')}: "
                                       "the standings are final")
            return "swiss"
        if any(r.stage != "heat" for r in self.rounds):
            raise IllegalMoveError("the heats are over (the semifinal is seeded): use `tournament advance` for the final")
        return "heat"

    def draw(self, stem: str = "event") -> Round:
        """Draw the next round (T2) and add it to :attr:`rounds`: tables of :func:`table_sizes`
        in random order, random seats, repeat opponents and group mates apart where a draw allows
        (:func:`best_draw`); swiss rounds after the first seat players of similar standing
        together (T4). Returns the round. Raises :class:`IllegalMoveError` when the last round is
        still open, the format has no more rounds, or fewer than 3 players are active."""
        last = self.current()
        if last is not None and last.open:
            raise IllegalMoveError(f"round {last.number} is still open: {_waiting(last)} "
                                   "(`tournament draw --force` discards it)")
        stage = self.next_stage()
        number = len(self.rounds) + 1
        return self._draw_round(number, stage, 1, stem)

    def redraw(self, stem: str = "event") -> tuple[Round, Round]:
        """Draw the last round again (``draw --force``, T2.3): the old draw and its results are
        discarded. Returns ``(old, new)``. Raises :class:`IllegalMoveError` when there is no
        round, or the last round is a semifinal or final (seeded by ``advance``, not drawn)."""
        old = self.current()
        if old is None:
            raise IllegalMoveError("no round is drawn yet: `tournament draw` draws the first")
        if old.stage not in ("heat", "swiss"):
            raise IllegalMoveError(f"round {old.number} is the {old.stage}, seeded from the standings: it is not redrawn")
        self.rounds.pop()
        new = self._draw_round(old.number, old.stage, old.draw + 1, stem)
        return old, new

    def _draw_round(self, number: int, stage: str, draw: int, stem: str) -> Round:
        entrants = [p.name for p in self.active()]
        sizes = table_sizes(len(entrants), self.fives)
        rng = self.rng("round", number, "draw", draw)
        rng.shuffle(sizes)  # which tables are short is drawn (T2.1)
        groups = {p.name: p.group for p in self.players if p.group}
        order = None
        if stage == "swiss" and number > 1:
            standing = {row.player: i for i, row in enumerate(self.standings())}
            order = sorted(entrants, key=lambda p: standing.get(p, len(standing)))
        tables = best_draw(entrants, sizes, self.pairs(), groups, rng, order)
        out = []
        for i, seats in enumerate(tables, start=1):
            rng.shuffle(seats)  # seating order is drawn (T2.2)
            out.append(Table(i, seats, self.game_name(stem, number, i, draw)))
        rnd = Round(number, stage, draw, out)
        self.rounds.append(rnd)
        return rnd

    # ----- results (T3) ----------------------------------------------------------------------
    def enter(self, number: int, table: int, result: Result, replace: bool = False) -> Table:
        """Record ``result`` for ``table`` of round ``number`` (T3). Returns the table.

        Checked (T3.1): every seated player once and nobody else, whole hundreds, no negative
        money. Raises :class:`NotationError` for a player not at the table or a seat without
        money, :class:`IllegalMoveError` for a second result (unless ``replace``) or bad money.
        """
        tab = self.round(number).table(table)
        if tab.result is not None and not replace:
            raise IllegalMoveError(f"round {number} table {table} already has its result ({tab.result.source}): "
                                   "add --replace to correct it")
        if result.counts:
            result = Result(check_sheet(tab.seats, result.money), result.source)
        tab.result = result
        return tab

    # ----- standings (T4) ---------------------------------------------------------------------
    def standings(self) -> list[Standing]:
        """The ranking of the format (T4), best first, every key shown; for heats the heat rounds
        only (the semifinal and final are reported apart, see :func:`finals`)."""
        if self.format == "swiss":
            return swiss_standings(self)
        return heat_standings(self)

    def cut(self) -> int:
        """Heats: how many advance to the semifinal: the event's size, or the largest of 16, 8, 4
        that the active players with a heat played can fill (0 when fewer than 4)."""
        return cut_size(self.semifinal, sum(1 for row in heat_standings(self) if row.eligible))

    # ----- semifinal and final (T4 heats) ------------------------------------------------------
    def advance(self, stem: str = "event") -> Round:
        """Seed the next stage of a heats event from the standings (T4 heats) and add it to
        :attr:`rounds`: after the heats, the semifinal (the players inside the cut line, seeded in
        snake order over tables of 4: with 16, seeds 1, 8, 9, 16 at table 1); after the semifinal,
        the final of its table winners (with a semifinal of 8: each table's first two). A
        semifinal of 4 is one table: it is the final. Seats are drawn (T2.2).

        A shared place at a semifinal table goes to the better heat seed. Raises
        :class:`IllegalMoveError` for a swiss event, an open round, too few players, or a final
        already seeded."""
        if self.format != "heats":
            raise IllegalMoveError("advance seeds the semifinal and final of a heats event; a swiss event ends with its rounds")
        last = self.current()
        if last is None or not any(r.stage == "heat" for r in self.rounds):
            raise IllegalMoveError("no heat has been played yet: `tournament draw` draws the first")
        if last.open:
            raise IllegalMoveError(f"round {last.number} is still open: {_waiting(last)}")
        seeds = [row.player for row in self.standings() if row.advances]
        number = len(self.rounds) + 1
        if last.stage == "heat":
            if len(seeds) < 4:
                raise IllegalMoveError(f"{plural(len(seeds), 'active player')} with a heat played: a semifinal needs 4")
            stage = "final" if len(seeds) == 4 else "semifinal"
            count = len(seeds) // 4
            groups: list[list[str]] = [[] for _ in range(count)]
            for i, p in enumerate(seeds):
                lap, at = divmod(i, count)
                groups[at if lap % 2 == 0 else count - 1 - at].append(p)
        elif last.stage == "semifinal":
            stage, groups = "final", [self._finalists(last, seeds)]
        else:
            raise IllegalMoveError("the final is seeded already: its result decides the event")
        rng = self.rng("round", number, stage)
        tables = []
        for i, seats in enumerate(groups, start=1):
            rng.shuffle(seats)
            tables.append(Table(i, seats, self.game_name(stem, number, i)))
        rnd = Round(number, stage, 1, tables)
        self.rounds.append(rnd)
        return rnd

    def _finalists(self, semifinal: Round, seeds: list[str]) -> list[str]:
        """The semifinal's table winners (both first two places with two tables), a shared place
        going to the better heat seed."""
        keep = 2 if len(semifinal.tables) == 2 else 1
        out = []
        for t in semifinal.tables:
            assert t.result is not None
            if not t.result.counts:
                raise IllegalMoveError(f"semifinal table {t.number} was left out: enter its result (T3.3) to seed the final")
            where = places(t.result.money)
            order = sorted(t.seats, key=lambda p: (where[p], seeds.index(p) if p in seeds else len(seeds)))
            out += order[:keep]
        return out

    def finals(self) -> dict[str, object]:
        """Heats: the semifinal's and final's outcome: ``finalists`` (once the semifinal is
        over) and ``champion`` (once the final is: its first place, a shared first going to the
        better heat seed), each None until known."""
        seeds = [row.player for row in heat_standings(self)]
        semi = next((r for r in self.rounds if r.stage == "semifinal"), None)
        final = next((r for r in self.rounds if r.stage == "final"), None)
        finalists = final.tables[0].seats if final else None
        champion = None
        if final is not None and final.tables[0].result is not None and final.tables[0].result.counts:
            where = places(final.tables[0].result.money)
            champion = min(where, key=lambda p: (where[p], seeds.index(p) if p in seeds else len(seeds)))
        return {"semifinal": semi is not None, "finalists": finalists, "champion": champion}


class Standing:
    """One row of the standings: ``rank`` (1 for the first), ``player``, ``keys`` (the format's
    keys by name, in T4's order, each a number), ``eligible`` (active, with a game played) and
    ``advances`` (heats: inside the cut line)."""

    __slots__ = ("advances", "eligible", "keys", "player", "rank", "sort")

    def __init__(self, player: str, keys: dict[str, object], sort: tuple[object, ...], eligible: bool) -> None:
        self.player = player
        self.keys = keys
        self.sort = sort
        self.eligible = eligible
        self.rank = 0
        self.advances = False


def cut_size(semifinal: int, eligible: int) -> int:
    """Heats: the places in the semifinal for ``eligible`` players (active, with a heat played):
    ``semifinal``, or the largest of 16, 8, 4 below it that they fill; 0 for fewer than 4 (T4).

    >>> cut_size(16, 22), cut_size(16, 12), cut_size(8, 30), cut_size(16, 3)
    (16, 8, 8, 0)
    """
    return next((n for n in SEMIFINAL_SIZES if n <= semifinal and n <= eligible), 0)


def check_sheet(seats: Sequence[str], cash: dict[str, int]) -> dict[str, int]:
    """A results sheet's money for the players at ``seats`` (T3.1): every seated player once and
    nobody else, whole hundreds of dollars, no negative money. Returns the money by seat name (names
    on the sheet are matched ignoring case). Raises :class:`NotationError` for a player not at the
    table, given twice or missing, :class:`IllegalMoveError` for money that is not whole hundreds
    or is negative."""
    seated = {s.casefold(): s for s in seats}
    out: dict[str, int] = {}
    for name, dollars in cash.items():
        seat = seated.get(name.casefold())
        if seat is None:
            raise NotationError(f"{name} is not at this table (its seats: {', '.join(seats)})")
        if seat in out:
            raise NotationError(f"{seat} is given twice: give each seated player's money once")
        if dollars < 0 or dollars % 100:
            raise IllegalMoveError(f"{seat}={dollars}: money is whole hundreds of dollars, not negative (T3.1)")
        out[seat] = dollars
    missing = [s for s in seats if s not in out]
    if missing:
        raise NotationError(f"no money given for {', '.join(missing)}: give every seated player's money, "
                            f"e.g. {missing[0]}=41000")
    return {s: out[s] for s in seats}


def _numbers(tables: Iterable[Table]) -> str:
    return ", ".join(str(t.number) for t in tables)


def _waiting(rnd: Round) -> str:
    """The tables of ``rnd`` without a result, in words: ``table 2 has no result``."""
    open_tables = [t for t in rnd.tables if t.result is None]
    if len(open_tables) == 1:
        return f"table {open_tables[0].number} has no result"
    return f"tables {_numbers(open_tables)} have no result"


def _pct(value: Fraction | float | None) -> float | None:
    """A percentage for people and JSON: one decimal, None for none (or an infinite margin)."""
    if value is None or value == float("inf"):
        return None
    return round(float(value), 1)


def table_facts(result: Result) -> dict[str, tuple[int, int, Fraction | float]]:
    """For each player of a counted result: ``(place, money, margin)``: the T3.2 place, the money,
    and for a winner the money as a percentage over the runner-up's (infinite over $0), for
    anyone else the money as a percentage of the table winner's (T4 heats key 3)."""
    cash = result.money
    where = places(cash)
    best = max(cash.values())
    out: dict[str, tuple[int, int, Fraction | float]] = {}
    for p, m in cash.items():
        margin: Fraction | float
        if where[p] == 1:
            others = [v for q, v in cash.items() if q != p]
            runner = max(others) if others else 0
            margin = Fraction((m - runner) * 100, runner) if runner else float("inf")
        else:
            margin = Fraction(m * 100, best) if best else Fraction(100)
        out[p] = (where[p], m, margin)
    return out


def counted(event: Event, stages: Iterable[str]) -> dict[str, list[tuple[int, int, Fraction | float, int]]]:
    """Each entrant's counted games in rounds of ``stages``: ``(place, money, margin, table size)``."""
    wanted = set(stages)
    games: dict[str, list[tuple[int, int, Fraction | float, int]]] = {p.name: [] for p in event.players}
    for rnd in event.rounds:
        if rnd.stage not in wanted:
            continue
        for t in rnd.tables:
            if t.result is not None and t.result.counts:
                for p, (place, m, margin) in table_facts(t.result).items():
                    games.setdefault(p, []).append((place, m, margin, len(t.seats)))
    return games


def heat_standings(event: Event) -> list[Standing]:
    """The heats ranking (T4 heats): most wins; placement points (1000/100/10/1); best margin (a
    winner's money over the runner-up's, in percent; players without a win below every winner, by
    their best money as a percent of their table winner's); average finish (lower first); the lot."""
    rows = []
    lots = {p.name: p for p in event.players}
    for name, games in counted(event, ["heat"]).items():
        wins = sum(1 for g in games if g[0] == 1)
        points = sum(HEAT_POINTS.get(g[0], 0) for g in games)
        margins = [g[2] for g in games if g[0] == 1] if wins else [g[2] for g in games]
        best: Fraction | float | None = max(margins) if margins else None
        average = Fraction(sum(g[0] for g in games), len(games)) if games else None
        lot = lots[name].lot
        keys: dict[str, object] = {"heats": len(games), "wins": wins, "points": points,
                                   "margin": _pct(best) if wins else None,
                                   "share_of_winner": None if wins else _pct(best),
                                   "average_finish": None if average is None else round(float(average), 2), "lot": lot}
        sort = (-wins, -points, 0 if wins else 1, -(best if best is not None else -1),
                average if average is not None else 99, -lot)
        rows.append(Standing(name, keys, sort, lots[name].active and bool(games)))
    return _ranked(event, rows)


def swiss_standings(event: Event) -> list[Standing]:
    """The swiss ranking (T4 swiss): placement points (by table size: 4/2/1/0, 4/2/0,
    4/3/2/1/0; a shared place scores the better place's points); total money; best game's money;
    the lot."""
    rows = []
    lots = {p.name: p for p in event.players}
    for name, games in counted(event, ["swiss"]).items():
        points = sum(SWISS_POINTS[size][place - 1] for place, _, _, size in games)
        total = sum(g[1] for g in games)
        top = max((g[1] for g in games), default=0)
        lot = lots[name].lot
        keys: dict[str, object] = {"games": len(games), "points": points, "money": total, "best_game": top, "lot": lot}
        rows.append(Standing(name, keys, (-points, -total, -top, -lot), lots[name].active and bool(games)))
    return _ranked(event, rows)


def _ranked(event: Event, rows: list[Standing]) -> list[Standing]:
    """``rows`` sorted by their keys, ranked 1, 2, 3 (the lot leaves no tie), the heats cut marked."""
    rows.sort(key=lambda r: r.sort)
    for i, row in enumerate(rows, start=1):
        row.rank = i
    if event.format == "heats":
        left = cut_size(event.semifinal, sum(1 for r in rows if r.eligible))
        for row in rows:
            if row.eligible and left > 0:
                row.advances = True
                left -= 1
    return rows


def best_draw(players: Sequence[str], sizes: Sequence[int], met: set[frozenset[str]], groups: dict[str, str],
              rng: random.Random, order: Sequence[str] | None = None) -> list[list[str]]:
    """Seat ``players`` at tables of ``sizes`` (T2.2): no pair in ``met`` (players who have met)
    together and no two of one group (``groups``: player -> group) where a draw allows.

    Without ``order`` every start is a random shuffle; with it (swiss, players best first) the
    first start fills the tables in that order, and among draws with as few clashes the one whose
    tables span the fewest places of ``order`` wins. A swap search from up to 8 starts, then, for
    a round of at most :data:`EXACT_LIMIT` players still with a clash, an exhaustive search.
    Returns the tables' players (in no particular seat order).
    """
    def cost(table: Sequence[str]) -> int:
        total = 0
        for a, b in itertools.combinations(table, 2):
            if frozenset((a, b)) in met:
                total += REPEAT_COST
            if groups.get(a) is not None and groups.get(a) == groups.get(b):
                total += GROUP_COST
        return total

    index = {p: i for i, p in enumerate(order)} if order is not None else None

    def spread(table: Sequence[str]) -> int:
        return 0 if index is None else max(index[p] for p in table) - min(index[p] for p in table)

    def score(table: Sequence[str]) -> int:
        return cost(table) * 100 + spread(table)

    best: list[list[str]] | None = None
    best_score = -1
    for attempt in range(8):
        start = list(order) if order is not None and attempt == 0 else rng.sample(list(players), len(players))
        tables, at = [], 0
        for n in sizes:
            tables.append(start[at:at + n])
            at += n
        clash = _improve(tables, cost, spread, rng)
        total = sum(score(t) for t in tables)
        if best is None or total < best_score:
            best, best_score = tables, total
        if clash == 0 and (order is None or attempt == 0):
            break
    assert best is not None
    if sum(cost(t) for t in best) > 0 and len(players) <= EXACT_LIMIT:
        exact = exhaustive_draw(list(players), list(sizes), score)
        if exact is not None and sum(score(t) for t in exact) < best_score:
            best = exact
    return best


def _improve(tables: list[list[str]], clash: Callable[[Sequence[str]], int], width: Callable[[Sequence[str]], int],
             rng: random.Random) -> int:
    """Swap players between tables while a swap lowers the clash cost (then the spread); returns the clash cost."""
    def score(t: Sequence[str]) -> int:
        return clash(t) * 100 + width(t)

    improved = True
    while improved:
        improved = False
        pairs = [(i, j) for i in range(len(tables)) for j in range(i + 1, len(tables))]
        rng.shuffle(pairs)
        for i, j in pairs:
            a, b = tables[i], tables[j]
            for x in range(len(a)):
                for y in range(len(b)):
                    before = score(a) + score(b)
                    a[x], b[y] = b[y], a[x]
                    if score(a) + score(b) < before:
                        improved = True
                    else:
                        a[x], b[y] = b[y], a[x]
    return sum(clash(t) for t in tables)


def exhaustive_draw(players: list[str], sizes: list[int], cost: Callable[[Sequence[str]], int]) -> list[list[str]] | None:
    """The tables of ``sizes`` with the lowest total ``cost`` over every way of seating ``players``
    (branch and bound: the first player left goes to a table of each size still to fill, so no
    grouping is tried twice). Returns the tables in the order of ``sizes``, None when there are none."""
    best: list[list[str]] = []
    bound = [float("inf")]

    def fill(rest: list[str], todo: list[int], done: list[list[str]], spent: int) -> None:
        if spent >= bound[0]:
            return
        if not todo:
            bound[0] = spent
            best[:] = [list(t) for t in done]
            return
        first, others = rest[0], rest[1:]
        for size in sorted(set(todo), reverse=True):
            left_sizes = list(todo)
            left_sizes.remove(size)
            for mates in itertools.combinations(others, size - 1):
                table = [first, *mates]
                left = [p for p in others if p not in mates]
                fill(left, left_sizes, [*done, table], spent + cost(table))
                if bound[0] == 0:
                    return

    fill(players, list(sizes), [], 0)
    if not best:
        return None
    pool = list(best)
    out = []
    for n in sizes:  # which tables are short was drawn: keep that order
        pick = next(t for t in pool if len(t) == n)
        pool.remove(pick)
        out.append(pick)
    return out


def describe_result(result: Result) -> str:
    """A result in words: ``Ann $52,300, Ben $41,000 (sheet)``."""
    if not result.counts:
        return "left out (unfinished, T3.3)"
    order = sorted(result.money.items(), key=lambda kv: -kv[1])
    return ", ".join(f"{p} {money(m)}" for p, m in order) + f" ({result.source})"
