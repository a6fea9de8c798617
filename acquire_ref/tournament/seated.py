"""A round's tables as the players sat (T2.1, T3.1): the organiser gives the tables instead of
the draw making them (a club night whose players sat down as they liked, six at one table, and
whose paper sheets are entered afterwards). Pure: the tables' game files are made by
:mod:`acquire_ref.tournament.event_games`, as for a drawn round."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from acquire_ref.engine.errors import IllegalMoveError, NotationError
from acquire_ref.language import _
from acquire_ref.tournament.model import Round, Seating, waiting

if TYPE_CHECKING:
    from acquire_ref.tournament.event import Tournament

SAT_SIZES = (3, 6)
"""The fewest and most players at a table given as sat: 3 (never a table of 2 or fewer in an
event, T2.1) to 6 (the most a game of Acquire seats)."""


def parse_tables(given: Sequence[str]) -> list[list[str]]:
    """The tables as typed, ``--table "Ann,Ben,Cat"`` once a table: each one's names (or badge
    IDs) in the order they sat, split at commas (an entrant's name has none, T1.3), spaces at
    their ends dropped. Raises :class:`NotationError` for a table with an empty name."""
    tables = []
    for text in given:
        names = [" ".join(n.split()) for n in text.split(",")]
        if not all(names):
            raise NotationError(_("--table {given}: name each player once, commas between, e.g. --table Ann,Ben,Cat")
                                .format(given=repr(text)))
        tables.append(names)
    return tables


def _checked(event: Tournament, tables: Sequence[Sequence[str]]) -> list[list[str]]:
    """``tables`` with each name the entrant's own (by name or badge ID, T1.3). Raises
    :class:`NotationError` for a table of fewer than 3 or more than 6, a name not entered, an
    entrant given twice, and :class:`IllegalMoveError` for a withdrawn entrant."""
    low, high = SAT_SIZES
    seen: dict[str, int] = {}
    out = []
    for number, names in enumerate(tables, start=1):
        if not low <= len(names) <= high:
            raise NotationError(_("table {number} has {count} players: a table seats {low} to {high} (T2.1)")
                                .format(number=number, count=len(names), low=low, high=high))
        seats = []
        for name in names:
            player = event.player(name)
            if not player.active:
                raise IllegalMoveError(_("{player} is withdrawn: `tournament add {player}` brings them back first")
                                       .format(player=player.name))
            if player.name in seen:
                raise NotationError(_("{player} is given at table {first} and table {second}: each player sits at "
                                      "one table of a round").format(player=player.name, first=seen[player.name],
                                                                     second=number))
            seen[player.name] = number
            seats.append(player.name)
        out.append(seats)
    if not out:
        raise NotationError(_("give the round's tables as the players sat, one --table each, e.g. --table Ann,Ben,Cat"))
    return out


def seat_next(event: Tournament, tables: Sequence[Sequence[str]], stem: str = "event") -> Round:
    """The next round (a heat or a swiss round, as ``draw`` would make) with ``tables`` as the
    players sat, in seating order, instead of a draw (T2.1, T2.2 left to the players); those not
    at a table sit the round out. Its game files are named as a drawn round's. Returns the round.
    Raises :class:`IllegalMoveError` when the last round is still open or the format has no more
    rounds to draw, and what :func:`_checked` raises."""
    last = event.current()
    if last is not None and last.open:
        raise IllegalMoveError(_("round {number} is still open: {waiting} (`tournament draw --force --table ...` "
                                 "gives its tables as they sat)").format(number=last.number, waiting=waiting(last)))
    stage = event.next_stage()
    return _add_round(event, _checked(event, tables), len(event.rounds) + 1, stage, 1, stem)


def seat_again(event: Tournament, tables: Sequence[Sequence[str]], stem: str = "event") -> tuple[Round, Round]:
    """The last round (drawn, a heat or a swiss round) given again with ``tables`` as the players
    sat (``draw --force --table``, T2.3): the old draw and its results are discarded, its game
    files listed in ``event.discarded``. Returns ``(old, new)``. Raises
    :class:`IllegalMoveError` when there is no round or it is a semifinal or final."""
    old = event.current()
    if old is None:
        raise IllegalMoveError(_("no round is drawn yet: `tournament draw --table ...` gives the first"))
    if old.stage not in ("heat", "swiss"):
        raise IllegalMoveError(_("round {number} is the {stage}, seeded from the standings: its tables are not "
                                 "given").format(number=old.number, stage=old.stage))
    seats = _checked(event, tables)
    event.rounds.pop()
    new = _add_round(event, seats, old.number, old.stage, old.draw + 1, stem)
    event.discarded += [t.game for t in old.tables]
    return old, new


def _add_round(event: Tournament, tables: list[list[str]], number: int, stage: str, draw: int, stem: str) -> Round:
    out = [Seating(i, seats, event.game_name(stem, number, i, draw)) for i, seats in enumerate(tables, start=1)]
    rnd = Round(number, stage, draw, out)
    event.rounds.append(rnd)
    event.made += [(rnd, t) for t in out]
    return rnd
