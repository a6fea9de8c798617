"""What the organiser sees of an event (T5): one standings document, and the text, CSV and HTML
made from it. Pure: these functions build strings and plain data; the command line writes them through
:mod:`acquire_ref.files.storage`. Every name is data: the CSV is written by :mod:`csv` with a leading
``=``, ``+``, ``-`` or ``@`` neutralised (a spreadsheet would run it), and the HTML page is the
live board's template set's ``tournament.html`` (:mod:`acquire_ref.web.pages`: Jinja2 with
autoescaping, every text made visible), fed by :func:`hall_doc`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from acquire_ref.engine.events import money
from acquire_ref.language import _
from acquire_ref.tournament import TIEBREAK_KEYS, Placing, Round, Tournament, places
from acquire_ref.tournament.model import decimal, pgettext, said
from acquire_ref.tournament.wording import cut_words, heading, over_nothing, percent, status_lines, tiebreak_words
from acquire_ref.words.refusals import N_

KEYS = {
    "heats": [("wins", N_("wins")), ("points", N_("placement points")), ("margin", N_("best margin %")),
              ("share_of_winner", N_("best {percent} of winner")), ("average_finish", N_("average finish")), ("lot", N_("lot"))],
    "swiss": [("points", N_("points")), ("money", N_("money")), ("best_game", N_("best game")), ("lot", N_("lot"))],
}
"""Each format's default columns in T4's order: (key in the JSON document, heading: English,
marked for the catalogues and translated where shown)."""

HEADINGS = {
    "first_heat_win": N_("1st heat won"), "second_heat_win": N_("2nd heat won"), "third_heat_win": N_("3rd heat won"),
    "wins": N_("wins"), "points": N_("placement points"), "margin": N_("best margin %"),
    "share_of_winner": N_("best {percent} of winner"), "finish_margin": N_("best-finish margin %"),
    "average_finish": N_("average finish"), "lot": N_("lot"),
}
"""The heats columns' headings (English, translated where shown)."""

EXACT = ("margin", "share_of_winner", "finish_margin", "average_finish")
"""The columns shown to the precision that decides (T5.1): as many decimals as tell every two
different values apart (at least one, at most 12)."""


def columns(event: Tournament) -> list[tuple[str, str]]:
    """The standings' columns of ``event``: (JSON key, heading), one per tie-break key in the
    event's order (the ``margin`` key is two columns: the winners' margin and the others' best
    % of the winner)."""
    if event.format != "heats":
        return [(k, heading(h)) for k, h in KEYS[event.format]]
    out = []
    for k in event.tiebreaks:
        out += [("margin", heading(HEADINGS["margin"])), ("share_of_winner", heading(HEADINGS["share_of_winner"]))] \
            if k == "margin" else [(k, heading(HEADINGS[k]))]
    return out


def decimals(values: list[Fraction | float | None]) -> int:
    """The fewest decimals (1 to 12) at which every two different ``values`` print differently.

    >>> decimals([Fraction(250489, 10000), Fraction(25)]), decimals([Fraction(1, 3), Fraction(1, 2)])
    (2, 1)
    """
    known = sorted({v for v in values if v is not None and v not in (float("inf"), float("-inf"))})
    for d in range(1, 13):
        shown = {f"{float(v):.{d}f}" for v in known}
        if len(shown) == len(known):
            return d
    return 12


def exact_cell(value: Fraction | float | None, places_: int) -> str:
    """An exact value at ``places_`` decimals (the language's decimal sign); ``over $0`` for a win
    over a runner-up with $0, - for none."""
    if value is None:
        return "-"
    if value == float("inf"):
        return over_nothing()
    return decimal(f"{float(value):.{places_}f}")


def round_doc(rnd: Round) -> dict[str, Any]:
    """One round as plain data: ``number``, ``stage``, ``draw`` and its ``tables`` (``table``,
    ``seats``, ``game``, ``result``: ``{source, money, places, played}`` or None while still
    playing; ``played`` is the date the organiser gave, ISO, None for the game file's)."""
    tables = []
    for t in rnd.tables:
        result = None
        if t.result is not None:
            where = places(t.result.money) if t.result.counts else {}
            result = {"source": t.result.source, "money": dict(t.result.money), "places": where,
                      "played": t.result.played.isoformat() if t.result.played is not None else None}
        tables.append({"table": t.number, "seats": list(t.seats), "game": t.game, "result": result})
    return {"number": rnd.number, "stage": rnd.stage, "draw": rnd.draw, "open": rnd.open, "tables": tables}


def standings_doc(event: Tournament) -> dict[str, Any]:
    """The ``tournament standings --json`` document (T5.1): ``event``, ``format``, ``keys`` (the
    format's keys in order), ``standings`` (best first: ``rank``, ``player``, ``group``,
    ``active``, one entry per key, ``advances``), ``cut`` (heats: places in the semifinal),
    ``advancing``, ``still_playing`` (tables of the last round without a result), ``unfinished``
    (tables scored as they stood or left out, T3.3), ``rounds`` and, for heats, ``finals``."""
    rows = event.standings()
    groups = {p.name: p for p in event.players}
    last = event.current()
    cols = columns(event)
    places_ = {k: decimals([r.exact.get(k) for r in rows]) for k in EXACT}
    heats_of = _by_heat(event)
    doc: dict[str, Any] = {
        "event": event.name, "format": event.format, "seed": event.seed,
        "keys": [k for k, _ in cols], "headings": [h for _, h in cols],
        "tiebreaks": {"preset": event.preset if event.format == "heats" else "swiss",
                      "described": [TIEBREAK_KEYS[k] for k in event.tiebreaks] if event.format == "heats" else [],
                      "keys": list(event.tiebreaks) if event.format == "heats" else [k for k, _ in KEYS["swiss"]],
                      "margin_factors": {str(k): str(v) for k, v in event.margin_factors.items()},
                      "words": tiebreak_words(event)},
        "heat_rounds": [r.number for r in event.rounds if r.stage in ("heat", "swiss")],
        "standings": [{"rank": r.rank, "player": r.player, "group": groups[r.player].group,
                       "badge": groups[r.player].badge, "active": groups[r.player].active, **r.keys,
                       "advances": r.advances, "shown": _shown(r, places_), "exact": _exact(r),
                       "by_heat": heats_of.get(r.player, {})} for r in rows],
        "cut": event.cut() if event.format == "heats" else None,
        "advancing": [r.player for r in rows if r.advances],
        "still_playing": [{"round": last.number, "table": t.number, "seats": list(t.seats), "game": t.game}
                          for t in last.tables if t.result is None] if last else [],
        "unfinished": [{"round": r.number, "table": t.number, "source": t.result.source}
                       for r in event.rounds for t in r.tables
                       if t.result is not None and t.result.source in ("projected", "left out")],
        "rounds": [round_doc(r) for r in event.rounds],
    }
    if event.format == "heats":
        doc["finals"] = event.finals()
    return doc


def _shown(row: Placing, places_: dict[str, int]) -> dict[str, str]:
    """The exact columns of ``row`` as text at the deciding precision (T5.1)."""
    return {k: exact_cell(row.exact.get(k), places_[k]) for k in EXACT if k in row.exact}


def _exact(row: Placing) -> dict[str, str | None]:
    """The exact columns of ``row`` for a spreadsheet: up to 12 decimals, ``inf`` for a win over $0."""
    out: dict[str, str | None] = {}
    for k, v in row.exact.items():
        out[k] = None if v is None else "inf" if v == float("inf") else f"{float(v):.12f}".rstrip("0").rstrip(".")
    return out


def _by_heat(event: Tournament) -> dict[str, dict[str, dict[str, object]]]:
    """For each player, ``{round number: {table, place, money}}`` for each counted heat (or
    swiss round) they played (one pass over the tables, whatever the number of players)."""
    out: dict[str, dict[str, dict[str, object]]] = {}
    for rnd in event.rounds:
        if rnd.stage not in ("heat", "swiss"):
            continue
        for t in rnd.tables:
            if t.result is not None and t.result.counts:
                where = places(t.result.money)
                for player in t.seats:
                    out.setdefault(player, {})[str(rnd.number)] = {"table": t.number, "place": where[player],
                                                                   "money": t.result.money[player]}
    return out


def cell(key: str, value: object) -> str:
    """A key's value as the standings show it: money with $ and commas, percentages with %, - for none."""
    if value is None:
        return "-"
    if key in ("money", "best_game"):
        return money(int(str(value)))
    if key in ("margin", "share_of_winner", "finish_margin"):
        return percent(decimal(str(value)))
    if key.endswith("_heat_win"):
        return _("yes") if value else _("no")
    return decimal(str(value))


def row_cell(row: dict[str, Any], key: str) -> str:
    """A row's cell as people see it: the exact columns at their deciding precision (with %),
    ``over $0`` for a win over a runner-up with nothing, - for none, the rest by :func:`cell`."""
    shown = row.get("shown", {})
    if key in shown:
        text = shown[key]
        return text if text in ("-", over_nothing()) or key == "average_finish" else percent(text)
    if key.endswith("_heat_win") and row[key] is None:
        return _("n/a")
    return cell(key, row[key])


def _cols(doc: dict[str, Any]) -> list[tuple[str, str]]:
    """The document's columns: (key, heading)."""
    if "headings" in doc:
        return list(zip(doc["keys"], doc["headings"], strict=True))
    return [(k, heading(h)) for k, h in KEYS[doc["format"]]]


def cut_after(doc: dict[str, Any]) -> int | None:
    """The index of the row the cut line goes under (the last row that advances, once ``cut``
    rows advance), or None when there is no cut to draw."""
    cut = doc.get("cut") or 0
    if not cut or doc["format"] != "heats":
        return None
    seen = 0
    for i, row in enumerate(doc["standings"]):
        seen += 1 if row["advances"] else 0
        if seen == cut:
            return i if i + 1 < len(doc["standings"]) else None
    return None


def text_lines(doc: dict[str, Any], width: int | None = None) -> list[str]:
    """The standings as lines of plain text for the terminal: every name whole (the player column
    ``width`` wide, by default 24 or the longest name), every column at the precision that
    decides, the cut line, the tie-break list, then the tables still playing and the final's
    outcome."""
    keys = _cols(doc)
    width = width or max([24, *(len(r["player"]) for r in doc["standings"])])
    lines = [_("{event} ({format}): standings").format(event=doc["event"], format=said(doc["format"]))]
    rank, player = _("rank"), _("player")
    wide = max(4, len(rank))
    width = max(width, len(player))
    head = f"{rank:>{wide}}  {player:<{width}}  " + "  ".join(f"{h:>{max(len(h), 7)}}" for _k, h in keys)
    lines.append(head)
    line_at = cut_after(doc)
    for i, row in enumerate(doc["standings"]):
        name = row["player"]
        mark = " " + _("advances") if row["advances"] else ""
        mark += " " + _("(withdrawn)") if not row["active"] else ""
        values = "  ".join(f"{row_cell(row, k):>{max(len(h), 7)}}" for k, h in keys)
        lines.append(f"{row['rank']:>{wide}}  {name:<{width}}  {values}{mark}")
        if i == line_at:
            lines.append(f"{'':>{wide}}  {'-' * width}  {cut_words(doc)}")
    lines += doc.get("tiebreaks", {}).get("words", [])
    lines += status_lines(doc)
    return lines


def csv_text(doc: dict[str, Any]) -> str:
    """The standings as CSV (T5.2), with a byte-order mark so that a spreadsheet reads it as
    UTF-8 (accents intact): a header, then one row per player: rank, player, badge, group, one
    column per key (margins exact, ``inf`` for a win over $0), advances, heats played, withdrawn,
    then each heat's place and money. A text starting with ``=``, ``+``, ``-`` or ``@`` (after
    any spaces: a spreadsheet may drop them first), a tab or a carriage return gets a leading
    ``'`` so that a spreadsheet shows it rather than running it."""
    import csv
    import io

    from acquire_ref.words import spreadsheet_safe as safe

    def value(row: dict[str, Any], k: str) -> object:
        exact = row.get("exact", {})
        v = exact[k] if k in exact else row[k]
        return "" if v is None else v

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    keys = [k for k, _ in _cols(doc)]
    heats = doc.get("heat_rounds", [])
    per = [f"round {n} {what}" for n in heats for what in ("place", "money")]
    finals = _finals_cells(doc)
    writer.writerow(["rank", "player", "badge", "group", *keys, "advances", "heats played", "withdrawn", *per,
                     *(FINALS_COLUMNS if finals is not None else ())])
    for row in doc["standings"]:
        played = row.get("by_heat", {})
        cells = [played.get(str(n), {}).get(what, "") for n in heats for what in ("place", "money")]
        writer.writerow([row["rank"], safe(row["player"]), safe(row.get("badge") or ""), safe(row["group"] or ""),
                         *(value(row, k) for k in keys), "yes" if row["advances"] else "",
                         row.get("heats", row.get("games", "")), "" if row["active"] else "yes", *cells,
                         *(finals.get(row["player"], [""] * len(FINALS_COLUMNS)) if finals is not None else ())])
    return "\ufeff" + out.getvalue()


FINALS_COLUMNS = ("semifinal table", "semifinal place", "semifinal money", "final place", "final money", "event place")
"""A heats event's last CSV columns (T4): the semifinal's table, place and money, the final's
place and money, and the event's places 1 to 6 (as the text and the hall show them)."""


def _finals_cells(doc: dict[str, Any]) -> dict[str, list[object]] | None:
    """For a heats event's standings document, each semifinalist's and finalist's
    :data:`FINALS_COLUMNS` cells (empty where not played or not yet known); None for swiss."""
    if "finals" not in doc:
        return None
    out: dict[str, list[object]] = {}
    for rnd in doc["rounds"]:
        if rnd["stage"] not in ("semifinal", "final"):
            continue
        for t in rnd["tables"]:
            result = t["result"] or {}
            for p in t["seats"]:
                cells = out.setdefault(p, [""] * len(FINALS_COLUMNS))
                place, money = result.get("places", {}).get(p, ""), result.get("money", {}).get(p, "")
                if rnd["stage"] == "semifinal":
                    cells[0:3] = [t["table"], place, money]
                else:
                    cells[3:5] = [place, money]
    for place in doc["finals"].get("places") or []:
        out.setdefault(place["player"], [""] * len(FINALS_COLUMNS))[5] = place["place"]
    return out


HALL_ROWS = 20
HALL_COLUMNS = 1
"""The hall screen's standings page: one table across the screen, up to 20 rows in letters read
across a hall (2.6% of the screen's height, 28 px at 1080), fits 1920 x 1080 with every key of
wbc-2007, a few names wrapped in two lines and the notes below (measured in Chromium); more
players turn pages, the rows shared evenly among them (90 players: 5 pages of 18)."""

HALL_LONG_NAME = 32
HALL_LONG_ROW = 4 / 3
"""A name over 32 characters is shown in two smaller lines on the hall page; its row is as tall as
4/3 of another, and a page holds that many fewer (measured in Chromium at 1920 x 1080)."""

HALL_TURN = 20
HALL_REFRESH = 60
"""Seconds each hall page shows before the next, and between the page's reloads of itself."""

def short_heading(key: str, heading_: str) -> str:
    """The hall's heading of the column ``key`` (short: the numbers share the screen with the
    name, in large letters; worded for the hall in each language), ``heading_`` for another key."""
    short = {"first_heat_win": pgettext("hall", "1st heat"), "second_heat_win": pgettext("hall", "2nd heat"),
             "third_heat_win": pgettext("hall", "3rd heat"), "wins": pgettext("hall", "wins"),
             "points": pgettext("hall", "points"), "margin": pgettext("hall", "margin %"),
             "share_of_winner": pgettext("hall", "{percent} of winner"), "finish_margin": pgettext("hall", "margin %"),
             "average_finish": pgettext("hall", "avg finish"), "lot": pgettext("hall", "lot"),
             "money": pgettext("hall", "money"), "best_game": pgettext("hall", "best game")}
    return short[key].format(percent="%") if key in short else heading_


HALL_LONG_SEAT = 20
"""A name over 20 characters is set in smaller letters on a table's card of the hall."""


def _cards(rnd: dict[str, Any]) -> list[dict[str, Any]]:
    """A round's tables as the hall shows them: still playing first, then by number; each seat
    with its money once the result is in (by finish); ``review`` the link to the review of a
    table finished in its game file (:func:`review_href`), else ""."""
    cards = []
    for t in rnd["tables"]:
        result = t["result"]
        seats = [{"name": s, "money": "", "long": len(s) > HALL_LONG_SEAT} for s in t["seats"]]
        if result is not None and result["money"]:
            order = sorted(t["seats"], key=lambda s: (result["places"].get(s, 9), t["seats"].index(s)))
            seats = [{"name": s, "money": money(result["money"][s]), "long": len(s) > HALL_LONG_SEAT} for s in order]
        cards.append({"number": t["table"], "playing": result is None, "seats": seats, "review": review_href(t)})
    return sorted(cards, key=lambda c: (not c["playing"], c["number"]))


HALL_CARD_COLUMNS = 4
HALL_NOW_HEIGHT = (86.0, 78.0)
"""The "now" pages of the hall: the tables as cards, 4 a row, in letters read across the hall
(2.6% of the screen's height), as many rows a page as fit the height left under the heading (in
% of the screen's height: 86, or 78 under the champion and the places), each row as tall as its
tallest card; more tables turn pages (measured in Chromium at 1920 x 1080)."""

_CARD = {"chrome": 1.6, "line": 3.1, "small": 2.5, "gap": 1.2, "label": 5.4, "wide": 28, "narrow": 34}
"""The card's sizes as the hall template sets them, in % of the screen's height (a line of 2.6%
letters 3.1, a long name's line of 2.1% letters 2.5, a group's label 5.4), and how many
characters a line of a card holds (28 in the large letters, 34 in the small ones, the letters of
a name over :data:`HALL_LONG_SEAT` characters)."""


def _card_height(card: dict[str, Any]) -> float:
    """How tall a table's card is on the hall's "now" page (:data:`_CARD`), its names wrapped."""
    height = _CARD["chrome"] + _CARD["line"]
    for seat in card["seats"]:
        text = len(seat["name"]) + (len(seat["money"]) + 1 if seat["money"] else 0)
        small = seat["long"]
        per_line = _CARD["narrow"] if small else _CARD["wide"]
        height += -(-text // int(per_line)) * (_CARD["small"] if small else _CARD["line"])
    return height


def _now_pages(groups: list[dict[str, Any]], champion: bool) -> list[dict[str, Any]]:
    """The hall's "now" pages: the ``groups`` of tables (the final, the semifinal, the current
    round) in order, in rows of :data:`HALL_CARD_COLUMNS` cards, as many rows a page as fit
    (:data:`HALL_NOW_HEIGHT`), a group cut by a page going on under its label with "continued";
    one page (for the champion) when there are no tables but ``champion``."""
    pages: list[dict[str, Any]] = []
    page: list[dict[str, Any]] = []
    room = HALL_NOW_HEIGHT[1] if champion else HALL_NOW_HEIGHT[0]
    for group in groups:
        label, cards = group["label"], group["tables"]
        rows = [cards[i:i + HALL_CARD_COLUMNS] for i in range(0, len(cards), HALL_CARD_COLUMNS)]
        placed: list[dict[str, Any]] = []
        room -= _CARD["label"]
        for row in rows:
            tall = max(_card_height(c) for c in row) + _CARD["gap"]
            if tall > room and (placed or page):
                if placed:
                    page.append({"label": label, "tables": placed})
                    label = _("{label}, continued").format(label=group["label"])
                pages.append({"kind": "now", "groups": page})
                page, placed, room = [], [], HALL_NOW_HEIGHT[0] - _CARD["label"]
            placed += row
            room -= tall
        page.append({"label": label, "tables": placed})
    if page or (champion and not pages):
        pages.append({"kind": "now", "groups": page})
    return pages


HALL_FIND = 100
"""Players a "find your table" page of the hall holds (4 columns of 25, large enough to read
across the hall)."""


def _find_pages(last: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The hall's "find your table" pages while the heat or swiss round ``last`` is still being
    played (a semifinal's and final's seats are on the first page): every
    seated player by surname (the name's last word, ignoring case and accents) with their table,
    :data:`HALL_FIND` a page in 4 columns; none once every table has its result."""
    import unicodedata

    if last is None or last["stage"] not in ("heat", "swiss") or all(t["result"] is not None for t in last["tables"]):
        return []

    def order(name: str) -> str:
        return "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c)).casefold()

    seated = sorted(({"name": s, "table": t["table"]} for t in last["tables"] for s in t["seats"]),
                    key=lambda p: (order(str(p["name"]).split()[-1]), order(str(p["name"]))))
    quarter = HALL_FIND // 4
    return [{"kind": "find", "round": last["number"],
             "columns": [seated[i + c:i + c + quarter] for c in range(0, HALL_FIND, quarter) if seated[i + c:i + c + quarter]]}
            for i in range(0, len(seated), HALL_FIND)]


def _hall_chunks(rows: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The standings rows of the hall's pages: as few pages as hold them (:data:`HALL_ROWS` a
    page, a long name's row, in two lines, counting :data:`HALL_LONG_ROW`), the rows shared
    evenly among them (90 players: 5 pages of 18, not 4 of 20 and one of 10)."""
    weights = [HALL_LONG_ROW if r["long"] else 1.0 for r in rows]
    total = sum(weights)
    count = max(1, -int(-total // (HALL_ROWS * HALL_COLUMNS)))
    target = total / count
    chunks: list[list[dict[str, Any]]] = []
    page: list[dict[str, Any]] = []
    filled = 0.0
    for row, weight in zip(rows, weights, strict=True):
        if page and (filled + weight > HALL_ROWS * HALL_COLUMNS or
                     (filled + weight > target + 0.5 and len(chunks) < count - 1)):
            chunks.append(page)
            page, filled = [], 0.0
        page.append(row)
        filled += weight
    return [*chunks, page]


def hall_doc(doc: dict[str, Any], as_of: str = "", refresh: int = HALL_REFRESH) -> dict[str, Any]:
    """A standings document (:func:`standings_doc`) as the hall page's template takes it (T5.2):
    ``title``, ``as_of`` (the time the page was made, in words), ``refresh`` (seconds between
    its reloads), ``turn`` (seconds a page shows), ``champion``, ``places``, ``headings``,
    ``columns`` and ``pages``: first the ``now`` pages (the final, the semifinal and the current
    round's tables, still playing first, :func:`_now_pages`), then ``standings`` pages of :data:`HALL_COLUMNS`
    columns of at most :data:`HALL_ROWS` rows, shared evenly (``rank``, ``player``, ``cells`` as the terminal shows
    them, ``note`` and ``classes``: ``advances``, ``cut`` on the row the cut line is under,
    ``out`` for a withdrawn player); ``notes`` (the tie-break list, unfinished tables, the final).
    Plain text: the template escapes it."""
    keys = _cols(doc)
    line_at = cut_after(doc)
    rows = []
    for i, row in enumerate(doc["standings"]):
        classes = [c for c, on in (("advances", row["advances"]), ("out", not row["active"]), ("cut", i == line_at)) if on]
        note = pgettext("hall", "advances") if row["advances"] else ""  # short words: the column is narrow
        note = pgettext("hall", "withdrawn") if not row["active"] else note
        rows.append({"rank": row["rank"], "player": row["player"], "cells": [row_cell(row, k) for k, _ in keys],
                     "note": note, "classes": " ".join(classes), "long": len(row["player"]) > HALL_LONG_NAME})
    finals = doc.get("finals") or {}
    groups = []
    by_stage = {r["stage"]: r for r in doc["rounds"]}
    if "final" in by_stage:
        groups.append({"label": _("Final (round {round})").format(round=by_stage["final"]["number"]),
                       "tables": _cards(by_stage["final"])})
    if "semifinal" in by_stage:
        groups.append({"label": _("Semifinal (round {round})").format(round=by_stage["semifinal"]["number"]),
                       "tables": _cards(by_stage["semifinal"])})
    last = doc["rounds"][-1] if doc["rounds"] else None
    if last is not None and last["stage"] in ("heat", "swiss"):
        groups.append({"label": _("Round {round} ({stage})").format(round=last["number"], stage=said(last["stage"])),
                       "tables": _cards(last)})
    pages = _now_pages(groups, bool(finals.get("champion")))
    pages += _find_pages(last)
    for chunk in _hall_chunks(rows):
        per_column = -(-max(len(chunk), 1) // HALL_COLUMNS)
        pages.append({"kind": "standings",
                      "columns": [chunk[c:c + per_column] for c in range(0, len(chunk), per_column)] or [[]]})
    return {"title": _("{event}: standings").format(event=doc["event"]), "as_of": as_of, "refresh": refresh, "turn": HALL_TURN,
            "champion": finals.get("champion"), "places": finals.get("places") or [],
            "headings": [short_heading(k, h) for k, h in keys], "columns": HALL_COLUMNS,
            "rows_per_page": HALL_ROWS,
            "card_columns": HALL_CARD_COLUMNS, "rows": rows, "pages": pages,
            "notes": doc.get("tiebreaks", {}).get("words", []) + status_lines(doc)}


def sheets_doc(event: Tournament, rnd: Round) -> dict[str, Any]:
    """A drawn round's paper (T5.3) as the sheets template takes it: ``event``, ``round``,
    ``stage``, ``title``, ``tables`` (``number``, ``game``, ``seats``: ``{name, badge}`` in
    seating order), ``per_page`` (tables an A4 page: 3 of up to 4 players, else 2), ``pages``
    (the tables by page) and ``players`` (the "find your table" list: ``name``, ``badge``,
    ``table``, ``seat``, sorted by surname, the name's last word, then the whole name, ignoring
    case and accents). Plain text: the template escapes it."""
    import unicodedata

    def badge(name: str) -> str:
        found = event.find(name)
        return (found.badge or "") if found is not None else ""

    def order(name: str) -> str:
        return "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c)).casefold()

    tables = [{"number": t.number, "game": t.game, "seats": [{"name": s, "badge": badge(s)} for s in t.seats]}
              for t in rnd.tables]
    players = sorted(({"name": s, "badge": badge(s), "table": t.number, "seat": i}
                      for t in rnd.tables for i, s in enumerate(t.seats, start=1)),
                     key=lambda p: (order(str(p["name"]).split()[-1]), order(str(p["name"]))))
    per_page = 3 if max((len(t.seats) for t in rnd.tables), default=0) <= 4 else 2
    return {"event": event.name, "round": rnd.number, "stage": rnd.stage,
            "title": _("{event}: round {round} table sheets").format(event=event.name, round=rnd.number),
            "stage_word": said(rnd.stage), "tables": tables, "players": players,
            "per_page": per_page, "pages": [tables[i:i + per_page] for i in range(0, len(tables), per_page)]}


def review_name(game: str) -> str:
    """The file name of a table's review beside its game file: the game's name with ``.html``
    for ``.toml`` (``club-r1-t2.toml`` -> ``club-r1-t2.html``), as ``acquire-ref -g GAME log
    --html REVIEW`` writes it."""
    return (game[:-5] if game.endswith(".toml") else game) + ".html"


def review_href(table: dict[str, Any]) -> str:
    """The link a hall card gives to the review of ``table`` (a standings document's table),
    finished in its game file (result source ``game``, T3): the review's file name beside the game
    file (:func:`review_name`), relative, percent-encoded and starting with ``./`` so that no name
    can be read as a scheme (``javascript:``); "" for a table with no review (from a sheet, scored
    unfinished, or still playing)."""
    from urllib.parse import quote

    result = table["result"]
    if not table["game"] or result is None or result["source"] != "game":
        return ""
    return "./" + quote(review_name(table["game"]))
