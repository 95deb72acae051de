"""The rules a party chooses at a table: a game of a set number of rounds (and the round
more while level), and a game without Grand Tichu (14 cards at once, the same deck)."""

import pytest

from engine import (CLASSIC, DUEL, CallTichu, Discard, GrandTichu, IllegalAction, RuleSet,
                    WrongPhase, apply, new_game, replay)
from engine.cards import mask_of
from engine.game import _winner, waiting_for
from engine.seat_view import options_for_view, view
from engine.state import Call, Phase
from tichu_lan.words.refusals import why_no_grand_tichu

NO_GRAND = RuleSet(grand=False)
FIVE_ROUNDS = RuleSet(rounds=5)


def test_a_game_of_rounds_ends_after_its_last_round_whatever_the_target():
    assert _winner(FIVE_ROUNDS, (1500, 0), 4) == -1
    assert _winner(FIVE_ROUNDS, (300, 200), 5) == 0
    assert _winner(FIVE_ROUNDS, (-100, 20), 5) == 1
    assert _winner(RuleSet(rounds=1), (10, 90), 1) == 1


def test_a_game_of_rounds_level_after_its_last_round_plays_one_more_at_a_time():
    assert _winner(FIVE_ROUNDS, (400, 400), 5) == -1
    assert _winner(FIVE_ROUNDS, (400, 400), 6) == -1
    assert _winner(FIVE_ROUNDS, (500, 400), 6) == 0


def test_a_duel_of_rounds_still_ends_at_once_below_its_loss():
    rules = RuleSet(DUEL.variant, rounds=10)
    assert _winner(rules, (-400, 100), 2) == 1


def test_rounds_outside_one_to_fifty_and_a_grand_that_is_no_bool_are_refused():
    for rounds in (-1, 51, 2.5, True, "3"):
        with pytest.raises(ValueError):
            RuleSet(rounds=rounds)
    with pytest.raises(ValueError):
        RuleSet(grand=1)


def test_the_dict_form_names_only_what_differs_and_old_forms_still_read():
    assert CLASSIC.to_dict() == {"variant": "classic", "target": 1000}
    assert RuleSet(rounds=8, grand=False).to_dict() == {
        "variant": "classic", "target": 1000, "rounds": 8, "grand": False}
    assert RuleSet.from_dict({"variant": "classic", "target": 500}) == RuleSet(target=500)
    for rules in (NO_GRAND, FIVE_ROUNDS, RuleSet(DUEL.variant, rounds=3, grand=False)):
        assert RuleSet.from_dict(rules.to_dict()) == rules
    for bad in ({"variant": "classic", "rounds": "x"}, {"variant": "classic", "grand": "no"},
                {"variant": "classic", "rounds": 99}):
        with pytest.raises(ValueError):
            RuleSet.from_dict(bad)


def test_without_grand_tichu_each_seat_gets_the_same_fourteen_cards_and_the_exchange_starts():
    game = new_game(NO_GRAND, 7)
    classic = new_game(CLASSIC, 7)
    for seat in range(4):
        full = classic.round.hands[seat] | classic.round.second_deal[seat]
        assert game.round.hands[seat] == full
    assert game.round.phase is Phase.EXCHANGE
    assert waiting_for(game) == (0, 1, 2, 3)


def test_without_grand_tichu_nobody_may_call_it_but_tichu_is_open():
    game = new_game(NO_GRAND, 3)
    options = options_for_view(view(game, 1))
    assert not options.call_grand and not options.decline_grand and options.tichu
    with pytest.raises(WrongPhase):
        apply(game, GrandTichu(1, True))
    game, events = apply(game, CallTichu(1))
    assert game.round.calls[1] is Call.TICHU and events[0].type == "tichu_called"


def test_a_duel_without_grand_tichu_refuses_the_call_and_says_why():
    rules = RuleSet(DUEL.variant, grand=False)
    game = new_game(rules, 4)
    assert game.round.phase is Phase.DISCARD
    seen = view(game, 0)
    assert not options_for_view(seen).call_grand
    with pytest.raises(IllegalAction) as refused:
        apply(game, GrandTichu(0, True))
    assert refused.value.reason.code == "no_grand_table"
    assert why_no_grand_tichu(seen) == "this table plays without Grand Tichu"
    hand = sorted(c for c in range(56) if game.round.hands[0] >> c & 1)
    game, _ = apply(game, Discard(0, mask_of(hand[:3])))
    assert game.round.discards[0]


def test_a_no_grand_game_replays_from_its_actions():
    game = new_game(NO_GRAND, 11)
    actions = [CallTichu(2)]
    after, _ = apply(game, actions[0])
    assert replay(NO_GRAND, 11, actions) == after
