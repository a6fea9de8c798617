"""Immutable value classes that cost next to nothing to define (start-up is paid by every command).

A :class:`Value` subclass lists its fields in ``__slots__`` and sets them in a typed ``__init__``
with :func:`_set`; it then compares and hashes by its fields, prints as ``Name(field=value, ...)``,
pickles, copies as itself, and refuses changes.

>>> class Pair(Value):
...     __slots__ = ("a", "b")
...     def __init__(self, a: int, b: int = 0) -> None:
...         _set(self, "a", a)
...         _set(self, "b", b)
>>> Pair(1), Pair(1) == Pair(1, 0), Pair(1).as_fields()
(Pair(a=1, b=0), True, {'a': 1, 'b': 0})
>>> Pair(1).a = 2
Traceback (most recent call last):
...
AttributeError: Pair is immutable
"""

from __future__ import annotations

from typing import Any, ClassVar

_set = object.__setattr__
"""Set a field of a value in its ``__init__`` (the one way past the immutability)."""


class Value:
    """Base of immutable values: fields are the ``__slots__`` of the class and its bases, in order."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    """The fields compared, hashed and printed: every slot, unless a class names fewer."""
    _slots: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        slots: list[str] = []
        for klass in reversed(cls.__mro__):
            for name in klass.__dict__.get("__slots__", ()):
                if name not in slots:
                    slots.append(name)
        cls._slots = tuple(slots)
        if "_fields" not in cls.__dict__:
            cls._fields = cls._slots

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, f) for f in self._fields)

    def as_fields(self) -> dict[str, Any]:
        """The fields and their values, in order (tables copied)."""
        return {f: dict(v) if isinstance(v, dict) else v for f in self._fields for v in (getattr(self, f),)}

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and isinstance(other, Value) and other._values() == self._values()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._values()))

    def __repr__(self) -> str:
        inner = ", ".join(f"{f}={getattr(self, f)!r}" for f in self._fields)
        return f"{type(self).__name__}({inner})"

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (type(self), tuple(getattr(self, f) for f in self._slots)))

    def __copy__(self) -> Value:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Value:
        return self


def _rebuild(cls: type[Value], values: tuple[object, ...]) -> Value:
    """A value from its field values (for pickling)."""
    obj = object.__new__(cls)
    for name, value in zip(cls._slots, values, strict=True):
        _set(obj, name, value)
    return obj
