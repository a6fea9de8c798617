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


def is_whole(value: object) -> TypeGuard[int]:
    """True for an ``int`` that is not a ``bool`` (TOML's ``true`` is no number)."""
    return isinstance(value, int) and not isinstance(value, bool)


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
            self.append(problem or f"{where} should be a whole number, not {value!r}")
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
