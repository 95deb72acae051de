"""The lobby: tables, seats, passwords, limits, and the summary other parts listen to."""

import pytest_twisted
from twisted.internet import defer

from tests.support.live_host import connect, wait_until
from tests.support.raw import raw_connect
from tichu_lan.host_messages import Lobby
from tichu_lan.table_info import SeatInfo
from tichu_lan.protocol import HostError
from tichu_lan.server import LobbySummary


async def refused(d):
    failure = await d.addErrback(lambda f: f.value)
    assert isinstance(failure, HostError), failure
    return failure.code


@pytest_twisted.ensureDeferred
async def test_tables_seats_and_passwords(host):
    ann = await connect(host.port, "  Ann\x07 ")
    assert await refused(ann.create_table("x" * 33)) == "too_long"
    assert await refused(ann.create_table("t", target=10)) == "bad_value"
    assert await refused(ann.create_table("t", bot_level="genius")) == "unknown_bot_level"
    seating = await ann.create_table("Friday", "duel", 500, password="s3cret", seat=1)
    assert seating.seat == 1 and ann.table.password is True
    assert ann.table.seats[1].name == "Ann"
    assert await refused(ann.create_table("again")) == "already_at_table"

    bob = await connect(host.port, "Bob")
    (listed,) = await bob.list_tables()
    assert listed.name == "Friday" and listed.open_seats == 1 and listed.seed is None
    assert await refused(bob.join(seating.table)) == "wrong_password"
    assert await refused(bob.join(seating.table, password="nope")) == "wrong_password"
    assert await refused(bob.join(seating.table, seat=1, password="s3cret")) == "seat_taken"
    assert await refused(bob.join(seating.table, seat=3, password="s3cret")) == "no_such_seat"
    assert await refused(bob.join(99)) == "no_such_table"
    assert (await bob.join(seating.table, password="s3cret")).seat == 0
    cat = await connect(host.port, "Cat")
    assert await refused(cat.join(seating.table, password="s3cret")) == "table_full"

    assert await refused(ann.add_bot(0)) == "seat_taken"
    assert await refused(ann.remove_bot(0)) == "not_a_bot"
    assert await refused(cat.start()) == "not_seated"
    await bob.leave()
    assert await refused(ann.start()) == "seats_empty"
    await ann.add_bot(0, "random")
    assert ann.table.seats[0] == SeatInfo(seat=0, kind="bot", name="random bot",
                                          connected=False, bot="random")
    await ann.remove_bot(0)
    await ann.add_bot(0)
    await ann.start()
    assert await refused(ann.start()) == "already_started"
    assert await refused(ann.remove_bot(0)) == "already_started"
    for client in (ann, bob, cat):
        await client.close()


@pytest_twisted.ensureDeferred
async def test_watchers_and_listeners_hear_of_every_change(host):
    summaries = []
    unsubscribe = host.subscribe(summaries.append)
    watcher = await connect(host.port, "Eve")
    assert await watcher.list_tables(watch=True) == ()
    ann = await connect(host.port, "Ann")
    await ann.create_table("one", "classic", 1000)
    await watcher.wait_for(lambda m: isinstance(m, Lobby) and len(m.tables) == 1)
    assert summaries[-1] == LobbySummary(tables=1, open_seats=3, players=1,
                                         rule_sets=("classic",))
    bob = await connect(host.port, "Bob")
    await bob.create_table("two", "duel", 333)
    assert host.summary() == LobbySummary(2, 4, 2, ("classic", "duel"))
    assert host.summary().to_dict() == {"tables": 2, "open_seats": 4, "players": 2,
                                        "rule_sets": ["classic", "duel"]}
    from tichu_lan.discovery.txt import HostSummary
    announced = HostSummary(host.summary().tables, host.summary().open_seats,
                            host.summary().rule_sets)                # what discovery takes
    assert announced.rule_sets == ("classic", "duel")
    await bob.leave()
    await watcher.wait_for(lambda m: isinstance(m, Lobby) and len(m.tables) == 1)
    assert summaries[-1].tables == 1
    unsubscribe()
    count = len(summaries)
    await ann.leave()
    assert len(summaries) == count and host.summary().tables == 0
    for client in (watcher, ann, bob):
        await client.close()


@pytest_twisted.ensureDeferred
async def test_limits_on_tables_and_connections(hosts):
    host = hosts(limits={"tables": 2, "per_address": 3})
    clients = [await connect(host.port, f"p{i}") for i in range(3)]
    await clients[0].create_table("a")
    await clients[1].create_table("b")
    assert await refused(clients[2].create_table("c")) == "too_many_tables"
    raw = await raw_connect(host.port)
    await raw.wait_closed()
    (error,) = raw.messages()
    assert error["code"] == "too_many_connections" and "3 connections" in error["message"]
    await clients[2].close()
    await wait_until(lambda: host.addresses.open == 2)
    again = await connect(host.port, "p3")                 # room again
    for client in clients[:2] + [again]:
        await client.close()


@pytest_twisted.ensureDeferred
async def test_a_burst_of_seat_changes_reaches_watchers_as_one_listing(host):
    watcher = await connect(host.port, "Eve")
    await watcher.list_tables(watch=True)
    listings = []
    watcher.subscribe(lambda m: listings.append(m) if isinstance(m, Lobby) else None)
    ann = await connect(host.port, "Ann")
    await ann.create_table("one", "classic", 1000)
    await defer.gatherResults([ann.add_bot(seat, "random") for seat in (1, 2, 3)])
    await watcher.wait_for(lambda m: isinstance(m, Lobby) and bool(m.tables) and [
        s.kind for s in m.tables[0].seats].count("bot") == 3)
    assert len(listings) < 4               # the opening and three bots: fewer listings
    for client in (watcher, ann):
        await client.close()
