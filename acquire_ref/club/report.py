"""The GM's report: the statistics an event's yearbook prints every year, counted from the moves
of every refereed game rather than from score sheets by hand. For each finished game: the winning
score, the winner's seat position in the turn order (1 plays first, R2.3), the winner's part in
the first merger (made it, paid a bonus in it, not in it, R5) and the winner's share of that
merger's bonuses (R5.4). Pure: the games come from the callers (``tournament report``, ``club
report``), already read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from acquire_ref.engine.game import Game

INVOLVEMENT = ("made it", "paid in it", "not in it", "no merger")
"""A winner's part in the game's first merger: the mergemaker (whether or not also paid), a
player paid a bonus in it who did not make it, neither, or a game without a merger."""


class GameFacts(NamedTuple):
    """What the report counts of one finished game: its ``source`` (file, or event table),
    ``players`` (the table's size), ``winners`` (first place: more than one on equal money, R8.3),
    ``winning`` (the winning money, whole dollars), ``positions`` (each winner's seat position in
    the turn order, 1 plays first; None when the file starts from a written position, so the
    order of play is unknown), ``involvement`` (each winner's part in the first merger, one of
    :data:`INVOLVEMENT`) and ``bonus_share`` (each winner's share of the first merger's bonuses
    paid to players, a fraction 0 to 1; None without a merger or with no bonus paid)."""

    source: str
    players: int
    winners: tuple[str, ...]
    winning: int
    positions: dict[str, int] | None
    involvement: dict[str, str]
    bonus_share: dict[str, Fraction] | None

    def renamed(self, name: Callable[[str], str]) -> GameFacts:
        """These facts with each player called ``name(player)`` (a table's game file's
        ``Rosa_Díaz`` as the event's ``Rosa Díaz``)."""
        return self._replace(
            winners=tuple(name(p) for p in self.winners),
            positions=None if self.positions is None else {name(p): v for p, v in self.positions.items()},
            involvement={name(p): v for p, v in self.involvement.items()},
            bonus_share=None if self.bonus_share is None else {name(p): v for p, v in self.bonus_share.items()})


def game_facts(game: Game, money: dict[str, int], source: str) -> GameFacts:
    """The :class:`GameFacts` of the finished ``game`` whose final ``money`` (each player's, R8.3,
    as :func:`acquire_ref.club.ratings.final_money` reads it) is given; ``source`` names it."""
    from acquire_ref.engine import events as ev

    top = max(money.values())
    winners = tuple(p for p in game.players if money.get(p) == top)
    first: int | None = None
    maker: str | None = None
    paid: dict[str, int] = {}
    in_merger = False
    for entry in game.log:
        for event in entry.events:
            if isinstance(event, ev.FirstPlayer):
                first = game.players.index(event.player)
            elif isinstance(event, ev.MergerBegan) and maker is None:
                maker, in_merger = event.player, True
            elif isinstance(event, ev.BonusPaid) and in_merger:
                paid[event.player] = paid.get(event.player, 0) + event.amount
            elif isinstance(event, ev.MergerCompleted) and in_merger:
                in_merger = False
    n = len(game.players)
    positions = None if first is None else {p: (game.players.index(p) - first) % n + 1 for p in winners}
    involvement = {p: "no merger" if maker is None else "made it" if p == maker else "paid in it" if p in paid
                   else "not in it" for p in winners}
    total = sum(paid.values())
    share = None if maker is None or not total else {p: Fraction(paid.get(p, 0), total) for p in winners}
    return GameFacts(source, n, winners, top, positions, involvement, share)


def summary(facts: Sequence[GameFacts], left_out: Sequence[str] = ()) -> dict[str, Any]:
    """The report over ``facts`` (one per refereed game), as plain data for JSON and the page:
    ``games`` (how many it covers), ``left_out`` (what was not counted, in words: results from
    sheets, unfinished games), ``winning`` (``lowest``, ``highest``, ``average`` winning money,
    whole dollars, the average rounded to the dollar; None without games), ``by_position``
    (``{table size: {position: wins}}`` with ``games`` per size; a shared first place is a win for
    each winner), ``unknown_order`` (games starting from a written position), ``involvement``
    (``{part: wins}`` over :data:`INVOLVEMENT`), ``bonus_share`` (``games`` with a first merger
    that paid a bonus, and the winners' ``average`` share of those bonuses, a fraction 0 to 1,
    each game's winners' shares summed) and ``by_game`` (each game's figures)."""
    winning = [f.winning for f in facts]
    by_size: dict[int, dict[str, Any]] = {}
    involvement = dict.fromkeys(INVOLVEMENT, 0)
    shares: list[Fraction] = []
    for f in facts:
        for p in f.winners:
            involvement[f.involvement[p]] += 1
        if f.bonus_share is not None:
            shares.append(sum(f.bonus_share.values(), Fraction(0)))
        if f.positions is None:
            continue
        size = by_size.setdefault(f.players, {"games": 0, "wins": dict.fromkeys(range(1, f.players + 1), 0)})
        size["games"] += 1
        for p in f.winners:
            size["wins"][f.positions[p]] += 1
    return {
        "games": len(facts), "left_out": list(left_out),
        "winning": {"lowest": min(winning), "highest": max(winning), "average": round(Fraction(sum(winning), len(winning)))}
        if winning else None,
        "by_position": {size: by_size[size] for size in sorted(by_size)},
        "unknown_order": sum(1 for f in facts if f.positions is None),
        "involvement": involvement,
        "bonus_share": {"games": len(shares), "average": float(sum(shares, Fraction(0)) / len(shares)) if shares else None},
        "by_game": [{"source": f.source, "players": f.players, "winners": list(f.winners), "winning": f.winning,
                     "positions": f.positions, "involvement": f.involvement,
                     "bonus_share": None if f.bonus_share is None else {p: float(s) for p, s in f.bonus_share.items()}}
                    for f in facts],
    }


def involved(parts: dict[str, int]) -> dict[str, int]:
    """The winners' part in the first merger (:data:`INVOLVEMENT`, the JSON's English keys) as
    people read it, in the language in force."""
    from acquire_ref.language import _
    from acquire_ref.words.refusals import N_

    words = {"made it": N_("made it"), "paid in it": N_("paid in it"), "not in it": N_("not in it"),
             "no merger": N_("no merger")}
    return {_(words[k]) if k in words else k: v for k, v in parts.items()}


def share(value: float) -> str:
    """A share as a percentage at one decimal, as the language in force writes it: ``37.5%``,
    ``37,5 %``."""
    from acquire_ref.language import percent

    return percent(value)


def text_lines(doc: dict[str, Any], title: str) -> list[str]:
    """The report :func:`summary` made as lines of plain text for the terminal."""
    from acquire_ref.engine.events import money
    from acquire_ref.language import _, ngettext

    lines = [ngettext("{title}: the GM's report over {count} refereed game",
                      "{title}: the GM's report over {count} refereed games", doc["games"]).format(
        title=title, count=doc["games"])]
    lines += ["  " + _("not counted: {why}").format(why=why) for why in doc["left_out"]]
    if not doc["games"]:
        return [*lines, _("No refereed game finished: nothing to count.")]
    w = doc["winning"]
    lines.append(_("Winning scores: {lowest} to {highest}, average {average}.").format(
        lowest=money(w["lowest"]), highest=money(w["highest"]), average=money(w["average"])))
    lines.append(_("Wins by seat position (1 plays first; a shared first place is a win for each):"))
    for size, row in doc["by_position"].items():
        cells = ", ".join(f"{pos}: {wins}" for pos, wins in row["wins"].items())
        lines.append("  " + ngettext("tables of {size} ({count} game): {wins}", "tables of {size} ({count} games): {wins}",
                                     row["games"]).format(size=size, count=row["games"], wins=cells))
    if doc["unknown_order"]:
        lines.append("  " + ngettext("{count} game from a written position: order of play unknown",
                                     "{count} games from a written position: order of play unknown",
                                     doc["unknown_order"]).format(count=doc["unknown_order"]))
    parts = ", ".join(f"{part} {wins}" for part, wins in involved(doc["involvement"]).items())
    lines.append(_("Winners and the first merger: {parts}.").format(parts=parts))
    bonus = doc["bonus_share"]
    if bonus["average"] is not None:
        lines.append(ngettext("Winners' share of the first merger's bonuses: {share} on average over {count} game.",
                              "Winners' share of the first merger's bonuses: {share} on average over {count} games.",
                              bonus["games"]).format(share=share(bonus["average"]), count=bonus["games"]))
    return lines


def bars(values: dict[Any, int], width: int = 360, height: int = 120) -> dict[str, Any]:
    """A bar chart of ``values`` (label: count) for the page's inline SVG: ``bars`` (each
    ``label``, ``value``, ``x``, ``y``, ``w``, ``h`` in user units), ``width`` and ``height``."""
    top = max([1, *values.values()])
    step = width / max(len(values), 1)
    out = []
    for i, (label, value) in enumerate(values.items()):
        h = round(value / top * (height - 28), 1)
        out.append({"label": str(label), "value": value, "x": round(i * step + step * 0.15, 1), "w": round(step * 0.7, 1),
                    "y": round(height - 16 - h, 1), "h": h})
    return {"bars": out, "width": width, "height": height}
