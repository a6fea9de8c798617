"""How the front ends name commands: the engine's move notation with the program name in front.

The engine writes a command it suggests as move notation between backquotes (`` `pass` ``,
`` `place TILE` ``); at the command line that is `` `acquire-ref pass` ``.

>>> with_program("type `place TILE`, or `pass`; the move `buy` was quoted")
'type `acquire-ref place TILE`, or `acquire-ref pass`; the move `acquire-ref buy` was quoted'
"""

from __future__ import annotations

import re

PROGRAM = "acquire-ref"

_COMMAND = re.compile(r"`(?=(?:start|place|choose|dispose|buy|pass|discard|end|market|hand|score|undo|redo|status|why)\b)")


def with_program(text: str) -> str:
    """``text`` with every backquoted command in move notation prefixed by the program name."""
    return _COMMAND.sub(f"`{PROGRAM} ", text)
