"""Counting what clients ask for: messages per second (connections: `admission`)."""

from __future__ import annotations


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

