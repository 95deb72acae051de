"""Whole games through the real protocol: the scores match the engine's replay, nothing leaks."""

import json

import pytest
import pytest_twisted

from engine import RuleSet, action_from_dict, replay
from tests.support.audit import MessageLog, assert_no_hidden_cards, states_by_seq
from tests.support.autoplay import AutoPlayer, all_moves
from tests.support.host import connect, seat_clients, wait_until


def journal_moves(data_dir):
    """The moves in the one finished journal of the host."""
    (path,) = (data_dir / "journals" / "done").glob("*.journal")
    records = [json.loads(line.split(b" ", 1)[1]) for line in path.read_bytes().splitlines()]
    assert records[-1]["kind"] == "over"
    return [r["action"] for r in records if r["kind"] == "action"]


@pytest.mark.parametrize("variant,people", [("classic", 4), ("duel", 2)])
@pytest_twisted.ensureDeferred
async def test_a_whole_game_matches_the_engine_replay_and_leaks_nothing(host, data_dir, variant,
                                                                        people):
    clients = await seat_clients(host.port, people, variant=variant, target=500, start=False)
    logs = [MessageLog(c) for c in clients]
    watcher = await connect(host.port, "Eve")
    await watcher.spectate(clients[0].seating.table)
    watcher_log = MessageLog(watcher)
    await clients[0].start()
    players = [AutoPlayer(c, seed=i) for i, c in enumerate(clients)]
    final = await players[0].finished
    await wait_until(lambda: all(c.table["state"] == "over" for c in clients + [watcher]))

    moves = all_moves(players)
    seed = clients[0].table["seed"]
    rules = RuleSet(variant, 500)
    game = replay(rules, seed, [action_from_dict(m) for m in moves])
    assert game.over and final.winner == game.winner
    assert final.scores == game.scores and final.history == game.history
    assert max(final.scores) >= 500 or min(final.scores) < rules.duel_loss
    assert journal_moves(data_dir) == moves
    assert all(p.refused == [] for p in players)

    states = states_by_seq(rules, seed, moves)
    for seat, log in enumerate(logs):
        assert assert_no_hidden_cards(log.messages, seat, states) >= len(moves)
    assert assert_no_hidden_cards(watcher_log.messages, -1, states) >= len(moves)
    assert all(m["view"]["hand"] == [] for m in watcher_log.messages if m["type"] == "view")
    for client in clients + [watcher]:
        await client.close()
