"""A table has an owner who runs it; a bot's seat mid-round is asked for; everyone plays again.

Through real clients against a real host: the refusals name who may, ownership
passes on, a request waits for the owner or the round's end, and a game that is
over starts again at the same table once every person there agrees.
"""

import pytest_twisted
from twisted.internet.endpoints import TCP4ClientEndpoint

from engine import Phase
from tests.support.autoplay import AutoPlayer, play_until, settle
from tests.server.test_seats import mid_hand
from tests.support.live_host import LOOPBACK, connect, seat_clients, wait_until
from tichu_lan.client import TichuClient
from tichu_lan.host_messages import Pending
from tichu_lan.table_info import AskedSeat
from tichu_lan.protocol import HostError
from tichu_lan.server import Pacing
from tichu_lan.server.seating import REQUESTS_PER_ADDRESS


async def refused(d):
    try:
        await d
    except HostError as exc:
        return exc
    raise AssertionError("the host did not refuse")


@pytest_twisted.ensureDeferred
async def test_only_the_owner_starts_adds_and_removes_bots_and_changes_options(host):
    ann, bob = await seat_clients(host.port, 2, start=False)
    assert ann.table.owner == 0
    for request, what in ((bob.start(), "start the game"), (bob.add_bot(2), "add bots"),
                          (bob.set_options(grace=5), "change the table's options")):
        error = await refused(request)
        assert error.code == "not_owner"
        assert error.message == f"only Ann, who runs this table, may {what}"
    assert bob.table.seats[2].kind == "bot" and bob.table.state == "waiting"
    assert (await refused(bob.remove_bot(2))).code == "not_owner"
    await ann.set_options(grace=5, takeover=False)
    assert ann.table.options.grace == 5.0 and ann.table.options.takeover is False
    await ann.start()
    for client in (ann, bob):
        await client.close()


@pytest_twisted.ensureDeferred
async def test_ownership_passes_on_when_the_owner_leaves_and_while_the_owner_is_away(host):
    ann, bob, cat = await seat_clients(host.port, 3, start=False)
    ann.reconnect = False
    ann.drop()                                           # away: Bob runs the table meanwhile
    await wait_until(lambda: bob.table.owner == 1)
    await bob.remove_bot(3)
    await ann.connect()                                  # back with her token
    await wait_until(lambda: bob.table.owner == 0)
    assert (await refused(bob.add_bot(3))).message.startswith("only Ann")
    await ann.leave()                                    # for good: Bob owns the table now
    await wait_until(lambda: cat.table.owner == 1)
    refusal = await refused(cat.start())
    assert refusal.message == "only Bob, who runs this table, may start the game"
    await bob.add_bot(0)
    await bob.add_bot(3)
    await bob.start()
    for client in (ann, bob, cat):
        await client.close()


@pytest_twisted.ensureDeferred
async def test_a_bots_seat_mid_round_is_the_newcomers_only_once_the_owner_says_so(host):
    (ann, bob), players = await mid_hand(host.port, people=2)
    table = host.lobby.get(ann.seating.table)
    cards = table.game.round.hands[2]
    fay = await connect(host.port, "Fay")
    asked = fay.join(table.id, seat=2)
    await wait_until(lambda: fay.asking is not None)
    assert fay.asking == Pending(table=table.id, seat=2, owner="Ann")
    assert ann.table.requests == (AskedSeat(seat=2, name="Fay", answered=False),)
    assert table.seats[2].kind == "bot" and not asked.called
    eve = await connect(host.port, "Eve")
    assert (await refused(eve.join(table.id, seat=2))).code == "seat_requested"
    assert (await refused(bob.grant_seat(2, now=True))).code == "not_owner"
    await ann.grant_seat(2, now=True)
    seating = await asked
    assert seating.seat == 2 and fay.view.hand == cards and fay.asking is None
    assert table.seats[2].name == "Fay" and ann.table.requests == ()
    for client in (ann, bob, fay, eve):
        await client.close()


@pytest_twisted.ensureDeferred
async def test_a_seat_asked_for_is_given_when_the_round_ends_or_taken_back(host):
    (ann, bob), players = await mid_hand(host.port, people=2)
    table = host.lobby.get(ann.seating.table)
    fay, gus = await connect(host.port, "Fay"), await connect(host.port, "Gus")
    later = fay.join(table.id, seat=2)
    await wait_until(lambda: ann.table.requests != ())
    await ann.grant_seat(2, now=False)                   # not in the middle of a hand
    await wait_until(lambda: ann.table.requests[0].answered)
    withdrawn = gus.join(table.id, seat=3)
    await wait_until(lambda: len(ann.table.requests) == 2)
    await gus.leave()
    assert (await refused(withdrawn)).code == "withdrawn"
    await wait_until(lambda: [r.seat for r in ann.table.requests] == [2])
    assert (await refused(ann.grant_seat(3, now=True))).code == "no_request"
    round_no = ann.view.round_no
    await play_until(players, lambda: later.called)
    seating = await later
    assert seating.seat == 2
    # the seat is hers at the round's end, before the next deal, whose shuffle she helps
    await wait_until(lambda: fay.view is not None and fay.view.round_no == round_no + 1)
    assert table.game.round_no == round_no + 1 and fay.view.phase is Phase.GRAND
    assert round_no + 1 in fay.checks.helped
    assert table.seats[3].kind == "bot"
    for client in (ann, bob, fay, gus):
        await client.close()


@pytest_twisted.ensureDeferred
async def test_an_address_may_have_only_so_many_requests_waiting_at_a_table(host):
    (ann,), _ = await mid_hand(host.port, people=1)
    table = host.lobby.get(ann.seating.table)
    fay, gus, hal = [await connect(host.port, name) for name in ("Fay", "Gus", "Hal")]
    asked = [fay.join(table.id, seat=1), gus.join(table.id, seat=2)]
    await wait_until(lambda: len(ann.table.requests) == REQUESTS_PER_ADDRESS == 2)
    refusal = await refused(hal.join(table.id, seat=3))
    assert refusal.code == "too_many_requests" and refusal.params == {"count": 2}
    from twisted.internet import reactor
    ivy = TichuClient(LOOPBACK, host.port, "Ivy", endpoint=TCP4ClientEndpoint(
        reactor, LOOPBACK, host.port, bindAddress=("127.0.7.1", 0)))
    await ivy.connect()
    ivy.join(table.id, seat=3)                           # another address asks in its turn
    await wait_until(lambda: len(ann.table.requests) == 3)
    await gus.leave()                                    # taken back: room for one more
    assert (await refused(asked[1])).code == "withdrawn"
    await wait_until(lambda: len(ann.table.requests) == 2)
    hal.join(table.id, seat=2)
    await wait_until(lambda: [r.name for r in ann.table.requests] == ["Fay", "Hal", "Ivy"])
    for client in (ann, fay, gus, hal, ivy):
        await client.close()


@pytest_twisted.ensureDeferred
async def test_an_away_persons_seat_counts_down_to_the_stand_in(hosts):
    host = hosts(pacing=Pacing(0.01, 0.0, 0.0))
    ann, bob = await seat_clients(host.port, 2, grace=30)
    bob.reconnect = False
    bob.drop()
    await wait_until(lambda: ann.table.seats[1].connected is False)
    left = ann.table.seats[1].takeover_in
    assert 25 < left <= 30
    await bob.connect()
    await wait_until(lambda: ann.table.seats[1].connected is True)
    assert ann.table.seats[1].takeover_in is None
    for client in (ann, bob):
        await client.close()


@pytest_twisted.ensureDeferred
async def test_everyone_here_agrees_and_the_same_table_plays_again(host, data_dir):
    ann, bob = await seat_clients(host.port, 2, target=50)
    players = [AutoPlayer(c, seed=i) for i, c in enumerate((ann, bob))]
    await play_until(players, lambda: ann.view.winner >= 0 and bob.view.winner >= 0, 60)
    table = host.lobby.get(ann.seating.table)
    first_seed = ann.table.seed
    assert (await refused(ann.act({"type": "pass"}))).code == "game_over"
    await ann.play_again()
    await wait_until(lambda: bob.table.again == (0,))
    assert bob.table.state == "over"
    await bob.play_again()
    await wait_until(lambda: ann.view.winner < 0 and bob.view.winner < 0)
    assert ann.table.state == "playing" and ann.seq < 10 and ann.table.again == ()
    assert ann.view.round_no == 1 and ann.view.scores == (0, 0) and table.seed != first_seed
    assert [s.kind for s in ann.table.seats] == ["person", "person", "bot", "bot"]
    assert ann.seating.seat == 0 and bob.seating.seat == 1 and ann.table.owner == 0
    assert (await refused(ann.play_again())).code == "not_over"
    await settle(players)
    for client in (ann, bob):
        await client.close()


@pytest_twisted.ensureDeferred
async def test_a_person_who_went_away_does_not_hold_up_the_new_game(host):
    ann, bob = await seat_clients(host.port, 2, target=50)
    players = [AutoPlayer(c, seed=i) for i, c in enumerate((ann, bob))]
    await play_until(players, lambda: ann.view.winner >= 0 and bob.view.winner >= 0, 60)
    await ann.play_again()
    players[1].stop()
    await bob.close()                                    # gone for the night, seat and all
    await wait_until(lambda: ann.view.winner < 0)
    assert ann.table.seats[1].kind == "person" and ann.view.round_no == 1
    await ann.close()


@pytest_twisted.ensureDeferred
async def test_a_table_its_creator_cannot_sit_at_is_not_left_open(host):
    ann = await connect(host.port, "Ann")
    assert (await refused(ann.create_table("t", "duel", 100, seat=3))).code == "no_such_seat"
    assert await ann.list_tables() == () and host.lobby.tables == {}
    await ann.close()
