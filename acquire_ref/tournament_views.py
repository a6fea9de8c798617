"""What the organiser sees of an event (T5): one standings document, and the text, CSV and HTML
made from it. Pure: these functions build strings and plain data; the command line writes them through
:mod:`acquire_ref.storage`. Every name is data: the CSV is written by :mod:`csv` with a leading
``=``, ``+``, ``-`` or ``@`` neutralised (a spreadsheet would run it), and the HTML page is the
live board's template set's ``tournament.html`` (:mod:`acquire_ref.web.pages`: Jinja2 with
autoescaping, every text made visible), fed by :func:`hall_doc`.
"""

from __future__ import annotations

from typing import Any

from acquire_ref.events import money
from acquire_ref.tournament import Event, Round, places

KEYS = {
    "heats": [("wins", "wins"), ("points", "placement points"), ("margin", "best margin %"),
              ("share_of_winner", "best % of winner"), ("average_finish", "average finish"), ("lot", "lot")],
    "swiss": [("points", "points"), ("money", "money"), ("best_game", "best game"), ("lot", "lot")],
}
"""Each format's tie-break keys in T4's order: (key in the JSON document, heading)."""


def round_doc(rnd: Round) -> dict[str, Any]:
    """One round as plain data: ``number``, ``stage``, ``draw`` and its ``tables`` (``table``,
    ``seats``, ``game``, ``result``: ``{source, money, places}`` or None while still playing)."""
    tables = []
    for t in rnd.tables:
        result = None
        if t.result is not None:
            where = places(t.result.money) if t.result.counts else {}
            result = {"source": t.result.source, "money": dict(t.result.money), "places": where}
        tables.append({"table": t.number, "seats": list(t.seats), "game": t.game, "result": result})
    return {"number": rnd.number, "stage": rnd.stage, "draw": rnd.draw, "open": rnd.open, "tables": tables}


def standings_doc(event: Event) -> dict[str, Any]:
    """The ``tournament standings --json`` document (T5.1): ``event``, ``format``, ``keys`` (the
    format's keys in order), ``standings`` (best first: ``rank``, ``player``, ``group``,
    ``active``, one entry per key, ``advances``), ``cut`` (heats: places in the semifinal),
    ``advancing``, ``still_playing`` (tables of the last round without a result), ``unfinished``
    (tables scored as they stood or left out, T3.3), ``rounds`` and, for heats, ``finals``."""
    rows = event.standings()
    groups = {p.name: p for p in event.players}
    last = event.current()
    doc: dict[str, Any] = {
        "event": event.name, "format": event.format, "seed": event.seed,
        "keys": [k for k, _ in KEYS[event.format]],
        "standings": [{"rank": r.rank, "player": r.player, "group": groups[r.player].group,
                       "active": groups[r.player].active, **r.keys, "advances": r.advances} for r in rows],
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


def cell(key: str, value: object) -> str:
    """A key's value as the standings show it: money with $ and commas, percentages with %, - for none."""
    if value is None:
        return "-"
    if key in ("money", "best_game"):
        return money(int(str(value)))
    if key in ("margin", "share_of_winner"):
        return f"{value}%"
    return str(value)


def text_lines(doc: dict[str, Any], width: int = 24) -> list[str]:
    """The standings as lines of plain text for the terminal (names longer than ``width`` cut)."""
    keys = KEYS[doc["format"]]
    lines = [f"{doc['event']} ({doc['format']}): standings"]
    head = f"{'rank':>4}  {'player':<{width}}  " + "  ".join(f"{h:>{max(len(h), 7)}}" for _, h in keys)
    lines.append(head)
    cut = doc.get("cut") or 0
    for i, row in enumerate(doc["standings"]):
        name = row["player"] if len(row["player"]) <= width else row["player"][:width - 3] + "..."
        mark = " advances" if row["advances"] else " (withdrawn)" if not row["active"] else ""
        values = "  ".join(f"{cell(k, row[k]):>{max(len(h), 7)}}" for k, h in keys)
        lines.append(f"{row['rank']:>4}  {name:<{width}}  {values}{mark}")
        if cut and doc["format"] == "heats" and row["advances"] and i + 1 < len(doc["standings"]) and \
                sum(1 for r in doc["standings"][:i + 1] if r["advances"]) == cut:
            lines.append(f"{'':>4}  {'-' * width}  cut line: the {cut} above go to the "
                         f"{'final' if cut == 4 else 'semifinal'}")
    lines += _status_lines(doc)
    return lines


def _status_lines(doc: dict[str, Any]) -> list[str]:
    out = []
    for t in doc["unfinished"]:
        how = "scored as it stood (projected money)" if t["source"] == "projected" else "left out of the standings"
        out.append(f"Round {t['round']} table {t['table']} was unfinished: {how} (T3.3).")
    if doc["still_playing"]:
        tabs = ", ".join(str(t["table"]) for t in doc["still_playing"])
        out.append(f"Still playing in round {doc['still_playing'][0]['round']}: table{'s' if ',' in tabs else ''} {tabs}.")
    finals = doc.get("finals") or {}
    if finals.get("finalists"):
        out.append(f"Final: {', '.join(finals['finalists'])}.")
    if finals.get("champion"):
        out.append(f"Champion: {finals['champion']}.")
    return out


def csv_text(doc: dict[str, Any]) -> str:
    """The standings as CSV (T5.2): a header, then one row per player: rank, player, group, one
    column per key, advances. A text starting with ``=``, ``+``, ``-`` or ``@`` (after any
    spaces: a spreadsheet may drop them first), a tab or a carriage return gets a leading ``'``
    so that a spreadsheet shows it rather than running it."""
    import csv
    import io

    def safe(value: object) -> object:
        if isinstance(value, str) and (value.lstrip(" ")[:1] in ("=", "+", "-", "@") or value[:1] in ("\t", "\r")):
            return f"'{value}"
        return value

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    keys = [k for k, _ in KEYS[doc["format"]]]
    writer.writerow(["rank", "player", "group", *keys, "advances"])
    for row in doc["standings"]:
        writer.writerow([row["rank"], safe(row["player"]), safe(row["group"] or ""),
                         *("" if row[k] is None else row[k] for k in keys), "yes" if row["advances"] else ""])
    return out.getvalue()


def hall_doc(doc: dict[str, Any]) -> dict[str, Any]:
    """A standings document (:func:`standings_doc`) as the hall page's template takes it (T5.2):
    ``title``, ``headings`` (the keys in order), ``rows`` (``rank``, ``player``, ``cells`` as the
    terminal shows them, ``note`` (advances, withdrawn) and ``classes``: ``advances``, ``cut`` on
    the last row inside the cut line, ``out`` for a withdrawn player), ``notes`` (unfinished
    tables, tables still playing, the final) and ``reviews`` (the finished tables' reviews to
    link, :func:`reviews`). Plain text: the template escapes it."""
    keys = KEYS[doc["format"]]
    cut = doc.get("cut") or 0
    rows, inside = [], 0
    for row in doc["standings"]:
        inside += 1 if row["advances"] else 0
        classes = [c for c, on in (("advances", row["advances"]), ("out", not row["active"]),
                                   ("cut", row["advances"] and inside == cut)) if on]
        rows.append({"rank": row["rank"], "player": row["player"], "cells": [cell(k, row[k]) for k, _ in keys],
                     "note": "advances" if row["advances"] else "withdrawn" if not row["active"] else "",
                     "classes": " ".join(classes)})
    return {"title": f"{doc['event']}: standings", "headings": [h for _, h in keys], "rows": rows,
            "notes": _status_lines(doc), "reviews": reviews(doc)}


def review_name(game: str) -> str:
    """The file name of a table's review beside its game file: the game's name with ``.html``
    for ``.toml`` (``club-r1-t2.toml`` -> ``club-r1-t2.html``), as ``acquire-ref -g GAME log
    --html REVIEW`` writes it."""
    return (game[:-5] if game.endswith(".toml") else game) + ".html"


def reviews(doc: dict[str, Any]) -> list[dict[str, str]]:
    """Each table finished in its game file (result source ``game``, T3), as the hall page links
    its review: ``label`` ("Round 1, table 2: Ann, Ben, Cat, Dan") and ``href``, the review's file
    name beside the game file (:func:`review_name`), relative, percent-encoded and starting
    with ``./`` so that no name can be read as a scheme (``javascript:``)."""
    from urllib.parse import quote

    return [{"label": f"Round {rnd['number']}, table {t['table']}: {', '.join(t['seats'])}",
             "href": "./" + quote(review_name(t["game"]))}
            for rnd in doc["rounds"] for t in rnd["tables"]
            if t["game"] and t["result"] is not None and t["result"]["source"] == "game"]
