"""Who plays (T1.3, T1.4, T2.4): entering players (names as on a badge, badge IDs, groups),
checking them in for a heat, withdrawing them (a seeded seat going to the alternate, T4), and late
arrivals seated in the open round without moving anyone. Pure."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from acquire_ref.engine.errors import IllegalMoveError, NotationError
from acquire_ref.engine.setup import check_player_name
from acquire_ref.language import _
from acquire_ref.tournament.draw import table_sizes
from acquire_ref.tournament.finals import alternate
from acquire_ref.tournament.model import Player, Round, Seating, said, seat_name

if TYPE_CHECKING:
    from acquire_ref.tournament.event import Tournament

def check_entrant_name(name: str) -> None:
    """Raise :class:`NotationError` unless ``name`` (runs of spaces made one) can be an entrant's
    name (T1.3): a player's name (R2.1, :func:`~acquire_ref.engine.setup.check_player_name`) but for
    spaces, which a name on a badge may have; the refusal says so rather than "no spaces"."""
    if not name or not name.isprintable() or "=" in name or "," in name or name.startswith("-"):
        from acquire_ref.engine.problems import shown

        raise NotationError(_("{name} can't be a player name: printable characters only (spaces are fine in an "
                              "event), no '=', ',' or leading '-'").format(name=shown(name)))
    check_player_name(seat_name(name))


def add(event: Tournament, name: str, group: str | None = None, badge: str | None = None) -> str:
    """Enter ``name`` into ``event`` (with ``group`` and ``badge``), or bring a withdrawn entrant back for the
    next rounds (T2.4). A name may have spaces, as on a badge (T1.3); runs of spaces become one.
    Returns what was done, in words. Raises :class:`NotationError` for a name that can't be
    a player's (R2.1, spaces aside), a second entrant with the same name (nobody is entered
    then: the command is refused whole), a badge ID already given, or an empty group."""
    name = " ".join(name.split())
    check_entrant_name(name)
    if group is not None and (not group.strip() or not group.isprintable()):
        raise NotationError(_("group {group}: give a printable name, e.g. --group Smiths").format(group=repr(group)))
    if badge is not None and (not badge.strip() or not badge.isprintable() or len(badge) > 20 or "=" in badge
                              or " " in badge.strip()):
        raise NotationError(_("badge {badge}: give the badge ID as printed, up to 20 letters or digits, e.g. 1042")
                            .format(badge=repr(badge)))
    known = event.find(name)
    if known is not None:
        if known.active:
            if known.name != name:
                raise NotationError(_("{player} is already entered (as {entered}): nobody was entered; leave them out "
                                      "and add the others").format(player=known.name, entered=repr(known.name)))
            raise NotationError(_("{player} is already entered: nobody was entered; leave them out and add the others")
                                .format(player=known.name))
        known.active = True
        if group is not None:
            known.group = group
        return _("{player} is back for the next round").format(player=known.name)
    if badge is not None:
        holder = event.by_badge(badge) or event.find(badge)
        if holder is not None:
            raise NotationError(_("badge {badge} is {player}'s: nobody was entered; give each player their own badge ID")
                                .format(badge=badge, player=holder.name))
    if event.by_badge(name) is not None:
        raise NotationError(_("{name} is {player}'s badge ID: a name can't be another player's badge; nobody was "
                              "entered").format(name=repr(name), player=event.by_badge(name).name))  # type: ignore[union-attr]
    event.enrol(Player(name, group, new_lot(event, name), badge=badge.strip() if badge else None))
    if group and badge:
        return _("{player} entered (group {group}) (badge {badge})").format(player=name, group=group, badge=badge.strip())
    if group:
        return _("{player} entered (group {group})").format(player=name, group=group)
    if badge:
        return _("{player} entered (badge {badge})").format(player=name, badge=badge.strip())
    return _("{player} entered").format(player=name)


def check_badge(event: Tournament, badge: str, player: Player | None = None) -> str:
    """``badge`` stripped, checked as a badge ID (up to 20 printable characters, no space or
    ``=``) that is nobody else's badge or name (``player`` may hold it already). Raises
    :class:`NotationError` otherwise."""
    if not badge.strip() or not badge.isprintable() or len(badge) > 20 or "=" in badge or " " in badge.strip():
        raise NotationError(_("badge {badge}: give the badge ID as printed, up to 20 letters or digits, e.g. 1042")
                            .format(badge=repr(badge)))
    holder = event.by_badge(badge.strip()) or event.find(badge.strip())
    if holder is not None and holder is not player:
        said_ = (_("badge {badge} is {player}'s: give each player their own badge ID") if holder.badge == badge.strip()
                 else _("badge {badge} is {player}'s name: give each player their own badge ID"))
        raise NotationError(said_.format(badge=badge.strip(), player=holder.name))
    return badge.strip()


def give_badge(event: Tournament, name: str, badge: str) -> str:
    """Give the entrant ``name`` (a walk-in entered by ``join`` too) the badge ID ``badge``, or
    change theirs (T1.3). Returns what was done. Raises :class:`NotationError` for an entrant
    not found or a badge ID that can't be theirs (:func:`check_badge`)."""
    player = event.player(name)
    badge = check_badge(event, badge, player)
    old = player.badge
    event.set_badge(player, badge)
    if old and old != badge:
        return _("{player}'s badge is {badge} (was {old})").format(player=player.name, badge=badge, old=old)
    return _("{player}'s badge is {badge}").format(player=player.name, badge=badge)


def rename(event: Tournament, name: str, new: str) -> str:
    """Rename the entrant ``name`` to ``new`` (as on a badge, T1.3) in the whole event file: the
    entrant, the seats of every round and the money of every result. Raises
    :class:`NotationError` for a name that can't be an entrant's or is another entrant's, and
    :class:`IllegalMoveError` while the entrant sits at a table still playing: its game file
    names them as drawn (R2.1), so rename after its result is entered."""
    from acquire_ref.engine.errors import IllegalMoveError

    player = event.player(name)
    new = " ".join(new.split())
    check_entrant_name(new)
    other = event.find(new) or event.by_badge(new)
    if other is not None and other is not player:
        said_ = (_("{name} is {player}'s name: give each player their own name") if other.badge != new
                 else _("{name} is {player}'s badge ID: give each player their own name"))
        raise NotationError(said_.format(name=repr(new), player=other.name))
    playing = [_("round {round} table {table}").format(round=r.number, table=t.number) for r in event.rounds
               for t in r.tables if player.name in t.seats and t.result is None]
    if playing:
        raise IllegalMoveError(_("{player} sits at {tables}, still playing: its game file names them as drawn; rename "
                                 "them once its result is entered").format(player=player.name, tables=", ".join(playing)))
    old = player.name
    event.set_name(player, new)
    for rnd in event.rounds:
        for t in rnd.tables:
            t.seats = [new if p == old else p for p in t.seats]
            if t.result is not None and old in t.result.money:
                t.result.money = {new if p == old else p: m for p, m in t.result.money.items()}
    return _("{old} is now {new}").format(old=old, new=new)


def new_lot(event: Tournament, name: str) -> int:
    """A tie-break lot for a new entrant called ``name``, distinct from every other entrant's (T4, last key)."""
    rng = random.Random(f"{event.seed}:lot:{len(event.players)}:{name}")
    while True:
        lot = rng.randrange(1, 1_000_000)
        if not event.lot_taken(lot):
            return lot


def checkin(event: Tournament, names: Iterable[str], heat: int, out: bool = False) -> list[str]:
    """Check ``names`` in for heat round ``heat`` (T1.4: players enter the heats they choose),
    or with ``out`` take the check-in back (sitting a heat out is not a withdrawal). Once any
    player is checked in for a heat, that heat is drawn among those checked in. Returns what
    was done, one line a player. Raises :class:`NotationError` for an unknown or withdrawn
    player, and :class:`IllegalMoveError` for a heat already drawn or not a heat."""
    if event.format != "heats":
        raise IllegalMoveError(_("check-in is for the heats format: a swiss event draws every player in every round"))
    if heat < 1 or heat > 50:
        raise NotationError(_("--heat {heat}: heats are numbered from 1 (the round number)").format(heat=heat))
    if heat <= len(event.rounds):
        raise IllegalMoveError(_("heat {heat} is drawn already: `tournament join PLAYER` seats a late arrival in it")
                               .format(heat=heat))
    if any(r.stage != "heat" for r in event.rounds):
        raise IllegalMoveError(_("the heats are over (the semifinal is seeded): no more heats to check in for"))
    done = []
    for name in names:
        p = event.player(name)
        if not p.active:
            raise NotationError(_("{player} is withdrawn: `tournament add {player}` brings them back first")
                                .format(player=p.name))
        if out:
            if heat in p.heats:
                p.heats.remove(heat)
            done.append(_("{player} sits out heat {heat}").format(player=p.name, heat=heat))
        else:
            if heat not in p.heats:
                p.heats.append(heat)
                p.heats.sort()
            done.append(_("{player} checked in for heat {heat}").format(player=p.name, heat=heat))
    return done


def withdraw(event: Tournament, name: str) -> str:
    """Take ``name`` out of the rounds still to be drawn (T2.4); results already played stay.
    A player seated at a table of a seeded semifinal or final that has not been played gives
    the seat to the next by the keys (the alternate, T4), in the same seat. Returns what was
    done. Raises :class:`NotationError` for an unknown or already withdrawn entrant."""
    player = event.player(name)
    if not player.active:
        raise NotationError(_("{player} is already withdrawn (`tournament add {player}` brings them back)")
                            .format(player=player.name))
    player.active = False
    words = _("{player} withdrawn from the rounds still to be drawn").format(player=player.name)
    last = event.current()
    if last is not None and last.stage in ("semifinal", "final"):
        for t in last.tables:
            if player.name in t.seats and t.result is None:
                taker = alternate(event, last)
                if taker is None:
                    return _("{withdrawn}; nobody is left to take their seat at {stage} table {table}").format(
                        withdrawn=words, table=t.number, stage=said(last.stage))
                t.seats[t.seats.index(player.name)] = taker
                event.discarded.append(t.game)
                t.game = event.fresh_game(t.game)
                event.made.append((last, t))
                return _("{withdrawn}; {player}, the next by the tie-breaks, takes their seat at {stage} table "
                         "{table}").format(withdrawn=words, player=taker, table=t.number, stage=said(last.stage))
    return words


def join(event: Tournament, names: Sequence[str], group: str | None = None, stem: str = "event") -> list[str]:
    """Late arrivals (T1.4, T2.4): enter each of ``names`` (or bring them back) and seat them
    in the last round, which is drawn and open, without moving anyone already seated: first
    one at each short table (3 seats, or 4 when the event allows 5s) that has no result, the
    table whose players they have met least (then group mates, then the lowest number) first;
    three or more left over sit at new tables. Each table joined gets a new game file (its
    old one is marked discarded), so only tables whose games have not begun should be
    joined: the command line checks that. Returns what was done, one line a player.

    Raises :class:`IllegalMoveError` when no round is open, it is a semifinal or final, or
    one or two players are left without a seat."""
    last = _open_for_late_arrivals(event)
    done, joining = _enter_late(event, last, names, group)
    where, left = short_tables(event, last, joining)
    if 0 < len(left) < 3:
        raise IllegalMoveError(_("no short table is left for {players}: a new table needs 3 players (join them with "
                                 "more late arrivals, or redraw with `tournament draw --force`)").format(players=", ".join(left)))
    for table in dict.fromkeys(where.values()):
        event.discarded.append(table.game)
        table.game = event.fresh_game(table.game)
        event.made.append((last, table))
    if left:
        rng = event.rng("round", last.number, "late", len(last.tables))
        where.update(_new_tables(event, last, left, stem, rng))
    return [_("{entered}; seated at round {round} table {table}").format(entered=line, round=last.number,
                                                                          table=where[p].number)
            for line, p in zip(done, joining, strict=True)]


def _open_for_late_arrivals(event: Tournament) -> Round:
    """The round late arrivals join (:func:`join`): the last, drawn and open, a heat or a swiss
    round. Raises :class:`IllegalMoveError` otherwise."""
    last = event.current()
    if last is None or not last.open:
        raise IllegalMoveError(_("no round is open: `tournament add` enters a player for the next draw"))
    if last.stage not in ("heat", "swiss"):
        raise IllegalMoveError(_("round {round} is the {stage}, seeded from the standings: nobody joins it late")
                               .format(round=last.number, stage=said(last.stage)))
    return last


def _enter_late(event: Tournament, last: Round, names: Sequence[str], group: str | None) -> tuple[list[str], list[str]]:
    """Enter (or bring back) the late arrivals ``names`` for ``last`` and check them in for it
    when it is a heat with check-ins (T1.4). Returns ``(what was done, one line a player; their
    entrants' names)``. Raises :class:`IllegalMoveError` for a player seated in it already."""
    done = []
    for n in names:  # an entrant who came late (not checked in, or not drawn) joins as they are
        known = event.find(n)
        done.append(add(event, n, group) if known is None or not known.active
                    else _("{player} joins").format(player=known.name))
    joining = [event.player(n).name for n in names]
    seated = {p for t in last.tables for p in t.seats}
    for p in joining:
        if p in seated:
            raise IllegalMoveError(_("{player} is seated already in round {round}").format(player=p, round=last.number))
        if last.stage == "heat" and event.checked_in(last.number) is not None:
            event.player(p).heats = sorted({*event.player(p).heats, last.number})
    return done, joining


def _new_tables(event: Tournament, last: Round, left: list[str], stem: str, rng: random.Random) -> dict[str, Seating]:
    """Seat the late arrivals ``left`` (3 or more) at new tables of ``last`` (T2.1 sizes, seats
    drawn with ``rng``), each with a new game file. Returns ``player -> table``."""
    where: dict[str, Seating] = {}
    for size in table_sizes(len(left), event.fives):
        seats, left = left[:size], left[size:]
        rng.shuffle(seats)
        number = len(last.tables) + 1
        table = Seating(number, seats, event.fresh_game(event.game_name(stem, last.number, number, last.draw)))
        last.tables.append(table)
        event.made.append((last, table))
        for p in seats:
            where[p] = table
    return where


def short_tables(event: Tournament, last: Round, joining: list[str]) -> tuple[dict[str, Seating], list[str]]:
    """Seat as many of ``joining`` as fit, one a table, at ``last``'s short tables without a
    result (:func:`join`). Returns ``(player -> table, players left over)``."""
    met = event.pairs()
    groups = {p.name: p.group for p in event.players if p.group}
    cap = 5 if event.fives else 4
    where: dict[str, Seating] = {}
    left = list(joining)
    for p in list(left):
        open_short = [t for t in last.tables if t.result is None and len(t.seats) < cap and t not in where.values()]
        if len(left) >= 3 and not [t for t in open_short if len(t.seats) == 3]:
            break
        if not open_short:
            break

        def clash(t: Seating, who: str = p) -> tuple[int, int, int, int]:
            repeats = sum(1 for q in t.seats if frozenset((who, q)) in met)
            mates = sum(1 for q in t.seats if groups.get(q) is not None and groups.get(q) == groups.get(who))
            return (len(t.seats) - 3, repeats, mates, t.number)

        table = min(open_short, key=clash)
        table.seats.append(p)
        where[p] = table
        left.remove(p)
    return where, left

