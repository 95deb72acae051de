"""The simulation path (`Playout`) against the pure engine: the same round after every step,
from the deal to the score."""

import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (CLASSIC, DUEL, CollectTrick, Discard, Draft, Exchange, GiveDragon, GrandTichu,
                    Kind, Pass, Play, RuleSet, Wish, apply, new_game, waiting_for)
from engine.cards import cards_of, mask_of
from engine.call_windows import grand_window_open
from engine.deal import do_discard, do_draft, do_exchange, do_grand_tichu
from engine.seat_options import WISH_CHOICES
from engine.tricks import do_collect, do_give_dragon, do_pass, do_play, do_wish, seat_plays
from engine.simulation import Playout
from engine.state import Phase

from tests.support.random_games import random_action

from .scenario import position

RULES = st.sampled_from([RuleSet(target=400), RuleSet("duel", target=400)])


def dealt(rules: RuleSet, seed: int):
    """A random game's first round at its first lead, set up by random legal actions."""
    rng = random.Random(seed)
    game = new_game(rules, seed)
    while game.round.phase is not Phase.PLAY:
        seat = Playout(game.round).awaited
        game, _ = apply(game, random_action(game, seat, rng))
    return game.round


def set_up_both(state, playout, rng):
    """One random legal set-up step taken by both paths."""
    seat = playout.awaited
    hand = [int(c) for c in cards_of(state.hands[seat])]
    if state.phase is Phase.GRAND:
        call = rng.random() < 0.2
        playout.decide_grand(seat, call)
        return do_grand_tichu(state, GrandTichu(seat, call))[0]
    if state.phase is Phase.EXCHANGE:
        gifts = tuple(rng.sample(hand, 3))
        playout.give(seat, gifts)
        return do_exchange(state, Exchange(seat, gifts))[0]
    if state.phase is Phase.DISCARD:
        if grand_window_open(state) and rng.random() < 0.2:
            playout.decide_grand(seat, True)
            return do_grand_tichu(state, GrandTichu(seat, True))[0]
        cards = mask_of(rng.sample(hand, 3))
        playout.discard(seat, cards)
        return do_discard(state, Discard(seat, cards))[0]
    take = rng.random() < 0.5
    playout.take_draft(take)
    return do_draft(state, Draft(seat, take))[0]


def step_both(state, playout, rng):
    """One random legal step (sometimes a bystander's bomb) taken by both paths."""
    if state.phase in (Phase.GRAND, Phase.EXCHANGE, Phase.DISCARD, Phase.DRAFT):
        return set_up_both(state, playout, rng)
    if state.phase is Phase.WISH:
        rank = rng.choice(WISH_CHOICES)
        playout.name_wish(rank)
        return do_wish(state, Wish(state.decider, rank))[0]
    if state.phase is Phase.DRAGON:
        to = rng.choice(((state.decider + 1) % 4, (state.decider + 3) % 4))
        playout.give_dragon(to)
        return do_give_dragon(state, GiveDragon(state.decider, to))[0]
    if state.phase is Phase.COLLECT:
        return window_both(state, playout, rng)
    seat = state.turn
    bystander = rng.randrange(state.seats)
    bombs = [c for c in seat_plays(state, bystander)[0] if c.kind == Kind.BOMB]
    if bystander != seat and bombs and rng.random() < 0.3:
        seat, plays, can_pass = bystander, bombs, False
    else:
        plays, can_pass = seat_plays(state, seat)
    pick = rng.randrange(len(plays) + can_pass)
    if pick == len(plays):
        playout.pass_turn()
        return do_pass(state, Pass(seat))[0]
    combo = plays[pick]
    playout.play(seat, combo)
    return do_play(state, Play(seat, combo.cards, combo.phoenix_as))[0]


def window_both(state, playout, rng):
    """While a won trick waits: half the time a bomb on it, if any seat holds one, else its
    collection, by both paths."""
    bombs = [(seat, combo) for seat in range(state.seats) for combo in seat_plays(state, seat)[0]]
    if bombs and rng.random() < 0.5:
        seat, combo = rng.choice(bombs)
        playout.play(seat, combo)
        return do_play(state, Play(seat, combo.cards, combo.phoenix_as))[0]
    playout.collect()
    return do_collect(state, CollectTrick(state.top_seat))[0]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(RULES, st.integers(0, 10**6))
def test_a_playout_is_the_pure_round_after_every_step(rules, seed):
    rng = random.Random(seed)
    state = new_game(rules, seed).round
    playout = Playout(state)
    while state.phase is not Phase.OVER:
        for seat in range(rules.seats):
            assert playout.plays(seat) == seat_plays(state, seat)
        assert playout.awaited in (waiting_for_round(state) or (-1,))
        state = step_both(state, playout, rng)
        assert playout.to_round() == state
    assert playout.phase is Phase.OVER and playout.result == state.result


def waiting_for_round(state):
    return waiting_for(replace(new_game(state.rules), round=state))


def test_many_random_rounds_agree_in_both_rule_sets():
    """A deterministic sweep on top of hypothesis' examples, so every run covers both."""
    for rules in (CLASSIC, DUEL):
        for seed in range(15):
            rng = random.Random(seed)
            state = new_game(rules, seed).round
            playout = Playout(state)
            while state.phase is not Phase.OVER:
                state = step_both(state, playout, rng)
            assert playout.to_round() == state


def test_a_playout_may_start_in_the_middle_of_play():
    rng = random.Random(5)
    state = dealt(CLASSIC, 5)
    for _ in range(12):
        state = step_both(state, Playout(state), rng)
    playout = Playout(state)
    while state.phase is not Phase.OVER:
        state = step_both(state, playout, rng)
        assert playout.to_round() == state


def test_a_copy_goes_its_own_way():
    state = dealt(CLASSIC, 3)
    playout = Playout(state)
    twin = playout.copy()
    plays, _ = twin.plays()
    twin.play(twin.turn, plays[0])
    assert playout.to_round() == state
    assert twin.to_round() != state


def test_the_dog_passes_the_lead_to_the_partner_or_past_him_when_he_is_out():
    game = position(["DG 3j", "4j 5j", "", "6j 7j"], turn=0, out=(2,))
    playout = Playout(game.round)
    dog = next(c for c in playout.plays()[0] if c.kind == Kind.DOG)
    playout.play(0, dog)
    assert playout.turn == 3 and playout.top is None
