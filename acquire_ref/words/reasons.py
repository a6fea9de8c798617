"""Why a turn ended (R6.2), why the game ended (R8.2, R8.4) and which bonus a shareholder was
paid (R5.4, R5.4a), in the language in force.

The engine keeps these in its events as English text, the JSON's (``log --json``), and beside it
their keys: why a turn or the game ended (``TurnFinished.nothing``, ``GameOver.ending`` and
``Game.ending``), worded by :func:`turn_end`, :func:`game_end` and :func:`ended`; a bonus's kind
is a :class:`~acquire_ref.engine.values.Phrase` keyed ``"bonus"`` (its places and why they were
shared), worded by :func:`bonus`.

>>> from acquire_ref.engine.scoring import place_bonuses
>>> from acquire_ref.language import using
>>> kind = place_bonuses((3000, 1500), {"Ann": 4})[0].kind
>>> kind, bonus(kind)
('majority + minority (sole shareholder)', 'majority + minority (sole shareholder)')
>>> with using("de"):
...     bonus(kind)
'Mehrheit + Minderheit (einziger Aktionär)'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from acquire_ref.engine.events import money
from acquire_ref.engine.pending import EndReason
from acquire_ref.engine.values import Phrase
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


def bonus(kind: str) -> str:
    """A bonus's kind as the engine gives it (``"minority (split 2 ways)"``, a
    :class:`~acquire_ref.engine.values.Phrase` keyed ``"bonus"``: :func:`acquire_ref.engine.scoring.place_bonuses`)
    in the language in force (R5.4, R5.4a); a text without the key (read back from JSON) as written."""
    if current() == "en" or not isinstance(kind, Phrase) or kind.key != "bonus":
        return kind
    fields = kind.fields
    places = " + ".join(_(_PLACES[p]) for p in fields["places"])
    note = fields["note"]
    if note == "sole":
        return _("{places} (sole shareholder)").format(places=places)
    if note == "tie":
        return _("{places} (tie for the largest holding, split {ways} ways)").format(places=places, ways=fields["ways"])
    if note == "split":
        return _("{places} (split {ways} ways)").format(places=places, ways=fields["ways"])
    if note == "empty":
        return _("{places} (no {place} holder)").format(places=places, place=_(_PLACES[fields["empty"]]))
    return places


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
        return e.public_reason if public and e.public_reason is not None else e.reason
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
