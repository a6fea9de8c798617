"""The tables of the calculators and the programs, for people: the information card (``chart``,
R3.2, R3.3) and ``simulate``'s summary and win shares (imported by those commands only).

Text is data, never markup, as in :mod:`acquire_ref.render`, whose :func:`~acquire_ref.render.console`
prints these tables.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

from acquire_ref.engine.events import money
from acquire_ref.language import N_, _, ngettext
from acquire_ref.words import visible

CARD_WIDTH = 80
"""The columns the information card is made to fit (R3.2, R3.3)."""


def chart_table(doc: dict[str, Any]) -> Table:
    """The information card: one row per size bracket and, per tier, the share price and the
    majority and minority bonuses in aligned figures, one line per bracket, in the language in
    force. The figures are written as money (``$1,000``) when the card fits :data:`CARD_WIDTH`
    columns so; otherwise (a language that writes ``1.000 $``, a ruleset's wide figures) as
    numbers, and the caption says the amounts are dollars (R3.2, R3.3)."""
    from rich.console import Console

    from acquire_ref.language import number

    card = _card(doc, money)
    if Console(width=1000).measure(card).maximum <= CARD_WIDTH:
        return card
    card = _card(doc, number)
    card.caption = f"{card.caption}\n" + _("all amounts in dollars ($)")
    return card


def _bracket(b: dict[str, Any]) -> str:
    """A size bracket of the card as its first column shows it: ``5``, ``6-10``, ``41+``."""
    return str(b["from"]) if b["to"] == b["from"] else (f"{b['from']}-{b['to']}" if b["to"] else f"{b['from']}+")


def _card(doc: dict[str, Any], figure: Any) -> Table:
    """The card of :func:`chart_table` with every amount written by ``figure`` (``money`` or
    ``number``)."""
    from rich import box

    from acquire_ref.words.card import tier as tier_name

    t = Table(title=_("Information card ({edition})").format(edition=visible(doc["edition"])), title_justify="left",
              box=box.SIMPLE_HEAD, pad_edge=False)
    t.add_column(_("size"), justify="right", no_wrap=True, min_width=5)
    prices = [p for b in doc["brackets"] for p in b["prices"].values()]
    places = len(doc.get("places", [10, 5]))
    heads = [_("price"), *((_("major"), _("minor")) if places == 2 else
                           (_("1st"), _("2nd"), _("3rd"), _("4th"), _("5th"), _("6th"))[:places])]
    w = [max(len(head), *(len(figure(([p["price"], *p.get("bonuses", [p["majority"], p["minority"]])])[i])) for p in prices))
         for i, head in enumerate(heads)]

    def cell(*figures: str) -> str:
        return " ".join(f"{f:>{w[i]}}" for i, f in enumerate(figures))

    if places != 2:
        return _chart_by_tier(doc, t, heads, cell, figure)

    import textwrap

    for tier, chains in doc["tiers"].items():
        # made visible before it is wrapped: wrapping would turn a carriage return into a space
        head = textwrap.fill(visible(_("{tier}: {chains}").format(tier=tier_name(tier), chains=", ".join(chains))), sum(w) + 2)
        t.add_column(f"{head}\n{cell(*heads)}", justify="right", no_wrap=True)
    for b in doc["brackets"]:
        t.add_row(_bracket(b), *(cell(*map(figure, [p["price"], *p.get("bonuses", [p["majority"], p["minority"]])]))
                                 for p in b["prices"].values()))
    board = doc.get("board", {"columns": 12, "rows": 9})
    t.caption = (_("price: a share; major, minor: the majority and minority bonuses (R3.3)") + "\n"
                 + _("safe at {safe} tiles; the end may be declared at {end} (R3.5, R8.1)").format(
                     safe=doc["safe_size"], end=doc["end_size"])
                 + ("" if (board["columns"], board["rows"]) == (12, 9) else
                    "\n" + _("board: {columns} x {rows} (R1.1a)").format(columns=board["columns"], rows=board["rows"])))
    t.caption_justify = "left"
    return t


def _chart_by_tier(doc: dict[str, Any], t: Table, heads: list[str], cell: Any, figure: Any) -> Table:
    """The card of an edition that pays other than two places (R5.4a): one block of brackets
    per tier, a line each, so that three places fit 80 columns as the classic card does."""
    from acquire_ref.words.card import tier as tier_name

    t.add_column(cell(*heads), justify="right", no_wrap=True)
    for tier, chains in doc["tiers"].items():
        label = visible(_("{tier}: {chains}").format(tier=tier_name(tier), chains=", ".join(chains)))
        t.add_row("", Text(label, style="bold", justify="left"))
        for b in doc["brackets"]:
            t.add_row(_bracket(b), cell(*map(figure, [b["prices"][tier]["price"], *b["prices"][tier]["bonuses"]])))
        t.add_section()
    board = doc["board"]
    multiples = ", ".join(_("the card's figure") if m is None else _("{multiple}x").format(multiple=_decimal(m))
                          for m in doc["places"])
    t.caption = "\n".join([
        ngettext("price: a share; {heads}: the bonus of {count} place ({multiples}; R5.4a)",
                 "price: a share; {heads}: the bonus of each of {count} places ({multiples}; R5.4a)", len(heads) - 1).format(
            heads=", ".join(heads[1:]), count=len(heads) - 1, multiples=multiples),
        _("safe at {safe} tiles; the end may be declared at {end} (R3.5, R8.1)").format(
            safe=doc["safe_size"], end=doc["end_size"]),
        _("board: {columns} x {rows} (R1.1a)").format(columns=board["columns"], rows=board["rows"])])
    t.caption_justify = "left"
    return t


def _decimal(n: float) -> str:
    """A multiple of a bonus place (``10``, ``7.5``) as the language in force writes it (``7,5``)."""
    from acquire_ref.language import current

    if current() == "en" or float(n).is_integer():
        return f"{n:g}"
    from babel.numbers import format_decimal

    return str(format_decimal(n, locale=current()))


ENDINGS = {"declared": N_("declared"), "stalled": N_("stalled"), "tiles ran out": N_("tiles ran out"),
           "stopped by a bot fault": N_("stopped by a bot fault")}
"""How a simulated game ended (the report's JSON keys, English) in words to translate."""

FAULT_KINDS = {"garbage": N_("garbage"), "illegal": N_("illegal"), "timeout": N_("timeout"), "exited": N_("exited")}
"""An outside bot's kinds of fault (the report's JSON keys, English) in words to translate."""


def summary_table(doc: dict[str, Any], strategy: str, players: int) -> Table:
    """The report of ``simulate``: length, margins, mergers, end reasons, wins by seat, and each
    outside bot's decisions, the moves the referee played for it, and its faults by kind, in the
    language in force (``doc`` is the English JSON document)."""
    from acquire_ref.language import decimal, number

    bots = doc.get("bots", {})
    t = Table(title=summary_title(doc["games"], strategy, players - len(bots), len(bots)), title_justify="left")
    t.add_column(_("measure"))
    t.add_column(_("value"), justify="right")
    turns, margin = doc["turns"], doc["winning_margin"]
    t.add_row(_("turns per game (mean, min-max)"), _("{mean} ({low}-{high})").format(
        mean=decimal(turns["mean"], 1), low=number(turns["min"]), high=number(turns["max"])))
    t.add_row(_("winner's margin (mean, max)"), _("{mean} ({high})").format(
        mean=money(round(margin["mean"] / 100) * 100), high=money(margin["max"])))
    t.add_row(_("mergers per game"), decimal(doc["mergers_per_game"], 2))
    for ending, n in sorted(doc["end_reasons"].items()):
        t.add_row(_("ended: {reason}").format(reason=_(ENDINGS.get(ending, ending))), number(n))
    for seat, wins in sorted(doc["wins_by_seat"].items()):
        t.add_row(Text(visible(_("wins by {player}").format(player=seat))), wins_text(wins))
    for name, bot in bots.items():
        faults = ", ".join(_("{count} {kind}").format(count=number(n), kind=_(FAULT_KINDS.get(kind, kind)))
                           for kind, n in bot["faults"].items()) or _("none")
        t.add_row(Text(visible(_("bot {name}: decisions, fallback moves").format(name=name))),
                  f"{number(bot['decisions'])}, {number(bot['fallback_moves'])}")
        t.add_row(Text(visible(_("bot {name}: faults").format(name=name))), faults)
    return t


def summary_title(games: int, strategy: str, built_in: int, outside: int) -> str:
    """``3 simulated games, 4 random players`` (and the outside bots), in the language in force."""
    from acquire_ref.language import number

    seats = ngettext("{count} {strategy} player", "{count} {strategy} players", built_in).format(
        count=number(built_in), strategy=strategy)
    if outside:
        seats = _("{players} and {bots}").format(players=seats, bots=ngettext(
            "{count} outside bot", "{count} outside bots", outside).format(count=number(outside)))
    return ngettext("{count} simulated game, {seats}", "{count} simulated games, {seats}", games).format(
        count=number(games), seats=seats)


def wins_text(wins: float) -> str:
    """A count of wins, a shared win counted as its share (``2.5``), as the language writes it."""
    from acquire_ref.language import decimal, number

    if float(wins).is_integer():
        return number(int(wins))
    return decimal(wins, 3).rstrip("0")
