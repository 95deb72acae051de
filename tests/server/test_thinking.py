"""Bots' thinking shared fairly (thinking.Turns): turns by address then by table, decisions
nobody needs dropped before they are thought about, thinking cut short while others wait; and
the worker's side of it (bot_worker.Cuts), a decision cut short while it runs."""

from __future__ import annotations

import io
import math
import os
import threading

import msgpack
import pytest
import pytest_twisted

from engine import CLASSIC, new_game, options_for_view, view, view_to_dict
from engine.bots import extra_levels
from tests.support.attack_kit import answer, hostile
from tests.support.autoplay import AutoPlayer
from tests.support.gated_bots import LEVELS, WORKER, StubbornBot
from tests.support.live_host import connect, wait_until
from tichu_lan import protocol
from tichu_lan.server import bot_worker
from tichu_lan.server.thinking import PATIENCE, Asking, Decision, Turns

SEEN = view(new_game(CLASSIC, seed=1), 0)       # the Grand Tichu question: seat 0 must answer


class Thinker:
    """Records what it is told, and answers when the test says."""

    def __init__(self) -> None:
        self.begun: list[Decision] = []
        self.hurried: list[tuple[Decision, float]] = []

    def begin(self, decision: Decision) -> None:
        self.begun.append(decision)

    def hurry(self, decision: Decision) -> None:
        assert decision.cap is not None
        self.hurried.append((decision, decision.cap))


def ask(turns: Turns, address: str, table: int, bot: object = None,
        wanted=lambda: True) -> Decision:
    decision = Decision(Asking(address, table, wanted), bot if bot is not None else object(),
                        SEEN)
    turns.add(decision)
    return decision


def finish(turns: Turns, decision: Decision) -> None:
    turns.finished(decision)
    decision.done.callback(None)


def whose(decisions: list[Decision]) -> list[tuple[str, int]]:
    return [(d.asking.address, d.asking.table) for d in decisions]


def test_turns_go_round_the_addresses_then_round_each_address_s_tables():
    thinker = Thinker()
    turns = Turns(thinker, cap=2.0)
    for _ in range(3):
        for table in (1, 2, 3):
            ask(turns, "burst", table)
    ask(turns, "honest", 9)
    ask(turns, "honest", 9)
    while turns.running:
        finish(turns, turns.running[0])
    assert whose(thinker.begun) == [
        ("burst", 1), ("honest", 9), ("burst", 2), ("honest", 9), ("burst", 3),
        ("burst", 1), ("burst", 2), ("burst", 3), ("burst", 1), ("burst", 2), ("burst", 3)]


def behind_a_running_one():
    """A decision being thought about, and one waiting behind it that ``gone["yes"]`` makes
    unwanted."""
    thinker = Thinker()
    turns = Turns(thinker, cap=2.0)
    first = ask(turns, "a", 1)
    gone = {"yes": False}
    waiting = ask(turns, "b", 2, wanted=lambda: not gone["yes"])
    return thinker, turns, first, waiting, gone


def test_a_decision_nobody_wants_any_more_is_answered_without_thinking():
    thinker, turns, first, stale, gone = behind_a_running_one()
    gone["yes"] = True
    finish(turns, first)
    assert thinker.begun == [first] and stale.done.called and stale.done.result is None
    assert turns.counts["dropped"] == 1


def test_a_dropped_decision_may_ask_again_at_once_and_that_one_waits_its_turn():
    thinker, turns, first, stale, gone = behind_a_running_one()
    gone["yes"] = True

    def again(_):
        gone["yes"] = False
        ask(turns, "b", 2)
    stale.done.addCallback(again)
    finish(turns, first)
    assert whose(thinker.begun) == [("a", 1), ("b", 2)] and thinker.begun[1] is not stale


def test_a_bot_that_leaves_takes_its_waiting_decisions_along_and_its_running_one_is_cut():
    thinker = Thinker()
    turns = Turns(thinker, cap=2.0)
    bot, other = object(), object()
    running = ask(turns, "a", 1, bot)
    for _ in range(5):
        ask(turns, "a", 1, bot)
    kept = ask(turns, "a", 1, other)
    turns.drop(bot)
    assert thinker.hurried == [(running, 0.0)]
    finish(turns, running)
    assert thinker.begun == [running, kept] and turns.queued == 0
    assert turns.counts["dropped"] == 5


def test_a_position_that_moved_on_cuts_its_running_decision_to_nothing():
    thinker = Thinker()
    turns = Turns(thinker, cap=2.0)
    bot = object()
    running = ask(turns, "a", 1, bot)
    turns.moved_on(object())
    assert thinker.hurried == []
    turns.moved_on(bot)
    assert thinker.hurried == [(running, 0.0)]


def test_alone_a_decision_thinks_to_the_cap_and_is_cut_short_once_others_wait():
    thinker = Thinker()
    turns = Turns(thinker, cap=2.0)
    alone = ask(turns, "a", 1)
    assert alone.cap == 2.0
    ask(turns, "a", 2)                       # its own address waiting: no hurry
    assert thinker.hurried == []
    ask(turns, "b", 3)
    assert thinker.hurried == [(alone, PATIENCE)]
    ask(turns, "c", 4)
    assert thinker.hurried[-1] == (alone, PATIENCE / 2)
    finish(turns, alone)
    started = thinker.begun[-1]
    assert whose([started]) == [("b", 3)] and started.cap == PATIENCE / 2   # a and c wait


def test_without_a_cap_a_decision_is_still_cut_short_while_others_wait():
    thinker = Thinker()
    turns = Turns(thinker, cap=None)
    alone = ask(turns, "a", 1)
    assert alone.cap is None
    ask(turns, "b", 2)
    assert thinker.hurried == [(alone, PATIENCE)]


# --- the worker: cut short while it thinks --------------------------------------------

def test_a_cut_shortens_the_cap_of_a_decision_under_way_and_a_late_one_is_ignored():
    cuts = bot_worker.Cuts()
    cap = cuts.time_cap(7, 100.0)
    start = cap.clock()
    assert cap.clock() - start < cap.seconds
    cuts.cut(7, 0.0)
    assert cap.clock() - start > cap.seconds
    cuts.forget(7)
    cuts.cut(7, 0.0)                         # came after the answer
    cuts.cut(6, 0.0)
    assert cuts.caps == {}
    assert cuts.time_cap(8, None).seconds == bot_worker.NO_CAP


def test_a_cut_that_comes_before_the_decision_starts_holds_it_from_its_start():
    cuts = bot_worker.Cuts()
    cuts.cut(3, 0.25)
    assert cuts.time_cap(3, 2.0).seconds == 0.25
    assert math.isclose(cuts.time_cap(4, 2.0).seconds, 2.0)


def frames(*messages) -> bytes:
    return b"".join(protocol.encode(m) for m in messages)


def test_a_worker_cuts_short_a_decision_that_would_think_for_ever():
    """The stubborn bot thinks until its cap: a worker told to hurry it answers."""
    assert options_for_view(SEEN).waiting
    seen = view_to_dict(SEEN)
    read, write = _pipe()
    out = io.BytesIO()
    with extra_levels({"stubborn": StubbornBot}):
        worker = threading.Thread(target=bot_worker.serve, args=(read, out))
        worker.start()
        write.write(frames(["new", 1, "stubborn", 5, None], ["decide", 2, 1, seen, None]))
        write.flush()
        write.write(frames(["hurry", 2, 0.0]))
        write.close()
        worker.join(timeout=60)
    assert not worker.is_alive()
    answers = _read_answers(out.getvalue())
    assert [a[:2] for a in answers] == [["answer", 2]] and answers[0][2] is not None


def _pipe():
    r, w = os.pipe()
    return os.fdopen(r, "rb"), os.fdopen(w, "wb")


def _read_answers(data: bytes) -> list:
    out = []
    while data:
        (size,) = protocol.HEADER.unpack(data[:protocol.HEADER.size])
        body = data[protocol.HEADER.size:protocol.HEADER.size + size]
        out.append(msgpack.unpackb(body, raw=False))
        data = data[protocol.HEADER.size + size:]
    return out


@pytest.mark.parametrize("cap", [0.0, 0.01])
def test_a_decision_sent_with_a_short_cap_is_held_to_it(cap):
    cuts = bot_worker.Cuts()
    assert bot_worker.decide_within(StubbornBot(1), SEEN, cuts.time_cap(1, cap)) is not None


# --- at a host: a burst of tables left at once ----------------------------------------

@pytest_twisted.ensureDeferred
async def test_a_burst_of_tables_left_at_once_never_holds_up_another_table_s_bot(hosts,
                                                                                bot_levels):
    """Each of the burst's bots would think to the host's cap (2 s) if it could: twenty of
    them, one after the other, would stop the honest table's bot for 40 s."""
    bot_levels(**LEVELS)
    host = hosts(bot_workers=1, bot_worker=WORKER)
    ann = await connect(host.port, "Ann")
    await ann.create_table("honest", "duel", 100_000)
    await ann.add_bot(1, "normal")            # it thinks in the worker too
    await ann.start()
    AutoPlayer(ann)
    await wait_until(lambda: ann.seq >= 5)
    burst = await hostile(host.port, "127.0.9.1", keep=True)
    burst.hello(name="burst")
    for n in range(20):
        rid = 10 * n + 10
        burst.send({"type": "create_table", "id": rid, "name": f"burst {n}", "variant": "duel",
                    "target": 500, "bot_level": "stubborn"})
        burst.send({"type": "add_bot", "id": rid + 1, "seat": 1})
        burst.send({"type": "start", "id": rid + 2})
        burst.send({"type": "leave", "id": rid + 3})
        assert (await answer(burst, rid + 3))["type"] == "ok"
    seq = ann.seq
    await wait_until(lambda: ann.seq >= seq + 30)
    turns = host.runner.pool.turns[0]
    assert turns.counts["dropped"] + turns.counts["hurried"] >= 20
    assert not any(d.asking.address == "127.0.9.1" for d in turns.running)
    burst.close()
    await ann.close()
