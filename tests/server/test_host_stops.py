"""A host stopped on purpose tells its guests so, and they come back when it is resumed.

Real hosts on loopback and real `TichuClient`s: `Host.stop` sends each welcomed connection
the `host_stopped` notice before closing it; the clients say "host stopped", not "lost",
wait patiently, and sit at their seats again once a host resumed on the same journals
listens on the same port.
"""

from __future__ import annotations

import pytest_twisted

from tests.support.live_host import connect, seat_clients, wait_until
from tichu_lan.client import Link
from tichu_lan.host_messages import ConnectionNotice, Heard, Notice

KEPT = "Anna stopped the host; your game is kept and goes on when they start it again."


def connection_news(client) -> list[Heard]:
    heard: list[Heard] = []
    client.subscribe(lambda m: heard.append(m) if isinstance(m, (ConnectionNotice, Notice))
                     else None)
    return heard


@pytest_twisted.ensureDeferred
async def test_a_stopped_host_says_so_and_its_guests_sit_again_when_it_is_resumed(hosts):
    host = hosts(owner="Anna")
    port = host.port
    players = await seat_clients(port, 2)             # Ann and Bob, two bots, started
    lobby = await connect(port, "Cat")                # at no table
    clients = [*players, lobby]
    heard = [connection_news(c) for c in clients]
    before = [(c.seating, c.seq, c.view) for c in players]

    await hosts.stop(host)
    await wait_until(lambda: all(c.link is Link.HOST_STOPPED for c in clients))
    for news in heard[:2]:
        notice, told = news
        assert notice.code == "host_stopped" and notice.table == players[0].table.id
        assert notice.params == {"host": "test host", "owner": "Anna", "kept": True}
        assert told == ConnectionNotice(state="host_stopped", message=notice.message, words=KEPT)
    notice, told = heard[2]
    assert notice.table == 0 and notice.params["kept"] is False
    assert told.words == ("Anna stopped the host; this screen comes back by itself when they "
                          "start it again.")

    hosts(resume=True, port=port, owner="Anna")
    await wait_until(lambda: all(c.connected for c in clients), timeout=15)
    await wait_until(lambda: all(c.seq == before[0][1] for c in players))
    assert [(c.seating, c.seq, c.view) for c in players] == before
    assert all(c.table.state == "playing" for c in players)
    assert [[m.state for m in news if isinstance(m, ConnectionNotice)] for news in heard] \
        == [["host_stopped", "restored"]] * 3
    for client in clients:
        await client.close()


@pytest_twisted.ensureDeferred
async def test_a_host_without_an_owner_says_only_that_it_stopped(hosts):
    host = hosts()
    (ann,) = await seat_clients(host.port, 1)
    heard = connection_news(ann)
    ann.reconnect = False
    await hosts.stop(host)
    await wait_until(lambda: ann.link is Link.OFFLINE)
    assert heard[-1] == ConnectionNotice(
        state="host_stopped", message="the host has stopped; your game is kept and goes on "
                                      "when the host is started again",
        words="The host has stopped; your game is kept and goes on when it is started again.")
