"""The TXT record: what a host announces, and reading whatever the network sends."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tichu_lan import __version__
from tichu_lan.discovery.announcer import free_label, instance_label
from tichu_lan.discovery.txt import (PROTOCOL_VERSION, HostSummary, SummaryError, decode, encode,
                                     printable)


def wire(properties: dict[str, str]) -> dict[bytes, bytes | None]:
    """What a browser gets for these properties."""
    return {key.encode(): value.encode() for key, value in properties.items()}


def test_summary_round_trips_through_the_txt_record():
    summary = HostSummary(tables=3, open_seats=5, rule_sets=("classic", "duel"))
    advert = decode(wire(encode("Alice's table", summary)))
    assert advert.problem is None
    assert advert.summary == summary
    assert (advert.protocol, advert.version, advert.host_name) == (
        PROTOCOL_VERSION, __version__, "Alice's table")


def test_every_property_fits_one_txt_string_even_at_the_limits():
    summary = HostSummary(9999, 9999, tuple(f"rules-number-{i:02d}-xxxxxx"[:24] for i in range(8)))
    properties = encode("É" * 200, summary)
    for key, value in properties.items():
        assert len(f"{key}={value}".encode()) <= 255
    assert len(properties["host"].encode()) <= 63
    assert decode(wire(properties)).summary == summary


@pytest.mark.parametrize("fields, message", [
    ({"tables": -1}, "tables must be a whole number"),
    ({"open_seats": 10_000}, "open_seats must be a whole number"),
    ({"tables": 1.5}, "tables must be a whole number"),
    ({"tables": True}, "tables must be a whole number"),
    ({"rule_sets": ("Classic",)}, "rule set label 'Classic'"),
    ({"rule_sets": ("a,b",)}, "rule set label 'a,b'"),
    ({"rule_sets": ("x" * 25,)}, "rule set label"),
    ({"rule_sets": tuple("abcdefghi")}, "at most 8 rule sets"),
])
def test_a_summary_that_cannot_be_announced_is_refused_with_the_field(fields, message):
    with pytest.raises(SummaryError, match=message):
        HostSummary(**fields)


def test_another_protocol_version_is_marked_with_both_versions():
    properties = encode("Bob", HostSummary(1, 2, ("classic",)))
    properties.update(proto=str(PROTOCOL_VERSION + 1), version="9.0")
    advert = decode(wire(properties))
    assert advert.protocol == PROTOCOL_VERSION + 1
    assert advert.summary is None
    assert f"protocol {PROTOCOL_VERSION + 1} (tichu-lan 9.0)" in advert.problem
    assert f"speaks protocol {PROTOCOL_VERSION}" in advert.problem
    assert advert.host_name == "Bob"


@pytest.mark.parametrize("change, problem", [
    ({"proto": None}, "does not say which protocol"),
    ({"proto": "one"}, "'one' is not a version number"),
    ({"proto": "99999999999"}, "is not a version number"),
    ({"tables": None}, "tables= is missing"),
    ({"tables": "-3"}, "tables='-3' is not a count"),
    ({"open": "1e9"}, "open='1e9' is not a count"),
    ({"open": "123456"}, "is not a count from 0 to 9999"),
    ({"rules": "Classic,,duel"}, "bad rules="),
])
def test_malformed_fields_become_a_problem_not_an_exception(change, problem):
    properties = wire(encode("Carol", HostSummary(1, 1, ("duel",))))
    for key, value in change.items():
        properties.pop(key.encode())
        if value is not None:
            properties[key.encode()] = value.encode()
    advert = decode(properties)
    assert advert.summary is None
    assert problem in advert.problem


def test_text_that_is_not_utf8_is_a_problem():
    properties = wire(encode("Dan", HostSummary()))
    properties[b"host"] = b"\xff\xfe"
    assert "host= is not UTF-8" in decode(properties).problem


def test_a_key_without_value_counts_as_missing():
    properties = wire(encode("Dan", HostSummary()))
    properties[b"proto"] = None
    assert "no proto=" in decode(properties).problem


def test_terminal_escapes_and_bidi_overrides_in_names_are_neutralised():
    properties = wire(encode("x", HostSummary()))
    properties[b"host"] = "\x1b[2J\x1b]0;pwned\x07Eve\u202e".encode()
    advert = decode(properties)
    assert advert.problem is None
    assert advert.host_name == "[2J]0;pwnedEve"
    assert printable("a\nb\tc") == "a b c"


@given(st.dictionaries(st.binary(max_size=20), st.none() | st.binary(max_size=300), max_size=12))
def test_decode_never_raises_on_any_properties(properties):
    advert = decode(properties)
    assert (advert.problem is None) == (advert.summary is not None)
    assert advert.host_name.isprintable() and advert.version.isprintable()


def test_instance_names_are_one_printable_label_with_room_for_a_number():
    assert instance_label("Alice") == "Alice"
    assert instance_label("  Dr. W\x1bho\n") == "Dr\u00b7 Who"
    assert instance_label("") == "tichu"
    long = instance_label("ü" * 100)
    assert len((long + " (99)").encode()) <= 63


def test_a_taken_name_gets_the_next_free_number():
    assert free_label("Alice", set()) == "Alice"
    assert free_label("Alice", {"alice"}) == "Alice (2)"
    assert free_label("Alice", {"alice", "alice (2)", "alice (3)"}) == "Alice (4)"
