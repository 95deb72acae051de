"""The attacks of scripts/attack_host, small, against a host in this process: what must hold
under each (an honest table plays on, nobody honest is cut off, a newcomer gets in). The
figures (memory, latency) are the script's to measure, not the tests'."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import pytest
import pytest_twisted
from twisted.internet import defer, task

from tests.support.attack_kit import HonestTable, newcomer
from tests.support.attacks import (damaged_journal, fill_up, guesses, listings, no_grace,
                                   smaller, squat, words)
from tests.support.live_host import wait_until
from engine import RuleSet
from tichu_lan.protocol import CHAT_MAX, NAME_MAX
from tichu_lan.server.host_config import TableOptions
from tichu_lan.records.journal import read_journal
from tichu_lan.host_messages import ConnectionNotice
from tichu_lan.records.meta import TableName
from tests.support.typed_host import said


class LocalArena:
    """A host in this process (through the ``hosts`` fixture) with an honest table at it."""

    def __init__(self, hosts: Any, options: dict[str, Any] | None = None, **limits: Any) -> None:
        """``options``: the host's, besides its ``limits``."""
        self.hosts, self.limits, self.options = hosts, limits, options or {}
        self.host = hosts(limits=limits, grace=0.0, **self.options)
        self.port = self.host.port
        self.table = HonestTable()
        self.honest_table = -1

    async def start(self) -> LocalArena:
        await self.table.sit(self.port, think=(0.0, 0.02))
        self.honest_table = self.table.table
        return self

    async def honest(self) -> dict[str, Any]:
        for client in self.table.clients:      # all the host told them before has arrived
            with contextlib.suppress(Exception):
                await client.ping()
        chats = [m for p in self.table.players for m in p.chats]
        notices = [m for p in self.table.players for m in p.notices]
        return {"lost": self.table.lost, "notices": len(notices),
                "last_notice": notices[-1].to_dict() if notices else None,
                "chats_shown": len(chats),
                "longest_chat": max((len(m.text) for m in chats), default=0),
                "longest_name": max((len(m.name) for m in chats), default=0)}

    async def drop_honest(self) -> bool:
        client = self.table.clients[0]
        restored = client.wait_for(said(ConnectionNotice, state="restored"), timeout=15)
        client.drop()
        try:
            await restored
        except Exception:
            return False
        return client.seating is not None and client.seating.seat == 0

    async def restart(self, damage=None) -> None:
        await self.hosts.stop(self.host)
        if damage is not None:
            damage(self.journal())
        self.host = self.hosts(resume=True, limits=self.limits, grace=0.0, port=self.port,
                               **self.options)

    def journal(self) -> Path:
        for path in self.host.services.journal_dir.glob("*.journal"):
            if read_journal(path).records[0].get("id") == self.honest_table:
                return path
        raise AssertionError("the honest table has no journal")

    async def moves_on(self) -> bool:
        """The honest table still plays."""
        seq = self.table.clients[0].seq
        await wait_until(lambda: self.table.clients[0].seq > seq)
        return True


@pytest.fixture
def arena(hosts):
    made = LocalArena(hosts)
    pytest_twisted.blockon(defer.ensureDeferred(made.start()))
    yield made
    pytest_twisted.blockon(defer.ensureDeferred(made.table.leave()))


def held_at_most(host) -> task.LoopingCall:
    """Samples the most the host holds for any one connection, into ``.peak``."""
    def sample():
        looping.peak = max([looping.peak, *(c.outbox.held for c in host.factory.connections)])
    looping = task.LoopingCall(sample)
    looping.peak = 0
    looping.start(0.02)
    return looping


@pytest_twisted.ensureDeferred
async def test_unread_listings_hold_the_host_to_its_limit_and_the_table_plays_on(hosts):
    """Without the listing's own rate limit, so that the output limit is what holds them."""
    arena = await LocalArena(hosts, listing_rate=1000.0, listing_burst=1000).start()
    for n in range(60):                            # a long listing
        arena.host.lobby.create(TableName(f"busy table {n}"), RuleSet("classic", 1000),
                                TableOptions(), None)
    sampler = held_at_most(arena.host)
    done = await listings(arena, connections=12, sources=3, seconds=3.0)
    sampler.stop()
    assert done["cut"] > 0                         # cut at their limit, and back for more
    assert 0 < sampler.peak <= arena.host.config.limits.output
    assert (await arena.honest())["lost"] == 0 and await arena.moves_on()
    assert (await newcomer(arena.port))["seated"]
    await arena.table.leave()


@pytest_twisted.ensureDeferred
async def test_unread_listings_at_the_listing_rate_never_reach_the_host_s_memory(arena):
    done = await listings(arena, connections=12, sources=3, seconds=2.0)
    assert done["requests"] > 300 and done["cut"] == 0
    assert (await arena.honest())["lost"] == 0 and await arena.moves_on()
    assert (await newcomer(arena.port))["seated"]


@pytest_twisted.ensureDeferred
async def test_many_readers_of_the_lobby_slow_no_one_down_enough_to_lose_them(arena):
    done = await listings(arena, connections=40, sources=4, seconds=2.0, reads=True)
    assert done["connections"] == 40
    assert (await arena.honest())["lost"] == 0 and await arena.moves_on()
    assert (await newcomer(arena.port))["seated"]


@pytest_twisted.ensureDeferred
async def test_a_squatter_cannot_keep_the_tables_and_they_do_not_come_back(hosts):
    arena = await LocalArena(hosts, tables=12, tables_per_address=4).start()
    done = await squat(arena, tables=20, others=3)
    assert done["squatter"]["seated"] == 20        # each one makes room for the next
    assert done["newcomers_seated"] == done["newcomers"] == 4
    assert done["squat_tables_resumed"] == 0
    assert (await arena.honest())["lost"] <= 4     # the restart itself, and nothing else
    await arena.table.leave()


@pytest_twisted.ensureDeferred
async def test_hostile_words_reach_everyone_cut_to_size_and_cut_nobody_off(arena):
    done = await words(arena, attackers=4, chats=200, names=30)
    assert done["lost"] == 0 and done["chats_shown"] > 0
    assert done["longest_chat"] <= CHAT_MAX and done["longest_name"] <= NAME_MAX
    assert done["answers"].get("too_long", 0) > 0 and done["answers"].get("ok", 0) > 0
    assert "internal" not in done["answers"]
    assert await arena.moves_on()


@pytest.mark.parametrize("busy", [False, True], ids=["idle", "busy"])
@pytest_twisted.ensureDeferred
async def test_a_full_host_lets_the_seated_back_and_makes_room_for_a_newcomer(hosts, busy):
    # Idle holders make room by being idle; busy ones because their addresses hold more
    # than the newcomer's share.
    arena = await LocalArena(hosts, per_address=4, connections=40, evict_idle=0.5).start()
    done = await fill_up(arena, sources=12, per_address=4, busy=busy, returns=3, idle=1.0,
                         every=0.2)
    assert done["held"] >= 30 and done["returned"] == 3
    assert done["newcomer"]["seated"] and done["evicted"] > 0
    assert (await arena.honest())["lost"] == 3     # the 3 drops, nobody else
    await arena.table.leave()


@pytest_twisted.ensureDeferred
async def test_grace_zero_is_no_grace(arena):
    assert (await no_grace(arena))["bot_took_over"]


@pytest_twisted.ensureDeferred
async def test_guessing_passwords_is_slowed_to_a_crawl(arena):
    done = await guesses(arena, connections=6, sources=3, seconds=1.5)
    assert done["checked"] <= 20 + 3 * 5           # the free ones, per table and address
    assert done["answers"]["too_many_guesses"] > done["checked"]


@pytest_twisted.ensureDeferred
async def test_a_damaged_journal_is_resumed_and_all_four_are_told(arena):
    await wait_until(lambda: arena.table.clients[0].seq >= 60, timeout=60)
    done = await damaged_journal(arena)
    assert done["told"] == 4 and done["notice"]["code"] == "journal_damaged"
    assert await arena.moves_on()


@pytest_twisted.ensureDeferred
async def test_the_smaller_ones(arena):
    done = await smaller(arena)
    assert done == {"config_mode": "0o600", "duplicate_key": ["bad_frame"],
                    "timestamp": ["bad_frame"]}
