"""What a selection of cards is (every reading), and what beats what."""

import pytest

from engine import CLASSIC, DUEL, Kind, beats, parse_cards, readings
from engine.combos import as_played, describe


def read(text, rules=CLASSIC):
    return [(c.kind, c.length, c.height, c.phoenix_as) for c in readings(parse_cards(text), rules)]


def one(text, rules=CLASSIC):
    (combo,) = readings(parse_cards(text), rules)
    return combo


@pytest.mark.parametrize("text, kind, length, height", [
    ("7j", Kind.SINGLE, 1, 7),
    ("MJ", Kind.SINGLE, 1, 1),
    ("DR", Kind.SINGLE, 1, 15),
    ("PH", Kind.SINGLE, 1, 1.5),
    ("DG", Kind.DOG, 1, 0),
    ("7j 7s", Kind.PAIR, 2, 7),
    ("7j 7s 7p", Kind.TRIPLE, 3, 7),
    ("5j 5s 6j 6p", Kind.STAIRS, 4, 6),
    ("Tj Ts Jj Js Qp Qr", Kind.STAIRS, 6, 12),
    ("9j 9s 9p Qj Qs", Kind.FULL_HOUSE, 5, 9),
    ("MJ 2s 3j 4j 5p", Kind.STRAIGHT, 5, 5),
    ("7j 8s 9j Tj Jp Qr Kj Aj", Kind.STRAIGHT, 8, 14),
    ("8j 8s 8p 8r", Kind.BOMB, 4, 8),
    ("3s 4s 5s 6s 7s", Kind.BOMB, 5, 7),
    ("9p Tp Jp Qp Kp Ap", Kind.BOMB, 6, 14),
])
def test_natural_combinations(text, kind, length, height):
    assert read(text) == [(kind, length, height, 0)]


@pytest.mark.parametrize("text", [
    "7j 8s",                      # two ranks, not a pair
    "5j 5s 7j 7s",                # stairs need consecutive ranks
    "Qj Ks Aj 2s 3p",             # no wrap-around
    "Jj Qs Kj Aj MJ",             # the Mah Jong is only the 1: no wrap-around either
    "2j 3s 4j 5p",                # a straight needs five cards
    "7j 7s 7p 7r 9j",             # four of a kind plus one is nothing
    "DG 7j", "DR Aj", "DR PH",    # Dog and Dragon only alone
    "MJ 2j 2s",                   # the Mah Jong is not in pairs
    "5j 5s 5p 6j 6s 6p",          # two triples are not stairs
    "MJ PH",                      # a pair of ones only in the duel
])
def test_not_a_combination(text):
    assert read(text) == []


@pytest.mark.parametrize("text, expected", [
    ("7j PH", [(Kind.PAIR, 2, 7, 7)]),
    ("7j 7s PH", [(Kind.TRIPLE, 3, 7, 7)]),
    ("5j 5s 6j PH", [(Kind.STAIRS, 4, 6, 6)]),
    ("5j PH 6j 6s 7j 7s", [(Kind.STAIRS, 6, 7, 5)]),
    ("9j 9s PH Qj Qs", [(Kind.FULL_HOUSE, 5, 12, 12), (Kind.FULL_HOUSE, 5, 9, 9)]),
    ("9j 9s 9p Qj PH", [(Kind.FULL_HOUSE, 5, 9, 12)]),
    ("2j 3s 4j 5p PH", [(Kind.STRAIGHT, 5, 6, 6)]),            # Phoenix never the 1
    ("MJ 2j 3s 4j PH", [(Kind.STRAIGHT, 5, 5, 5)]),
    ("Tj Js Qj Kp PH", [(Kind.STRAIGHT, 5, 14, 14), (Kind.STRAIGHT, 5, 13, 9)]),
    ("3j 4s 6j 7p PH", [(Kind.STRAIGHT, 5, 7, 5)]),
    ("3s 4s PH 6s 7s", [(Kind.STRAIGHT, 5, 7, 5)]),              # a Phoenix is never in a bomb
])
def test_phoenix_readings(text, expected):
    assert read(text) == expected


def test_four_of_a_kind_plus_phoenix_is_nothing():
    assert read("8j 8s 8p 8r PH") == []


def test_phoenix_is_never_a_bomb():
    assert read("8j 8s 8p PH") == []


def test_mahjong_phoenix_pair_only_in_duel():
    assert read("MJ PH", DUEL) == [(Kind.PAIR, 2, 1, 1)]
    assert beats(one("2j 2s", DUEL), one("MJ PH", DUEL), DUEL)


def test_phoenix_single_value_depends_on_what_it_lands_on():
    phoenix = one("PH")
    assert as_played(phoenix, None).height == 1.5
    assert as_played(phoenix, one("8j")).height == 8.5
    assert as_played(phoenix, one("Aj")).height == 14.5
    assert beats(one("9s"), as_played(phoenix, one("8j")), CLASSIC)
    assert not beats(one("8s"), as_played(phoenix, one("8j")), CLASSIC)
    assert beats(one("2s"), as_played(phoenix, None), CLASSIC)
    assert beats(one("DR"), as_played(phoenix, one("Aj")), CLASSIC)


def test_phoenix_cannot_beat_the_dragon():
    assert beats(one("PH"), one("Aj"), CLASSIC)
    assert not beats(one("PH"), one("DR"), CLASSIC)


def test_dragon_beats_every_single_and_only_bombs_beat_it():
    dragon = one("DR")
    assert beats(dragon, one("Aj"), CLASSIC)
    assert not beats(one("Aj"), dragon, CLASSIC)
    assert beats(one("2j 2s 2p 2r"), dragon, CLASSIC)


@pytest.mark.parametrize("higher, lower", [
    ("8j 8s", "7p 7r"),
    ("6j 6s 7j 7s", "5j 5s 6p 6r"),
    ("Tj Ts Tp 2j 2s", "9j 9s 9p Aj As"),       # the triple decides a full house
    ("3j 4s 5j 6p 7j", "MJ 2s 3p 4p 5r"),
])
def test_same_kind_and_length_higher_beats(higher, lower):
    assert beats(one(higher), one(lower), CLASSIC)
    assert not beats(one(lower), one(higher), CLASSIC)


@pytest.mark.parametrize("new, top", [
    ("8j 8s", "7p 7r 7j"),                      # another kind
    ("4j 5s 6j 7p 8j 9s", "3j 4s 5j 6p 7r"),    # another length
    ("6j 6s 7j 7s", "5j 5s 6p 6r 7p 7r"),       # stairs of another length
    ("7j 7s", "7p 7r"),                         # equal does not beat
])
def test_other_kinds_lengths_or_equal_do_not_beat(new, top):
    assert not beats(one(new), one(top), CLASSIC)


def test_bomb_ordering():
    four_twos = one("2j 2s 2p 2r")
    four_aces = one("Aj As Ap Ar")
    low_flush = one("2s 3s 4s 5s 6s")
    high_flush = one("9j Tj Jj Qj Kj")
    long_flush = one("2p 3p 4p 5p 6p 7p")
    assert beats(four_aces, four_twos, CLASSIC)
    assert beats(low_flush, four_aces, CLASSIC)         # every straight flush beats every four
    assert beats(high_flush, low_flush, CLASSIC)
    assert beats(long_flush, high_flush, CLASSIC)       # longer beats shorter
    assert not beats(one("2j 3j 4j 5j 6j"), low_flush, CLASSIC)   # equal bombs do not beat
    for bomb in (four_twos, low_flush):
        assert beats(bomb, one("Aj As Ap Kj Ks"), CLASSIC)   # a bomb beats any non-bomb
    assert not beats(one("DR"), four_twos, CLASSIC)


def test_duel_stairs_need_the_new_lowest_pair_above_the_old_highest():
    old = one("2j 2s 3j 3s", DUEL)
    assert not beats(one("3p 3r 4j 4s", DUEL), old, DUEL)
    assert beats(one("4j 4s 5j 5s", DUEL), old, DUEL)
    assert beats(one("3p 3r 4j 4s", CLASSIC), one("2j 2s 3j 3s", CLASSIC), CLASSIC)


@pytest.mark.parametrize("text, words", [
    ("7j 7s", "a pair of 7s"), ("Tj Js Qj Kp Aj", "a straight of 10 to A"),
    ("5j 5s 6j 6p", "stairs of 5s to 6s"), ("8j 8s 8p 8r", "a bomb of four 8s"),
    ("DG", "the Dog"), ("Qj Qs Qp 2j 2s", "a full house of Qs"),
])
def test_descriptions_use_the_games_words(text, words):
    assert describe(one(text)) == words
