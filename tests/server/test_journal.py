"""Journals: the file format, damaged tails, and resuming a host in this process."""

import zlib

import pytest
import pytest_twisted

from tests.support.autoplay import AutoPlayer, play_until
from tests.support.live_host import LOOPBACK, seat_clients
from tichu_lan.client import TichuClient
from tichu_lan.records.journal import Journal, encode_record, keep_sound_part, read_journal


def test_records_round_trip(tmp_path):
    journal = Journal.create(tmp_path, 3, {"kind": "table", "name": "ü"})
    journal.append({"kind": "start"})
    journal.close()
    read = read_journal(journal.path)
    assert read.records == [{"kind": "table", "name": "ü"}, {"kind": "start"}]
    assert read.damage is None and read.size == journal.path.stat().st_size


LATER = encode_record({"kind": "free", "seat": 1})


@pytest.mark.parametrize("tail,damage", [
    (b'0badc0de {"kind":"start"}\n' + LATER, "record 3 fails its checksum"),
    (encode_record({"kind": "start"})[:-5], "record 3 is cut short"),
    (encode_record({"kind": "start"})[:-5] + LATER, "record 3 fails its checksum"),
    (b"12345678 not json\n" + LATER, "record 3 fails its checksum"),
    (b"%08x [1]\n" % zlib.crc32(b"[1]") + LATER, "record 3 is not a journal record"),
    (b"%08x {\n" % zlib.crc32(b"{") + LATER, "record 3 is not readable"),
])
def test_a_damaged_tail_is_reported_and_everything_before_it_kept(tmp_path, tail, damage):
    path = tmp_path / "t.journal"
    sound = encode_record({"kind": "table"}) + encode_record({"kind": "start"})
    path.write_bytes(sound + tail)
    read = read_journal(path)
    assert read.damage.startswith(damage)
    assert read.records == [{"kind": "table"}, {"kind": "start"}] and read.size == len(sound)
    backup = keep_sound_part(read)
    assert path.read_bytes() == sound
    assert backup.read_bytes().startswith(sound + tail)


async def game_then_stop(hosts, moves=30):
    """A host with a classic game at `moves` moves, stopped; returns the clients' tokens and seq."""
    host = hosts()
    clients = await seat_clients(host.port, 4, target=500)
    players = [AutoPlayer(c, seed=i) for i, c in enumerate(clients)]
    await play_until(players, lambda: clients[0].seq >= moves)
    tokens = [c.token for c in clients]
    seq, view = clients[0].seq, clients[0].view_message.view
    for client in clients:
        client.reconnect = False
    await hosts.stop(host)
    return tokens, seq, view


def only_journal(data_dir):
    (path,) = (data_dir / "journals").glob("*.journal")
    return path


@pytest_twisted.ensureDeferred
async def test_a_host_resumes_a_table_exactly_with_its_tokens(hosts):
    tokens, seq, view = await game_then_stop(hosts)
    host = hosts(resume=True)
    (table,) = host.lobby.tables.values()
    assert table.seq == seq and [s.token for s in table.seats] == tokens
    assert all(s.member is None for s in table.seats)
    ann = TichuClient(LOOPBACK, host.port, "whoever", token=tokens[0])
    welcome = await ann.connect()
    assert welcome.seat.seat == 0 and ann.seq == seq
    assert ann.view_message.view == view
    await ann.close()


@pytest.mark.parametrize("damage", ["cut", "checksum", "illegal"])
@pytest_twisted.ensureDeferred
async def test_a_damaged_journal_resumes_from_its_sound_part(hosts, data_dir, host_log, damage):
    tokens, seq, _ = await game_then_stop(hosts)
    path = only_journal(data_dir)
    sound = path.read_bytes()
    lines = sound.splitlines(keepends=True)
    if damage == "cut":
        path.write_bytes(sound + encode_record({"kind": "start"})[:9])
        expect_seq, message = seq, f"record {len(lines) + 1} is cut short"
    elif damage == "checksum":
        path.write_bytes(b"".join(lines[:-1]) + lines[-1].replace(b'"n"', b'"N"'))
        expect_seq, message = seq - 1, f"record {len(lines)} fails its checksum"
    else:
        bad = {"kind": "action", "n": seq + 1, "action": {"type": "pass", "seat": 9}}
        path.write_bytes(sound + encode_record(bad))
        expect_seq, message = seq, f"record {len(lines) + 1} cannot be applied"
    host = hosts(resume=True)
    (result,) = host.lobby.tables.values()
    assert result.seq == expect_seq
    report = [line for line in host_log if "resumes from the" in line]
    assert len(report) == 1 and message in report[0] and str(path) in report[0]
    backups = list(path.parent.glob(path.name + ".damaged-*"))
    assert len(backups) == 1 and len(backups[0].read_bytes()) > len(path.read_bytes())
    assert read_journal(path).damage is None
    assert [s.token for s in result.seats] == tokens


@pytest_twisted.ensureDeferred
async def test_a_finished_game_is_not_resumed(hosts, data_dir):
    host = hosts()
    clients = await seat_clients(host.port, 2, variant="duel", target=50)
    players = [AutoPlayer(c, seed=i) for i, c in enumerate(clients)]
    await players[0].finished
    for client in clients:
        await client.close()
    await hosts.stop(host)
    assert not list((data_dir / "journals").glob("*.journal"))
    (done,) = (data_dir / "journals" / "done").glob("*.journal")
    assert read_journal(done).records[-1] == {"kind": "over"}
    again = hosts(resume=True)
    assert again.lobby.tables == {}


@pytest.mark.parametrize("started", [True, False])
@pytest_twisted.ensureDeferred
async def test_a_table_everyone_left_is_closed_and_not_resumed(host, data_dir, started):
    """A game's journal is kept among the finished ones; a table never started leaves none."""
    clients = await seat_clients(host.port, 2, variant="duel", start=started)
    for client in clients:
        await client.leave()
    assert host.lobby.tables == {}
    assert not list((data_dir / "journals").glob("*.journal"))
    done = list((data_dir / "journals" / "done").glob("*.journal"))
    if started:
        assert done[0].read_bytes().splitlines()[-1].endswith(b'{"kind":"closed"}')
    else:
        assert done == []
    for client in clients:
        await client.close()
