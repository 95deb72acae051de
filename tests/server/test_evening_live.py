"""An evening on a real host: 8 scripted guests over two duplicate tables and rotating
partners; the tables are filled as planned, the deals are the same at both tables, the
comparisons the guests were shown are what the kept records give, and nobody hears of the
other table's cards."""

from __future__ import annotations

from typing import Any

import pytest
import pytest_twisted

from engine import RuleSet, action_from_dict, replay
from engine.duplicate import DealPlay, score_deal
from tests.support.audit import MessageLog, cards_named
from tests.support.autoplay import AutoPlayer
from tests.support.live_host import connect, wait_until
from tichu_lan.client.evening_seat import EveningSeat
from tichu_lan.host_messages import EveningMessage
from tichu_lan.protocol import HostError
from tichu_lan.records.journal import read_journal
from tichu_lan.server import evening_table
from tichu_lan.server.evening_plan import BOT, partner_counts

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def kept_tables(data_dir) -> dict[int, list[dict[str, Any]]]:
    """Every finished journal's records, by table id."""
    out = {}
    for path in (data_dir / "journals" / "done").glob("*.journal"):
        records = read_journal(path).records
        out[int(records[0]["id"])] = records
    return out


def results(records: list[dict[str, Any]]) -> tuple[list[str], list[tuple[int, int]]]:
    """A kept game's deal seeds and each round's total per team, replayed."""
    head = records[0]
    actions = [r["action"] for r in records if r["kind"] == "action"]
    game = replay(RuleSet.from_dict(head["rules"]), int(head["seed"]),
                  [action_from_dict(a) for a in actions], shared=True)
    seeds = [a["seed"] for a in actions if a["type"] == "deal"]
    return seeds, [result.total for result in game.history]


@pytest_twisted.ensureDeferred
async def test_two_duplicate_tables_over_three_games(host, data_dir):
    clients = [await connect(host.port, name) for name in NAMES]
    followers = [EveningSeat(c) for c in clients]
    players = [AutoPlayer(c, seed=i) for i, c in enumerate(clients)]
    logs = [MessageLog(c) for c in clients]
    with pytest.raises(HostError) as refused:
        await clients[0].start_evening(NAMES[:2], target=100, duplicate=True)
    assert refused.value.code == "bad_value" and refused.value.params["low"] == 4

    await clients[0].start_evening(NAMES, target=200, duplicate=True, games=3)
    evening = host.evening
    await wait_until(lambda: len(evening.tables) == 2)
    first, second = [t.id for t in evening.tables]
    spectator = await connect(host.port, "Spy")
    await spectator.spectate(first)
    spied = MessageLog(spectator)
    revealed: list[tuple[int, int]] = []

    def deals_done(message: Any) -> None:
        """A comparison shown while a table has not finished its deal would be a leak."""
        if isinstance(message, EveningMessage):
            for shown in message.evening.compared:
                if (shown.game, shown.deal) not in revealed:
                    revealed.append((shown.game, shown.deal))
                    for table in host.evening.table_ids[shown.game - 1]:
                        game = host.lobby.tables[table].game if table in host.lobby.tables \
                            else None
                        assert game is None or game.over or game.round_no > shown.deal or \
                            game.round.result is not None
    clients[0].subscribe(deals_done)
    await wait_until(lambda: evening.over, timeout=120)
    assert all(e.code != "internal" for p in players for e in p.refused)
    # every round checked by the programs: a deal copied from another table is checked for
    # its rules, one shuffled here for its shuffle too (docs/SHUFFLE.md)
    verdicts = [c for p in players for c in p.checked.values()]
    assert verdicts and all(c.ok for c in verdicts)

    # (a) every game's tables seated as the plan says, bots where it gives bots
    kept = kept_tables(data_dir)
    for number, ids in enumerate(evening.table_ids):
        for table_id, planned in zip(ids, evening.plan[number].tables, strict=True):
            records = kept[table_id]
            assert records[0]["evening"] == evening.id
            assert records[0]["duplicate"] == f"{evening.id}-g{number + 1}"
            sat = {r["seat"]: r["name"] for r in records if r["kind"] == "sit"}
            bots = {r["seat"] for r in records if r["kind"] == "bot"}
            assert {s: n for s, n in enumerate(planned.seats) if n != BOT} == sat
            assert bots == set()            # eight people: no bot at either table
    assert max(partner_counts(evening.plan[:3]).values()) == 1

    # (b) deal k the same at both tables; (c) the comparisons shown are the records'
    shown = {(c.game, c.deal): {(s.table, s.team): s.matchpoints for s in c.scores}
             for m in logs[0].messages if m["type"] == "evening"
             for c in EveningMessage.from_dict(m).evening.compared}
    compared = 0
    for number, (a, b) in enumerate(evening.table_ids, start=1):
        seeds_a, totals_a = results(kept[a])
        seeds_b, totals_b = results(kept[b])
        common = min(len(totals_a), len(totals_b))
        assert seeds_a[:common] == seeds_b[:common]
        for deal in range(1, common + 1):
            scores = score_deal([DealPlay(str(a), totals_a[deal - 1]),
                                 DealPlay(str(b), totals_b[deal - 1])])
            assert shown[(number, deal)] == {(int(s.table), s.team): s.matchpoints
                                             for s in scores}
            compared += 1
    assert compared >= 3 and len(revealed) >= compared
    assert any(m["type"] == "evening" and m["evening"]["compared"] for m in spied.messages)

    # nothing of the other table reaches a spectator of table 1 or a player of table 2
    at_second = next(i for i, name in enumerate(NAMES)
                     if name in evening.plan[0].tables[1].seats)
    game_one = [m for m in logs[at_second].messages if m.get("table") in (first, second)]
    for messages, own in ((spied.messages, first), (game_one, second)):
        for message in messages:
            if message["type"] == "evening":
                assert cards_named(message["evening"]) == set()
            elif "table" in message and isinstance(message["table"], int):
                assert message["table"] == own, message["type"]
    for follower in followers:
        follower.unsubscribe()
    for player in players:
        player.stop()


@pytest_twisted.ensureDeferred
async def test_five_people_then_one_leaves_and_bots_fill_the_gaps(hosts, data_dir, monkeypatch):
    monkeypatch.setattr(evening_table, "SEAT_WAIT", 0.3)
    host = hosts(grace=0.0)
    clients = [await connect(host.port, name) for name in NAMES[:5]]
    for client in clients[:4]:          # Eve's program does not follow the plan
        EveningSeat(client)
    players = [AutoPlayer(c, seed=i) for i, c in enumerate(clients)]
    await clients[0].start_evening(NAMES[:5], target=100, duplicate=True, games=2)
    evening = host.evening
    assert [len(t.people()) for t in evening.plan[0].tables] in ([3, 2], [2, 3])
    await wait_until(lambda: len(evening.table_ids) == 1 and all(
        t.game is not None for t in evening.tables), timeout=10)
    # Eve never sat: a bot took her seat once the table had waited for her
    eve = next(t for t in evening.tables if "Eve" in t.plan.seats)
    assert eve.seats[eve.plan.seats.index("Eve")].kind == "bot"
    await clients[4].close()            # and she goes home: game 2 is for four, one table
    await wait_until(lambda: evening.over, timeout=60)
    assert evening.people == NAMES[:4]
    (second,) = evening.plan[1].tables
    assert sorted(second.seats) == sorted(NAMES[:4])
    for player in players:
        player.stop()
