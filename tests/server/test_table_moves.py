"""A table's moves alone (`Moves`): one function makes a move, whether a seat makes it now or
the journal replays it, and what people are shown of it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from twisted.internet.task import Clock

from engine import IllegalAction, Pass, RuleSet, apply
from engine.bots import make_bot
from engine.bots.arena import next_move
from tichu_lan import protocol
from tichu_lan.protocol import HostError
from tichu_lan.records.journal import JournalError, read_journal
from tichu_lan.server import INSTANT
from tichu_lan.server.seats import Seat
from tichu_lan.server.services import Services
from tichu_lan.server.table_moves import Moves
from tests.support.raw import frames_in

RULES = RuleSet("duel", 1000)


class Heard:
    """A member that keeps what it is sent."""

    name = "someone"

    def __init__(self) -> None:
        self.frames: list[bytes] = []

    def send(self, message: dict[str, Any]) -> None:
        self.frames.append(protocol.encode(message))

    def send_frame(self, frame: bytes) -> None:
        self.frames.append(frame)

    def messages(self) -> list[Any]:
        return frames_in(b"".join(self.frames))[0]


def moves_at(tmp_path: Path, seats: list[Seat] | None = None,
             spectators: list[Any] | None = None) -> Moves:
    services = Services(clock=Clock(), runner=None, pacing=INSTANT,
                        journal_dir=tmp_path / "journals", done_dir=tmp_path / "done")
    return Moves(3, services, seats or [Seat(0), Seat(1)], spectators or [])


def started(tmp_path: Path) -> Moves:
    moves = moves_at(tmp_path)
    moves.open({"kind": "table"})
    moves.start(RULES, 11)
    return moves


def test_a_replayed_game_is_the_game_played_live(tmp_path):
    live = started(tmp_path / "live")
    bots = [make_bot("random", seat) for seat in range(2)]
    while live.seq < 300 and not live.started().over:
        live.make(next_move(live.started(), bots)[1])
    records = read_journal(live.journal.path).records[1:]
    assert [r["n"] for r in records] == list(range(1, live.seq + 1))
    again = moves_at(tmp_path / "again")
    again.start(RULES, 11)
    for record in records:
        again.replay(record)
    assert (again.game, again.seq) == (live.game, live.seq)
    assert again.log.to_list() == live.log.to_list()


def test_a_move_says_what_it_did(tmp_path):
    moves = started(tmp_path)
    bots = [make_bot("random", seat) for seat in range(2)]
    rounds = 0
    while rounds == 0:
        action = next_move(moves.started(), bots)[1]
        game, events = apply(moves.started(), action)
        moved = moves.make(action)
        assert moved.seq == moves.seq and moved.events == [e.to_dict() for e in events]
        assert moved.kinds == {e["type"] for e in moved.events}
        rounds += moved.round_over
    assert "round_ended" in moved.kinds


def test_an_illegal_move_changes_nothing_and_is_not_journalled(tmp_path):
    moves = started(tmp_path)
    game, size = moves.game, moves.journal.size
    with pytest.raises(IllegalAction):
        moves.make(Pass(0))                         # nobody passes in the deal's first phase
    assert (moves.game, moves.seq, moves.log.to_list()) == (game, 0, [])
    assert moves.journal.size == size


def test_a_move_the_journal_cannot_take_is_not_made(tmp_path):
    moves = started(tmp_path)
    bots = [make_bot("random", seat) for seat in range(2)]
    action = next_move(moves.started(), bots)[1]

    def disk_full(record: dict[str, Any]) -> None:
        raise JournalError("the disk is full")
    moves.journal.append = disk_full
    game = moves.game
    with pytest.raises(HostError) as refused:
        moves.make(action)
    assert refused.value.code == "journal_failed"
    assert (moves.game, moves.seq, moves.log.to_list()) == (game, 0, [])


def test_a_replayed_move_must_follow_the_last(tmp_path):
    moves = moves_at(tmp_path)
    with pytest.raises(ValueError):
        moves.replay({"kind": "action", "n": 1, "action": {"type": "pass", "seat": 0}})
    moves.start(RULES, 11)
    with pytest.raises(ValueError):
        moves.replay({"kind": "action", "n": 2, "action": {"type": "pass", "seat": 0}})


def test_each_seat_sees_its_own_view_and_the_spectators_share_one(tmp_path):
    seats = [Seat(0, member=Heard()), Seat(1)]          # nobody connected in seat 1
    watchers = [Heard(), Heard()]
    moves = moves_at(tmp_path, seats, watchers)
    moves.start(RULES, 11)
    moves.show_all([{"type": "x"}])
    (mine,) = seats[0].member.messages()
    assert mine["view"]["seat"] == 0 and mine["events"] == [{"type": "x"}] and "log" not in mine
    assert watchers[0].frames[0] is watchers[1].frames[0]
    assert watchers[0].messages()[0]["view"]["seat"] == -1


def test_a_newcomer_gets_the_log_so_far(tmp_path):
    moves = started(tmp_path)
    bots = [make_bot("random", seat) for seat in range(2)]
    for _ in range(5):
        moves.make(next_move(moves.started(), bots)[1])
    newcomer = Heard()
    moves.show(newcomer, Seat(1))
    (view,) = newcomer.messages()
    assert view["seq"] == 5 and view["view"]["seat"] == 1 and view["log"] == moves.log.to_list()
    nobody_yet = Heard()
    moves_at(tmp_path / "waiting").show(nobody_yet)
    assert nobody_yet.frames == []                      # no game yet: nothing to see


def test_games_that_end_together_are_followed_by_one_look_at_the_kept_games():
    from twisted.internet.task import Clock

    from tichu_lan.server.services import PRUNE_AFTER, Retention

    class Keeping:
        pruned = 0

        def prune(self):
            Keeping.pruned += 1
            return []
    clock = Clock()
    retention = Retention(clock, Keeping())
    for _ in range(20):                      # a burst of tables, each ending its game
        retention.soon()
    assert Keeping.pruned == 0
    clock.advance(PRUNE_AFTER)
    assert Keeping.pruned == 1
    retention.soon()
    retention.stop()
    clock.advance(PRUNE_AFTER)
    assert Keeping.pruned == 1 and not clock.getDelayedCalls()
