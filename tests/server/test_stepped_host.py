"""The stepped host of tests/support/stepped_time.py, which the tests that assert an absence
rely on: its timers wait for the test's step and all run inside it; what has no delay runs
by itself."""

import pytest_twisted
from twisted.internet import defer

from tests.support.live_host import LOOPBACK, wait_until
from tests.support.stepped_time import SteppedReactor
from tichu_lan.client import TichuClient


@pytest_twisted.ensureDeferred
async def test_a_timer_waits_for_the_step_and_what_has_no_delay_runs_by_itself():
    from twisted.internet import reactor
    stepped, fired = SteppedReactor(reactor), []
    stepped.callLater(5.0, fired.append, "timer")
    now: defer.Deferred[str] = defer.Deferred()
    stepped.callLater(0, now.callback, "now")
    assert await now == "now" and fired == []
    stepped.advance(4.99)
    assert fired == []
    stepped.advance(0.01)
    assert fired == ["timer"] and stepped.seconds() == 5.0


@pytest_twisted.ensureDeferred
async def test_a_stepped_host_hands_a_seat_to_a_bot_when_the_grace_period_is_stepped_past(hosts):
    host = hosts(stepped=True)
    ann = TichuClient(LOOPBACK, host.port, "Ann", reconnect=False)
    await ann.connect()
    seating = await ann.create_table("t", "duel", 500, grace=10.0)
    await ann.add_bot(1, "random")
    await ann.start()
    table = host.lobby.get(seating.table)
    ann.drop()
    await wait_until(lambda: table.seats[0].member is None)
    host.reactor.advance(9.99)
    assert table.seats[0].bot is None
    host.reactor.advance(0.01)
    assert table.seats[0].bot is not None and table.seats[0].bot.stand_in
