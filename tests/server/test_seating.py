"""A table's seats alone: who may sit where, who asked for a bot's seat, who runs the table
(`Seating`); a person away and the bot standing in (`StandIns`); who hears what happens at
the table (`Audience`)."""

from __future__ import annotations

from typing import Any

import pytest
from twisted.internet import defer
from twisted.internet.task import Clock

from tichu_lan import protocol
from tichu_lan.protocol import HostError
from tichu_lan.server.audience import Audience
from tichu_lan.server.botseats import BotPlayer
from tichu_lan.server.host_config import TableOptions
from tichu_lan.server.seating import Seating
from tichu_lan.server.seats import Seat
from tichu_lan.server.stand_ins import StandIns
from tichu_lan.records.meta import TableName


class Handle:
    def __init__(self, level: str) -> None:
        self.level, self.closed = level, False

    def decide(self, view: Any) -> defer.Deferred[Any]:
        return defer.succeed(None)

    def close(self) -> None:
        self.closed = True


class Bots:
    """Makes bots that never think."""

    def make(self, level: str, seed: int, stand_in: bool = False) -> BotPlayer:
        return BotPlayer(Handle(level), level, seed, stand_in)


class Person:
    def __init__(self, name: str = "someone") -> None:
        self.name = name
        self.frames: list[bytes] = []

    def send(self, message: dict[str, Any]) -> None:
        self.frames.append(protocol.encode(message))

    def send_frame(self, frame: bytes) -> None:
        self.frames.append(frame)


def seating(count: int = 4) -> Seating:
    return Seating(count, TableName("t"), "classic", Bots())


def refused(call: Any, *args: Any) -> tuple[str, dict[str, Any]]:
    with pytest.raises(HostError) as refusal:
        call(*args)
    return refusal.value.code, refusal.value.params


def test_a_person_sits_on_an_empty_seat_before_a_bot_s_and_never_on_one_asked_for():
    seats = seating()
    seats.put_bot(seats.seats[0], "random", 1)
    seats.sit(seats.seats[1], "token1", "Ann")
    assert seats.free_seat(None).index == 2
    seats.put_bot(seats.seats[2], "random", 2)
    seats.put_bot(seats.seats[3], "random", 3)
    assert seats.free_seat(None).index == 0             # a bot's seat, once none is empty
    seats.ask(seats.seats[0], Person(), "Bob")
    assert seats.free_seat(None).index == 2
    assert refused(seats.free_seat, 0) == ("seat_requested", {"seat": 0, "name": "Bob"})
    assert refused(seats.free_seat, 1) == ("seat_taken", {"seat": 1, "name": "Ann"})
    assert refused(seats.free_seat, 4) == ("no_such_seat", {"seats": 4})
    for index in (2, 3):
        seats.sit(seats.seats[index], f"token{index}", f"P{index}")
    assert refused(seats.free_seat, None) == ("table_full", {"table": "t", "opener": ""})


def test_a_bot_put_in_a_seat_sends_the_one_before_away():
    seats = seating()
    seats.put_bot(seats.seats[1], "random", 1)
    first = seats.seats[1].bot
    seats.put_bot(seats.seats[1], "easy", 2)
    assert first.handle.closed and seats.seats[1].name == "easy bot"
    seats.sit(seats.seats[1], "token", "Ann")            # a person in a bot's place
    assert seats.seats[1].bot is None and seats.seats[1].kind == "person"
    with pytest.raises(ValueError):
        seats.seat_at(4)


def test_the_first_person_owns_the_table_and_hands_it_on_in_seat_order():
    seats = seating()
    for index, name in ((2, "Ann"), (0, "Bob"), (3, "Cat")):
        seats.sit(seats.seats[index], f"token{index}", name)
    assert seats.owner == 2
    seats.free(seats.seats[2])
    assert seats.owner == 3                             # the next person after seat 2
    seats.free(seats.seats[3])
    seats.free(seats.seats[0])
    assert seats.owner is None


def test_the_runner_is_the_owner_while_here_else_the_next_person_who_is():
    seats = seating()
    assert seats.runner() is None
    for index, name in ((1, "Ann"), (2, "Bob")):
        seats.sit(seats.seats[index], f"token{index}", name)
    seats.seats[2].member = Person("Bob")
    assert seats.runner() is seats.seats[2]             # Ann's connection is down
    seats.check_runner(seats.seats[2], "start")
    assert refused(seats.check_runner, seats.seats[1], "start") == (
        "not_owner", {"name": "Bob", "what": "start"})
    seats.seats[2].member = None
    assert seats.runner() is seats.seats[1]             # nobody here: the owner's seat


def test_requests_for_bots_seats_are_answered_withdrawn_or_dropped():
    seats = seating()
    ann, bob = Person("Ann"), Person("Bob")
    seats.ask(seats.seats[3], ann, "Ann")
    seats.ask(seats.seats[1], bob, "Bob")
    assert seats.answer(3, now=False) is None and seats.requests[3].answered
    assert refused(seats.answer, 2, True) == ("no_request", {"seat": 2})
    assert seats.withdraw(bob) and not seats.withdraw(bob)
    assert seats.answer(3, now=True).member is ann and seats.requests == {}
    seats.ask(seats.seats[3], ann, "Ann")
    seats.ask(seats.seats[1], bob, "Bob")
    assert [r.name for r in seats.drop_requests()] == ["Ann", "Bob"]   # in the order asked
    assert seats.requests == {}


def test_a_seat_waits_for_its_person_then_a_bot_stands_in_until_they_return():
    clock, seats, told = Clock(), seating(2), []
    options = TableOptions(grace=30.0, bot_level="easy")
    stand_ins = StandIns(1, clock, Bots(), lambda: options, lambda: told.append("changed"),
                         lambda seat: told.append(f"ask {seat.index}"))
    ann = seats.seats[0]
    seats.sit(ann, "token", "Ann")
    stand_ins.away(ann, playing=False)
    assert ann.takeover is None                         # nothing to play for her yet
    stand_ins.away(ann, playing=True)
    assert ann.takeover_at == 30.0
    clock.advance(29.9)
    assert ann.bot is None and told == []
    clock.advance(0.1)
    assert ann.bot.stand_in and ann.bot.level == "easy" and ann.kind == "person"
    assert told == ["changed", "ask 0"] and ann.takeover is None
    stand_ins.away(ann, playing=True)                   # a bot plays: no second grace
    assert ann.takeover is None
    stand_in = ann.bot
    stand_ins.back(ann)
    assert ann.bot is None and stand_in.handle.closed


def test_a_person_back_in_time_or_a_table_without_stand_ins_gets_no_bot():
    clock, seats = Clock(), seating(2)
    options = TableOptions(grace=30.0)
    stand_ins = StandIns(1, clock, Bots(), lambda: options, lambda: None, lambda seat: None)
    ann = seats.seats[0]
    seats.sit(ann, "token", "Ann")
    stand_ins.away(ann, playing=True)
    clock.advance(10)
    stand_ins.back(ann)
    clock.advance(30)
    assert ann.bot is None and clock.getDelayedCalls() == []
    options = TableOptions(takeover=False)
    stand_ins.away(ann, playing=True)
    assert ann.takeover is None and clock.getDelayedCalls() == []


def test_the_audience_hears_every_message_in_the_same_bytes_and_has_room_for_so_many():
    seats = [Seat(0, member=Person()), Seat(1), Seat(2, member=Person())]
    heard: list[str] = []
    audience = Audience(TableName("t"), seats, lambda: heard.append("changed"),
                        lambda member: heard.append(f"show {member.name}"),
                        lambda: heard.append("left"))
    cat, dan = Person("Cat"), Person("Dan")
    audience.spectate(cat, limit=1)
    assert heard == ["changed", "show Cat"]
    assert refused(audience.spectate, dan, 1) == ("table_full", {"table": "t", "opener": "",
                                                                  "spectators": 1})
    audience.tell({"type": "chat", "text": "hi"})
    frames = [seats[0].member.frames[-1], seats[2].member.frames[-1], cat.frames[-1]]
    assert all(frame is frames[0] for frame in frames)
    audience.stop_spectating(dan)                       # not watching: nothing changes
    audience.stop_spectating(cat)
    assert heard == ["changed", "show Cat", "changed", "left"] and audience.spectators == []
