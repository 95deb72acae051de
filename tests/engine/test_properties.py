"""Invariants over random games (hypothesis picks the seeds and the moves)."""

import random
from functools import partial

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (CLASSIC, DUEL, CollectTrick, Kind, Pass, Play, RuleSet, action_from_dict, apply,
                    event_from_dict, options, options_for_view, points, readings,
                    replay, spectator_view, trick_to_collect, view, view_from_dict, view_to_dict)
from engine.cards import FULL_DECK, cards_of, mask_of, parse_card
from engine.combos import as_played
from engine.errors import IllegalAction
from engine.plays_now import play_key
from engine.state import Phase, TrickEntry, next_in

from tests.support.random_games import accounted, bold_action, play

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
RULES = st.sampled_from([RuleSet(target=400), RuleSet("duel", target=400)])


def play_out(rules, seed, steps=10_000, on_step=None):
    """A random game with bombs out of turn thrown in, checked at every move by the kit;
    ``on_step`` sees each move as (before, action, after, events). Returns the game and its
    moves. Random players score slowly: seed 234 of classic to 400 takes 24 rounds and 3092
    moves, so the bound is well above that."""
    return play(rules, seed, bold_action, limit=steps,
                watch=(lambda step: on_step(*step)) if on_step else None)


@SETTINGS
@given(RULES, st.integers(0, 10**6))
def test_random_games_end_keep_every_card_and_replay_exactly(rules, seed):
    def check(before, action, after, events):
        assert action_from_dict(action.to_dict()) == action
        for event in events:
            assert event_from_dict(event.to_dict()) == event
    game, log = play_out(rules, seed, on_step=check)
    assert game.over
    assert replay(rules, seed, log) == game
    for result in game.history:
        if not rules.duel and result.double_victory < 0:
            assert sum(result.card_points) == 100
        if result.double_victory >= 0:
            assert sorted(result.card_points) == [0, 200]


def _mentioned(data) -> int:
    """Every card a view's dict names anywhere."""
    mask = 0
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("cards", "hand", "my_exchange", "received", "my_discard", "played_cards",
                       "draft", "draft_card"):
                mask |= _cards_in(value)
            else:
                mask |= _mentioned(value)
    elif isinstance(data, list):
        for item in data:
            mask |= _mentioned(item)
    return mask


def _cards_in(value) -> int:
    if isinstance(value, str):
        return 1 << parse_card(value)
    if isinstance(value, list):
        return sum({_cards_in(v) for v in value if not isinstance(v, bool)})
    return 0


def _hidden_from(state, seat) -> int:
    """Cards somewhere ``seat`` cannot see: other hands, others' discards, the unused cards,
    the undealt and unturned cards."""
    hidden = state.set_aside & ~state.played_cards
    for other in range(state.seats):
        if other != seat:
            hidden |= state.hands[other]
            if state.second_deal:
                hidden |= state.second_deal[other]
    if seat >= 0 and state.second_deal:
        hidden |= state.second_deal[seat]
    if state.phase in (Phase.DISCARD, Phase.DRAFT):
        hidden |= mask_of(state.draft_cards)
    if seat >= 0 and state.discards:
        hidden &= ~state.discards[seat]
    return hidden


def _known_to(state, seat) -> int:
    """Hidden-elsewhere cards the seat legitimately saw: what it gave and received in the
    exchange, the turned draft cards."""
    known = mask_of(step.card for step in state.draft)
    if state.phase is Phase.DRAFT:
        known |= 1 << state.draft_cards[len(state.draft)]
    if seat >= 0 and state.exchange:
        known |= mask_of(state.exchange[seat] or ()) | mask_of(state.received[seat] or ())
    return known


@SETTINGS
@given(RULES, st.integers(0, 10**6))
def test_a_view_never_shows_another_seats_hidden_cards(rules, seed):
    def check(before, action, after, events):
        state = after.round
        for seat in list(range(rules.seats)) + [-1]:
            v = view(after, seat) if seat >= 0 else spectator_view(after)
            data = view_to_dict(v)
            leaked = _mentioned(data) & _hidden_from(state, seat) & ~_known_to(state, seat)
            assert not leaked, (seat, cards_of(leaked))
            assert view_from_dict(data) == v
            if seat >= 0:
                assert v.hand == state.hands[seat]
                assert options_for_view(v) == options(after, seat)
            else:
                assert v.hand == 0
    play_out(rules, seed, steps=400, on_step=check)


@SETTINGS
@given(RULES, st.integers(0, 10**6), st.integers(0, 10**6))
def test_validation_agrees_with_enumeration_in_real_positions(rules, seed, pick):
    rng = random.Random(pick)
    positions = []

    def collect(before, action, after, events):
        if after.round.phase in (Phase.PLAY, Phase.COLLECT) and rng.random() < 0.3:
            positions.append(after)
    play_out(rules, seed, steps=300, on_step=collect)
    for game in positions[:6]:
        for seat in range(rules.seats):
            opts = options(game, seat)
            enumerated = opts.plays
            keys = {play_key(c) for c in enumerated}
            try:
                apply(game, Pass(seat))
            except IllegalAction:
                assert not opts.can_pass
            else:
                assert opts.can_pass
            for combo in enumerated:
                apply(game, Play(seat, combo.cards, combo.phoenix_as))      # must not raise
            hand = list(cards_of(game.round.hands[seat]))
            for _ in range(40 if hand else 0):
                chosen = mask_of(rng.sample(hand, rng.randint(1, min(6, len(hand)))))
                try:
                    _, events = apply(game, Play(seat, chosen))
                except IllegalAction:
                    legal_readings = [as_played(r, game.round.top) for r in readings(chosen, rules)]
                    assert not any(play_key(r) in keys for r in legal_readings), chosen
                else:
                    assert play_key(events[0].combo) in keys


def test_hypothesis_random_games_cover_both_rule_sets():
    for rules in (CLASSIC, DUEL):
        game, log = play_out(rules, 1)
        assert game.over and log


def _refused(game, action) -> bool:
    try:
        apply(game, action)
    except IllegalAction:
        return True
    return False


def _check_window(before, action, after, events, seen):
    """The window after a trick's last needed pass, step by step (see the test below)."""
    state, prior = after.round, before.round
    rules = after.rules
    collect = trick_to_collect(after)
    for seat in range(rules.seats):
        assert _refused(after, CollectTrick(seat)) != (collect is not None and seat == collect.seat)
    if state.phase is Phase.COLLECT and prior.phase is not Phase.COLLECT:
        assert isinstance(action, Pass) and not options(after, action.seat).waiting
        last = max(i for i, e in enumerate(state.trick) if e.combo is not None)
        passers = {e.seat for e in state.trick[last + 1:]}
        assert passers >= {s for s, hand in enumerate(state.hands)
                           if hand and s != state.top_seat}
        seen.add("window")
    if prior.phase is Phase.COLLECT and isinstance(action, Play):
        assert events[0].bomb_out_of_turn and events[0].combo.kind == Kind.BOMB
        if after.round_no == before.round_no:
            assert state.phase is Phase.PLAY and state.top_seat == action.seat
            assert state.top.cards == action.cards
            assert state.trick == prior.trick + (TrickEntry(action.seat, state.top),)
            assert state.trick_cards == prior.trick_cards | action.cards
            assert state.turn == next_in(state.hands, action.seat) and state.passes == 0
        seen.add("bomb")
    if isinstance(action, CollectTrick):
        won = sum(w.bit_count() for w in state.won) - sum(w.bit_count() for w in prior.won)
        if state.phase is Phase.DRAGON:
            assert won == 0 and state.trick == prior.trick and state.decider == action.seat
        else:
            assert won == prior.trick_cards.bit_count() and state.trick == ()
            assert sum(points(w) for w in state.won) == (sum(points(w) for w in prior.won)
                                                         + points(prior.trick_cards))
        seen.add("collect")
    assert accounted(state) == FULL_DECK


@SETTINGS
@given(RULES, st.integers(0, 10**6))
def test_a_trick_is_collected_only_while_it_waits_and_a_bomb_in_its_window_reopens_play(
        rules, seed):
    seen: set[str] = set()
    game, log = play_out(rules, seed, steps=1500,
                         on_step=lambda *step: _check_window(*step, seen))
    assert {"window", "collect"} <= seen
    assert replay(rules, seed, log) == game


def test_the_window_checks_meet_bombs_in_both_rule_sets():
    for rules in (CLASSIC, DUEL):
        seen: set[str] = set()
        play_out(rules, 3, steps=3000, on_step=partial(_check_window, seen=seen))
        assert seen == {"window", "bomb", "collect"}
