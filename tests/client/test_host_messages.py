"""The typed host messages: one codec, checked at the edge.

Any message of any type, with any values its fields may hold, comes back from its
map unchanged; every host message docs/PROTOCOL.md shows decodes (an example that
leaves out a key older hosts did not send gets its default); a map the schema lets
through but no reader could use is a bad message naming the key at fault, and ends
the client's connection with the reason logged, before any listener hears of it.
"""

from __future__ import annotations

import dataclasses
import json
import re
import types
import typing
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (CLASSIC, DUEL, Action, Deal, Event, GrandTichu, Pass, Play, RuleSet, SeatView,
                    apply, new_game, view, view_from_dict, view_to_dict)
from tests.client.test_connection_states import LIMITS, TABLE, Rig
from tichu_lan import protocol
from tichu_lan.host_messages import (MESSAGES, ConnectionNotice, RoundChecked, TableMessage,
                                     ViewMessage, decode)
from tichu_lan.table_info import TableInfo
from tichu_lan.text_cleaning import clean_text
from tichu_lan.wire_codec import Wire
from tichu_lan.protocol import HostError

PROTOCOL_MD = Path(protocol.__file__).parent.parent / "docs" / "PROTOCOL.md"


def _a_game() -> tuple[list[SeatView], list[Event]]:
    game, events = new_game(CLASSIC, 3), []
    for seat in range(4):
        game, told = apply(game, GrandTichu(seat, seat == 2))
        events += told
    return [view(game, seat) for seat in (-1, 0, 1)], events


VIEWS, EVENTS = _a_game()
CLEAN = st.text(max_size=6).map(clean_text)     # what a host's text becomes
LEAVES: dict[Any, st.SearchStrategy[Any]] = {
    int: st.integers(-(2**31), 2**62),
    float: st.floats(allow_nan=False, allow_infinity=False) | st.integers(0, 3600),
    str: CLEAN,
    bool: st.booleans(),
    dict[str, Any]: st.dictionaries(CLEAN, st.integers() | CLEAN, max_size=3),
    RuleSet: st.sampled_from([CLASSIC, DUEL, RuleSet(DUEL.variant, 333)]),
    SeatView: st.sampled_from(VIEWS),
    Event: st.sampled_from(EVENTS),
    Action: st.sampled_from([Pass(1), Play.of(0, "7j 7s"), Deal(3, "9f" * 32)]),
}


def values_of(kind: Any) -> st.SearchStrategy[Any]:
    """Any value a field of type ``kind`` may hold."""
    if kind in LEAVES:
        return LEAVES[kind]
    if isinstance(kind, type) and issubclass(kind, Wire):
        hints = typing.get_type_hints(kind)
        return st.builds(kind, **{f.name: values_of(hints[f.name])
                                  for f in dataclasses.fields(kind)})
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin is typing.Literal:
        return st.sampled_from(args)
    if origin is tuple:
        return st.lists(values_of(args[0]), max_size=3).map(tuple)
    assert origin in (typing.Union, types.UnionType), kind
    (inner,) = [a for a in args if a is not type(None)]
    return st.none() | values_of(inner)


@pytest.mark.parametrize("kind", [*MESSAGES.values(), ConnectionNotice, RoundChecked],
                         ids=lambda kind: kind.TYPE)
def test_every_message_comes_back_from_its_map(kind):
    @settings(max_examples=40, deadline=None)
    @given(values_of(kind))
    def round_trip(message):
        data = message.to_dict()
        assert data["type"] == kind.TYPE and list(data)[0] == "type"
        assert kind.from_dict(data) == message
        assert decode(data) == message if kind not in (ConnectionNotice, RoundChecked) else True
    round_trip()


def covers(longer: Any, shorter: Any) -> bool:
    """Whether ``longer`` says everything ``shorter`` does (it may add keys to maps)."""
    if isinstance(shorter, dict):
        return isinstance(longer, dict) and all(k in longer and covers(longer[k], v)
                                                for k, v in shorter.items())
    if isinstance(shorter, list):
        return isinstance(longer, list) and len(longer) == len(shorter) and all(
            covers(a, b) for a, b in zip(longer, shorter, strict=True))
    return longer == shorter and type(longer) is type(shorter)


def test_every_host_message_in_the_protocol_document_decodes():
    examples = [json.loads(block) for block in
                re.findall(r"```json\n(.*?)\n```", PROTOCOL_MD.read_text(), re.S)]
    seen = set()
    for example in examples:
        try:
            checked = protocol.validate(example, protocol.HOST_MESSAGES)
        except HostError:
            continue                                   # a request: not the client's to read
        if example["type"] == "view":     # the engine's own codec writes a view in its order
            example = {**example, "view": view_to_dict(view_from_dict(example["view"]))}
        assert covers(decode(checked).to_dict(), example), example
        seen.add(example["type"])
    assert seen == set(protocol.HOST_MESSAGES)


def test_an_older_hosts_table_takes_the_defaults():
    table = TableInfo.from_dict(TABLE)
    assert table.owner is None and table.requests == () and table.again == ()
    assert table.options.coach is True and table.options.collect == 0.0
    assert table.seed is None and table.evening is None and "seed" not in table.to_dict()


@pytest.mark.parametrize("table,where", [
    ({key: value for key, value in TABLE.items() if key != "name"}, "TableMessage.table"),
    ({**TABLE, "seats": [{"seat": 0, "kind": "bot"}]}, "TableMessage.table.seats[0]"),
    ({**TABLE, "seats": "Ann"}, "TableMessage.table.seats"),
    ({**TABLE, "open_seats": True}, "TableMessage.table.open_seats"),
    ({**TABLE, "rules": {"variant": "chess"}}, "TableMessage.table.rules"),
    ({**TABLE, "options": {**TABLE["options"], "grace": "soon"}},
     "TableMessage.table.options.grace"),
])
def test_a_map_no_reader_could_use_is_a_bad_message_naming_the_key(table, where):
    with pytest.raises(HostError) as refused:
        decode({"type": "table", "table": table})
    assert refused.value.code == "bad_message" and refused.value.params["field"] == where
    assert refused.value.closes


def test_a_view_that_is_no_view_is_a_bad_message_and_an_unknown_event_is_left_out():
    game = new_game(CLASSIC, 3)
    data = {"type": "view", "table": 1, "seq": 0, "view": {"seat": 0}, "events": []}
    with pytest.raises(HostError, match="ViewMessage.view"):
        decode(data)
    game, told = apply(game, GrandTichu(0, False))
    data = {**data, "view": view_to_dict(view(game, 0)),
            "events": [{"type": "from_a_newer_host"}, *(e.to_dict() for e in told)]}
    skipped: list[str] = []
    message = decode(data, skipped)
    assert isinstance(message, ViewMessage) and message.events == tuple(told)
    assert len(skipped) == 1 and "ViewMessage.events[0]" in skipped[0]


def test_the_client_hangs_up_on_a_map_it_cannot_read_and_tells_no_listener():
    rig = Rig()
    for step in ("connect", "tcp-up", "prologue", "welcome"):
        rig.do(step)
    heard = len(rig.heard)
    rig.host_says({"type": "table", "table": {**TABLE, "seats": [{"seat": 0}]}})
    assert rig.attempt.transport.disconnecting and len(rig.heard) == heard
    assert rig.client.table is None


def test_a_welcome_without_the_limits_this_client_reads_is_refused():
    rig = Rig()
    for step in ("connect", "tcp-up", "prologue"):
        rig.do(step)
    rig.answer_hello(type="welcome", protocol=1, program="x", host="h",
                     limits={k: v for k, v in LIMITS.items() if k != "idle"})
    assert rig.attempt.transport.disconnecting and not rig.client.connected


def test_a_table_message_decodes_to_its_table():
    message = decode({"type": "table", "table": TABLE})
    assert message == TableMessage(table=TableInfo.from_dict(TABLE))
    assert message.table.seat(0) is None and message.table.rules == CLASSIC


HOSTILE_TEXT = st.lists(st.sampled_from(
    ["a", "é", "\x1b", "\x07", "\x9b", "\r", "\n", "\u202e", "\u2066", "\u200b", "[", "]",
     "2J", "0;", "\ufeff", " "]), max_size=12).map("".join)


def texts_in(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for k, v in value.items() for t in texts_in(k) + texts_in(v)]
    if isinstance(value, (list, tuple)):
        return [t for item in value for t in texts_in(item)]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [t for f in dataclasses.fields(value) for t in texts_in(getattr(value, f.name))]
    return []


def poisoned(value: Any, draw: Any) -> Any:
    """``value`` with hostile text before every text a host writes into it: each text field of
    each message and map inside it, and each text in its params."""
    if isinstance(value, Wire):
        hints = typing.get_type_hints(type(value))
        return dataclasses.replace(value, **{
            f.name: draw(HOSTILE_TEXT) + getattr(value, f.name)
            if hints[f.name] is str else poisoned(getattr(value, f.name), draw)
            for f in dataclasses.fields(value) if f.init})
    if isinstance(value, tuple):
        return tuple(poisoned(item, draw) for item in value)
    if isinstance(value, dict):
        return {k: draw(HOSTILE_TEXT) + v if isinstance(v, str) else v for k, v in value.items()}
    return value


@pytest.mark.parametrize("kind", list(MESSAGES.values()), ids=lambda kind: kind.TYPE)
def test_no_text_a_host_sends_reaches_a_reader_raw(kind):
    """Escape sequences, bidi overrides and line breaks in anything a host sends (a name, a
    chat, a notice, an error's message and params) are gone once the message is decoded:
    whatever shows it, the terminal gets only printable text."""
    @settings(max_examples=30, deadline=None)
    @given(values_of(kind), st.data())
    def hostile(message, data):
        decoded = decode(poisoned(message, data.draw).to_dict())
        for text in texts_in(decoded):
            assert text == clean_text(text)
            assert all(ch.isprintable() or ch == " " for ch in text), repr(text)
    hostile()
