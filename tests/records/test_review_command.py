"""`tichu review GAME`: a kept game's decisions measured by the hard bot, as text (the
costliest of each round) and as JSON (every decision); bad requests refused, nothing
changed."""

import json

import pytest
import pytest_twisted

from tests.records.conftest import engine_game, play_game, write_journal
from tichu_lan import cli, paths


def tichu(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest_twisted.ensureDeferred
async def test_a_kept_game_is_reviewed_for_its_people(capsys, hosts, data_dir):
    await play_game(hosts(), seed=5, rounds=2)
    code, out, err = tichu(capsys, "review", "1", "--json", "--samples", "6")
    assert code == 0 and err == ""
    decisions = json.loads(out)
    assert decisions and {d["name"] for d in decisions} <= {"Ann", "Bob"}
    assert {d["seat"] for d in decisions} <= {1, 2}       # the people, not the bots
    for d in decisions:
        assert d["loss"] >= 0 and d["samples"] == 6 and d["fine"] == (d["loss"] < 10)
        assert d["best_points"] >= d["chosen_points"] - 1e-9
        if d["kind"] == "play":
            assert d["chosen"] is None or {"kind", "cards", "height", "length"} <= set(
                d["chosen"])
        elif d["kind"] == "exchange":           # the cards to the right, partner, left
            assert len(d["chosen"]) == len(d["best"]) == 3
        else:
            assert d["kind"] in ("tichu", "grand") and isinstance(d["chosen"], bool)
    assert {d["kind"] for d in decisions} >= {"play", "grand"}
    code, text, _ = tichu(capsys, "review", "1", "--samples", "6")
    assert code == 0 and "Round 1: " in text and "decisions reviewed" in text
    costly = [d for d in decisions if not d["fine"] and d["round"] == 1]
    if costly:
        worst = max(costly, key=lambda d: d["loss"])
        assert f"move {worst['move']}, {worst['name']} " in text
    code, one, _ = tichu(capsys, "review", "1", "--seat", "3", "--round", "1", "--json",
                         "--samples", "4")
    assert code == 0 and all(d["seat"] == 3 and d["round"] == 1 for d in json.loads(one))


def test_bad_requests_are_refused_and_nothing_changes(capsys, data_dir):
    record, _actions = engine_game(4, stop_after=40)
    folder = paths.finished_journal_dir(data_dir)
    journal = write_journal(folder, record, ending="over")
    before = journal.read_bytes()
    code, _, err = tichu(capsys, "review", "99")
    assert code == 1 and err.startswith("tichu review: ")
    for argv, says in ((["--seat", "5"], "the seat is from 1 to 4, not 5"),
                       (["--samples", "2"], "from 4 to 400, not 2")):
        with pytest.raises(SystemExit) as exited:
            cli.main(["review", str(journal), *argv])
        assert exited.value.code == 2 and says in capsys.readouterr().err
    exported = data_dir / "game.json"
    assert cli.main(["export", str(journal), "-o", str(exported)]) == 0
    whole = json.loads(exported.read_text())
    damaged, newer = data_dir / "damaged.json", data_dir / "newer.json"
    damaged.write_text(exported.read_text()[:300])
    newer.write_text(json.dumps(whole | {"version": 99}))
    for path in (damaged, newer):
        code, out, err = tichu(capsys, "review", str(path))
        assert code == 1 and out == "" and err.startswith("tichu review: "), err
    assert journal.read_bytes() == before
