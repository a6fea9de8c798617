"""The event as a value (T1): :class:`Tournament`, the competition, with its settings, its
entrants (found by name, as game names compare, or by badge ID), its rounds and the tables a
command made or discarded. Each of its operations is a call into the module of its area:
:mod:`~acquire_ref.tournament.entry` (who plays), :mod:`~acquire_ref.tournament.draw` (T2),
:mod:`~acquire_ref.tournament.results` (T3), :mod:`~acquire_ref.tournament.standings` and
:mod:`~acquire_ref.tournament.finals` (T4). Pure."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from acquire_ref.engine.errors import IllegalMoveError, NotationError
from acquire_ref.engine.setup import looks_alike
from acquire_ref.language import _, ngettext
from acquire_ref.tournament import draw as drawing
from acquire_ref.tournament import entry, finals, results, seated
from acquire_ref.tournament import standings as ranking
from acquire_ref.tournament.formats import DEFAULT_PRESET, FINAL_SIZES, FORMATS, SEMIFINAL_SIZES, parse_tiebreaks
from acquire_ref.tournament.model import Player, Result, Round, Seating, name_key, seat_name
from acquire_ref.tournament.standings import Placing


class Tournament:
    """An event, the competition (T1): ``name``, ``format`` (``heats`` or ``swiss``, T4), the
    ``seed`` every draw comes from (T2.3), the ``players`` in the order they entered, the
    ``rounds`` drawn, and its settings: ``fives`` (tables of 5 allowed, T2.1), ``semifinal``
    (heats: places in the semifinal, 16, 8 or 4), ``final`` (heats: 4 or 5 players),
    ``tiebreaks`` (heats: the ordered keys, T4, with ``preset`` its name when it is one) and
    ``margin_factors`` (table size -> factor for a winner's margin), ``rounds_planned`` (swiss:
    the fixed number of rounds), and the games' ``edition`` (a built-in name, or a ruleset table
    the event fixes, R17) and ``tiles`` mode (``table`` or ``dealt``).

    ``made`` and ``discarded`` collect, while a command runs, the tables whose game files are to
    be made and the game file names that are no longer any table's
    (:func:`acquire_ref.tournament.event_games.changing` makes and marks them; they are not part of the
    event file)."""

    def __init__(self, name: str, format: str = "heats", seed: int = 0, fives: bool = False, semifinal: int = 16,
                 rounds_planned: int = 4, edition: str | dict[str, Any] = "classic", tiles: str = "table",
                 tiebreaks: Sequence[str] | None = None, final: int = 4,
                 margin_factors: dict[int, Fraction] | None = None) -> None:
        if format not in FORMATS:
            raise NotationError(_("format {format}: {one} or {other} (T4)").format(
                format=repr(format), one=FORMATS[0], other=FORMATS[1]))
        if semifinal not in SEMIFINAL_SIZES:
            raise NotationError(_("semifinal {semifinal}: {sizes} places (T4)").format(
                semifinal=semifinal, sizes=", ".join(map(str, SEMIFINAL_SIZES))))
        if final not in FINAL_SIZES:
            raise NotationError(_("final {final}: {one} or {other} players (T4)").format(
                final=final, one=FINAL_SIZES[0], other=FINAL_SIZES[1]))
        if tiles not in ("table", "dealt"):
            raise NotationError(_("tiles {tiles}: table (tiles from the real bag) or dealt (the referee deals)")
                                .format(tiles=repr(tiles)))
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
        self.made: list[tuple[Round, Seating]] = []
        self.discarded: list[str] = []

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

    def set_badge(self, player: Player, badge: str) -> None:
        """Give ``player`` the badge ID ``badge`` in the badge index (no checks: see :func:`entry.give_badge`)."""
        if player.badge:
            self._badges.pop(player.badge.casefold(), None)
        player.badge = badge
        self._badges[badge.casefold()] = player

    def set_name(self, player: Player, name: str) -> None:
        """Call ``player`` ``name`` in the name index (no checks: see :func:`entry.rename`)."""
        self._index[name_key(player.name)].remove(player)
        player.name = name
        self._index.setdefault(name_key(name), []).append(player)

    def lot_taken(self, lot: int) -> bool:
        """True when an entrant already has the tie-break lot ``lot`` (lots differ, T4)."""
        return lot in self._lots

    def player(self, name: str) -> Player:
        """The entrant called ``name``, or with badge ID ``name``. Raises :class:`NotationError`
        when none is: "did you mean" an entrant whose name differs only in accents, case, spaces
        or punctuation (``Jose Garcia`` for ``José García``), else naming some entrants."""
        found = self.find(name) or self.by_badge(name)
        if found is None:
            from acquire_ref.club.members import folded

            near = [p.name for p in self.players if folded(p.name) == folded(name)]
            if near:
                raise NotationError(_("{name} is not entered in {event}: did you mean {near}? (names are matched with "
                                      "their accents)").format(name=repr(name), event=self.name,
                                                               near=_(" or ").join(repr(n) for n in near[:3])))
            if not self.players:
                raise NotationError(_("{name} is not entered in {event}: add players with `tournament add PLAYER...`")
                                    .format(name=repr(name), event=self.name))
            entered = ", ".join(p.name for p in self.players[:12]) + (" ..." if len(self.players) > 12 else "")
            raise NotationError(_("{name} is not entered in {event} (entered: {players})").format(
                name=repr(name), event=self.name, players=entered))
        return found

    def checked_in(self, heat: int) -> list[Player] | None:
        """The active players checked in for heat ``heat``, or None when nobody is (then every
        active player is drawn)."""
        listed = [p for p in self.players if p.active and heat in p.heats]
        return listed or None

    def fresh_game(self, game: str) -> str:
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

    def current(self) -> Round | None:
        """The last round drawn, or None."""
        return self.rounds[-1] if self.rounds else None

    def round(self, number: int) -> Round:
        """Round ``number``. Raises :class:`NotationError` when it has not been drawn."""
        if 1 <= number <= len(self.rounds):
            return self.rounds[number - 1]
        if not self.rounds:
            raise NotationError(_("there is no round {round}: no round is drawn yet").format(round=number))
        if len(self.rounds) == 1:
            raise NotationError(_("there is no round {round}: only round 1 is drawn").format(round=number))
        raise NotationError(_("there is no round {round}: rounds 1 to {count} are drawn").format(
            round=number, count=len(self.rounds)))

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

    def next_stage(self) -> str:
        """The stage ``draw`` makes next: ``heat`` or ``swiss``. Raises :class:`IllegalMoveError`
        when the format has no more rounds to draw (swiss: all rounds played; heats: advanced)."""
        if self.format == "swiss":
            if len(self.rounds) >= self.rounds_planned:
                raise IllegalMoveError(ngettext("{event} has its {count} round: the standings are final",
                                                "{event} has its {count} rounds: the standings are final",
                                                self.rounds_planned).format(event=self.name, count=self.rounds_planned))
            return "swiss"
        if any(r.stage == "final" for r in self.rounds):
            raise IllegalMoveError(finals.final_state(self))
        if any(r.stage != "heat" for r in self.rounds):
            raise IllegalMoveError(_("the heats are over (the semifinal is seeded): use `tournament advance` for the final"))
        return "heat"

    # Each operation below is one call into the module of its area (its docstring says it all).
    def add(self, name: str, group: str | None = None, badge: str | None = None) -> str:
        """Enter ``name`` or bring a withdrawn entrant back (T1.3, T2.4): :func:`entry.add`."""
        return entry.add(self, name, group, badge)

    def checkin(self, names: Iterable[str], heat: int, out: bool = False) -> list[str]:
        """Check ``names`` in for heat ``heat``, or out of it (T1.4): :func:`entry.checkin`."""
        return entry.checkin(self, names, heat, out)

    def give_badge(self, name: str, badge: str) -> str:
        """Give the entrant ``name`` the badge ID ``badge`` (T1.3): :func:`entry.give_badge`."""
        return entry.give_badge(self, name, badge)

    def rename(self, name: str, new: str) -> str:
        """Rename the entrant ``name`` to ``new`` throughout the event (T1.3): :func:`entry.rename`."""
        return entry.rename(self, name, new)

    def withdraw(self, name: str) -> str:
        """Take ``name`` out of the rounds still to be drawn (T2.4, T4): :func:`entry.withdraw`."""
        return entry.withdraw(self, name)

    def join(self, names: Sequence[str], group: str | None = None, stem: str = "event") -> list[str]:
        """Seat late arrivals in the open round (T1.4, T2.4): :func:`entry.join`."""
        return entry.join(self, names, group, stem)

    def draw(self, stem: str = "event") -> Round:
        """Draw the next round (T2): :func:`draw.draw_next`. Returns the round."""
        return drawing.draw_next(self, stem)

    def redraw(self, stem: str = "event") -> tuple[Round, Round]:
        """Draw the last round again (T2.3): :func:`draw.redraw`. Returns ``(old, new)``."""
        return drawing.redraw(self, stem)

    def seat(self, tables: Sequence[Sequence[str]], stem: str = "event") -> Round:
        """The next round with its tables as the players sat (T2.1): :func:`seated.seat_next`."""
        return seated.seat_next(self, tables, stem)

    def seat_again(self, tables: Sequence[Sequence[str]], stem: str = "event") -> tuple[Round, Round]:
        """The last round given again as the players sat (T2.3): :func:`seated.seat_again`."""
        return seated.seat_again(self, tables, stem)

    def enter(self, number: int, table: int, result: Result, replace: bool = False) -> Seating:
        """Record a table's result (T3): :func:`results.enter`. Returns the table."""
        return results.enter(self, number, table, result, replace)

    def seeding(self) -> dict[int, list[str]]:
        """Who the results would seat in each seeded round now (T1.2): :func:`finals.seeding`."""
        return finals.seeding(self)

    def standings(self) -> list[Placing]:
        """The ranking of the format, best first (T4): :func:`standings.standings`."""
        return ranking.standings(self)

    def cut(self) -> int:
        """Heats: how many advance to the semifinal (T4): :func:`standings.cut`."""
        return ranking.cut(self)

    def advance(self, stem: str = "event") -> Round:
        """Heats: seed the semifinal, then the final (T4): :func:`finals.advance`. Returns the round."""
        return finals.advance(self, stem)

    def semifinal_order(self, semifinal: Round) -> list[str]:
        """The semifinal's players in their order to the final (T4): :func:`finals.semifinal_order`."""
        return finals.semifinal_order(self, semifinal)

    def finals(self) -> dict[str, object]:
        """Heats: the semifinal's and final's outcome and the places (T4): :func:`finals.finals`."""
        return finals.finals(self)


def difference(now: Tournament, before: Tournament) -> str:
    """What putting ``before`` back in place of ``now`` changes (``tournament undo``, T1.2), in a
    few words: players no longer entered, rounds drawn, results, withdrawals and check-ins."""
    parts = []
    names_now, names_before = {p.name for p in now.players}, {p.name for p in before.players}
    if names_now - names_before:
        parts.append(_("{players} no longer entered").format(players=", ".join(sorted(names_now - names_before))))
    if len(now.rounds) != len(before.rounds):
        parts.append(_("rounds drawn: {now} -> {before}").format(now=len(now.rounds), before=len(before.rounds)))
    elif now.rounds and before.rounds and now.rounds[-1].draw != before.rounds[-1].draw:
        parts.append(_("round {round} back to draw {draw}").format(round=before.rounds[-1].number,
                                                                   draw=before.rounds[-1].draw))
    results_changed = sum(1 for r, q in zip(now.rounds, before.rounds, strict=False)
                          for t, u in zip(r.tables, q.tables, strict=False) if _outcome(t) != _outcome(u))
    if results_changed:
        parts.append(ngettext("{count} table result as before", "{count} table results as before", results_changed)
                     .format(count=results_changed))
    active = sum(1 for p in before.players if p.name in names_now and p.active != now.player(p.name).active)
    heats = sum(1 for p in before.players if p.name in names_now and p.heats != now.player(p.name).heats)
    if active:
        parts.append(ngettext("{count} withdrawal or return taken back", "{count} withdrawals or returns taken back",
                              active).format(count=active))
    if heats:
        parts.append(ngettext("{count} check-in taken back", "{count} check-ins taken back", heats).format(count=heats))
    return "; ".join(parts) or _("the event is as it was before it")


def _outcome(table: Seating) -> tuple[dict[str, int], str, object] | None:
    """A table's result as compared by :func:`difference`: ``(money, source, played)``, None for none."""
    return (table.result.money, table.result.source, table.result.played) if table.result else None
