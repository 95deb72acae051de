"""Kill the host process mid-hand, restart it with --resume: the game goes on, clients come back."""

import random
import resource
import signal

import pytest
import pytest_twisted
from twisted.internet import defer

from engine import Phase, RuleSet
from tests.support.autoplay import (AutoPlayer, all_moves, assert_rounds_held, play_until,
                                    replayed)
from tests.support.live_host import seat_clients, wait_until
from tichu_lan.words.notices import notice_words
from tichu_lan.host_messages import ConnectionNotice
from tests.support.typed_host import said
from tichu_lan.records.journal import read_journal

FAST = ("--bot-delay", "0", "--bot-workers", "0", "--rate", "1000")


def journal_moves(path):
    return [r["action"] for r in read_journal(path).records if r["kind"] == "action"]


async def kill_and_resume(host, processes, clients):
    """SIGKILL the host, start it again with --resume on its port, wait for every client."""
    lost = [c.wait_for(said(ConnectionNotice, state="lost")) for c in clients]
    host.kill()
    assert host.process.returncode == -signal.SIGKILL
    await defer.gatherResults(lost)
    again = processes(port=host.port, resume=True, args=FAST)
    await again.started()
    await wait_until(lambda: all(c.connected for c in clients), timeout=15)
    return again


async def finish_and_check(clients, players, tmp_path, target):
    """Play to the end; the final score is the engine's replay of the journal."""
    for player in players:
        player.resume()
    final = await players[0].finished
    await wait_until(lambda: clients[0].table.state == "over")
    (done,) = (tmp_path / "journals" / "done").glob("*.journal")
    moves = journal_moves(done)
    game = replayed(RuleSet("classic", target), clients[0].table.seed, moves)
    assert game.over and game.scores == final.scores and game.history == final.history
    for player in players:                      # every move a client saw accepted is there
        for seq, move in player.accepted.items():
            assert moves[seq - 1] == move
    assert_rounds_held(players)                 # the shuffles the kills cut short too
    assert all(any(c.shared for c in p.checked.values()) for p in players)
    return moves


@pytest_twisted.ensureDeferred
async def test_sigkill_mid_hand_then_resume_continues_the_same_game(processes, tmp_path):
    host = processes(args=FAST)
    port = await host.started()
    clients = await seat_clients(port, 4, target=500)
    players = [AutoPlayer(c, seed=i) for i, c in enumerate(clients)]
    await play_until(players, lambda: clients[0].view.phase is Phase.PLAY
                     and sum(clients[0].view.hand_counts) < 45)
    before = [(c.seq, c.view_message.view, c.token) for c in clients]

    host = await kill_and_resume(host, processes, clients)
    await wait_until(lambda: all(c.seq == before[0][0] for c in clients))
    assert [(c.seq, c.view_message.view, c.token) for c in clients] == before
    assert all(c.table.state == "playing" for c in clients)
    assert "resumed 1 of 1 unfinished tables" in host.output()

    moves = await finish_and_check(clients, players, tmp_path, 500)
    assert moves == all_moves(players)
    for client in clients:
        await client.close()


async def kills_at_random_moments(processes, tmp_path, kills, seed):
    """Kill while everyone is playing (moves in flight), ``kills`` times, then finish the game."""
    rng = random.Random(seed)
    host = processes(args=FAST)
    port = await host.started()
    clients = await seat_clients(port, 4, target=500)
    players = [AutoPlayer(c, seed=i) for i, c in enumerate(clients)]
    for _ in range(kills):
        seq = clients[0].seq
        await wait_until(lambda seq=seq: clients[0].seq >= seq + rng.randrange(5, 60), timeout=20)
        host = await kill_and_resume(host, processes, clients)
    await finish_and_check(clients, players, tmp_path, 500)
    for client in clients:
        await client.close()


@pytest_twisted.ensureDeferred
async def test_a_kill_with_moves_in_flight_loses_nothing_that_was_confirmed(processes, tmp_path):
    await kills_at_random_moments(processes, tmp_path, kills=1, seed=1)


@pytest.mark.slow
@pytest_twisted.ensureDeferred
async def test_many_kills_at_random_moments(processes, tmp_path):
    await kills_at_random_moments(processes, tmp_path, kills=8, seed=2)


def limit_file_size():
    """In the child: files may not grow past 12 kB, and going past fails the write (no signal)."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (12_000, 12_000))


@pytest_twisted.ensureDeferred
async def test_a_full_disk_refuses_the_move_and_keeps_the_journal_sound(processes, tmp_path):
    host = processes(args=FAST + ("--log-level", "error"), preexec=limit_file_size)
    port = await host.started()
    clients = await seat_clients(port, 4, target=500)
    players = [AutoPlayer(c, seed=i) for i, c in enumerate(clients)]

    def stalled() -> bool:            # the disk filled on a move the host makes itself
        return all(any(n.code == "journal_stalled" for n in c.notices) for c in clients)
    await wait_until(lambda: any(p.refused for p in players) or stalled(), timeout=20)
    if stalled():
        notice = clients[0].notices[-1]
        assert "free some disk space" in notice.message and notice.params["seconds"] > 0
        assert "disk full" in notice_words(notice.to_dict())
    else:
        refusal = next(p.refused[0] for p in players if p.refused)
        assert refusal.code == "journal_failed" and "free some disk space" in refusal.message
    await wait_until(lambda: all(p.idle for p in players))
    (path,) = (tmp_path / "journals").glob("*.journal")
    assert read_journal(path).damage is None
    assert len(journal_moves(path)) == clients[0].seq   # every accepted move, nothing more
    assert (await clients[0].ping()).TYPE == "pong"
    for client in clients:
        await client.close()
