"""Records keep codes and data, never words (issue 26): a table opened under `--lang de` was
kept as `Spiel von root` on `"host": "dieser Rechner"`, so `tichu stats` split one person's
tables by language, and `tichu export` called every bot "normal bot" where the replay says
"Bot 2". A table opened without a name, the host and the bots are kept as data now and
worded when read, in the reader's language; records written before keep their words."""

from __future__ import annotations

import json

import pytest
import pytest_twisted

from tests.records.conftest import engine_game, write_journal
from tests.support.at_commit import module_at
from tests.support.live_host import connect, wait_until
from tichu_lan import cli, i18n, paths
from tichu_lan.i18n import _
from tichu_lan.records.store import RecordStore

BEFORE = "fb656bd"          # the commit this work started from: its records hold words


def tichu(capsys, *argv: str) -> str:
    assert cli.main(list(argv)) == 0
    return capsys.readouterr().out


@pytest.fixture
def english():
    yield
    i18n.use_language("en")


async def open_and_start(host, person, language: str) -> None:
    """``person`` opens a table without a name, as `tichu play` and `tichu host` do, under
    ``language``, fills it with bots, starts, and leaves (the table closes)."""
    i18n.use_language(language)
    await person.create_table(None, "classic", 500)
    assert person.table.name == "" and person.table.opener == "root"
    for seat in (1, 2, 3):
        await person.add_bot(seat, "random")
    await person.start()
    await wait_until(lambda: person.view is not None)
    await person.leave()
    await wait_until(lambda: not host.lobby.tables)


@pytest_twisted.ensureDeferred
async def test_tables_opened_in_two_languages_are_kept_as_data_and_counted_as_one(
        hosts, data_dir, capsys, english):
    i18n.use_language("de")
    host = hosts(name=_("this machine"), record_name="")       # as `tichu play` starts one
    root = await connect(host.port, "root")
    await open_and_start(host, root, "de")
    await open_and_start(host, root, "en")
    await root.close()

    for kept in paths.records_dir(data_dir).glob("*.json"):
        data = json.loads(kept.read_text())
        assert (data["table"], data["opener"], data["host"]) == ("", "root", "")
        assert [(s["name"], s["bot"]) for s in data["seats"]] == [
            ("root", None), ("", "random"), ("", "random"), ("", "random")]

    i18n.use_language("en")
    stats = json.loads(tichu(capsys, "stats", "--json"))
    assert list(stats["tables"]) == ["root's table"]
    assert stats["tables"]["root's table"]["games"] == 2
    assert "root's table" in tichu(capsys, "games")
    assert "Table root's table: 2 games" in tichu(capsys, "stats", "--table", "root's table")
    stats = json.loads(tichu(capsys, "--lang", "de", "stats", "--json"))
    assert list(stats["tables"]) == ["Tisch von root"]

    exported = json.loads(tichu(capsys, "--lang", "en", "export", "1"))
    assert (exported["table"], exported["opener"], exported["host"]) == ("", "root", "")
    assert [s["name"] for s in exported["seats"]] == ["root", "", "", ""]
    text = tichu(capsys, "export", "1", "--format", "text")
    assert text.startswith("root's table: classic to 500")
    assert "Seats: 1 root, 2 Bot 2 (bot), 3 Bot 3 (bot), 4 Bot 4 (bot)" in text


def test_a_record_written_before_keeps_its_words(data_dir, capsys):
    """Written by the metadata code of the commit this work started from, as `tichu play`
    under German wrote it then."""
    then = module_at(BEFORE, "tichu_lan/records/meta.py")
    record, _actions = engine_game(3)
    journal = write_journal(paths.finished_journal_dir(data_dir), record, "over")
    seats = (then.SeatNote("root"), *(then.SeatNote("random bot", "random") for _ in range(3)))
    meta = then.GameMeta(
        id=journal.stem, host="dieser Rechner", table="Spiel von root", table_id=1,
        rules=record.meta.rules, seats=seats, started=record.meta.started,
        updated=record.meta.updated, state="over", scores=record.meta.scores,
        rounds=record.meta.rounds, winner=record.meta.winner, moves=record.meta.moves)
    then.write_private(paths.private_dir(paths.records_dir(data_dir)) / f"{journal.stem}.json",
                       meta.to_dict())

    (kept,) = RecordStore(data_dir).games()
    assert (kept.meta.table, kept.meta.title, kept.meta.host, kept.meta.opener) == (
        "Spiel von root", "Spiel von root", "dieser Rechner", "")
    assert [s.name for s in kept.meta.seats] == ["root", "random bot", "random bot", "random bot"]
    assert kept.meta.seat_name(1) == "Bot 2"
    assert list(json.loads(tichu(capsys, "stats", "--json"))["tables"]) == ["Spiel von root"]
    exported = json.loads(tichu(capsys, "export", "1"))
    assert exported["table"] == "Spiel von root" and exported["host"] == "dieser Rechner"
    assert RecordStore(data_dir).open("1").final() == record.final()
