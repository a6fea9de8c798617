"""The exception family of the referee.

Every error a user can cause is an :class:`AcquireError`; the CLI turns each subclass into
one message on stderr and one exit code (DESIGN: 2 notation, 3 illegal move, 4 game file,
5 busy). Anything else escaping the engine is a bug (exit 1).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable


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

    A refusal is data, with no English in it:

    - ``rule``: the rule that decided it (``"R6.3"``), or None;
    - ``reason``: which refusal of that rule it is (``"short_of_cash"``), a key of the phrasebook
      (:mod:`acquire_ref.words.refusals`), or None for a refusal given in words (a front end's,
      or one restated for a viewer);
    - ``facts``: the figures that decided it (``{"cash": 400, "cost": 1200}``), a dict;
    - ``player``: the player whose own figures (cash, shares) ``facts`` hold, or None when they
      hold nobody's: while holdings are hidden, only that player may read them (R10.1).

    The phrasebook words it for a viewer (:func:`acquire_ref.viewers.views.refusal` chooses, R10.3);
    ``str(error)`` is its wording in full (the rule and the facts), what the player concerned and
    the referee may read.

    >>> from acquire_ref.engine.errors import IllegalMoveError
    >>> e = IllegalMoveError(rule="R6.3", reason="short_of_cash", player="Ann", cash=400, cost=1200)
    >>> e.rule, e.facts
    ('R6.3', {'cash': 400, 'cost': 1200})
    """

    exit_code = 3

    def __init__(self, message: str = "", *, rule: str | None = None, player: str | None = None,
                 reason: str | None = None, facts: dict[str, object] | None = None, **more: object) -> None:
        super().__init__(message or reason or "")
        self.rule: str | None = rule
        self.reason = None if message else reason
        self.player = player
        self.facts: dict[str, object] = {**(facts or {}), **more}

    def __str__(self) -> str:
        if self.reason is None:
            return super().__str__()
        return _wording[0](self)

    def restated(self, message: str) -> IllegalMoveError:
        """The same refusal (rule, facts, player) in the words ``message``, for a front end that
        adds where it happened (a script's line) or its program's name."""
        return IllegalMoveError(message, rule=self.rule, player=self.player, facts=self.facts)


def _as_data(error: IllegalMoveError) -> str:
    facts = ", ".join(f"{k}={v!r}" for k, v in error.facts.items())
    return f"{error.reason} ({error.rule}){': ' + facts if facts else ''}"


_wording: list[Callable[[IllegalMoveError], str]] = [_as_data]
"""What ``str()`` of a refusal given as data is: the phrasebook's full wording once
:mod:`acquire_ref.words.refusals` is loaded (:func:`set_wording`), the bare data before."""


def set_wording(wording: Callable[[IllegalMoveError], str]) -> None:
    """Make ``wording`` the text of every refusal given as data (the phrasebook calls it once,
    so that the engine, below it, names no sentence)."""
    _wording[0] = wording


def refuse(message: str, *, player: str | None = None, rule: str | None = None,
           **facts: object) -> IllegalMoveError:
    """The refusal ``message`` of ``rule`` (``"R6.3"``) as an :class:`IllegalMoveError`; ``player``
    when ``facts`` are that player's own figures.

    >>> refuse("Ann has $400 (R6.3)", rule="R6.3", player="Ann", cash=400).facts
    {'cash': 400}
    """
    return IllegalMoveError(message, player=player, rule=rule, facts=facts)


class GameFileError(AcquireError):
    """A game file or script that is missing, corrupt, or inconsistent with its own moves."""

    exit_code = 4


class GameBusyError(AcquireError):
    """The game file is locked by another command working on it."""

    exit_code = 5
