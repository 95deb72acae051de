"""A table's waiting list, through real clients against a real host on loopback.

A fifth guest waits while four play and is seated when the game ends; a bot gives its
seat to the first in line before a game starts; a player sits out the next game; a
person is on one list at a host; bad table ids and passwords change nothing; everyone at
the table, the lobby and a spectator see the list.
"""

import pytest_twisted

from tests.server.test_owners import refused
from tests.support.autoplay import AutoPlayer, settle
from tests.support.live_host import connect, seat_clients, wait_until
from tichu_lan.client.host_said import Place
from tichu_lan.host_messages import SatOut, Seated
from tichu_lan.table_info import AskedSeat


def heard(client, kind):
    said = []
    client.subscribe(lambda m: said.append(m) if isinstance(m, kind) else None)
    return said


@pytest_twisted.ensureDeferred
async def test_a_fifth_guest_waits_while_four_play_and_is_seated_when_the_game_ends(host):
    clients = await seat_clients(host.port, 4, target=50)
    ann = clients[0]
    eve = await connect(host.port, "Eve")
    seated = heard(eve, Seated)
    await eve.party.wait(ann.seating.table)
    await wait_until(lambda: ann.table.waiting == ("Eve",))
    assert (await eve.list_tables())[0].waiting == ("Eve",)
    await ann.party.sit_out()                                  # Ann gives her seat to Eve
    await wait_until(lambda: ann.table.sitting_out == (0,))
    sat_out = heard(ann, SatOut)
    players = [AutoPlayer(c, seed=i) for i, c in enumerate(clients)]
    await wait_until(lambda: bool(seated) and bool(sat_out), 90)
    await settle(players[1:])
    assert seated[0].id is None and seated[0].seat == 0 and eve.seating.seat == 0
    assert eve.token is not None and eve.token != ann.token
    await wait_until(lambda: eve.view is not None and eve.table.seats[0].name == "Eve")
    assert sat_out == [SatOut(table=eve.seating.table, seat=0)]
    assert ann.said.place is Place.LOBBY and ann.seating is None
    await wait_until(lambda: eve.table.waiting == ("Ann",) and eve.table.sitting_out == ())
    table = host.lobby.get(eve.seating.table)
    assert table.seats[0].member is not None and table.waiting.line[0].rests
    for client in (*clients, eve):
        await client.close()


@pytest_twisted.ensureDeferred
async def test_a_bots_seat_goes_to_the_first_in_line_before_the_game_starts(host):
    ann, bob = await seat_clients(host.port, 2, start=False)
    eve = await connect(host.port, "Eve")
    await eve.spectate(ann.seating.table)                # a spectator may wait too
    fay = await connect(host.port, "Fay")
    await eve.party.wait(ann.seating.table)
    await wait_until(lambda: eve.said.place is Place.SEATED)
    await wait_until(lambda: ann.table.seats[2].name == "Eve" and ann.table.spectators == 0)
    assert eve.seating.seat == 2 and ann.table.waiting == ()
    await fay.party.wait(ann.seating.table)
    await wait_until(lambda: fay.said.place is Place.SEATED)
    await wait_until(lambda: [s.kind for s in ann.table.seats] == ["person"] * 4)
    assert fay.seating.seat == 3
    for client in (ann, bob, eve, fay):
        await client.close()


@pytest_twisted.ensureDeferred
async def test_in_a_running_game_the_first_in_line_asks_the_owner_for_a_bots_seat(host):
    ann, bob = await seat_clients(host.port, 2)
    eve, fay = await connect(host.port, "Eve"), await connect(host.port, "Fay")
    await eve.party.wait(ann.seating.table)
    await fay.party.wait(ann.seating.table)
    await wait_until(lambda: len(ann.table.requests) == 2)
    assert ann.table.requests == (AskedSeat(seat=2, name="Eve", answered=False),
                                  AskedSeat(seat=3, name="Fay", answered=False))
    assert ann.table.waiting == ()
    await fay.party.wait(None)                             # taken back: seat 3 asks nobody
    await wait_until(lambda: len(ann.table.requests) == 1)
    await ann.grant_seat(2, now=True)
    await wait_until(lambda: eve.said.place is Place.SEATED and eve.view is not None)
    assert eve.seating.seat == 2 and eve.view.hand != 0
    for client in (ann, bob, eve, fay):
        await client.close()


@pytest_twisted.ensureDeferred
async def test_one_list_at_a_host_and_bad_tables_or_passwords_change_nothing(host):
    ann, = await seat_clients(host.port, 1)
    bob = await connect(host.port, "Bob")
    locked = await bob.create_table("locked", password="pw")
    await bob.add_bot(1)
    await bob.add_bot(2)
    await bob.add_bot(3)
    await bob.start()
    eve = await connect(host.port, "Eve")
    assert (await refused(eve.party.wait(999))).code == "no_such_table"
    assert (await refused(eve.party.wait(locked.table, "nope"))).code == "wrong_password"
    assert (await refused(eve.party.wait(None))).code == "not_waiting"
    assert all(t.waiting == () and t.requests == () for t in await eve.list_tables())
    await eve.party.wait(locked.table, "pw")
    await wait_until(lambda: len(bob.table.requests) == 1)
    error = await refused(eve.party.wait(ann.seating.table))
    assert error.code == "already_waiting"
    assert error.params == {"table": locked.table, "name": "locked", "opener": "Bob"}
    assert ann.table.requests == () and ann.table.waiting == ()
    assert (await refused(ann.party.wait(locked.table, "pw"))).code == "already_at_table"
    assert (await refused(eve.party.sit_out())).code == "not_seated"
    await eve.leave()                                    # in the lobby: out of the line
    await wait_until(lambda: bob.table.requests == ())
    assert (await refused(eve.leave())).code == "not_at_table"
    for client in (ann, bob, eve):
        await client.close()


@pytest_twisted.ensureDeferred
async def test_a_spectator_sees_the_list_and_a_dropped_waiter_keeps_the_place_a_while(host):
    ann, bob, cat, dan = await seat_clients(host.port, 4, grace=30)
    eve, fay = await connect(host.port, "Eve"), await connect(host.port, "Fay")
    await eve.spectate(ann.seating.table)
    await fay.party.wait(ann.seating.table)
    await eve.party.wait(ann.seating.table)
    await wait_until(lambda: eve.table.waiting == ann.table.waiting == ("Fay", "Eve"))
    fay.reconnect = False
    fay.drop()
    await wait_until(lambda: host.lobby.get(ann.seating.table).waiting.line[0].member is None)
    fay.reconnect = True
    await fay.connect()
    await fay.party.wait(ann.seating.table)                    # back in her place, first
    table = host.lobby.get(ann.seating.table)
    assert [w.name for w in table.waiting.line] == ["Fay", "Eve"]
    assert all(w.member is not None for w in table.waiting.line)
    for client in (ann, bob, cat, dan, eve, fay):
        await client.close()


@pytest_twisted.ensureDeferred
async def test_a_seat_left_goes_to_the_first_in_line_and_sitting_out_once_over_holds_at_once(
        host):
    ann, bob = await seat_clients(host.port, 2, start=False)
    await ann.remove_bot(2)
    await ann.remove_bot(3)
    cat, dan, eve = [await connect(host.port, name) for name in ("Cat", "Dan", "Eve")]
    await cat.join(ann.seating.table, seat=2)
    await dan.join(ann.seating.table, seat=3)
    await eve.party.wait(ann.seating.table)                    # no seat free: she waits
    await wait_until(lambda: ann.table.waiting == ("Eve",))
    await bob.leave()                                    # his seat is hers at once
    await wait_until(lambda: eve.said.place is Place.SEATED and eve.seating.seat == 1)
    await bob.party.wait(ann.seating.table)
    await ann.start()
    clients = [ann, eve, cat, dan]
    await wait_until(lambda: all(c.view is not None for c in clients))
    players = [AutoPlayer(c, seed=i) for i, c in enumerate(clients)]
    await wait_until(lambda: all(c.view.winner >= 0 for c in clients), 90)
    await settle(players)
    await wait_until(lambda: ann.table.state == "over")
    sat_out = heard(cat, SatOut)
    await cat.party.sit_out()                                  # the game is over: at once
    await wait_until(lambda: bool(sat_out) and bob.said.place is Place.SEATED)
    assert bob.seating.seat == 2 and cat.said.place is Place.LOBBY
    await wait_until(lambda: ann.table.waiting == ("Cat",) and ann.table.seats[2].name == "Bob")
    for client in (ann, bob, cat, dan, eve):
        await client.close()
