"""An evening on a real host: 8 scripted guests over two duplicate tables and rotating
partners; the tables are filled as planned, the deals are the same at both tables, the
comparisons the guests were shown are what the kept records give, and nobody hears of the
other table's cards."""

from __future__ import annotations

from typing import Any

import msgpack
import pytest
import pytest_twisted

from tests.support.audit import MessageLog, cards_named
from tests.support.autoplay import AutoPlayer
from tests.support.evening_check import check_evening, check_standings
from tests.support.live_host import connect, wait_until
from tichu_lan import protocol
from tichu_lan.client.evening_seat import EveningSeat
from tichu_lan.client.host_connection import HostConnection
from tichu_lan.host_messages import EveningMessage
from tichu_lan.protocol import HostError
from tichu_lan.server import evening_table
from tichu_lan.server.evening_plan import partner_counts

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


@pytest_twisted.ensureDeferred
async def test_two_duplicate_tables_over_three_games(host, data_dir, monkeypatch):
    frames: list[bytes] = []
    heard = HostConnection.stringReceived

    def recording(self: HostConnection, frame: bytes) -> None:
        frames.append(frame)
        heard(self, frame)
    monkeypatch.setattr(HostConnection, "stringReceived", recording)
    clients = [await connect(host.port, name) for name in NAMES]
    followers = [EveningSeat(c) for c in clients]
    players = [AutoPlayer(c, seed=i) for i, c in enumerate(clients)]
    logs = [MessageLog(c) for c in clients]
    with pytest.raises(HostError) as refused:
        await clients[0].party.start_evening(NAMES[:2], target=100, duplicate=True)
    assert refused.value.code == "bad_value" and refused.value.params["low"] == 4

    await clients[0].party.start_evening(NAMES, target=200, duplicate=True, games=3)
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
    assert verdicts and all(c.ok for c in verdicts), [c for c in verdicts if not c.ok]

    # (a) every game's tables seated as the plan says; (b) deal k the same at both tables;
    # (c) the comparisons shown are what the kept records give
    last = [m["evening"] for m in logs[0].messages if m["type"] == "evening"][-1]
    assert last["over"] and last["people"] == NAMES
    assert check_evening(data_dir, last) >= 3 and len(revealed) >= 3
    told = check_standings(data_dir, last)      # the standings, recomputed from the journals
    assert len(told["people"]) == 8 and any(p["deals"] for p in told["people"])
    assert all(len(game["tables"]) == 2 and all(all(table["seats"]) for table in game["tables"])
               for game in last["games"])          # eight people: no bot at either table
    assert max(partner_counts(evening.plan[:3]).values()) == 1
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
    # every evening frame is what its typed message encodes back to
    plans = [frame for frame in frames if msgpack.unpackb(frame)["type"] == "evening"]
    assert len(plans) > 8
    for frame in plans:
        message = EveningMessage.from_dict(msgpack.unpackb(frame))
        assert protocol.encode(message.to_dict()) == protocol.HEADER.pack(len(frame)) + frame
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
    await clients[0].party.start_evening(NAMES[:5], target=100, duplicate=True, games=2)
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
    assert check_evening(data_dir, evening.to_dict(), everyone_sat=False) >= 1
    (second,) = evening.plan[1].tables
    assert sorted(second.seats) == sorted(NAMES[:4])
    for player in players:
        player.stop()


@pytest_twisted.ensureDeferred
async def test_a_fifth_guest_in_line_takes_part_from_the_next_game(hosts, data_dir):
    """One table of four; Eve waits in its line; at the game's end the evening takes her in,
    the next game is planned for five at two tables, and her program sits where it says."""
    host = hosts(grace=0.0)
    clients = [await connect(host.port, name) for name in NAMES[:5]]
    followers = [EveningSeat(client) for client in clients]
    players = [AutoPlayer(c, seed=i) for i, c in enumerate(clients)]
    await clients[0].party.start_evening(NAMES[:4], target=100, duplicate=False, games=2)
    evening = host.evening
    await wait_until(lambda: len(evening.tables) == 1 and evening.tables[0].game is not None,
                     timeout=10)
    (first,) = evening.tables
    await clients[4].party.wait(first.id)
    assert [w.name for w in first.waiting.line] == ["Eve"]
    await wait_until(lambda: evening.played == 1 and evening.tables, timeout=60)
    assert "Eve" in evening.people and sorted(evening.people) == sorted(NAMES[:5])
    await wait_until(lambda: any(s.name == "Eve" and s.kind == "person"
                                 for t in evening.tables for s in t.seats), timeout=10)
    assert len(evening.tables) == 2 and not followers[4].refused
    await wait_until(lambda: evening.over, timeout=60)
    for player in players:
        player.stop()


@pytest_twisted.ensureDeferred
async def test_the_line_never_takes_a_seat_the_plan_gives_someone(hosts, data_dir):
    """Eve waits at the evening's table before its people have sat down: she stays in line
    (the seats are Ann's, Bob's, Cat's and Dan's), and they sit as planned."""
    host = hosts(grace=0.0)
    clients = [await connect(host.port, name) for name in NAMES[:5]]
    await clients[0].party.start_evening(NAMES[:4], target=100, duplicate=False, games=1)
    (table,) = host.evening.tables
    await clients[4].party.wait(table.id)
    assert [w.name for w in table.waiting.line] == ["Eve"]
    assert all(seat.kind == "empty" for seat in table.seats)
    followers = [EveningSeat(client) for client in clients[:4]]
    await wait_until(lambda: table.game is not None, timeout=10)
    assert sorted(seat.name for seat in table.seats) == sorted(NAMES[:4])
    assert [w.name for w in table.waiting.line] == ["Eve"] and not any(
        f.refused for f in followers)
