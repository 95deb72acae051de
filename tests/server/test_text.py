"""Text from people, over strings that Unicode makes awkward: the host normalises before it
measures, so what it relays keeps its limit; a client cuts what it cannot show, and never
hangs up over it."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.client.test_connection_states import LIMITS, Rig
from tests.support.hostile import BIDI, CONTROL, LENGTHENING, hostile_text
from tichu_lan import protocol
from tichu_lan.client import Link
from tichu_lan.host_messages import Chat
from tichu_lan.protocol import (CHAT_MAX, CLIENT_MESSAGES, HOST_MESSAGES, NAME_MAX, HostError,
                                clean_name, validate)
from tichu_lan.text_cleaning import ELLIPSIS, clean_text, cut_text

DROPPED = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
SETTINGS = settings(max_examples=300, deadline=None)


@SETTINGS
@given(hostile_text)
def test_cleaned_text_is_one_visible_line_in_nfc_and_cleaning_it_again_changes_nothing(text):
    cleaned = clean_text(text)
    assert clean_text(cleaned) == cleaned
    assert unicodedata.normalize("NFC", cleaned) == cleaned
    assert not any(unicodedata.category(ch) in DROPPED for ch in cleaned)
    assert cleaned == " ".join(cleaned.split()) and "\n" not in cleaned


def chat(text):
    return {"type": "chat", "id": 1, "text": text}


def relayed(text, name="Ann"):
    return {"type": "chat", "table": 1, "seat": 0, "name": name, "text": text}


@SETTINGS
@given(hostile_text)
def test_a_chat_the_host_takes_is_measured_after_cleaning_and_relays_within_its_limit(text):
    try:
        taken = validate(chat(text), CLIENT_MESSAGES)["text"]
    except HostError as refused:
        assert refused.code == "too_long" and not refused.closes
        assert len(clean_text(text)) > CHAT_MAX
        return
    assert taken == clean_text(text) and len(taken) <= CHAT_MAX
    assert validate(relayed(taken), HOST_MESSAGES)["text"] == taken     # no client must cut it


@SETTINGS
@given(hostile_text.map(lambda t: t[:60]))
def test_a_name_the_host_takes_is_at_most_its_limit_once_cleaned(text):
    hello = {"type": "hello", "id": 1, "protocol": 1, "program": "x", "name": text}
    try:
        name = clean_name(validate(hello, CLIENT_MESSAGES)["name"])
    except HostError as refused:
        assert refused.code in ("too_long", "bad_value")
        return
    assert 0 < len(name) <= NAME_MAX
    assert validate(relayed("hi", name=name), HOST_MESSAGES)["name"] == name


@pytest.mark.parametrize("piece", LENGTHENING)
def test_text_that_nfc_lengthens_is_refused_by_its_length_after(piece):
    raw = piece * (CHAT_MAX // 2 + 1)                       # within the limit as sent
    assert len(raw) <= CHAT_MAX < len(unicodedata.normalize("NFC", raw))
    with pytest.raises(HostError) as refused:
        validate(chat(raw), CLIENT_MESSAGES)
    assert refused.value.code == "too_long" and refused.value.params["limit"] == CHAT_MAX


def test_a_password_is_normalised_but_not_cleaned():
    composed, decomposed = "caf\u00e9 \x07", "cafe\u0301 \x07"
    message = {"type": "join", "id": 1, "table": 1, "password": decomposed}
    assert validate(message, CLIENT_MESSAGES)["password"] == composed
    long = {"type": "join", "id": 1, "table": 1, "password": "\ufb2c" * 30}
    with pytest.raises(HostError) as refused:
        validate(long, CLIENT_MESSAGES)
    assert refused.value.code == "too_long"


@pytest.mark.parametrize("text", ["\u0301\u0301", " \u20dd ", "\u200b\u0308"])
def test_marks_with_no_letter_are_not_a_visible_name(text):
    with pytest.raises(HostError) as refused:
        clean_name(text)
    assert refused.value.code == "bad_value"


@SETTINGS
@given(hostile_text, st.integers(1, 400))
def test_a_cut_keeps_a_prefix_within_the_limit_and_no_letter_without_its_marks(text, limit):
    cut = cut_text(text, limit)
    assert len(cut) <= limit
    if cut == text:
        return
    assert cut.endswith(ELLIPSIS)
    kept = cut[:-1]
    assert text.startswith(kept)
    assert unicodedata.category(text[len(kept)]) not in ("Mn", "Me") or not kept


@SETTINGS
@given(hostile_text.map(lambda t: t * 4), hostile_text)
def test_a_client_cuts_over_long_words_from_the_host_and_never_refuses_them(text, name):
    shown = validate(relayed(text, name), HOST_MESSAGES, cut=True)
    assert len(shown["text"]) <= CHAT_MAX and len(shown["name"]) <= NAME_MAX


def test_a_client_shows_another_persons_over_long_chat_cut_and_stays_connected():
    """A host that passes on a chat longer than the limit (an older host, or text it could
    not measure) costs the reader the end of the chat, not the connection."""
    rig = Rig()
    rig.client.connect()
    rig.attempt.up()
    rig.host_says(protocol.PROLOGUE)
    rig.answer_hello(type="welcome", protocol=1, program="x", host="h", limits=LIMITS)
    long_chat = relayed("\u05e9\u05bc\u05c1" * 300, name="\u05e9\u05bc\u05c1" * 24)
    rig.host_says(long_chat)
    rig.host_says(relayed(CONTROL[0] + BIDI[0] + "x" * 5000))
    assert rig.client.link is Link.READY and not rig.attempt.transport.disconnecting
    chats = [m for m in rig.heard if isinstance(m, Chat)]
    assert len(chats) == 2
    assert all(len(m.text) <= CHAT_MAX and m.text.endswith(ELLIPSIS) for m in chats)
    assert len(chats[0].name) <= NAME_MAX
