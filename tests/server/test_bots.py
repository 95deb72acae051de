"""Bots: they see only their seat's view, think off the reactor, and survive their worker dying."""

import os
import signal

import pytest_twisted

from engine import SeatView, options_for_view, view, waiting_for
from tests.support.audit import states_by_seq
from tests.support.autoplay import AutoPlayer, calm_decision
from tests.support.gated_bots import GATE_ENV, WORKER, GatedBot
from tests.support.live_host import connect, wait_until
from tichu_lan.server import Pacing
from tichu_lan.server.botrunner import InlineBot
from tichu_lan.records.journal import read_journal


def test_pauses_depend_on_public_events_only():
    pacing = Pacing(bot_delay=1.0, trick_pause=2.0, round_pause=5.0)
    assert pacing.delay_after(frozenset()) == 1.0
    assert pacing.delay_after({"played", "passed"}) == 1.0
    assert pacing.delay_after({"passed", "trick_won"}) == 3.0
    assert pacing.delay_after({"trick_won", "round_ended", "round_started"}) == 6.0


class RecordingBot:
    """A calm random bot that keeps every view it was shown."""

    level = "recording"
    shown: list = []

    def __init__(self, seed=0, *, time_cap=None):
        import random
        self.rng = random.Random(seed)

    def decide(self, view):
        RecordingBot.shown.append(view)
        return calm_decision(view, self.rng) if options_for_view(view).waiting else None



@pytest_twisted.ensureDeferred
async def test_bots_see_only_their_own_views_and_are_all_asked_after_every_change(hosts,
                                                                                 bot_levels):
    bot_levels(recording=RecordingBot)
    RecordingBot.shown = []
    host = hosts(inline_levels=frozenset({"random", "recording"}))
    ann = await connect(host.port, "Ann")
    seating = await ann.create_table("bots", "classic", 500, bot_level="recording")
    for seat in (1, 2, 3):
        await ann.add_bot(seat)
    await ann.start()
    player = AutoPlayer(ann)
    await wait_until(lambda: ann.seq >= 40)
    player.stop()
    await wait_until(lambda: player.idle)
    table = host.lobby.get(seating.table)
    moves = [r["action"] for r in read_journal(table.journal.path).records
             if r["kind"] == "action"]
    states = states_by_seq(table.rules, table.seed, moves)
    shown = RecordingBot.shown
    assert all(isinstance(v, SeatView) for v in shown)
    for seat in (1, 2, 3):
        true_views = [view(state, seat) for state in states]
        mine = [v for v in shown if v.seat == seat]
        assert mine and all(v in true_views for v in mine)
    per_seat = {seat: sum(v.seat == seat for v in shown) for seat in (1, 2, 3)}
    assert max(per_seat.values()) - min(per_seat.values()) <= 1, per_seat
    assert {v.seat for v in shown} == {1, 2, 3}
    await ann.close()


def test_an_inline_bot_that_raises_fails_its_deferred():
    bot = InlineBot("random", 0)
    bot.bot = type("Broken", (), {"decide": lambda self, view: 1 / 0})()
    failure = []
    bot.decide(None).addErrback(failure.append)
    assert "ZeroDivisionError" in failure[0].getErrorMessage()


@pytest_twisted.ensureDeferred
async def test_a_slow_bot_thinks_in_a_worker_while_the_host_serves_everyone(hosts, tmp_path,
                                                                           monkeypatch, bot_levels):
    bot_levels(gated=GatedBot)
    gate = tmp_path / "gate"
    monkeypatch.setenv(GATE_ENV, str(gate))
    host = hosts(bot_workers=1, bot_worker=WORKER)
    ann = await connect(host.port, "Ann")
    slow = await ann.create_table("slow", "duel", 500)
    await ann.add_bot(1, "gated")
    await ann.start()
    AutoPlayer(ann)
    table = host.lobby.get(slow.table)
    await wait_until(lambda: table.seats[1].bot.pending and waiting_for(table.game) == (1,))
    seq = table.seq

    bob = await connect(host.port, "Bob")                # meanwhile, elsewhere on the host
    await bob.create_table("fast", "duel", 500)
    await bob.add_bot(1, "random")
    await bob.start()
    AutoPlayer(bob, seed=1)
    await wait_until(lambda: bob.seq >= 30)
    assert (await ann.ping()).TYPE == "pong"
    assert table.seq == seq and table.seats[1].bot.pending   # still thinking

    worker = host.runner.pool.workers[0]
    assert worker.transport.pid != os.getpid()
    gate.touch()
    await wait_until(lambda: table.seq > seq)
    for client in (ann, bob):
        await client.close()


@pytest_twisted.ensureDeferred
async def test_a_dead_worker_is_replaced_and_the_game_goes_on(hosts, host_log):
    host = hosts(bot_workers=1, inline_levels=frozenset())
    ann = await connect(host.port, "Ann")
    await ann.create_table("t", "duel", 500)
    await ann.add_bot(1, "random")
    await ann.start()
    AutoPlayer(ann)
    await wait_until(lambda: ann.seq >= 10)
    first = host.runner.pool.workers[0].transport.pid
    os.kill(first, signal.SIGKILL)
    await wait_until(lambda: any("bot worker 0 stopped" in line for line in host_log))
    seq = ann.seq
    await wait_until(lambda: ann.seq >= seq + 20)
    assert host.runner.pool.workers[0].transport.pid != first
    await ann.close()
