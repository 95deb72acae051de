"""Journal damage costs at most the moves since the checkpoint before it, never a round after a
later sound checkpoint; and everyone at the table is told what was lost and where the damaged
copy is."""

from __future__ import annotations

import json
import random

import pytest
import pytest_twisted

from engine import CLASSIC, DUEL
from tests.support.autoplay import AutoPlayer, play_until
from tests.support.live_host import LOOPBACK, seat_clients
from tests.support.typed_host import said
from tests.support.random_games import plain_action, walk
from tichu_lan.client import TichuClient
from tichu_lan.host_messages import ConnectionNotice
from tichu_lan.words.notices import notice_words
from tichu_lan.server import checkpoint
from tichu_lan.records.journal import CHECKPOINT, read_journal
from tichu_lan.tui.faces import Faces
from tichu_lan.tui.table_model import TableModel


@pytest.mark.parametrize("rules", [CLASSIC, DUEL], ids=["classic", "duel"])
def test_a_round_start_is_rebuilt_from_its_summary(rules):
    """What a checkpoint keeps of the game is the whole game at a round start."""
    checked = 0
    for before, _, game, _ in walk(rules, 11, plain_action, rng=random.Random(3),
                                   until=lambda game: game.round_no >= 6):
        if game.round_no != before.round_no:
            recent = [checkpoint._result_to_dict(r, n) for n, r in enumerate(game.history, 1)]
            summary = json.loads(json.dumps({"round_no": game.round_no, "dealer": game.dealer,
                                             "scores": list(game.scores), "recent": recent[-2:]}))
            assert checkpoint.game_of(rules, 11, summary, game.history[:-2]) == game
            assert checkpoint.game_of(rules, 11, summary, game.history) == game
            if game.round_no > 3:                  # a round's result missing: scores stand
                gap = checkpoint.game_of(rules, 11, summary, game.history[:-3])
                assert gap.scores == game.scores and gap.round == game.round
            checked += 1
    assert checked >= 4


async def played_rounds(hosts, rounds=4):
    """A host whose classic table has played into round ``rounds``, stopped; its players'
    tokens, the last move and the journal's path."""
    host = hosts()
    clients = await seat_clients(host.port, 4, target=10_000)
    players = [AutoPlayer(c, seed=i) for i, c in enumerate(clients)]
    await play_until(players, lambda: clients[0].view.round_no >= rounds
                     and clients[0].view.phase.value == "play", timeout=60)
    tokens, seq = [c.token for c in clients], clients[0].seq
    for client in clients:
        client.reconnect = False
    await hosts.stop(host)
    (path,) = (host.services.journal_dir).glob("*.journal")
    return tokens, seq, path


def lines_of(path):
    lines = path.read_bytes().splitlines(keepends=True)
    marks = [i for i, line in enumerate(lines) if b'"kind":"checkpoint"' in line]
    return lines, marks


def record_at(lines, index):
    return json.loads(lines[index].split(b" ", 2)[2])


def flip(line: bytes) -> bytes:
    at = line.index(b'"n":') + 4
    return line[:at] + bytes([line[at] ^ 0x01]) + line[at + 1:]


DAMAGE = {
    "flipped byte": lambda lines, i: lines[:i] + [flip(lines[i])] + lines[i + 1:],
    "junk line": lambda lines, i: lines[:i] + [b"this is not a record\n"] + lines[i:],
    "deleted record": lambda lines, i: lines[:i] + lines[i + 1:],
}


@pytest.mark.parametrize("damage", DAMAGE)
@pytest_twisted.ensureDeferred
async def test_damage_before_a_later_checkpoint_loses_no_round_after_it(hosts, damage,
                                                                        host_log):
    tokens, seq, path = await played_rounds(hosts)
    lines, marks = lines_of(path)
    assert len(marks) >= 4                             # the start, and each round dealt since
    middle = (marks[1] + marks[2]) // 2                # a move of round 2
    first, resumed = record_at(lines, middle)["n"], record_at(lines, marks[2])["n"]
    path.write_bytes(b"".join(DAMAGE[damage](lines, middle)))
    host = hosts(resume=True)
    (table,) = host.lobby.tables.values()
    assert table.seq == seq                            # the game goes on whole
    assert [s.token for s in table.seats] == tokens
    (notice,) = table.moves.damage.messages
    assert notice["params"] == {"seq": seq, "first": first, "last": resumed, "whole": True,
                                "backup": notice["params"]["backup"]}
    assert [line for line in host_log if notice["message"] in line]
    assert read_journal(path).damage is None           # the live file is sound again


@pytest_twisted.ensureDeferred
async def test_damage_after_the_last_checkpoint_costs_only_the_moves_since_it(hosts):
    tokens, seq, path = await played_rounds(hosts)
    lines, marks = lines_of(path)
    at_checkpoint = record_at(lines, marks[-1])["n"]
    damaged = (marks[-1] + len(lines)) // 2
    path.write_bytes(b"".join(DAMAGE["flipped byte"](lines, damaged)))
    host = hosts(resume=True)
    (table,) = host.lobby.tables.values()
    assert at_checkpoint <= table.seq < seq
    (notice,) = table.moves.damage.messages
    assert notice["params"] == {"seq": table.seq, "first": table.seq + 1, "last": seq,
                                "whole": False, "backup": notice["params"]["backup"]}


@pytest_twisted.ensureDeferred
async def test_a_damaged_header_is_read_from_the_first_checkpoint(hosts):
    tokens, seq, path = await played_rounds(hosts, rounds=2)
    lines, _ = lines_of(path)
    path.write_bytes(b"".join([b"00000000 garbage\n", *lines[1:]]))
    host = hosts(resume=True)
    (table,) = host.lobby.tables.values()
    assert table.seq == seq and [s.token for s in table.seats] == tokens


@pytest_twisted.ensureDeferred
async def test_everyone_coming_back_is_told_once_and_the_screen_shows_it(hosts):
    tokens, seq, path = await played_rounds(hosts, rounds=2)
    lines, marks = lines_of(path)
    path.write_bytes(b"".join(DAMAGE["deleted record"](lines, len(lines) - 3)))
    host = hosts(resume=True)
    ann = TichuClient(LOOPBACK, host.port, "Ann", token=tokens[0])
    await ann.connect()
    (notice,) = ann.notices
    assert notice.code == "journal_damaged" and notice.table == ann.seating.table
    assert notice.params["backup"] in notice.message
    restored = ann.wait_for(said(ConnectionNotice, state="restored"))
    ann.drop()
    await restored
    assert ann.notices == (notice,)                    # told once, not at every reconnect
    model = TableModel(Faces())
    model.on_message(notice, ann.view)
    (line,) = [line for line in model.log if notice.params["backup"] in "".join(
        text for _, text in line)]
    assert "lost" in "".join(text for _, text in line)
    assert notice_words(notice.to_dict()).startswith("The host's record of this table was damaged")
    await ann.close()


@pytest_twisted.ensureDeferred
async def test_a_journal_cut_mid_line_resumes_at_its_last_whole_record_and_says_so(hosts):
    """A power cut can take the end of a journal, moves people saw included: the game goes
    on from the last whole record (not from the round's checkpoint), and whoever comes back
    hears that anything after that move is lost."""
    tokens, seq, path = await played_rounds(hosts, rounds=2)
    data = path.read_bytes()
    cut = data.index(b"\n", len(data) * 3 // 4) + 10          # ten bytes into a line
    whole = [json.loads(line.split(b" ", 2)[2]) for line in data[:cut].splitlines()[:-1]]
    last_move = max(r["n"] for r in whole if r["kind"] in ("action", CHECKPOINT))
    checkpoint = max(r["n"] for r in whole if r["kind"] == CHECKPOINT)
    assert checkpoint < last_move < seq
    path.write_bytes(data[:cut])
    host = hosts(resume=True)
    (table,) = host.lobby.tables.values()
    assert table.seq == last_move and [s.token for s in table.seats] == tokens
    ann = TichuClient(LOOPBACK, host.port, "Ann", token=tokens[0])
    await ann.connect()
    (notice,) = ann.notices
    assert notice.params["seq"] == last_move and not notice.params["whole"]
    assert "last" not in notice.params
    assert notice_words(notice.to_dict()).startswith(
        f"The host's record of this table was damaged after move {last_move}")
    await ann.close()
