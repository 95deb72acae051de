"""The room (`tichu watch --room`): every table at once, never a hidden card, coalesced, capped."""

from __future__ import annotations

from typing import Any

import pytest
import pytest_twisted
from twisted.internet import task

from engine.cards import cards_of
from tests.support.audit import cards_named
from tests.support.autoplay import AutoPlayer
from tests.support.live_host import connect, seat_clients, wait_until
from tests.support.raw import raw_connect
from tichu_lan import protocol
from tichu_lan.host_messages import RoomView
from tichu_lan.protocol import HostError
from tichu_lan.server import room as room_module
from tichu_lan.server.room import ROOM_EVERY, Room


class Watcher:
    """A room watcher inside the host: each frame decoded as it is sent."""

    name = "wall"
    takes_part = False

    def __init__(self) -> None:
        self.frames: list[bytes] = []
        self.messages: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        raise AssertionError(f"the room sends frames only, not {message}")

    def send_frame(self, frame: bytes) -> None:
        self.frames.append(frame)
        self.messages.append(protocol.decode_frame(frame[protocol.HEADER.size:]))


class Auditor(Watcher):
    """A watcher that checks, as each room message leaves the host, that it names no card
    still in a hand at any table, and that each seat's count is its hand's."""

    def __init__(self, host: Any) -> None:
        super().__init__()
        self.host = host
        self.cards_shown = 0

    def send_frame(self, frame: bytes) -> None:
        super().send_frame(frame)
        for entry in self.messages[-1]["tables"]:
            table = self.host.lobby.tables[entry["id"]]
            named = cards_named(entry)
            self.cards_shown += len(named)
            if table.game is None:
                assert not named and "scores" not in entry, entry
                continue
            hands = table.game.round.hands
            held = {card for hand in hands for card in cards_of(hand)}
            assert not named & held, f"the room named held cards {named & held}: {entry}"
            if "cards" in entry["seats"][0]:
                assert [s["cards"] for s in entry["seats"]] == [h.bit_count() for h in hands]


@pytest_twisted.ensureDeferred
async def test_the_room_shows_three_bot_tables_and_never_a_card_still_in_a_hand(host,
                                                                                 monkeypatch):
    monkeypatch.setattr(room_module, "ROOM_EVERY", 0.005)   # a room after (nearly) every move
    # easy bots: random ones call Grand Tichu so often that a game may run to 10,000 moves
    seated = [await seat_clients(host.port, 1, target=500, start=False, bot_level="easy")
              for _ in range(3)]
    tables = [clients[0].seating.table for clients in seated]
    auditor = Auditor(host)
    host.room.watch(auditor, "audit", True)
    wall = await connect(host.port, "Wall")
    seen: list[RoomView] = []
    wall.subscribe(lambda m: seen.append(m) if isinstance(m, RoomView) else None)
    await wall.party.watch_room()
    players = []
    for index, (client,) in enumerate(seated):
        await client.start()
        players.append(AutoPlayer(client, seed=index))
    for player in players:
        await player.finished
    await wait_until(lambda: seen and all(t.state == "over" for t in seen[-1].tables), 20)

    assert auditor.cards_shown > 100 and len(auditor.messages) > 100
    for view in seen:                   # the real client heard only what the audit checked
        assert view.to_dict() in auditor.messages
    last = seen[-1]
    assert [t.id for t in last.tables] == tables
    for table in last.tables:
        game = host.lobby.tables[table.id].game
        assert table.scores == game.scores and table.winner == game.winner
        assert [s.kind for s in table.seats] == ["person", "bot", "bot", "bot"]
        assert table.seats[1].bot == "easy" and table.evening
    await wall.close()
    await wait_until(lambda: list(host.room.watchers) == [auditor])   # gone with its connection


class Lobby:
    def __init__(self) -> None:
        self.tables: dict[int, Any] = {}


def test_the_room_is_built_once_per_change_and_at_most_every_quarter_second():
    clock, lobby, moves = task.Clock(), Lobby(), [0]
    room = Room(lobby, clock, lambda: moves[0], per_address=4, in_all=8)  # type: ignore[arg-type]
    changed = room.follow(lambda table: None)
    watchers = [Watcher() for _ in range(3)]
    for index, watcher in enumerate(watchers):
        room.watch(watcher, f"10.0.0.{index}", True)
    assert room.frames_built == 1 and all(len(w.frames) == 1 for w in watchers)
    for _ in range(50):                 # a burst of moves and seat changes
        moves[0] += 1
        changed(None)                   # type: ignore[arg-type]
        clock.advance(ROOM_EVERY / 10)
    # 5 quarter seconds passed: at most one room a tick, the same bytes for everyone
    assert room.frames_built <= 1 + 5 + 1
    assert [len(w.frames) for w in watchers] == [room.frames_built] * 3
    assert all(w.frames[-1] is watchers[0].frames[-1] for w in watchers)
    clock.advance(10 * ROOM_EVERY)      # nothing changed: nothing built or sent
    built = room.frames_built
    clock.advance(10 * ROOM_EVERY)
    assert room.frames_built == built and len(watchers[0].frames) == built
    for watcher in watchers:
        room.watch(watcher, "", False)
    assert room.due is None and not clock.getDelayedCalls()


def test_the_room_caps_its_watchers_per_address_and_in_all():
    clock = task.Clock()
    room = Room(Lobby(), clock, lambda: 0, per_address=2, in_all=3)  # type: ignore[arg-type]
    first, second, third, fourth = (Watcher() for _ in range(4))
    room.watch(first, "10.0.0.1", True)
    room.watch(second, "10.0.0.1", True)
    room.watch(second, "10.0.0.1", True)        # asking again changes nothing
    with pytest.raises(HostError) as refused:
        room.watch(third, "10.0.0.1", True)
    assert refused.value.code == "room_full" and refused.value.params["per"] == "address"
    assert list(room.watchers) == [first, second] and not third.frames
    room.watch(third, "10.0.0.2", True)
    with pytest.raises(HostError) as refused:
        room.watch(fourth, "10.0.0.3", True)
    assert refused.value.params == {"count": 3}
    assert list(room.watchers) == [first, second, third] and not fourth.frames


@pytest_twisted.ensureDeferred
async def test_a_host_refuses_a_watcher_over_its_cap_and_keeps_the_connection(hosts):
    host = hosts(limits={"room_per_address": 1})
    first = await connect(host.port, "Wall")
    await first.party.watch_room()
    second = await connect(host.port, "Wall 2")
    with pytest.raises(HostError) as refused:
        await second.party.watch_room()
    assert refused.value.code == "room_full"
    assert (await second.ping()).TYPE == "pong"
    await first.party.watch_room(False)
    await second.party.watch_room()
    assert len(host.room.watchers) == 1
    await first.close()
    await second.close()


@pytest.mark.parametrize("message", [
    {"type": "watch_room", "id": 2, "on": "yes"},
    {"type": "watch_room", "id": 2, "on": 1},
    {"type": "watch_room", "id": 2, "on": True, "tables": [1]},
    {"type": "watch_room"},
], ids=["text", "number", "extra-key", "no-id"])
@pytest_twisted.ensureDeferred
async def test_a_bad_watch_room_is_refused_and_nothing_changes(host, message):
    raw = await raw_connect(host.port)
    raw.hello()
    await raw.wait_message(lambda m: m["type"] == "welcome")
    raw.send(message)
    error = await raw.wait_message(lambda m: m["type"] == "error")
    assert error["code"] == "bad_message"
    await raw.wait_closed()
    assert not host.room.watchers and host.room.frames_built == 0
    assert not any(m["type"] == "room" for m in raw.messages())


@pytest_twisted.ensureDeferred
async def test_a_password_table_shows_its_seats_but_nothing_of_its_game(host):
    clients = await seat_clients(host.port, 1, target=200, password="pw")
    wall = await connect(host.port, "Wall")
    seen: list[RoomView] = []
    wall.subscribe(lambda m: seen.append(m) if isinstance(m, RoomView) else None)
    await wall.party.watch_room()
    await wait_until(lambda: bool(seen))
    (table,) = seen[-1].tables
    assert table.password and table.state == "playing" and table.seats[0].name == "Ann"
    assert table.scores is None and table.trick is None and table.seats[0].cards is None
    await wall.close()
    await clients[0].close()
