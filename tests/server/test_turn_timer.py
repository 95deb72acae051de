"""The turn timer, on a real host on loopback whose clock the test steps: a person's
decision whose time runs out is made by the table's bot through the normal move path
(journalled), the person is told, a move in time stops the clock, and the host refuses a
timer or a number of rounds outside its range, changing nothing."""

import pytest
import pytest_twisted


from engine.state import Phase
from tests.support.live_host import LOOPBACK, wait_until
from tichu_lan.client import TichuClient
from tichu_lan.protocol import HostError
from tichu_lan.words.notices import notice_words
from tichu_lan.words.refusals import error_words
from engine import GrandTichu


async def _ann_at_a_table(hosts, **options):
    """Ann at a new classic table of a stepped host, alone."""
    host = hosts(stepped=True)
    ann = TichuClient(LOOPBACK, host.port, "Ann", reconnect=False)
    await ann.connect()
    seating = await ann.create_table("t", "classic", 1000, **options)
    return host, ann, host.lobby.get(seating.table)


async def _timed_table(hosts, timer=15):
    """Ann and three bots in a started game, the bots' Grand Tichu decided."""
    host, ann, table = await _ann_at_a_table(hosts, timer=timer)
    for seat in (1, 2, 3):
        await ann.add_bot(seat, "random")
    await ann.start()
    await wait_until(lambda: table.game is not None and all(table.game.round.grand_decided[1:]))
    return host, ann, table


def _my_turn_in(ann):
    return ann.table.seats[0].turn_in if ann.table is not None else None


@pytest_twisted.ensureDeferred
async def test_a_decision_whose_time_runs_out_is_made_by_the_bot_and_the_person_is_told(hosts):
    host, ann, table = await _timed_table(hosts)
    await wait_until(lambda: _my_turn_in(ann) == 15.0)
    assert ann.table.options.timer == 15
    seq = table.seq
    host.reactor.advance(14.9)
    assert not table.game.round.grand_decided[0] and table.seq == seq
    host.reactor.advance(0.1)
    await wait_until(lambda: table.game.round.grand_decided[0])
    await wait_until(lambda: any(n.code == "time_ran_out" for n in ann.notices))
    notice = next(n for n in ann.notices if n.code == "time_ran_out")
    assert notice.params["action"]["type"] == "grand_tichu"
    assert notice_words(notice.to_dict()).startswith("Time ran out: a bot")
    assert table.moves.journal is not None and table.game.round.phase is Phase.EXCHANGE
    # the exchange is a new decision: its own full time, on the seat as the table shows it
    await wait_until(lambda: _my_turn_in(ann) == 15.0)


@pytest_twisted.ensureDeferred
async def test_a_move_in_time_stops_the_clock(hosts):
    host, ann, table = await _timed_table(hosts, timer=20)
    host.reactor.advance(19)
    await ann.act(GrandTichu(0, False))
    assert table.game.round.phase is Phase.EXCHANGE
    host.reactor.advance(2)        # past the first deadline: nothing of it is left
    assert not any(n.code == "time_ran_out" for n in ann.notices)
    assert table.game.round.exchange[0] is None
    host.reactor.advance(17.9)     # the exchange's own 20 s, started at 19
    assert table.game.round.exchange[0] is None
    host.reactor.advance(0.1)
    await wait_until(lambda: table.game.round.phase is not Phase.EXCHANGE)


@pytest_twisted.ensureDeferred
async def test_no_timer_no_deadline(hosts):
    host, ann, table = await _timed_table(hosts, timer=None)
    host.reactor.advance(600)
    assert not table.game.round.grand_decided[0] and table.seats[0].turn_at is None
    assert "timer" not in table.options.to_dict()


@pytest_twisted.ensureDeferred
async def test_the_owner_turns_the_timer_on_and_off_before_the_game(hosts):
    host, ann, table = await _ann_at_a_table(hosts)
    await ann.set_options(timer=45)
    assert table.options.timer == 45
    await ann.set_options(coach=False)
    assert table.options.timer == 45
    await ann.set_options(timer=False)
    assert table.options.timer is None


@pytest.mark.parametrize("field, value", [
    ("timer", 0), ("timer", 5), ("timer", 121), ("timer", 30.5), ("timer", "30"),
    ("rounds", 0), ("rounds", 51), ("rounds", 2.5), ("rounds", "ten")])
@pytest_twisted.ensureDeferred
async def test_a_timer_or_rounds_out_of_range_is_refused_naming_the_range(hosts, field, value):
    host = hosts()
    ann = TichuClient(LOOPBACK, host.port, "Ann", reconnect=False)
    await ann.connect()
    with pytest.raises(HostError) as refused:
        await ann._request({"type": "create_table", "name": "t", "variant": "classic",
                            "target": 1000, field: value})
    error = refused.value
    assert error.code == "bad_value" and not error.closes
    low, high = (15, 120) if field == "timer" else (1, 50)
    assert (error.params["low"], error.params["high"]) == (low, high)
    assert f"from {low} to {high}" in error_words(error)
    assert list(host.lobby.tables) == [] and ann.connected
    seating = await ann.create_table("t", "classic", 1000)
    if field == "timer":
        with pytest.raises(HostError):
            await ann._request({"type": "set_options", "timer": value})
        assert host.lobby.get(seating.table).options.timer is None


@pytest_twisted.ensureDeferred
async def test_rounds_and_no_grand_go_into_the_tables_rules(hosts):
    host = hosts()
    ann = TichuClient(LOOPBACK, host.port, "Ann", reconnect=False)
    await ann.connect()
    seating = await ann.create_table("t", "classic", 1000, rounds=6, grand=False)
    rules = host.lobby.get(seating.table).rules
    assert (rules.rounds, rules.grand) == (6, False)
    await wait_until(lambda: ann.table is not None)
    assert (ann.table.rules.rounds, ann.table.rules.grand) == (6, False)



@pytest_twisted.ensureDeferred
async def test_a_resumed_table_gives_the_decision_its_full_time_again(hosts):
    host, ann, table = await _timed_table(hosts, timer=30)
    host.reactor.advance(25)
    ann.drop()
    await hosts.stop(host)
    again = hosts(resume=True, stepped=True)
    (resumed,) = again.lobby.tables.values()
    assert resumed.options.timer == 30 and not resumed.game.round.grand_decided[0]
    assert resumed.seats[0].turn_at == again.reactor.seconds() + 30
    again.reactor.advance(29.9)
    assert not resumed.game.round.grand_decided[0]
    again.reactor.advance(0.1)
    await wait_until(lambda: resumed.game.round.grand_decided[0])
