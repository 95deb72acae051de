"""Whole games through the real protocol: the scores match the engine's replay, nothing leaks."""

import pytest
import pytest_twisted

from engine import RuleSet
from tests.support.audit import MessageLog, assert_no_hidden_cards, states_by_seq
from tests.support.autoplay import AutoPlayer, all_moves, replayed
from tests.support.live_host import connect, seat_clients, wait_until
from tichu_lan.records.journal import read_journal


def journal_moves(data_dir):
    """The moves in the one finished journal of the host."""
    (path,) = (data_dir / "journals" / "done").glob("*.journal")
    records = read_journal(path).records
    assert records[-1]["kind"] == "over"
    return [r["action"] for r in records if r["kind"] == "action"]


@pytest.mark.parametrize("variant,people", [("classic", 4), ("duel", 2)])
@pytest_twisted.ensureDeferred
async def test_a_whole_game_matches_the_engine_replay_and_leaks_nothing(host, data_dir, variant,
                                                                        people):
    await whole_game(host, data_dir, variant, people, 500, seed=0)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(1, 6))
@pytest.mark.parametrize("variant,people", [("classic", 4), ("duel", 2)])
@pytest_twisted.ensureDeferred
async def test_many_whole_games_to_1000(host, data_dir, variant, people, seed):
    await whole_game(host, data_dir, variant, people, 1000, seed)


async def whole_game(host, data_dir, variant, people, target, seed):
    clients = await seat_clients(host.port, people, variant=variant, target=target, start=False)
    logs = [MessageLog(c) for c in clients]
    watcher = await connect(host.port, "Eve")
    await watcher.spectate(clients[0].seating.table)
    watcher_log = MessageLog(watcher)
    await clients[0].start()
    players = [AutoPlayer(c, seed=10 * seed + i) for i, c in enumerate(clients)]
    final = await players[0].finished
    await wait_until(lambda: all(c.table.state == "over" for c in clients + [watcher]))

    moves = all_moves(players)
    seed = clients[0].table.seed
    rules = RuleSet(variant, target)
    game = replayed(rules, seed, moves)
    assert game.over and final.winner == game.winner
    assert final.scores == game.scores and final.history == game.history
    assert max(final.scores) >= target or min(final.scores) < rules.duel_loss
    assert journal_moves(data_dir) == moves
    assert all(p.refused == [] for p in players)

    states = states_by_seq(rules, seed, moves)
    for seat, log in enumerate(logs):
        assert assert_no_hidden_cards(log.messages, seat, states) >= len(moves)
    assert assert_no_hidden_cards(watcher_log.messages, -1, states) >= len(moves)
    assert all(m["view"]["hand"] == [] for m in watcher_log.messages if m["type"] == "view")
    for client in clients + [watcher]:
        await client.close()


def test_the_audit_catches_a_leaked_card():
    """The audit above can fail: a view naming another seat's card is caught."""
    from engine import CLASSIC, card_text, new_game, view, view_to_dict
    game = new_game(CLASSIC, 5)
    message = {"type": "view", "table": 1, "seq": 0, "events": [],
               "view": view_to_dict(view(game, 0))}
    assert assert_no_hidden_cards([message], 0, [game]) == 1
    foreign = next(c for c in range(56) if game.round.hands[1] >> c & 1)
    message["view"]["trick"] = [[1, {"kind": "single", "cards": [card_text(foreign)]}]]
    with pytest.raises(AssertionError, match="saw hidden cards"):
        assert_no_hidden_cards([message], 0, [game])
    with pytest.raises(AssertionError, match="names cards"):
        assert_no_hidden_cards([{"type": "table", "table": {"x": card_text(foreign)}}], 0, [game])
