"""A guest at the LAN party: a client that plays with a bot's decisions, at a person's pace,
and keeps the figures the party reports (moves, refusals, reconnects, latency).

Used by the machine processes of `tests.support.party_machine`. Each `PartyPlayer`
decides with ``engine.bots.make_bot(level, seed).decide(view)`` on the view it
received, waits a random "think" time first, and measures action-to-view latency:
from sending its move to the arrival of the view after it (the host sends the
mover's view before the `ok`).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from engine import SeatView
from engine.bots import make_bot

from .autoplay import RACE_CODES, AutoPlayer
from tichu_lan.client import Disconnected, TichuClient
from tichu_lan.host_messages import ConnectionNotice, Heard, ViewMessage
from tichu_lan.protocol import HostError

RETRY_AFTER = 0.5      # seconds before trying a refused move again (rate limit, full disk)
RETRY_CODES = {"journal_failed", "rate_limited"}


@dataclass
class Tally:
    """What one machine's players did; merged into the party's summary."""

    moves: int = 0
    latencies: list[float] = field(default_factory=list)
    races: int = 0                       # refusals a correct client can meet (a stale view)
    interrupted: int = 0                 # moves whose connection dropped before the answer
    retried: dict[str, int] = field(default_factory=dict)     # journal_failed, rate_limited
    refusals: list[str] = field(default_factory=list)         # the latest journal_failed messages
    errors: list[str] = field(default_factory=list)           # anything else: a failure
    reconnects: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"moves": self.moves, "latencies": [round(x, 6) for x in self.latencies],
                "races": self.races, "interrupted": self.interrupted, "retried": self.retried,
                "errors": self.errors, "reconnects": self.reconnects}


class PartyPlayer(AutoPlayer):
    def __init__(self, client: TichuClient, tally: Tally, *, level: str, seed: int,
                 think: tuple[float, float], rounds: int | None, reactor) -> None:
        self.bot = make_bot(level, seed)
        self.tally = tally
        self.think = think
        self.rounds = rounds
        self.reactor = reactor
        self.timer = None
        self.sent: dict[int, float] = {}          # request id -> when the move was sent
        self.view_seen: dict[int, float] = {}     # seq -> when its view arrived
        self.think_rng = random.Random(seed ^ 0x7417)
        client.subscribe(self._stamp)
        self._send, client.act = client.act, self._timed_act
        super().__init__(client, seed, decide=self._decide)

    @property
    def done(self) -> bool:
        """The table has played the rounds asked for (or its game is over)."""
        view = self.client.view
        return view is not None and (view.winner >= 0 or (
            self.rounds is not None and len(view.history) >= self.rounds))

    def _decide(self, view: SeatView, rng: random.Random):
        return self.bot.decide(view)

    def _stamp(self, message: Heard) -> None:
        if isinstance(message, ViewMessage):
            self.view_seen[message.seq] = time.perf_counter()
            if len(self.view_seen) > 64:
                del self.view_seen[min(self.view_seen)]
        elif isinstance(message, ConnectionNotice) and message.state == "restored":
            self.tally.reconnects += 1

    def _timed_act(self, action):
        start = time.perf_counter()

        def answered(seq: int) -> int:
            arrived = self.view_seen.get(seq)
            if arrived is not None:
                self.tally.latencies.append(arrived - start)
            self.tally.moves += 1
            return seq

        return self._send(action).addCallback(answered)

    # --- pacing: a person thinks before moving ----------------------------------------

    def _maybe_move(self) -> None:
        if self.timer is None and not self.done:
            self.timer = self.reactor.callLater(self.think_rng.uniform(*self.think), self._now)

    def _now(self) -> None:
        self.timer = None
        if not self.done:
            super()._maybe_move()

    def stop(self) -> None:
        super().stop()
        if self.timer is not None and self.timer.active():
            self.timer.cancel()
        self.timer = None

    # --- answers ----------------------------------------------------------------------

    def _refused(self, failure) -> None:
        self.in_flight = False
        if failure.check(HostError):
            code = failure.value.code
            if code in RETRY_CODES:
                self.tally.retried[code] = self.tally.retried.get(code, 0) + 1
                if code == "journal_failed":
                    self.tally.refusals = (self.tally.refusals + [failure.value.message])[-3:]
                self.reactor.callLater(RETRY_AFTER, self._maybe_move)
                return
            if code in RACE_CODES:
                self.tally.races += 1
            else:
                self.tally.errors.append(f"{self.client.name}: {code}: {failure.value.message}")
        elif failure.check(Disconnected):
            self.tally.interrupted += 1
        else:
            self.tally.errors.append(f"{self.client.name}: {failure.getErrorMessage()}")
        if not self.paused:
            self._maybe_move()
