"""Who gets through the door, and how much they may send: the ssh port's limits.

Every TCP connection to the door passes a `Gate` before asyncssh sees a byte of it. The
gate counts connections per address and in all, and those still logging in apart (a
handshake costs the host a key exchange, so a flood of them is held to a few at once,
and to a few a second, per address and in all); over a limit, the connection is closed
at once, before any work is done for it. Then it
meters what the connection sends: a token bucket of bytes, and a connection that sends
faster is not cut but read more slowly (its socket is left unread until it is within
its share again), so that no guest can make the host decrypt more than its share; and
when all of them together send more than the door's share, the ones that have sent a lot
lately wait for it too (a guest who only types is never among them).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from twisted.logger import Logger

log = Logger()
Gates = dict[tuple[Any, ...], "Gate"]


@dataclass(frozen=True)
class DoorLimits:
    """The door's limits (docs/SSH.md, "Limits")."""

    per_address: int = 8             # ssh connections from one address, logged in or not
    connections: int = 64            # ssh connections in all
    logging_in_per_address: int = 2  # connections of one address still logging in
    logging_in: int = 16             # ... and in all
    login_timeout: float = 10.0      # seconds from the TCP connection to a logged-in guest
    start_timeout: float = 10.0      # then, to ask for a terminal and the game
    idle: float = 1800.0             # seconds without a key pressed before a session closes
    rate: float = 4 * 1024           # bytes a second one connection may send, sustained ...
    burst: float = 32 * 1024         # ... and at once (a login takes some 4 KiB)
    door_rate: float = 24 * 1024     # bytes a second all connections together, beyond which
    door_burst: float = 64 * 1024    # ... one that has sent a lot lately is read more slowly
    typing: float = 40.0             # characters a second a guest may type, sustained ...
    typing_burst: float = 400.0      # ... and at once (a pasted chat line)
    door_typing: float = 150.0       # characters a second all guests together, beyond which
    door_typing_burst: float = 600.0 # ... a guest who types a lot waits (is dropped)
    logins: float = 10.0             # logins a second begun, in all, sustained ...
    logins_burst: float = 20.0       # ... and at once
    address_logins: float = 2.0      # logins a second begun from one address ...
    address_logins_burst: float = 5.0  # ... and at once
    output: int = 256 * 1024         # bytes a session may leave unread before it is closed
    stall: float = 60.0              # seconds a session may read nothing the door sends
    keepalive: float = 15.0          # seconds between keepalives to a silent client (3 missed:
                                     # it is gone)


class Bucket:
    """A token bucket that runs into debt: ``spend`` says how long the spender must wait."""

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.stamp = burst, now

    def spend(self, amount: float, now: float) -> float:
        """Take ``amount``; the seconds until the bucket is out of debt (0: it is not in it)."""
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate) - amount
        self.stamp = now
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate

    def allows(self, amount: float, now: float) -> bool:
        """Take ``amount`` if it is there (nothing is taken otherwise)."""
        tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if tokens < amount:
            self.tokens = tokens
            return False
        self.tokens = tokens - amount
        return True


class Admission:
    """The door's count of connections, per address and in all, and of logins begun."""

    RATES_KEPT = 1024       # addresses whose login rate is remembered (the latest)

    def __init__(self, limits: DoorLimits, now: float = 0.0) -> None:
        self.limits = limits
        self.open: Counter[str] = Counter()
        self.logging_in: Counter[str] = Counter()
        self.logins = Bucket(limits.logins, limits.logins_burst, now)
        self.reading = Bucket(limits.door_rate, limits.door_burst, now)   # bytes, in all
        self.address_logins: dict[str, Bucket] = {}

    def admit(self, address: str, now: float) -> str | None:
        """Count a new connection from ``address``; or why it is refused."""
        refusal = self._over(address)
        if refusal is None:
            refusal = self._too_fast(address, now)
        if refusal is None:
            self.open[address] += 1
            self.logging_in[address] += 1
        return refusal

    def _too_fast(self, address: str, now: float) -> str | None:
        limits = self.limits
        bucket = self.address_logins.pop(address, None) or Bucket(
            limits.address_logins, limits.address_logins_burst, now)
        self.address_logins[address] = bucket              # the latest last
        if len(self.address_logins) > self.RATES_KEPT:
            del self.address_logins[next(iter(self.address_logins))]
        if not bucket.allows(1, now):
            return f"more than {limits.address_logins:g} logins a second from this address"
        if not self.logins.allows(1, now):
            return f"more than {limits.logins:g} logins a second"
        return None

    def _over(self, address: str) -> str | None:
        limits = self.limits
        if self.open[address] >= limits.per_address:
            return f"{limits.per_address} ssh connections from this address already"
        if sum(self.open.values()) >= limits.connections:
            return f"{limits.connections} ssh connections already"
        if self.logging_in[address] >= limits.logging_in_per_address:
            return f"{limits.logging_in_per_address} logins from this address under way"
        if sum(self.logging_in.values()) >= limits.logging_in:
            return f"{limits.logging_in} logins under way"
        return None

    def logged_in(self, address: str) -> None:
        self._less(self.logging_in, address)

    def release(self, address: str, logging_in: bool) -> None:
        self._less(self.open, address)
        if logging_in:
            self._less(self.logging_in, address)

    @staticmethod
    def _less(counts: Counter[str], address: str) -> None:
        counts[address] -= 1
        if counts[address] <= 0:
            del counts[address]


class Gate(asyncio.Protocol):
    """One TCP connection to the door: counted, metered, then handed to asyncssh's
    connection (``inner``), made only once the connection is let in."""

    def __init__(self, admission: Admission, limits: DoorLimits,
                 make_inner: Callable[[], asyncio.Protocol], gates: Gates) -> None:
        """``gates``: every gate let in, by the peer's (address, port), where asyncssh's side
        of the connection finds its own."""
        self.admission, self.limits, self.make_inner = admission, limits, make_inner
        self.gates = gates
        self.peer: tuple[Any, ...] = ()
        self.inner: asyncio.Protocol | None = None
        self.transport: asyncio.Transport | None = None
        self.address = ""
        self.logging_in = False
        self.bucket: Bucket | None = None
        self.resuming: asyncio.TimerHandle | None = None
        self.loop = asyncio.get_event_loop()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)
        self.peer = tuple(transport.get_extra_info("peername") or ("?", 0))
        self.address = str(self.peer[0])
        refusal = self.admission.admit(self.address, self.loop.time())
        if refusal is not None:
            log.info("ssh door: refusing {address}: {why}", address=self.address, why=refusal)
            self.transport.abort()
            return
        self.logging_in = True
        self.bucket = Bucket(self.limits.rate, self.limits.burst, self.loop.time())
        self.gates[self.peer] = self
        self.inner = self.make_inner()
        self.inner.connection_made(transport)

    def logged_in(self) -> None:
        """The guest has logged in: no longer one of the handshakes under way."""
        if self.logging_in:
            self.logging_in = False
            self.admission.logged_in(self.address)

    def data_received(self, data: bytes) -> None:
        if self.inner is None or self.bucket is None or self.transport is None:
            return
        now = self.loop.time()
        wait = self.bucket.spend(len(data), now)
        door_wait = self.admission.reading.spend(len(data), now)
        if self.bucket.tokens < self.bucket.burst / 2:      # it has sent a lot lately
            wait = max(wait, door_wait)
        if wait > 0 and self.resuming is None:
            self.transport.pause_reading()
            self.resuming = self.loop.call_later(wait, self._read_again)
        self.inner.data_received(data)

    def _read_again(self) -> None:
        self.resuming = None
        if self.transport is not None and not self.transport.is_closing():
            self.transport.resume_reading()

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.inner is not None else None

    def pause_writing(self) -> None:
        if self.inner is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.inner is not None:
            self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.resuming is not None:
            self.resuming.cancel()
            self.resuming = None
        if self.inner is None:
            return
        self.admission.release(self.address, self.logging_in)
        self.logging_in = False
        self.gates.pop(self.peer, None)
        inner, self.inner = self.inner, None
        inner.connection_lost(exc)


class Listener:
    """What asyncssh takes as a ``tunnel`` to listen through: here, the door's own listening
    socket, each connection passing a `Gate` on its way to asyncssh."""

    def __init__(self, sock: Any, admission: Admission, limits: DoorLimits) -> None:
        self.sock, self.admission, self.limits = sock, admission, limits
        self.gates: Gates = {}

    async def create_server(self, session_factory: Callable[[str, int], Any],
                            listen_host: str, listen_port: int) -> asyncio.AbstractServer:
        loop = asyncio.get_event_loop()
        return await loop.create_server(lambda: self._gate(session_factory), sock=self.sock)

    def _gate(self, session_factory: Callable[[str, int], Any]) -> Gate:
        return Gate(self.admission, self.limits, lambda: session_factory("", 0), self.gates)

    def close(self) -> None:
        """Nothing of its own to close (asyncssh asks a tunnel to)."""
