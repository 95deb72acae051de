"""The direct checks of one play and of a pass (`allows`, `may_pass`) say exactly what the
list of legal plays says: every reading of every selection of the hand is allowed if and
only if `legal_plays` lists it (up to suit), and a pass if and only if it says so."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import CLASSIC, DUEL, legal_plays, parse_cards, readings
from engine.combos import as_played
from engine.plays_now import allows, holds_rank, may_pass, play_key, seat_plays_now

from .test_plays import hands, subsets, tops

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def wishes(hand):
    """No wish, a wish for a rank the hand holds (the case that binds), or any rank."""
    held = [r for r in range(2, 15) if hand >> (4 * r - 6) & 15]
    return st.sampled_from([0] + held * 3 + list(range(2, 15)))


def position(data, max_cards):
    """A rule set, a hand, the trick's top (or None), a wish and the duel's answer flag."""
    rules = data.draw(st.sampled_from([CLASSIC, DUEL]))
    hand = data.draw(hands(max_cards=max_cards))
    top = data.draw(tops(hand, rules))
    wish = data.draw(wishes(hand))
    return rules, hand, top, wish, data.draw(st.booleans()) and rules.duel


@SETTINGS
@given(data=st.data())
def test_a_play_is_allowed_exactly_when_the_legal_plays_list_it(data):
    rules, hand, top, wish, answer = position(data, 8)
    my_turn = data.draw(st.booleans())
    listed, _ = legal_plays(rules, hand, top, my_turn=my_turn, wish=wish, wish_answer=answer)
    keys = {play_key(c) for c in listed}
    for cards in subsets(hand):
        for reading in readings(cards, rules):
            placed = as_played(reading, top)
            assert allows(rules.duel, hand, top, placed, my_turn, wish, answer) == (
                play_key(placed) in keys), (placed, top, my_turn, wish, answer)


@SETTINGS
@given(data=st.data())
def test_a_pass_is_allowed_exactly_when_the_legal_plays_say_so(data):
    rules, hand, top, wish, answer = position(data, 10)
    last = data.draw(st.booleans()) and rules.duel
    _, can_pass = seat_plays_now(rules, 0, hand, top, turn=0, wish=wish, wish_answer=answer,
                                 last_answer=last)
    in_force = wish if (answer or not rules.duel) else 0
    assert may_pass(rules.duel, hand, top, in_force, answer, last) == can_pass
    assert holds_rank(hand, wish) == bool(wish and any(
        r == wish for r in range(2, 15) if hand >> (4 * r - 6) & 15))


def test_the_answer_to_the_mah_jong_may_be_a_bomb_without_the_wished_rank():
    hand, top = parse_cards("8j 3s 3p 3j 3r"), readings(parse_cards("5j 5s"), DUEL)[0]
    bomb, pair = readings(parse_cards("3s 3p 3j 3r"), DUEL)[0], readings(parse_cards("3s 3p"),
                                                                         DUEL)[0]
    assert allows(True, hand, top, bomb, True, 8, True)
    assert not allows(True, hand, top, pair, True, 8, True)
    assert allows(True, hand, top, readings(parse_cards("8j"), DUEL)[0], True, 8, True)
    assert not may_pass(True, hand, top, 8, True, False)
