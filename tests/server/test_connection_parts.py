"""A connection's parts alone: its deadlines (`Deadlines`) and how often it may ask
(`RequestLimits`)."""

from __future__ import annotations

from enum import Enum

from twisted.internet.task import Clock

from tichu_lan.server import Limits
from tichu_lan.server.deadlines import Deadlines
from tichu_lan.server.limits import RequestLimits


class Due(Enum):
    A = "a"
    B = "b"


def test_a_deadline_feeds_its_event_once_unless_cleared_or_moved():
    clock, fed = Clock(), []
    deadlines: Deadlines[Due] = Deadlines(clock, fed.append)
    deadlines.set(Due.A, 10)
    deadlines.set(Due.A, 1)                         # running already: it stays at 10
    deadlines.set(Due.B, 5)
    clock.advance(5)
    assert fed == [Due.B] and deadlines.running(Due.A) and not deadlines.running(Due.B)
    deadlines.reset(Due.A, 10)                      # from now
    deadlines.reset(Due.B, 1)                       # not running: nothing
    clock.advance(9.9)
    assert fed == [Due.B]
    clock.advance(0.1)
    assert fed == [Due.B, Due.A] and clock.getDelayedCalls() == []
    deadlines.set(Due.A, 1)
    deadlines.set(Due.B, 1)
    deadlines.clear(Due.A)
    clock.advance(1)
    assert fed == [Due.B, Due.A, Due.B]
    deadlines.set(Due.A, 1)
    deadlines.set(Due.B, 1)
    deadlines.clear()
    clock.advance(1)
    assert fed == [Due.B, Due.A, Due.B] and clock.getDelayedCalls() == []


def test_a_burst_then_the_rate_and_a_flood_past_a_burst_of_refusals():
    limits = RequestLimits(Limits(rate=2.0, burst=3), 0.0)
    assert [limits.refusal("ping", 0.0) for _ in range(3)] == [None] * 3
    codes = [limits.refusal("ping", 0.0).code for _ in range(4)]
    assert codes == ["rate_limited"] * 3 + ["flood"]
    assert limits.refusal("ping", 0.0).params == {"burst": 3}
    assert limits.refusal("ping", 10.0) is None     # refilled, and no longer flooding


def test_the_list_of_tables_has_its_own_rate_besides():
    limits = RequestLimits(Limits(rate=100.0, burst=100, listing_rate=1.0, listing_burst=2), 0.0)
    assert [limits.refusal("list_tables", 0.0) for _ in range(2)] == [None, None]
    refusal = limits.refusal("list_tables", 0.0)
    assert refusal.code == "rate_limited" and refusal.params == {"rate": 1.0, "burst": 2}
    assert limits.refusal("ping", 0.0) is None      # other requests are not held up
    assert limits.refusal("list_tables", 1.0) is None
