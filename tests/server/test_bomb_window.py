"""The bomb after the last pass, through real clients and a real host on 127.0.0.1: a won
trick waits for the table's window (stepped on a test clock), a bomb in it is accepted and
ends it, and once it is over the host collects the trick and everyone hears of it."""

from __future__ import annotations

import random
from typing import NamedTuple

import pytest
import pytest_twisted
from twisted.internet import task

from engine import (CLASSIC, Exchange, GrandTichu, Kind, Pass, Phase, Play, action_from_dict,
                    apply, new_game, options_for_view, parse_card)
from engine.cards import DOG_BIT, DRAGON_BIT, MAHJONG_BIT, PHOENIX_BIT, cards_of
from engine.enumeration import bombs
from tests.support.autoplay import calm_decision
from tests.support.live_host import connect, host_config, wait_until
from tichu_lan.protocol import HostError
from tichu_lan.server import Host, Pacing
from tichu_lan.server.host_config import TableOptions
from tichu_lan.records.journal import Journal, read_journal
from tichu_lan.tui.faces import Faces
from tichu_lan.tui.table_link import TableLink
from tichu_lan.tui.table_model import TableModel
from tichu_lan.records.meta import TableName

WINDOW = 2.0               # a table's window for bombs by default (Pacing.collect)
SPECIALS = MAHJONG_BIT | DOG_BIT | PHOENIX_BIT | DRAGON_BIT


def spare(hand: int, bomb: int) -> tuple[int, ...]:
    """The three cards a seat gives in the exchange: its lowest outside ``bomb``."""
    return tuple(int(c) for c in cards_of(hand & ~bomb))[:3]


def deal_with_a_bomb() -> tuple[int, int, int]:
    """A seed whose first deal gives a seat four of a kind, kept through the exchange, and
    the lead to another seat: (seed, that seat, the bomb)."""
    for seed in range(1000):
        game = new_game(CLASSIC, seed)
        for seat in range(4):
            game = apply(game, GrandTichu(seat, False))[0]
        for bomber, hand in enumerate(game.round.hands):
            four = [c.cards for c in bombs(hand) if c.kind == Kind.BOMB and c.length == 4]
            if not four:
                continue
            dealt = game
            for seat in range(4):
                gifts = spare(dealt.round.hands[seat], four[0] if seat == bomber else 0)
                dealt = apply(dealt, Exchange(seat, gifts))[0]
            if dealt.round.turn != bomber:
                return seed, bomber, four[0]
    raise AssertionError("no deal with four of a kind")


@pytest.fixture
def clocked(data_dir):
    """start(**config) -> a listening host with people's pacing, whose tables' timers run on
    the returned `task.Clock` (the network on the reactor); stopped after the test."""
    from twisted.internet import reactor
    started = []

    def start(resume: bool = False, **overrides):
        clock = task.Clock()
        host = Host(host_config(data_dir, pacing=Pacing(0.0, 0.0, 0.0), **overrides), reactor)
        host.services.clock = clock         # what the tables' timers run on
        if resume:
            host.resume()
        host.listen()
        started.append(host)
        return host, clock

    yield start
    for host in started:
        pytest_twisted.blockon(host.stop())


async def four_people(port):
    names = ["Ann", "Bob", "Cat", "Dan"]
    clients = [await connect(port, name) for name in names]
    seating = await clients[0].create_table("window", "classic", 1000)
    for seat in (1, 2, 3):
        await clients[seat].join(seating.table, seat=seat)
    return clients


async def moved(clients, action):
    """``action`` by its seat's client; fires once every client has seen the move."""
    seq = await clients[action.seat].act(action)
    await wait_until(lambda: all(c.seq >= seq for c in clients))
    return seq


async def to_first_lead(clients, bomb):
    """Everyone declines Grand Tichu and gives its three `spare` cards."""
    await clients[0].start()
    await wait_until(lambda: all(c.view is not None for c in clients))
    for seat in range(4):
        await moved(clients, GrandTichu(seat, False))
    for seat, client in enumerate(clients):
        held = client.view.hand
        await moved(clients, Exchange(seat, spare(held, bomb if held & bomb == bomb else 0)))
    await wait_until(lambda: all(c.view.phase is Phase.PLAY for c in clients))


async def lead_and_pass(clients, bomb):
    """The leader leads an ordinary single outside ``bomb``; the other three pass."""
    leader = clients[0].view.turn
    hand = clients[leader].view.hand & ~bomb & ~SPECIALS
    await moved(clients, Play(leader, 1 << max(cards_of(hand))))
    for _ in range(3):
        await moved(clients, Pass(clients[0].view.turn))
    return leader


async def pass_round(clients):
    """Everyone but the trick's top player passes, from the seat to play on."""
    while clients[0].view.phase is Phase.PLAY:
        await moved(clients, Pass(clients[0].view.turn))


def journal_actions(host):
    (table,) = host.lobby.tables.values()
    return journal_actions_of(table)


def journal_actions_of(table):
    return [r["action"] for r in read_journal(table.journal.path).records
            if r["kind"] == "action"]


class Waiting(NamedTuple):
    host: Host
    clock: task.Clock
    clients: list
    bomber: int
    bomb: int
    leader: int


async def a_waiting_trick(clocked) -> Waiting:
    """Four people at a host on a test clock; the first trick is led and passed by all: it
    waits to be collected, and ``bomber`` holds ``bomb``."""
    seed, bomber, bomb = deal_with_a_bomb()
    host, clock = clocked(seed=seed)
    clients = await four_people(host.port)
    await to_first_lead(clients, bomb)
    leader = await lead_and_pass(clients, bomb)
    return Waiting(host, clock, clients, bomber, bomb, leader)


def log_text(model) -> str:
    return "\n".join("".join(t for _, t in line) for line in model.log)


@pytest_twisted.ensureDeferred
async def test_a_person_bombs_after_the_last_pass_and_the_trick_is_collected_after_the_window(
        clocked):
    host, clock, clients, bomber, bomb, leader = await a_waiting_trick(clocked)
    model = TableModel(Faces(ascii=True))
    TableLink(clients[0], model)
    clock.advance(WINDOW / 2)

    await moved(clients, Play(bomber, bomb))                       # after the third pass
    view = clients[0].view
    assert view.phase.value == "play" and view.top_seat == bomber and view.top.cards == bomb
    assert len(view.trick) == 5 and view.trick[0].seat == leader
    assert view.turn == (bomber + 1) % 4
    clock.advance(WINDOW * 5)                                      # the bomb ended the window
    await clients[0].ping()                        # what the host sent before has arrived
    assert clients[0].view.phase is Phase.PLAY and clients[0].view.top_seat == bomber

    await pass_round(clients)
    assert all(c.view.phase is Phase.COLLECT for c in clients)     # the trick waits
    assert clients[0].view.top_seat == bomber and len(clients[0].view.trick) == 8
    seq = clients[0].seq
    clock.advance(WINDOW - 0.01)
    await clients[0].ping()
    assert clients[0].seq == seq and clients[0].view.phase is Phase.COLLECT
    clock.advance(0.01)                                             # the window is over
    await wait_until(lambda: all(c.seq == seq + 1 for c in clients))
    view = clients[0].view
    assert view.phase is Phase.PLAY and view.trick == () and view.turn == bomber
    assert view.last_trick_winner == bomber and view.won_counts[bomber] == 5
    assert journal_actions(host)[-1] == {"type": "collect", "seat": bomber}
    name = "You" if bomber == 0 else ["Ann", "Bob", "Cat", "Dan"][bomber]
    verb = "take" if bomber == 0 else "takes"
    assert f"{name} {verb} the trick" in log_text(model)
    assert "BOMB" in log_text(model)
    for client in clients:
        await client.close()


@pytest_twisted.ensureDeferred
async def test_nobody_at_the_table_may_collect_a_trick(clocked):
    host, clock, clients, bomber, bomb, leader = await a_waiting_trick(clocked)
    for client in clients:                      # the winner too: only the host collects
        failure = await client.act({"type": "collect"}).addErrback(lambda f: f.value)
        assert isinstance(failure, HostError) and failure.code == "host_collects"
    assert clients[leader].view.phase is Phase.COLLECT and clients[0].seq == 12
    for client in clients:
        await client.close()


@pytest_twisted.ensureDeferred
async def test_a_trick_left_waiting_by_a_stopped_host_is_collected_after_resume(clocked):
    host, clock, clients, bomber, bomb, leader = await a_waiting_trick(clocked)
    tokens = [c.token for c in clients]
    for client in clients:
        await client.close()
    await host.stop()

    host, clock = clocked(resume=True, seed=host.config.seed)
    (table,) = host.lobby.tables.values()
    assert table.game.round.phase is Phase.COLLECT and table.options.collect == WINDOW
    back = await connect(host.port, "Ann", token=tokens[0])
    assert back.view.phase is Phase.COLLECT
    clock.advance(WINDOW)
    await wait_until(lambda: back.view.phase is Phase.PLAY)
    assert back.view.last_trick_winner == leader and back.view.turn == leader
    await back.close()


def test_a_journal_from_before_the_window_is_refused_with_a_reason(data_dir, host_log):
    journals = data_dir / "journals"
    journals.mkdir(parents=True)
    journal = Journal.create(journals, 1, {
        "kind": "table", "format": 1, "id": 1, "name": "old", "rules": CLASSIC.to_dict(),
        "seed": 3, "options": {"takeover": True, "grace": 60.0, "bot_level": "random"},
        "password": None})
    journal.close()
    host = Host(host_config(data_dir), task.Clock())
    (result,) = host.resume()
    assert result.table is None and journal.path.exists()
    assert any("written by an earlier tichu-lan" in line for line in host_log)


class WindowBomber:
    """A test bot that keeps its bombs for the window after the last pass: it passes when it
    may, bombs a waiting trick when it can, and gives its lowest cards outside bombs away."""

    level = "window-bomber"

    def __init__(self, seed: int = 0, *, time_cap=None) -> None:
        pass

    def decide(self, view):
        opts = options_for_view(view)
        if view.phase is Phase.COLLECT and opts.plays:
            return Play(view.seat, opts.plays[-1].cards)
        if not opts.waiting:
            return None
        if opts.exchange:
            kept = sum(c.cards for c in bombs(view.hand))
            return Exchange(view.seat, spare(view.hand, kept))
        if opts.can_pass:
            return Pass(view.seat)
        return calm_decision(view, random.Random(repr((view.seat, view.hand, view.trick))))


@pytest_twisted.ensureDeferred
async def test_bots_are_asked_in_the_window_and_may_bomb_in_it(clocked, bot_levels):
    bot_levels(**{WindowBomber.level: WindowBomber})
    seed, bomber, bomb = deal_with_a_bomb()
    host, clock = clocked(seed=seed, inline_levels=frozenset({"random", WindowBomber.level}))
    table = host.lobby.create(TableName("bots"), CLASSIC,
                              TableOptions(bot_level=WindowBomber.level), None)
    for seat in range(4):
        table.add_bot(seat, WindowBomber.level)
    table.start()
    for _ in range(40):                     # tricks: the bots play at once, then a window
        clock.advance(0.0)
        assert table.game.round.phase is Phase.COLLECT, "nobody acts outside the window"
        if window_bombs(table):
            break
        clock.advance(WINDOW)               # nobody bombed: the host collects
    (seat, cards), *_ = window_bombs(table)
    assert seat == bomber and cards == bomb
    table.close("closed")


def window_bombs(table) -> list[tuple[int, int]]:
    """The plays the table's journal shows made while a won trick waited: (seat, cards)."""
    game, found = new_game(table.rules, table.seed), []
    for action in journal_actions_of(table):
        if game.round.phase is Phase.COLLECT and action["type"] == "play":
            found.append((action["seat"], sum(1 << int(parse_card(c)) for c in action["cards"])))
        game = apply(game, action_from_dict(action))[0]
    return found




@pytest_twisted.ensureDeferred
async def test_a_trick_the_host_cannot_save_waits_and_everyone_is_told(clocked):
    from tichu_lan.words.notices import notice_words
    from tichu_lan.records.journal import JournalError
    from tichu_lan.server.collect_window import COLLECT_RETRY
    host, clock, clients, bomber, bomb, leader = await a_waiting_trick(clocked)
    (table,) = host.lobby.tables.values()
    writes = table.journal.append

    def disk_full(record):
        raise JournalError("the disk is full: free some disk space")
    table.journal.append = disk_full
    seq = clients[0].seq
    clock.advance(WINDOW)
    await wait_until(lambda: all(c.notices for c in clients))
    notice = clients[1].notices[-1]
    assert notice.code == "journal_stalled" and notice.params["seconds"] == COLLECT_RETRY
    assert "disk full" in notice_words(notice.to_dict())
    assert "free some disk space" in notice.message
    assert all(c.seq == seq and c.view.phase is Phase.COLLECT for c in clients)
    table.journal.append = writes                   # space again: the next try saves it
    clock.advance(COLLECT_RETRY)
    await wait_until(lambda: all(c.seq == seq + 1 for c in clients))
    assert journal_actions(host)[-1] == {"type": "collect", "seat": leader}
    for client in clients:
        await client.close()
