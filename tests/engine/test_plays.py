"""Legal plays: enumeration agrees with a brute-force reading of every subset of the hand."""

from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import CLASSIC, DUEL, Kind, legal_plays, parse_cards, readings
from engine.cards import RANK_MASK, card_id, cards_of, mask_of
from engine.combos import as_played, beats
from engine.enumeration import _GENERATORS, _nibbles, _shape, all_plays, plays_of_kind
from engine.plays_now import play_key


def subsets(mask):
    cards = cards_of(mask)
    for size in range(1, len(cards) + 1):
        for chosen in combinations(cards, size):
            yield mask_of(chosen)


def oracle(rules, hand, top, my_turn, wish, wish_answer):
    """The rules of RULES.md written the slow, obvious way."""
    base, all_readings = [], []
    for cards in subsets(hand):
        for reading in readings(cards, rules):
            all_readings.append(reading)
            placed = as_played(reading, top)
            if top is None:
                ok = my_turn
            else:
                ok = beats(reading, top, rules) and (my_turn or reading.kind == Kind.BOMB)
            if ok:
                base.append(placed)
    holds = bool(wish and hand & RANK_MASK[wish])
    has_wish = lambda c: bool(wish and c.cards & RANK_MASK[wish])  # noqa: E731
    if wish_answer and my_turn:
        if holds:
            return {play_key(c) for c in all_readings if has_wish(c)} | {
                play_key(c) for c in base if c.kind == Kind.BOMB}, False
        return {play_key(c) for c in base}, not base
    if not my_turn:
        return {play_key(c) for c in base}, False
    if holds and any(has_wish(c) for c in base):
        return {play_key(c) for c in base if has_wish(c) or c.kind == Kind.BOMB}, False
    return {play_key(c) for c in base}, top is not None


@st.composite
def hands(draw, max_cards=9):
    """Hands rich in combinations: few ranks, often the Phoenix and the Mah Jong."""
    low = draw(st.integers(2, 10))
    ranks = st.integers(low, min(14, low + draw(st.integers(3, 6))))
    size = draw(st.integers(1, max_cards))
    ordinary = draw(st.lists(st.tuples(ranks, st.integers(0, 3)), min_size=size, max_size=size,
                             unique=True))
    mask = mask_of(card_id(r, s) for r, s in ordinary)
    for special in ("PH", "MJ", "DR", "DG"):
        if draw(st.integers(0, 9)) < (6 if special == "PH" else 2):
            mask |= parse_cards(special)
    return mask


@st.composite
def tops(draw, hand, rules):
    if draw(st.booleans()):
        return None
    rest = draw(hands(max_cards=7)) & ~hand
    options = [r for cards in list(subsets(rest))[:400] for r in readings(cards, rules)
               if r.kind != Kind.DOG]
    if not options:
        return None
    return as_played(draw(st.sampled_from(options)), None)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_enumeration_equals_brute_force(data):
    rules = data.draw(st.sampled_from([CLASSIC, DUEL]))
    hand = data.draw(hands())
    top = data.draw(tops(hand, rules))
    my_turn = data.draw(st.booleans())
    wish = data.draw(st.sampled_from([0, 0, 2, 5, 7, 9]))
    wish_answer = rules.duel and wish != 0 and top is not None and data.draw(st.booleans())
    plays, can_pass = legal_plays(rules, hand, top, my_turn=my_turn, wish=wish,
                                  wish_answer=wish_answer)
    keys = [play_key(c) for c in plays]
    assert len(keys) == len(set(keys)), "a play is listed twice"
    expected, expected_pass = oracle(rules, hand, top, my_turn, wish, wish_answer)
    assert set(keys) == expected
    assert can_pass == expected_pass
    for play in plays:
        assert play.cards & ~hand == 0


def keys_of(text, rules=CLASSIC):
    plays = all_plays(parse_cards(text), rules.duel)
    return {(c.kind, c.length, c.height, c.phoenix_as) for c in plays}


def test_plays_differing_only_by_suit_appear_once():
    plays = all_plays(parse_cards("7j 7s 7p"), False)
    assert [(c.kind, c.length) for c in plays].count((Kind.PAIR, 2)) == 1


def test_straight_flushes_keep_their_suits():
    bombs = [c for c in all_plays(parse_cards("3j 4j 5j 6j 7j 3s 4s 5s 6s 7s"), False)
             if c.kind == Kind.BOMB]
    assert len(bombs) == 2


def test_a_straight_that_only_comes_in_one_suit_is_only_a_bomb():
    plays = all_plays(parse_cards("3j 4j 5j 6j 7j"), False)
    assert [c.kind for c in plays if c.length == 5] == [Kind.BOMB]
    mixed = all_plays(parse_cards("3j 4j 5j 6j 7j 7s"), False)
    assert {c.kind for c in mixed if c.length == 5} == {Kind.BOMB, Kind.STRAIGHT}


def test_phoenix_substitutes_are_separate_plays():
    assert (Kind.PAIR, 2, 7, 0) in keys_of("7j 7s PH")
    assert (Kind.PAIR, 2, 7, 7) in keys_of("7j 7s PH")


@pytest.mark.parametrize("hand, top, wish, allowed, can_pass", [
    # the wish through the Phoenix: 8 + Phoenix is the only pair with an 8
    ("8j PH 3s 3p", "5j 5s", 8, {"8j PH"}, False),
    # through a bomb: only the bomb holds an 8 that beats the table
    ("8j 8s 8p 8r 2s", "Kj Ks", 8, {"8j 8s 8p 8r"}, False),
    # unable to play the wished rank legally: free to play or pass
    ("8j 3s 3p", "9j", 8, set(), True),
    # a Phoenix standing for the wished rank does not count as holding it
    ("PH 3s", "5j", 8, {"PH", }, True),
])
def test_wish_obligations_when_following(hand, top, wish, allowed, can_pass):
    (top_combo,) = readings(parse_cards(top), CLASSIC)
    plays, may_pass = legal_plays(CLASSIC, parse_cards(hand), top_combo, my_turn=True, wish=wish)
    assert may_pass == can_pass
    with_wish = {c.cards for c in plays if c.cards & RANK_MASK[wish]}
    assert with_wish == {parse_cards(t) for t in allowed if "8" in t}
    if not can_pass:
        assert all(c.cards & RANK_MASK[wish] or c.kind == Kind.BOMB for c in plays)


def test_an_obliged_player_may_still_bomb_without_the_wished_rank():
    (top,) = readings(parse_cards("5j"), CLASSIC)
    plays, may_pass = legal_plays(CLASSIC, parse_cards("8j 3s 3p 3j 3r"), top, my_turn=True, wish=8)
    assert not may_pass
    assert {c.kind for c in plays} == {Kind.SINGLE, Kind.BOMB}
    assert all(c.kind == Kind.BOMB or c.cards == parse_cards("8j") for c in plays)


def test_a_lead_under_the_wish_must_hold_the_wished_rank():
    hand = parse_cards("8j 8s 3s DG PH")
    plays, may_pass = legal_plays(CLASSIC, hand, None, my_turn=True, wish=8)
    assert not may_pass
    assert plays and all(c.cards & RANK_MASK[8] for c in plays)
    assert not any(c.kind == Kind.DOG for c in plays)


def test_out_of_turn_only_bombs_and_never_on_an_empty_table():
    (top,) = readings(parse_cards("Aj"), CLASSIC)
    hand = parse_cards("DR 4j 4s 4p 4r")
    plays, may_pass = legal_plays(CLASSIC, hand, top, my_turn=False)
    assert [c.kind for c in plays] == [Kind.BOMB] and not may_pass
    assert legal_plays(CLASSIC, hand, None, my_turn=False) == ((), False)


def test_the_dog_only_on_a_lead():
    (top,) = readings(parse_cards("2j"), CLASSIC)
    plays, _ = legal_plays(CLASSIC, parse_cards("DG 3s"), top, my_turn=True)
    assert all(c.kind != Kind.DOG for c in plays)
    lead, _ = legal_plays(CLASSIC, parse_cards("DG 3s"), None, my_turn=True)
    assert any(c.kind == Kind.DOG for c in lead)


def test_duel_wish_answer_any_combination_holding_the_rank():
    (top,) = readings(parse_cards("MJ"), DUEL)
    plays, may_pass = legal_plays(DUEL, parse_cards("8j 8s 8p 2j 2s Kj"), top, my_turn=True,
                                  wish=8, wish_answer=True)
    assert not may_pass
    kinds = {c.kind for c in plays}
    assert {Kind.SINGLE, Kind.PAIR, Kind.TRIPLE, Kind.FULL_HOUSE} <= kinds
    assert all(c.cards & RANK_MASK[8] for c in plays)


def test_duel_wish_answer_without_the_rank_must_play_if_it_can():
    (top,) = readings(parse_cards("MJ"), DUEL)
    plays, may_pass = legal_plays(DUEL, parse_cards("3j Kj"), top, my_turn=True, wish=8,
                                  wish_answer=True)
    assert not may_pass and len(plays) == 2


def test_nothing_but_a_bomb_on_the_dragon_not_even_the_phoenix():
    (top,) = readings(parse_cards("DR"), CLASSIC)
    plays, may_pass = legal_plays(CLASSIC, parse_cards("PH Aj As"), top, my_turn=True)
    assert plays == () and may_pass
    plays, _ = legal_plays(CLASSIC, parse_cards("PH 2j 2s 2p 2r"), top, my_turn=True)
    assert [c.kind for c in plays] == [Kind.BOMB]


def test_phoenix_follows_half_a_rank_above():
    (top,) = readings(parse_cards("Aj"), CLASSIC)
    plays, _ = legal_plays(CLASSIC, parse_cards("PH 3s"), top, my_turn=True)
    assert [(c.cards, c.height) for c in plays] == [(parse_cards("PH"), 14.5)]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=st.one_of(hands(max_cards=14), st.lists(st.integers(0, 55), min_size=1, max_size=14,
                                                    unique=True).map(mask_of)),
       duel=st.booleans())
def test_the_quick_shape_test_never_hides_a_play(hand, duel):
    """`_shape` rules kinds and starting ranks out by bit tests; looking everywhere finds
    nothing more."""
    everywhere = _shape(hand)._replace(kinds=0xFF, nibs=_nibbles(hand),
                                       straight_lows=tuple(range(1, 11)),
                                       stairs_lows=tuple(range(2, 14)), triples=tuple(range(2, 15)))
    for kind, generate in enumerate(_GENERATORS):
        assert plays_of_kind(hand, Kind(kind), duel) == tuple(generate(hand, everywhere, duel))
