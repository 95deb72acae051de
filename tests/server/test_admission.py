"""Who gets a connection when the host is full: idle guests without a seat make room, and a
person coming back to their seat is always let in."""

from __future__ import annotations

from dataclasses import dataclass

import pytest_twisted

from tests.support.hostile import welcomed_from
from tests.support.live_host import connect, seat_clients, wait_until
from tichu_lan.server import Limits
from tichu_lan.server.admission import Admission, Verdict
from tichu_lan.host_messages import ConnectionNotice
from tests.support.typed_host import said


@dataclass(eq=False)
class Guest:
    address: str
    idle_since: float = 0.0
    holds_place: bool = False
    evicted: bool = False

    def evict(self) -> None:
        self.evicted = True


def test_a_full_address_makes_room_from_its_own_idle_guests_only():
    admission = Admission(Limits(per_address=2, connections=100, evict_idle=5.0))
    mine = [Guest("10.0.0.1", idle_since=t) for t in (1.0, 0.0)]
    other = Guest("10.0.0.2", idle_since=-50.0)
    for guest in (*mine, other):
        assert admission.admit(guest, 0.0) is Verdict.ADMITTED
    assert admission.admit(Guest("10.0.0.1"), 4.0) is Verdict.REFUSED    # nobody idle 5 s yet
    newcomer = Guest("10.0.0.1", idle_since=10.0)
    assert admission.admit(newcomer, 10.0) is Verdict.ADMITTED
    assert [g.evicted for g in mine] == [False, True] and not other.evicted
    assert admission.counts == {"10.0.0.1": 2, "10.0.0.2": 1} and admission.open == 3


def test_a_full_host_evicts_from_the_busiest_address_and_never_a_seat():
    admission = Admission(Limits(per_address=10, connections=4, evict_idle=5.0))
    seated = Guest("10.0.0.1", idle_since=-100.0, holds_place=True)
    busy = [Guest("10.0.0.2", idle_since=t) for t in (-10.0, -20.0)]
    lone = Guest("10.0.0.3", idle_since=-90.0)
    for guest in (seated, *busy, lone):
        admission.admit(guest, 0.0)
    assert admission.admit(Guest("10.0.0.4"), 0.0) is Verdict.ADMITTED
    assert [seated.evicted, busy[0].evicted, busy[1].evicted, lone.evicted] == [
        False, False, True, False]


def test_a_full_host_with_nobody_idle_lets_only_a_returning_seat_in():
    admission = Admission(Limits(per_address=10, connections=2, evict_idle=5.0, probation=3))
    for guest in (Guest("10.0.0.1", 9.0), Guest("10.0.0.2", 9.0)):
        admission.admit(guest, 10.0)
    back = Guest("10.0.0.3", holds_place=True)
    assert admission.admit(back, 10.0) is Verdict.PROBATION and admission.on_probation(back)
    admission.seated(back)                     # its token got its seat back: counted, past 2
    assert not admission.on_probation(back) and admission.open == 3
    waiting = [Guest(f"10.0.1.{i % 2}", 10.0) for i in range(3)]
    verdicts = [admission.admit(g, 10.0) for g in waiting]
    assert verdicts == [Verdict.PROBATION, Verdict.PROBATION, Verdict.PROBATION]
    assert admission.admit(Guest("10.0.1.0"), 10.0) is Verdict.REFUSED   # the pool is full
    admission.release(waiting[0])
    assert admission.admit(Guest("10.0.1.0"), 10.0) is Verdict.PROBATION
    assert admission.admit(Guest("10.0.1.0"), 10.0) is Verdict.REFUSED   # 2 for one address


def test_a_full_host_with_nobody_idle_takes_a_slot_from_an_address_over_its_share():
    admission = Admission(Limits(per_address=10, connections=5, evict_idle=5.0))
    seated = Guest("10.0.0.1", idle_since=9.0, holds_place=True)
    busy = [Guest("10.0.0.1", idle_since=t) for t in (9.5, 9.0, 9.8)]
    other = Guest("10.0.0.2", idle_since=8.0)
    for guest in (seated, *busy, other):
        assert admission.admit(guest, 10.0) is Verdict.ADMITTED
    newcomer = Guest("10.0.0.3", idle_since=10.0)
    assert admission.admit(newcomer, 10.0) is Verdict.ADMITTED       # nobody idle 5 s
    assert [g.evicted for g in (seated, *busy, other)] == [False, False, True, False, False]
    assert admission.counts == {"10.0.0.1": 3, "10.0.0.2": 1, "10.0.0.3": 1}
    # 10.0.0.1 keeps 3 (one of them seated): more than a second newcomer's address would
    # hold, so it gives up another; once every address is at its share, nobody is taken.
    assert admission.admit(Guest("10.0.0.3", idle_since=10.0), 10.0) is Verdict.ADMITTED
    assert admission.counts == {"10.0.0.1": 2, "10.0.0.2": 1, "10.0.0.3": 2}
    assert admission.admit(Guest("10.0.0.3", idle_since=10.0), 10.0) is Verdict.PROBATION
    assert admission.admit(Guest("10.0.0.1", idle_since=10.0), 10.0) is Verdict.PROBATION
    assert not seated.evicted and not other.evicted


SQUATTERS = [f"127.0.3.{i}" for i in range(1, 5)]


async def fill(port: int, count: int, per_address: int):
    """``count`` welcomed raw connections from the squatters' addresses, idle but for pings."""
    raws = []
    for i in range(count):
        raws.append(await welcomed_from(port, SQUATTERS[i // per_address], f"squat{i}"))
    return raws


@pytest_twisted.ensureDeferred
async def test_idle_squatters_make_room_for_a_newcomer(hosts):
    host = hosts(stepped=True, limits={"per_address": 4, "connections": 12, "evict_idle": 0.3})
    raws = await fill(host.port, 12, 4)
    assert all(r.messages()[-1]["type"] == "welcome" for r in raws)
    host.reactor.advance(0.4)                      # longer than evict_idle
    newcomer = await connect(host.port, "Ann")
    seating = await newcomer.create_table("mine", "duel", 100)
    assert seating.seat == 0
    evicted = [r for r in raws if any(m.get("code") == "evicted" for m in r.messages())]
    await wait_until(lambda: all(r.is_closed for r in evicted))
    assert len(evicted) == 1 and host.addresses.open == 12
    await newcomer.close()
    for raw in raws:
        raw.transport.loseConnection()


@pytest_twisted.ensureDeferred
async def test_a_seated_player_always_gets_back_in_and_a_newcomer_takes_a_squatters_slot(hosts):
    """Every slot is held by guests that keep busy (never idle long enough to be evicted):
    the player who drops comes back with the token, 5 times of 5; a newcomer without one
    gets in at the cost of one squatting connection (its address holds more than the
    newcomer's); a squatter's own address, at its limit, is refused."""
    host = hosts(limits={"per_address": 4, "connections": 10, "evict_idle": 3600.0})
    (ann, bob) = await seat_clients(host.port, 2, variant="duel", target=500)
    raws = await fill(host.port, 8, 4)
    assert host.addresses.open == 10
    for _ in range(5):
        restored = ann.wait_for(said(ConnectionNotice, state="restored"), timeout=10)
        ann.drop()
        await restored
        assert ann.seating.seat == 0 and ann.view is not None
    stranger = await connect(host.port, "Cat")
    assert (await stranger.create_table("Cat's", "duel", 100)).seat == 0
    evicted = [r for r in raws if any(m.get("code") == "evicted" for m in r.messages())]
    await wait_until(lambda: all(r.is_closed for r in evicted))
    assert len(evicted) == 1 and host.addresses.open == 10
    assert bob.connected and ann.connected
    full_address = next(a for a in SQUATTERS[:2] if host.addresses.counts[a] == 4)
    again = await welcomed_from(host.port, full_address, "squat again")
    assert again.messages()[-1].get("code") == "too_many_connections"
    for client in (ann, bob, stranger):
        await client.close()
    for raw in raws:
        raw.transport.loseConnection()
