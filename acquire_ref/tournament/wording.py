"""The organiser's sentences (T1-T5), in the language in force (:mod:`acquire_ref.language`):
an event's shape, a round's table list, what a redraw discards, a result entered, the lines under
the standings (tie-breaks, the cut line, unfinished tables, the final) and the time of a hall
page. Pure: strings from values; the command line prints them, the hall page shows them.

The event file, the standings' JSON and CSV keep their English keys (a protocol): only what people
read is worded here.
"""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from acquire_ref.engine.events import money
from acquire_ref.language import _, ngettext
from acquire_ref.tournament.model import decimal, said
from acquire_ref.words.refusals import N_

if TYPE_CHECKING:
    from acquire_ref.tournament import Result, Round, Seating, Tournament


def heading(text: str) -> str:
    """A heading or phrase of this module's tables in the language in force, its ``{percent}``
    written ``%`` (a field, so that the catalogues do not read ``% o`` as a printf format)."""
    return _(text).format(percent="%")

def over_nothing() -> str:
    """A win over a runner-up with $0, as the standings show its margin: ``over $0``."""
    return _("over {zero}").format(zero=money(0))

def percent(text: str) -> str:
    """A number as a percentage as the language writes it: ``12.5%``, ``12,5 %``."""
    from acquire_ref.language import SOURCE, current

    return f"{text}%" if current() == SOURCE else f"{text}\u00a0%"

PHRASES = {"first_heat_win": N_("win in 1st heat entered"), "wins": N_("most wins"),
           "second_heat_win": N_("win in 2nd heat entered"), "third_heat_win": N_("win in 3rd heat entered"),
           "points": N_("placement points"), "margin": N_("best margin %"),
           "finish_margin": N_("{percent} over the runner-up at the best finish"), "average_finish": N_("average finish"),
           "lot": N_("the recorded draw")}
"""Each tie-break key in a few words, for the line printed under the standings (the keys in
full are :data:`acquire_ref.tournament.TIEBREAK_KEYS`)."""


def tiebreak_words(event: Tournament) -> list[str]:
    """The event's tie-break list in words, as printed with the standings (T4: published rules)."""
    if event.format != "heats":
        return [_("Tie-breaks (swiss, T4): placement points, total money, best game's money, the recorded draw.")]
    keys = ", ".join(heading(PHRASES[k]) for k in event.tiebreaks)
    lines = [_("Tie-breaks ({preset}), in order: {keys}.").format(preset=event.preset, keys=keys) if event.preset
             else _("Tie-breaks, in order: {keys}.").format(keys=keys)]
    if event.margin_factors:
        lines.append(_("Margin factors by table size: {factors}.").format(factors=", ".join(
            ngettext("{count} player x{factor}", "{count} players x{factor}", size).format(
                count=size, factor=decimal(f"{float(f):g}")) for size, f in event.margin_factors.items())))
    return lines

def cut_words(doc: dict[str, Any]) -> str:
    """What the cut line says: who goes on, and once seeded, that the marks are the seeded round's seats."""
    cut = doc.get("cut") or 0
    stage = "final" if cut <= 5 and not any(r["stage"] == "semifinal" for r in doc["rounds"]) else "semifinal"
    seeded = any(r["stage"] in ("semifinal", "final") for r in doc["rounds"])
    rows = doc["standings"]
    top = all(r["advances"] for r in rows[:cut])
    if seeded and not top:
        return _("cut line: the {count} marked '{advances}' are seated in the {stage} as it was seeded").format(
            count=cut, advances=_("advances"), stage=said(stage))
    if seeded:
        return _("cut line: the {count} above go to the {stage} (as seeded)").format(count=cut, stage=said(stage))
    return _("cut line: the {count} above go to the {stage}").format(count=cut, stage=said(stage))

def status_lines(doc: dict[str, Any]) -> list[str]:
    """The lines under the standings: unfinished tables (T3.3), the tables still playing, the
    final's outcome and the places."""
    out = []
    for t in doc["unfinished"]:
        said_ = (_("Round {round} table {table} was unfinished: scored as it stood (projected money) (T3.3).")
                 if t["source"] == "projected" else
                 _("Round {round} table {table} was unfinished: left out of the standings (T3.3)."))
        out.append(said_.format(round=t["round"], table=t["table"]))
    if doc["still_playing"]:
        count = len(doc["still_playing"])
        out.append(ngettext("Still playing in round {round}: table {tables}.",
                            "Still playing in round {round}: tables {tables}.", count).format(
            round=doc["still_playing"][0]["round"], tables=", ".join(str(t["table"]) for t in doc["still_playing"])))
    finals = doc.get("finals") or {}
    if finals.get("final_order"):
        out.append(_("Final, by finish: {players}.").format(players=", ".join(finals["final_order"])))
    elif finals.get("finalists"):
        out.append(_("Final: {players}.").format(players=", ".join(finals["finalists"])))
    if finals.get("champion"):
        out.append(_("Champion: {player}.").format(player=finals["champion"]))
    if finals.get("places"):
        out.append(_("Places: {places}.").format(places=", ".join(f"{p['place']} {p['player']}" for p in finals["places"])))
    return out

def as_of(when: datetime.datetime) -> str:
    """The time a hall page was made, in words of the language in force: ``14:05 on Sat 14 Mar
    2026 (CET)``; the date by Babel's ``format_date`` in another language (imported only then)."""
    from acquire_ref.language import SOURCE, current

    if current() == SOURCE:
        return when.strftime("%H:%M on %a %d %b %Y (%Z)")
    from babel.dates import format_date

    return _("{time} on {date} ({zone})").format(time=when.strftime("%H:%M"), zone=when.strftime("%Z"),
                                                 date=format_date(when.date(), format="full", locale=current()))

def event_shape(event: Tournament) -> str:
    """The event's format in words for ``tournament new`` (T4): "swiss, 5 rounds", or "heats, then a
    semifinal of 8 and a final of 4; tie-breaks wbc-2007" (a semifinal of 4 is the final itself)."""
    if event.format == "swiss":
        return ngettext("swiss, {count} round", "swiss, {count} rounds", event.rounds_planned).format(
            count=event.rounds_planned)
    preset = event.preset or _("as listed")
    if event.semifinal == 4:
        return _("heats, then a final of {final}; tie-breaks {preset}").format(final=event.semifinal, preset=preset)
    return _("heats, then a semifinal of {semifinal} and a final of {final}; tie-breaks {preset}").format(
        semifinal=event.semifinal, final=event.final, preset=preset)

def table_lines(path: Path, rnd: Round) -> list[str]:
    """A round's table list for the hall: each table's seats and the command that opens its game."""
    from acquire_ref.tournament.event_games import game_path
    from acquire_ref.tournament.model import said
    from acquire_ref.words import PROGRAM

    count = len(rnd.tables)
    if rnd.draw == 1:
        head = ngettext("Round {round} ({stage}): {count} table", "Round {round} ({stage}): {count} tables", count)
    else:
        head = ngettext("Round {round} ({stage}, draw {draw}): {count} table",
                        "Round {round} ({stage}, draw {draw}): {count} tables", count)
    lines = [head.format(round=rnd.number, stage=said(rnd.stage), draw=rnd.draw, count=count)]
    for t in rnd.tables:
        state = "" if t.result is None else "  " + _("[result in]")
        lines.append("  " + _("table {table}: {seats}").format(table=t.number, seats=", ".join(t.seats)) + state)
        lines.append(f"    {PROGRAM} --game {game_path(path, t.game)} table")
    return lines

def discarded(path: Path, old: Round) -> str:
    """What a redraw discarded (T2.3): the old draw, the results it dropped, its game files."""
    from acquire_ref.tournament.event_games import DISCARDED, game_path

    entered = [t for t in old.tables if t.result is not None]
    files = ", ".join(str(game_path(path, t.game)) for t in old.tables)
    fields = {"round": old.number, "draw": old.draw, "count": len(old.tables), "suffix": DISCARDED, "files": files,
              "tables": ", ".join(str(t.number) for t in entered)}
    if entered:
        return ngettext("round {round} draw {draw} discarded ({count} table; results of tables {tables} dropped); its "
                        "game files are marked discarded (renamed to end in {suffix}): {files}",
                        "round {round} draw {draw} discarded ({count} tables; results of tables {tables} dropped); its "
                        "game files are marked discarded (renamed to end in {suffix}): {files}", len(old.tables)).format(**fields)
    return ngettext("round {round} draw {draw} discarded ({count} table; no result entered); its game files are marked "
                    "discarded (renamed to end in {suffix}): {files}",
                    "round {round} draw {draw} discarded ({count} tables; no result entered); its game files are marked "
                    "discarded (renamed to end in {suffix}): {files}", len(old.tables)).format(**fields)

def result_lines(rnd: Round, tab: Seating, old: Result | None) -> tuple[list[str], list[str]]:
    """What ``tournament result`` says of the result entered at ``tab`` of ``rnd``: ``(for stderr:
    the result it replaced, if any; for stdout: the result, then the tables still playing or the
    round complete)``."""
    from acquire_ref.tournament.model import describe_result

    replaced = [] if old is None else [_("Replaced round {round} table {table}: was {result}.").format(
        round=rnd.number, table=tab.number, result=describe_result(old))]
    assert tab.result is not None
    lines = [_("Round {round} table {table}: {result}.").format(round=rnd.number, table=tab.number,
                                                                result=describe_result(tab.result))]
    waiting = [str(t.number) for t in rnd.tables if t.result is None]
    if waiting:
        lines.append(ngettext("Round {round}: still playing: table {tables}.",
                              "Round {round}: still playing: tables {tables}.", len(waiting)).format(
            round=rnd.number, tables=", ".join(waiting)))
    else:
        lines.append(_("Round {round} is complete.").format(round=rnd.number))
    return replaced, lines
