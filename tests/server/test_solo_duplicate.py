"""`tichu play --duplicate` on a real host on loopback: the person's table (here a client that
plays random legal moves) and the bots' reference table play the same deals, seat for seat;
the comparison equals `score_deal` over the two kept games; the reference table fails or the
person leaves, and both games are kept."""

import pytest
import pytest_twisted

from engine import CollectTrick, Deal, action_from_dict, apply, new_game
from engine.duplicate import DealPlay, score_deal
from engine.game import deck_of
from engine.rules import RuleSet
from tests.support.autoplay import AutoPlayer
from tests.support.live_host import connect, wait_until
from tichu_lan.records.journal import read_journal
from tichu_lan.records.meta import read_meta
from tichu_lan.records.verify import read_for_check, verify
from tichu_lan.server.reference_table import open_solo_set
from tichu_lan.tui.duplicate_page import deal_text, final_lines


async def play_set(host, deals, **options):
    """The set opened, Ann in seat 0 of the person's table with random bots, started."""
    solo = open_solo_set(host, "Ann", "random", deals, reference_level="random", **options)
    client = await connect(host.port, "Ann")
    await client.join(solo.person.id, 0)
    for seat in range(1, 4):
        await client.add_bot(seat)
    await client.start()
    return solo, client, AutoPlayer(client, seed=deals)


def kept_games(data_dir, set_id):
    """{journal header's table id: (header, records, meta)} of the games of ``set_id``."""
    found = {}
    for path in (data_dir / "journals").rglob("*.journal"):
        records = read_journal(path).records
        if records[0].get("duplicate") == set_id:
            meta = read_meta(data_dir / "games" / f"{path.stem}.json")
            found[records[0]["id"]] = (records[0], records[1:], meta)
    return found


def deals_of(header, records):
    """Each round's seed and the four hands it dealt, replayed from the journal."""
    game = new_game(RuleSet.from_dict(header["rules"]), header["seed"], shared=True)
    dealt = []
    for record in records:
        if record["kind"] != "action":
            continue
        action = action_from_dict(record["action"])
        game, _events = apply(game, action)
        if isinstance(action, Deal):
            dealt.append((action.seed, deck_of(game.seed, game.round_no, action.seed)))
    return dealt


@pytest_twisted.ensureDeferred
async def test_a_short_set_compares_as_the_kept_games_do(host, data_dir):
    solo, client, _player = await play_set(host, 3)
    await wait_until(lambda: solo.progress().over, timeout=120)
    progress = solo.progress()
    await wait_until(lambda: solo.person.journal is None and solo.bots.journal is None)
    games = kept_games(data_dir, solo.id)
    assert set(games) == {solo.person.id, solo.bots.id}
    (_h, _r, yours), (_h2, _r2, bots) = games[solo.person.id], games[solo.bots.id]
    assert len(yours.rounds) == len(bots.rounds) == 3 == len(progress.scores)
    for row, ours, theirs in zip(progress.rows, yours.rounds, bots.rounds, strict=True):
        (again, *_rest) = [s for s in score_deal([DealPlay("y", ours.total),
                                                  DealPlay("b", theirs.total)])
                           if s.table == "y" and s.team == 0]
        assert (row.score.matchpoints, row.score.net, row.score.margin) == \
               (again.matchpoints, again.net, again.margin)
        shown = deal_text(progress, row)
        assert f"{again.net:+.0f}" in shown and f"{again.margin:+d}" in shown
    # the same seed, and so the same hands seat for seat, deal by deal
    person_deals = deals_of(*games[solo.person.id][:2])
    bots_deals = deals_of(*games[solo.bots.id][:2])
    assert len(person_deals) == 3 and person_deals == bots_deals
    assert {k: seed for k, (seed, _proof) in solo.seeds.items()} == \
        {k + 1: seed for k, (seed, _deck) in enumerate(person_deals)}
    for path in (data_dir / "journals" / "done").glob("*.journal"):    # tichu verify
        checked = verify(read_for_check(path)[0])
        assert checked.ok and len(checked.rounds) == 3 and all(r.shared for r in checked.rounds)
    text = "\n".join(str(line) for line in final_lines(progress, 76))
    assert "of 3 matchpoints" in text
    await client.close()


@pytest.mark.parametrize("failing", ["a bot's move", "the host's own move"])
@pytest_twisted.ensureDeferred
async def test_the_reference_table_failing_leaves_the_persons_game_going(host, data_dir,
                                                                         monkeypatch, failing):
    """The bots' table fails on a seat's move, or on one the host makes for it (a trick
    collected after the bomb window: it reaches no seat's `act`)."""
    solo, client, _player = await play_set(host, 2)
    make = solo.bots.moves.make
    calls = []

    def broken(action, journal=True):
        calls.append(action)
        hosts = isinstance(action, CollectTrick)
        if len(calls) > 20 and hosts == (failing == "the host's own move"):
            raise RuntimeError("the reference bot's move failed")
        return make(action, journal)
    monkeypatch.setattr(solo.bots.moves, "make", broken)
    await wait_until(lambda: solo.progress().over, timeout=120)
    progress = solo.progress()
    assert solo.lost and solo.bots.closed and progress.played == 2
    assert all(row.bots is None for row in progress.rows)
    assert "the bots' result is missing" in deal_text(progress, progress.rows[0])
    games = kept_games(data_dir, solo.id)
    assert games[solo.bots.id][1][-1]["kind"] == "closed"      # kept as it stood
    await client.close()


@pytest_twisted.ensureDeferred
async def test_leaving_mid_set_keeps_both_games(host, data_dir):
    solo, client, player = await play_set(host, 5)
    await wait_until(lambda: solo.person.finished() >= 1, timeout=60)
    player.stop()
    solo.end()
    games = kept_games(data_dir, solo.id)
    assert set(games) == {solo.person.id, solo.bots.id}
    for _header, records, meta in games.values():
        assert records[-1]["kind"] == "closed" and meta.state == "closed"
    await client.close()


@pytest_twisted.ensureDeferred
async def test_two_people_as_a_team_see_each_deal_compared_and_never_early(host, data_dir):
    """`tichu host --duplicate`: Ann in seat 0, Bob joins into seat 2 across the host, bots
    opposite. Both screens are told the set with the table; a deal's bots' result reaches
    them only once their own table has finished that deal."""
    from tichu_lan.host_messages import TableMessage
    from tichu_lan.tui.duplicate_page import progress_of
    solo = open_solo_set(host, "Ann", "random", 2, reference_level="random")
    ann, bob = await connect(host.port, "Ann"), await connect(host.port, "Bob")
    told = []

    def heard(message):
        if isinstance(message, TableMessage) and message.table.duplicate is not None:
            told.append((message.table.duplicate, len(bob.view.history) if bob.view else 0))
    bob.subscribe(heard)
    await ann.join(solo.person.id, 0)
    await bob.join(solo.person.id, 2)
    for seat in (1, 3):
        await ann.add_bot(seat)
    await ann.start()
    players = [AutoPlayer(ann, seed=1), AutoPlayer(bob, seed=2)]
    await wait_until(lambda: solo.progress().over, timeout=120)
    await wait_until(lambda: bob.table.duplicate is not None
                     and progress_of(bob.table.duplicate) == solo.progress())
    assert progress_of(ann.table.duplicate) == solo.progress()
    assert len(solo.progress().scores) == 2
    assert told and all(row.bots is None or row.yours is not None
                        for duplicate, _ in told for row in duplicate.rows)
    assert all(sum(row.yours is not None for row in duplicate.rows) <= finished
               for duplicate, finished in told)       # no deal ahead of Bob's own view
    for player in players:
        player.stop()
    for client in (ann, bob):
        await client.close()


def test_a_set_told_out_of_shape_compares_only_its_leading_pairs():
    from tichu_lan.table_info import DuplicateRow, DuplicateSet
    from tichu_lan.tui.duplicate_page import progress_of
    told = DuplicateSet(id="d-1", deals=3, rows=(
        DuplicateRow(deal=1, yours=(120, -20), bots=(100, 0)),
        DuplicateRow(deal=2, yours=(1, 2, 3), bots=(0, 100)),       # not a pair: ends them
        DuplicateRow(deal=3, yours=(50, 50), bots=(50, 50))))
    progress = progress_of(told)
    assert [row.yours for row in progress.rows] == [(120, -20), None, None]
    assert len(progress.scores) == 1 and progress.scores[0].net == 40
    assert progress_of(DuplicateSet(id="d-2", deals=2, rows=())).played == 0
    huge = progress_of(DuplicateSet(id="d-3", deals=10**9, rows=told.rows))   # a host's word
    assert huge.deals == 3 and len(huge.rows) == 3


@pytest_twisted.ensureDeferred
async def test_a_set_under_way_is_kept_as_it_stood_and_not_resumed(host, data_dir):
    """The host stops (or dies) mid-set: --resume keeps both games closed, as a person leaving
    would, rather than bring back the bots' hidden table, or the person's without it."""
    from twisted.internet import task

    from tests.support.live_host import host_config
    from tichu_lan.server import Host
    solo, client, player = await play_set(host, 6)
    await wait_until(lambda: solo.person.finished() >= 1, timeout=60)
    player.stop()
    await client.close()
    for table in (solo.person, solo.bots):       # as the host's end leaves them: resumable
        table.shut_down()
    again = Host(host_config(data_dir), task.Clock())
    results = again.resume()
    assert len(results) == 2 and all(r.table is None for r in results)
    assert not again.lobby.tables
    games = kept_games(data_dir, solo.id)
    assert set(games) == {solo.person.id, solo.bots.id}
    for _header, records, meta in games.values():
        assert records[-1]["kind"] == "closed" and meta.state == "closed"
    assert not list((data_dir / "journals").glob("*.journal"))


@pytest_twisted.ensureDeferred
async def test_nobody_joins_or_watches_the_bots_table(host, data_dir):
    """The bots' table plays the set's deals ahead of the people: its id is refused to a
    guest who guesses it, as a table that does not exist."""
    from tichu_lan.protocol import HostError
    solo, client, player = await play_set(host, 2)
    guest = await connect(host.port, "Mallory")
    for ask in (lambda: guest.join(solo.bots.id, 1), lambda: guest.spectate(solo.bots.id),
                lambda: guest.party.wait(solo.bots.id)):
        try:
            await ask()
        except HostError as error:
            assert error.code == "no_such_table"
        else:
            raise AssertionError("the bots' table let a guest in")
    assert solo.bots.id not in {t.id for t in await guest.list_tables()}
    player.stop()
    for each in (client, guest):
        await each.close()
