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

from engine import (CLASSIC, DUEL, Discard, Draft, Exchange, GiveDragon, GrandTichu, Pass, Phase,
                    Play, RoundResult, RuleSet, Wish, apply, legal_plays, new_game, options,
                    readings, trick_to_collect, waiting_for)
from engine.cards import PHOENIX_ID, cards_of, mask_of
from engine.combos import Kind, as_played
from engine.game import first_round
from engine.seat_options import WISH_CHOICES
from engine.simulation import Playout
from engine.enumeration import clear_caches


def random_round(rules: RuleSet, seed: int, rng: random.Random) -> tuple[int, RoundResult]:
    """Round 1 of game ``seed`` played with uniformly random legal actions drawn from ``rng``,
    every one asked of `options` and applied (so checked) by `apply`; returns the action
    count and the result."""
    game = new_game(rules, seed)
    actions = 0
    while game.round_no == 1 and not game.over:
        collect = trick_to_collect(game)     # a won trick waits: no bomb on it, collect it
        if collect is not None:
            game, _ = apply(game, collect)
            actions += 1
            continue
        seat = waiting_for(game)[0]
        opts = options(game, seat)
        hand = game.round.hands[seat]
        if opts.decline_grand:
            action = GrandTichu(seat, rng.choice((True, False)))
        elif opts.exchange:
            action = Exchange(seat, tuple(rng.sample(card_ids(hand), 3)))
        elif opts.discard:
            action = Discard(seat, mask_of(rng.sample(card_ids(hand), 3)))
        elif opts.draft:
            action = Draft(seat, rng.choice((True, False)))
        elif opts.plays or opts.can_pass:
            pick = int(rng.random() * (len(opts.plays) + opts.can_pass))
            if pick == len(opts.plays):
                action = Pass(seat)
            else:
                combo = opts.plays[pick]
                action = Play(seat, combo.cards, combo.phoenix_as)
        elif opts.wish:
            action = Wish(seat, rng.choice(WISH_CHOICES))
        else:
            action = GiveDragon(seat, rng.choice(opts.dragon_to))
        game, _ = apply(game, action)
        actions += 1
    return actions, game.history[0]


def random_playout(rules: RuleSet, seed: int, rng: random.Random) -> tuple[int, RoundResult]:
    """The same round on the simulation path: a `Playout` from the deal to the score.

    Every choice is drawn as in `random_round`, so from equal ``rng`` both play the very
    same round; returns the action count and the round's result."""
    playout = Playout(first_round(rules, seed))
    actions = 0
    while playout.phase is not Phase.PLAY:
        seat = playout.awaited
        hand = playout.hands[seat]
        if playout.phase is Phase.GRAND:
            playout.decide_grand(seat, rng.choice((True, False)))
        elif playout.phase is Phase.EXCHANGE:
            playout.give(seat, tuple(rng.sample(card_ids(hand), 3)))
        elif playout.phase is Phase.DISCARD:
            playout.discard(seat, mask_of(rng.sample(card_ids(hand), 3)))
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
            playout.name_wish(rng.choice(WISH_CHOICES))
        else:
            seat = playout.decider
            playout.give_dragon(rng.choice(((seat + 1) % 4, (seat + 3) % 4)))
        actions += 1
        phase = playout.phase
    return actions, playout.result


def card_ids(hand: int) -> list[int]:
    return [int(card) for card in cards_of(hand)]


def rounds_per_second(rules: RuleSet, rounds: int, simulate: bool) -> tuple[float, float]:
    """Rounds per second and actions per round, over the deals of seeds 0 .. rounds-1."""
    play_round = random_playout if simulate else random_round
    rng = random.Random(0)
    clear_caches()
    start = time.perf_counter()
    actions = sum(play_round(rules, seed, rng)[0] for seed in range(rounds))
    elapsed = time.perf_counter() - start
    return rounds / elapsed, actions / rounds


def same_rounds(rules: RuleSet, rounds: int) -> bool:
    """Whether both paths play the same rounds to the same results (they draw alike)."""
    return all(random_round(rules, seed, random.Random(seed))
               == random_playout(rules, seed, random.Random(seed)) for seed in range(rounds))


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


def enumeration_times(rules: RuleSet, count: int, leading: bool) -> tuple[list[float], list[float]]:
    """Per hand, the fastest of three timings (what the enumeration costs, without the
    pauses a shared machine puts into single runs of some tens of microseconds), and
    the first timing alone."""
    rng = random.Random(1)
    hands = phoenix_hands(count, rng)
    tops = [None if leading else random_top(h, rng, rules) for h in hands]
    fastest, first = [], []
    for hand, top in zip(hands, tops, strict=True):
        runs = []
        for _ in range(3):
            clear_caches()
            start = time.perf_counter()
            legal_plays(rules, hand, top, my_turn=True)
            runs.append(time.perf_counter() - start)
        fastest.append(min(runs))
        first.append(runs[0])
    return fastest, first


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000, help="random rounds per rule set")
    parser.add_argument("--hands", type=int, default=5000, help="hands per enumeration test")
    parser.add_argument("--repeat", type=int, default=3, help="runs of the self-play figures")
    args = parser.parse_args()
    for rules in (CLASSIC, DUEL):
        if not same_rounds(rules, 200):
            raise SystemExit(f"{rules.variant.value}: the playout and apply paths disagree")
        for simulate, path in ((False, "apply  "), (True, "playout")):
            rates = sorted(rounds_per_second(rules, args.rounds, simulate)[0]
                           for _ in range(args.repeat))
            per_round = rounds_per_second(rules, 50, simulate)[1]
            print(f"{rules.variant.value:8} random self-play, {path}: "
                  f"{statistics.median(rates):8.0f} rounds/s (median of {args.repeat}; "
                  f"{rates[0]:.0f} to {rates[-1]:.0f}; {per_round:.0f} actions per round, "
                  f"{args.rounds} rounds)")
        for leading in (True, False):
            times, single = enumeration_times(rules, args.hands, leading)
            print(f"{rules.variant.value:8} enumerate, 14 cards with Phoenix, "
                  f"{'leading  ' if leading else 'following'}: "
                  f"median {statistics.median(times) * 1e6:6.1f} us, "
                  f"p99 {percentile(times, 0.99) * 1e6:6.1f} us "
                  "(fastest of 3 per hand; single runs: "
                  f"p99 {percentile(single, 0.99) * 1e6:.1f} us)")


if __name__ == "__main__":
    main()
