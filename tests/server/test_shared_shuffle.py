"""Draft."""
import pytest_twisted

from engine import RuleSet, action_from_dict, replay
from tests.support.autoplay import AutoPlayer, all_moves
from tests.support.live_host import seat_clients, wait_until
from tichu_lan.host_messages import RoundChecked


@pytest_twisted.ensureDeferred
async def test_draft(host):
    clients = await seat_clients(host.port, 2, "classic", 200, start=False)
    heard = {i: [] for i in range(2)}
    for i, c in enumerate(clients):
        c.subscribe(lambda m, i=i: heard[i].append(m) if isinstance(m, RoundChecked) else None)
    await clients[0].start()
    players = [AutoPlayer(c, seed=i) for i, c in enumerate(clients)]
    final = await players[0].finished
    rounds = len(final.history)
    await wait_until(lambda: all(len(h) >= rounds for h in heard.values()))
    print(heard)
    assert all(m.ok and m.shared for h in heard.values() for m in h)
