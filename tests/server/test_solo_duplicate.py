"""`tichu play --duplicate` on a real host on loopback: the person's table (here a client that
plays random legal moves) and the bots' reference table play the same deals, seat for seat;
the comparison equals `score_deal` over the two kept games; the reference table fails or the
person leaves, and both games are kept."""

import pytest_twisted

from engine import Deal, action_from_dict, apply, new_game
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


@pytest_twisted.ensureDeferred
async def test_the_reference_table_failing_leaves_the_persons_game_going(host, data_dir,
                                                                         monkeypatch):
    solo, client, _player = await play_set(host, 2)
    make = solo.bots.moves.make
    calls = []

    def broken(action, journal=True):
        calls.append(action)
        if len(calls) > 20:
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
