"""Read-only views of a game's data: what templates, card text, claims and examples see.

A template reads the game; it never runs the game's Python. A pydantic model offers
`model_dump_json(indent=10**7)` and `model_copy()`, a dataclass its methods, and any of them can
make a value far bigger than the sandbox's budgets before a budget is asked. So every value
reaches a template through `view()`: a model or dataclass becomes a Record (its fields, read by
attribute or by key, and nothing else), a dict a Table (its keys; `items`, `keys`, `values` and
`get` as on a dict), a list, tuple or set a Sequence; strings, numbers, booleans and None stay
what they are, and an enum becomes its value. Values are wrapped as they are read, so a template
that reads one field of a large game pays for that field only. `unwrap()` gives the Python side
back what a view stands for (a helper's argument, an expression's result).
"""

from __future__ import annotations

import re
from collections.abc import ItemsView, Iterator, KeysView, Mapping, Sequence, ValuesView
from dataclasses import fields, is_dataclass
from enum import Enum
from functools import cache
from typing import Any

from jinja2 import Undefined
from jinja2.runtime import LoopContext
from pydantic import BaseModel


class View:
    """What a template holds instead of a Python object: `_target` is out of its reach (the
    sandbox refuses names that begin with '_', and the environment reads views only through
    `attribute` and `item`)."""

    __slots__ = ("_target",)
    METHODS: frozenset[str] = frozenset()  # the methods a template may call, as on a dict

    def __init__(self, target: Any) -> None:
        self._target = target

    def attribute(self, name: str) -> Any:
        """`view.name` in a template, or MISSING."""
        if name in self.METHODS:
            return getattr(self, name)
        return self.item(name)

    def item(self, key: Any) -> Any:
        """`view[key]` in a template, or MISSING."""
        try:
            return self[key]  # type: ignore[index]
        except (KeyError, IndexError, TypeError):
            return MISSING

    def __eq__(self, other: object) -> bool:
        return self._target == unwrap(other)

    def __hash__(self) -> int:
        return hash(self._target)

    def __repr__(self) -> str:
        return repr(plain(self))

    __str__ = __repr__


_PLAIN = (str, int, float, type(None), View)
MISSING = object()  # what `attribute` and `item` give for a name or key that is not there


class Record(View, Mapping):
    """A model or dataclass: its fields (extra fields of a model included), nothing else."""

    __slots__ = ()

    def fields(self) -> tuple[str, ...]:
        extra = getattr(self._target, "__pydantic_extra__", None) or {}
        return (*_field_names(type(self._target)), *extra)

    def __getitem__(self, key: Any) -> Any:
        if key not in self.fields():
            raise KeyError(key)
        return view(getattr(self._target, key))

    def __iter__(self) -> Iterator[str]:
        return iter(self.fields())

    def __len__(self) -> int:
        return len(self.fields())

    def __bool__(self) -> bool:
        return True  # a record is there, even one without fields


@cache
def _field_names(kind: type) -> tuple[str, ...]:
    """A model's fields and the values its class derives from them (a card's `values`), not
    pydantic's own; a dataclass's fields."""
    if not issubclass(kind, BaseModel):
        return tuple(f.name for f in fields(kind))
    derived = [
        name
        for owner in kind.__mro__
        if owner not in BaseModel.__mro__
        for name, member in vars(owner).items()
        if isinstance(member, property) and not name.startswith("_")
    ]
    return (*kind.model_fields, *derived)


class Table(View, Mapping):
    """A dict: keys by attribute or by index, and the read-only methods of a dict."""

    __slots__ = ()
    METHODS = frozenset({"items", "keys", "values", "get"})

    def __getitem__(self, key: Any) -> Any:
        return view(self._target[key])

    def __iter__(self) -> Iterator[Any]:
        return iter(self._target)

    def __len__(self) -> int:
        return len(self._target)

    def __contains__(self, key: object) -> bool:
        return unwrap(key) in self._target

    __hash__ = None  # type: ignore[assignment]  # as a dict's


class List(View, Sequence):
    """A list, tuple or set (sorted, so that it prints the same on every run)."""

    __slots__ = ()
    METHODS = frozenset({"index", "count"})

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return List(self._target[index])
        return view(self._target[index])

    def __len__(self) -> int:
        return len(self._target)

    def __contains__(self, item: object) -> bool:
        return unwrap(item) in self._target

    def __add__(self, other: Any) -> list[Any]:
        """Joined or repeated, a list becomes one the template made (and the sandbox checks)."""
        return [*self, *other]

    def __radd__(self, other: Any) -> list[Any]:
        return [*other, *self]

    def __mul__(self, times: Any) -> list[Any]:
        return list(self) * times

    __rmul__ = __mul__
    __hash__ = None  # type: ignore[assignment]  # as a list's


def view(value: Any) -> Any:
    """What a template sees of `value`: itself if it is plain data, else a read-only view."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, _PLAIN):
        return value
    if isinstance(value, dict):
        return Table(value)
    if isinstance(value, list | tuple):
        return List(value)
    if isinstance(value, set | frozenset):
        return List(sorted(value, key=repr))
    if isinstance(value, KeysView | ItemsView | ValuesView):  # a Table's items(), keys()…
        return List(list(value))
    if isinstance(value, BaseModel) or (is_dataclass(value) and not isinstance(value, type)):
        return Record(value)
    return value  # the sandbox's own objects: helpers, macros, loops, undefined values


def unwrap(value: Any) -> Any:
    """The Python value a view stands for; lists and dicts made in a template, item by item."""
    if isinstance(value, View):
        return value._target
    if isinstance(value, list | tuple):
        return type(value)(unwrap(item) for item in value)
    if isinstance(value, dict):
        return {unwrap(key): unwrap(item) for key, item in value.items()}
    if _generator(value):  # what `unique`, `map` or `select` give
        return [unwrap(item) for item in value]  # its items, never its address in a message
    return value


def settled(value: Any) -> Any:
    """`value` with every generator in it (what `unique`, `map`, `select` give) made a list,
    so that it prints as its items and never as an address that changes from run to run."""
    if _generator(value):
        return [settled(item) for item in value]
    if isinstance(value, list | tuple):
        return type(value)(settled(item) for item in value)
    if isinstance(value, dict):
        return {key: settled(item) for key, item in value.items()}
    return value


def _generator(value: Any) -> bool:
    """Whether `value` is a filter's generator, run to a list where it is used. A loop (whose
    `loop` is an iterator too) is not: running it would end the loop it stands for."""
    return isinstance(value, Iterator) and not isinstance(value, LoopContext)


def plain(value: Any) -> Any:
    """`value` as plain data (dicts, lists, strings, numbers): how `tojson` and `{{ }}` print a
    view."""
    value = view(value)
    if isinstance(value, Mapping):
        return {key: plain(value[key]) for key in value}
    if isinstance(value, List):
        return [plain(item) for item in value]
    return value


def describe(value: Any) -> str:
    """A value as a designer names it in a message: "the number 0", "nothing (none)"."""
    value = view(value)
    if value is None:
        return "nothing (none)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return f"the number {value!r}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "…"
        return f"the text '{shown}'"
    if isinstance(value, Record):
        kind = _words(type(value._target).__name__)
        return f"the {kind}" if kind.endswith("s") else f"a {kind}"  # the rules, a section
    if isinstance(value, Mapping):
        return f"a mapping of {len(value)} entries"
    if isinstance(value, Sequence):
        return f"a list of {len(value)} items"
    if isinstance(value, Undefined):  # its class's name ('strict undefined') means nothing to
        return "a name that is not defined"  # a designer
    return f"a {_words(type(value).__name__)}"


def kind_of(value: Any) -> str:
    """What kind of value it is, without the value: "a number", "a text", "nothing (none)"."""
    value = view(value)
    if value is None:
        return "nothing (none)"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a text"
    if isinstance(value, Record | Mapping | Sequence):
        return describe(value).split(" of ")[0]  # a section, a mapping, a list
    return describe(value)


def _words(name: str) -> str:
    """'DiceTable' → 'dice table', 'LoopContext' → 'loop context'."""
    return re.sub(r"(?<!^)(?=[A-Z])", " ", name).lower()
