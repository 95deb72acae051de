"""The message schema, framing and text cleaning, without a network."""

import json
import re
from pathlib import Path

import msgpack
import pytest

from engine import action_from_dict, view_from_dict
from tichu_lan import protocol
from tichu_lan.protocol import (CLIENT_MESSAGES, ERROR_CODES, HOST_MESSAGES, PROLOGUE, HostError,
                                clean_name, decode_frame, encode, validate)
from tichu_lan.prologue import read_prologue
from tichu_lan.text_cleaning import clean_text


def test_prologue_is_read_when_complete():
    assert read_prologue(PROLOGUE[:5]) is None
    assert read_prologue(PROLOGUE + b"rest") == (protocol.PROTOCOL_VERSION, b"rest")
    assert read_prologue(b"TICHU-LAN 7\n") == (7, b"")


@pytest.mark.parametrize("data", [b"GET / HTTP/1.1\r\n", b"\x00\x00\x00\x05", b"TICHU-LAN x\n",
                                  b"TICHU-LAN " + b"1" * 30])
def test_a_wrong_prologue_is_refused_and_closes(data):
    with pytest.raises(HostError) as caught:
        read_prologue(data)
    assert caught.value.code == "bad_prologue" and caught.value.closes


def test_frames_round_trip_and_reject_anything_but_one_value():
    frame = encode({"type": "ping", "id": 3})
    assert protocol.HEADER.unpack(frame[:4])[0] == len(frame) - 4
    assert decode_frame(frame[4:]) == {"type": "ping", "id": 3}
    for body in (b"\xc1", b"\x81\xa1a", msgpack.packb(1) + msgpack.packb(2),
                 msgpack.packb({1: 2}), b"\xa2\xff\xfe", msgpack.packb(msgpack.ExtType(5, b"x"))):
        with pytest.raises(HostError) as caught:
            decode_frame(body)
        assert caught.value.code == "bad_frame"


def hello(**changes):
    message = {"type": "hello", "id": 1, "protocol": 1, "program": "t", "name": "Ann"}
    message.update(changes)
    return {k: v for k, v in message.items() if v is not ...}


@pytest.mark.parametrize("message,why", [
    ([1, 2], "must be a map"),
    ({"id": 1}, "unknown message type"),
    ({"type": "dance", "id": 1}, "unknown message type"),
    (hello(id="1"), "'id' must be a whole number"),
    (hello(id=True), "'id' must be a whole number"),
    (hello(name=b"Ann"), "'name' must be text"),
    (hello(name=...), "needs 'name'"),
    (hello(extra=1), "does not take 'extra'"),
    ({"type": "action", "id": 1, "action": [1]}, "'action' must be a map"),
    ({"type": "list_tables", "id": 1, "watch": 1}, "true or false"),
])
def test_malformed_messages_are_violations(message, why):
    with pytest.raises(HostError) as caught:
        validate(message, CLIENT_MESSAGES)
    assert caught.value.code == "bad_message" and caught.value.closes
    assert why in caught.value.message


@pytest.mark.parametrize("message,code", [
    (hello(name="x" * 25), "too_long"),
    (hello(id=-1), "bad_value"),
    ({"type": "create_table", "id": 1, "name": "t", "variant": "poker", "target": 1000},
     "bad_value"),
    ({"type": "create_table", "id": 1, "name": "t", "variant": "duel", "target": 10}, "bad_value"),
    ({"type": "join", "id": 1, "table": 1, "seat": 4}, "bad_value"),
    ({"type": "chat", "id": 1, "text": "x" * 301}, "too_long"),
])
def test_values_out_of_bounds_are_errors_that_keep_the_connection(message, code):
    with pytest.raises(HostError) as caught:
        validate(message, CLIENT_MESSAGES)
    assert caught.value.code == code and not caught.value.closes


def test_optional_keys_may_be_missing_or_nil():
    assert validate(hello(token=None), CLIENT_MESSAGES)["token"] is None
    validate({"type": "join", "id": 1, "table": 2}, CLIENT_MESSAGES)


PROTOCOL_MD = Path(protocol.__file__).parent.parent / "docs" / "PROTOCOL.md"


def test_every_message_and_error_code_is_documented_with_its_reaction():
    text = PROTOCOL_MD.read_text()
    for code, closes in ERROR_CODES.items():
        (row,) = [line for line in text.splitlines() if line.startswith(f"| `{code}` |")]
        assert ("| closes |" in row) == closes, row
    for kind in [*CLIENT_MESSAGES, *HOST_MESSAGES]:
        assert f"`{kind}`" in text, f"docs/PROTOCOL.md does not describe message {kind}"


def test_every_example_in_the_protocol_document_is_a_valid_message():
    examples = [json.loads(block) for block in
                re.findall(r"```json\n(.*?)\n```", PROTOCOL_MD.read_text(), re.S)]
    assert len(examples) > 25
    seen = set()
    for example in examples:
        try:
            validate(example, CLIENT_MESSAGES)
        except HostError:
            validate(example, HOST_MESSAGES)
        if example["type"] == "view":
            view_from_dict(example["view"])
        if example["type"] == "action":
            action_from_dict({**example["action"], "seat": 0})
        seen.add(example["type"])
    assert seen == set(CLIENT_MESSAGES) | set(HOST_MESSAGES)


@pytest.mark.parametrize("raw,clean", [
    ("Ann", "Ann"),
    ("  Ann \t Lee\n", "Ann Lee"),
    ("\x1b[31mRed\x1b[0m", "[31mRed[0m"),
    ("evil\u202egnp.exe", "evilgnp.exe"),
    ("Zoë", "Zoë"),
    ("a\u2028b", "a b"),
])
def test_text_from_people_loses_control_characters(raw, clean):
    assert clean_text(raw) == clean


def test_a_name_needs_a_visible_character():
    with pytest.raises(HostError) as caught:
        clean_name(" \x07\u200b ")
    assert caught.value.code == "bad_value"
