"""Playing again alone (`Rematch`): when the next game starts, and what it starts with."""

from __future__ import annotations

from typing import Any

import pytest

from tichu_lan.protocol import HostError
from tichu_lan.server.host_config import TableOptions
from tichu_lan.server.rematch import Rematch
from tichu_lan.server.seating import Seating
from tichu_lan.records.meta import TableName

from tests.server.test_seating import Bots, Person


class Moves:
    """The journal and the game, as far as playing again sees them."""

    def __init__(self) -> None:
        self.over = True
        self.opened: list[dict[str, Any]] = []
        self.written: list[dict[str, Any]] = []
        self.disk_full = False

    def state(self) -> str:
        return "over" if self.over else "playing"

    def open(self, header: dict[str, Any]) -> None:
        if self.disk_full:
            raise HostError("journal_failed", "the disk is full")
        self.opened.append(header)

    def write(self, record: dict[str, Any]) -> None:
        self.written.append(record)

    def again(self) -> None:
        self.over = False


class Table:
    """Ann (seat 0) and Bob (seat 2) here, a table bot in seat 1, Cat away in seat 3 with a
    bot standing in for her."""

    id = 5

    def __init__(self) -> None:
        self.seed = 1
        self.options = TableOptions(bot_level="easy")
        self.seating = Seating(4, TableName("t"), "classic", Bots())
        self.moves = Moves()
        self.started = 0
        seats = self.seating.seats
        for index, name in ((0, "Ann"), (2, "Bob"), (3, "Cat")):
            self.seating.sit(seats[index], f"token{index}", name)
        seats[0].member, seats[2].member = Person("Ann"), Person("Bob")
        self.seating.put_bot(seats[1], "random", 7)
        seats[3].bot = Bots().make("easy", 9, stand_in=True)
        self.rematch = Rematch(self, None)

    def header(self) -> dict[str, Any]:
        return {"kind": "table", "seed": self.seed}

    def record(self, record: dict[str, Any]) -> None:
        self.moves.write(record)
        self.seating.put_bot(self.seating.seats[record["seat"]], record["level"], record["seed"])

    def start(self) -> None:
        self.started += 1


def test_a_new_game_is_agreed_on_only_once_this_one_is_over():
    table = Table()
    table.moves.over = False
    with pytest.raises(HostError) as refused:
        table.rematch.want(0, True, over=False)
    assert refused.value.code == "not_over" and table.rematch.again == set()


def test_the_next_game_starts_once_everyone_here_wants_it():
    table = Table()
    table.rematch.want(0, True, over=True)
    assert not table.rematch.begin_if_agreed()
    table.rematch.want(2, True, over=True)
    table.rematch.want(2, False, over=True)
    assert not table.rematch.begin_if_agreed()
    table.rematch.want(2, True, over=True)              # Cat is away: she is not asked
    assert table.rematch.begin_if_agreed()
    assert table.started == 1 and table.rematch.again == set() and table.moves.state() != "over"


def test_the_next_game_has_the_seats_as_they_are_and_a_new_deal():
    table = Table()
    seats = table.seating.seats
    table_bot, stand_in = seats[1].bot, seats[3].bot
    for index in (0, 2):
        table.rematch.want(index, True, over=True)
    assert table.rematch.begin_if_agreed()
    assert table.moves.opened == [{"kind": "table", "seed": table.seed}] and table.seed != 1
    written = table.moves.written
    assert [r for r in written if r["kind"] == "sit"] == [
        {"kind": "sit", "seat": i, "token": f"token{i}", "name": n}
        for i, n in ((0, "Ann"), (2, "Bob"), (3, "Cat"))]
    (bot,) = [r for r in written if r["kind"] == "bot"]
    assert bot["seat"] == 1 and bot["level"] == "random" and seats[1].bot is not table_bot
    assert written[-1] == {"kind": "owner", "seat": 0}
    assert stand_in.handle.closed and seats[3].bot.stand_in and seats[3].bot.level == "easy"


def test_a_seat_left_empty_or_a_journal_that_cannot_open_keeps_the_old_game():
    table = Table()
    for index in (0, 2):
        table.rematch.want(index, True, over=True)
    table.moves.disk_full = True
    assert not table.rematch.begin_if_agreed()
    assert table.seed == 1 and table.started == 0 and table.rematch.again == {0, 2}
    table.moves.disk_full = False
    table.seating.free(table.seating.seats[1])
    assert not table.rematch.begin_if_agreed()
    table.rematch.forget(2)
    assert table.rematch.again == {0}


class Keeping:
    def __init__(self, fails: bool) -> None:
        self.fails = fails

    def evening(self, names: Any, now: Any, evening: str | None = None) -> list[dict[str, Any]]:
        if self.fails:
            raise OSError("unreadable")
        return [{"name": name} for name in sorted(names)]


def test_the_evening_s_standings_cost_only_their_lines_when_they_cannot_be_read():
    rematch = Rematch(Table(), Keeping(False))
    rematch.game_over({"Bob", "Ann"})
    assert rematch.evening == [{"name": "Ann"}, {"name": "Bob"}]
    rematch.records = Keeping(True)
    rematch.game_over({"Ann"})
    assert rematch.evening == []
