"""The formats of an event and their tie-break keys (T4): the presets, the placement points, the
semifinal's and final's sizes, and the readers of ``--tiebreaks`` and ``--margin-factor``. Pure data
and parsing; what the keys rank is :mod:`acquire_ref.tournament.standings`."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from acquire_ref.engine.errors import NotationError
from acquire_ref.language import _

FORMATS = ("heats", "swiss")
"""The event formats of T4, the default first."""

HEAT_POINTS = {1: 1000, 2: 100, 3: 10, 4: 1}
"""T4 heats key 2: placement points of a 1st, 2nd, 3rd and 4th place (others 0)."""

SWISS_POINTS = {2: (4, 0), 3: (4, 2, 0), 4: (4, 2, 1, 0), 5: (4, 3, 2, 1, 0), 6: (4, 3, 2, 1, 0, 0)}
"""T4 swiss key 1: placement points by table size, 1st place first. A table of 6 (given as the
players sat, T2.1) scores as a table of 5 with the 6th at 0; a table of 2 (only in a hand-written
event file) 4 and 0."""

SEMIFINAL_SIZES = (16, 8, 4)
"""The semifinal sizes of the heats format (T4)."""

FINAL_SIZES = (4, 5)
"""The final's sizes of the heats format (T4): the semifinal's table winners, and with 5 the
best of the semifinal's other players too."""

TIEBREAK_KEYS = {
    "first_heat_win": "a win in the first heat entered",
    "wins": "most wins",
    "second_heat_win": "a win in the second heat entered",
    "third_heat_win": "a win in the third heat entered",
    "points": "placement points (1st 1000, 2nd 100, 3rd 10, 4th 1)",
    "margin": "best margin (a win's money over the runner-up's, in %; without a win, below every winner, "
              "by best money as % of the table winner's)",
    "finish_margin": "% of money over the runner-up at the best finish (below the winner's money: negative)",
    "average_finish": "average finish over the heats entered",
    "lot": "the recorded random draw",
}
"""The heats format's tie-break keys (T4), each with what it ranks by, in words."""

PRESETS = {
    "acquire-ref": ("wins", "points", "margin", "average_finish", "lot"),
    "wbc-2007": ("first_heat_win", "wins", "second_heat_win", "third_heat_win", "finish_margin", "average_finish", "lot"),
}
"""The named tie-break lists of the heats format (T4): this project's earlier default, and the
list the World Boardgaming Championships published for Acquire in 2007."""

DEFAULT_PRESET = "acquire-ref"
"""The tie-break list of an event that names none (every event made before lists existed)."""

MARGIN_KEYS = ("margin", "finish_margin")
"""The keys a per-table-size factor adjusts (a winner's % over the runner-up, T4)."""


def parse_tiebreaks(text: str) -> tuple[str | None, list[str]]:
    """A tie-break list from ``--tiebreaks``: a preset's name (:data:`PRESETS`) or the known keys
    (:data:`TIEBREAK_KEYS`) in the order wanted, separated by commas; the recorded draw (``lot``)
    is always last, added when missing. Returns ``(preset name or None, keys)``.

    Raises :class:`NotationError` for an unknown key, a key given twice, or ``lot`` before the end.

    >>> parse_tiebreaks("wins,margin")
    (None, ['wins', 'margin', 'lot'])
    >>> parse_tiebreaks("wbc-2007")[1][:2]
    ['first_heat_win', 'wins']
    """
    name = text.strip().lower()
    if name in PRESETS:
        return name, list(PRESETS[name])
    keys = [k.strip().lower().replace("-", "_") for k in text.split(",") if k.strip()]
    known = ", ".join(TIEBREAK_KEYS)
    if not keys:
        raise NotationError(_("--tiebreaks {given}: name a preset ({presets}) or keys in order ({keys})").format(
            given=repr(text), presets=", ".join(PRESETS), keys=known))
    for k in keys:
        if k not in TIEBREAK_KEYS:
            raise NotationError(_("tie-break {key} is not a key of the heats format: presets {presets}, keys {keys}")
                                .format(key=repr(k), presets=", ".join(PRESETS), keys=known))
        if keys.count(k) > 1:
            raise NotationError(_("tie-break {key} is given twice: give each key once, in order").format(key=repr(k)))
    if "lot" in keys[:-1]:
        raise NotationError(_("the recorded draw (lot) settles the last tie: it comes last"))
    if keys[-1] != "lot":
        keys.append("lot")
    for preset, listed in PRESETS.items():
        if keys == list(listed):
            return preset, keys
    return None, keys


def parse_factors(items: Iterable[str]) -> dict[int, Fraction]:
    """Per-table-size factors for the margin keys (T4: WBC adjusts winners' percentages for 3-
    and 5-player tables) from ``SIZE=FACTOR`` items, e.g. ``3=0.8`` or ``5=5/4``. Returns
    ``{table size: factor}``. Raises :class:`NotationError` for a size outside 3 to 6 or a
    factor that is not a positive number.

    >>> parse_factors(["3=0.8", "5=5/4"])
    {3: Fraction(4, 5), 5: Fraction(5, 4)}
    """
    out: dict[int, Fraction] = {}
    for item in items:
        size, eq, value = item.partition("=")
        try:
            factor = Fraction(value.strip()) if eq and len(value) < 20 else Fraction(-1)
        except (ValueError, ZeroDivisionError):
            factor = Fraction(-1)
        if not size.strip().isdigit() or not 3 <= int(size) <= 6 or factor <= 0 or factor > 10:
            raise NotationError(_("--margin-factor {given}: write TABLE_SIZE=FACTOR, a size 3 to 6 and a factor above 0 "
                                  "up to 10, e.g. 3=0.8").format(given=repr(item)))
        out[int(size)] = factor
    return dict(sorted(out.items()))


def cut_size(semifinal: int, eligible: int) -> int:
    """Heats: the places in the semifinal for ``eligible`` players (active, with a heat played):
    ``semifinal``, or the largest of 16, 8, 4 below it that they fill; 0 for fewer than 4 (T4).

    >>> cut_size(16, 22), cut_size(16, 12), cut_size(8, 30), cut_size(16, 3)
    (16, 8, 8, 0)
    """
    return next((n for n in SEMIFINAL_SIZES if n <= semifinal and n <= eligible), 0)
