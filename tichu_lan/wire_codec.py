"""One codec for the typed host messages (`tichu_lan.host_messages`), driven by each
class's fields, as `engine.view_from_dict` reads a view.

`Wire.from_dict` checks each field's type and fails with a `HostError` (bad_message)
naming the key at fault, so that a map no reader could use ends the connection at the
edge, not in the middle of drawing a screen. `Wire.to_dict` gives back the very map the
host sends, key for key and in its order. Every text is cleaned as it is read
(`text_cleaning.clean_text`): a host is somebody's machine, and what it says reaches terminals.
The leniencies are the protocol's own: a key older hosts of this version did not send yet
takes its default, an event this client does not know (a newer host's) is left out and
noted, and keys inside a map that no field names are passed over.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self, cast

from engine import (Action, Event, NotationError, RuleSet, SeatView, action_from_dict,
                    action_to_dict, event_from_dict, view_from_dict, view_to_dict)

from .protocol import HostError, Message
from .text_cleaning import clean_text

Notes = list[str]                                  # what a decode passed over, and why
Read = Callable[[object, str, Notes], Any]         # (a value, where it is, notes) -> typed
Write = Callable[[Any], object]                    # typed -> the value on the wire
_OMIT = "omit"                                     # field metadata: no key when None
_LEFT_OUT = object()                               # an item a reader passed over


def absent() -> Any:
    """A field whose key the host sends only sometimes: None when the key is missing, and
    no key when None."""
    return field(default=None, metadata={_OMIT: True})


def _bad(where: str, wanted: str) -> HostError:
    return HostError("bad_message", f"the host's {where} must be {wanted}",
                     params={"field": where})


# --- reading and writing one value, by its type --------------------------------------

def _plain(kind: type | tuple[type, ...], wanted: str) -> Read:
    def read(value: object, where: str, notes: Notes) -> Any:
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            raise _bad(where, wanted)
        return value
    return read


def _guarded(decode: Callable[[Any], Any], wanted: str) -> Read:
    """A reader from a decoder of the engine's, whose errors become the host's bad message."""
    def read(value: object, where: str, notes: Notes) -> Any:
        try:
            return decode(value)
        except (NotationError, ValueError) as exc:
            raise _bad(where, f"{wanted} ({exc})") from None
    return read


def _event(value: object, where: str, notes: Notes) -> Any:
    """An event, or none: one this client cannot read (a newer host's) costs only itself."""
    try:
        return event_from_dict(value)
    except (NotationError, KeyError, TypeError, ValueError) as exc:
        notes.append(f"{where}: {exc}")
        return _LEFT_OUT


def _same(value: Any) -> object:
    return value


def _text(value: object, where: str, notes: Notes) -> str:
    """Text the host sends, as it may reach a terminal: `text_cleaning.clean_text` (no escape
    sequence, no bidi override, one line). A host is somebody's machine: whatever it says
    is shown only once cleaned, here at the edge, whichever screen or message shows it."""
    if not isinstance(value, str):
        raise _bad(where, "text")
    return clean_text(value)


def _cleaned(value: Any, depth: int = 0) -> Any:
    """A map's texts cleaned, keys and values, as deep as a message's params go."""
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, dict) and depth < 4:
        return {_cleaned(k, depth + 1): _cleaned(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list) and depth < 4:
        return [_cleaned(item, depth + 1) for item in value]
    return value if not isinstance(value, (dict, list)) else type(value)()


def _params(value: object, where: str, notes: Notes) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _bad(where, "a map")
    return cast(dict[str, Any], _cleaned(value))


LEAVES: dict[object, tuple[Read, Write]] = {
    int: (_plain(int, "a whole number"), _same),
    float: (_plain((int, float), "a number"), _same),
    str: (_text, _same),
    bool: (_plain(bool, "true or false"), _same),
    dict[str, Any]: (_params, _same),
    RuleSet: (_guarded(RuleSet.from_dict, "a rule set"), lambda rules: rules.to_dict()),
    SeatView: (_guarded(view_from_dict, "a view"), view_to_dict),
    Event: (_event, lambda event: event.to_dict()),
    Action: (_guarded(action_from_dict, "a move"), action_to_dict),
}


def _codec(kind: Any) -> tuple[Read, Write]:
    """How a field of type ``kind`` is read and written."""
    if kind in LEAVES:
        return LEAVES[kind]
    if isinstance(kind, type) and issubclass(kind, Wire):
        return kind.read, lambda value: value.to_dict()
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin is tuple:
        return _items(*_codec(args[0]))
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        (inner,) = [a for a in args if a is not type(None)]
        return _or_none(*_codec(inner))
    raise TypeError(f"no codec for {kind!r}")


def _items(read_one: Read, write_one: Write) -> tuple[Read, Write]:
    def read(value: object, where: str, notes: Notes) -> Any:
        if not isinstance(value, list):
            raise _bad(where, "a list")
        items = (read_one(item, f"{where}[{i}]", notes) for i, item in enumerate(value))
        return tuple(item for item in items if item is not _LEFT_OUT)

    def write(value: Any) -> object:
        return [write_one(item) for item in value]
    return read, write


def _or_none(read_one: Read, write_one: Write) -> tuple[Read, Write]:
    def read(value: object, where: str, notes: Notes) -> Any:
        return None if value is None else read_one(value, where, notes)

    def write(value: Any) -> object:
        return None if value is None else write_one(value)
    return read, write


# --- the codec of a class, from its fields -------------------------------------------

@dataclass(frozen=True)
class _Field:
    name: str
    read: Read
    write: Write
    default: Any          # dataclasses.MISSING: the key must be there
    omit: bool            # no key when the value is None


class Wire:
    """A map the host sends, typed: ``from_dict`` reads one, ``to_dict`` writes it back."""

    # Each subclass's fields with their codecs, made from its annotations (`compile_codecs`).
    codec: ClassVar[tuple[_Field, ...]] = ()

    @classmethod
    def from_dict(cls, data: object, notes: Notes | None = None) -> Self:
        """The value ``data`` describes; a `HostError` (bad_message) if it cannot be read."""
        return cls.read(data, cls.__name__, [] if notes is None else notes)

    @classmethod
    def read(cls, data: object, where: str, notes: Notes) -> Self:
        if not isinstance(data, dict):
            raise _bad(where, "a map")
        values: dict[str, Any] = {}
        for f in cls.codec:
            if f.name in data:
                values[f.name] = f.read(data[f.name], f"{where}.{f.name}", notes)
            elif f.default is dataclasses.MISSING:
                raise _bad(where, f"a map with {f.name!r}")
        return cls(**values)

    def to_dict(self) -> Message:
        out: Message = {}
        for f in self.codec:
            value = getattr(self, f.name)
            if value is not None or not f.omit:
                out[f.name] = f.write(value)
        return out


class WireMessage(Wire):
    """A whole message: its map starts with its ``type``."""

    TYPE: ClassVar[str]

    def to_dict(self) -> Message:
        return {"type": self.TYPE, **super().to_dict()}


def compile_codecs(*classes: type[Wire]) -> None:
    """Give each class its codec (once every class the fields name is defined)."""
    for cls in classes:
        hints = typing.get_type_hints(cls)
        codec = []
        for f in dataclasses.fields(cast(Any, cls)):
            read, write = _codec(hints[f.name])
            codec.append(_Field(f.name, read, write, f.default, bool(f.metadata.get(_OMIT))))
        cls.codec = tuple(codec)
