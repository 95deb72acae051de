#!/usr/bin/env python3
"""Bot strength and speed: team A against team B on duplicate deals.

Pair i plays game seed ``--seed + i`` twice, team A in the even seats and then in
the odd ones (duel: seat 0, then seat 1), so both teams get the same cards. Every
bot's generator is seeded by (deal, seat, table). Prints the game win rate and the
points per deal (A minus B, averaged over the deals both tables played) with 95%
confidence intervals over pairs, Tichu and Grand Tichu call and success rates,
double victories, the decision time p50/p95 of each team's bot, and the calibration
of every call decision the bots noted: the chance each estimated, against how often
the calls made in that bin of estimates succeeded (``--calls-log`` writes them all,
one JSON object a line).

``--results FILE`` keeps every pair's result as it is played, one JSON object a line;
run the same command again and it plays only the pairs the file lacks (pairs are
independent and deterministic), so a long match can be gathered over several sittings.

    .venv/bin/python scripts/bench_bots.py --a normal --b random --pairs 200
    .venv/bin/python scripts/bench_bots.py --a hard --b hard-ref --pairs 300 --jobs 2 \
        --results hard-300.jsonl
    .venv/bin/python scripts/fit_calls.py --rounds 2000     # refit the call model
    .venv/bin/python scripts/bench_bots.py --a hard --b normal --pairs 2 --against 35d3288

``--against COMMIT`` plays the same pairs with the engine and bots of COMMIT beside
today's (tests/support/at_commit.py), each in a fresh process, ``--repeat`` times in
turns, and compares team A's decision times (CPU time); it fails unless both play the
very same games.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import resource
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from engine import CLASSIC, RuleSet, Variant
from engine.bots import call_notes, levels, make_bot, reference_levels
from engine.bots.arena import Timings, play_game
from engine.bots.search import SearchBot
from engine.state import Call
from tests.support.at_commit import beside, median_and_range, package_at

BINS = 10               # calibration bins of the estimated chance, 0-10%, 10-20%, ...


@dataclass
class PairResult:
    wins: float                     # games team A won in the pair: 0, 1 or 2
    deal_diff: float                # mean over shared deals of (A - B) summed over both tables
    rounds: int = 0
    seat_rounds: int = 0            # per team
    calls: dict = field(default_factory=dict)      # (team, kind) -> [calls, successes]
    double_victories: list = field(default_factory=lambda: [0, 0])
    times: list = field(default_factory=lambda: [[], []])
    notes: list = field(default_factory=list)      # one dict per call decision


class ResultsMismatch(Exception):
    """The results file holds another match than the one asked for."""


def match_of(args: argparse.Namespace) -> dict:
    return {"a": args.a, "b": args.b, "rules": args.rules, "target": args.target}


def result_line(match: dict, deal: int, result: PairResult) -> str:
    calls = [[team, kind, *tally] for (team, kind), tally in result.calls.items()]
    times = [[round(t, 6) for t in team] for team in result.times]
    body = {**vars(result), "calls": calls, "times": times}
    return json.dumps({"match": match, "deal": deal, "result": body}) + "\n"


def read_results(path: Path, match: dict) -> dict[int, PairResult]:
    """The pairs an earlier run of this match played, by deal. A last line cut short
    (the run was killed while writing it) is left out, to be played again."""
    done: dict[int, PairResult] = {}
    if not path.exists():
        return done
    lines, good = path.read_text(encoding="utf-8").splitlines(), []
    for number, line in enumerate(lines, 1):
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            print(f"{path}:{number}: an unfinished line, its pair is played again",
                  file=sys.stderr)
            continue
        good.append(line + "\n")
        if row["match"] != match:
            raise ResultsMismatch(f"{path}:{number} holds the match {row['match']}, "
                                  f"not {match}: give another --results file")
        body = row["result"]
        body["calls"] = {(team, kind): [made, ok] for team, kind, made, ok in body["calls"]}
        done[row["deal"]] = PairResult(**body)
    if len(good) < len(lines):
        spare = path.with_name(path.name + ".tmp")
        spare.write_text("".join(good), encoding="utf-8")
        spare.replace(path)
    return done


def bot_of(level: str, seed: int):
    """The bot of a level, or of ``hard@N``: the hard bot dealing N samples per play
    decision instead of its 12 (to see what more thinking is worth)."""
    base, _, samples = level.partition("@")
    if samples:
        return SearchBot(seed, samples=int(samples))
    return make_bot(level, seed)


def level_name(text: str) -> str:
    """A level `make_bot` knows, or ``hard@N`` (see `bot_of`)."""
    base, _, samples = text.partition("@")
    if base not in levels() + reference_levels() or samples and (
            base != "hard" or not samples.isdigit() or int(samples) < 1):
        raise argparse.ArgumentTypeError(
            f"invalid choice: {text!r} (choose from {', '.join(levels() + reference_levels())}"
            ", or hard@N for N samples per play)")
    return text


def bot_seed(deal: int, seat: int, table: int) -> int:
    return (deal * 2 + table) * 8 + seat


def play_pair(args: tuple) -> PairResult:
    rules, deal, level_a, level_b = args
    seats = rules.seats
    diffs, wins = [], 0.0
    result = PairResult(0, 0)
    for table in (0, 1):
        team_a_seats = {s for s in range(seats) if rules.team_of(s) == table}
        bots = [bot_of(level_a if s in team_a_seats else level_b, bot_seed(deal, s, table))
                for s in range(seats)]
        timings = Timings(time.perf_counter)
        game = play_game(rules, deal, bots, timings)
        a_team = table
        wins += game.winner == a_team
        diffs.append([r.total[a_team] - r.total[1 - a_team] for r in game.history])
        for seat, times in enumerate(timings.per_seat):
            result.times[0 if seat in team_a_seats else 1].extend(times)
        _count_rounds(result, game.history, rules, a_team)
        for seat, bot in enumerate(bots):
            result.notes += _judged(call_notes(bot), game.history, rules, seat,
                                    0 if seat in team_a_seats else 1, deal, table)
    shared = min(len(d) for d in diffs)
    result.wins = wins
    result.deal_diff = sum(diffs[0][k] + diffs[1][k] for k in range(shared)) / (2 * shared)
    return result


def _count_rounds(result: PairResult, history, rules: RuleSet, a_team: int) -> None:
    for r in history:
        result.rounds += 1
        if r.double_victory >= 0:
            result.double_victories[0 if r.double_victory == a_team else 1] += 1
        for seat, call in enumerate(r.calls):
            team = 0 if rules.team_of(seat) == a_team else 1
            if call is Call.NONE:
                continue
            tally = result.calls.setdefault((team, call.value), [0, 0])
            tally[0] += 1
            tally[1] += r.out_order[0] == seat and not _dragon_exit(rules, r)
    result.seat_rounds += len(history) * rules.seats // 2


def _judged(notes, history, rules: RuleSet, seat: int, team: int, deal: int, table: int
            ) -> list[dict]:
    """The seat's call decisions, each with whether its call succeeded (or would have:
    whether it went out first) in the round it was made in."""
    out = []
    for note in notes:
        r = history[note.round_no - 1]
        success = r.out_order[0] == seat and not (note.called and _dragon_exit(rules, r))
        out.append({"deal": deal, "table": table, "seat": seat, "team": team,
                    "round": note.round_no, "kind": note.kind, "chance": round(note.chance, 4),
                    "called": note.called, "simulated": note.simulated, "success": success})
    return out


def _dragon_exit(rules: RuleSet, r) -> bool:
    """Duel: a caller who went out with the Dragon fails; the call points show it."""
    if not rules.duel:
        return False
    first = r.out_order[0]
    return r.calls[first] is not Call.NONE and r.call_points[first] < 0


def interval(values: list[float]) -> tuple[float, float]:
    """Mean and 95% half-width (normal approximation over independent pairs)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def percentile(values: list[float], q: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(results: list[PairResult], level_a: str, level_b: str, rules: RuleSet,
           seconds: float) -> None:
    n = len(results)
    win, win_hw = interval([r.wins / 2 for r in results])
    diff, diff_hw = interval([r.deal_diff for r in results])
    rounds = sum(r.rounds for r in results)
    seat_rounds = sum(r.seat_rounds for r in results)
    print(f"{rules.variant.value} to {rules.target}: A={level_a} vs B={level_b}, {n} duplicate "
          f"pairs, {2 * n} games, {rounds} deals, {seconds:.0f} s")
    print(f"  A game win rate       {win:6.1%} +- {win_hw:.1%}")
    print(f"  A-B points per deal   {diff:+7.1f} +- {diff_hw:.1f}  "
          f"(95% CI {diff - diff_hw:+.1f} .. {diff + diff_hw:+.1f})")
    for team, level in ((0, level_a), (1, level_b)):
        parts = []
        for kind in ("tichu", "grand"):
            made, ok = [0, 0]
            for r in results:
                c = r.calls.get((team, kind), [0, 0])
                made, ok = made + c[0], ok + c[1]
            rate = made / seat_rounds if seat_rounds else 0
            success = f"{ok / made:.0%}" if made else "-"
            parts.append(f"{kind} called {rate:5.1%} of seat-rounds, "
                         f"success {success} ({ok}/{made})")
        if not rules.duel:
            dv = sum(r.double_victories[team] for r in results) / max(1, rounds)
            parts.append(f"double victory {dv:.1%} of deals")
        times = [t for r in results for t in r.times[team]]
        print(f"  {'AB'[team]} {level:7s} " + "; ".join(parts))
        print(f"  {'AB'[team]} {level:7s} decision time p50 {percentile(times, .5) * 1e3:.2f} ms, "
              f"p95 {percentile(times, .95) * 1e3:.2f} ms, "
              f"max {max(times, default=0) * 1e3:.1f} ms over {len(times)} decisions")
    for team, level in ((0, level_a), (1, level_b)):
        calibration(results, team, level)


def calibration(results: list[PairResult], team: int, level: str) -> None:
    """Estimated against realised success of the calls made, by bin of the estimate."""
    notes = [n for r in results for n in r.notes if n["team"] == team]
    for kind in ("tichu", "grand"):
        calls = [n for n in notes if n["kind"] == kind and n["called"]]
        decided = sum(1 for n in notes if n["kind"] == kind)
        simulated = sum(1 for n in notes if n["kind"] == kind and n["simulated"])
        print(f"  {'AB'[team]} {level:7s} {kind} calibration: {len(calls)} calls of {decided} "
              f"decisions ({simulated} simulated)")
        if not calls:
            continue
        print("      estimated   calls  mean est.  realised")
        for b in range(BINS):
            low, high = b / BINS, (b + 1) / BINS
            chunk = [n for n in calls if low <= n["chance"] < high or (b == BINS - 1
                                                                       and n["chance"] >= 1)]
            if chunk:
                est = statistics.fmean(n["chance"] for n in chunk)
                real = statistics.fmean(n["success"] for n in chunk)
                print(f"      {low:4.0%}-{high:4.0%}  {len(chunk):6d}  {est:8.1%}  {real:8.1%}")
        est = statistics.fmean(n["chance"] for n in calls)
        real = statistics.fmean(n["success"] for n in calls)
        print(f"      all        {len(calls):6d}  {est:8.1%}  {real:8.1%}")


def run_match(args) -> list[PairResult]:
    """Every pair, in order; with --progress N, the figures so far every N pairs."""
    rules = RuleSet(Variant(args.rules), args.target)
    match = match_of(args)
    deals = range(args.seed, args.seed + args.pairs)
    done = read_results(args.results, match) if args.results else {}
    results = [done[deal] for deal in deals if deal in done]
    if results:
        print(f"{len(results)} of {args.pairs} pairs read from {args.results}", file=sys.stderr)
    jobs = [(rules, deal, args.a, args.b) for deal in deals if deal not in done]
    start = time.perf_counter()
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    log = args.calls_log.open("w", encoding="utf-8") if args.calls_log else None
    kept = args.results.open("a", encoding="utf-8") if args.results else None
    try:
        for result in results:
            if log:
                log_calls(log, result, args.a, args.b)
        pairs = pool.map(play_pair, jobs) if pool else map(play_pair, jobs)
        for job, result in zip(jobs, pairs, strict=True):
            results.append(result)
            if kept:
                kept.write(result_line(match, job[1], result))
                kept.flush()
            if log:
                log_calls(log, result, args.a, args.b)
            if args.progress and len(results) % args.progress == 0 and len(results) < args.pairs:
                report(results, args.a, args.b, rules, time.perf_counter() - start)
                sys.stdout.flush()
    finally:
        if pool:
            pool.shutdown()
        for out in (log, kept):
            if out:
                out.close()
    return results


# --- side by side with the code of another commit (--against) --------------------------


def timed_games(package, variant: str, target: int, deals: range, level_a: str, level_b: str
                ) -> dict:
    """Both tables of each deal, played with the engine and bots of ``package``; team A's
    awaited decisions timed in CPU seconds, and each game's scores (to hold the engines
    to the same games)."""
    bots = importlib.import_module(f"{package.__name__}.bots")
    arena = importlib.import_module(f"{package.__name__}.bots.arena")
    search = importlib.import_module(f"{package.__name__}.bots.search")
    rules = package.RuleSet(package.Variant(variant), target)

    def bot(level: str, seed: int):
        base, _, samples = level.partition("@")
        return search.SearchBot(seed, samples=int(samples)) if samples else bots.make_bot(
            base, seed)
    times, scores = [], []
    for deal in deals:
        for table in (0, 1):
            team_a = {s for s in range(rules.seats) if rules.team_of(s) == table}
            seated = [bot(level_a if s in team_a else level_b, bot_seed(deal, s, table))
                      for s in range(rules.seats)]
            timings = arena.Timings(time.process_time)
            game = arena.play_game(rules, deal, seated, timings)
            times += [t for s in sorted(team_a) for t in timings.per_seat[s]]
            scores.append([list(r.total) for r in game.history])
    return {"times": times, "scores": scores}


def against(args) -> int:
    """``--repeat`` repetitions; in each, one fresh process per engine (its caches cold,
    as a new host's bot worker's), the order alternating; team A's decision times."""
    worker = ["--a", args.a, "--b", args.b, "--pairs", str(args.pairs), "--seed", str(args.seed),
              "--rules", args.rules, "--target", str(args.target)]
    runs, same = beside(__file__, args.against, worker, args.repeat, "scores")
    print(f"{args.rules} to {args.target}: A={args.a} vs B={args.b}, {args.pairs} duplicate "
          f"pairs from deal {args.seed}, {args.repeat} interleaved repetitions, CPU time of A's "
          f"awaited decisions; the same games on both: {'yes' if same else 'NO'}")
    medians = {}
    for name, rs in runs.items():
        p95 = [percentile(r["times"], .95) * 1e3 for r in rs]
        medians[name] = statistics.median(p95)
        print(f"  {name:8} p50 {median_and_range([percentile(r['times'], .5) * 1e3 for r in rs])}"
              f" ms, p95 {median_and_range(p95)} ms, all {len(rs[0]['times'])} decisions "
              f"{median_and_range([sum(r['times']) for r in rs])} s, peak memory "
              f"{median_and_range([r['max_rss_kib'] / 1024 for r in rs])} MiB")
    print(f"  p95 {medians[args.against] / medians['now']:.2f} times lower now")
    return 0 if same else 1


def log_calls(out, result: PairResult, level_a: str, level_b: str) -> None:
    """The pair's call decisions, one JSON object a line, as soon as the pair is played."""
    for note in result.notes:
        out.write(json.dumps({"level": (level_a, level_b)[note["team"]], **note}) + "\n")
    out.flush()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    known = ", ".join(levels() + reference_levels())
    parser.add_argument("--a", default="normal", type=level_name,
                        help=f"team A's level: {known}, or hard@N (N samples per play)")
    parser.add_argument("--b", default="random", type=level_name, help="team B's level")
    parser.add_argument("--pairs", type=int, default=200, help="duplicate pairs of games")
    parser.add_argument("--rules", default="classic", choices=[v.value for v in Variant])
    parser.add_argument("--target", type=int, default=CLASSIC.target, help="game target score")
    parser.add_argument("--seed", type=int, default=1, help="first deal seed")
    parser.add_argument("--jobs", type=int, default=1, help="pairs played in parallel")
    parser.add_argument("--progress", type=int, default=0, metavar="N",
                        help="print the figures so far every N pairs")
    parser.add_argument("--calls-log", type=Path, metavar="FILE",
                        help="write every call decision, one JSON object a line")
    parser.add_argument("--results", type=Path, metavar="FILE",
                        help="keep each pair's result here and play only the pairs it lacks")
    parser.add_argument("--against", metavar="COMMIT",
                        help="time team A's decisions beside the code of COMMIT, which must "
                        "play the same games (e.g. 35d3288)")
    parser.add_argument("--repeat", type=int, default=5,
                        help="with --against: interleaved repetitions")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.pairs < 1 or args.jobs < 1:
        parser.error("--pairs and --jobs must be at least 1")
    if args.worker:
        package = engine if args.worker == "now" else package_at(args.worker, "engine")
        deals = range(args.seed, args.seed + args.pairs)
        played = timed_games(package, args.rules, args.target, deals, args.a, args.b)
        played["max_rss_kib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print(json.dumps(played))
        return 0
    if args.against:
        return against(args)
    start = time.perf_counter()
    try:
        results = run_match(args)
    except ResultsMismatch as error:
        parser.error(str(error))
    report(results, args.a, args.b, RuleSet(Variant(args.rules), args.target),
           time.perf_counter() - start)
    return 0


if __name__ == "__main__":
    sys.exit(main())
