"""Tables whose deals are shuffled together, and what their programs found (issue 30).

`Listener` keeps what one client heard of the shared shuffle: the steps it was asked,
the proofs, its own checks of each round (`RoundChecked`) and the host's notices.
`by_hand` turns a client's own part in the shuffle off, so that a test commits and
reveals for it (`take_part`, `commit`, `reveal` through `ask`).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from twisted.internet import defer

from engine.shared_deal import commitment
from tichu_lan.client import TichuClient
from tichu_lan.host_messages import Heard, Notice, Proof, RoundChecked, ShuffleStep
from tichu_lan.protocol import HostError

from .live_host import connect


@dataclass
class Listener:
    client: TichuClient
    steps: list[ShuffleStep] = field(default_factory=list)
    proofs: list[Proof] = field(default_factory=list)
    checked: dict[int, RoundChecked] = field(default_factory=dict)
    notices: list[Notice] = field(default_factory=list)
    types: set[str] = field(default_factory=set)       # every message type heard

    def __post_init__(self) -> None:
        self.client.subscribe(self.heard)

    def heard(self, message: Heard) -> None:
        self.types.add(message.TYPE)
        if isinstance(message, ShuffleStep):
            self.steps.append(message)
        elif isinstance(message, Proof):
            self.proofs.append(message)
        elif isinstance(message, RoundChecked):
            self.checked[message.round] = message
        elif isinstance(message, Notice):
            self.notices.append(message)

    def found(self, round_no: int) -> str | None:
        """The code of what this client found wrong in round ``round_no`` (None: it held)."""
        checked = self.checked[round_no]
        return None if checked.ok else (checked.finding or {}).get("code")

    def told(self, code: str) -> list[dict[str, Any]]:
        """The params of the host's notices of ``code``."""
        return [n.params or {} for n in self.notices if n.code == code]


async def by_hand(port: int, name: str) -> TichuClient:
    """A connected client whose program does not shuffle or check by itself."""
    client = TichuClient("127.0.0.1", port, name)
    client.checks.heard = lambda message: None        # type: ignore[method-assign]
    await client.connect()
    return client


def ask(client: TichuClient, kind: str, **fields: Any) -> defer.Deferred[Any]:
    """A request of the shared shuffle, sent as it is; fires with the answer or the
    `HostError` (not raised)."""
    d = client._request({"type": kind, **fields})
    return d.addErrback(lambda failure: failure.value if failure.check(HostError) else failure)


def a_value() -> tuple[str, str]:
    """A fresh value and its commitment, as hex."""
    value = secrets.token_bytes(32)
    return value.hex(), commitment(value)


async def people_at_a_table(port: int, names: list[str], variant: str = "classic",
                            target: int = 1000) -> list[TichuClient]:
    """Clients in seats 0.. at a new table, bots in the other seats; not started."""
    clients = [await connect(port, name) for name in names]
    seating = await clients[0].create_table("shuffled", variant, target)
    for index, client in enumerate(clients[1:], start=1):
        await client.join(seating.table, seat=index)
    for index in range(len(names), 2 if variant == "duel" else 4):
        await clients[0].add_bot(index)
    return clients

