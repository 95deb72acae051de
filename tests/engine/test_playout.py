"""The simulation path (`Playout`) against the pure engine: the same round after every step."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import CLASSIC, DUEL, GiveDragon, Kind, Pass, Play, RuleSet, Wish, apply, new_game
from engine.options import WISH_CHOICES
from engine.play import do_give_dragon, do_pass, do_play, do_wish, seat_plays
from engine.playout import Playout
from engine.state import Phase

from .scenario import position
from .test_random_games import random_action

RULES = st.sampled_from([RuleSet(target=400), RuleSet("duel", target=400)])


def dealt(rules: RuleSet, seed: int):
    """A round of a random game at its first lead, set up by random legal actions."""
    rng = random.Random(seed)
    game = new_game(rules, seed)
    while game.round.phase is not Phase.PLAY:
        seat = next(s for s in range(rules.seats) if _awaits(game.round, s))
        game, _ = apply(game, random_action(game, seat, rng))
    return game.round


def _awaits(state, seat) -> bool:
    if state.phase is Phase.GRAND:
        return not state.grand_decided[seat]
    if state.phase is Phase.EXCHANGE:
        return state.exchange[seat] is None
    if state.phase is Phase.DISCARD:
        return not state.discards[seat]
    return seat == state.drafter


def step_both(state, playout, rng):
    """One random legal step (sometimes a bystander's bomb) taken by both paths."""
    if state.phase is Phase.WISH:
        rank = rng.choice(WISH_CHOICES)
        playout.name_wish(rank)
        return do_wish(state, Wish(state.decider, rank))[0]
    if state.phase is Phase.DRAGON:
        to = rng.choice(((state.decider + 1) % 4, (state.decider + 3) % 4))
        playout.give_dragon(to)
        return do_give_dragon(state, GiveDragon(state.decider, to))[0]
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


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(RULES, st.integers(0, 10**6))
def test_a_playout_is_the_pure_round_after_every_step(rules, seed):
    rng = random.Random(seed)
    state = dealt(rules, seed)
    playout = Playout(state)
    while state.phase is not Phase.OVER:
        for seat in range(rules.seats):
            assert playout.plays(seat) == seat_plays(state, seat)
        assert playout.awaited == (state.turn if state.phase is Phase.PLAY else state.decider)
        state = step_both(state, playout, rng)
        assert playout.to_round() == state
    assert playout.phase is Phase.OVER and playout.result == state.result


def test_many_random_rounds_agree_in_both_rule_sets():
    """A deterministic sweep on top of hypothesis' examples, so every run covers both."""
    for rules in (CLASSIC, DUEL):
        for seed in range(15):
            rng = random.Random(seed)
            state = dealt(rules, seed)
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


@pytest.mark.parametrize("phase_rules", [CLASSIC, DUEL])
def test_a_playout_starts_only_once_cards_are_played(phase_rules):
    with pytest.raises(ValueError, match="once cards are played"):
        Playout(new_game(phase_rules, 1).round)
