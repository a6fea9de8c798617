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


def spreadsheet_safe(value: object) -> object:
    """``value`` as a CSV cell a spreadsheet shows rather than runs: a text starting with ``=``,
    ``+``, ``-`` or ``@`` (after any spaces, which a spreadsheet may drop first), a tab or a
    carriage return gets a leading ``'``; anything else is returned as it is.

    >>> spreadsheet_safe("=SUM(1+1)"), spreadsheet_safe("Ann"), spreadsheet_safe(3)
    ("'=SUM(1+1)", 'Ann', 3)
    """
    if isinstance(value, str) and (value.lstrip(" ")[:1] in ("=", "+", "-", "@") or value[:1] in ("\t", "\r")):
        return f"'{value}"
    return value


def json_text(doc: object, indent: int | None = 2, compact: bool = False, encoding: str | None = None) -> str:
    """``doc`` as JSON text for a person's terminal or a program, letters as they are (``"Zoë"``,
    not ``"Zo\\u00eb"``) and every control or invisible character escaped (``\\u202e``), so the
    text is valid JSON that no terminal acts on; ``compact`` leaves out the spaces (for a page);
    with ``encoding`` (the output's), a letter it can't write is escaped too (``LC_ALL=C``).
    The one JSON writer of the command line and of the pages.

    >>> json_text({"name": "Zoë\u202e"}, indent=None)
    '{"name": "Zoë\\\\u202e"}'
    """
    import json

    text = json.dumps(doc, indent=indent, ensure_ascii=False, separators=(",", ":") if compact else None)
    if text.isascii():
        return text
    import unicodedata

    def escaped(ch: str) -> str:
        units = ch.encode("utf-16-be")  # one code unit, or a surrogate pair above U+FFFF
        return "".join(f"\\u{int.from_bytes(units[i:i + 2], 'big'):04x}" for i in range(0, len(units), 2))

    def shown(ch: str) -> bool:
        if encoding is None:
            return True
        try:
            ch.encode(encoding)
        except (UnicodeEncodeError, LookupError):
            return False
        return True

    return "".join(escaped(ch) if ord(ch) > 0x7E and (unicodedata.category(ch) in _HIDDEN or not shown(ch)) else ch
                   for ch in text)


_LONG = re.compile(r"\S{201,}")


def cut(text: str, limit: int = 200) -> str:
    """``text`` with every run of more than ``limit`` characters without a space cut to its first
    60 characters and a count, so that a message never echoes a value thousands of characters
    long (a 4,000-digit number, a megabyte of move text).

    The punctuation ending a run (the colon after a path) stays after the count and is not counted.

    >>> cut("format " + "9" * 4000 + " is too new")
    'format 999999999999999999999999999999999999999999999999999999999999... (4,000 characters) is too new'
    >>> cut("x" * 300 + ".toml: no such game file")[-50:]
    'xxxxxxx... (305 characters): no such game file'
    """
    pattern = _LONG if limit == 200 else re.compile(rf"\S{{{limit + 1},}}")
    from acquire_ref.language import ngettext, number

    def shorten(found: re.Match[str]) -> str:
        run = found.group()
        kept = run.rstrip(":;,.!?)")
        tail = run[len(kept):] if len(kept) > limit else ""
        run = run[:len(run) - len(tail)]
        return ngettext("{start}... ({count} character)", "{start}... ({count} characters)",
                        len(run)).format(start=run[:60], count=number(len(run))) + tail

    return pattern.sub(shorten, text)


def short_names(names: list[str], width: int, mark: str = "…") -> dict[str, str]:
    """Each of ``names`` (a table's players) as :func:`visible` text of at most ``width``
    characters (``width`` at least ``len(mark) + 3``), the shortened ones told apart: a name
    that fits is shown whole; a longer one keeps its start and ends in ``mark`` and, when that
    would read like another player's, in a tail of its own (its last letters, else its seat
    number), so no two players ever look the same on a screen that cuts names.

    >>> short_names(["Ann", "Alexander-the-first", "Alexander-the-second"], 12)
    {'Ann': 'Ann', 'Alexander-the-first': 'Alexander-…t', 'Alexander-the-second': 'Alexander-…d'}
    >>> short_names(["a" * 20 + "x" + "a" * 20, "a" * 20 + "y" + "a" * 20], 10)
    {'aaaaaaaaaaaaaaaaaaaaxaaaaaaaaaaaaaaaaaaaa': 'aaaaaaaa…1', 'aaaaaaaaaaaaaaaaaaaayaaaaaaaaaaaaaaaaaaaa': 'aaaaaaaa…2'}
    """
    shown = {name: visible(name) for name in names}
    out = {name: text for name, text in shown.items() if len(text) <= width}
    cut = [name for name in names if name not in out]

    def form(name: str, tail: str) -> str:
        return shown[name][:width - len(mark) - len(tail)] + mark + tail

    plain = {name: form(name, "") for name in cut}
    clash = [name for name in cut if list(plain.values()).count(plain[name]) > 1 or plain[name] in out.values()]
    out.update((name, plain[name]) for name in cut if name not in clash)
    if clash:
        seats = {name: str(seat) for seat, name in enumerate(names, 1)}
        tries = [{name: shown[name][-k:] for name in clash} for k in range(1, width - len(mark) - 1)]
        tries += [{name: seats[name] + "~" * j for name in clash} for j in range(len(names) + 1)]
        for tails in tries:
            forms = [form(name, tails[name]) for name in clash]
            if len(set(forms)) == len(forms) and not set(forms) & set(out.values()):
                out.update(zip(clash, forms, strict=True))
                break
        else:  # not reached: a seat number with one of seven endings is free of the other names
            out.update((name, form(name, seats[name])) for name in clash)
    return {name: out[name] for name in names}
