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

from collections.abc import Iterable, Mapping
from typing import TypeGuard

_LOOK_ALIKES = str.maketrans({
    # Cyrillic letters that print like Latin ones once casefolded: a, b (from B), e, i, j, k, m, h (from H), o, ...
    "\u0430": "a", "\u0432": "b", "\u0435": "e", "\u0451": "e", "\u0437": "3", "\u0456": "i", "\u0457": "i",
    "\u0458": "j", "\u043a": "k", "\u043c": "m", "\u043d": "h", "\u043e": "o", "\u0440": "p", "\u0441": "c",
    "\u0442": "t", "\u0443": "y", "\u0445": "x", "\u0455": "s", "\u04bb": "h", "\u0501": "d", "\u051b": "q",
    "\u051d": "w", "\u04cf": "l", "\u044c": "b", "\u0475": "v", "\u04af": "y", "\u0461": "w",
    # Greek letters that print like Latin ones once casefolded: a, b, e, z, h (from H), i, k, m, n, o, p, ...
    "\u03b1": "a", "\u03b2": "b", "\u03b5": "e", "\u03b6": "z", "\u03b7": "h", "\u03b9": "i", "\u03ba": "k",
    "\u03bc": "m", "\u03bd": "n", "\u03bf": "o", "\u03c1": "p", "\u03c4": "t", "\u03c5": "y", "\u03c7": "x",
    "\u03f2": "c", "\u03f3": "j",
})
"""Letters of other alphabets that a reader can't tell from a Latin letter, each mapped to it."""

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
    """What a name looks like, for telling two whole names apart as a reader would: NFKC
    (full-width and compatibility forms become plain letters), casefolded, Cyrillic or Greek
    letters that look Latin mapped to the Latin letter, and code points that print as nothing
    (:func:`invisible`) left out.

    >>> skeleton("Ann") == skeleton("\u0410nn") == skeleton("\uff21NN") == skeleton("An\u034fn")
    True
    >>> skeleton("Ann") == skeleton("Anne")
    False
    """
    import unicodedata

    folded = unicodedata.normalize("NFKC", name).casefold().translate(_LOOK_ALIKES)
    return "".join(ch for ch in folded if not invisible(ch)) if not folded.isascii() else folded


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)`` for a message, cut to ``limit`` characters with the length when longer.

    >>> shown("x" * 1000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (1,002 characters)"
    """
    if is_whole(value) and value.bit_length() > 200:  # no str() of a number past Python's digit limit
        return f"a number of about {int(value.bit_length() * 0.30103) + 1:,} digits"
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text):,} characters)"


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
        prefix = f"{where}: " if where else ""
        for key in table:
            if instead and key in instead:
                self.append(instead[key])
            elif key not in allowed:
                self.append(f"{prefix}unknown key {key!r}; {what} has {', '.join(allowed)}")

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
            self.append(problem or f"{where} should be a whole number, not {shown(value)}")
            return None
        if minimum is not None and value < minimum:
            self.append(problem or f"{where} is {value}; it can't be below {minimum}")
            return None
        if maximum is not None and value > maximum:
            self.append(problem or f"{where} is {value}; it can't be above {maximum}")
            return None
        return value

    def hundreds(self, dollars: int, where: str, rule: str = "R2.1") -> None:
        """Note ``dollars`` that are not a multiple of $100 (R2.1):
        ``WHERE is X: money comes in multiples of $100 (RULE)``, without the rule when ``rule`` is empty."""
        if dollars % 100:
            suffix = f" ({rule})" if rule else ""
            self.append(f"{where} is {dollars}: money comes in multiples of $100{suffix}")
