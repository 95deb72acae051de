import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import Card, NotationError, format_cards, parse_card, parse_cards, parse_rank, points
from engine.cards import FULL_DECK, card_text, cards_of, rank_of, suit_of


def test_the_deck_has_56_distinct_cards_worth_100():
    assert len(Card) == 56
    assert len({card_text(c) for c in Card}) == 56
    assert points(FULL_DECK) == 100


@pytest.mark.parametrize("text, value", [("5j", 5), ("Ts", 10), ("Kr", 10), ("DR", 25),
                                         ("PH", -25), ("Ap", 0), ("MJ", 0), ("DG", 0)])
def test_card_points(text, value):
    assert points(parse_cards(text)) == value


def test_hand_order_puts_specials_in_place():
    hand = parse_cards("DR 2s PH Aj MJ DG 2j")
    assert format_cards(hand) == "DG MJ 2j 2s Aj PH DR"


def test_ranks_and_suits():
    seven_of_pagoda = parse_card("7p")
    assert rank_of(seven_of_pagoda) == 7 and suit_of(seven_of_pagoda) == 2
    assert rank_of(parse_card("MJ")) == 1
    assert suit_of(parse_card("DR")) == -1


@pytest.mark.parametrize("alias, canonical", [("10s", "Ts"), ("ts", "Ts"), ("1", "MJ"),
                                              ("dragon", "DR"), ("ph", "PH"), ("AJ", "Aj")])
def test_aliases_parse_to_the_canonical_card(alias, canonical):
    assert card_text(parse_card(alias)) == canonical


@given(st.integers(min_value=0, max_value=FULL_DECK))
def test_notation_round_trips_exactly(mask):
    text = format_cards(mask)
    assert parse_cards(text) == mask
    assert format_cards(parse_cards(text)) == text
    assert len(cards_of(mask)) == mask.bit_count()


@pytest.mark.parametrize("bad", ["1x", "Zj", "7", "77", "", "PHX", "j7"])
def test_bad_tokens_say_what_a_card_looks_like(bad):
    with pytest.raises(NotationError, match="is not a card: a card is a rank"):
        parse_card(bad)


def test_a_repeated_card_is_an_error():
    with pytest.raises(NotationError, match="appears twice"):
        parse_cards("7j 7s 7j")


@pytest.mark.parametrize("text, rank", [("7", 7), ("10", 10), ("t", 10), ("q", 12), ("A", 14)])
def test_parse_rank(text, rank):
    assert parse_rank(text) == rank


def test_parse_rank_rejects_specials_and_nonsense():
    for bad in ("1", "0", "15", "x", "Dragon"):
        with pytest.raises(NotationError, match="is not a rank"):
            parse_rank(bad)
