"""Seats belong to tokens: drops, resumes, strangers, spectators, stand-in bots."""

import pytest_twisted

from engine import Phase, waiting_for
from tests.support.autoplay import AutoPlayer, play_until
from tests.support.live_host import LOOPBACK, connect, seat_clients, wait_until
from tichu_lan.client import TichuClient
from tichu_lan.host_messages import Chat, ConnectionNotice, HeldSeat, Spectating
from tichu_lan.table_info import SeatInfo
from tichu_lan.server import Pacing


async def mid_hand(port, people: int = 4):
    """Auto-playing clients (bots in the other seats), paused in the play phase of the first
    round."""
    clients = await seat_clients(port, people, target=500)
    players = [AutoPlayer(c, seed=i) for i, c in enumerate(clients)]
    await play_until(players, lambda: clients[0].view.phase is Phase.PLAY
                     and sum(clients[0].view.hand_counts) < 50)
    return clients, players


@pytest_twisted.ensureDeferred
async def test_a_dropped_client_resumes_its_seat_with_the_full_view(host):
    clients, players = await mid_hand(host.port)
    bob = clients[1]
    before, seq, token = bob.view_message.view, bob.seq, bob.token
    notices = []
    bob.subscribe(lambda m: notices.append(m.state) if isinstance(m, ConnectionNotice) else None)
    bob.drop()
    await wait_until(lambda: clients[0].table.seats[1].connected is False)
    await wait_until(lambda: "restored" in notices)
    assert notices[:2] == ["lost", "restored"]
    assert bob.token == token and bob.seating.seat == 1
    assert bob.seq == seq and bob.view_message.view == before
    assert bob.welcome.seat == HeldSeat(table=bob.seating.table, seat=1, token=token)
    await wait_until(lambda: clients[0].table.seats[1].connected is True)
    await play_until(players, lambda: bob.seq >= seq + 10)
    for client in clients:
        await client.close()


@pytest_twisted.ensureDeferred
async def test_a_wrong_token_is_refused_logged_and_gets_no_seat(host, host_log):
    clients, players = await mid_hand(host.port)
    stranger = TichuClient(LOOPBACK, host.port, "Mallory", token="not-the-token")
    notices = []
    stranger.subscribe(lambda m: notices.append(m) if isinstance(m, ConnectionNotice) else None)
    await stranger.connect()
    assert notices[0].state == "seat_lost" and "no seat" in notices[0].message
    assert stranger.seating is None and stranger.view is None
    assert any("wrong seat token" in line and "Mallory" in line for line in host_log)
    seq = clients[0].seq
    failure = await stranger.act({"type": "pass"}).addErrback(lambda f: f.value)
    assert failure.code == "not_seated"
    await clients[0].ping()                            # anything sent to Ann before is here
    assert clients[0].table.seats[0].connected is True and clients[0].seq == seq
    await stranger.close()
    for client in clients:
        await client.close()


@pytest_twisted.ensureDeferred
async def test_a_second_connection_with_the_token_takes_the_seat_over(host):
    clients, _ = await mid_hand(host.port)
    twin = TichuClient(LOOPBACK, host.port, "Ann again", token=clients[0].token)
    await twin.connect()
    await wait_until(lambda: clients[0].seating is None)
    assert twin.view_message.view.hand != 0
    assert twin.seating.seat == 0 and twin.seq == clients[1].seq
    for client in clients + [twin]:
        await client.close()


@pytest_twisted.ensureDeferred
async def test_a_spectator_sees_no_hand_and_cannot_act(host):
    clients, _ = await mid_hand(host.port)
    watcher = await connect(host.port, "Eve")
    await watcher.spectate(clients[0].seating.table)
    assert watcher.seating.seat == -1 and watcher.token is None
    view = watcher.view_message.view
    assert view.seat == -1 and view.hand == 0 and view.my_exchange is None
    assert view.hand_counts == clients[0].view_message.view.hand_counts
    failure = await watcher.act({"type": "pass"}).addErrback(lambda f: f.value)
    assert failure.code == "not_seated"
    await watcher.chat("hello \x1b[2Jall")
    said = await clients[0].wait_for(lambda m: isinstance(m, Chat))
    assert said == Chat(table=clients[0].seating.table, seat=-1, name="Eve", text="hello [2Jall")
    again = watcher.wait_for(lambda m: isinstance(m, Spectating))
    watcher.drop()                                     # a spectator comes back by itself too
    await again
    assert watcher.view_message.view.hand == 0 and watcher.seq == clients[0].seq
    await wait_until(lambda: clients[0].table.spectators == 1)
    for client in clients + [watcher]:
        await client.close()


async def alone_with_bots(host, variant, **options):
    """Ann (who does not reconnect by herself) at a new table with bots, the game started."""
    ann = TichuClient(LOOPBACK, host.port, "Ann", reconnect=False)
    await ann.connect()
    seating = await ann.create_table("t", variant, 500, **options)
    for seat in range(1, 4 if variant == "classic" else 2):
        await ann.add_bot(seat, "random")
    await ann.start()
    await wait_until(lambda: ann.view is not None)
    return ann, seating, host.lobby.get(seating.table)


@pytest_twisted.ensureDeferred
async def test_a_bot_stands_in_after_the_grace_period_until_the_person_returns(hosts):
    host = hosts(pacing=Pacing(0.01, 0.0, 0.0))
    ann, seating, table = await alone_with_bots(host, "classic", grace=0.2)
    ann.drop()
    await wait_until(lambda: table.seats[0].bot is not None)
    assert table.seats[0].kind == "person" and table.seats[0].bot.stand_in
    seq = table.seq
    await wait_until(lambda: table.seq >= seq + 8)     # the game goes on without Ann
    table.bots.pacing = Pacing(60.0, 0.0, 0.0)         # from the next move on the bots wait,
    seq = table.seq                                    # so that no move is on its way to
    await wait_until(lambda: table.seq > seq)          # Ann while she comes back

    await ann.connect()                                # back, with the token
    assert ann.seating == seating
    assert table.seats[0].bot is None and table.seats[0].member is not None
    assert ann.table.seats[0] == SeatInfo(seat=0, kind="person", name="Ann", connected=True,
                                          bot=None)
    assert ann.seq == table.seq and ann.view_message.view.seat == 0
    await ann.close()


@pytest_twisted.ensureDeferred
async def test_without_takeover_the_seat_waits_for_its_person(hosts):
    host = hosts(stepped=True)
    ann, _, table = await alone_with_bots(host, "duel", grace=0.05, takeover=False)
    await wait_until(lambda: 0 in waiting_for(table.game))
    ann.drop()
    await wait_until(lambda: table.seats[0].member is None)
    seq = table.seq
    host.reactor.advance(0.3)                          # six grace periods, every timer due run
    assert table.seats[0].bot is None and 0 in waiting_for(table.game)
    assert table.seq == seq


@pytest_twisted.ensureDeferred
async def test_leaving_a_running_game_hands_the_seat_to_a_bot(host):
    clients, players = await mid_hand(host.port)
    for player in players:
        player.stop()
    table = host.lobby.get(clients[0].seating.table)
    await clients[3].leave()
    assert clients[3].seating is None and clients[3].view is None
    assert table.seats[3].kind == "bot" and table.seats[3].token is None
    newcomer = await connect(host.port, "Fay")
    asked = newcomer.join(table.id)            # mid-round: Ann, who runs the table, lets her in
    await wait_until(lambda: clients[0].table.requests != ())
    await clients[0].grant_seat(3, now=True)
    seating = await asked
    assert seating.seat == 3 and newcomer.view_message.view.seat == 3
    assert table.seats[3].kind == "person" and table.seats[3].name == "Fay"
    for client in clients + [newcomer]:
        await client.close()
