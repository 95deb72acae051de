"""Counting what clients ask for: messages per second (connections: `admission`)."""

from __future__ import annotations

from ..protocol import HostError
from .host_config import Limits


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



class RequestLimits:
    """How often one connection may ask: any request at `Limits.rate`, and the list of tables
    (the largest answer) at `Limits.listing_rate` besides; a client that goes on past a burst
    of refusals is flooding."""

    def __init__(self, limits: Limits, now: float) -> None:
        self.limits = limits
        self.requests = RateLimiter(limits.rate, limits.burst, now)
        self.listings = RateLimiter(limits.listing_rate, limits.listing_burst, now)

    def refusal(self, kind: str, now: float) -> HostError | None:
        """Why a request of ``kind`` is refused now (None: it is not)."""
        limits = self.limits
        if not self.requests.allow(now):
            if self.requests.dropped > limits.burst:
                return HostError("flood", f"more than {limits.burst} requests in a row over the "
                                 "rate limit", params={"burst": limits.burst})
            return HostError("rate_limited", "too many requests: at most "
                             f"{limits.rate:g} a second (bursts of {limits.burst}); this one "
                             "was not carried out", params={"rate": limits.rate,
                                                            "burst": limits.burst})
        if kind == "list_tables" and not self.listings.allow(now):
            return HostError("rate_limited", "the list of tables may be asked for at most "
                             f"{limits.listing_rate:g} times a second (bursts of "
                             f"{limits.listing_burst}); a watcher gets every change",
                             params={"rate": limits.listing_rate,
                                     "burst": limits.listing_burst})
        return None
