"""Hostile input for a live host: frames, messages and what docs/PROTOCOL.md says must answer them.

Blocking sockets, no reactor: a `Wire` is one connection to a host; `expectation`
reads a frame the way the protocol document describes (independently of the host's
own checks) and `check_answer` judges what came back: exactly one answer, naming the
request's id when it had a usable one, with a documented error code, closing the
connection exactly when the document says so, or the reply the request type gets.

Generators: `mutants` flips, inserts, cuts and splices bytes of well-formed frames
(`corpus`); `hypothesis_values` (for scripts/fuzz_protocol) draws any msgpack value or
schema-shaped message with hostile fields; `junk_session` is one hostile guest for the
LAN party.
"""

from __future__ import annotations

import contextlib
import random
import select
import socket
import time
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from collections.abc import Iterator

import msgpack

from tichu_lan import protocol
from tichu_lan.protocol import (CLIENT_MESSAGES, ERROR_CODES, HEADER, MAX_CLIENT_FRAME, Bool,
                                Choice, List, Map, Number, Opt, Text)

REPLIES = {"hello": "welcome", "list_tables": "lobby", "create_table": "seated", "join": "seated",
           "spectate": "spectating", "ping": "pong",
           "list_standings": "standings"}          # every other request: "ok"
READ_TIMEOUT = 5.0


class Closed(Exception):
    """The host closed the connection."""


class Wire:
    """One blocking connection to a host: our prologue goes out at once, the host's is checked."""

    def __init__(self, address: str, port: int, timeout: float = READ_TIMEOUT,
                 prologue: bool = True) -> None:
        self.sock = socket.create_connection((address, port), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.timeout = timeout
        self.buffer = b""
        self.host_prologue = False
        self.closed = False
        self.ids = iter(range(1, protocol.ID_MAX))
        self.welcome_id: int | None = None
        self.tokens: list[str] = []      # of seats this connection was given (to leave them later)
        if prologue:
            self.sock.sendall(protocol.PROLOGUE)

    def close(self) -> None:
        self.sock.close()

    def send_bytes(self, data: bytes) -> None:
        with contextlib.suppress(OSError):  # the host closed first: reading will tell
            self.sock.sendall(data)

    def send(self, message: Any) -> None:
        body = msgpack.packb(message, use_bin_type=True)
        self.send_bytes(HEADER.pack(len(body)) + body)

    def _fill(self, timeout: float) -> bool:
        """Read what is there within ``timeout``; False if nothing came."""
        ready, _, _ = select.select([self.sock], [], [], timeout)
        if not ready:
            return False
        try:
            data = self.sock.recv(1 << 16)
        except (ConnectionResetError, TimeoutError):
            data = b""
        if not data:
            self.closed = True
            raise Closed()
        self.buffer += data
        return True

    def read(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The host's next message; None if none came within ``timeout``; `Closed` at the end."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            if not self.host_prologue and b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                assert line + b"\n" == protocol.PROLOGUE, f"not our host's prologue: {line!r}"
                self.host_prologue = True
            if self.host_prologue and len(self.buffer) >= 4:
                (length,) = HEADER.unpack(self.buffer[:4])
                if len(self.buffer) >= 4 + length:
                    body, self.buffer = self.buffer[4:4 + length], self.buffer[4 + length:]
                    message = msgpack.unpackb(body, raw=False, strict_map_key=False)
                    if message.get("type") == "seated" and isinstance(message.get("token"), str):
                        self.tokens.append(message["token"])
                    if self.welcome_id is not None and message.get("id") == self.welcome_id:
                        self.welcome_id = None
                        assert message["type"] == "welcome", f"hello refused: {message}"
                        continue
                    return message
            if self.closed:
                raise Closed()
            filled = self._fill(max(0.0, deadline - time.monotonic()))
            if not filled and time.monotonic() >= deadline:
                return None

    def request(self, message: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """Send with a fresh id; the answer, and what came before it."""
        message = dict(message, id=next(self.ids))
        self.send(message)
        before = []
        while True:
            got = self.read()
            if got is None:
                raise TimeoutError(f"no answer to {message}")
            if got.get("id") == message["id"]:
                return got, before
            before.append(got)

    def hello_ahead(self, name: str = "fuzz") -> None:
        """Say hello without waiting: the welcome is taken out of the stream when it comes
        (a fuzzer saves a round trip on every new connection)."""
        self.welcome_id = next(self.ids)
        self.send({"type": "hello", "id": self.welcome_id, "protocol": protocol.PROTOCOL_VERSION,
                   "program": "fuzz", "name": name})

    def hello(self, name: str = "fuzz", token: str | None = None) -> dict[str, Any]:
        message = {"type": "hello", "protocol": protocol.PROTOCOL_VERSION, "program": "fuzz",
                   "name": name}
        if token:
            message["token"] = token
        answer, _ = self.request(message)
        return answer


# --- what the protocol document says a frame deserves --------------------------------------

@dataclass
class Expectation:
    closes: bool | None          # True: a closing error; False: stays open; None: either
    codes: set[str] | None       # the error codes allowed (None: any documented one)
    rid: int | None              # the id the answer must carry (None: no id)
    reply: str | None            # the reply type a success would have


def _wrong_type(spec: Any, value: Any) -> bool:
    """The value is not of the kind the document gives the key (a violation, not a range)."""
    if isinstance(spec, Number):
        kinds = (int,) if spec.whole else (int, float)
        return not isinstance(value, kinds) or isinstance(value, bool)
    if isinstance(spec, (Text, Choice)):
        return not isinstance(value, str)
    if isinstance(spec, Bool):
        return not isinstance(value, bool)
    if isinstance(spec, Map):
        return not isinstance(value, dict)
    if isinstance(spec, List):
        return not isinstance(value, list) or any(_wrong_type(spec.item, v) for v in value)
    raise TypeError(spec)


def _usable_id(value: Any) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= protocol.ID_MAX:
        return value
    return None


def expectation(body: bytes) -> Expectation:
    """What the host must answer to one frame body sent after a successful hello."""
    if len(body) > MAX_CLIENT_FRAME:
        return Expectation(True, {"frame_too_large"}, None, None)
    try:
        value = msgpack.unpackb(body, raw=False, strict_map_key=True, ext_hook=_ext,
                                timestamp=3, object_pairs_hook=_each_key_once)
        if _has_timestamp(value):
            raise ValueError("the timestamp is an extension type too")
    except Exception:
        return Expectation(True, {"bad_frame"}, None, None)
    if not isinstance(value, dict):
        return Expectation(True, {"bad_message"}, None, None)
    rid = _usable_id(value.get("id"))
    kind = value.get("type")
    schema = CLIENT_MESSAGES.get(kind) if isinstance(kind, str) else None
    if schema is None or any(k != "type" and k not in schema for k in value):
        return Expectation(True, {"bad_message"}, rid, None)
    for key, spec in schema.items():
        optional = isinstance(spec, Opt)
        if key not in value:
            if not optional:
                return Expectation(True, {"bad_message"}, rid, None)
            continue
        inner = spec.spec if optional else spec
        if (value[key] is not None or not optional) and _wrong_type(inner, value[key]):
            return Expectation(True, {"bad_message"}, rid, None)
    return Expectation(False, None, rid, REPLIES.get(kind, "ok"))


def _ext(code: int, data: bytes) -> Any:
    raise ValueError("extension types are not part of the protocol")


def _each_key_once(pairs: list[tuple[Any, Any]]) -> dict[Any, Any]:
    if len({key for key, _ in pairs}) != len(pairs):
        raise ValueError("a map names a key twice")
    return dict(pairs)


def _has_timestamp(value: Any) -> bool:
    """msgpack reads its timestamp extension without ext_hook (as a datetime, here)."""
    if isinstance(value, datetime):
        return True
    if isinstance(value, dict):
        return any(_has_timestamp(k) or _has_timestamp(v) for k, v in value.items())
    return isinstance(value, list) and any(_has_timestamp(v) for v in value)


def check_answer(expected: Expectation, answers: list[dict[str, Any]], closed: bool) -> str | None:
    """None if the host answered as documented; else what is wrong. ``answers``: every message
    that was an answer (had our id, or was an error without id)."""
    if len(answers) != 1:
        return f"{len(answers)} answers instead of one: {answers[:3]}"
    answer = answers[0]
    if answer.get("id") != expected.rid:
        return f"the answer names id {answer.get('id')!r}, not {expected.rid!r}: {answer}"
    if answer["type"] == "error":
        code = answer.get("code")
        if code not in ERROR_CODES:
            return f"an undocumented error code: {answer}"
        if code == "internal":
            return f"the host hit a bug: {answer}"
        if expected.codes is not None and code not in expected.codes:
            return f"{code} where the protocol says {sorted(expected.codes)}: {answer}"
        if expected.closes is not None and ERROR_CODES[code] != expected.closes:
            does = "closes" if expected.closes else "stays"
            return f"{code} is not what a frame that {does} gets"
        if ERROR_CODES[code] != closed:
            return (f"{code} {'closes' if ERROR_CODES[code] else 'keeps'} the connection, but it "
                    f"was {'closed' if closed else 'kept'}")
        return None
    if expected.reply is None:
        return f"a reply {answer['type']!r} to a frame that must be refused: {answer}"
    if answer["type"] != expected.reply:
        return f"a {answer['type']!r} reply to a request that gets {expected.reply!r}"
    if closed:
        return "the connection closed after a successful request"
    return None


def exchange(wire: Wire, frame: bytes, expected: Expectation) -> tuple[str | None, str | None]:
    """Send one frame, read its answer (and the close if it closes); (code or reply, problem)."""
    wire.send_bytes(frame)
    answers: list[dict[str, Any]] = []
    closed = False
    try:
        while not answers:
            got = wire.read()
            if got is None:
                return None, f"no answer within {wire.timeout} s to {frame[:60]!r}"
            # it names an id, or it is an error (other than the bad_token notice)
            answer = got.get("id") is not None or (got["type"] == "error"
                                                   and got.get("code") != "bad_token")
            if answer and (expected.rid is None or got.get("id") in (expected.rid, None)):
                answers.append(got)
        if answers[0]["type"] == "error" and ERROR_CODES.get(answers[0].get("code"), False):
            while True:
                late = wire.read(2.0)
                if late is None:
                    return answers[0].get("code"), "a closing error did not close the connection"
                if late.get("id") is not None or late["type"] == "error":
                    answers.append(late)
    except Closed:
        closed = True
    label = answers[0].get("code") or answers[0]["type"] if answers else None
    if not answers:
        return None, f"the host closed without answering {frame[:60]!r}"
    return label, check_answer(expected, answers, closed)


# --- well-formed frames to start from --------------------------------------------------------

def _sample(spec: Any, rng: random.Random) -> Any:
    if isinstance(spec, Opt):
        return _sample(spec.spec, rng)
    if isinstance(spec, Number):
        lo, hi = int(spec.lo), int(min(spec.hi, 2**40))
        return rng.randint(lo, hi) if spec.whole else rng.uniform(spec.lo, spec.hi)
    if isinstance(spec, Text):
        return "".join(rng.choice("abcXYZ 7j9sPH") for _ in range(rng.randint(1, spec.max_len)))
    if isinstance(spec, Choice):
        return rng.choice(spec.values)
    if isinstance(spec, Bool):
        return rng.random() < 0.5
    if isinstance(spec, Map):
        return rng.choice(ACTIONS)
    if isinstance(spec, List):
        return [_sample(spec.item, rng) for _ in range(rng.randint(0, 3))]
    raise TypeError(spec)


ACTIONS = [{"type": "pass"}, {"type": "tichu"}, {"type": "grand_tichu", "call": False},
           {"type": "play", "cards": ["7j", "7s"]},
           {"type": "play", "cards": ["PH"], "phoenix_as": 5},
           {"type": "exchange", "gifts": ["2j", "3s", "DG"]}, {"type": "wish", "rank": 7},
           {"type": "give_dragon", "to": 1}, {"type": "discard", "cards": ["2j", "3j", "4j"]},
           {"type": "draft", "take": True}, {"type": "withdraw_exchange"}]


def well_formed(rng: random.Random, hello: bool = True) -> dict[str, Any]:
    """A message of a random type with every key (optional ones half the time) of its kind."""
    kind = rng.choice([k for k in CLIENT_MESSAGES if hello or k != "hello"])
    message: dict[str, Any] = {"type": kind}
    for key, spec in CLIENT_MESSAGES[kind].items():
        if not isinstance(spec, Opt) or rng.random() < 0.5:
            message[key] = _sample(spec, rng)
    return message


def frame(body: bytes) -> bytes:
    return HEADER.pack(len(body)) + body


# --- mutation -------------------------------------------------------------------------------

def mutate(body: bytes, rng: random.Random) -> bytes:
    """One to four random edits of a frame body."""
    data = bytearray(body)
    for _ in range(rng.randint(1, 4)):
        how = rng.randrange(7)
        pos = rng.randrange(len(data) + 1)
        if how == 0 and data:                                  # flip a bit
            i = min(pos, len(data) - 1)
            data[i] ^= 1 << rng.randrange(8)
        elif how == 1 and data:                                # replace a byte
            data[min(pos, len(data) - 1)] = rng.choice((0, 0xC0, 0xC1, 0xFF, 0x7F, 0x80,
                                                        0xD9, 0xDF, 0x92, rng.randrange(256)))
        elif how == 2:                                         # insert bytes
            data[pos:pos] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        elif how == 3 and data:                                # delete a run
            del data[pos:pos + rng.randint(1, 8)]
        elif how == 4:                                         # cut short
            del data[pos:]
        elif how == 5:                                         # repeat a run
            run = data[pos:pos + rng.randint(1, 16)]
            data[pos:pos] = run * rng.randint(1, 4)
        else:                                                  # a type byte made odd
            data[pos:pos] = bytes([rng.choice((0xC7, 0xD4, 0xC4, 0xDC, 0xDE, 0xCF, 0xD3))])
    return bytes(data)


def mutants(rng: random.Random) -> Iterator[tuple[bytes, Expectation]]:
    """Frames for after hello: well-formed ones (a third), mutated ones, and oversized ones."""
    while True:
        body = msgpack.packb(well_formed(rng), use_bin_type=True)
        roll = rng.random()
        if roll < 0.02:
            length = rng.randint(MAX_CLIENT_FRAME + 1, 2**32 - 1)
            yield HEADER.pack(length) + body[:8], Expectation(True, {"frame_too_large"}, None, None)
            continue
        if roll > 0.33:
            body = mutate(body, rng)
        if len(body) <= MAX_CLIENT_FRAME:
            yield frame(body), expectation(body)


def before_hello(rng: random.Random) -> tuple[bytes, bytes | None, set[str]]:
    """A connection's first bytes that are not a proper start: (bytes, rest, codes expected)."""
    roll = rng.randrange(4)
    if roll == 0:
        junk = bytes(rng.randrange(256) for _ in range(rng.randint(1, 40)))
        if protocol.PROLOGUE_PREFIX.startswith(junk[:len(protocol.PROLOGUE_PREFIX)]):
            junk = b"X" + junk
        return junk + b"\n", None, {"bad_prologue"}
    if roll == 1:
        return b"TICHU-LAN %d\n" % rng.choice((0, 2, 3, 99999)), None, {"version_mismatch"}
    if roll == 2:
        return protocol.PROLOGUE_PREFIX + b"1" * rng.randint(1, 3) + b"x\n", None, {"bad_prologue"}
    body = msgpack.packb(well_formed(rng, hello=False) | {"id": 5}, use_bin_type=True)
    return protocol.PROLOGUE + frame(body), body, {"not_welcomed"}


# --- one hostile guest at the party ----------------------------------------------------------

@dataclass
class JunkResult:
    frames: int = 0
    connections: int = 0
    codes: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    more_problems: int = 0          # beyond the ones kept
    tokens: list[str] = field(default_factory=list)   # seats the fuzzer was given

    def tally(self, label: str | None, problem: str | None) -> None:
        self.frames += 1
        if label:
            self.codes[label] = self.codes.get(label, 0) + 1
        if problem:
            self.problems.append(problem)

    def to_dict(self) -> dict[str, Any]:
        return {"frames": self.frames, "connections": self.connections, "codes": self.codes,
                "problems": self.problems[:20],
                "problem_count": len(self.problems) + self.more_problems, "tokens": self.tokens}

    def merge(self, part: dict[str, Any]) -> None:
        self.frames += part["frames"]
        self.connections += part["connections"]
        self.problems += part["problems"]
        self.more_problems += part["problem_count"] - len(part["problems"])
        self.tokens += part["tokens"]
        for code, n in part["codes"].items():
            self.codes[code] = self.codes.get(code, 0) + n


def junk_session(address: str, port: int, seed: int, frames: int,
                 deadline: float | None = None) -> dict[str, Any]:
    """Send ``frames`` hostile frames to a host (reconnecting after each closing answer) and
    judge every answer; returns a `JunkResult` as a dict."""
    rng = random.Random(seed)
    result = JunkResult()
    generated = mutants(rng)
    wire = None
    while result.frames < frames and (deadline is None or time.monotonic() < deadline):
        try:
            if rng.random() < 0.05:
                result.tally(*opening_junk(address, port, rng))
                result.connections += 1
                continue
            if wire is None or wire.closed:
                wire = Wire(address, port)
                result.connections += 1
                wire.hello_ahead(f"junk{result.connections % 1000}")
            data, expected = next(generated)
            result.tally(*exchange(wire, data, expected))
            if wire.closed:
                result.tokens += wire.tokens
        except (OSError, TimeoutError, AssertionError) as exc:
            result.problems.append(f"{type(exc).__name__}: {exc}")
            wire = None
    if wire is not None:
        result.tokens += wire.tokens
        wire.close()
    leave_seats(address, port, result.tokens)
    return result.to_dict()


def leave_seats(address: str, port: int, tokens: list[str]) -> int:
    """Come back with each token and give the seat up, so that a fuzzer leaves no table behind
    (a seat whose connection broke stays its holder's). Returns the seats left."""
    left = 0
    for token in dict.fromkeys(tokens):
        wire = Wire(address, port)
        try:
            welcome, _ = wire.request({"type": "hello", "protocol": protocol.PROTOCOL_VERSION,
                                       "program": "fuzz", "name": "leaving", "token": token})
            if welcome.get("seat"):
                answer, _ = wire.request({"type": "leave"})
                left += answer["type"] == "ok"
        except (OSError, TimeoutError, Closed):
            pass
        finally:
            wire.close()
    return left


def opening_junk(address: str, port: int, rng: random.Random) -> tuple[str | None, str | None]:
    """A connection that starts wrong: bad prologue, other version, or a request before hello."""
    data, body, codes = before_hello(rng)
    wire = Wire(address, port, prologue=False)
    try:
        expected = Expectation(body is None, codes, 5 if body is not None else None, None)
        return exchange(wire, data, expected)
    finally:
        wire.close()
