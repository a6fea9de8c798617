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

A class variable of a value is annotated ``"ClassVar[...]"``, quoted where a class first
declares it (mypyc, compiling a module, annotates every name a class body assigns, and a quoted
annotation is the one it keeps as written); a subclass assigns it again without an annotation.

:func:`field` gives what a plain default cannot: a field left out of ``__init__`` (set from its
default or by the class's ``__post_init__``), or one given by keyword only. ``__post_init__``,
when a class defines it, runs after the fields are set; it may check them, or set the fields
``__init__`` leaves out with :data:`_set`.
"""

from __future__ import annotations

from collections.abc import Callable
from types import CellType, CodeType, FunctionType
from typing import Any, ClassVar, dataclass_transform

_set = object.__setattr__
"""Set a field of a value in its ``__post_init__`` (the one way past the immutability)."""

_get: Callable[[object, str], Any] = object.__getattribute__
"""Read a field of a value in its ``__post_init__`` as it was given, before the field has its
declared type (a module compiled by mypyc checks the declared type on every read)."""

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


_Spec = tuple[str, Any, bool, bool, Any]
"""One field as a class records it: ``(name, default or _MISSING, init, kw_only, annotation)``."""

MAX_FIELDS = 12
"""The most fields an ``__init__`` made for a value takes."""


def _template() -> CodeType:
    """The code of the ``__init__`` every value class shares, renamed for each: it stores its
    first ``n`` arguments through the setters ``s`` (in order) and then calls ``tail(self)``
    unless it is None; each class gives it those three as its closure. Written out here, not
    compiled from a source per class, so that making the classes costs start-up next to nothing."""
    n = 0
    s: tuple[Callable[[Any, Any], None], ...] = ()
    tail: Callable[[Any], None] | None = None

    def __init__(self: Any, a0: Any, a1: Any, a2: Any, a3: Any, a4: Any, a5: Any,
                 a6: Any, a7: Any, a8: Any, a9: Any, a10: Any, a11: Any) -> None:
        if n > 0:  # nested, so that a value of a few fields tests no more than it has
            s[0](self, a0)
            if n > 1:
                s[1](self, a1)
                if n > 2:
                    s[2](self, a2)
                    if n > 3:
                        s[3](self, a3)
                        if n > 4:
                            s[4](self, a4)
                            if n > 5:
                                s[5](self, a5)
                                if n > 6:
                                    s[6](self, a6)
                                    if n > 7:
                                        s[7](self, a7)
                                        if n > 8:
                                            s[8](self, a8)
                                            if n > 9:
                                                s[9](self, a9)
                                                if n > 10:
                                                    s[10](self, a10)
                                                    if n > 11:
                                                        s[11](self, a11)
        if tail is not None:
            tail(self)

    return __init__.__code__


_TEMPLATE = _template()
_SPARE = tuple(f".unused{i}" for i in range(MAX_FIELDS))
"""Names for the template's parameters a class does not use (no field can be named so)."""


def _is_classvar(annotation: object) -> bool:
    """Whether an annotation (a string, with postponed annotations) declares a class variable."""
    text = (annotation if isinstance(annotation, str) else repr(annotation)).lstrip("'\"")
    return text.startswith(("ClassVar", "typing.ClassVar"))


def _own_specs(namespace: dict[str, Any], bases: tuple[type, ...], fields: dict[str, _Spec]) -> list[_Spec]:
    """The fields a class body declares, taking their defaults out of the namespace (a slot and
    a class attribute of one name cannot live together). A name a base has as a class variable
    (an attribute, not one of the ``fields``) stays a class variable: compiled by mypyc, a class
    body annotates every name it assigns, so only a base's quoted ``"ClassVar[...]"`` tells a
    class variable from a field."""
    specs: list[_Spec] = []
    for name, annotation in namespace.get("__annotations__", {}).items():
        if _is_classvar(annotation) or (name not in fields and any(hasattr(base, name) for base in bases)):
            continue
        value = namespace.pop(name, _MISSING)
        if isinstance(value, _Field):
            specs.append((name, value.default, value.init, value.kw_only, annotation))
        else:
            specs.append((name, value, True, False, annotation))
    return specs


_Setters = dict[str, Callable[[Any, Any], None]]
"""Each field's slot as a function ``setter(obj, value)``, by field name."""


def _make_tail(bases: tuple[type, ...], namespace: dict[str, Any], specs: tuple[_Spec, ...],
               setters: _Setters) -> Any:
    """What runs after the arguments are stored: the defaults of the fields ``__init__`` does
    not take, then ``__post_init__`` (the class's own or a base's); None when there is nothing
    to run. ``setters`` may be filled after: it is read when an instance is made."""
    fixed = [(spec[0], spec[1]) for spec in specs if not spec[2] and spec[1] is not _MISSING]
    hook = namespace.get("__post_init__")
    for base in bases:
        hook = hook or getattr(base, "__post_init__", None)
    if not fixed and hook is None:
        return None

    def tail(self: Value) -> None:
        for name, default in fixed:
            setters[name](self, default)
        if hook is not None:
            hook(self)

    return tail


def _parameters(name: str, specs: tuple[_Spec, ...]) -> tuple[list[_Spec], list[_Spec]]:
    """The fields ``__init__`` takes: ``(positional, keyword_only)``, each in field order.
    Raises :class:`TypeError` for a positional field without a default after one with (as
    dataclasses do), or for more than :data:`MAX_FIELDS`."""
    positional: list[_Spec] = []
    keyword: list[_Spec] = []
    defaulted = False
    for spec in specs:
        if not spec[2]:
            continue
        if spec[3]:
            keyword.append(spec)
            continue
        if defaulted and spec[1] is _MISSING:
            raise TypeError(f"{name}: a field without a default follows one with a default")
        defaulted = defaulted or spec[1] is not _MISSING
        positional.append(spec)
    if len(positional) + len(keyword) > MAX_FIELDS:
        raise TypeError(f"{name}: __init__ takes at most {MAX_FIELDS} fields")
    return positional, keyword


def _make_init(name: str, bases: tuple[type, ...], namespace: dict[str, Any], specs: tuple[_Spec, ...],
               setters: _Setters) -> tuple[FunctionType, CellType, list[str]] | None:
    """The ``__init__`` of the class ``name`` about to be made: positional fields in order, then
    keyword-only ones, with their defaults; the one template (:func:`_template`) renamed for the
    class. Returns it with the cell its setters go in once the slots exist, and the fields it
    sets in order; None for a class with nothing to set. Made before the class, so that the
    class is made with it (setting ``__init__`` on a made class costs more)."""
    positional, keyword = _parameters(name, specs)
    tail = _make_tail(bases, namespace, specs, setters)
    taken = positional + keyword
    if not taken and tail is None:
        return None
    names = [spec[0] for spec in taken]
    qualname = f"{namespace.get('__qualname__', name)}.__init__"
    code = _TEMPLATE.replace(
        co_varnames=("self", *names, *_SPARE[len(names):]), co_argcount=1 + len(positional),
        co_kwonlyargcount=len(keyword), co_name="__init__", co_qualname=qualname)
    setter_cell = CellType(())
    closure = {"n": CellType(len(names)), "s": setter_cell, "tail": CellType(tail)}
    cells = tuple([closure[cell] for cell in code.co_freevars])
    defaults = tuple([spec[1] for spec in positional if spec[1] is not _MISSING]) or None
    init = FunctionType(code, {"__name__": namespace.get("__module__")}, "__init__", defaults, cells)
    init.__kwdefaults__ = {spec[0]: spec[1] for spec in keyword if spec[1] is not _MISSING} or None
    init.__qualname__ = qualname
    init.__annotations__ = {spec[0]: spec[4] for spec in taken}
    init.__annotations__["return"] = "None"
    return init, setter_cell, names


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
class _ValueMeta(type):
    """Makes a :class:`Value` class from its annotations: ``__slots__`` for the fields it adds,
    ``_slots`` and ``_fields`` for all of them, and ``__init__`` unless the class writes one."""

    def __new__(mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any],
                **kwargs: Any) -> _ValueMeta:
        if "__slots__" in namespace:
            raise TypeError(f"{name}: declare a value's fields as annotations, not __slots__")
        fields: dict[str, _Spec] = {}
        setters: _Setters = {}
        for base in bases:
            fields.update((spec[0], spec) for spec in getattr(base, "_specs", ()))
            setters.update(getattr(base, "_setters", {}))
        new_slots = []
        for spec in _own_specs(namespace, bases, fields):
            if spec[0] not in fields:
                new_slots.append(spec[0])
            fields[spec[0]] = spec  # a field declared again keeps its place
        specs = tuple(fields.values())
        namespace.update(__slots__=tuple(new_slots), _specs=specs, _setters=setters, _slots=tuple(fields))
        namespace.setdefault("_fields", tuple(fields))
        made = None if "__init__" in namespace else _make_init(name, bases, namespace, specs, setters)
        if made is not None:
            namespace["__init__"] = made[0]
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        for slot in new_slots:
            setters[slot] = getattr(cls, slot).__set__
        if made is not None:
            made[1].cell_contents = tuple([setters[taken] for taken in made[2]])
        return cls


class Value(metaclass=_ValueMeta):
    """Base of immutable values: fields are the annotations of the class and its bases, in order."""

    _fields: ClassVar[tuple[str, ...]] = ()
    """The fields compared, hashed and printed: every field, unless a class names fewer."""
    _slots: ClassVar[tuple[str, ...]] = ()
    """Every field, in order (what pickling stores)."""
    _specs: ClassVar[tuple[_Spec, ...]] = ()
    """Every field with its default and how ``__init__`` takes it (see :func:`field`)."""
    _setters: ClassVar[_Setters] = {}
    """Every field's slot, as a setter (what ``__init__`` stores through)."""

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
