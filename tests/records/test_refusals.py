"""Corrupt or foreign files give a clear error and change nothing; a game in progress is
refused to anyone but the host's own user."""

import json
import os
from pathlib import Path

import pytest

from tichu_lan import paths
from tichu_lan.records.export import to_json
from tichu_lan.records.game_record import from_journal
from tichu_lan.records.importing import read_export
from tichu_lan.records.meta import RecordError
from tichu_lan.records.store import RecordStore
from tests.records.conftest import engine_game, write_journal

STRANGER = 4242           # a uid that is not the test's


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def kept(data_dir):
    """A finished game and one in progress, journalled as a host journals them."""
    finished, _ = engine_game(3)
    playing, _ = engine_game(5, stop_after=150)
    done = write_journal(paths.finished_journal_dir(data_dir), finished, "over", table_id=1)
    waiting = write_journal(paths.journal_dir(data_dir), playing, None, table_id=2)
    return done, waiting


def test_journals_without_metadata_are_listed_from_the_journal(data_dir, kept):
    games = RecordStore(data_dir).games()
    assert sorted(g.status for g in games) == ["finished", "unfinished"]
    finished = next(g for g in games if g.status == "finished")
    assert finished.meta.rounds and [s.name for s in finished.meta.seats][:2] == ["Ann", "Bob"]


def test_damaged_metadata_is_reported_and_the_game_read_from_its_journal(data_dir, kept):
    records = paths.private_dir(paths.records_dir(data_dir))
    (records / f"{kept[0].stem}.json").write_text('{"format": 1, "id": ')
    before = snapshot(data_dir)
    store = RecordStore(data_dir)
    games = store.games()
    assert len(games) == 2 and any("damaged" in p or "cannot read" in p for p in store.problems)
    assert snapshot(data_dir) == before


@pytest.mark.parametrize("content,message", [
    (b"", "not a game journal"),
    (b"\x00\xff garbage\n", "not a game journal"),
    (b'0000abcd {"kind": "table"}\n', "not a game journal"),
])
def test_a_corrupt_journal_is_refused_and_left_alone(tmp_path, content, message):
    path = tmp_path / "table-9-20250101-200000-abcdef.journal"
    path.write_bytes(content)
    with pytest.raises(RecordError, match=message):
        from_journal(path)
    assert path.read_bytes() == content


def test_a_journal_whose_move_is_illegal_is_refused(tmp_path):
    record, _ = engine_game(3)
    path = write_journal(tmp_path, record, "over")
    lines = path.read_bytes().splitlines(keepends=True)
    from tichu_lan.records.journal import encode_record
    lines[8] = encode_record({"kind": "action", "n": 3, "action": {"type": "pass", "seat": 0}})
    path.write_bytes(b"".join(lines))
    before = path.read_bytes()
    with pytest.raises(RecordError, match="move 3 is not legal"):
        from_journal(path)
    assert path.read_bytes() == before


def exported(tmp_path, change=None, seed=3, **game):
    record, _ = engine_game(seed, **game)
    data = json.loads(to_json(record))
    if change:
        change(data)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    return path


def tamper_score(data):
    data["scores"][0] += 100


def tamper_round(data):
    data["rounds"][0]["card_points"] = [50, 50]


def illegal_move(data):
    data["actions"][10] = {"type": "pass", "seat": 0}


def unreadable_move(data):
    data["actions"][4] = {"type": "play", "seat": 0, "cards": ["XX"]}


def newer(data):
    data["version"] = 3


def other_program(data):
    data["schema"] = "someone else's"


def bad_seed(data):
    data["seed"] = "seven"


def bad_time(data):
    data["started"] = "teatime"


@pytest.mark.parametrize("change,message", [
    (tamper_score, "not what its moves give"), (tamper_round, "not what its moves give"),
    (illegal_move, "move 11 is not legal"), (unreadable_move, "move 5 cannot be read"),
    (newer, "version 3; this program reads version 1, 2"),
    (other_program, "not an exported tichu-lan game"), (bad_seed, "the seed is 'seven'"),
    (bad_time, "Invalid isoformat string: 'teatime'"),
])
def test_a_foreign_or_changed_export_is_refused_and_left_alone(tmp_path, change, message):
    path = exported(tmp_path, change)
    before = path.read_bytes()
    with pytest.raises(RecordError, match=message):
        read_export(path)
    assert path.read_bytes() == before


def test_a_file_that_is_not_json_is_refused(tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(b"\x89PNG not json")
    with pytest.raises(RecordError, match="is not JSON"):
        read_export(path)


def test_an_untouched_export_is_read(tmp_path):
    record = read_export(exported(tmp_path))
    assert record.final().over


def test_a_game_in_progress_is_only_for_the_hosts_own_user(data_dir, kept, tmp_path):
    done, waiting = kept
    store = RecordStore(data_dir)
    assert not store.open(waiting.stem).final().over          # the host's own user may
    os.chown(waiting, STRANGER, STRANGER)
    before = snapshot(data_dir)
    with pytest.raises(RecordError, match="not finished and belongs to another user"):
        store.open(waiting.stem)
    assert snapshot(data_dir) == before
    os.chown(done, STRANGER, STRANGER)             # a finished game may be read by anyone who can
    assert store.open(done.stem).final().over

    unfinished = exported(tmp_path, seed=5, stop_after=150)
    assert not read_export(unfinished).final().over
    os.chown(unfinished, STRANGER, STRANGER)
    with pytest.raises(RecordError, match="belongs to another user"):
        read_export(unfinished)


def test_a_name_that_is_no_game_says_so(data_dir, kept):
    store = RecordStore(data_dir)
    with pytest.raises(RecordError, match="no game number 7"):
        store.find("7")
    with pytest.raises(RecordError, match="no kept game is called 'nothing'"):
        store.find("nothing")
    with pytest.raises(RecordError, match="could be any of 2 games"):
        store.find("table-")


def test_a_journal_of_the_first_format_replays_with_each_won_trick_collected(tmp_path):
    """Kept games from before the trick that waits (journal format 1) still replay."""
    record, _ = engine_game(seed=5, target=200)
    path = write_journal(tmp_path, record, "over", version=1)
    again = from_journal(path)
    assert again.actions == record.actions and again.final() == record.final()
    assert any(a.type == "collect" for a in again.actions)


def test_json_nested_beyond_the_parser_is_refused_not_a_traceback(tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(b"[" * 200_000 + b"]" * 200_000)
    with pytest.raises(RecordError, match="is not JSON"):
        read_export(path)
    meta = tmp_path / "meta.json"
    meta.write_bytes(b'{"format": 1, "x": ' + b"[" * 200_000 + b"]" * 200_000 + b"}")
    from tichu_lan.records.meta import read_meta
    with pytest.raises(RecordError, match="nested too deeply"):
        read_meta(meta)


def test_names_from_a_record_are_cut_and_cleaned_before_anyone_shows_them(tmp_path):
    def crafted(data):
        data["table"] = "\x1b]0;owned\x07\x1b[2J" + "T" * 5_000_000
        data["host"] = "Eve\u202e's laptop\r\n"
        data["seats"][0]["name"] = "Ann\x1b[31m" + "\u2066" * 10 + "!" * 100
    record = read_export(exported(tmp_path, crafted))
    meta = record.meta
    assert meta.table == "]0;owned[2J" + "T" * 20 + "…"
    assert meta.host == "Eve's laptop"
    assert meta.seats[0].name == "Ann[31m" + "!" * 16 + "…"
    assert all(ch.isprintable() for text in (meta.table, meta.host, meta.seats[0].name)
               for ch in text)
