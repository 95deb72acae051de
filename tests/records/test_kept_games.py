"""A game played through the real host is kept, listed, and replays as it was played."""

import json
import os
import stat

import pytest_twisted

from engine import RuleSet, action_from_dict, replay, view
from tests.records.conftest import play_game
from tichu_lan import paths
from tichu_lan.records.export import to_json
from tichu_lan.records.importing import read_export
from tichu_lan.records.store import RecordStore
from tichu_lan.records.timeline import Timeline


@pytest_twisted.ensureDeferred
async def test_a_played_game_is_listed_and_replays_move_by_move_as_it_was_lived(hosts,
                                                                              data_dir):
    live = await play_game(hosts())
    (kept,) = RecordStore(data_dir).games()
    meta = kept.meta
    assert kept.status == "finished" and not kept.resumable
    # a bot by its level, not the host's English for it: a reader calls it "Bot 3"
    assert [(s.name, s.bot) for s in meta.seats] == [("Ann", None), ("Bob", None),
                                                     ("", "random"), ("", "random")]
    assert meta.rules == live.rules and meta.table == "test table" and meta.host == "test host"
    assert meta.scores == live.final.scores and meta.rounds == live.final.history
    assert meta.winner == live.final.winner >= 0 and meta.moves == live.moves

    record = RecordStore(data_dir).open("1")
    timeline = Timeline(record)                 # step 0: after the first deal, move 1
    assert record.shared and timeline.first == 1
    assert timeline.last + timeline.first == live.moves
    assert timeline.steps[-1].game == live.final
    for seat, seen in live.views.items():
        assert set(seen) == set(range(1, live.moves + 1)), "a seat missed a move's view"
        for seq, lived in seen.items():
            assert view(timeline.steps[seq - 1].game, seat) == lived, f"seat {seat}, move {seq}"


@pytest_twisted.ensureDeferred
async def test_export_then_import_gives_the_engine_replays_scores(hosts, data_dir, tmp_path):
    live = await play_game(hosts(), seed=8)
    record = RecordStore(data_dir).open("1")
    exported = tmp_path / "game.json"
    exported.write_text(to_json(record))

    data = json.loads(exported.read_text())      # as another program reads it
    assert data["schema"] == "tichu-lan/game-record" and data["version"] == 2
    assert data["shared"] is True and data["actions"][0]["type"] == "deal"
    game = replay(RuleSet.from_dict(data["rules"]), data["seed"],
                  [action_from_dict(a) for a in data["actions"]], shared=True)
    assert list(game.scores) == data["scores"] == list(live.final.scores)
    assert [r["scores"] for r in data["rounds"]][-1] == data["scores"]
    assert data["rounds"][-1]["moves"] == len(data["actions"])

    back = read_export(exported)
    assert back.final() == live.final and back.meta.scores == live.final.scores
    assert [s.name for s in back.meta.seats] == ["Ann", "Bob", "", ""]
    assert [back.meta.seat_name(s) for s in range(4)] == ["Ann", "Bob", "Bot 3", "Bot 4"]


@pytest_twisted.ensureDeferred
async def test_records_are_private_to_the_hosts_user(hosts, data_dir):
    await play_game(hosts())
    for folder in (paths.journal_dir(data_dir), paths.finished_journal_dir(data_dir),
                   paths.records_dir(data_dir)):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder
        for path in folder.glob("*.*"):
            assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
            assert path.stat().st_uid == os.getuid()


@pytest_twisted.ensureDeferred
async def test_a_game_in_progress_is_kept_and_listed_as_unfinished(hosts, data_dir):
    from tests.support.autoplay import AutoPlayer, play_until
    from tests.support.live_host import seat_clients
    host = hosts()
    clients = await seat_clients(host.port, 1, target=1000)
    player = AutoPlayer(clients[0], seed=2)
    await play_until([player], lambda: clients[0].view.round_no >= 2)
    player.stop()
    await wait_idle(player)
    (kept,) = RecordStore(data_dir).games()
    assert kept.status == "unfinished" and kept.resumable
    assert len(kept.meta.rounds) >= 1 and kept.meta.scores == clients[0].view.history[0].total
    record = RecordStore(data_dir).open(kept.meta.id)     # the host's own user may
    assert record.final().round_no >= 2
    await clients[0].close()


def wait_idle(player):
    from tests.support.live_host import wait_until
    return wait_until(lambda: player.idle)
