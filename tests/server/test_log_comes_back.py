"""The whole game in view after a reconnect and after the host's --resume: the view a person
gets on coming back carries the game's public log (real host, real clients on 127.0.0.1),
the table screen's log is whole again, and no hidden card travels with it."""

from __future__ import annotations

import pytest_twisted
from hypothesis import given, settings
from hypothesis import strategies as st
from twisted.internet import defer

from engine import RuleSet, action_from_dict, apply, new_game
from tests.server.test_resume import FAST, journal_moves, kill_and_resume
from tests.support.audit import MessageLog, assert_no_hidden_cards, states_by_seq
from tests.support.autoplay import AutoPlayer, play_until, settle
from tests.support.live_host import LOOPBACK, seat_clients, wait_until
from tests.support.typed_host import said
from tichu_lan import protocol
from tichu_lan.client import TichuClient
from tichu_lan.host_messages import ConnectionNotice
from tichu_lan.records.journal import read_journal
from tichu_lan.server.public_log import PublicLog
from tichu_lan.tui.faces import Faces
from tichu_lan.tui.table_link import TableLink
from tichu_lan.tui.table_model import TableModel

RECONNECTED = "Reconnected to the host"


def public_log(rules: RuleSet, seed: int, moves: list[dict]) -> list[dict]:
    """The log a host must send: every move's events, from the engine's replay."""
    game, log = new_game(rules, seed, shared=bool(moves) and moves[0]["type"] == "deal"), []
    for seq, move in enumerate(moves, start=1):
        game, events = apply(game, action_from_dict(move))
        if events:
            log.append({"seq": seq, "events": [e.to_dict() for e in events]})
    return log


def linked_model(client: TichuClient) -> TableModel:
    model = TableModel(Faces(ascii=True))
    TableLink(client, model)
    return model


def told(model: TableModel) -> list[str]:
    return ["".join(t for _, t in line) for line in model.log]


def public(lines: list[str], round_no: int) -> list[str]:
    """The lines a log from the host writes again: not the reconnection, nor the cards
    received before this round."""
    out, current = [], 1
    for line in lines:
        if line.startswith("Round ") and " begins" in line:
            current = int(line.split()[1])
        if line != RECONNECTED and not (line.startswith("You received") and current < round_no):
            out.append(line)
    return out


def newcomer_views(log: MessageLog) -> list[dict]:
    return [m for m in log.messages if m["type"] == "view" and m.get("log") is not None]


@pytest_twisted.ensureDeferred
async def test_a_reconnected_client_and_a_new_one_get_the_whole_log(host, data_dir):
    clients = await seat_clients(host.port, 4)
    model = linked_model(clients[0])
    messages = MessageLog(clients[0])
    players = [AutoPlayer(c, seed=i) for i, c in enumerate(clients)]
    await play_until(players, lambda: clients[0].seq >= 80)
    table = host.lobby.get(clients[0].seating.table)
    restored = clients[0].wait_for(said(ConnectionNotice, state="restored"))
    clients[0].drop()
    for player in players[1:]:
        player.resume()                       # the others play on while it is away
    await restored
    await settle(players)
    (back,) = newcomer_views(messages)
    moves = journal_moves(table.journal.path)
    assert back["log"] == public_log(table.rules, table.seed, moves[:back["seq"]])
    assert told(model).count(RECONNECTED) == 1

    again = TichuClient(LOOPBACK, host.port, "Ann", token=clients[0].token)
    await again.connect()
    fresh = linked_model(again)
    # What a seat received in an earlier round's exchange is in no view any more: only the
    # live screen could tell it.
    assert public(told(model), again.view.round_no) == public(told(fresh), again.view.round_no)
    assert fresh.record.last_seq == table.seq == model.record.last_seq

    states = states_by_seq(table.rules, table.seed, moves)
    assert assert_no_hidden_cards(messages.messages, 0, states) >= 80
    watcher = TichuClient(LOOPBACK, host.port, "Eve")
    await watcher.connect()
    watched = MessageLog(watcher)
    await watcher.spectate(table.id)
    await wait_until(lambda: newcomer_views(watched))
    assert newcomer_views(watched)[0]["log"] == public_log(table.rules, table.seed, moves)
    assert assert_no_hidden_cards(watched.messages, -1, states) == 1
    for client in [*clients, again, watcher]:
        await client.close()


@pytest_twisted.ensureDeferred
async def test_after_the_host_is_killed_and_resumed_the_log_comes_back_whole(processes,
                                                                              tmp_path):
    host = processes(args=FAST)
    port = await host.started()
    clients = await seat_clients(port, 4, target=500)
    model = linked_model(clients[1])
    logs = [MessageLog(c) for c in clients]
    players = [AutoPlayer(c, seed=i) for i, c in enumerate(clients)]
    await play_until(players, lambda: clients[0].seq >= 60)
    seq = clients[0].seq
    before = told(model)

    host = await kill_and_resume(host, processes, clients)
    await wait_until(lambda: all(newcomer_views(log) for log in logs))
    (path,) = (tmp_path / "journals").glob("*.journal")
    moves = journal_moves(path)
    rules, seed = RuleSet("classic", 500), read_journal(path).records[0]["seed"]
    for log in logs:
        (back,) = newcomer_views(log)
        assert back["seq"] == seq and back["log"] == public_log(rules, seed, moves[:seq])
    assert told(model) == before + [RECONNECTED]
    fresh = TableModel(Faces(ascii=True))
    TableLink(clients[1], fresh)               # a screen opened now reads the same log
    assert told(fresh) == before
    states = states_by_seq(rules, seed, moves)
    for seat, log in enumerate(logs):
        assert assert_no_hidden_cards(log.messages, seat, states) >= seq
    await defer.gatherResults([c.close() for c in clients])


def test_the_log_keeps_at_most_its_cap_dropping_the_oldest_moves_first():
    log = PublicLog(limit=5)
    moves = [(1, [{"type": "exchange_done"}]), (2, []), (3, [{"type": "passed", "seat": 1}] * 3),
             (4, [{"type": "passed", "seat": 2}] * 2)]
    for seq, events in moves:
        log.add(seq, events)
    assert log.to_list() == [{"seq": 3, "events": moves[2][1]}, {"seq": 4, "events": moves[3][1]}]
    assert log.events == 5 and protocol.LOG_MAX == PublicLog().limit == 3000
    log.clear()
    assert log.to_list() == [] and log.events == 0


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 4), max_size=60), st.integers(1, 12), st.integers(1, 5))
def test_the_sealed_log_is_the_latest_moves_within_its_cap(sizes, limit, chunk):
    # What a chunked, compressed log hands out is what a plain list of the moves would:
    # the newest moves, oldest first, at most `limit` events, forgetting only whole chunks
    # of at most a quarter of the cap (and a move) each.
    log, added = PublicLog(limit=limit, chunk=chunk), []
    for seq, size in enumerate(sizes, start=1):
        events = [{"type": "passed", "seat": seq % 4, "n": k} for k in range(size)]
        log.add(seq, events)
        if events:
            added.append({"seq": seq, "events": events})
        kept = log.to_list()
        assert kept == added[len(added) - len(kept):]
        assert log.events == sum(len(m["events"]) for m in kept) <= limit
        largest_chunk = min(chunk * 4, max(1, limit // 4) - 1 + 4)
        assert log.events > limit - largest_chunk or len(kept) == len(added)


def test_a_full_log_of_a_long_game_stays_small():
    # Every table of an evening holds one: 50 tables of long games must not hold 20 MiB.
    import tracemalloc

    from engine.bots import make_bot
    from engine.bots.arena import next_move
    game, bots = new_game(RuleSet(target=100_000), 5), [make_bot("random", s) for s in range(4)]
    moves, seq = [], 0
    while sum(len(e) for _, e in moves) < 2 * protocol.LOG_MAX:
        _seat, action = next_move(game, bots)
        game, events = apply(game, action)
        seq += 1
        if events:
            moves.append((seq, [e.to_dict() for e in events]))
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot()
        log = PublicLog()
        for seq, events in moves:
            log.add(seq, events)
        grown = sum(s.size_diff for s in tracemalloc.take_snapshot().compare_to(before, "filename"))
    finally:
        tracemalloc.stop()
    assert log.events > protocol.LOG_MAX * 3 // 4
    assert grown < 100 * 1024                   # 430 KiB when each move was kept on its own
    kept = log.to_list()
    assert kept[-1]["seq"] == moves[-1][0] and len(kept) < len(moves)
