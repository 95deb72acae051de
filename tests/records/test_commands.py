"""`tichu games`, `export`, `stats` and `replay` on the command line, over kept games."""

import json
import os

import pytest

from tichu_lan import cli, paths
from tests.records.conftest import engine_game, write_journal


@pytest.fixture
def kept(data_dir):
    first, _ = engine_game(3)
    second, _ = engine_game(7)
    playing, _ = engine_game(5, stop_after=150)
    write_journal(paths.finished_journal_dir(data_dir), first, "over", table_id=1)
    write_journal(paths.finished_journal_dir(paths.solo_data_dir(data_dir)), second, "over",
                  table_id=1)
    return write_journal(paths.journal_dir(data_dir), playing, None, table_id=2)


def tichu(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_every_kept_game_newest_first(capsys, kept):
    code, out, err = tichu(capsys, "games", "--json")
    games = json.loads(out)
    assert code == 0 and err == ""
    assert [g["number"] for g in games] == [1, 2, 3]
    assert sorted(g["status"] for g in games) == ["finished", "finished", "unfinished"]
    assert [g["started"] for g in games] == sorted((g["started"] for g in games), reverse=True)
    code, out, _ = tichu(capsys, "games")
    assert code == 0 and "engine table" in out and "unfinished" in out and "Ann, Bob" in out
    assert all(len(line) <= 80 for line in out.splitlines())


def test_no_games_yet(capsys, data_dir):
    code, out, _ = tichu(capsys, "games")
    assert code == 0 and "No games are kept" in out


def test_export_as_json_and_text_and_to_a_private_file(capsys, kept, tmp_path):
    code, out, _ = tichu(capsys, "export", kept.stem)
    data = json.loads(out)
    assert code == 0 and data["state"] == "playing" and len(data["actions"]) == 150
    code, out, _ = tichu(capsys, "export", kept.stem, "--format", "text")
    assert code == 0 and out.startswith("engine table: classic to 200")
    assert "Round 1, dealt by" in out and "gives" in out and "(not finished)" in out
    target = tmp_path / "out.json"
    code, out, _ = tichu(capsys, "export", kept.stem, "-o", str(target))
    assert code == 0 and out == "" and json.loads(target.read_text())["seed"] == 5
    assert target.stat().st_mode & 0o777 == 0o600
    code, out, _ = tichu(capsys, "export", str(target), "--format", "text")
    assert code == 0 and "Seed: 5; 150 moves" in out


def test_an_unfinished_game_of_another_user_is_refused_with_a_message(capsys, kept):
    os.chown(kept, 4242, 4242)
    for command in ("export", "replay"):
        code, out, err = tichu(capsys, command, kept.stem)
        assert code == 1 and out == ""
        assert f"tichu {command}: " in err and "belongs to another user" in err


def test_a_missing_game_is_refused_with_a_message(capsys, kept):
    code, _, err = tichu(capsys, "replay", "99")
    assert code == 1 and "there is no game number 99" in err


def test_stats_per_person_per_table_and_overall(capsys, kept):
    code, out, _ = tichu(capsys, "stats", "--json")
    stats = json.loads(out)
    assert code == 0 and stats["overall"]["games"] == 3 and stats["overall"]["finished"] == 2
    people = {p["name"]: p for p in stats["overall"]["people"]}
    assert set(people) == {"Ann", "Bob"}            # the bots are not people
    assert people["Ann"]["games"] == 3 and people["Ann"]["wins"] + people["Bob"]["wins"] >= 1
    assert list(stats["tables"]) == ["engine table"]
    code, out, _ = tichu(capsys, "stats")
    assert code == 0 and "All games: 3 games (2 finished)" in out and "Ann" in out


def test_the_text_export_tells_each_exchange_after_its_choice(capsys, kept):
    code, out, _ = tichu(capsys, "export", kept.stem, "--format", "text")
    lines = [line.strip() for line in out.splitlines()]
    chosen = lines.index("Ann has chosen the exchange cards")
    assert lines[chosen + 1].startswith("Ann gives ")
    assert lines.index("The cards are exchanged") > chosen + 1
