"""The won trick's window for bombs alone (`CollectWindow`), on a `task.Clock`."""

from __future__ import annotations

from twisted.internet.task import Clock

from engine import CollectTrick
from tichu_lan.protocol import HostError
from tichu_lan.server.collect_window import COLLECT_RETRY, CollectWindow


class Trick:
    """A trick that waits to be collected until it is, or a bomb falls on it; a journal that
    may refuse the collection."""

    def __init__(self) -> None:
        self.clock = Clock()
        self.waits: CollectTrick | None = None
        self.collected: list[CollectTrick] = []
        self.told: list[dict] = []
        self.disk_full = False
        self.seconds = 2.0
        self.window = CollectWindow(7, self.clock, lambda: self.seconds, lambda: self.waits,
                                    self.collect, self.told.append)

    def collect(self, trick: CollectTrick) -> None:
        if self.disk_full:
            raise HostError("journal_failed", "the disk is full")
        self.collected.append(trick)
        self.waits = None

    def won(self, seat: int = 2) -> None:
        self.waits = CollectTrick(seat)
        self.window.follow()


def test_a_won_trick_is_collected_once_its_window_is_over():
    trick = Trick()
    trick.window.follow()
    assert trick.clock.getDelayedCalls() == []          # nothing waits: no window
    trick.won()
    trick.clock.advance(1.99)
    assert trick.collected == []
    trick.clock.advance(0.01)
    assert trick.collected == [CollectTrick(2)] and trick.told == []
    assert trick.clock.getDelayedCalls() == []


def test_the_window_runs_from_the_last_pass_however_often_it_is_followed():
    trick = Trick()
    trick.won()
    trick.clock.advance(1.5)
    trick.window.follow()                               # a Tichu call in the window
    trick.clock.advance(0.5)
    assert trick.collected == [CollectTrick(2)]


def test_a_bomb_in_the_window_shuts_it():
    trick = Trick()
    trick.won()
    trick.clock.advance(1.0)
    trick.waits = None                                  # bombed: the trick goes on
    trick.window.follow()
    assert trick.clock.getDelayedCalls() == []
    trick.won(3)                                        # the bomb wins it: a new window
    trick.clock.advance(2.0)
    assert trick.collected == [CollectTrick(3)]


def test_a_window_opens_with_the_length_the_table_has_then():
    trick = Trick()
    trick.seconds = 5.0
    trick.won()
    trick.seconds = 0.5
    trick.clock.advance(4.9)
    assert trick.collected == []
    trick.clock.advance(0.1)
    assert trick.collected == [CollectTrick(2)]


def test_a_collection_the_journal_refuses_waits_and_everyone_is_told():
    trick = Trick()
    trick.disk_full = True
    trick.won()
    trick.clock.advance(2.0)
    assert trick.collected == []
    (told,) = trick.told
    assert told["type"] == "notice" and told["table"] == 7
    assert told["code"] == "journal_stalled" and told["params"] == {"seconds": COLLECT_RETRY}
    assert "the disk is full" in told["message"]
    trick.clock.advance(COLLECT_RETRY)                  # still full: told again
    assert len(trick.told) == 2 and trick.collected == []
    trick.disk_full = False
    trick.clock.advance(COLLECT_RETRY)
    assert trick.collected == [CollectTrick(2)] and len(trick.told) == 2


def test_a_closed_table_collects_nothing():
    trick = Trick()
    trick.won()
    trick.window.close()
    trick.clock.advance(10.0)
    trick.window.follow()
    assert trick.collected == [] and trick.clock.getDelayedCalls() == []
