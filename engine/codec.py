"""PlainDict-dict form of actions and events, for msgpack and for logs.

A record is a frozen dataclass with a ``type`` name; its dict is ``{"type": ...}``
plus its fields. Field values are ints, bools, strings, cards in notation (a
field of type `CardMask` is a list of card texts, `Gifts` a list of three), a
`Combo` (a small dict) or a tuple of ints. Decoding checks every key and type
and raises `NotationError` with a message naming the offending field, so that
hostile input from the network never gets further than here.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from typing import Annotated, Any, ClassVar, TypedDict, TypeVar

from .cards import card_text, cards_from_texts, cards_to_texts, parse_card
from .combos import Combo, Kind
from .errors import NotationError, Reason

CARDS = "cards"
GIFTS = "gifts"
CardMask = Annotated[int, CARDS]                 # a set of cards, as a bitmask
Gifts = Annotated[tuple[int, int, int], GIFTS]   # card ids given to seat+1, seat+2, seat+3

# The dict form of a record or a view: a map of plain values (None, bool, int, float, str, and lists
# and maps of them), which is what msgpack carries. Its values are typed Any because
# each reader knows the type of the fields it reads, and msgpack gives no more.
PlainDict = dict[str, Any]


class ComboDict(TypedDict):
    kind: str
    length: int
    height: float
    cards: list[str]
    phoenix: int


def combo_to_dict(combo: Combo) -> ComboDict:
    return {"kind": combo.kind.name.lower(), "length": combo.length, "height": combo.height,
            "cards": cards_to_texts(combo.cards), "phoenix": combo.phoenix_as}


def combo_from_dict(data: Any) -> Combo:
    if not isinstance(data, dict):
        raise NotationError("a combination must be a map")
    try:
        kind = Kind[str(data["kind"]).upper()]
        return Combo(kind, int(data["length"]), data["height"], cards_from_texts(data["cards"]),
                     int(data.get("phoenix", 0)))
    except (KeyError, TypeError, ValueError) as exc:
        raise NotationError(f"not a combination: {data!r} ({exc})") from None


def _marker(kind: object) -> str | None:
    """The codec marker of an ``Annotated`` field type (CARDS or GIFTS), if any."""
    if typing.get_origin(kind) is Annotated:
        metadata: tuple[object, ...] = getattr(kind, "__metadata__", ())
        return next((m for m in metadata if isinstance(m, str)), None)
    return None


def _encode(kind: object, value: Any) -> Any:
    if value is None:
        return None
    marker = _marker(kind)
    if marker == CARDS:
        return cards_to_texts(value)
    if marker == GIFTS:
        return [card_text(c) for c in value]
    if kind is Combo or isinstance(value, Combo):
        return combo_to_dict(value)
    if isinstance(value, tuple):
        return [_encode(None, v) for v in value]
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, str) and hasattr(value, "value"):
        return value.value
    return value


def _decode(name: str, kind: object, value: Any) -> Any:
    marker = _marker(kind)
    if marker == CARDS:
        return cards_from_texts(value)
    if marker == GIFTS:
        if not isinstance(value, (list, tuple)) or len(value) != 3:
            raise NotationError(f"{name!r} must list exactly three cards")
        ids = tuple(int(parse_card(v)) for v in value)
        if len(set(ids)) != 3:
            raise NotationError(f"{name!r} names the same card twice")
        return ids
    if kind is bool:
        if not isinstance(value, bool):
            raise NotationError(f"{name!r} must be true or false")
        return value
    if kind is int:
        if not isinstance(value, int) or isinstance(value, bool) or not -(2**31) <= value < 2**31:
            raise NotationError(f"{name!r} must be a whole number")
        return value
    if kind is str:
        if not isinstance(value, str):
            raise NotationError(f"{name!r} must be text")
        return value
    if kind is Combo:
        return combo_from_dict(value)
    origin = typing.get_origin(kind)
    if origin is tuple:
        if not isinstance(value, (list, tuple)):
            raise NotationError(f"{name!r} must be a list")
        (item,) = set(typing.get_args(kind)) - {Ellipsis}
        return tuple(_decode(name, item, v) for v in value)
    if origin in (typing.Union, types.UnionType):
        if value is None:
            return None
        (inner,) = [a for a in typing.get_args(kind) if a is not type(None)]
        return _decode(name, inner, value)
    raise NotationError(f"cannot read field {name!r}")


class Record:
    """Mixin for actions and events (frozen dataclasses): a ``type`` name and the dict form."""

    type: ClassVar[str]
    # What @dataclass gives every subclass; declared so that checkers know a record is one.
    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]

    def to_dict(self) -> PlainDict:
        hints = _hints(type(self))
        out: PlainDict = {"type": self.type}
        for f in dataclasses.fields(self):
            out[f.name] = _encode(hints[f.name], getattr(self, f.name))
        return out


R = TypeVar("R", bound=Record)
RecordClass = TypeVar("RecordClass", bound=type[Record])


def quick_init(cls: RecordClass) -> RecordClass:
    """Give a frozen record an ``__init__`` that fills the instance dictionary at once.

    A frozen dataclass sets each field through ``object.__setattr__``, which costs about
    twice as much; the host builds an action and its events at every move. The new
    ``__init__`` takes the same arguments, with the same names and defaults, and still runs
    the class's ``__post_init__`` (a `Deal` checks its seed there)."""
    params, lines = [], []
    defaults: dict[str, object] = {}
    for f in dataclasses.fields(cls):
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            defaults[f.name] = f.default
            params.append(f"{f.name}=_defaults[{f.name!r}]")
        lines.append(f"    fields[{f.name!r}] = {f.name}\n")
    if hasattr(cls, "__post_init__"):
        lines.append("    self.__post_init__()\n")
    source = (f"def __init__(self, {', '.join(params)}):\n    fields = self.__dict__\n"
              + "".join(lines))
    namespace: dict[str, Any] = {"_defaults": defaults}
    exec(source, namespace)                 # the source holds field names, nothing else
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init                     # type: ignore[method-assign]
    return cls


_HINTS: dict[type[Record], dict[str, object]] = {}


def _hints(cls: type[Record]) -> dict[str, object]:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls, include_extras=True)
    return hints


def record_from_dict(registry: Mapping[str, type[R]], data: object, what: str) -> R:
    """Decode a dict made by `Record.to_dict`; unknown types, missing or extra keys are errors."""
    if not isinstance(data, dict):
        raise NotationError(f"an {what} must be a map")
    cls = registry.get(str(data.get("type")))
    if cls is None:
        known = ", ".join(sorted(registry))
        raise NotationError(f"unknown {what} type {data.get('type')!r}; known: {known}")
    hints = _hints(cls)
    fields = dataclasses.fields(cls)
    names = {f.name for f in fields}
    extra = set(data) - names - {"type"}
    if extra:
        raise NotationError(f"{data['type']} does not take {', '.join(sorted(map(str, extra)))}")
    kwargs = {}
    for f in fields:
        if f.name in data:
            kwargs[f.name] = _decode(f.name, hints[f.name], data[f.name])
        elif f.default is dataclasses.MISSING:
            raise NotationError(f"{data['type']} needs {f.name!r}")
    return cls(**kwargs)


# --- refusals ---------------------------------------------------------------------

# The values a refusal may name, with their types (see `Reason`).
_REASON_VALUES: dict[str, object] = {"combo": Combo, "top": Combo, "cards": CardMask, "rank": int,
                                     "seat": int, "count": int}


def reason_to_dict(reason: Reason) -> PlainDict:
    """A refusal's code (``reason``) and the values it names, as the host sends them in an
    error's ``params``: a combination as a map, cards as a list of card texts."""
    out: PlainDict = {"reason": reason.code}
    unset = {f.name: f.default for f in dataclasses.fields(Reason)}
    for name, kind in _REASON_VALUES.items():
        value = getattr(reason, name)
        if value != unset[name]:
            out[name] = _encode(kind, value)
    return out


def reason_from_dict(data: object, message: str) -> Reason:
    """The `Reason` a dict made by `reason_to_dict` describes, with the English ``message``
    that came with it; raises NotationError if it is malformed."""
    if not isinstance(data, dict) or not isinstance(data.get("reason"), str):
        raise NotationError("a refusal must be a map with a reason")
    values = {name: _decode(name, _REASON_VALUES[name], data[name])
              for name in _REASON_VALUES if data.get(name) is not None}
    return Reason(data["reason"], message, **values)
