"""Immutable value classes that cost next to nothing to define (start-up is paid by every command).

A :class:`Value` subclass declares its fields as class annotations, with defaults where it has
them, the way a frozen dataclass does; the class gets ``__slots__`` and a typed ``__init__`` from
them (without importing :mod:`dataclasses`, which costs every command tens of milliseconds). It
then compares and hashes by its fields, prints as ``Name(field=value, ...)``, pickles, copies as
itself, and refuses changes.

>>> class Pair(Value):
...     a: int
...     b: int = 0
>>> Pair(1), Pair(1) == Pair(1, 0), Pair(1).as_fields()
(Pair(a=1, b=0), True, {'a': 1, 'b': 0})
>>> Pair(b=2, a=1)
Pair(a=1, b=2)
>>> Pair(1).a = 2
Traceback (most recent call last):
...
AttributeError: Pair is immutable

:func:`field` gives what a plain default cannot: a field left out of ``__init__`` (set from its
default or by the class's ``__post_init__``), or one given by keyword only. ``__post_init__``,
when a class defines it, runs after the fields are set; it may check them, or set the fields
``__init__`` leaves out with :data:`_set`.
"""

from __future__ import annotations

from types import CodeType, FunctionType
from typing import Any, ClassVar, dataclass_transform

_set = object.__setattr__
"""Set a field of a value in its ``__post_init__`` (the one way past the immutability)."""

_MISSING: Any = object()
"""A field with no default (a sentinel: ``None`` is a default like any other)."""


class _Field:
    """What :func:`field` says of one field: its default, and whether ``__init__`` takes it."""

    __slots__ = ("default", "init", "kw_only")

    def __init__(self, default: Any, init: bool, kw_only: bool) -> None:
        self.default = default
        self.init = init
        self.kw_only = kw_only


def field(*, default: Any = _MISSING, init: bool = True, kw_only: bool = False) -> Any:
    """Options of one field of a :class:`Value`, as its class attribute: ``x: int = field(...)``.

    ``default`` is its value when not given; ``init=False`` leaves it out of ``__init__`` (it is
    set from ``default``, or by ``__post_init__``); ``kw_only=True`` makes ``__init__`` take it
    by keyword only. Returns a marker the class consumes when it is made.
    """
    return _Field(default, init, kw_only)


_Spec = tuple[str, Any, bool, bool]
"""One field as a class records it: ``(name, default or _MISSING, init, kw_only)``."""

_TEMPLATES: dict[tuple[int, bool], CodeType] = {}
"""The compiled body of an ``__init__`` by (number of parameters, whether a tail runs after)."""


def _template(count: int, tail: bool) -> CodeType:
    """The code of an ``__init__`` that stores ``count`` arguments through setters ``s0, s1...``
    and then calls ``tail(self)`` if asked; compiled once per shape, renamed per class."""
    key = (count, tail)
    if key not in _TEMPLATES:
        params = "".join(f", a{i}" for i in range(count))
        body = [f"    s{i}(self, a{i})" for i in range(count)] + (["    tail(self)"] if tail else [])
        source = f"def __init__(self{params}):\n" + "\n".join(body or ["    pass"]) + "\n"
        namespace: dict[str, Any] = {}
        exec(compile(source, "<acquire_ref.values>", "exec"), namespace)
        _TEMPLATES[key] = namespace["__init__"].__code__
    return _TEMPLATES[key]


def _is_classvar(annotation: object) -> bool:
    """Whether an annotation (a string, with postponed annotations) declares a class variable."""
    text = annotation if isinstance(annotation, str) else repr(annotation)
    return text.startswith(("ClassVar", "typing.ClassVar"))


def _own_specs(namespace: dict[str, Any]) -> list[_Spec]:
    """The fields a class body declares, taking their defaults out of the namespace (a slot and
    a class attribute of one name cannot live together)."""
    specs: list[_Spec] = []
    for name, annotation in namespace.get("__annotations__", {}).items():
        if _is_classvar(annotation):
            continue
        value = namespace.pop(name, _MISSING)
        if isinstance(value, _Field):
            specs.append((name, value.default, value.init, value.kw_only))
        else:
            specs.append((name, value, True, False))
    return specs


def _merge(inherited: tuple[_Spec, ...], own: list[_Spec]) -> tuple[_Spec, ...]:
    """The class's fields in order: its bases' first, a field declared again keeping its place."""
    merged = {spec[0]: spec for spec in inherited}
    for spec in own:
        merged[spec[0]] = spec
    return tuple(merged.values())


def _setter(cls: type, name: str) -> Any:
    """The slot of ``name`` on ``cls`` or a base, as a function ``setter(obj, value)``."""
    for klass in cls.__mro__:
        if name in klass.__dict__:
            return klass.__dict__[name].__set__
    raise TypeError(f"{cls.__name__}.{name} has no slot")  # pragma: no cover - fields are slots


def _make_tail(cls: type, specs: tuple[_Spec, ...]) -> Any:
    """What runs after the arguments are stored: the defaults of the fields ``__init__`` does
    not take, then ``__post_init__``; None when there is nothing to run."""
    fixed = tuple((_setter(cls, n), d) for n, d, init, _ in specs if not init and d is not _MISSING)
    hook = getattr(cls, "__post_init__", None)
    if not fixed and hook is None:
        return None

    def tail(self: Value) -> None:
        for setter, default in fixed:
            setter(self, default)
        if hook is not None:
            hook(self)

    return tail


def _make_init(cls: type, specs: tuple[_Spec, ...]) -> FunctionType | None:
    """The class's ``__init__``: positional fields in order, then keyword-only ones, with their
    defaults. A shared compiled template is renamed for the class (no source compiled per class).
    Raises :class:`TypeError` for a field without a default after one with (as dataclasses do)."""
    taken = [s for s in specs if s[2] and not s[3]] + [s for s in specs if s[2] and s[3]]
    positional = [s for s in taken if not s[3]]
    defaults = [s[1] for s in positional if s[1] is not _MISSING]
    if any(s[1] is _MISSING for s in positional[len(positional) - len(defaults):]):
        raise TypeError(f"{cls.__name__}: a field without a default follows one with a default")
    tail = _make_tail(cls, specs)
    if not taken and tail is None:
        return None
    names = tuple(s[0] for s in taken)
    code = _template(len(taken), tail is not None).replace(
        co_varnames=("self", *names), co_argcount=1 + len(positional),
        co_kwonlyargcount=len(taken) - len(positional), co_name="__init__",
        co_qualname=f"{cls.__qualname__}.__init__")
    scope: dict[str, Any] = {f"s{i}": _setter(cls, name) for i, name in enumerate(names)}
    scope.update(tail=tail, __name__=cls.__module__)
    init = FunctionType(code, scope, "__init__", tuple(defaults) or None)
    init.__kwdefaults__ = {s[0]: s[1] for s in taken if s[3] and s[1] is not _MISSING} or None
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    annotations: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        annotations.update(klass.__dict__.get("__annotations__", {}))  # noqa: RUF063 - inspect is slow to import
    init.__annotations__ = {n: annotations[n] for n in names if n in annotations} | {"return": "None"}
    return init


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
class _ValueMeta(type):
    """Makes a :class:`Value` class from its annotations: ``__slots__`` for the fields it adds,
    ``_slots`` and ``_fields`` for all of them, and ``__init__`` unless the class writes one."""

    def __new__(mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any],
                **kwargs: Any) -> _ValueMeta:
        if "__slots__" in namespace:
            raise TypeError(f"{name}: declare a value's fields as annotations, not __slots__")
        inherited: tuple[_Spec, ...] = ()
        for base in bases:
            inherited = _merge(inherited, list(getattr(base, "_specs", ())))
        own = _own_specs(namespace)
        known = {spec[0] for spec in inherited}
        namespace["__slots__"] = tuple(spec[0] for spec in own if spec[0] not in known)
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        specs = _merge(inherited, own)
        slots = tuple(spec[0] for spec in specs)
        setattr(cls, "_specs", specs)  # noqa: B010 - the metaclass does not declare them
        setattr(cls, "_slots", slots)  # noqa: B010
        if "_fields" not in namespace:
            setattr(cls, "_fields", slots)  # noqa: B010
        if "__init__" not in namespace:
            init = _make_init(cls, specs)
            if init is not None:
                cls.__init__ = init  # type: ignore[misc]
        return cls


class Value(metaclass=_ValueMeta):
    """Base of immutable values: fields are the annotations of the class and its bases, in order."""

    _fields: ClassVar[tuple[str, ...]] = ()
    """The fields compared, hashed and printed: every field, unless a class names fewer."""
    _slots: ClassVar[tuple[str, ...]] = ()
    """Every field, in order (what pickling stores)."""
    _specs: ClassVar[tuple[_Spec, ...]] = ()
    """Every field with its default and how ``__init__`` takes it (see :func:`field`)."""

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
