"""The exception family of the referee.

Every error a user can cause is an :class:`AcquireError`; the CLI turns each subclass into
one message on stderr and one exit code (DESIGN: 2 notation, 3 illegal move, 4 game file,
5 busy). Anything else escaping the engine is a bug (exit 1).
"""

from __future__ import annotations

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


class IllegalMoveError(AcquireError):
    """A well-formed move that the rules forbid now, or that is not the pending decision.

    The message names the rule (``R6.3``) and the facts that decided it.
    """

    exit_code = 3


class GameFileError(AcquireError):
    """A game file or script that is missing, corrupt, or inconsistent with its own moves."""

    exit_code = 4


class GameBusyError(AcquireError):
    """The game file is locked by another command working on it."""

    exit_code = 5
