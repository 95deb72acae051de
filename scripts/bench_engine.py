#!/usr/bin/env python3
"""Engine speed: random self-play rounds per second, and legal-play enumeration times.

Run with the project's environment:  .venv/bin/python scripts/bench_engine.py
Everything runs in this one process (one core); seeds are fixed so runs compare.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine import CLASSIC, DUEL, Discard, Exchange, Pass, Play, RuleSet, apply, new_game, options
from engine import legal_plays, readings, waiting_for
from engine.cards import PHOENIX_ID, cards_of, mask_of
from engine.combos import Kind, as_played
from engine.plays import clear_caches


def random_round(rules: RuleSet, seed: int) -> int:
    """Play round 1 of a game with uniformly random legal actions; returns the action count."""
    rng = random.Random(seed)
    game = new_game(rules, seed)
    actions = 0
    while game.round_no == 1 and not game.over:
        seat = waiting_for(game)[0]
        opts = options(game, seat)
        if opts.exchange:
            hand = [int(c) for c in cards_of(game.round.hands[seat])]
            action = Exchange(seat, tuple(rng.sample(hand, 3)))
        elif opts.discard:
            action = Discard(seat, mask_of(rng.sample(cards_of(game.round.hands[seat]), 3)))
        elif opts.plays or opts.can_pass:
            pick = rng.randrange(len(opts.plays) + opts.can_pass)
            if pick == len(opts.plays):
                action = Pass(seat)
            else:
                combo = opts.plays[pick]
                action = Play(seat, combo.cards, combo.phoenix_as)
        else:
            action = rng.choice(opts.actions(seat, game.round.hands[seat]))
        game, _ = apply(game, action)
        actions += 1
    return actions


def rounds_per_second(rules: RuleSet, rounds: int) -> tuple[float, float]:
    clear_caches()
    start = time.perf_counter()
    actions = sum(random_round(rules, seed) for seed in range(rounds))
    elapsed = time.perf_counter() - start
    return rounds / elapsed, actions / rounds


def phoenix_hands(count: int, rng: random.Random) -> list[int]:
    """14-card hands that hold the Phoenix."""
    others = [c for c in range(56) if c != PHOENIX_ID]
    return [mask_of(rng.sample(others, 13)) | 1 << PHOENIX_ID for _ in range(count)]


def random_top(hand: int, rng: random.Random, rules: RuleSet):
    """A combination of a common kind made from cards outside ``hand``."""
    rest = [c for c in range(56) if not hand >> c & 1]
    while True:
        size = rng.choice([1, 1, 1, 2, 2, 3, 4, 5, 5, 6])
        found = readings(mask_of(rng.sample(rest, size)), rules)
        if found and found[0].kind not in (Kind.DOG,):
            return as_played(found[0], None)


def enumeration_times(rules: RuleSet, count: int, leading: bool) -> list[float]:
    rng = random.Random(1)
    hands = phoenix_hands(count, rng)
    tops = [None if leading else random_top(h, rng, rules) for h in hands]
    times = []
    for hand, top in zip(hands, tops):
        clear_caches()
        start = time.perf_counter()
        legal_plays(rules, hand, top, my_turn=True)
        times.append(time.perf_counter() - start)
    return times


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000, help="random rounds per rule set")
    parser.add_argument("--hands", type=int, default=5000, help="hands per enumeration test")
    args = parser.parse_args()
    for rules in (CLASSIC, DUEL):
        rate, per_round = rounds_per_second(rules, args.rounds)
        print(f"{rules.variant.value:8} random self-play: {rate:8.0f} rounds/s "
              f"({per_round:.0f} actions per round, {args.rounds} rounds)")
        for leading in (True, False):
            times = enumeration_times(rules, args.hands, leading)
            print(f"{rules.variant.value:8} enumerate, 14 cards with Phoenix, "
                  f"{'leading  ' if leading else 'following'}: "
                  f"median {statistics.median(times) * 1e6:6.1f} us, "
                  f"p99 {percentile(times, 0.99) * 1e6:6.1f} us")


if __name__ == "__main__":
    main()
