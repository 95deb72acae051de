"""`tichu stats --evening` over a data folder of games real bots played through a host."""

from __future__ import annotations

import json
from dataclasses import asdict, replace
from datetime import datetime

import pytest
import pytest_twisted

from engine.duplicate import DealPlay, percent, score_deal
from tests.records.conftest import play_game
from tichu_lan import cli, paths
from tichu_lan.records.meta import read_meta, write_private
from tichu_lan.records.standings import standings


def tichu(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest_twisted.ensureDeferred
async def test_the_evenings_standings_as_json_equal_a_recomputation(hosts, data_dir, capsys):
    host = hosts()
    await play_game(host, seed=3)
    await play_game(host, seed=11)
    folder = paths.records_dir(data_dir)
    files = sorted(folder.glob("*.json"))
    metas = [replace(read_meta(f), evening="e-1", duplicate="s-1") for f in files]
    for path, meta in zip(files, metas, strict=True):      # two tables of one set
        write_private(path, meta.to_dict())
    (folder / "table-9-20261205-201500-bad.json").write_text("{not json")

    code, out, err = tichu(capsys, "stats", "--evening", "e-1", "--json")
    shown = json.loads(out)
    again = standings(metas, datetime.now().astimezone(), "e-1")
    assert code == 0 and "table-9-20261205-201500-bad.json" in err
    assert shown == json.loads(json.dumps({"evening": "e-1", "games": 2,
                                           "people": [asdict(p) for p in again.people],
                                           "bots": again.bots}))
    assert {"Ann", "Bob"} <= {p["name"] for p in shown["people"]}   # "Ann (2)" if still here
    assert set(shown["bots"]) == {host.config.bot_level}
    deals = min(len(m.rounds) for m in metas)
    plays = [[DealPlay(m.id, m.rounds[k].total) for m in metas] for k in range(deals)]
    ann = [s for deal in plays for s in score_deal(deal) if (s.table, s.team) == (metas[0].id, 0)]
    assert next(p for p in shown["people"] if p["name"] == "Ann")["duplicate"] == percent(ann)

    code, out, _ = tichu(capsys, "stats", "--evening", "e-1")
    assert code == 0 and "Evening e-1" in out and "rating" in out
    assert all(len(line) <= 80 for line in out.splitlines())


def test_no_games_this_evening_is_a_clear_line(capsys, data_dir):
    code, out, _ = tichu(capsys, "stats", "--evening", "--data-dir", str(data_dir))
    assert code == 0 and out.startswith("No games were kept this evening")
    code, out, _ = tichu(capsys, "stats", "--evening", "--json", "--data-dir", str(data_dir))
    assert code == 0 and json.loads(out)["people"] == []


def test_the_evening_and_one_table_are_refused_together(capsys):
    with pytest.raises(SystemExit) as refused:
        cli.main(["stats", "--evening", "--table", "t"])
    assert refused.value.code == 2 and "not allowed with" in capsys.readouterr().err
