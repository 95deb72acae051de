"""What the host holds for one connection (`Outbox`) and the shared lobby listing, without a
network."""

from __future__ import annotations

import msgpack
from twisted.internet.task import Clock

from tichu_lan import protocol
from tichu_lan.server.lobby_listing import MOVES_AFTER, ListingCache
from tichu_lan.server.outbox import Latest, Outbox, OutputBudget


class Transport:
    """Takes frames like Twisted's transport, pausing the outbox past ``buffer`` bytes."""

    def __init__(self, buffer: int = 100) -> None:
        self.buffer = buffer
        self.held: list[bytes] = []
        self.outbox: Outbox | None = None

    def write(self, frame: bytes) -> None:
        self.held.append(frame)
        if sum(map(len, self.held)) > self.buffer:
            assert self.outbox is not None
            self.outbox.pause()

    def drain(self) -> list[bytes]:
        sent, self.held = self.held, []
        assert self.outbox is not None
        self.outbox.resume()
        return sent


def rig(limit: int = 400, buffer: int = 100) -> tuple[Outbox, Transport]:
    transport = Transport(buffer)
    outbox = Outbox(transport.write, limit, buffer)
    transport.outbox = outbox
    return outbox, transport


def test_frames_go_straight_through_while_the_client_reads():
    outbox, transport = rig()
    for _ in range(50):
        assert outbox.put(b"x" * 10)
        transport.drain()
    assert not outbox.paused and outbox.held == 0


def test_past_the_limit_a_frame_is_refused_counting_the_transport_as_full():
    outbox, transport = rig(limit=400, buffer=100)
    assert outbox.put(b"a" * 120)                 # fills the transport: paused
    assert outbox.paused and outbox.held == 100 + 120
    assert outbox.put(b"b" * 150)                 # 370 held
    assert not outbox.put(b"c" * 31)              # would be 401
    assert outbox.held == 370
    transport.drain()                             # the client read it all
    assert outbox.held == 0 and outbox.put(b"c" * 31)


def shared(budget: OutputBudget, limit: int = 1000, buffer: int = 100) -> tuple[Outbox, Transport]:
    """An outbox whose connection is cut (closed) when the budget says it owes the most."""
    transport = Transport(buffer)
    outbox = Outbox(transport.write, limit, buffer, budget, lambda: cut.append(outbox.close()))
    cut: list[None] = []
    outbox.cut = cut                                   # type: ignore[attr-defined]
    transport.outbox = outbox
    return outbox, transport


def test_past_the_total_the_connection_owing_the_most_is_cut_not_the_one_asking():
    budget = OutputBudget(1000)
    worst, _ = shared(budget)
    for size in (120, 150, 200):
        worst.put(b"w" * size)                          # owes 570
    slow, _ = shared(budget)
    slow.put(b"s" * 110)                                # owes 210
    other, other_transport = shared(budget)
    other.put(b"o" * 101)                               # owes 201
    assert budget.total == 570 + 210 + 201
    assert other.put(b"o" * 150)                        # 1131 in all: the worst goes
    assert worst.cut and worst.held == 0 and not slow.cut and not other.cut
    assert budget.total == 210 + 351
    other_transport.drain()                             # read at last: it owes nothing
    assert budget.total == 210 and budget.owing == {slow: 210}


def test_transports_that_pause_count_as_full_and_past_the_total_the_worst_is_cut():
    budget = OutputBudget(500)
    first, _ = shared(budget)
    first.put(b"a" * 150)                               # paused: owes 100 + 150
    second, _ = shared(budget)
    second.put(b"b" * 120)                              # paused: owes 220; 470 in all
    assert not first.cut and not second.cut
    third, _ = shared(budget)
    third.put(b"c" * 101)                               # paused: 671 in all
    assert first.cut and not second.cut and not third.cut
    assert budget.total == 220 + 201 <= 500


def test_past_the_total_a_connection_that_would_owe_the_most_is_refused():
    budget = OutputBudget(600)
    first, _ = shared(budget)
    first.put(b"a" * 150)                               # owes 250
    second, _ = shared(budget)
    second.put(b"b" * 150)
    assert not second.put(b"b" * 120)                   # 370 against 250: it is the worst
    assert not first.cut and budget.total == 500 and budget.cut == 1


def test_a_newer_listing_replaces_one_that_waits():
    outbox, transport = rig(limit=1000, buffer=100)
    outbox.put(b"v" * 101)                        # paused
    for n in range(20):
        assert outbox.put(Latest(b"%03d" % n + b"L" * 97, "lobby"))
    outbox.put(b"view")
    assert outbox.held == 100 + 101 + 4 + 100     # one listing aside, whatever came before
    sent = transport.drain()
    assert sent == [b"v" * 101, b"view"]
    assert transport.held == [b"019" + b"L" * 97]  # the newest, once the rest was sent


def test_a_listing_that_does_not_fit_keeps_the_one_before():
    outbox, _ = rig(limit=300, buffer=100)
    outbox.put(b"v" * 101)
    assert outbox.put(Latest(b"old" * 10, "lobby"))
    assert not outbox.put(Latest(b"N" * 200, "lobby"))
    assert outbox.aside["lobby"] == b"old" * 10


def test_a_closed_outbox_keeps_nothing_and_writes_nothing():
    outbox, transport = rig(limit=1000, buffer=100)
    outbox.put(b"v" * 101)
    outbox.put(Latest(b"L" * 50, "lobby"))
    outbox.close()
    assert outbox.held == 0 and outbox.aside == {} and outbox.write is None
    assert outbox.put(b"more")                    # dropped, not an overflow
    assert transport.held == [b"v" * 101]


def decode(frame: bytes) -> dict:
    (length,) = protocol.HEADER.unpack(frame[:4])
    assert length == len(frame) - 4
    return msgpack.unpackb(frame[4:], raw=False)


class Lobby:
    def __init__(self) -> None:
        self.built = 0
        self.moves = 0
        self.tables = [{"id": 1, "name": "Friday", "seq": 0}]

    def listing(self) -> list[dict]:
        self.built += 1
        return [dict(t, seq=self.moves) for t in self.tables]


def test_the_listing_is_built_once_per_change_and_answers_each_request_with_its_id():
    lobby, clock = Lobby(), Clock()
    cache = ListingCache(lobby.listing, clock, lambda: lobby.moves)
    answers = [decode(cache.answer(rid)) for rid in range(1, 30)]
    pushed = cache.frame()
    assert lobby.built == 1
    assert answers[4] == {"type": "lobby", "id": 5, "tables": lobby.tables}
    assert isinstance(pushed, Latest) and pushed.kind == "lobby"
    assert decode(pushed) == {"type": "lobby", "tables": lobby.tables}
    assert cache.frame() is pushed
    lobby.tables.append({"id": 2, "name": "Duel", "seq": 0})
    cache.changed()
    assert len(decode(cache.answer(1))["tables"]) == 2 and lobby.built == 2


def test_moves_reach_the_listing_at_most_once_a_second():
    lobby, clock = Lobby(), Clock()
    cache = ListingCache(lobby.listing, clock, lambda: lobby.moves)
    cache.answer(1)
    for _ in range(100):
        lobby.moves += 1
        clock.advance(MOVES_AFTER / 20)
        cache.answer(2)
    assert 1 + 4 <= lobby.built <= 1 + 5          # 5 s of moves: one rebuild a second
    assert decode(cache.answer(3))["tables"][0]["seq"] < 100
    clock.advance(MOVES_AFTER)
    assert decode(cache.answer(4))["tables"][0]["seq"] == 100
