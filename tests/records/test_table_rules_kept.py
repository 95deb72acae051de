"""The rules a party chose are kept with the game: its length and Grand Tichu in the rule
set, the turn timer beside it; `tichu games`, the export and the replay's header say them,
and a record written before them reads as the usual game."""

import json

import pytest_twisted

from engine import RuleSet
from tests.support.autoplay import AutoPlayer
from tests.support.live_host import seat_clients, wait_until
from tichu_lan import cli
from tichu_lan.records.meta import GameMeta



@pytest_twisted.ensureDeferred
async def test_a_game_of_rounds_without_grand_tichu_and_with_a_timer_is_kept_so(hosts, capsys):
    host = hosts()
    clients = await seat_clients(host.port, 2, rounds=2, grand=False, timer=90, start=False)
    await clients[0].start()
    players = [AutoPlayer(c, seed=4 + i) for i, c in enumerate(clients)]
    await players[0].finished
    await wait_until(lambda: all(c.table.state == "over" for c in clients))
    for client in clients:
        await client.close()
    assert cli.main(["games", "--json"]) == 0
    (game,) = json.loads(capsys.readouterr().out)
    assert game["rules"] == {"variant": "classic", "target": 1000, "rounds": 2, "grand": False}
    assert game["timer"] == 90 and len(game["rounds"]) >= 2
    assert cli.main(["games"]) == 0
    out = capsys.readouterr().out
    played = len(game["rounds"])            # a tie after two rounds plays on
    assert f"Bot 4 · {played} of 2 rounds · no Grand Tichu · 90 s a move" in out
    assert all(len(line) <= 80 for line in out.splitlines())
    assert cli.main(["export", game["id"], "--format", "text"]) == 0
    assert "classic, 2 rounds · no Grand Tichu · 90 s a move, started" in capsys.readouterr().out


def test_metadata_from_before_the_options_reads_as_the_usual_game():
    old = {"format": 1, "id": "x", "host": "", "table": "t", "table_id": 1,
           "rules": {"variant": "classic", "target": 500}, "seats": [], "started":
           "2026-01-01T20:00:00+01:00", "updated": "2026-01-01T21:00:00+01:00",
           "state": "over", "scores": [500, 100], "rounds": [], "winner": 0, "moves": 9}
    meta = GameMeta.from_dict(old)
    assert meta.rules == RuleSet(target=500) and meta.timer is None
    assert meta.to_dict() == old | {"opener": "", "duplicate": "", "evening": ""}

