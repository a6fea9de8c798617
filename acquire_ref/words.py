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


_SHOWN_AS_IS = "\n\t"
_HIDDEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Unicode categories that a terminal or page would act on or hide: controls (escape sequences,
carriage returns, bells), format characters (bidirectional overrides, zero-width joiners),
surrogates, private and unassigned code points, line and paragraph separators."""


def visible(text: str) -> str:
    """``text`` with every control or invisible character written as a Python escape (``\\x1b``,
    ``\\u202e``), so that what reaches a terminal or a page is exactly what it shows (DESIGN 1,
    untrusted text). Line ends and tabs stay; the result has no escape sequence left, and
    ``visible(visible(t)) == visible(t)``.

    >>> visible("Ann\\x1b]0;owned\\x07 wins")
    'Ann\\\\x1b]0;owned\\\\x07 wins'
    >>> visible("line one\\nline two")
    'line one\\nline two'
    """
    if text.isprintable():
        return text
    import unicodedata

    out = []
    for ch in text:
        if ch in _SHOWN_AS_IS or ch.isprintable() or unicodedata.category(ch) not in _HIDDEN:
            out.append(ch)
        else:
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
    return "".join(out)


_LONG = re.compile(r"\S{201,}")


def cut(text: str, limit: int = 200) -> str:
    """``text`` with every run of more than ``limit`` characters without a space cut to its first
    60 characters and a count, so that a message never echoes a value thousands of characters
    long (a 4,000-digit number, a megabyte of move text).

    >>> cut("format " + "9" * 4000 + " is too new")
    'format 999999999999999999999999999999999999999999999999999999999999... (4,000 characters) is too new'
    """
    pattern = _LONG if limit == 200 else re.compile(rf"\S{{{limit + 1},}}")
    return pattern.sub(lambda m: f"{m.group()[:60]}... ({len(m.group()):,} characters)", text)
