"""A short LAN party with every fault, as scripts/lanparty runs a long one (docs/LANPARTY.md).

Two tables of four on four guest machines of a private test LAN: the guests find the
host by discovery and play with bot decisions; a dropped connection, a junk guest, a
frozen machine, two host kills with --resume and a full disk come one after another;
afterwards every message every guest received is audited against the journals.
"""

import pytest

from tests.support.party import PartyConfig, run_party

pytestmark = pytest.mark.timeout(240)

SCHEDULE = ((1.0, "drop"), (2.0, "junk"), (3.0, "kill"), (4.0, "freeze"), (5.0, "disk"),
            (6.0, "kill"))


def short_party(tmp_path, **changes) -> PartyConfig:
    settings = {"tables": 2, "machines": 4, "minutes": 3.0, "rounds": None,
                "think": (0.01, 0.05), "schedule": SCHEDULE, "max_faults": len(SCHEDULE),
                "idle_timeout": 3.0, "grace": 0.5, "junk_frames": 100,
                "run_dir": tmp_path / "party", "seed": 7}
    settings.update(changes)
    return PartyConfig(**settings)


def test_a_short_party_survives_every_fault_and_nobody_sees_a_hidden_card(namespaces, tmp_path):
    summary = run_party(short_party(tmp_path))
    faults = {f["kind"]: f for f in summary.faults}
    assert [f["kind"] for f in summary.faults] == [kind for _, kind in SCHEDULE]
    assert all(f["ok"] for f in summary.faults), summary.faults
    assert summary.errors == []

    drop, freeze, disk, junk = faults["drop"], faults["freeze"], faults["disk"], faults["junk"]
    kills = [f for f in summary.faults if f["kind"] == "kill"]
    assert set(freeze["stand_ins"]) == set(freeze["players"]) and freeze["moved_while_away"] > 0
    assert all(k["resumed"] == [2, 2] and k["tables_behind"] == [] and k["all_seated"]
               for k in kills)
    assert disk["refused_moves"] > 0 and disk["journals_sound"]
    assert "free some disk" in disk["message"]
    assert junk["frames"] >= 100 and junk["problems"] == []
    assert drop["seq"][1] >= drop["seq"][0]

    check = summary.check
    assert check["ok"] and check["tables"] == 2 and check["leaks"] == 0
    assert check["mismatches"] == 0 and check["lost"] == 0 and check["accepted"] == summary.moves
    assert summary.moves > 50 and summary.latency_ms["count"] > 0
    assert summary.host_latency_ms["count"] > 0 and summary.engine_caches
    assert summary.reconnects >= 2 * 8 and summary.idle_drops >= 1
    assert summary.host_cpu > 0 and summary.host_peak_kb > 0


def test_guests_play_the_rounds_asked_for_and_stop(namespaces, tmp_path):
    summary = run_party(short_party(tmp_path, tables=1, rounds=1, schedule=(), max_faults=None,
                                    minutes=None))
    assert summary.ok, (summary.errors, summary.check)
    assert summary.rounds == 1 and summary.faults == []
    assert summary.check["views"] >= 4 * summary.check["moves"]


@pytest.mark.slow
def test_ten_host_kills_at_random_moments(namespaces, tmp_path):
    summary = run_party(short_party(tmp_path, schedule=(), faults=("kill",), every=3.0,
                                    max_faults=10, minutes=10.0))
    assert summary.ok and len(summary.faults) == 10, summary.faults
