"""The soak's memory figure, read back from host-rss.txt (tests/support/party_memory.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.party_memory import main, samples


def write(run_dir: Path, rows: list[tuple[float, int, int]]) -> None:
    (run_dir / "host-rss.txt").write_text("".join(f"{t:.2f} {life} {kb}\n" for t, life, kb in rows))


def test_a_new_host_life_is_marked_as_the_party_marks_a_kill(tmp_path: Path) -> None:
    write(tmp_path, [(1.0, 1, 100), (2.0, 1, 120), (3.0, 2, 90)])
    assert samples(tmp_path) == [(1.0, 100), (2.0, 120), (3.0, 0), (3.0, 90)]


def test_only_the_last_minutes_are_judged(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                          ) -> None:
    # 60 minutes: climbing for the first 20, then flat at 1000 kB but for one 1050
    rows = [(m * 60.0, 1, 500 + 25 * m if m < 20 else 1000) for m in range(61)]
    rows[45] = (45 * 60.0, 1, 1050)
    write(tmp_path, rows)
    assert main([str(tmp_path), "--last", "40"]) == 0
    assert "(spread 5.0%)" in capsys.readouterr().out
    assert main([str(tmp_path), "--last", "50"]) == 0
    assert "lowest 0.7," in capsys.readouterr().out      # minute 10: 750 kB
