"""The wire protocol between a host and its clients (described for people in docs/PROTOCOL.md).

A connection opens with each side sending `PROLOGUE`, one short line naming the
protocol and its major version, so that anything else talking to our port is
turned away before a byte of it is decoded. After it come frames: a 4-byte
big-endian length, then one msgpack map with a ``type``. Every message type has
a schema here, checked on arrival; the engine's own action dicts travel inside
``action`` messages and are decoded by the engine.

Two kinds of refusal (docs/PROTOCOL.md, "Errors"): a message that breaks the protocol
closes the connection; a request the host cannot grant is answered and the connection stays.
"""

from __future__ import annotations

import struct
import unicodedata
from dataclasses import dataclass
from typing import Any

import msgpack

from . import __version__
from .text_cleaning import MARKS, TEXT_FORMS, clean_text, cut_text

PROTOCOL_VERSION = 1
PROLOGUE = b"TICHU-LAN %d\n" % PROTOCOL_VERSION
PROLOGUE_PREFIX = b"TICHU-LAN "
PROLOGUE_MAX = 24                   # a longer first line is not our prologue
DEFAULT_PORT = 47474
PROGRAM = f"tichu-lan {__version__}"

MAX_CLIENT_FRAME = 16 * 1024        # host's limit on one frame from a client
MAX_HOST_FRAME = 1024 * 1024        # client's limit on one frame from the host
NAME_MAX = 24
TABLE_NAME_MAX = 32
CHAT_MAX = 300
PASSWORD_MAX = 64
TOKEN_MAX = 64
LEVEL_MAX = 24
ID_MAX = 2**31 - 1
COLLECT_MAX = 30                    # seconds a table may hold a won trick for bombs
LOG_MAX = 3000                      # public events a view's log of the game holds at most
NOTICE_TEXT = 1000                  # characters of a notice's English
SHUFFLE_VERSION = 1                 # the shared shuffle's scheme (engine.shared_deal)
DIGEST_TEXT = 128                   # a commitment's or value's text as the schema takes it:
                                    # the host refuses any but 64 hex digits with bad_size
PROOF_MOVES = 2000                  # moves a round's proof lists at most
HEADER = struct.Struct("!I")

Message = dict[str, Any]            # one decoded message: a map with a "type"


class HostError(Exception):
    """An error as the host states it: a stable ``code``, the values it names (``params``,
    plain msgpack values) and the English ``message``.

    The host raises it to refuse a request; the client library fails the
    request's Deferred with it. ``closes`` says the connection ends after it. A client
    words the code and params in its player's language (`tichu_lan.words.refusals`);
    the message is for clients that do not know the code.
    """

    def __init__(self, code: str, message: str, *, params: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params: dict[str, Any] = params or {}
        self.closes = ERROR_CODES.get(code, False)

    def __repr__(self) -> str:
        params = f", params={self.params!r}" if self.params else ""
        return f"HostError({self.code!r}, {self.message!r}{params})"


# Every error code the host sends, and whether the connection closes after it.
ERROR_CODES: dict[str, bool] = {
    "bad_prologue": True, "version_mismatch": True, "frame_too_large": True, "bad_frame": True,
    "bad_message": True, "handshake_timeout": True, "idle_timeout": True,
    "too_many_connections": True, "flood": True, "evicted": True,
    "not_welcomed": False, "already_welcomed": False, "bad_token": False, "bad_value": False,
    "too_long": False, "rate_limited": False, "too_many_tables": False, "no_such_table": False,
    "wrong_password": False, "no_such_seat": False, "seat_taken": False, "table_full": False,
    "already_at_table": False, "not_at_table": False, "not_seated": False, "not_a_bot": False,
    "unknown_bot_level": False, "seats_empty": False, "not_started": False,
    "already_started": False, "wrong_seat": False, "bad_action": False, "not_your_turn": False,
    "wrong_phase": False, "illegal_play": False, "illegal_action": False, "game_over": False,
    "journal_failed": False, "internal": False, "too_many_guesses": False,
    "not_owner": False, "seat_requested": False, "no_request": False, "withdrawn": False,
    "too_many_requests": False, "room_full": False,
    "not_over": False, "already_waiting": False, "not_waiting": False,
    "host_collects": False, "host_deals": False,
    "not_taking_part": False, "no_shuffle": False, "reveal_too_early": False,
    "already_given": False, "bad_size": False, "commitment_mismatch": False,
    "value_replayed": False,
}


# --- frames ------------------------------------------------------------------------

def encode(value: object) -> bytes:
    """One frame: the length prefix and the msgpack body (a message here; the host's bot
    workers frame lists the same way)."""
    body: bytes = msgpack.packb(value, use_bin_type=True)
    return HEADER.pack(len(body)) + body


def _no_extensions(code: int, data: bytes) -> Any:
    raise ValueError(f"msgpack extension type {code} is not used by this protocol")


def _no_timestamp(value: object) -> None:
    # msgpack decodes its timestamp extension (type -1) itself, without asking ext_hook
    if type(value) is msgpack.Timestamp:
        raise ValueError("msgpack extension type -1 (a timestamp) is not used by this protocol")


def _one_map(pairs: list[tuple[Any, Any]]) -> dict[Any, Any]:
    """A map whose keys each appear once: with a key twice, which value counts would be up
    to the decoder, and two readers of one frame could disagree."""
    out = dict(pairs)
    if len(out) != len(pairs):
        raise ValueError("a key appears twice in one map")
    for _, value in pairs:
        _no_timestamp(value)
    return out


def _one_list(items: list[Any]) -> list[Any]:
    for item in items:
        _no_timestamp(item)
    return items


def decode_frame(frame: bytes) -> Any:
    """The msgpack value of one frame body; a bad_frame `HostError` if it is not exactly one
    value, or uses an extension type (the timestamp included), or repeats a key in a map."""
    try:
        value = msgpack.unpackb(frame, raw=False, strict_map_key=True, use_list=True,
                                ext_hook=_no_extensions, timestamp=0,
                                object_pairs_hook=_one_map, list_hook=_one_list)
        _no_timestamp(value)
        return value
    except Exception as exc:    # msgpack raises several unrelated types for bad input
        raise HostError("bad_frame", f"the frame is not one msgpack value: {exc}") from None


# --- schemas -----------------------------------------------------------------------

@dataclass(frozen=True)
class Number:
    lo: float
    hi: float
    whole: bool = True
    named: bool = False     # a value of the wrong type is refused by the range, not the shape


def Int(lo: int, hi: int) -> Number:
    return Number(lo, hi, True)


def Num(lo: float, hi: float) -> Number:
    return Number(lo, hi, False)


@dataclass(frozen=True)
class Text:
    """Text of at most ``max_len`` characters, counted once it is in its ``form``: "plain" as
    sent, "line" cleaned as a person's words (`clean_text`), "secret" normalised (NFC) only.
    A text that normalising lengthens is measured after, so what is passed on keeps the limit."""

    max_len: int
    form: str = "plain"


@dataclass(frozen=True)
class Choice:
    values: tuple[str, ...]


@dataclass(frozen=True)
class Bool:
    pass


@dataclass(frozen=True)
class Map:
    """A map whose content another layer checks (an engine action, a view)."""


@dataclass(frozen=True)
class List:
    item: Any
    max_items: int


@dataclass(frozen=True)
class Opt:
    """An optional key: it may be missing or nil."""
    spec: Any


def _check(spec: Any, name: str, value: Any, cut: bool = False) -> Any:
    """``value`` (a text in its form) if it fits ``spec``; a violation for a wrong type, an error
    for a bad value. With ``cut``, a text over its limit is cut to it instead."""
    kind = type(spec)
    if kind is Number:
        if not isinstance(value, int if spec.whole else (int, float)) or isinstance(value, bool):
            if spec.named:
                raise HostError("bad_value", f"{name!r} must be from {spec.lo} to {spec.hi}",
                                params={"field": name, "low": spec.lo, "high": spec.hi})
            raise HostError("bad_message", f"{name!r} must be a {'whole ' * spec.whole}number",
                            params={"field": name})
        if not spec.lo <= value <= spec.hi:       # NaN fails this too
            raise HostError("bad_value",
                            f"{name!r} must be from {spec.lo} to {spec.hi}, not {value}",
                            params={"field": name, "low": spec.lo, "high": spec.hi})
    elif kind is Text or kind is Choice:
        if not isinstance(value, str):
            raise HostError("bad_message", f"{name!r} must be text", params={"field": name})
        if kind is Text:
            value = TEXT_FORMS[spec.form](value)
            if len(value) > spec.max_len:
                if cut:
                    return cut_text(value, spec.max_len)
                raise HostError("too_long",
                                f"{name!r} may be at most {spec.max_len} characters long",
                                params={"field": name, "limit": spec.max_len})
        if kind is Choice and value not in spec.values:
            raise HostError("bad_value", f"{name!r} must be one of {', '.join(spec.values)}",
                            params={"field": name, "choices": list(spec.values)})
    elif kind is Bool:
        if not isinstance(value, bool):
            raise HostError("bad_message", f"{name!r} must be true or false",
                            params={"field": name})
    elif kind is Map:
        if not isinstance(value, dict):
            raise HostError("bad_message", f"{name!r} must be a map", params={"field": name})
    elif kind is List:
        if not isinstance(value, list):
            raise HostError("bad_message", f"{name!r} must be a list", params={"field": name})
        if len(value) > spec.max_items:
            raise HostError("too_long", f"{name!r} may hold at most {spec.max_items} items",
                            params={"field": name, "items": spec.max_items})
        for i, item in enumerate(value):
            value[i] = _check(spec.item, f"{name}[{i}]", item, cut)
    else:
        raise TypeError(f"not a schema: {spec!r}")
    return value


ID = Int(0, ID_MAX)
TABLE = Int(0, ID_MAX)
SEAT = Int(0, 3)
VARIANTS = Choice(("classic", "duel"))
TIMER, ROUNDS = Number(15, 120, named=True), Number(1, 50, named=True)   # seconds; rounds

CLIENT_MESSAGES: dict[str, dict[str, Any]] = {
    "hello": {"id": ID, "protocol": Int(0, 65535), "program": Text(40, "line"),
              "name": Text(NAME_MAX, "line"), "token": Opt(Text(TOKEN_MAX))},
    "list_tables": {"id": ID, "watch": Opt(Bool())},
    "create_table": {"id": ID, "name": Opt(Text(TABLE_NAME_MAX, "line")), "variant": VARIANTS,
                     "target": Int(50, 100_000), "password": Opt(Text(PASSWORD_MAX, "secret")),
                     "takeover": Opt(Bool()), "grace": Opt(Num(0, 3600)),
                     "bot_level": Opt(Text(LEVEL_MAX)), "seat": Opt(SEAT),
                     "collect": Opt(Num(0, COLLECT_MAX)), "rounds": Opt(ROUNDS),
                     "grand": Opt(Bool()), "timer": Opt(TIMER)},
    "join": {"id": ID, "table": TABLE, "seat": Opt(SEAT),
             "password": Opt(Text(PASSWORD_MAX, "secret"))},
    "spectate": {"id": ID, "table": TABLE, "password": Opt(Text(PASSWORD_MAX, "secret"))},
    "add_bot": {"id": ID, "seat": SEAT, "level": Opt(Text(LEVEL_MAX))},
    "remove_bot": {"id": ID, "seat": SEAT},
    "start": {"id": ID}, "action": {"id": ID, "action": Map()},
    "chat": {"id": ID, "text": Text(CHAT_MAX, "line")},
    "leave": {"id": ID}, "ping": {"id": ID}, "list_standings": {"id": ID},
    "stop_waiting": {"id": ID}, "watch_room": {"id": ID, "on": Opt(Bool())},
    "set_options": {"id": ID, "takeover": Opt(Bool()), "grace": Opt(Num(0, 3600)),
                    "bot_level": Opt(Text(LEVEL_MAX)), "coach": Opt(Bool()), "timer": Opt(TIMER)},
    "grant_seat": {"id": ID, "seat": SEAT, "now": Bool()},
    "play_again": {"id": ID, "agree": Opt(Bool())}, "sit_out": {"id": ID, "out": Opt(Bool())},
    "wait": {"id": ID, "table": TABLE, "password": Opt(Text(PASSWORD_MAX, "secret"))},
    "take_part": {"id": ID, "shuffle": Int(1, 65535)},
    "commit": {"id": ID, "round": Int(1, ID_MAX), "commitment": Text(DIGEST_TEXT)},
    "reveal": {"id": ID, "round": Int(1, ID_MAX), "value": Text(DIGEST_TEXT)},
    "checked": {"id": ID, "round": Int(1, ID_MAX), "ok": Bool(), "finding": Opt(Map())},
    "start_evening": {"id": ID, "people": List(Text(NAME_MAX, "line"), 30), "variant": VARIANTS,
                      "target": Int(50, 100_000), "duplicate": Bool(), "games": Opt(Int(0, 30))},
}

HOST_MESSAGES: dict[str, dict[str, Any]] = {
    "welcome": {"id": ID, "protocol": Int(0, 65535), "program": Text(40), "host": Text(64),
                "name": Opt(Text(NAME_MAX)), "limits": Map(), "seat": Opt(Map())},
    "error": {"id": Opt(ID), "code": Text(40), "message": Text(1000), "params": Opt(Map())},
    "lobby": {"id": Opt(ID), "tables": List(Map(), 10_000)},
    "standings": {"id": ID, "evening": Text(64), "games": ID, "people": List(Map(), 1000)},
    "seated": {"id": Opt(ID), "table": TABLE, "seat": SEAT, "token": Text(TOKEN_MAX)},
    "spectating": {"id": ID, "table": TABLE}, "ok": {"id": ID, "seq": Opt(Int(0, 2**62))},
    "table": {"table": Map()},
    "view": {"table": TABLE, "seq": Int(0, 2**62), "view": Map(), "events": List(Map(), 1000),
             "log": Opt(List(Map(), LOG_MAX))},
    "chat": {"table": TABLE, "seat": Int(-1, 3), "name": Text(NAME_MAX), "text": Text(CHAT_MAX)},
    "pong": {"id": ID}, "sat_out": {"table": TABLE, "seat": SEAT},
    "room": {"tables": List(Map(), 10_000)},
    "pending": {"table": TABLE, "seat": SEAT, "owner": Text(NAME_MAX)},
    "notice": {"table": TABLE, "code": Text(40), "message": Text(NOTICE_TEXT),
               "params": Opt(Map())},
    "shuffle": {"table": TABLE, "round": Int(1, ID_MAX), "step": Choice(("commit", "reveal")),
                "host": Text(64), "seats": List(SEAT, 4), "commitments": Opt(List(Text(64), 4))},
    "proof": {"table": TABLE, "round": Int(1, ID_MAX), "deal": Int(0, 2**62),
              "deck": List(Text(2), 56), "moves": List(Map(), PROOF_MOVES),
              "shuffle": Opt(Map()), "cut": Opt(Bool())},
    "evening": {"evening": Map()},
}


def validate(message: Any, schemas: dict[str, dict[str, Any]], *,
             cut: bool = False) -> dict[str, Any]:
    """``message``, its texts in their forms, if it is a known message of the right shape;
    else a `HostError`.

    A wrong shape is a violation (the connection closes); a value out of range or
    too long is a plain error, reported only once the whole message has the right
    shape (a missing key closes the connection even when the id is out of range).
    With ``cut`` (a client reading its host) a text over its limit is cut to it: it is
    somebody's words to show, and showing less of them is no reason to hang up."""
    if not isinstance(message, dict):
        raise HostError("bad_message", "a message must be a map")
    kind = message.get("type")
    schema = schemas.get(kind) if isinstance(kind, str) else None
    if schema is None:
        raise HostError("bad_message",
                        f"unknown message type {shorten(kind)}; known: {', '.join(schemas)}")
    extra = [k for k in message if k != "type" and k not in schema]
    if extra:
        raise HostError("bad_message", f"{kind} does not take {', '.join(map(shorten, extra))}")
    out_of_range: HostError | None = None     # reported only if the shape is right throughout
    for name in sorted(schema, key=lambda n: n != "id"):
        spec = schema[name]
        value = message.get(name)
        if not isinstance(spec, Opt) and name not in message:
            raise HostError("bad_message", f"{kind} needs {name!r}", params={"field": name})
        if value is None and isinstance(spec, Opt):
            continue
        try:
            message[name] = _check(spec.spec if isinstance(spec, Opt) else spec, name, value,
                                   cut)
        except HostError as exc:
            if exc.closes:
                raise
            out_of_range = out_of_range or exc
    if out_of_range is not None:
        raise out_of_range
    return message


def shorten(value: Any) -> str:
    """A hostile value, shown short."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def request_id(message: Any) -> int | None:
    """The id of a request, if it has a usable one (for answering even a bad request)."""
    if isinstance(message, dict):
        rid = message.get("id")
        if isinstance(rid, int) and not isinstance(rid, bool) and 0 <= rid <= ID_MAX:
            return rid
    return None


def error_message(error: HostError, rid: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "error", "code": error.code, "message": error.message}
    if error.params:
        out["params"] = error.params
    if rid is not None:
        out["id"] = rid
    return out


HOST_STOPPED = "host_stopped"       # the notice a host that stops on purpose ends with


def request(**fields: object) -> Message:
    """A client's request with the keys whose values were given (an option left None is
    left out: the host takes its default)."""
    return {key: value for key, value in fields.items() if value is not None}


def notice_message(table: int, code: str, message: str, params: dict[str, Any]) -> dict[str, Any]:
    """What the host tells everyone at a table unasked: the code and params the client words,
    the English for the host's log and for clients that word nothing themselves."""
    return {"type": "notice", "table": table, "code": code, "message": message[:NOTICE_TEXT],
            "params": params}


# --- text from people --------------------------------------------------------------

def clean_name(text: str, what: str = "name") -> str:
    """A cleaned name; a bad_value error if nothing visible is left (accents with no letter
    to sit on are not visible)."""
    cleaned = clean_text(text)
    if not any(unicodedata.category(ch) not in MARKS for ch in cleaned if ch != " "):
        raise HostError("bad_value", f"the {what} needs at least one visible character",
                        params={"field": what})
    return cleaned

