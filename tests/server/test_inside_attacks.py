"""Issue 25's attacks on what the host shares inside (tests/support/inside_attacks.py), small,
against a host in this process: what must hold under each. The figures are
scripts/attack_host's to measure."""

from __future__ import annotations

import pytest_twisted
from twisted.internet import task

from engine import RuleSet
from tests.server.test_attacks import LocalArena
from tests.support.attack_kit import newcomer
from tests.support.gated_bots import LEVELS, WORKER
from tests.support.inside_attacks import bot_burst, friend_logs_in, output_cap, seat_requests
from tichu_lan.server import Pacing
from tichu_lan.server.host_config import TableOptions
from tichu_lan.records.meta import TableName


@pytest_twisted.ensureDeferred
async def test_a_burst_of_tables_of_slow_bots_leaves_an_honest_table_s_bots_playing(hosts,
                                                                                   bot_levels):
    """Each burst table's bots would think to the host's 2 s cap if they could."""
    bot_levels(**LEVELS)
    arena = await LocalArena(hosts, {"bot_workers": 1, "bot_worker": WORKER,
                                     "pacing": Pacing(0.05, 0.0, 0.0, 0.0)}).start()
    done = await bot_burst(arena, sources=2, connections=4, seconds=4.0, burst=4.0, every=4.0,
                           level="stubborn", honest=("normal",), quiet=1.0)
    assert done["tables"]["started"] >= 8
    assert done["honest_bot_tables"]["normal"]["per_min_during"] > 0
    turns = arena.host.runner.pool.turns[0]
    assert turns.counts["dropped"] + turns.counts["hurried"] >= done["tables"]["started"]
    assert (await arena.honest())["lost"] == 0 and await arena.moves_on()
    await arena.table.leave()


@pytest_twisted.ensureDeferred
async def test_names_asking_for_a_seat_in_turn_give_the_owner_one_dialog(hosts):
    arena = await LocalArena(hosts, {"pacing": Pacing(0.2, 0.0, 0.0, 0.0)}).start()
    done = await seat_requests(arena, names=9, sources=3, hold=0.05)
    assert done["answers"].get("pending", 0) >= 6
    assert done["dialogs_opened"] == done["dialogs_at_once_most"] == 1
    assert done["still_listed_at_end"] == 0
    assert (await arena.honest())["lost"] == 0
    await arena.table.leave()


@pytest_twisted.ensureDeferred
async def test_the_owner_s_friend_gets_in_while_strangers_guess(hosts):
    arena = await LocalArena(hosts).start()
    done = await friend_logs_in(arena, guessers=3, connections=6, seconds=4.0, every=1.0)
    assert done["friend_tries"] >= 3 and done["friend_in"] == done["friend_tries"]
    assert done["checked"] <= 20 + 3 * 5
    await arena.table.leave()


@pytest_twisted.ensureDeferred
async def test_every_slot_held_at_its_output_cap_keeps_the_host_within_its_total(hosts):
    arena = await LocalArena(hosts, output_total=1024 * 1024,
                             per_address=8, connections=120, listing_rate=1000.0,
                             listing_burst=1000).start()
    for n in range(60):                                 # a long listing
        arena.host.lobby.create(TableName(f"busy table {n}"), RuleSet("classic", 1000),
                                TableOptions(), None)
    peak = []
    sampler = task.LoopingCall(lambda: peak.append(arena.host.output.total))
    sampler.start(0.02)
    done = await output_cap(arena, sources=12, per_address=8, seconds=6.0)
    sampler.stop()
    assert done["filled"] + done["cut while filling"] >= 96
    assert arena.host.output.cut > 0
    assert max(peak) <= 1024 * 1024
    assert (await arena.honest())["lost"] == 0 and await arena.moves_on()
    assert (await newcomer(arena.port))["seated"]
    await arena.table.leave()
