"""The exception family of the referee.

Every error a user can cause is an :class:`AcquireError`; the CLI turns each subclass into
one message on stderr and one exit code (DESIGN: 2 notation, 3 illegal move, 4 game file,
5 busy). Anything else escaping the engine is a bug (exit 1).
"""

from __future__ import annotations

import re
from collections.abc import Iterable


def closest(text: str, choices: Iterable[str]) -> str | None:
    """The choice closest to the mistyped ``text``, ignoring case, or None when none is close
    (:func:`difflib.get_close_matches`, similarity 0.6 or more): ``closest("Towr", ["Tower",
    "Luxor"]) == 'Tower'``. Used to suggest a chain, tile or player name in a refusal."""
    import difflib

    options = {c.lower(): c for c in choices}
    hits = difflib.get_close_matches((text or "").strip().lower(), list(options), n=1, cutoff=0.6)
    return options[hits[0]] if hits else None


class AcquireError(ValueError):
    """Base class of every error a user can cause. ``exit_code`` is the CLI's exit status."""

    exit_code = 1


class NotationError(AcquireError):
    """Text that cannot be read as a tile, chain, player or move (``"5Z"``, ``"Towr"``)."""

    exit_code = 2


_RULE = re.compile(r"\b(R\d+(?:\.\d+)?[a-z]?|T\d+(?:\.\d+)?)\b")


class IllegalMoveError(AcquireError):
    """A well-formed move that the rules forbid now, or that is not the pending decision.

    The message (``str(error)``) names the rule (``R6.3``) and the facts that decided it, in full:
    what the player concerned and the referee may read. The same refusal as data:

    - ``rule``: the rule that decided it (``"R6.3"``), by default the last rule the message names,
      or None;
    - ``facts``: the figures that decided it (``{"cash": 400, "cost": 1200}``), a dict;
    - ``player``: the player whose own figures (cash, shares) the message names, or None when it
      names none;
    - ``public``: the refusal without those figures (``"not enough cash for 3 Festival (R6.3)"``),
      what everyone else may read while holdings are hidden (R10.1); None when the message names
      nobody's figures.

    :func:`acquire_ref.views.refusal` chooses the text for a viewer (R10.3).

    >>> from acquire_ref.errors import IllegalMoveError
    >>> e = IllegalMoveError("Ann has $400 (R6.3)", player="Ann", public="not enough cash (R6.3)", facts={"cash": 400})
    >>> e.rule, e.facts, str(e)
    ('R6.3', {'cash': 400}, 'Ann has $400 (R6.3)')
    """

    exit_code = 3

    def __init__(self, message: str = "", *, rule: str | None = None, player: str | None = None,
                 public: str | None = None, facts: dict[str, object] | None = None) -> None:
        super().__init__(message)
        found = _RULE.findall(message)
        self.rule: str | None = rule or (found[-1] if found else None)
        self.player = player
        self.public = public
        self.facts: dict[str, object] = dict(facts or {})

    def restated(self, message: str, public: str | None = None) -> IllegalMoveError:
        """The same refusal (rule, facts, player) with a new ``message`` and ``public`` text, for a
        front end that adds where it happened (a script's line) or its program's name."""
        return IllegalMoveError(message, rule=self.rule, player=self.player, public=public, facts=self.facts)


def refuse(message: str, *, player: str | None = None, public: str | None = None,
           **facts: object) -> IllegalMoveError:
    """The refusal ``message`` (naming its rule, ``R6.3``) as an :class:`IllegalMoveError`;
    ``player`` and ``public`` when it names that player's own figures (``facts``), which only
    they may read while holdings are hidden (R10.1).

    >>> refuse("Ann has $400 (R6.3)", player="Ann", public="not enough cash (R6.3)", cash=400).facts
    {'cash': 400}
    """
    return IllegalMoveError(message, player=player, public=public, facts=facts)


class GameFileError(AcquireError):
    """A game file or script that is missing, corrupt, or inconsistent with its own moves."""

    exit_code = 4


class GameBusyError(AcquireError):
    """The game file is locked by another command working on it."""

    exit_code = 5
