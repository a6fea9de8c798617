"""The engine's own short English phrases in the language in force: why a turn ended (R6.2),
why the game ended (R8.2, R8.4) and which bonus a shareholder was paid (R5.4, R5.4a).

The engine keeps these phrases in its events as English text, since events are data and a
protocol (``log --json``, the game file): this module rewords them for people. Each phrase the
engine makes is recognised whole and given as one message with named fields; a phrase it does
not know (a newer engine's, a file's) is shown as written.

>>> from acquire_ref.language import using
>>> with using("de"):
...     bonus("majority + minority (sole shareholder)")
'Mehrheit + Minderheit (einziger Aktionär)'
>>> reason("Ann declared the end (R8.2)")
'Ann declared the end (R8.2)'
"""

from __future__ import annotations

import re

from acquire_ref.language import _, current
from acquire_ref.words.refusals import N_

_PLACES = {
    "majority": N_("majority"), "minority": N_("minority"), "first": N_("first"), "second": N_("second"),
    "third": N_("third"), "fourth": N_("fourth"), "fifth": N_("fifth"), "sixth": N_("sixth"),
}
"""The names of the bonus places (``scoring.PLACE_NAMES``, majority and minority), as messages."""

_KIND = re.compile(r"(?P<places>[a-z]+(?: \+ [a-z]+)*)(?: \((?P<note>.*)\))?")
_DOLLARS = re.compile(r"\$(\d[\d,]*)")


def bonus(kind: str) -> str:
    """A bonus's kind as the engine names it (``"majority"``, ``"minority (split 2 ways)"``,
    ``"second + third (no third holder)"``: :func:`acquire_ref.engine.scoring.place_bonuses`) in the
    language in force (R5.4, R5.4a); an unknown kind as written."""
    if current() == "en":
        return kind
    found = _KIND.fullmatch(kind)
    if found is None or any(p not in _PLACES for p in found["places"].split(" + ")):
        return kind
    places = " + ".join(_(_PLACES[p]) for p in found["places"].split(" + "))
    note = found["note"]
    if note is None:
        return places
    if note == "sole shareholder":
        return _("{places} (sole shareholder)").format(places=places)
    if split := re.fullmatch(r"tie for the largest holding, split (\d+) ways", note):
        return _("{places} (tie for the largest holding, split {ways} ways)").format(places=places, ways=split[1])
    if split := re.fullmatch(r"split (\d+) ways", note):
        return _("{places} (split {ways} ways)").format(places=places, ways=split[1])
    if (empty := re.fullmatch(r"no ([a-z]+) holder", note)) and empty[1] in _PLACES:
        return _("{places} (no {place} holder)").format(places=places, place=_(_PLACES[empty[1]]))
    return kind


def reason(text: str) -> str:
    """Why a turn or the game ended, as the engine says it (``TurnFinished.reason``,
    ``GameOver.reason``, ``Game.end_reason``), in the language in force (R6.2, R8.2, R8.4); an
    unknown phrase as written."""
    if current() == "en" or not text:
        return text
    fixed = {
        "nothing can be bought (R6.2)": N_("nothing can be bought (R6.2)"),
        "a whole round passed with no tile placed (R8.4)": N_("a whole round passed with no tile placed (R8.4)"),
        "every rack and the tile bag are empty (R8.4)": N_("every rack and the tile bag are empty (R8.4)"),
    }
    if text in fixed:
        return _(fixed[text])
    if declared := re.fullmatch(r"(.+) declared the end \(R8\.2\)", text, flags=re.S):
        return _("{player} declared the end (R8.2)").format(player=declared[1])
    if nothing := re.fullmatch(r"nothing can be bought: (.+) \(R6\.2\)", text, flags=re.S):
        return _("nothing can be bought: {why} (R6.2)").format(why=_why_nothing(nothing[1]))
    return text


def _why_nothing(why: str) -> str:
    """The ``why`` of ``buying.why_nothing`` (with the player's cash, when it is named)."""
    fixed = {
        "no chain is on the board": N_("no chain is on the board"),
        "this ruleset's buy limit is 0": N_("this ruleset's buy limit is 0"),
        "the bank has no share of any chain on the board": N_("the bank has no share of any chain on the board"),
    }
    if why in fixed:
        return _(fixed[why])
    if poor := re.fullmatch(r"(.+) can't afford any share(?: \((\$[\d,]+)\))?", why, flags=re.S):
        if poor[2] is None:
            return _("{player} can't afford any share").format(player=poor[1])
        from acquire_ref.engine.events import money

        cash = int(_DOLLARS.fullmatch(poor[2])[1].replace(",", ""))  # type: ignore[index]
        return _("{player} can't afford any share ({cash})").format(player=poor[1], cash=money(cash))
    return why
