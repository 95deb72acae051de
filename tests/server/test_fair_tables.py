"""Fair shares of tables: per address and per person, waiting tables nobody is at close, and
a newcomer can always open a table once a squatter has gone."""

from __future__ import annotations

import pytest_twisted

from tests.support.hostile import raw_connect_from
from tests.support.live_host import connect, wait_until
from tichu_lan.records.journal import read_journal


async def squat(port: int, source: str, count: int, start: bool = False) -> list[str]:
    """Open ``count`` tables from ``source``, one connection at a time, each left at once
    (the seat stays the squatter's, nobody is connected). The answers' codes."""
    codes = []
    for i in range(count):
        raw = await raw_connect_from(port, source)
        raw.hello(f"squat{i}")
        await raw.wait_message(lambda m: m["type"] == "welcome")
        raw.send({"type": "create_table", "id": 2, "name": f"mine {i}", "variant": "duel",
                  "target": 500, "grace": 0.0})
        answer = await raw.wait_message(lambda m: m.get("id") == 2)
        codes.append(answer.get("code", answer["type"]))
        if start and answer["type"] == "seated":
            raw.send({"type": "add_bot", "id": 3, "seat": 1})
            raw.send({"type": "start", "id": 4})
            await raw.wait_message(lambda m: m.get("id") == 4)
        raw.transport.loseConnection()
        await raw.wait_closed()
    return codes


def journals(data_dir):
    return sorted((data_dir / "journals").glob("*.journal"))


@pytest_twisted.ensureDeferred
async def test_one_address_opens_its_share_and_a_newcomer_there_still_can_once_it_has_gone(
        hosts, data_dir):
    host = hosts(limits={"tables_per_address": 3, "tables": 10})
    codes = await squat(host.port, "127.0.4.1", 5)
    assert codes[:3] == ["seated"] * 3
    assert len(host.lobby.tables) == 3                  # the other two made room for themselves
    await wait_until(lambda: all(not any(s.member for s in t.seats)
                                 for t in host.lobby.tables.values()))
    neighbour = await raw_connect_from(host.port, "127.0.4.1")
    neighbour.hello("Ann")
    neighbour.send({"type": "create_table", "id": 2, "name": "ours", "variant": "classic",
                    "target": 1000})
    seated = await neighbour.wait_message(lambda m: m.get("id") == 2)
    assert seated["type"] == "seated" and len(host.lobby.tables) == 3
    elsewhere = await connect(host.port, "Bob")
    assert (await elsewhere.create_table("another", "duel", 100)).seat == 0
    await elsewhere.close()
    neighbour.transport.loseConnection()


@pytest_twisted.ensureDeferred
async def test_tables_of_an_address_that_people_are_at_are_not_taken(hosts):
    host = hosts(limits={"tables_per_address": 2})
    ann, bob, cat = [await connect(host.port, name) for name in ("Ann", "Bob", "Cat")]
    await ann.create_table("a", "duel", 100)
    await bob.create_table("b", "duel", 100)
    refused = await cat.create_table("c", "duel", 100).addErrback(lambda f: f.value)
    assert refused.code == "too_many_tables" and refused.params == {"count": 2, "per": "address"}
    for client in (ann, bob, cat):
        await client.close()


@pytest_twisted.ensureDeferred
async def test_one_connection_opens_at_most_its_share(hosts):
    """Ann opens two tables and leaves each to a friend: both stay open, and count as hers."""
    host = hosts(limits={"tables_per_person": 2})
    ann = await connect(host.port, "Ann")
    friends = [await connect(host.port, name) for name in ("Bob", "Cat")]
    for name, friend in zip(("one", "two"), friends, strict=True):
        seating = await ann.create_table(name, "duel", 100)
        await friend.join(seating.table)
        await ann.leave()
    assert len(host.lobby.tables) == 2
    refused = await ann.create_table("three", "duel", 100).addErrback(lambda f: f.value)
    assert refused.code == "too_many_tables" and refused.params == {"count": 2, "per": "person"}
    for client in (ann, *friends):
        await client.close()


@pytest_twisted.ensureDeferred
async def test_a_waiting_table_nobody_is_at_closes_after_its_time(hosts, data_dir):
    host = hosts(limits={"unattended": 0.3})
    ann = await connect(host.port, "Ann")
    seating = await ann.create_table("soon gone", "duel", 100)
    assert len(journals(data_dir)) == 1
    ann.reconnect = False
    ann.drop()
    await wait_until(lambda: seating.table not in host.lobby.tables)
    assert journals(data_dir) == []


@pytest_twisted.ensureDeferred
async def test_a_waiting_table_someone_returns_to_in_time_stays(hosts):
    host = hosts(stepped=True, limits={"unattended": 0.5})
    ann = await connect(host.port, "Ann", reconnect=False)
    seating = await ann.create_table("stays", "duel", 100)
    table = host.lobby.get(seating.table)
    for _ in range(3):                                  # away 0.3 s each time, 0.9 s in all
        ann.drop()
        await wait_until(lambda: table.seats[0].member is None)
        host.reactor.advance(0.3)
        await ann.connect()
    assert seating.table in host.lobby.tables
    (path,) = journals(host.services.journal_dir.parent)
    assert not read_journal(path).unattended
    await ann.close()


@pytest_twisted.ensureDeferred
async def test_resume_leaves_out_waiting_tables_nobody_was_at_and_keeps_the_others(
        hosts, data_dir):
    host = hosts()
    await squat(host.port, "127.0.4.2", 2)              # two left behind
    ann = await connect(host.port, "Ann")
    kept = await ann.create_table("Ann waits here", "classic", 1000)
    started = await squat(host.port, "127.0.4.3", 1, start=True)
    assert started == ["seated"]
    await wait_until(lambda: len(host.lobby.tables) == 4)
    ann.reconnect = False
    await hosts.stop(host)
    again = hosts(resume=True)
    names = sorted(t.name.given for t in again.lobby.tables.values())
    assert names == ["Ann waits here", "mine 0"]        # the started one plays on
    assert kept.table in again.lobby.tables
    assert len(journals(data_dir)) == 2


@pytest_twisted.ensureDeferred
async def test_a_full_host_closes_an_abandoned_table_for_a_newcomer_but_not_a_game_too_soon(
        hosts):
    host = hosts(stepped=True, limits={"tables": 3, "tables_per_address": 10, "unattended": 0.5})
    await squat(host.port, "127.0.4.4", 3, start=True)  # three games, bots for the squatters
    await wait_until(lambda: all(s.bot is not None for t in host.lobby.tables.values()
                                 for s in t.seats))
    ann = await connect(host.port, "Ann")
    refused = await ann.create_table("mine", "duel", 100).addErrback(lambda f: f.value)
    assert refused.code == "too_many_tables" and "per" not in refused.params
    host.reactor.advance(0.6)
    seating = await ann.create_table("mine", "duel", 100)
    assert seating.table in host.lobby.tables and len(host.lobby.tables) == 3
    await ann.close()


@pytest_twisted.ensureDeferred
async def test_grace_zero_means_a_bot_takes_over_at_once(host):
    ann = await connect(host.port, "Ann")
    seating = await ann.create_table("no grace", "duel", 100, grace=0.0)
    await ann.add_bot(1)
    await ann.start()
    table = host.lobby.get(seating.table)
    assert table.options.grace == 0.0
    ann.reconnect = False
    ann.drop()
    await wait_until(lambda: table.seats[0].bot is not None, timeout=2)
    assert table.seats[0].bot.stand_in and table.seats[0].token is not None
