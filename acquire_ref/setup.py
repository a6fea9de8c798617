"""What a game is set up with: the players and the rules on their names, and the options (R2.1, R17).

>>> opts = Options.parse({"holdings": "hidden"})
>>> opts.hidden, opts.market, opts.as_dict()["stall"]
(True, True, 'end')
>>> check_player_names(["Ann", "Ben"])
>>> check_player_names(["Ann", "ann"])
Traceback (most recent call last):
...
acquire_ref.errors.NotationError: two players are called 'ann' (names must differ, ignoring case)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from acquire_ref.errors import NotationError
from acquire_ref.scoring import MARKET

__all__ = ["MARKET", "MAX_PLAYERS", "MIN_PLAYERS", "OPTION_VALUES", "Options", "check_player_names"]

MIN_PLAYERS = 2
MAX_PLAYERS = 6

OPTION_VALUES: dict[str, tuple[str, ...]] = {
    "start-order": ("row-first", "column-first"),
    "dead-tiles": ("once-per-turn", "replace-until-none"),
    "stall": ("end", "continue"),
    "two-player-market": ("on", "off"),
    "holdings": ("open", "hidden"),
}
"""Options this version understands, each with its values, the default first (R17)."""


def check_player_names(players: Iterable[object]) -> None:
    """Raise :class:`NotationError` unless there are 2 to 6 players (R2.1) with names that are
    printable, unique ignoring case, and free of spaces, ``=``, ``,`` and a leading ``-``."""
    players = list(players)
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise NotationError(f"Acquire seats {MIN_PLAYERS} to {MAX_PLAYERS} players here, not {len(players)} (R2.1)")
    seen: set[str] = set()
    for p in players:
        if not isinstance(p, str) or not p or not p.isprintable() or any(ch.isspace() for ch in p) or "=" in p \
                or p.startswith("-") or "," in p:
            raise NotationError(
                f"{p!r} can't be a player name: printable characters only, no spaces, '=', ',' or leading '-'"
            )
        if p.lower() in seen:
            raise NotationError(f"two players are called {p!r} (names must differ, ignoring case)")
        seen.add(p.lower())


class Options:
    """The rule options of a game, read once (R17); every option has its printed-rule default.

    Attributes are booleans named for what differs from the printed rule: ``column_first``
    (``start-order``, R2.3), ``replace_until_none`` (``dead-tiles``, R7.3), ``stall_continues``
    (``stall``, R8.4), ``market`` (``two-player-market``, R9) and ``hidden`` (``holdings``, R10.1).
    """

    __slots__ = ("_values",)

    def __init__(self, values: Mapping[str, str]) -> None:
        self._values = dict(values)

    @classmethod
    def parse(cls, given: Mapping[str, str] | None = None) -> Options:
        """Options from ``{name: value}``; missing ones take their defaults.

        Raises :class:`NotationError` for an unknown option or value, naming the accepted ones.
        """
        values = {k: v[0] for k, v in OPTION_VALUES.items()}
        for key, value in (given or {}).items():
            if key not in OPTION_VALUES:
                raise NotationError(f"unknown option {key!r}: options are {', '.join(OPTION_VALUES)}")
            if value not in OPTION_VALUES[key]:
                raise NotationError(f"option {key} takes {' or '.join(OPTION_VALUES[key])}, not {value!r}")
            values[key] = value
        return cls(values)

    def as_dict(self) -> dict[str, str]:
        """Every option and its value, as written in a game file and ``status --json``."""
        return dict(self._values)

    def changed(self) -> list[str]:
        """``KEY=VALUE`` for each option that differs from its default."""
        return [f"{k}={v}" for k, v in self._values.items() if OPTION_VALUES[k][0] != v]

    @property
    def column_first(self) -> bool:
        """``start-order = column-first``: the start tile closest to 1A by column first (R2.3)."""
        return self._values["start-order"] == "column-first"

    @property
    def replace_until_none(self) -> bool:
        """``dead-tiles = replace-until-none``: dead tiles are replaced until none is left (R7.3)."""
        return self._values["dead-tiles"] == "replace-until-none"

    @property
    def stall_continues(self) -> bool:
        """``stall = continue``: a stalled game goes on instead of ending (R8.4)."""
        return self._values["stall"] == "continue"

    @property
    def market(self) -> bool:
        """``two-player-market = on``: with two players the market is a shareholder (R9)."""
        return self._values["two-player-market"] == "on"

    @property
    def hidden(self) -> bool:
        """``holdings = hidden``: each player's cash and shares are private (R10.1)."""
        return self._values["holdings"] == "hidden"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Options) and other._values == self._values

    def __hash__(self) -> int:
        return hash(tuple(sorted(self._values.items())))

    def __repr__(self) -> str:
        return f"Options({self._values!r})"
