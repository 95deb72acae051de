"""The shared shuffle's arithmetic: commitments, the seed a round is dealt from, and its check.

Before a round is dealt the host commits to a secret of its own and each taking part
person's client to a random value of its own: a commitment is the SHA-256 of
``COMMITMENT_TAG`` and the 32 bytes. Once every commitment is in, the clients reveal their
values to the host, and the round is dealt (`Deal`) from::

    seed = SHA-256(DEAL_TAG || round number, 4 bytes big-endian || host secret
                   || the value of seat 0 || ... || the value of the last seat)

read as one number by the engine's own shuffle (`game.deck_of`). A seat without a value
of its own (a bot's, a person's whose program does not take part or gave no value in time)
counts as ``NO_VALUE``: the host's secret stands for it. Nobody knows the seed before the
last value is in, and the host reveals its secret only once the round is over; so no one
alone, and not the host with fewer than every person, chooses the cards without it showing.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import is_digest

VALUE_BYTES = 32
NO_VALUE = bytes(VALUE_BYTES)
COMMITMENT_TAG = b"tichu-lan commitment 1\n"
DEAL_TAG = b"tichu-lan deal 1\n"


def commitment(value: bytes) -> str:
    """What a party shows before it reveals ``value``: it binds the party to it, and tells
    nobody anything about it."""
    return hashlib.sha256(COMMITMENT_TAG + value).hexdigest()


def deal_seed(round_no: int, secret: bytes, values: Sequence[bytes | None]) -> str:
    """The seed round ``round_no`` is dealt from (see the module's docstring); ``values`` one
    per seat, None for a seat without a value of its own."""
    digest = hashlib.sha256(DEAL_TAG + round_no.to_bytes(4, "big") + secret)
    for value in values:
        digest.update(NO_VALUE if value is None else value)
    return digest.hexdigest()


def value_of(text: object) -> bytes | None:
    """The 32 bytes that 64 lowercase hex digits write (a value, a secret), or None for
    anything else."""
    return bytes.fromhex(text) if isinstance(text, str) and is_digest(text) else None


@dataclass(frozen=True)
class Finding:
    """What a round's check found wrong: a stable ``code`` (one of `FINDING_CODES`), the values
    it names (plain values: ``seq`` a move's number, ``seat``, ``cards`` and ``expected`` card
    texts, ``reason`` an engine refusal's code with its values, ``action`` a move's dict) and
    the English, for whoever words nothing themselves."""

    code: str
    message: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.message

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "params": dict(self.params)}


# Every finding (docs/PROTOCOL.md, "Checking a round", says what each names).
FINDING_CODES: tuple[str, ...] = (
    "no_proof", "secret_changed", "value_mismatch", "commitment_changed", "value_dropped",
    "deal_not_from_seed", "hand_not_dealt", "illegal_move", "moves_differ", "score_differs",
    "exchange_swapped", "hand_differs", "round_not_over",
)


@dataclass(frozen=True)
class Shuffle:
    """A round's shuffle as the host reveals it after the round: its secret, and per seat the
    commitment and value it took (None where a seat gave none)."""

    round_no: int
    secret: bytes
    commitments: tuple[str | None, ...]
    values: tuple[bytes | None, ...]

    def seed(self) -> str:
        return deal_seed(self.round_no, self.secret, self.values)


def check_shuffle(shuffle: Shuffle, promised: str | None) -> Finding | None:
    """Whether the host kept its word: its secret is the one it committed to (``promised``,
    None when the checker never saw the commitment) and every value its seat's commitment's."""
    if promised is not None and commitment(shuffle.secret) != promised:
        return Finding("secret_changed", "the host's secret is not the one it committed to "
                       "before the deal")
    for seat, (promise, value) in enumerate(zip(shuffle.commitments, shuffle.values,
                                                strict=True)):
        if value is not None and (promise is None or commitment(value) != promise):
            return Finding("value_mismatch", f"seat {seat}'s value does not match its "
                           "commitment", {"seat": seat})
    return None
