"""Why a turn ended (R6.2), why the game ended (R8.2, R8.4) and which bonus a shareholder was
paid (R5.4, R5.4a), in the language in force.

The engine keeps these in its events as English text, the JSON's (``log --json``), and beside it
the key of why a turn or the game ended (``TurnFinished.nothing``, ``GameOver.ending`` and
``Game.ending``): :func:`turn_end`, :func:`game_end` and :func:`ended` word those keys. A bonus's
kind has no key: :func:`bonus` recognises each phrase the engine makes whole and gives it as one
message with named fields, as :func:`reason` does for an ending's English (the older way, for a
caller that holds only the text); a phrase they do not know is shown as written.

>>> from acquire_ref.language import using
>>> with using("de"):
...     bonus("majority + minority (sole shareholder)")
'Mehrheit + Minderheit (einziger Aktionär)'
>>> reason("Ann declared the end (R8.2)")
'Ann declared the end (R8.2)'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from acquire_ref.engine.events import money
from acquire_ref.engine.pending import EndReason
from acquire_ref.language import _, current
from acquire_ref.words.refusals import N_

if TYPE_CHECKING:
    from acquire_ref.engine.events import TurnFinished
    from acquire_ref.engine.state import GameState

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


_NOTHING = {"board": N_("no chain is on the board"), "limit": N_("this ruleset's buy limit is 0"),
            "bank": N_("the bank has no share of any chain on the board")}
"""Why nothing can be bought (``buying.nothing_to_buy``'s keys but ``cash``), as messages (R6.2)."""


def turn_end(e: TurnFinished, public: bool = False) -> str:
    """Why the turn of ``e`` ended by itself, from its key (R6.2): empty when a move ended it;
    ``public`` leaves out the player's cash (R10.1)."""
    if e.nothing == "any":
        return _("nothing can be bought (R6.2)")
    if e.nothing in _NOTHING:
        why = _(_NOTHING[e.nothing])
    elif e.nothing == "cash" and e.cash is not None and not public:
        why = _("{player} can't afford any share ({cash})").format(player=e.player, cash=money(e.cash))
    elif e.nothing == "cash":
        why = _("{player} can't afford any share").format(player=e.player)
    else:
        return reason(e.public_reason if public and e.public_reason is not None else e.reason)
    return _("nothing can be bought: {why} (R6.2)").format(why=why)


def game_end(ending: str, by: str | None) -> str:
    """Why the game ended, from its key (``EndReason``'s value) and who declared the end (R8.2, R8.4)."""
    if ending == EndReason.DECLARED.value:
        return _("{player} declared the end (R8.2)").format(player=by)
    if ending == EndReason.STALLED.value:
        return _("a whole round passed with no tile placed (R8.4)")
    return _("every rack and the tile bag are empty (R8.4)")


def ended(game: GameState) -> str:
    """Why ``game`` ended (R8.2, R8.4), empty while it goes on."""
    return game_end(game.ending.value, game.ended_by) if game.ending is not None else ""


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
        cash = int(_DOLLARS.fullmatch(poor[2])[1].replace(",", ""))  # type: ignore[index]
        return _("{player} can't afford any share ({cash})").format(player=poor[1], cash=money(cash))
    return why
