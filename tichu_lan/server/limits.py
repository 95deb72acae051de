"""Counting what clients ask for: messages per second, connections per address."""

from __future__ import annotations

from collections import Counter


class RateLimiter:
    """A token bucket: ``burst`` messages at once, ``rate`` per second after that.

    Times come from the caller (the reactor's clock), so tests can drive it."""

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = now
        self.dropped = 0            # messages refused in a row

    def allow(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            self.dropped = 0
            return True
        self.dropped += 1
        return False


class AddressCounter:
    """Open connections per remote address."""

    def __init__(self, per_address: int, total: int) -> None:
        self.per_address = per_address
        self.total = total
        self.counts: Counter[str] = Counter()
        self.open = 0

    def admit(self, address: str) -> str | None:
        """None if a new connection from ``address`` may stay, else the reason it may not."""
        if self.open >= self.total:
            return f"the host has reached its limit of {self.total} connections"
        if self.counts[address] >= self.per_address:
            return (f"the host allows at most {self.per_address} connections from one address "
                    f"({address})")
        self.counts[address] += 1
        self.open += 1
        return None

    def release(self, address: str) -> None:
        self.counts[address] -= 1
        self.open -= 1
        if self.counts[address] <= 0:
            del self.counts[address]
