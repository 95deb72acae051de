"""A shared game's proof, as its record keeps it: every round's shuffle, and what was found.

The host journals each round's shuffle as it goes (`tichu_lan.server.shared_shuffle`: its
secret, every commitment and value, the seats that gave none in time) and each program's
verdict on each round (`checked`). The exported game carries them as ``shuffles`` and
``checks`` (docs/RECORDS.md), so that `tichu verify` can check a kept game, or one
written out and sent on, with the engine alone (`verify`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Self

from engine.shared_deal import Shuffle, value_of


@dataclass
class RoundProof:
    """One round's shuffle: the host's secret and what the helping seats gave."""

    round_no: int
    secret: bytes
    seats: tuple[int, ...]
    commitments: dict[int, str] = field(default_factory=dict)
    values: dict[int, bytes] = field(default_factory=dict)
    missing: set[int] = field(default_factory=set)

    def shuffle(self, seats: int) -> Shuffle:
        return Shuffle(self.round_no, self.secret,
                       tuple(self.commitments.get(s) for s in range(seats)),
                       tuple(None if s in self.missing else self.values.get(s)
                             for s in range(seats)))

    def to_dict(self, seats: int) -> dict[str, Any]:
        shown = self.shuffle(seats)
        return {"round": self.round_no, "secret": self.secret.hex(), "seats": list(self.seats),
                "commitments": [c or "" for c in shown.commitments],
                "values": [v.hex() if v else "" for v in shown.values],
                "missing": sorted(self.missing)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """An exported (or checkpointed) round's shuffle; ValueError if it cannot be read."""
        secret = value_of(data["secret"])
        if secret is None:
            raise ValueError(f"round {data.get('round')}: the secret is not 64 hex digits")
        proof = cls(int(data["round"]), secret, tuple(int(s) for s in data["seats"]),
                    missing={int(s) for s in data["missing"]})
        for seat, (promise, text) in enumerate(zip(data["commitments"], data["values"],
                                                   strict=True)):
            if promise:
                proof.commitments[seat] = str(promise)
            value = value_of(text)
            if text and value is None:
                raise ValueError(f"round {proof.round_no}: seat {seat}'s value is not 64 hex "
                                 "digits")
            if value is not None:
                proof.values[seat] = value
        return proof


@dataclass(frozen=True)
class Verdict:
    """What a seat's program found when it checked a round (``finding`` None: it held)."""

    round_no: int
    seat: int
    ok: bool
    finding: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.round_no, "seat": self.seat, "ok": self.ok,
                "finding": self.finding}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Verdict:
        finding = data.get("finding")
        return cls(int(data["round"]), int(data["seat"]), bool(data["ok"]),
                   finding if isinstance(finding, dict) else None)


def proofs_of(records: Iterable[dict[str, Any]]
              ) -> tuple[tuple[RoundProof, ...], tuple[Verdict, ...]]:
    """The shuffles and verdicts a journal's proof records hold, in order."""
    shuffles: list[RoundProof] = []
    verdicts: list[Verdict] = []
    for record in records:
        kind = record["kind"]
        if kind == "shuffle":
            shuffles.append(RoundProof(int(record["round"]), bytes.fromhex(record["secret"]),
                                       tuple(int(s) for s in record["seats"])))
        elif kind == "checked":
            verdicts.append(Verdict.from_dict(record))
        elif shuffles and kind == "commit":
            shuffles[-1].commitments[int(record["seat"])] = str(record["commitment"])
        elif shuffles and kind == "reveal":
            shuffles[-1].values[int(record["seat"])] = bytes.fromhex(record["value"])
        elif shuffles and kind == "missing":
            shuffles[-1].missing |= {int(s) for s in record["seats"]}
    return tuple(shuffles), tuple(verdicts)
