"""`tichu verify` (issue 30): a kept game dealt from shared shuffles holds round by round;
an exported copy holds too, and one that was tampered with fails, naming the round and the
move; what the programs at the table found is listed beside."""

from __future__ import annotations

import json

import pytest
import pytest_twisted

from tests.records.conftest import engine_game, play_game, write_journal
from tichu_lan import cli, paths
from tichu_lan.records.journal import encode_record, read_journal


def tichu(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


async def a_shared_game(hosts, data_dir, tmp_path):
    """A finished game of a real host, dealt from shared shuffles, and its export."""
    live = await play_game(hosts(), seed=5, rounds=3)
    (journal,) = paths.finished_journal_dir(data_dir).glob("*.journal")
    exported = tmp_path / "game.json"
    assert cli.main(["export", journal.stem, "-o", str(exported)]) == 0
    return live, journal, exported


@pytest_twisted.ensureDeferred
async def test_a_shared_game_and_its_export_hold_round_by_round(capsys, hosts, data_dir, tmp_path):
    live, journal, exported = await a_shared_game(hosts, data_dir, tmp_path)
    rounds = len(live.final.history)
    data = json.loads(exported.read_text())
    assert data["version"] == 2 and data["shared"] is True
    assert [s["round"] for s in data["shuffles"]] == list(range(1, rounds + 1))
    assert data["actions"][0]["type"] == "deal"
    assert {(c["round"], c["ok"]) for c in data["checks"]} == \
        {(r, True) for r in range(1, rounds + 1)}
    for game in (journal.stem, str(journal), str(exported)):
        code, out, err = tichu(capsys, "verify", game)
        assert code == 0 and err == "", out
        assert out.count("holds: dealt from its shared shuffle") == rounds
    code, out, _ = tichu(capsys, "export", str(exported), "--format", "text")   # it reads back
    assert code == 0 and f"{len(data['actions'])} moves" in out


def tampered(exported, change):
    data = json.loads(exported.read_text())
    change(data)
    exported.write_text(json.dumps(data))


def a_play(data, seat=None):
    """The index of the first play (of ``seat``) in the export's moves."""
    return next(i for i, a in enumerate(data["actions"])
                if a["type"] == "play" and (seat is None or a["seat"] == seat))


@pytest_twisted.ensureDeferred
async def test_a_tampered_move_is_named_with_its_round(capsys, hosts, data_dir, tmp_path):
    _live, _journal, exported = await a_shared_game(hosts, data_dir, tmp_path)

    def change(data):
        index = a_play(data)
        move = data["actions"][index]
        deal = max(i for i, a in enumerate(data["actions"][:index]) if a["type"] == "deal")
        ends = [i for i, a in enumerate(data["actions"]) if i > index and a["type"] == "deal"]
        this_round = data["actions"][deal:ends[0] if ends else None]
        others = {c for a in this_round if a["type"] == "play" and a["seat"] != move["seat"]
                  for c in a["cards"]}       # cards that seat never held in that round
        move["cards"] = sorted(others)[:len(move["cards"])]
        data["tampered"] = index + 1
    tampered(exported, change)
    number = json.loads(exported.read_text())["tampered"]
    code, out, err = tichu(capsys, "replay", str(exported))    # a replay refuses it whole
    assert code == 1 and f"move {number} is not legal" in err
    code, out, _ = tichu(capsys, "verify", str(exported))
    assert code == 1
    assert f"round 1: FAILS: move {number}, seat " in out and "breaks a rule" in out


@pytest.mark.parametrize("what,why", [
    ("value", "value does not match its commitment"),
    ("seed", "the cards were not dealt from the shared seed"),
    ("secret", "the cards were not dealt from the shared seed"),
    ("rounds", "the round's score is not what its moves give"),
])
@pytest_twisted.ensureDeferred
async def test_a_tampered_shuffle_or_result_is_named(capsys, hosts, data_dir, tmp_path, what, why):
    _live, _journal, exported = await a_shared_game(hosts, data_dir, tmp_path)

    def change(data):
        shuffle = data["shuffles"][0]
        if what == "value":
            seat = next(s for s, v in enumerate(shuffle["values"]) if v)
            shuffle["values"][seat] = "00" * 32
        elif what == "seed":
            data["actions"][0]["seed"] = "11" * 32
        elif what == "secret":
            shuffle["secret"] = "22" * 32
        else:
            data["rounds"][0]["card_points"] = [100, 0]
    tampered(exported, change)
    code, out, _ = tichu(capsys, "verify", str(exported))
    assert code == 1 and "round 1: FAILS: " in out and why in out


@pytest_twisted.ensureDeferred
async def test_what_a_program_found_is_listed(capsys, hosts, data_dir, tmp_path):
    _live, journal, _exported = await a_shared_game(hosts, data_dir, tmp_path)
    records = read_journal(journal).records
    records.insert(-1, {"kind": "checked", "round": 1, "seat": 1, "ok": False,
                        "finding": {"code": "deal_not_from_seed", "message": "", "params": {}}})
    journal.write_bytes(b"".join(encode_record(r, n) for n, r in enumerate(records, 1)))
    assert read_journal(journal).damage is None
    code, out, _ = tichu(capsys, "verify", str(journal))
    told = "seat 2's program found round 1 broken: the cards were not dealt from the shared seed"
    assert told in out


def test_a_game_dealt_from_its_own_seed_holds_by_its_rules(capsys, data_dir):
    record, _ = engine_game(3)
    path = write_journal(paths.finished_journal_dir(data_dir), record, "over", table_id=1)
    code, out, _ = tichu(capsys, "verify", str(path))
    assert code == 0 and "FAILS" not in out
    assert out.count("holds: every rule kept (dealt from the game's seed") == \
        len(record.final().history)
