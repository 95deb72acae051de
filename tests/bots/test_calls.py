"""Calls decided by simulation (the search bot) and by the call model (the heuristic
levels): reproducible, on the same deals for both choices, from deals consistent with
the seat's view, and sensible on hands whose answer is plain."""

import random
from dataclasses import replace

import pytest

from engine import CLASSIC, DUEL, CallTichu, GrandTichu, apply, new_game, view
from engine.bots import TimeCap, call_search, make_bot
from engine.bots.call_model import FITTED
from engine.bots.call_search import CallSearch, plausible_callers
from engine.bots.memory import Memory
from engine.bots.setup_deal import sample_setup
from engine.cards import FULL_DECK
from engine.simulation import Playout
from engine.state import Call, Phase

from .tables import dealt_with
from .test_levels import Counting

MONSTER = "DR PH Aj As Ap Ar Kj Ks"           # a bomb of aces, the Dragon and the Phoenix
WEAK = "2j 3s 4p 6r 7j 8s 9p Jr"


def grand_view(cards, rules=CLASSIC, seed=3):
    return view(dealt_with(rules, seed, 0, cards), 0)


def test_a_monster_calls_grand_tichu_and_a_weak_hand_does_not():
    bot = make_bot("hard", 1)
    assert bot.decide(grand_view(MONSTER)) == GrandTichu(0, True)
    assert make_bot("hard", 1).decide(grand_view(WEAK)) == GrandTichu(0, False)
    notes = bot.call_notes
    assert len(notes) == 1 and notes[0].called and notes[0].simulated
    assert notes[0].chance > 0.6 and notes[0].gain > 0


def test_the_heuristic_levels_call_by_the_model():
    for level in ("normal", "easy"):
        assert make_bot(level, 1).decide(grand_view(MONSTER)) == GrandTichu(0, True)
        assert make_bot(level, 1).decide(grand_view(WEAK)) == GrandTichu(0, False)


def test_a_simulated_decision_is_the_same_under_the_same_seed():
    seen = grand_view("DR Aj As Kj Ks Qp Jr 9j", seed=5)
    first = CallSearch(7, FITTED).decide(seen, Memory(), "grand")
    again = CallSearch(7, FITTED).decide(seen, Memory(), "grand")
    assert first == again and first.samples > 0


def test_both_choices_meet_the_same_deals(monkeypatch):
    met = []
    real = call_search.simulate

    def recording(state, me, my_call, models):
        met.append((state, my_call))
        return real(state, me, my_call, models)
    monkeypatch.setattr(call_search, "simulate", recording)
    decision = CallSearch(2, FITTED).decide(grand_view(MONSTER), Memory(), "grand")
    assert len(met) == 2 * decision.samples
    for (called, call), (passed, no_call) in zip(met[::2], met[1::2], strict=True):
        assert called is passed and (call, no_call) == (Call.GRAND, Call.NONE)
    assert len({id(state) for state, _ in met}) == decision.samples


def test_no_simulation_for_a_hand_the_model_gives_no_chance():
    decision = CallSearch(1, FITTED).decide(grand_view(WEAK), Memory(), "grand")
    assert decision.samples == 0 and not decision.call


@pytest.mark.parametrize("rules", [CLASSIC, DUEL], ids=["classic", "duel"])
def test_set_up_deals_agree_with_the_view(rules):
    game = dealt_with(rules, 4, 0, MONSTER)
    if rules is CLASSIC:                           # seat 1 called Grand Tichu, seat 2 declined
        game = apply(apply(game, GrandTichu(0, False))[0], GrandTichu(1, True))[0]
        game = apply(game, GrandTichu(2, False))[0]
    seen = view(game, 3 if rules is CLASSIC else 0)
    rng = random.Random(1)
    plausible = plausible_callers(FITTED, seen)
    for _ in range(20):
        state = sample_setup(seen, rng, plausible)
        assert state.hands[seen.seat] == seen.hand and state.calls == seen.calls
        dealt = list(state.hands) + list(state.second_deal) + [state.set_aside]
        dealt += [sum(1 << c for c in state.draft_cards)]
        assert sum(m.bit_count() for m in dealt) == 56
        union = 0
        for mask in dealt:
            union |= mask
        assert union == FULL_DECK
        if rules is CLASSIC:
            assert [h.bit_count() for h in state.hands] == [8] * 4
            assert state.grand_decided == (True, True, True, False)
            assert plausible(1, state.hands[1])
        else:
            assert [h.bit_count() for h in state.hands] == [14, 14]
            assert len(state.draft_cards) == 6 and state.set_aside.bit_count() == 22


def test_the_exchange_sample_keeps_the_seat_s_hand():
    game = new_game(CLASSIC, 6)
    for seat in range(4):
        game = apply(game, GrandTichu(seat, False))[0]
    seen = view(game, 2)
    assert seen.phase is Phase.EXCHANGE
    state = sample_setup(seen, random.Random(3), None)
    assert state.hands[2] == seen.hand and all(h.bit_count() == 14 for h in state.hands)
    assert state.exchange == (None,) * 4


def test_a_playout_calls_tichu_as_the_engine_does():
    game = new_game(CLASSIC, 8)
    for seat in range(4):
        game = apply(game, GrandTichu(seat, False))[0]
    for state_game in (game, apply(game, CallTichu(1))[0]):
        playout = Playout(state_game.round)
        playout.call_tichu(3)
        assert playout.to_round() == apply(state_game, CallTichu(3))[0].round


def test_the_heuristic_does_not_call_over_its_partners_call():
    game = dealt_with(CLASSIC, 3, 0, MONSTER)
    for seat in range(4):
        game = apply(game, GrandTichu(seat, False))[0]
    strong = view(game, 0)
    assert make_bot("normal", 1).tichu_chance(strong) >= FITTED.bar(False, "tichu")
    game = apply(game, CallTichu(2))[0]
    bot = make_bot("normal", 1)
    assert not bot.wants_tichu(view(game, 0))
    partnerless = replace(view(game, 0), calls=(Call.NONE,) * 4)
    assert bot.wants_tichu(partnerless)


def test_the_hosts_time_cap_stops_a_call_search_after_the_deal_that_met_it():
    clock = Counting(1.0)
    bot = make_bot("hard", 1, TimeCap(0.5, clock))
    assert isinstance(bot.decide(grand_view(MONSTER)), GrandTichu)
    assert clock.looks == 2                 # the decision's start, then the first deal


def test_a_caller_is_dealt_hands_it_could_have_called_with():
    game = dealt_with(CLASSIC, 9, 0, WEAK)
    for seat in range(4):
        game = apply(game, GrandTichu(seat, False))[0]
    game = apply(game, CallTichu(1))[0]
    seen = view(game, 0)
    plausible = plausible_callers(FITTED, seen)
    rng = random.Random(5)
    with_calls = [sample_setup(seen, rng, plausible).hands[1] for _ in range(30)]
    blind = [sample_setup(seen, rng, None).hands[1] for _ in range(30)]
    assert sum(plausible(1, hand) for hand in with_calls) >= 27
    assert sum(plausible(1, hand) for hand in blind) < 20
