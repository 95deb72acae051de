#!/usr/bin/env python3
"""Refit the heuristic levels' call model from self-play of the search bot.

Plays the first round of ``--rounds`` classic and ``--duel-rounds`` duel games with
search bots in every seat (they call by simulation), notes each seat's hand facts
at its call moments, fits one logistic model per variant and call
(engine/bots/calibrate.py), prints how the fit and the search bot's own estimates
compare with what happened, and with ``--write`` stores the models in
engine/bots/call_model.json. The samples can be kept (``--samples FILE``) and fitted
again without playing (``--refit FILE``), for example with other bars.

    .venv/bin/python scripts/fit_calls.py --rounds 1500 --duel-rounds 800 --jobs 2 \\
        --samples bench-logs/calls.jsonl
    .venv/bin/python scripts/fit_calls.py --refit bench-logs/calls.jsonl --write
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.bots.call_model import (DATA_FILE, FITTED, KINDS, CallModels, models_to_dict)
from engine.bots.calibrate import Sample, fit, self_play

MODEL_PATH = Path(__file__).resolve().parent.parent / "engine" / "bots" / DATA_FILE
CHUNK = 25            # rounds per job


def play(job: tuple[bool, int, int]) -> tuple[list[Sample], list[dict]]:
    duel, first, rounds = job
    samples, judged = self_play(duel, first, rounds)
    notes = [{"duel": duel, "kind": n.kind, "chance": n.chance, "called": n.called,
              "simulated": n.simulated, "gain": n.gain, "went_out_first": out}
             for n, out in judged]
    return samples, notes


def collect(args) -> tuple[list[Sample], list[dict]]:
    jobs = [(duel, args.seed + first, min(CHUNK, total - first))
            for duel, total in ((False, args.rounds), (True, args.duel_rounds))
            for first in range(0, total, CHUNK)]
    samples: list[Sample] = []
    notes: list[dict] = []
    start = time.perf_counter()
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        for done, (s, n) in enumerate(pool.map(play, jobs) if pool else map(play, jobs), 1):
            samples += s
            notes += n
            print(f"  {done}/{len(jobs)} jobs, {len(samples)} samples, "
                  f"{time.perf_counter() - start:.0f} s", flush=True)
    finally:
        if pool:
            pool.shutdown()
    return samples, notes


def save(path: Path, samples: list[Sample], notes: list[dict]) -> None:
    with path.open("w", encoding="utf-8") as out:
        for s in samples:
            out.write(json.dumps({"sample": s._asdict()}) + "\n")
        for n in notes:
            out.write(json.dumps({"note": n}) + "\n")


def load(path: Path) -> tuple[list[Sample], list[dict]]:
    samples, notes = [], []
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if "sample" in row:
            s = row["sample"]
            samples.append(Sample(s["duel"], s["kind"], tuple(s["facts"]), s["called"],
                                  s["went_out_first"]))
        else:
            notes.append(row["note"])
    return samples, notes


def refit(samples: list[Sample], bars: dict) -> CallModels:
    models = {}
    for duel in (False, True):
        for kind in KINDS:
            chosen = [s for s in samples if s.duel == duel and s.kind == kind]
            bar = bars.get((duel, kind), FITTED.bar(duel, kind))
            models[duel, kind] = fit(chosen, bar) if chosen else FITTED.models[duel, kind]
    return CallModels("table", models)


def show_fit(models: CallModels, samples: list[Sample]) -> None:
    """Per model: the calls made in self-play, the fit's estimate for them against what
    happened, and how many hands the fit puts above the bar."""
    for (duel, kind), model in sorted(models.models.items()):
        chosen = [s for s in samples if s.duel == duel and s.kind == kind]
        if not chosen:
            continue
        calls = [s for s in chosen if s.called]
        above = [s for s in chosen if model.success(s.facts) >= model.bar]
        name = f"{'duel' if duel else 'classic'} {kind}"
        print(f"{name}: {len(chosen)} seat-rounds, search bot called {len(calls)} "
              f"({len(calls) / len(chosen):.1%}), succeeded "
              f"{_share(s.went_out_first for s in calls)}")
        print(f"  weights {model.weights} called {model.called_weight} bar {model.bar}")
        if calls:
            estimate = statistics.fmean(model.success(s.facts) for s in calls)
            print(f"  its calls: fitted estimate {estimate:.1%}")
        print(f"  above the bar: {len(above)} ({len(above) / len(chosen):.1%} of seat-rounds)")
        print("  bar  seat-rounds above  their mean estimate  of them called  went out first")
        for bar in [b / 100 for b in range(40, 86, 5)]:
            chunk = [s for s in chosen if model.success(s.facts) >= bar]
            if chunk:
                estimate = statistics.fmean(model.success(s.facts) for s in chunk)
                print(f"  {bar:.2f}  {len(chunk) / len(chosen):17.1%}  {estimate:19.1%}  "
                      f"{_share(s.called for s in chunk):>14s}  "
                      f"{_share(s.went_out_first for s in chunk):>14s}")


def show_notes(notes: list[dict]) -> None:
    """The search bot's simulated estimates against what happened, for the calls it made."""
    for duel in (False, True):
        for kind in KINDS:
            chosen = [n for n in notes if n["duel"] == duel and n["kind"] == kind
                      and n["simulated"]]
            if not chosen:
                continue
            print(f"{'duel' if duel else 'classic'} {kind}: {len(chosen)} simulated decisions")
            print("   gain from .. to   decisions  calls  mean est.  went out first")
            edges = [-400, -100, -50, -20, 0, 20, 50, 100, 400]
            for low, high in zip(edges, edges[1:], strict=False):
                chunk = [n for n in chosen if low <= n["gain"] < high]
                if chunk:
                    est = statistics.fmean(n["chance"] for n in chunk)
                    print(f"   {low:5d} .. {high:4d}  {len(chunk):9d}  "
                          f"{sum(n['called'] for n in chunk):5d}  {est:8.1%}  "
                          f"{_share(n['went_out_first'] for n in chunk):>8s}")


def _share(flags) -> str:
    flags = list(flags)
    return f"{sum(flags) / len(flags):.1%}" if flags else "-"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=1500, help="classic rounds of self-play")
    parser.add_argument("--duel-rounds", type=int, default=800, help="duel rounds of self-play")
    parser.add_argument("--seed", type=int, default=100_000, help="first game seed")
    parser.add_argument("--jobs", type=int, default=1, help="rounds played in parallel")
    parser.add_argument("--samples", type=Path, metavar="FILE", help="keep the samples here")
    parser.add_argument("--refit", type=Path, metavar="FILE", help="fit kept samples, no play")
    parser.add_argument("--bar", action="append", default=[], metavar="VARIANT:KIND=CHANCE",
                        help="a model's bar, e.g. classic:tichu=0.6 (default: as it was)")
    parser.add_argument("--write", action="store_true", help=f"write engine/bots/{DATA_FILE}")
    args = parser.parse_args(argv)
    bars = {}
    for text in args.bar:
        try:
            name, value = text.split("=")
            variant, kind = name.split(":")
            if variant not in ("classic", "duel") or kind not in KINDS:
                raise ValueError(name)
            bars[variant == "duel", kind] = float(value)
        except ValueError:
            parser.error(f"--bar {text!r}: give VARIANT:KIND=CHANCE, e.g. classic:tichu=0.6")
    if args.refit:
        samples, notes = load(args.refit)
    else:
        samples, notes = collect(args)
        if args.samples:
            save(args.samples, samples, notes)
    models = refit(samples, bars)
    show_fit(models, samples)
    show_notes(notes)
    if args.write:
        about = {"classic_seat_rounds": sum(1 for s in samples
                                            if not s.duel and s.kind == "grand"),
                 "duel_seat_rounds": sum(1 for s in samples if s.duel and s.kind == "grand"),
                 "by": "scripts/fit_calls.py, self-play of the search bot"}
        MODEL_PATH.write_text(json.dumps(models_to_dict(models, about), indent=1) + "\n",
                              encoding="utf-8")
        print(f"wrote {MODEL_PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
