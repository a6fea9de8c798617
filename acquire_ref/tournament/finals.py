"""The semifinal and final of a heats event (T4): seeding them from the standings, the
semifinal's order to the final, the alternate for a seat not taken up, the final's outcome and
the places, and whether a correction changes a round already seeded (T1.2). Pure."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from acquire_ref.engine.errors import IllegalMoveError
from acquire_ref.language import _, ngettext
from acquire_ref.tournament.model import Round, Seating, places, said, waiting
from acquire_ref.tournament.results import table_facts
from acquire_ref.tournament.standings import heat_standings, standings

if TYPE_CHECKING:
    from acquire_ref.tournament.event import Tournament

def advance(event: Tournament, stem: str = "event") -> Round:
    """Seed the next stage of a heats event from the standings (T4 heats) and add it to
    ``event``'s rounds: after the heats, the semifinal (the players inside the cut line, seeded in
    snake order over tables of 4: with 16, seeds 1, 8, 9, 16 at table 1); after the semifinal,
    the final of its table winners (with a semifinal of 8: each table's first two; with a
    final of 5, the best of the others by :func:`semifinal_order` too). A withdrawn player is
    never seated: the next by the same order takes the place. A semifinal of 4 is one table:
    it is the final. Seats are drawn (T2.2).

    A shared place at a semifinal table goes to the better heat seed. Raises
    :class:`IllegalMoveError` for a swiss event, an open round, too few players, or a final
    already seeded."""
    if event.format != "heats":
        raise IllegalMoveError(_("advance seeds the semifinal and final of a heats event; a swiss event ends with its "
                                 "rounds"))
    last = event.current()
    if last is None or not any(r.stage == "heat" for r in event.rounds):
        raise IllegalMoveError(_("no heat has been played yet: `tournament draw` draws the first"))
    if any(r.stage == "final" for r in event.rounds):
        raise IllegalMoveError(final_state(event))
    if last.open:
        raise IllegalMoveError(_("round {round} is still open: {waiting}").format(round=last.number, waiting=waiting(last)))
    number = len(event.rounds) + 1
    if last.stage == "heat":
        seeds = [row.player for row in standings(event) if row.advances]
        if len(seeds) < 4:
            raise IllegalMoveError(ngettext("{count} active player with a heat played: a semifinal needs 4",
                                            "{count} active players with a heat played: a semifinal needs 4",
                                            len(seeds)).format(count=len(seeds)))
        stage = "final" if len(seeds) == 4 else "semifinal"
        count = len(seeds) // 4
        groups: list[list[str]] = [[] for _ in range(count)]
        for i, p in enumerate(seeds):
            lap, at = divmod(i, count)
            groups[at if lap % 2 == 0 else count - 1 - at].append(p)
    else:
        stage, groups = "final", [finalists(event, last)]
    rng = event.rng("round", number, stage)
    tables = []
    for i, seats in enumerate(groups, start=1):
        rng.shuffle(seats)
        tables.append(Seating(i, seats, event.game_name(stem, number, i)))
    rnd = Round(number, stage, 1, tables)
    event.rounds.append(rnd)
    event.made += [(rnd, t) for t in tables]
    return rnd


def semifinal_order(event: Tournament, semifinal: Round) -> list[str]:
    """The semifinal's players in the order they go to the final (T4): first each table's
    qualifiers (its winner; with two tables its first two), a shared place going to the better
    heat seed; then the others by place at their table, then money as % of their table
    winner's, then heat seed. A withdrawn player stays in the list, a withdrawn qualifier too:
    their seat goes to the next in this order, the best remaining runner-up of any table, not to
    their own table-mate (:func:`finalists` and :func:`alternate` pass over them). Raises
    :class:`IllegalMoveError` for a table left out or unplayed."""
    seeds = {row.player: i for i, row in enumerate(heat_standings(event, seeded=False))}
    keep = 2 if len(semifinal.tables) == 2 else 1
    qualifiers: list[str] = []
    rest: list[tuple[int, Fraction | float, int, str]] = []
    for t in semifinal.tables:
        if t.result is None or not t.result.counts:
            raise IllegalMoveError(_("semifinal table {table} has no counted result: enter it (T3.3) to seed the final")
                                   .format(table=t.number), rule="T3.3")
        facts = table_facts(t.result)
        order = sorted(t.seats, key=lambda p: (facts[p][0], seeds.get(p, len(seeds))))
        qualifiers += order[:keep]
        for p in order[keep:]:
            share = facts[p][2] if facts[p][0] != 1 else Fraction(100)
            rest.append((facts[p][0], -share, seeds.get(p, len(seeds)), p))
    return qualifiers + [p for *_, p in sorted(rest)]


def finalists(event: Tournament, semifinal: Round) -> list[str]:
    """The final's players: :func:`semifinal_order`'s first ``event.final`` active players
    (4 qualifiers, and with a final of 5 the best of the rest)."""
    order = [p for p in semifinal_order(event, semifinal) if event.player(p).active]
    if len(order) < 3:
        raise IllegalMoveError(ngettext("only {count} active semifinalist: a final needs 3",
                                        "only {count} active semifinalists: a final needs 3", len(order))
                               .format(count=len(order)))
    return order[:event.final]


def finals(event: Tournament) -> dict[str, object]:
    """Heats: the semifinal's and final's outcome: ``semifinal`` (seeded or not),
    ``finalists`` (the final's seats once seeded), ``final_order`` (the final's players by
    finish once played, a shared place going to the better heat seed), ``champion`` and
    ``places`` (T4: places 1 to 6: the final's, then the semifinal's others by
    :func:`semifinal_order`; each ``{place, player, stage}``), None or empty until known."""
    seeds = {row.player: i for i, row in enumerate(heat_standings(event, seeded=False))}
    semi = next((r for r in event.rounds if r.stage == "semifinal"), None)
    final = next((r for r in event.rounds if r.stage == "final"), None)
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
            try:  # a semifinalist withdrawn before the final never played it: not placed (T4)
                others = [p for p in semifinal_order(event, semi) if p not in order and event.player(p).active]
            except IllegalMoveError:
                others = []
            top += [{"place": i, "player": p, "stage": "semifinal"}
                    for i, p in enumerate(others, start=len(order) + 1)]
        top = top[:6]
    return {"semifinal": semi is not None, "finalists": finalists, "final_order": order, "champion": champion,
            "places": top}



def alternate(event: Tournament, seeded: Round) -> str | None:
    """The next player by the keys for a seat of ``seeded`` (a semifinal or final) not taken
    up: active, not seated in it. For a semifinal, by the heat standings; for a final, by the
    semifinal's order (:func:`semifinal_order`)."""
    seated = {p for t in seeded.tables for p in t.seats}
    if seeded.stage == "final" and any(r.stage == "semifinal" for r in event.rounds):
        semi = next(r for r in event.rounds if r.stage == "semifinal")
        pool = [p for p in semifinal_order(event, semi) if p not in seated]
    else:
        pool = [r.player for r in heat_standings(event) if r.eligible and r.player not in seated]
    return next((p for p in pool if event.player(p).active), None)


def final_state(event: Tournament) -> str:
    """Words for what is left once the final is seeded: its result to enter, or the champion."""
    final = next(r for r in event.rounds if r.stage == "final")
    if final.open:
        return _("the final is seeded (round {round}): enter its result with `tournament result {round} 1`; there is "
                 "nothing more to draw or seed").format(round=final.number)
    champion = finals(event)["champion"]
    if champion:
        return _("the event is over: the final is played and {player} is the champion").format(player=champion)
    return _("the event is over: the final is played")


def seeding(event: Tournament) -> dict[int, list[str]]:
    """Heats: for each seeded round (semifinal, final), who the results as they stand now
    would seat there: ``{round number: players}`` (sorted). Compared before and after a
    correction, it tells whether the correction changes a round already seeded (T1.2)."""
    out: dict[int, list[str]] = {}
    if event.format != "heats":
        return out
    for rnd in event.rounds:
        if rnd.stage == "semifinal" or (rnd.stage == "final" and not any(r.stage == "semifinal" for r in event.rounds)):
            out[rnd.number] = sorted(r.player for r in heat_standings(event, seeded=False) if r.advances)
        elif rnd.stage == "final":
            semi = next(r for r in event.rounds if r.stage == "semifinal")
            if not semi.open:
                try:
                    out[rnd.number] = sorted(finalists(event, semi))
                except IllegalMoveError:
                    out[rnd.number] = []
    return out



def seeding_changes(event: Tournament, before: dict[int, list[str]], after: dict[int, list[str]]) -> list[str]:
    """What a correction changes in the rounds already seeded (T1.2), from :func:`seeding` taken
    before and after it: for each seeded round whose players it would change, a sentence naming
    who it would seat instead of whom (the round stays as it was seeded). Empty when none."""
    changes = []
    for k, seats in before.items():
        if after.get(k) != seats:
            gone = sorted(set(seats) - set(after.get(k, [])))
            came = sorted(set(after.get(k, [])) - set(seats))
            changes.append(_("this correction changes round {round}, the {stage} already seeded from these results: they "
                             "would now seat {came} instead of {gone}; the {stage} stays as it was seeded").format(
                round=k, stage=said(event.round(k).stage), came=", ".join(came) or _("nobody new"),
                gone=", ".join(gone) or _("nobody")))
    return changes
