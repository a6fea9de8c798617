"""The standings (T4): each format's ranking by its keys, every key computed, the lot settling
the last tie, and for heats who advances (inside the cut line, or seated in the round seeded from
the heats). Pure."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from acquire_ref.tournament.formats import HEAT_POINTS, SWISS_POINTS, cut_size
from acquire_ref.tournament.results import counted, pct

if TYPE_CHECKING:
    from acquire_ref.tournament.event import Tournament

class Placing:
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


def heat_standings(event: Tournament, seeded: bool = True) -> list[Placing]:
    """The heats ranking by the event's tie-break list (T4, :attr:`Tournament.tiebreaks`), every key
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
                                   "margin": pct(best) if wins else None,
                                   "share_of_winner": None if wins else pct(best),
                                   "average_finish": None if average is None else float(average), "lot": lot,
                                   "first_heat_win": nth[0], "second_heat_win": nth[1], "third_heat_win": nth[2],
                                   "finish_margin": pct(at_finish)}
        exact = {"margin": best if wins else None, "share_of_winner": None if wins else best,
                 "finish_margin": at_finish, "average_finish": average}
        sort_by: dict[str, object] = {
            "wins": -wins, "points": -points, "lot": -lot,
            "first_heat_win": -(nth[0] or 0), "second_heat_win": -(nth[1] or 0), "third_heat_win": -(nth[2] or 0),
            "margin": (0 if wins else 1, -(best if best is not None else -1)),
            "finish_margin": (0, -at_finish) if at_finish is not None else (1, 0),
            "average_finish": average if average is not None else 99,
        }
        rows.append(Placing(name, keys, tuple(sort_by[k] for k in event.tiebreaks), lots[name].active and bool(games),
                             exact))
    return _ranked(event, rows, seeded)


def swiss_standings(event: Tournament) -> list[Placing]:
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
        rows.append(Placing(name, keys, (-points, -total, -top, -lot), lots[name].active and bool(games)))
    return _ranked(event, rows)


def _ranked(event: Tournament, rows: list[Placing], seeded: bool = True) -> list[Placing]:
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


def standings(event: Tournament) -> list[Placing]:
    """The ranking of ``event``'s format (T4), best first, every key shown; for heats the heat
    rounds only (the semifinal and final are reported apart, :func:`acquire_ref.tournament.finals.finals`)."""
    if event.format == "swiss":
        return swiss_standings(event)
    return heat_standings(event)


def cut(event: Tournament) -> int:
    """Heats: how many advance to the semifinal (T4): once seeded, the seats of the seeded round;
    before, the event's size, or the largest of 16, 8, 4 that the active players with a heat
    played can fill (0 when fewer than 4)."""
    seeded = event.seeded()
    if seeded is not None:
        return sum(len(t.seats) for t in seeded.tables)
    return cut_size(event.semifinal, sum(1 for row in heat_standings(event) if row.eligible))
