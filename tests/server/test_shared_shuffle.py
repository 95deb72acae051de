"""A deal nobody chose (issue 30): every seated person's program helps shuffle each round,
and checks it once it is over; bad commitments and values are refused and change nothing,
a seat that gives none in time counts as none, older programs are told they cannot check,
and a host resumed in the middle of a shuffle keeps its commitments."""

from __future__ import annotations

import pytest
import pytest_twisted

from tests.support.autoplay import AutoPlayer, rounds_checked
from tests.support.live_host import connect, wait_until
from tests.support.shuffle_table import Listener, a_value, ask, by_hand, people_at_a_table
from tichu_lan.host_messages import ConnectionNotice, ViewMessage
from tichu_lan.server.shared_shuffle import SHUFFLE_WAIT


def table_of(host):
    (table,) = host.lobby.tables.values()
    return table


def kept(table, seat=1):
    """What a refused request of ``seat`` must leave as it was: its part in the shuffle under
    way (the other seats' programs answer meanwhile), whom it misses, and the game."""
    shuffle = table.shuffle.current.to_dict(4)
    return (shuffle["round"], shuffle["secret"], shuffle["commitments"][seat],
            shuffle["values"][seat], shuffle["missing"], table.game.round_no)


async def ann_and(port, name, target=1000):
    """Ann's program in seat 0, ``name``'s driven by hand (`by_hand`) in seat 1, bots in
    seats 2 and 3; not started."""
    ann = await connect(port, "Ann")
    other = await by_hand(port, name)
    seating = await ann.create_table(f"Ann and {name}", "classic", target)
    await other.join(seating.table, seat=1)
    await ann.add_bot(2)
    await ann.add_bot(3)
    return ann, other


@pytest.mark.parametrize("variant,people", [("classic", 2), ("duel", 2)])
@pytest_twisted.ensureDeferred
async def test_every_round_is_shuffled_together_and_checked_again_after_a_rematch(
        host, variant, people):
    clients = await people_at_a_table(host.port, ["Ann", "Bob"][:people], variant, 200)
    heard = [Listener(c) for c in clients]
    eve = await connect(host.port, "Eve")
    await eve.spectate(clients[0].table.id)
    watched = Listener(eve)
    await clients[0].start()
    players = [AutoPlayer(c, seed=i) for i, c in enumerate(clients)]
    final = await players[0].finished
    rounds = len(final.history)
    await wait_until(lambda: rounds_checked(players, rounds))
    for listener in heard:
        assert [listener.checked[r].ok and listener.checked[r].shared
                for r in range(1, rounds + 1)] == [True] * rounds
        assert [s.round for s in listener.steps if s.step == "commit"] == \
            list(range(1, rounds + 1))
        assert listener.notices == []
    await wait_until(lambda: eve.view is not None and eve.view.winner >= 0)
    assert eve.view.round_no == rounds and eve.view.history == final.history
    assert not watched.types & {"shuffle", "proof", "round_checked"} and not watched.notices
    for player in players:
        player.stop()
    new_game = eve.wait_for(lambda m: isinstance(m, ViewMessage) and m.view.round_no == 1
                            and m.view.winner < 0)
    for client in clients:
        await client.play_again()
    again = [AutoPlayer(c, seed=10 + i) for i, c in enumerate(clients)]
    await wait_until(lambda: rounds_checked(again, 1))
    assert all(p.checked[1].ok and p.checked[1].shared for p in again)
    await new_game                                       # the spectator watches it too
    for client in (*clients, eve):
        await client.close()


@pytest_twisted.ensureDeferred
async def test_an_older_program_is_told_it_cannot_check_and_is_never_asked(host):
    ann, old = await ann_and(host.port, "Old")
    heard, told = Listener(ann), Listener(old)
    await ann.start()
    players = [AutoPlayer(ann, seed=1), AutoPlayer(old, seed=2)]
    await wait_until(lambda: rounds_checked(players[:1], 2))
    assert told.told("cannot_check") == [{}] and heard.told("cannot_check") == []
    assert not told.types & {"shuffle", "proof", "round_checked"}
    (proof, *_rest) = heard.proofs
    assert proof.shuffle is not None and proof.shuffle.values[1] == ""   # the old seat: none
    assert all(heard.checked[r].ok and heard.checked[r].shared for r in (1, 2))
    for client in (ann, old):
        await client.close()


@pytest_twisted.ensureDeferred
async def test_bad_commitments_and_values_are_refused_and_a_silent_seat_counts_as_none(hosts):
    host = hosts(stepped=True)
    ann, bob = await ann_and(host.port, "Bob")
    heard, bobs = Listener(ann), Listener(bob)
    value, promise = a_value()
    assert (await ask(bob, "commit", round=1, commitment=promise)).code == "not_taking_part"
    await ask(bob, "take_part", shuffle=1)
    await ann.start()
    await wait_until(lambda: bobs.steps)
    table = table_of(host)
    before = kept(table)
    assert (await ask(bob, "reveal", round=1, value=value)).code == "reveal_too_early"
    assert (await ask(bob, "commit", round=2, commitment=promise)).code == "no_shuffle"
    assert (await ask(bob, "commit", round=1, commitment="abc")).code == "bad_size"
    assert (await ask(bob, "commit", round=1, commitment="AB" * 32)).code == "bad_size"
    assert kept(table) == before                         # nothing changed
    await ask(bob, "commit", round=1, commitment=promise)
    assert (await ask(bob, "commit", round=1, commitment=promise)).code == "already_given"
    await wait_until(lambda: bobs.steps[-1].step == "reveal")
    assert bobs.steps[-1].commitments[1] == promise
    before = kept(table)
    other, _ = a_value()
    assert (await ask(bob, "reveal", round=1, value=other)).code == "commitment_mismatch"
    assert (await ask(bob, "reveal", round=1, value="zz")).code == "bad_size"
    assert (await ask(bob, "reveal", round=1, value=value + "00")).code == "bad_size"
    assert kept(table) == before and table.game.round_no == 0      # no deal yet
    await ask(bob, "reveal", round=1, value=value)
    players = [AutoPlayer(ann, seed=1), AutoPlayer(bob, seed=2)]
    await wait_until(lambda: table.game.round_no == 2 or table.shuffle.open is not None
                     and table.shuffle.open.round_no == 2)
    await wait_until(lambda: [s for s in bobs.steps if s.round == 2])
    await ask(bob, "commit", round=2, commitment=promise)   # the same value again
    await wait_until(lambda: bobs.steps[-1].step == "reveal" and bobs.steps[-1].round == 2)
    before = kept(table)
    assert (await ask(bob, "reveal", round=2, value=value)).code == "value_replayed"
    assert kept(table) == before and table.game.round_no == 1
    host.reactor.advance(SHUFFLE_WAIT)                     # the stated rule: no value
    await wait_until(lambda: table.game.round_no == 2 and heard.told("shuffle_missing"))
    assert heard.told("shuffle_missing") == [{"round": 2, "seats": [1]}]
    assert table.shuffle.current.shuffle(4).values[1] is None
    assert heard.checked[1].ok and heard.checked[1].shared
    players[0].pause()
    for client in (ann, bob):
        await client.close()


@pytest_twisted.ensureDeferred
async def test_a_host_resumed_in_the_middle_of_a_shuffle_keeps_its_commitments(hosts):
    host = hosts()
    port = host.port
    ann, bob = await ann_and(port, "Bob", 200)
    heard, bobs = Listener(ann), Listener(bob)
    await ask(bob, "take_part", shuffle=1)
    await ann.start()
    await wait_until(lambda: bobs.steps)
    value, promise = a_value()
    await ask(bob, "commit", round=1, commitment=promise)
    await wait_until(lambda: 0 in table_of(host).shuffle.current.values)  # Ann's is in
    before = table_of(host).shuffle.current
    back = [c.wait_for(lambda m: isinstance(m, ConnectionNotice) and m.state == "restored",
                       timeout=20) for c in (ann, bob)]
    await hosts.stop(host)
    host = hosts(resume=True, port=port)
    for restored in back:
        await restored
    after = table_of(host).shuffle.current
    assert (after.secret, after.commitments, after.values) == \
        (before.secret, before.commitments, before.values)
    await ask(bob, "take_part", shuffle=1)
    await ask(bob, "reveal", round=1, value=value)
    players = [AutoPlayer(ann, seed=1), AutoPlayer(bob, seed=2)]
    await wait_until(lambda: 1 in heard.checked, timeout=20)
    assert heard.checked[1].ok and heard.checked[1].shared     # the secret it promised
    players[0].pause()
    for client in (ann, bob):
        await client.close()


@pytest_twisted.ensureDeferred
async def test_an_older_journal_resumes_dealt_from_its_own_seed(hosts, data_dir):
    """A journal written before the shared shuffle (its header says nothing of it, as a
    table with a fixed seed still writes) resumes at a host that shuffles with its guests:
    the game goes on from its own seed, and the programs check its rounds' rules."""
    from tichu_lan.records.journal import read_journal
    host = hosts(seed=7)
    port = host.port
    clients = await people_at_a_table(port, ["Ann", "Bob"], "classic", 1000)
    heard = [Listener(c) for c in clients]
    await clients[0].start()
    players = [AutoPlayer(c, seed=i) for i, c in enumerate(clients)]
    await wait_until(lambda: rounds_checked(players, 1), timeout=20)
    (journal,) = (data_dir / "journals").glob("*.journal")
    header = read_journal(journal).records[0]
    assert header["kind"] == "table" and "shared" not in header
    for player in players:
        player.pause()
    back = [c.wait_for(lambda m: isinstance(m, ConnectionNotice) and m.state == "restored",
                       timeout=20) for c in clients]
    await hosts.stop(host)
    host = hosts(resume=True, port=port)
    for restored in back:
        await restored
    table = table_of(host)
    assert not table.shared and table.shuffle.current is None
    dealt = table.game.round_no
    for player in players:
        player.resume()
    await wait_until(lambda: rounds_checked(players, dealt + 1), timeout=30)
    for listener in heard:
        assert not listener.steps                        # never asked to shuffle
        assert all(c.ok and not c.shared for c in listener.checked.values())
    for player in players:
        player.stop()
    for client in clients:
        await client.close()
