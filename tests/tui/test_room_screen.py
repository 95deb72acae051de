"""The room screen (`tichu watch --room`): its model, keys and drawing, and a real client
watching a real host's bot tables through it."""

from __future__ import annotations

from dataclasses import replace

import pytest_twisted
from twisted.internet import defer

from tests.support.live_host import connect, seat_clients, wait_until
from tests.tui.harness import Bench
from tests.tui.room_scenes import room
from tichu_lan.host_messages import ConnectionNotice, RoomView
from tichu_lan.protocol import HostError
from tichu_lan.tui.faces import Faces
from tichu_lan.tui.room_link import RoomLink
from tichu_lan.tui.room_screen import RoomScreen

NAMES = ["Ann", "Bob", "Cat", "Dan"]


def bench_with(count: int, rows: int = 24, columns: int = 80) -> tuple[Bench, RoomScreen]:
    bench = Bench(rows, columns)
    quits = []
    screen = RoomScreen(Faces(ascii=True), bench.size, on_quit=lambda: quits.append(1))
    screen.quits = quits
    screen.model.room, screen.model.host = room(NAMES, count), "laptop"
    bench.show(screen)
    return bench, screen


def test_three_tables_fill_80x24_with_counts_calls_the_turn_and_the_last_play():
    bench, _screen = bench_with(3)
    text = bench.text()
    assert "The room at laptop: 3 tables" in text
    assert "score 885 : 1005" in text and "Round 7" in text
    assert "> Cat" in text and "9 cards" in text and "Grand Tichu" in text
    assert "Bob (away, bot plays)" in text and "out 1st" in text
    assert "last play: bot (hard) 3r 4r 5r 6r 7r 8r 9r" in text
    assert "Dan's table  waiting" in text and text.count("empty") == 2
    assert "Game over" in text and "tonight, games won/played: Ann 5/12  Bob 5/12" in text
    assert "not shown:" not in text


def test_a_table_s_waiting_list_takes_its_notes_line():
    bench, screen = bench_with(3)
    tables = list(screen.model.room.tables)
    tables[0] = replace(tables[0], waiting=("Fay", "Gus"))
    screen.model.room = replace(screen.model.room, tables=tuple(tables))
    assert "Waiting for a seat: Fay, Gus" in bench.text()


def test_more_tables_than_fit_are_counted_and_a_larger_terminal_shows_them():
    bench, _screen = bench_with(5)
    assert "2 tables not shown: a larger terminal shows them" in bench.text()
    bench, _screen = bench_with(5, rows=40, columns=140)
    text = bench.text()
    assert "not shown:" not in text and "Friday" in text and "secret" in text
    assert "(a password: its game is not shown)" in text
    first = next(line for line in bench.lines() if "score 885" in line)
    assert "waiting" in first           # the second table beside the first: width first


def test_keys_show_the_help_close_it_and_quit():
    bench, screen = bench_with(3)
    bench.press("?")
    assert "The room's keys" in bench.text() and "leave the room screen" in bench.text()
    bench.press("escape")
    assert "The room's keys" not in bench.text()
    bench.press("?", "?")
    assert screen.model.page is None
    bench.press("q")
    assert screen.quits == [1]


def test_a_room_with_no_tables_and_a_host_out_of_reach_say_so():
    bench, screen = bench_with(0)
    assert "No table is open at this host yet." in bench.text()
    screen.model.on_message(ConnectionNotice(state="lost"))
    assert "reconnecting" in bench.text()
    screen.model.on_message(ConnectionNotice(state="restored"))
    assert "reconnecting" not in bench.text()


class FakeClient:
    def __init__(self, answer: defer.Deferred) -> None:
        self.answer, self.asked, self.listeners = answer, 0, []
        self.party = self                    # the room is asked for as a party request

    def subscribe(self, listener):
        self.listeners.append(listener)
        return lambda: self.listeners.remove(listener)

    def watch_room(self, on: bool = True) -> defer.Deferred:
        self.asked += 1
        return self.answer


def test_the_link_asks_again_after_a_new_connection_and_words_a_refusal():
    client = FakeClient(defer.fail(HostError("room_full", "full", params={"count": 32})))
    changes = []
    screen = RoomScreen(Faces(), lambda: None)
    link = RoomLink(client, screen.model, lambda: changes.append(1))  # type: ignore[arg-type]
    link.watch()
    assert screen.model.banner == "the room has its 32 watchers already; try again later"
    client.answer = defer.succeed(None)
    client.listeners[0](ConnectionNotice(state="restored"))
    assert client.asked == 2 and screen.model.banner is None and changes


@pytest_twisted.ensureDeferred
async def test_a_real_client_watches_a_real_host_s_bot_tables(start):
    host = start()
    players = [await seat_clients(host.port, 1, target=100) for _ in range(2)]
    client = await connect(host.port, "Wall")
    bench = Bench(24, 80)
    screen = RoomScreen(Faces(ascii=True), bench.size)
    link = RoomLink(client, screen.model, lambda: None)
    bench.show(screen)
    await link.watch()
    await wait_until(lambda: isinstance(screen.model.room, RoomView)
                     and len(screen.model.room.tables) == 2
                     and all(t.round for t in screen.model.room.tables))
    text = bench.text()
    assert "2 tables" in text and text.count("test table") == 2 and "bot (calm)" in text
    assert text.count("14 cards") + text.count("8 cards") >= 2     # counts, no faces of a hand
    await client.close()
    for clients in players:
        await clients[0].close()
