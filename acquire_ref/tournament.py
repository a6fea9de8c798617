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

FINAL_SIZES = (4, 5)
"""The final's sizes of the heats format (T4): the semifinal's table winners, and with 5 the
best of the semifinal's other players too."""

TIEBREAK_KEYS = {
    "first_heat_win": "a win in the first heat entered",
    "wins": "most wins",
    "second_heat_win": "a win in the second heat entered",
    "third_heat_win": "a win in the third heat entered",
    "points": "placement points (1st 1000, 2nd 100, 3rd 10, 4th 1)",
    "margin": "best margin (a win's money over the runner-up's, in %; without a win, below every winner, "
              "by best money as % of the table winner's)",
    "finish_margin": "% of money over the runner-up at the best finish (below the winner's money: negative)",
    "average_finish": "average finish over the heats entered",
    "lot": "the recorded random draw",
}
"""The heats format's tie-break keys (T4), each with what it ranks by, in words."""

PRESETS = {
    "acquire-ref": ("wins", "points", "margin", "average_finish", "lot"),
    "wbc-2007": ("first_heat_win", "wins", "second_heat_win", "third_heat_win", "finish_margin", "average_finish", "lot"),
}
"""The named tie-break lists of the heats format (T4): this project's earlier default, and the
list the World Boardgaming Championships published for Acquire in 2007."""

DEFAULT_PRESET = "acquire-ref"
"""The tie-break list of an event that names none (every event made before lists existed)."""

MARGIN_KEYS = ("margin", "finish_margin")
"""The keys a per-table-size factor adjusts (a winner's % over the runner-up, T4)."""

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


def parse_tiebreaks(text: str) -> tuple[str | None, list[str]]:
    """A tie-break list from ``--tiebreaks``: a preset's name (:data:`PRESETS`) or the known keys
    (:data:`TIEBREAK_KEYS`) in the order wanted, separated by commas; the recorded draw (``lot``)
    is always last, added when missing. Returns ``(preset name or None, keys)``.

    Raises :class:`NotationError` for an unknown key, a key given twice, or ``lot`` before the end.

    >>> parse_tiebreaks("wins,margin")
    (None, ['wins', 'margin', 'lot'])
    >>> parse_tiebreaks("wbc-2007")[1][:2]
    ['first_heat_win', 'wins']
    """
    name = text.strip().lower()
    if name in PRESETS:
        return name, list(PRESETS[name])
    keys = [k.strip().lower().replace("-", "_") for k in text.split(",") if k.strip()]
    known = ", ".join(TIEBREAK_KEYS)
    if not keys:
        raise NotationError(f"--tiebreaks {text!r}: name a preset ({', '.join(PRESETS)}) or keys in order ({known})")
    for k in keys:
        if k not in TIEBREAK_KEYS:
            raise NotationError(f"tie-break {k!r} is not a key of the heats format: presets {', '.join(PRESETS)}, "
                                f"keys {known}")
        if keys.count(k) > 1:
            raise NotationError(f"tie-break {k!r} is given twice: give each key once, in order")
    if "lot" in keys[:-1]:
        raise NotationError("the recorded draw (lot) settles the last tie: it comes last")
    if keys[-1] != "lot":
        keys.append("lot")
    for preset, listed in PRESETS.items():
        if keys == list(listed):
            return preset, keys
    return None, keys


def parse_factors(items: Iterable[str]) -> dict[int, Fraction]:
    """Per-table-size factors for the margin keys (T4: WBC adjusts winners' percentages for 3-
    and 5-player tables) from ``SIZE=FACTOR`` items, e.g. ``3=0.8`` or ``5=5/4``. Returns
    ``{table size: factor}``. Raises :class:`NotationError` for a size outside 3 to 6 or a
    factor that is not a positive number.

    >>> parse_factors(["3=0.8", "5=5/4"])
    {3: Fraction(4, 5), 5: Fraction(5, 4)}
    """
    out: dict[int, Fraction] = {}
    for item in items:
        size, eq, value = item.partition("=")
        try:
            factor = Fraction(value.strip()) if eq and len(value) < 20 else Fraction(-1)
        except (ValueError, ZeroDivisionError):
            factor = Fraction(-1)
        if not size.strip().isdigit() or not 3 <= int(size) <= 6 or factor <= 0 or factor > 10:
            raise NotationError(f"--margin-factor {item!r}: write TABLE_SIZE=FACTOR, a size 3 to 6 and a factor "
                                "above 0 up to 10, e.g. 3=0.8")
        out[int(size)] = factor
    return dict(sorted(out.items()))


def seat_name(name: str) -> str:
    """The name a player sits under in a table's game file, where names have no spaces (R2.1):
    each run of spaces becomes ``_`` (``José García`` -> ``José_García``)."""
    return "_".join(name.split())


def name_key(name: str) -> str:
    """What an entrant's name is indexed by: its look-alike skeleton (case, Unicode normal form,
    look-alike letters, the same key :func:`acquire_ref.setup.looks_alike` compares by), with
    spaces as a game seat has them. A hit is confirmed with ``looks_alike``."""
    from acquire_ref.problems import skeleton

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
    semifinal, 16, 8 or 4), ``final`` (heats: 4 or 5 players), ``tiebreaks`` (heats: the ordered
    keys, T4, with ``preset`` its name when it is one) and ``margin_factors`` (table size ->
    factor for a winner's margin), ``rounds_planned`` (swiss: the fixed number of rounds), and
    the games' ``edition`` and ``tiles`` mode (``table`` or ``dealt``).

    ``made`` and ``discarded`` collect, while a command runs, the tables whose game files are to
    be made and the game file names that are no longer any table's (the command line makes and
    marks them; they are not part of the event file)."""

    def __init__(self, name: str, format: str = "heats", seed: int = 0, fives: bool = False, semifinal: int = 16,
                 rounds_planned: int = 4, edition: str = "classic", tiles: str = "table",
                 tiebreaks: Sequence[str] | None = None, final: int = 4,
                 margin_factors: dict[int, Fraction] | None = None) -> None:
        if format not in FORMATS:
            raise NotationError(f"format {format!r}: {' or '.join(FORMATS)} (T4)")
        if semifinal not in SEMIFINAL_SIZES:
            raise NotationError(f"semifinal {semifinal}: {', '.join(map(str, SEMIFINAL_SIZES))} places (T4)")
        if final not in FINAL_SIZES:
            raise NotationError(f"final {final}: {' or '.join(map(str, FINAL_SIZES))} players (T4)")
        if tiles not in ("table", "dealt"):
            raise NotationError(f"tiles {tiles!r}: table (tiles from the real bag) or dealt (the referee deals)")
        self.name = name
        self.format = format
        self.seed = seed
        self.fives = fives
        self.semifinal = semifinal
        self.final = final
        self.rounds_planned = rounds_planned
        self.edition = edition
        self.tiles = tiles
        self.preset, self.tiebreaks = parse_tiebreaks(",".join(tiebreaks) if tiebreaks else DEFAULT_PRESET)
        self.margin_factors: dict[int, Fraction] = dict(margin_factors or {})
        self.players: list[Player] = []
        self.rounds: list[Round] = []
        self._index: dict[str, list[Player]] = {}
        self._badges: dict[str, Player] = {}
        self._lots: set[int] = set()
        self.made: list[tuple[Round, Table]] = []
        self.discarded: list[str] = []

    # ----- players (T1.1, T1.3, T1.4, T2.4) ----------------------------------------------------
    def find(self, name: str) -> Player | None:
        """The entrant called ``name`` (as game names compare: case, Unicode normal form,
        look-alike letters; spaces as ``_``), or None. An index, not a scan: a lookup costs the
        same at 5,000 entrants as at 5."""
        return next((p for p in self._index.get(name_key(name), ()) if looks_alike(p.seat, seat_name(name))), None)

    def by_badge(self, badge: str) -> Player | None:
        """The entrant with badge ID ``badge`` (compared ignoring case), or None."""
        return self._badges.get(badge.strip().casefold())

    def enrol(self, player: Player) -> None:
        """Add ``player`` to :attr:`players` and the name and badge indexes (no checks: see :meth:`add`)."""
        self.players.append(player)
        self._lots.add(player.lot)
        self._index.setdefault(name_key(player.name), []).append(player)
        if player.badge:
            self._badges[player.badge.casefold()] = player

    def player(self, name: str) -> Player:
        """The entrant called ``name``, or with badge ID ``name``. Raises :class:`NotationError`
        naming some entrants when none is."""
        found = self.find(name) or self.by_badge(name)
        if found is None:
            raise NotationError(f"{name!r} is not entered in {self.name}" + (
                f" (entered: {', '.join(p.name for p in self.players[:12])}{' ...' if len(self.players) > 12 else ''})"
                if self.players else ": add players with `tournament add PLAYER...`"))
        return found

    def add(self, name: str, group: str | None = None, badge: str | None = None) -> str:
        """Enter ``name`` (with ``group`` and ``badge``), or bring a withdrawn entrant back for the
        next rounds (T2.4). A name may have spaces, as on a badge (T1.3); runs of spaces become one.
        Returns what was done, in words. Raises :class:`NotationError` for a name that can't be
        a player's (R2.1, spaces aside), a second entrant with the same name (nobody is entered
        then: the command is refused whole), a badge ID already given, or an empty group."""
        name = " ".join(name.split())
        check_player_name(seat_name(name) if name else name)
        if group is not None and (not group.strip() or not group.isprintable()):
            raise NotationError(f"group {group!r}: give a printable name, e.g. --group Smiths")
        if badge is not None and (not badge.strip() or not badge.isprintable() or len(badge) > 20 or "=" in badge
                                  or " " in badge.strip()):
            raise NotationError(f"badge {badge!r}: give the badge ID as printed, up to 20 letters or digits, e.g. 1042")
        known = self.find(name)
        if known is not None:
            if known.active:
                shown = f" (as {known.name!r})" if known.name != name else ""
                raise NotationError(f"{known.name} is already entered{shown}: nobody was entered; "
                                    "leave them out and add the others")
            known.active = True
            if group is not None:
                known.group = group
            return f"{known.name} is back for the next round"
        if badge is not None:
            holder = self.by_badge(badge) or self.find(badge)
            if holder is not None:
                raise NotationError(f"badge {badge} is {holder.name}'s: nobody was entered; give each player their own badge ID")
        if self.by_badge(name) is not None:
            raise NotationError(f"{name!r} is {self.by_badge(name).name}'s badge ID: "  # type: ignore[union-attr]
                                "a name can't be another player's badge; nobody was entered")
        self.enrol(Player(name, group, self._lot(name), badge=badge.strip() if badge else None))
        return f"{name} entered" + (f" (group {group})" if group else "") + (f" (badge {badge.strip()})" if badge else "")

    def _lot(self, name: str) -> int:
        """A tie-break lot for a new entrant, distinct from every other entrant's (T4, last key)."""
        rng = random.Random(f"{self.seed}:lot:{len(self.players)}:{name}")
        while True:
            lot = rng.randrange(1, 1_000_000)
            if lot not in self._lots:
                return lot

    def checkin(self, names: Iterable[str], heat: int, out: bool = False) -> list[str]:
        """Check ``names`` in for heat round ``heat`` (T1.4: players enter the heats they choose),
        or with ``out`` take the check-in back (sitting a heat out is not a withdrawal). Once any
        player is checked in for a heat, that heat is drawn among those checked in. Returns what
        was done, one line a player. Raises :class:`NotationError` for an unknown or withdrawn
        player, and :class:`IllegalMoveError` for a heat already drawn or not a heat."""
        if self.format != "heats":
            raise IllegalMoveError("check-in is for the heats format: a swiss event draws every player in every round")
        if heat < 1 or heat > 50:
            raise NotationError(f"--heat {heat}: heats are numbered from 1 (the round number)")
        if heat <= len(self.rounds):
            raise IllegalMoveError(f"heat {heat} is drawn already: `tournament join PLAYER` seats a late arrival in it")
        if any(r.stage != "heat" for r in self.rounds):
            raise IllegalMoveError("the heats are over (the semifinal is seeded): no more heats to check in for")
        said = []
        for name in names:
            p = self.player(name)
            if not p.active:
                raise NotationError(f"{p.name} is withdrawn: `tournament add {p.name}` brings them back first")
            if out:
                if heat in p.heats:
                    p.heats.remove(heat)
                said.append(f"{p.name} sits out heat {heat}")
            else:
                if heat not in p.heats:
                    p.heats.append(heat)
                    p.heats.sort()
                said.append(f"{p.name} checked in for heat {heat}")
        return said

    def checked_in(self, heat: int) -> list[Player] | None:
        """The active players checked in for heat ``heat``, or None when nobody is (then every
        active player is drawn)."""
        listed = [p for p in self.players if p.active and heat in p.heats]
        return listed or None

    def withdraw(self, name: str) -> str:
        """Take ``name`` out of the rounds still to be drawn (T2.4); results already played stay.
        A player seated at a table of a seeded semifinal or final that has not been played gives
        the seat to the next by the keys (the alternate, T4), in the same seat. Returns what was
        done. Raises :class:`NotationError` for an unknown or already withdrawn entrant."""
        player = self.player(name)
        if not player.active:
            raise NotationError(f"{player.name} is already withdrawn (`tournament add {player.name}` brings them back)")
        player.active = False
        words = f"{player.name} withdrawn from the rounds still to be drawn"
        last = self.current()
        if last is not None and last.stage in ("semifinal", "final"):
            for t in last.tables:
                if player.name in t.seats and t.result is None:
                    alternate = self._alternate(last)
                    if alternate is None:
                        return words + f"; nobody is left to take their seat at {last.stage} table {t.number}"
                    t.seats[t.seats.index(player.name)] = alternate
                    self.discarded.append(t.game)
                    t.game = self._fresh_game(t.game)
                    self.made.append((last, t))
                    return words + (f"; {alternate}, the next by the tie-breaks, takes their seat at "
                                    f"{last.stage} table {t.number}")
        return words

    def _alternate(self, seeded: Round) -> str | None:
        """The next player by the keys for a seat of ``seeded`` (a semifinal or final) not taken
        up: active, not seated in it. For a semifinal, by the heat standings; for a final, by the
        semifinal's order (:meth:`semifinal_order`)."""
        seated = {p for t in seeded.tables for p in t.seats}
        if seeded.stage == "final" and any(r.stage == "semifinal" for r in self.rounds):
            semi = next(r for r in self.rounds if r.stage == "semifinal")
            pool = [p for p in self.semifinal_order(semi) if p not in seated]
        else:
            pool = [r.player for r in heat_standings(self) if r.eligible and r.player not in seated]
        return next((p for p in pool if self.player(p).active), None)

    def _fresh_game(self, game: str) -> str:
        """A game file name for a table whose seats changed: ``...-tT-sK.toml``, K the first unused."""
        taken = {t.game for r in self.rounds for t in r.tables} | set(self.discarded)
        base = game[:-5] if game.endswith(".toml") else game
        base = base.rsplit("-s", 1)[0] if base.rsplit("-s", 1)[-1].isdigit() else base
        k = 1
        while f"{base}-s{k}.toml" in taken:
            k += 1
        return f"{base}-s{k}.toml"

    def active(self) -> list[Player]:
        """The entrants drawn into the next round, in the order they entered."""
        return [p for p in self.players if p.active]

    def join(self, names: Sequence[str], group: str | None = None, stem: str = "event") -> list[str]:
        """Late arrivals (T1.4, T2.4): enter each of ``names`` (or bring them back) and seat them
        in the last round, which is drawn and open, without moving anyone already seated: first
        one at each short table (3 seats, or 4 when the event allows 5s) that has no result, the
        table whose players they have met least (then group mates, then the lowest number) first;
        three or more left over sit at new tables. Each table joined gets a new game file (its
        old one is marked discarded), so only tables whose games have not begun should be
        joined: the command line checks that. Returns what was done, one line a player.

        Raises :class:`IllegalMoveError` when no round is open, it is a semifinal or final, or
        one or two players are left without a seat."""
        last = self.current()
        if last is None or not last.open:
            raise IllegalMoveError("no round is open: `tournament add` enters a player for the next draw")
        if last.stage not in ("heat", "swiss"):
            raise IllegalMoveError(f"round {last.number} is the {last.stage}, seeded from the standings: "
                                   "nobody joins it late")
        said = []
        for n in names:  # an entrant who came late (not checked in, or not drawn) joins as they are
            known = self.find(n)
            said.append(self.add(n, group) if known is None or not known.active else f"{known.name} joins")
        joining = [self.player(n).name for n in names]
        seated = {p for t in last.tables for p in t.seats}
        for p in joining:
            if p in seated:
                raise IllegalMoveError(f"{p} is seated already in round {last.number}")
            if last.stage == "heat" and self.checked_in(last.number) is not None:
                self.player(p).heats = sorted({*self.player(p).heats, last.number})
        where, left = self._short_tables(last, joining)
        if 0 < len(left) < 3:
            raise IllegalMoveError(f"no short table is left for {', '.join(left)}: a new table needs 3 players "
                                   "(join them with more late arrivals, or redraw with `tournament draw --force`)")
        lines = []
        for table in dict.fromkeys(where.values()):
            self.discarded.append(table.game)
            table.game = self._fresh_game(table.game)
            self.made.append((last, table))
        if left:
            rng = self.rng("round", last.number, "late", len(last.tables))
            for size in table_sizes(len(left), self.fives):
                seats, left = left[:size], left[size:]
                rng.shuffle(seats)
                number = len(last.tables) + 1
                table = Table(number, seats, self._fresh_game(self.game_name(stem, last.number, number, last.draw)))
                last.tables.append(table)
                self.made.append((last, table))
                for p in seats:
                    where[p] = table
        for line, p in zip(said, joining, strict=True):
            lines.append(f"{line}; seated at round {last.number} table {where[p].number}")
        return lines

    def _short_tables(self, last: Round, joining: list[str]) -> tuple[dict[str, Table], list[str]]:
        """Seat as many of ``joining`` as fit, one a table, at ``last``'s short tables without a
        result (:meth:`join`). Returns ``(player -> table, players left over)``."""
        met = self.pairs()
        groups = {p.name: p.group for p in self.players if p.group}
        cap = 5 if self.fives else 4
        where: dict[str, Table] = {}
        left = list(joining)
        for p in list(left):
            open_short = [t for t in last.tables if t.result is None and len(t.seats) < cap and t not in where.values()]
            if len(left) >= 3 and not [t for t in open_short if len(t.seats) == 3]:
                break
            if not open_short:
                break

            def clash(t: Table, who: str = p) -> tuple[int, int, int, int]:
                repeats = sum(1 for q in t.seats if frozenset((who, q)) in met)
                mates = sum(1 for q in t.seats if groups.get(q) is not None and groups.get(q) == groups.get(who))
                return (len(t.seats) - 3, repeats, mates, t.number)

            table = min(open_short, key=clash)
            table.seats.append(p)
            where[p] = table
            left.remove(p)
        return where, left

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
        ``.club.event.toml``, a backslash, or bytes that are not UTF-8 in the file's name) is
        made into one the event file can be read with."""
        safe = stem.replace("\\", "-").replace("/", "-").lstrip(".") or "event"
        if not safe.isprintable() or any(0xD800 <= ord(ch) <= 0xDFFF for ch in safe):
            safe = "".join(ch if ch.isprintable() and not 0xD800 <= ord(ch) <= 0xDFFF else "_" for ch in safe)
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

    def seeded(self) -> Round | None:
        """Heats: the first round seeded from the heat standings (the semifinal, or a final
        seeded straight from the heats), or None before ``advance``."""
        return next((r for r in self.rounds if r.stage in ("semifinal", "final")), None)

    def over(self) -> bool:
        """Heats: True once the final has its result."""
        final = next((r for r in self.rounds if r.stage == "final"), None)
        return final is not None and not final.open

    def _final_state(self) -> str:
        """Words for what is left once the final is seeded: its result to enter, or the champion."""
        final = next(r for r in self.rounds if r.stage == "final")
        if final.open:
            return (f"the final is seeded (round {final.number}): enter its result with "
                    f"`tournament result {final.number} 1`; there is nothing more to draw or seed")
        champion = self.finals()["champion"]
        return f"the event is over: the final is played{f' and {champion} is the champion' if champion else ''}"

    def next_stage(self) -> str:
        """The stage ``draw`` makes next: ``heat`` or ``swiss``. Raises :class:`IllegalMoveError`
        when the format has no more rounds to draw (swiss: all rounds played; heats: advanced)."""
        if self.format == "swiss":
            if len(self.rounds) >= self.rounds_planned:
                raise IllegalMoveError(f"{self.name} has its {plural(self.rounds_planned, 'round')}: "
                                       "the standings are final")
            return "swiss"
        if any(r.stage == "final" for r in self.rounds):
            raise IllegalMoveError(self._final_state())
        if any(r.stage != "heat" for r in self.rounds):
            raise IllegalMoveError("the heats are over (the semifinal is seeded): use `tournament advance` for the final")
        return "heat"

    def draw(self, stem: str = "event") -> Round:
        """Draw the next round (T2) and add it to :attr:`rounds`: tables of :func:`table_sizes`
        in random order, random seats, repeat opponents and group mates apart where a draw allows
        (:func:`best_draw`); swiss rounds after the first seat players of similar standing
        together (T4); a heat with check-ins draws those checked in (T1.4). Returns the round.
        Raises :class:`IllegalMoveError` when the last round is still open, the format has no
        more rounds, or fewer than 3 players are to be drawn."""
        last = self.current()
        if last is not None and last.stage in ("semifinal", "final"):
            self.next_stage()  # says what is left once the heats are over
        if last is not None and last.open:
            raise IllegalMoveError(f"round {last.number} is still open: {_waiting(last)} "
                                   "(`tournament draw --force` discards it)")
        stage = self.next_stage()
        number = len(self.rounds) + 1
        return self._draw_round(number, stage, 1, stem)

    def redraw(self, stem: str = "event") -> tuple[Round, Round]:
        """Draw the last round again (``draw --force``, T2.3): the old draw and its results are
        discarded (its game files listed in :attr:`discarded`). Returns ``(old, new)``. Raises
        :class:`IllegalMoveError` when there is no round, or the last round is a semifinal or
        final (seeded by ``advance``, not drawn)."""
        old = self.current()
        if old is None:
            raise IllegalMoveError("no round is drawn yet: `tournament draw` draws the first")
        if old.stage not in ("heat", "swiss"):
            raise IllegalMoveError(f"round {old.number} is the {old.stage}, seeded from the standings: it is not redrawn")
        self.rounds.pop()
        new = self._draw_round(old.number, old.stage, old.draw + 1, stem)
        self.discarded += [t.game for t in old.tables]
        return old, new

    def _draw_round(self, number: int, stage: str, draw: int, stem: str) -> Round:
        listed = self.checked_in(number) if stage == "heat" else None
        entrants = [p.name for p in (listed if listed is not None else self.active())]
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
        self.made += [(rnd, t) for t in out]
        return rnd

    # ----- results (T3) ----------------------------------------------------------------------
    def enter(self, number: int, table: int, result: Result, replace: bool = False) -> Table:
        """Record ``result`` for ``table`` of round ``number`` (T3). Returns the table.

        Checked (T3.1): every seated player once and nobody else (by name or badge ID), whole
        hundreds, no negative money. Raises :class:`NotationError` for a player not at the
        table or a seat without money, :class:`IllegalMoveError` for a second result (unless
        ``replace``) or bad money.
        """
        tab = self.round(number).table(table)
        if tab.result is not None and not replace:
            raise IllegalMoveError(f"round {number} table {table} already has its result ({tab.result.source}): "
                                   "add --replace to correct it")
        if result.counts:
            result = Result(check_sheet(tab.seats, result.money, self), result.source)
        tab.result = result
        return tab

    def seeding(self) -> dict[int, list[str]]:
        """Heats: for each seeded round (semifinal, final), who the results as they stand now
        would seat there: ``{round number: players}`` (sorted). Compared before and after a
        correction, it tells whether the correction changes a round already seeded (T1.2)."""
        out: dict[int, list[str]] = {}
        if self.format != "heats":
            return out
        for rnd in self.rounds:
            if rnd.stage == "semifinal" or (rnd.stage == "final" and not any(r.stage == "semifinal" for r in self.rounds)):
                out[rnd.number] = sorted(r.player for r in heat_standings(self, seeded=False) if r.advances)
            elif rnd.stage == "final":
                semi = next(r for r in self.rounds if r.stage == "semifinal")
                if not semi.open:
                    try:
                        out[rnd.number] = sorted(self._finalists(semi))
                    except IllegalMoveError:
                        out[rnd.number] = []
        return out

    # ----- standings (T4) ---------------------------------------------------------------------
    def standings(self) -> list[Standing]:
        """The ranking of the format (T4), best first, every key shown; for heats the heat rounds
        only (the semifinal and final are reported apart, see :func:`finals`)."""
        if self.format == "swiss":
            return swiss_standings(self)
        return heat_standings(self)

    def cut(self) -> int:
        """Heats: how many advance to the semifinal: once seeded, the seats of the seeded round;
        before, the event's size, or the largest of 16, 8, 4 that the active players with a heat
        played can fill (0 when fewer than 4)."""
        seeded = self.seeded()
        if seeded is not None:
            return sum(len(t.seats) for t in seeded.tables)
        return cut_size(self.semifinal, sum(1 for row in heat_standings(self) if row.eligible))

    # ----- semifinal and final (T4 heats) ------------------------------------------------------
    def advance(self, stem: str = "event") -> Round:
        """Seed the next stage of a heats event from the standings (T4 heats) and add it to
        :attr:`rounds`: after the heats, the semifinal (the players inside the cut line, seeded in
        snake order over tables of 4: with 16, seeds 1, 8, 9, 16 at table 1); after the semifinal,
        the final of its table winners (with a semifinal of 8: each table's first two; with a
        final of 5, the best of the others by :meth:`semifinal_order` too). A withdrawn player is
        never seated: the next by the same order takes the place. A semifinal of 4 is one table:
        it is the final. Seats are drawn (T2.2).

        A shared place at a semifinal table goes to the better heat seed. Raises
        :class:`IllegalMoveError` for a swiss event, an open round, too few players, or a final
        already seeded."""
        if self.format != "heats":
            raise IllegalMoveError("advance seeds the semifinal and final of a heats event; a swiss event ends with its rounds")
        last = self.current()
        if last is None or not any(r.stage == "heat" for r in self.rounds):
            raise IllegalMoveError("no heat has been played yet: `tournament draw` draws the first")
        if any(r.stage == "final" for r in self.rounds):
            raise IllegalMoveError(self._final_state())
        if last.open:
            raise IllegalMoveError(f"round {last.number} is still open: {_waiting(last)}")
        number = len(self.rounds) + 1
        if last.stage == "heat":
            seeds = [row.player for row in self.standings() if row.advances]
            if len(seeds) < 4:
                raise IllegalMoveError(f"{plural(len(seeds), 'active player')} with a heat played: a semifinal needs 4")
            stage = "final" if len(seeds) == 4 else "semifinal"
            count = len(seeds) // 4
            groups: list[list[str]] = [[] for _ in range(count)]
            for i, p in enumerate(seeds):
                lap, at = divmod(i, count)
                groups[at if lap % 2 == 0 else count - 1 - at].append(p)
        else:
            stage, groups = "final", [self._finalists(last)]
        rng = self.rng("round", number, stage)
        tables = []
        for i, seats in enumerate(groups, start=1):
            rng.shuffle(seats)
            tables.append(Table(i, seats, self.game_name(stem, number, i)))
        rnd = Round(number, stage, 1, tables)
        self.rounds.append(rnd)
        self.made += [(rnd, t) for t in tables]
        return rnd

    def semifinal_order(self, semifinal: Round) -> list[str]:
        """The semifinal's players in the order they go to the final (T4): first each table's
        qualifiers (its winner; with two tables its first two), a shared place going to the better
        heat seed; then the others by place at their table, then money as % of their table
        winner's, then heat seed. A withdrawn player stays in the list (:meth:`_finalists`
        passes over them). Raises :class:`IllegalMoveError` for a table left out or unplayed."""
        seeds = {row.player: i for i, row in enumerate(heat_standings(self, seeded=False))}
        keep = 2 if len(semifinal.tables) == 2 else 1
        qualifiers: list[str] = []
        rest: list[tuple[int, Fraction | float, int, str]] = []
        for t in semifinal.tables:
            if t.result is None or not t.result.counts:
                raise IllegalMoveError(f"semifinal table {t.number} has no counted result: enter it (T3.3) to seed the final")
            facts = table_facts(t.result)
            order = sorted(t.seats, key=lambda p: (facts[p][0], seeds.get(p, len(seeds))))
            active = [p for p in order if self.player(p).active]
            qualifiers += active[:keep]
            for p in order:
                if p not in active[:keep]:
                    share = facts[p][2] if facts[p][0] != 1 else Fraction(100)
                    rest.append((facts[p][0], -share, seeds.get(p, len(seeds)), p))
        return qualifiers + [p for *_, p in sorted(rest)]

    def _finalists(self, semifinal: Round) -> list[str]:
        """The final's players: :meth:`semifinal_order`'s first :attr:`final` active players
        (4 qualifiers, and with a final of 5 the best of the rest)."""
        order = [p for p in self.semifinal_order(semifinal) if self.player(p).active]
        if len(order) < 3:
            raise IllegalMoveError(f"only {plural(len(order), 'active semifinalist')}: a final needs 3")
        return order[:self.final]

    def finals(self) -> dict[str, object]:
        """Heats: the semifinal's and final's outcome: ``semifinal`` (seeded or not),
        ``finalists`` (the final's seats once seeded), ``final_order`` (the final's players by
        finish once played, a shared place going to the better heat seed), ``champion`` and
        ``places`` (T4: places 1 to 6: the final's, then the semifinal's others by
        :meth:`semifinal_order`; each ``{place, player, stage}``), None or empty until known."""
        seeds = {row.player: i for i, row in enumerate(heat_standings(self, seeded=False))}
        semi = next((r for r in self.rounds if r.stage == "semifinal"), None)
        final = next((r for r in self.rounds if r.stage == "final"), None)
        finalists = list(final.tables[0].seats) if final else None
        champion = None
        order: list[str] | None = None
        top: list[dict[str, object]] = []
        if final is not None and final.tables[0].result is not None and final.tables[0].result.counts:
            where = places(final.tables[0].result.money)
            order = sorted(where, key=lambda p: (where[p], seeds.get(p, len(seeds))))
            champion = order[0]
            top = [{"place": i, "player": p, "stage": "final"} for i, p in enumerate(order, start=1)]
            if semi is not None and not semi.open:
                try:
                    others = [p for p in self.semifinal_order(semi) if p not in order]
                except IllegalMoveError:
                    others = []
                top += [{"place": i, "player": p, "stage": "semifinal"}
                        for i, p in enumerate(others, start=len(order) + 1)]
            top = top[:6]
        return {"semifinal": semi is not None, "finalists": finalists, "final_order": order, "champion": champion,
                "places": top}


class Standing:
    """One row of the standings: ``rank`` (1 for the first), ``player``, ``keys`` (the format's
    keys by name, each a number rounded as JSON shows it), ``exact`` (the margin keys unrounded:
    a :class:`~fractions.Fraction`, ``inf`` for a win over $0, or None), ``eligible`` (active,
    with a game played) and ``advances`` (heats: inside the cut line, or seated in the seeded
    round once there is one)."""

    __slots__ = ("advances", "eligible", "exact", "keys", "player", "rank", "sort")

    def __init__(self, player: str, keys: dict[str, object], sort: tuple[object, ...], eligible: bool,
                 exact: dict[str, Fraction | float | None] | None = None) -> None:
        self.player = player
        self.keys = keys
        self.sort = sort
        self.eligible = eligible
        self.exact = exact or {}
        self.rank = 0
        self.advances = False


def cut_size(semifinal: int, eligible: int) -> int:
    """Heats: the places in the semifinal for ``eligible`` players (active, with a heat played):
    ``semifinal``, or the largest of 16, 8, 4 below it that they fill; 0 for fewer than 4 (T4).

    >>> cut_size(16, 22), cut_size(16, 12), cut_size(8, 30), cut_size(16, 3)
    (16, 8, 8, 0)
    """
    return next((n for n in SEMIFINAL_SIZES if n <= semifinal and n <= eligible), 0)


PLAUSIBLE_TABLE = (100_000, 250_000)
PLAUSIBLE_PLAYER = 150_000
"""T3.4: a results sheet's table total outside this range (3 to 5 players), a player over this,
or everyone at $0, is implausible for Acquire and is accepted only when confirmed."""


def implausible(cash: dict[str, int]) -> str | None:
    """Why a results sheet's money looks wrong for Acquire (T3.4), in words, or None when it
    looks like a game: a table total far from the usual $100,000-$250,000 for 3-5 players, a
    player over $150,000, or everyone at $0 (the commonest slip is a swapped or extra digit).

    >>> implausible({"Ann": 41200, "Ben": 38700, "Cat": 52300, "Dan": 29900}) is None
    True
    >>> implausible({"Ann": 0, "Ben": 0, "Cat": 0})
    'everyone is at $0'
    """
    total = sum(cash.values())
    if all(v == 0 for v in cash.values()):
        return "everyone is at $0"
    rich = [f"{p} {money(m)}" for p, m in cash.items() if m > PLAUSIBLE_PLAYER]
    if rich:
        return f"{', '.join(rich)}: over {money(PLAUSIBLE_PLAYER)} for one player"
    low, high = PLAUSIBLE_TABLE
    if 3 <= len(cash) <= 5 and not low // 2 <= total <= high * 3 // 2:
        return f"the table's total is {money(total)}, far from the usual {money(low)} to {money(high)}"
    return None


def check_sheet(seats: Sequence[str], cash: dict[str, int], event: Event | None = None) -> dict[str, int]:
    """A results sheet's money for the players at ``seats`` (T3.1): every seated player once and
    nobody else, whole hundreds of dollars, no negative money. Returns the money by seat name.
    Names on the sheet are matched as game names are (case, Unicode normal form, look-alike
    letters, spaces or ``_``), or by badge ID with ``event``. Raises :class:`NotationError` for a
    player not at the table, given twice or missing, :class:`IllegalMoveError` for money that is
    not whole hundreds or is negative."""
    seated = {name_key(s): s for s in seats}
    out: dict[str, int] = {}
    for name, dollars in cash.items():
        seat = seated.get(name_key(name))
        if seat is not None and not looks_alike(seat_name(seat), seat_name(name)):
            seat = None
        if seat is None and event is not None:
            holder = event.by_badge(name)
            seat = holder.name if holder is not None and holder.name in seats else None
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
    if value is None or value == float("inf") or value == float("-inf"):
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
    """Each entrant's counted games in rounds of ``stages``, in round order: ``(place, money,
    margin, table size)``."""
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


def heat_standings(event: Event, seeded: bool = True) -> list[Standing]:
    """The heats ranking by the event's tie-break list (T4, :attr:`Event.tiebreaks`), every key
    computed (:data:`TIEBREAK_KEYS`): wins, the first, second and third heat entered won or not,
    placement points (1000/100/10/1), best margin (a winner's money over the runner-up's, in %,
    times the table size's factor; players without a win below every winner, by their best
    money as % of their table winner's), the margin at the best finish (negative below the
    winner), average finish (lower first) and the lot. Once a round is seeded from the heats
    (and ``seeded``), ``advances`` marks who is seated in it; before, who is inside the cut."""
    rows = []
    lots = {p.name: p for p in event.players}
    factors = event.margin_factors

    def adjusted(place: int, margin: Fraction | float, size: int) -> Fraction | float:
        return margin * factors.get(size, 1) if place == 1 and margin != float("inf") else margin

    for name, games in counted(event, ["heat"]).items():
        wins = sum(1 for g in games if g[0] == 1)
        points = sum(HEAT_POINTS.get(g[0], 0) for g in games)
        margins = [adjusted(g[0], g[2], g[3]) for g in games if g[0] == 1] if wins else [g[2] for g in games]
        best: Fraction | float | None = max(margins) if margins else None
        average = Fraction(sum(g[0] for g in games), len(games)) if games else None
        finish = min((g[0] for g in games), default=None)
        at_finish: Fraction | float | None = max(
            (adjusted(g[0], g[2], g[3]) if g[0] == 1 else g[2] - 100 for g in games if g[0] == finish), default=None)
        nth = [None if len(games) < n else int(games[n - 1][0] == 1) for n in (1, 2, 3)]
        lot = lots[name].lot
        keys: dict[str, object] = {"heats": len(games), "wins": wins, "points": points,
                                   "margin": _pct(best) if wins else None,
                                   "share_of_winner": None if wins else _pct(best),
                                   "average_finish": None if average is None else round(float(average), 2), "lot": lot,
                                   "first_heat_win": nth[0], "second_heat_win": nth[1], "third_heat_win": nth[2],
                                   "finish_margin": _pct(at_finish)}
        exact = {"margin": best if wins else None, "share_of_winner": None if wins else best,
                 "finish_margin": at_finish, "average_finish": average}
        sort_by: dict[str, object] = {
            "wins": -wins, "points": -points, "lot": -lot,
            "first_heat_win": -(nth[0] or 0), "second_heat_win": -(nth[1] or 0), "third_heat_win": -(nth[2] or 0),
            "margin": (0 if wins else 1, -(best if best is not None else -1)),
            "finish_margin": (0, -at_finish) if at_finish is not None else (1, 0),
            "average_finish": average if average is not None else 99,
        }
        rows.append(Standing(name, keys, tuple(sort_by[k] for k in event.tiebreaks), lots[name].active and bool(games),
                             exact))
    return _ranked(event, rows, seeded)


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


def _ranked(event: Event, rows: list[Standing], seeded: bool = True) -> list[Standing]:
    """``rows`` sorted by their keys, ranked 1, 2, 3 (the lot leaves no tie), the heats cut
    marked: once a round is seeded from the heats, who is seated in it (T4: a seeded round is
    never silently changed); before, the first :func:`cut_size` eligible players."""
    rows.sort(key=lambda r: r.sort)
    for i, row in enumerate(rows, start=1):
        row.rank = i
    if event.format == "heats":
        first = event.seeded() if seeded else None
        if first is not None:
            seated = {p for t in first.tables for p in t.seats}
            for row in rows:
                row.advances = row.player in seated
            return rows
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
    """Swap players between tables while a swap lowers the clash cost (then the spread); returns the clash cost.

    Each pass tries every pair of tables in a random order. Without a spread to narrow (every
    draw but swiss), a pair of tables that both have no clash cannot gain from a swap and is
    passed over without trying its 16 swaps: the same draw, in seconds at 5,000 players."""
    def score(t: Sequence[str]) -> int:
        return clash(t) * 100 + width(t)

    spread = any(width(t) for t in tables)
    costs = [clash(t) for t in tables]
    improved = True
    while improved:
        improved = False
        pairs = [(i, j) for i in range(len(tables)) for j in range(i + 1, len(tables))]
        rng.shuffle(pairs)
        for i, j in pairs:
            if not spread and not costs[i] and not costs[j]:
                continue
            a, b = tables[i], tables[j]
            for x in range(len(a)):
                for y in range(len(b)):
                    before = score(a) + score(b)
                    a[x], b[y] = b[y], a[x]
                    if score(a) + score(b) < before:
                        improved = True
                    else:
                        a[x], b[y] = b[y], a[x]
            costs[i], costs[j] = clash(a), clash(b)
    return sum(costs)


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
