#!/usr/bin/env python3
"""Engine speed, side by side with the engine of another commit: random self-play rounds
per second on the checked path and on the simulation path, legal-play enumeration times,
and the memory one simulation holds.

Run with the project's environment:

    .venv/bin/python scripts/bench_engine.py [--against 35d3288] [--repeat 5] [--rounds 1000]

Both engines run in this one process (one core), in turns: every repetition times each
figure once for each engine, the order alternating, so that the machine's drift (a third
from hour to hour on a shared machine) falls on both alike. Times are CPU time
(`time.process_time`): what other processes take does not count, what they cost the
caches still does. Seeds are fixed, so runs compare.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from tests.support.at_commit import package_at  # noqa: E402

BASELINE = "35d3288"
clock = time.process_time


class Engine:
    """The pieces of one engine package a benchmark uses, found the same way in both."""

    def __init__(self, package: ModuleType, name: str) -> None:
        self.name = name
        self.E = package
        self.first_round = package.game.first_round
        self.Playout = package.simulation.Playout
        self.WISH_CHOICES = package.seat_options.WISH_CHOICES
        self.mask_of, self.cards_of = package.cards.mask_of, package.cards.cards_of
        self.PHOENIX_ID = package.cards.PHOENIX_ID
        self.as_played = package.combos.as_played
        self.clear = getattr(package.enumeration, "clear_caches", lambda: None)

    def rules(self, duel: bool) -> Any:
        return self.E.DUEL if duel else self.E.CLASSIC


def card_ids(e: Engine, hand: int) -> list[int]:
    return [int(card) for card in e.cards_of(hand)]


def random_round(e: Engine, rules: Any, seed: int, rng: random.Random) -> tuple[int, Any]:
    """Round 1 of game ``seed`` played with uniformly random legal actions drawn from ``rng``,
    every one asked of `options` and applied (so checked) by `apply`: what a host does.
    Returns the action count and the result."""
    E = e.E
    # Names bound once, as a module's own imports would be (the loop is the host's).
    apply, options, trick_to_collect, waiting_for = E.apply, E.options, E.trick_to_collect, \
        E.waiting_for
    Play, Pass, random_pick = E.Play, E.Pass, rng.random
    game = E.new_game(rules, seed)
    actions = 0
    while game.round_no == 1 and not game.over:
        collect = trick_to_collect(game)       # a won trick waits: no bomb on it, collect it
        if collect is not None:
            game, _ = apply(game, collect)
            actions += 1
            continue
        seat = waiting_for(game)[0]
        opts = options(game, seat)
        hand = game.round.hands[seat]
        if opts.decline_grand:
            action = E.GrandTichu(seat, rng.choice((True, False)))
        elif opts.exchange:
            action = E.Exchange(seat, tuple(rng.sample(card_ids(e, hand), 3)))
        elif opts.discard:
            action = E.Discard(seat, e.mask_of(rng.sample(card_ids(e, hand), 3)))
        elif opts.draft:
            action = E.Draft(seat, rng.choice((True, False)))
        elif opts.plays or opts.can_pass:
            plays = opts.plays
            pick = int(random_pick() * (len(plays) + opts.can_pass))
            if pick == len(plays):
                action = Pass(seat)
            else:
                combo = plays[pick]
                action = Play(seat, combo.cards, combo.phoenix_as)
        elif opts.wish:
            action = E.Wish(seat, rng.choice(e.WISH_CHOICES))
        else:
            action = E.GiveDragon(seat, rng.choice(opts.dragon_to))
        game, _ = apply(game, action)
        actions += 1
    return actions, game.history[0]


def random_playout(e: Engine, rules: Any, seed: int, rng: random.Random) -> tuple[int, Any]:
    """The same round on the simulation path: a `Playout` from the deal to the score.

    Every choice is drawn as in `random_round`, so from equal ``rng`` both play the very
    same round; returns the action count and the round's result."""
    Phase = e.E.Phase
    playout = e.Playout(e.first_round(rules, seed))
    actions = 0
    while playout.phase is not Phase.PLAY:
        seat = playout.awaited
        hand = playout.hands[seat]
        if playout.phase is Phase.GRAND:
            playout.decide_grand(seat, rng.choice((True, False)))
        elif playout.phase is Phase.EXCHANGE:
            playout.give(seat, tuple(rng.sample(card_ids(e, hand), 3)))
        elif playout.phase is Phase.DISCARD:
            playout.discard(seat, e.mask_of(rng.sample(card_ids(e, hand), 3)))
        else:
            playout.take_draft(rng.choice((True, False)))
        actions += 1
    # Names bound once: enum members and methods are looked up anew at every use.
    over, playing, wish, collecting = Phase.OVER, Phase.PLAY, Phase.WISH, Phase.COLLECT
    random_pick, plays_now = rng.random, playout.plays
    play, pass_turn, collect = playout.play, playout.pass_turn, playout.collect
    phase = playout.phase
    while phase is not over:
        if phase is playing:
            plays, can_pass = plays_now()
            count = len(plays)
            pick = int(random_pick() * (count + can_pass))
            if pick == count:
                pass_turn()
            else:
                play(playout.turn, plays[pick])
        elif phase is collecting:
            collect()
        elif phase is wish:
            playout.name_wish(rng.choice(e.WISH_CHOICES))
        else:
            seat = playout.decider
            playout.give_dragon(rng.choice(((seat + 1) % 4, (seat + 3) % 4)))
        actions += 1
        phase = playout.phase
    return actions, playout.result


PATHS = {"apply": random_round, "playout": random_playout}


def rounds_time(e: Engine, duel: bool, path: str, rounds: int) -> float:
    """CPU seconds for the deals of seeds 0 .. rounds-1 on one path."""
    play_round = PATHS[path]
    rules, rng = e.rules(duel), random.Random(0)
    e.clear()
    start = clock()
    for seed in range(rounds):
        play_round(e, rules, seed, rng)
    return clock() - start


def same_rounds(engines: list[Engine], duel: bool, rounds: int) -> bool:
    """Whether both paths of both engines play the same rounds to the same results."""
    for seed in range(rounds):
        found = {(e.name, path): _plain(PATHS[path](e, e.rules(duel), seed, random.Random(seed)))
                 for e in engines for path in PATHS}
        if len(set(found.values())) != 1:
            return False
    return True


def _plain(outcome: tuple[int, Any]) -> tuple[object, ...]:
    actions, result = outcome
    return (actions, result.out_order, tuple(c.value for c in result.calls), result.card_points,
            result.call_points, result.double_victory)


def phoenix_hands(e: Engine, count: int, rng: random.Random) -> list[int]:
    """14-card hands that hold the Phoenix."""
    others = [c for c in range(56) if c != e.PHOENIX_ID]
    return [e.mask_of(rng.sample(others, 13)) | 1 << e.PHOENIX_ID for _ in range(count)]


def random_top(e: Engine, hand: int, rng: random.Random, rules: Any) -> Any:
    """A combination of a common kind made from cards outside ``hand``."""
    rest = [c for c in range(56) if not hand >> c & 1]
    while True:
        size = rng.choice([1, 1, 1, 2, 2, 3, 4, 5, 5, 6])
        found = e.E.readings(e.mask_of(rng.sample(rest, size)), rules)
        if found and found[0].kind != e.E.Kind.DOG:
            return e.as_played(found[0], None)


def enumeration_time(e: Engine, duel: bool, count: int, leading: bool) -> float:
    """Median CPU microseconds of `legal_plays` over ``count`` fixed 14-card hands with the
    Phoenix: per hand the fastest of five calls, each on emptied caches (a hand's first
    sight, as in a random round; the bots' rollouts meet hands again)."""
    rng = random.Random(1)
    rules = e.rules(duel)
    hands = phoenix_hands(e, count, rng)
    tops = [None if leading else random_top(e, h, rng, rules) for h in hands]
    legal_plays, times = e.E.legal_plays, []
    for hand, top in zip(hands, tops, strict=True):
        runs = []
        for _ in range(5):
            e.clear()
            start = clock()
            legal_plays(rules, hand, top, my_turn=True)
            runs.append(clock() - start)
        times.append(min(runs))
    return statistics.median(times) * 1e6


def simulation_memory(e: Engine, duel: bool, rounds: int) -> tuple[float, float]:
    """Bytes a fresh `Playout` holds (traced allocations while making one, kept alive), and
    the peak of traced memory while one random round is played on it, median over rounds."""
    held, peaks = [], []
    rules = e.rules(duel)
    for seed in range(rounds):
        state = e.first_round(rules, seed)
        rng = random.Random(seed)
        random_playout(e, rules, seed, random.Random(seed))      # warm every cache first
        tracemalloc.start()
        playout = e.Playout(state)
        held.append(tracemalloc.get_traced_memory()[0])
        del playout
        tracemalloc.reset_peak()
        base = tracemalloc.get_traced_memory()[0]
        random_playout(e, rules, seed, rng)
        peaks.append(tracemalloc.get_traced_memory()[1] - base)
        tracemalloc.stop()
    return statistics.median(held), statistics.median(peaks)


def interleaved(engines: list[Engine], repeat: int, measure: Callable[[Engine], float]
                ) -> dict[str, list[float]]:
    """``measure`` for each engine, ``repeat`` times, the order alternating each time."""
    out: dict[str, list[float]] = {e.name: [] for e in engines}
    for k in range(repeat):
        for e in engines if k % 2 == 0 else engines[::-1]:
            out[e.name].append(measure(e))
    return out


def spread(values: list[float]) -> str:
    return f"{min(values):.0f}..{max(values):.0f}"


def report_rates(title: str, engines: list[Engine], seconds: dict[str, list[float]],
                 units: int) -> None:
    """Rates per second (median and range over repetitions), and the ratio of the medians
    with the range of the repetition-by-repetition ratios."""
    old, new = engines[0].name, engines[1].name
    rates = {name: [units / s for s in seconds[name]] for name in seconds}
    ratios = [a / b for a, b in zip(seconds[old], seconds[new], strict=True)]
    print(f"{title:34} {old}: {statistics.median(rates[old]):7.0f}/s ({spread(rates[old])})  "
          f"{new}: {statistics.median(rates[new]):7.0f}/s ({spread(rates[new])})  "
          f"x{statistics.median(rates[new]) / statistics.median(rates[old]):.2f} "
          f"(per repetition x{min(ratios):.2f}..x{max(ratios):.2f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default=BASELINE, help="the commit to compare with")
    parser.add_argument("--rounds", type=int, default=1000, help="random rounds per figure")
    parser.add_argument("--hands", type=int, default=1000, help="hands per enumeration figure")
    parser.add_argument("--repeat", type=int, default=5, help="interleaved repetitions")
    parser.add_argument("--only", choices=["apply", "playout", "enumerate", "memory"],
                        action="append", help="only these figures (default: all)")
    args = parser.parse_args()
    engines = [Engine(package_at(args.against, "engine"), args.against), Engine(engine, "now")]
    only = set(args.only or ["apply", "playout", "enumerate", "memory"])
    print(f"{args.repeat} interleaved repetitions, CPU time; {args.rounds} rounds per figure")
    for duel in (False, True):
        variant = "duel" if duel else "classic"
        if not same_rounds(engines, duel, 100):
            raise SystemExit(f"{variant}: the engines or their paths disagree")
        for path in ("apply", "playout"):
            if path in only:
                seconds = interleaved(engines, args.repeat, partial(
                    rounds_time, duel=duel, path=path, rounds=args.rounds))
                report_rates(f"{variant} {path} rounds", engines, seconds, args.rounds)
        if "enumerate" in only:
            for leading in (True, False):
                times = interleaved(engines, args.repeat, partial(
                    enumeration_time, duel=duel, count=args.hands, leading=leading))
                label = "leading" if leading else "following"
                print(f"{variant} enumerate {label:9} (median us)   " + "  ".join(
                    f"{name}: {statistics.median(t):6.2f} ({min(t):.2f}..{max(t):.2f})"
                    for name, t in times.items()))
        if "memory" in only:
            for e in engines:
                held, peak = simulation_memory(e, duel, 50)
                print(f"{variant} memory {e.name:8}: a Playout holds {held:.0f} B, "
                      f"a random round peaks {peak:.0f} B above it (medians of 50)")


if __name__ == "__main__":
    main()
