"""The benchmark's machinery on a few short duplicate pairs (the full run is the script)."""

import importlib.util
import re
import sys
from pathlib import Path

import pytest

from engine import RuleSet

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "bench_bots.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_bots", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_bots"] = module          # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_a_deterministic_bot_against_itself_is_exactly_level(bench):
    # Both tables of a pair are then the same game with the teams' seats swapped.
    rules = RuleSet(target=300)
    for deal in range(3):
        pair = bench.play_pair((rules, deal, "normal", "normal"))
        assert pair.wins == 1 and pair.deal_diff == 0
        assert pair.calls.get((0, "tichu"), [0])[0] == pair.calls.get((1, "tichu"), [0])[0]


def test_the_report_holds_every_figure(bench, capsys):
    assert bench.main(["--a", "normal", "--b", "random", "--pairs", "2", "--target", "300"]) == 0
    out = capsys.readouterr().out
    win = float(re.search(r"A game win rate\s+([\d.]+)%", out).group(1))
    diff = float(re.search(r"A-B points per deal\s+([+-][\d.]+)", out).group(1))
    assert win == 100.0 and diff > 100          # the heuristic crushes random play
    for needle in ("95% CI", "tichu called", "grand called", "double victory",
                   "decision time p50", "p95"):
        assert needle in out
    assert out.count("decision time") == 2


def test_duel_mode(bench, capsys):
    assert bench.main(["--a", "normal", "--b", "random", "--rules", "duel", "--pairs", "2",
                       "--target", "300"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("duel to 300") and "decision time" in out


def test_seats_swap_between_the_tables(bench):
    pair = bench.play_pair((RuleSet(target=200), 4, "normal", "random"))
    assert pair.rounds >= 2 and len(pair.times[0]) > 0 and len(pair.times[1]) > 0
    assert 0 <= pair.wins <= 2 and pair.seat_rounds == pair.rounds * 2
    seeds = {bench.bot_seed(deal, seat, table) for deal in range(3) for seat in range(4)
             for table in (0, 1)}
    assert len(seeds) == 24                     # one generator per (deal, seat, table)


def test_bad_arguments_are_refused(bench, capsys):
    with pytest.raises(SystemExit):
        bench.main(["--pairs", "0"])
    with pytest.raises(SystemExit):
        bench.main(["--a", "grandmaster"])
    assert "invalid choice" in capsys.readouterr().err


@pytest.mark.slow
def test_full_bars(bench, capsys):
    """The issue's bars for the heuristic against random play (the search bar takes hours:
    run the script, see docs/BENCHMARKS.md)."""
    bench.main(["--a", "normal", "--b", "random", "--pairs", "200", "--jobs", "2"])
    out = capsys.readouterr().out
    assert float(re.search(r"A game win rate\s+([\d.]+)%", out).group(1)) > 95
