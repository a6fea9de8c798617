"""One collector for the problems a validator finds: every problem is listed, none stops the reading.

The validators of game files, snapshots, rulesets and positions (DESIGN 3, R17) read untrusted
tables and report all that is wrong at once; :class:`Problems` holds the shared checks (an unknown
key, a whole number in range, money in whole hundreds) so that each is worded the same everywhere.

>>> p = Problems()
>>> p.unknown_keys({"next": "Ann", "colour": "red"}, ("next", "bag"), "position", "a position")
>>> p.whole(-3, "position.bag")
>>> p.whole(True, "position.bag") is None, p.whole(87, "position.bag")
(True, 87)
>>> p.hundreds(6050, "cash.Ann")
>>> for text in p:
...     print(text)
position: unknown key 'colour'; a position has next, bag
position.bag is -3; it can't be below 0
position.bag should be a whole number, not True
cash.Ann is 6050: money comes in multiples of $100 (R2.1)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, TypeGuard

from acquire_ref.language import _, money, ngettext, number

if TYPE_CHECKING:
    import json

_INVISIBLE_RANGES = (
    # Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): soft hyphen, combining
    # grapheme joiner, Arabic letter mark, Hangul fillers, Khmer inherent vowels, Mongolian
    # variation selectors, zero-width spaces and joiners, direction marks and overrides, word
    # joiner and invisible operators, variation selectors, byte-order mark, half-width Hangul
    # filler, shorthand format controls, musical format controls, tags and their supplement
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
    # blanks that are symbols to Unicode but print as nothing: the Braille pattern blank and the
    # musical null notehead
    (0x2800, 0x2800), (0x1D159, 0x1D159),
)
"""Code points that print as nothing (or change only how their neighbours print), by range."""


def invisible(ch: str) -> bool:
    """True for a code point that prints as nothing: Unicode's default-ignorable code points
    (U+034F, U+200B..U+200F, U+3164, U+115F, U+1160, U+FFA0, variation selectors, tags...) and
    blanks such as U+2800, so that "Ann" and "Ann" with an invisible mark can't be two names.

    >>> invisible("\u034f"), invisible("\u3164"), invisible("\u2800"), invisible("A")
    (True, True, True, False)
    """
    code = ord(ch)
    return any(low <= code <= high for low, high in _INVISIBLE_RANGES)


MAX_MONEY = 10**15
"""The most dollars a player's cash in a position or snapshot may be: far past any game (a
classic game pays out well under $1,000,000), and far below what a game file can hold, so that a
game started from a position can always be played on and written."""


def is_whole(value: object) -> TypeGuard[int]:
    """True for an ``int`` that is not a ``bool`` (TOML's ``true`` is no number)."""
    return isinstance(value, int) and not isinstance(value, bool)


def skeleton(name: str) -> str:
    """What a name looks like, for telling two whole names apart as a reader would (R2.1): NFKC
    (full-width and compatibility forms become plain letters), casefolded, code points that print
    as nothing (:func:`invisible`) left out, and every other letter that is not ASCII replaced by
    what it looks like: its prototype in Unicode's confusables table (UTS #39, the data of the
    confusable-homoglyphs package, :func:`prototype`), taken in lower case when that is plain
    ASCII, else as typed ("\u0410" and "a", "\u041d" and "H", the Armenian "\u0578" and "n").
    ASCII letters stand for themselves, so plain ASCII names differ whenever they differ beyond
    case, and only a name with other letters pays for reading the table.

    >>> skeleton("Ann") == skeleton("\u0410nn") == skeleton("\uff21NN") == skeleton("An\u034fn") == skeleton("A\u0578n")
    True
    >>> skeleton("Ann") == skeleton("Anne"), skeleton("Zo\u00eb") == skeleton("Zoe")
    (False, False)
    """
    import unicodedata

    plain = unicodedata.normalize("NFKC", name)
    folded = plain.casefold()
    if folded.isascii():
        return folded
    out = []
    for ch in plain:
        if ch.isascii() or invisible(ch):
            out.append("" if invisible(ch) else ch.casefold())
            continue
        low = "".join(prototype(c) for c in ch.casefold()).casefold()
        typed = prototype(ch).casefold()
        out.append(low if low.isascii() or not typed.isascii() else typed)
    return "".join(out)


@functools.cache
def prototype(ch: str, depth: int = 0) -> str:
    """What the character ``ch`` is read as by Unicode's confusables (UTS #39): its prototype
    (``"\u0578"`` is read as ``"n"``, ``"m"`` as ``"rn"``), or ``ch`` itself when nothing else
    looks like it or it is the prototype of others.

    The confusable-homoglyphs package's table (:func:`_confusables`) lists each pair of
    confusables both ways; which one is the prototype follows from the table's shape: a character
    confusable with one other only is that one's source when the other stands for several, or is
    a string; of two that only stand for each other the ASCII one (else the lower code point) is
    the prototype. A prototype that is itself read as another is followed (at most 4 steps).
    """
    others = _linked(ch)
    if len(others) != 1:
        return ch  # a prototype (several look like it), or nothing looks like it
    (other,) = others
    if len(other) == 1 and _linked(other) == {ch} and not (other.isascii() or (not ch.isascii() and other < ch)):
        return ch  # of a pair that only stand for each other, the other maps to this one
    return other if depth >= 4 else "".join(c if c == ch else prototype(c, depth + 1) for c in other)


_MARKS = str.maketrans("", "", "\u200e\u200f")
"""The table wraps right-to-left letters in direction marks; they are no part of a letter."""


@functools.cache
def _linked(ch: str) -> frozenset[str]:
    """The characters and strings that the table says ``ch`` may be confused with (not ``ch``).
    An entry is found by its key after the end of the entry before it (``}], "KEY": [``), which no
    text inside an entry can be; a right-to-left letter is also looked up between direction marks."""
    import json
    import unicodedata

    text, decoder = _confusables()
    found: set[str] = set()
    keys = [ch, f"\u200e{ch}\u200e"] if unicodedata.bidirectional(ch) in ("R", "AL") else [ch]
    for key in keys:
        at = text.find(f"}}], {json.dumps(key)}: [")
        if at < 0 and text.startswith(f"{{{json.dumps(key)}: ["):
            at = 0
        if at >= 0:
            entries, _ = decoder.raw_decode(text, text.index(": [", at) + 2)
            found.update(str(e["c"]).translate(_MARKS) for e in entries)
    return frozenset(found - {ch})


@functools.cache
def _confusables() -> tuple[str, json.JSONDecoder]:
    """The text of the confusable-homoglyphs package's ``confusables.json`` (made from Unicode's
    ``confusables.txt``: ``{"\u0578": [{"c": "n", "n": "LATIN SMALL LETTER N"}], ...}``), read
    once a process as data (none of the package's modules is imported), and a JSON decoder.
    Only the entries of the letters asked about are decoded (:func:`_linked`): decoding the whole
    table takes about 16 ms, finding one entry well under one. Raises ``ModuleNotFoundError``
    when the package is not installed."""
    import importlib.util
    import json
    from pathlib import Path

    spec = importlib.util.find_spec("confusable_homoglyphs")
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError("confusable-homoglyphs is not installed: reinstall acquire-ref")
    text = Path(spec.origin).with_name("confusables.json").read_text(encoding="utf-8")
    if '"a": [{"c": ' not in text:  # not the layout looked up by text: normalise it to that layout
        text = json.dumps(json.loads(text))
    return text, json.JSONDecoder()


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)`` for a message, cut to ``limit`` characters with the length when longer.

    >>> shown("x" * 1000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (1,002 characters)"
    """
    if is_whole(value) and value.bit_length() > 200:  # no str() of a number past Python's digit limit
        return _("a number of about {digits} digits").format(digits=number(int(value.bit_length() * 0.30103) + 1))
    text = repr(value)
    if len(text) <= limit:
        return text
    return ngettext("{start}... ({count} character)", "{start}... ({count} characters)", len(text)).format(
        start=text[:limit], count=number(len(text)))


class Problems(list[str]):
    """The problems found so far, in the order found: a list of messages, each one line naming
    where (the key's path) and what is wrong."""

    def add(self, text: str) -> None:
        """Note one problem, worded by the caller."""
        self.append(text)

    def unknown_keys(
        self, table: Iterable[str], allowed: Iterable[str], where: str, what: str,
        instead: Mapping[str, str] | None = None,
    ) -> None:
        """Note every key of ``table`` that is not in ``allowed``:
        ``WHERE: unknown key 'k'; WHAT has a, b, c`` (without ``WHERE: `` when ``where`` is empty).

        ``what`` names the table with its article (``"a game file"``); ``instead`` maps a key to
        the message given for it in place of that one (a key that is refused for a reason).
        """
        allowed = tuple(allowed)
        for key in table:
            if instead and key in instead:
                self.append(instead[key])
            elif key not in allowed:
                said = _("{where}: unknown key {key}; {what} has {keys}") if where else _("unknown key {key}; {what} has {keys}")
                self.append(said.format(where=where, key=repr(key), what=what, keys=", ".join(allowed)))

    def whole(
        self, value: object, where: str, minimum: int | None = 0, maximum: int | None = None,
        problem: str | None = None,
    ) -> int | None:
        """``value`` when it is a whole number from ``minimum`` to ``maximum`` (None: no bound),
        else None with one problem noted.

        The problem is ``problem`` when given; otherwise ``WHERE should be a whole number, not X``,
        ``WHERE is X; it can't be below MINIMUM`` or ``WHERE is X; it can't be above MAXIMUM``.
        """
        if not is_whole(value):
            self.append(problem or _("{where} should be a whole number, not {value}").format(where=where, value=shown(value)))
            return None
        if minimum is not None and value < minimum:
            self.append(problem or _("{where} is {value}; it can't be below {minimum}").format(
                where=where, value=value, minimum=minimum))
            return None
        if maximum is not None and value > maximum:
            self.append(problem or _("{where} is {value}; it can't be above {maximum}").format(
                where=where, value=value, maximum=maximum))
            return None
        return value

    def hundreds(self, dollars: int, where: str, rule: str = "R2.1") -> None:
        """Note ``dollars`` that are not a multiple of $100 (R2.1):
        ``WHERE is X: money comes in multiples of $100 (RULE)``, without the rule when ``rule`` is empty."""
        if dollars % 100:
            text = (_("{where} is {dollars}: money comes in multiples of {hundred} ({rule})") if rule
                    else _("{where} is {dollars}: money comes in multiples of {hundred}"))
            self.append(text.format(where=where, dollars=dollars, hundred=money(100), rule=rule))
