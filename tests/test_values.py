"""The immutable value base: fields from annotations, ``__init__`` and ``__slots__`` made for them."""

from __future__ import annotations

import copy
import inspect
import pickle
import subprocess
import sys
from typing import ClassVar

import pytest

from acquire_ref.engine.events import TurnFinished
from acquire_ref.engine.pending import ChooseSurvivor, DrawStartTiles, GameEnded
from acquire_ref.engine.values import Value, _set, _ValueMeta, field


class Pair(Value):
    kind: ClassVar[str] = "pair"
    a: int
    b: int = 0


class Tagged(Pair):
    tag: str = field(default="none", kw_only=True)
    total: int = field(init=False)

    def __post_init__(self) -> None:
        _set(self, "total", self.a + self.b)


def test_fields_come_from_annotations_in_order_without_class_variables():
    assert Pair._slots == ("a", "b") and Pair.__slots__ == ("a", "b")
    assert Tagged._slots == ("a", "b", "tag", "total") and Tagged.__slots__ == ("tag", "total")
    assert Pair.kind == "pair"


def test_init_takes_positional_defaults_and_keyword_only_fields():
    assert str(inspect.signature(Tagged)) == "(a: 'int', b: 'int' = 0, *, tag: 'str' = 'none') -> 'None'"
    value = Tagged(2, 3, tag="x")
    assert (value.a, value.b, value.tag, value.total) == (2, 3, "x", 5)
    assert Pair(b=4, a=1) == Pair(1, 4)
    with pytest.raises(TypeError, match="positional"):
        Tagged(1, 2, "x")  # type: ignore[misc]
    with pytest.raises(TypeError, match="'a'"):
        Pair()  # type: ignore[call-arg]


def test_equality_hash_repr_and_as_fields_are_by_field():
    assert Pair(1) == Pair(1, 0) and hash(Pair(1)) == hash(Pair(1, 0)) and Pair(1) != Pair(2)
    assert repr(Tagged(1, 2)) == "Tagged(a=1, b=2, tag='none', total=3)"
    assert Pair(1, 2).as_fields() == {"a": 1, "b": 2}


def test_values_refuse_changes_and_have_no_instance_dict():
    value = Pair(1)
    with pytest.raises(AttributeError, match="Pair is immutable"):
        value.a = 2  # type: ignore[misc]
    with pytest.raises(AttributeError, match="Pair is immutable"):
        del value.b
    assert not hasattr(value, "__dict__")


def test_pickle_and_copy_keep_every_field():
    value = Tagged(1, 2, tag="t")
    again = pickle.loads(pickle.dumps(value))
    assert again == value and again.total == 3 and again.tag == "t"
    assert copy.copy(value) is value and copy.deepcopy(value) is value


def test_a_field_without_default_after_one_with_is_refused():
    with pytest.raises(TypeError, match="Bad: a field without a default follows one with a default"):
        class Bad(Value):
            a: int = 1
            b: int


def test_slots_written_by_hand_are_refused():
    with pytest.raises(TypeError, match="declare a value's fields as annotations"):
        class Old(Value):
            __slots__ = ("a",)


def test_the_engine_values_keep_their_fields_and_compared_fields():
    assert DrawStartTiles().player is None and DrawStartTiles()._fields == ()
    assert GameEnded.__init__.__code__.co_varnames[:2] == ("self", "reason")
    assert ChooseSurvivor("Ann", ["Tower", "Luxor"]).options == ("Tower", "Luxor")  # type: ignore[arg-type]
    turn = TurnFinished("Ann", True, 80, "")
    assert turn.public_reason is None and "public_reason" not in turn.as_fields()


def test_values_do_not_import_dataclasses():
    code = ("import sys, acquire_ref.engine.events, acquire_ref.engine.moves, acquire_ref.engine.pending\n"
            "print('dataclasses' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_class_variables_stay_class_variables_in_a_body_compiled_by_mypyc():
    # mypyc annotates every name a class body assigns, with its type: only a quoted
    # "ClassVar[...]" keeps saying what it is, and a subclass assigns it again by name
    namespace = {"__module__": __name__, "__annotations__": {"kind": "ClassVar[str]", "a": int}, "kind": "base"}
    base = _ValueMeta("Base", (Value,), namespace)
    again = {"__module__": __name__, "__annotations__": {"kind": str, "b": int}, "kind": "sub", "b": 2}
    sub = _ValueMeta("Sub", (base,), again)
    assert base._slots == ("a",) and sub._slots == ("a", "b") and sub.__slots__ == ("b",)
    assert sub.kind == "sub" and repr(sub(1)) == "Sub(a=1, b=2)"
