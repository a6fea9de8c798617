"""acquire-ref: a command-line referee for Sid Sackson's board game Acquire.

The engine (``tiles``, ``editions``, ``board``, ``scoring``, ``moves``, ``game``) is pure
Python with no I/O; ``record`` is the game file as a value, ``storage`` reads and writes it;
``cli`` is the command line.

>>> from acquire_ref import Game, parse_move
>>> game = Game.new(["Ann", "Ben", "Cat"])
>>> _ = game.apply(parse_move("start 3C 9A 1B"))
>>> game.players[game.current]
'Ben'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from acquire_ref.errors import (
    AcquireError,
    GameBusyError,
    GameFileError,
    IllegalMoveError,
    NotationError,
)

if TYPE_CHECKING:
    from acquire_ref.game import Game
    from acquire_ref.moves import parse_move

__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    """``Game`` and ``parse_move`` load the engine on first use, so that a command that does not
    need it (``--help``, completion, the calculators) does not pay for it."""
    if name == "Game":
        from acquire_ref.game import Game

        return Game
    if name == "parse_move":
        from acquire_ref.moves import parse_move

        return parse_move
    raise AttributeError(f"module 'acquire_ref' has no attribute {name!r}")

__all__ = [
    "AcquireError",
    "Game",
    "GameBusyError",
    "GameFileError",
    "IllegalMoveError",
    "NotationError",
    "__version__",
    "parse_move",
]
