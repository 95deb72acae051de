"""Play that follows the calls: the caller's partner supports, the opponents defend, the
caller keeps control. Each position is one where the reference level (which plays as
before the call work) does otherwise, so the test sees the difference."""

import pytest

from engine import Pass, Play, parse_cards, view
from engine.bots import make_bot
from engine.state import Call

from .tables import position


def decisions(game, seat=0):
    """(the calling level's decision, the reference level's) for the seat."""
    seen = view(game, seat)
    return make_bot("normal", 1).decide(seen), make_bot("normal-ref", 1).decide(seen)


def play(cards):
    return Play(0, parse_cards(cards))


POSITIONS = {
    "the partner leads a low single the caller can take over": (
        position({0: "9j 4s 4p Qr Qs", 1: "2j 3j 5s 7s 8s", 2: "4j 5j 6s Ks Kj Aj",
                  3: "7j 8j 9s Tj"}, turn=0, calls={2: Call.TICHU}),
        play("9j"), play("4s 4p")),
    "the partner takes a trick back once the caller has passed on it": (
        position({0: "Qj Qs 3s 5p 8r", 1: "2j 3j 5s 7s 8s", 2: "4j 5j 6s Ks Kj",
                  3: "7j 8j 9r Tj"}, turn=0, trick=[(1, "Tr"), (2, None), (3, None)],
                 calls={2: Call.TICHU}),
        play("Qj"), Pass(0)),
    "an opponent overtakes the caller": (
        position({0: "Jj Js 4s 5p 7r 3p", 1: "2j 3j 5s 7s 8s", 2: "4j 5j 6s Ks Tp",
                  3: "7j 8j 9r Tj"}, turn=0, trick=[(1, "9p")], calls={1: Call.TICHU}),
        play("Jj"), Pass(0)),
    "an opponent keeps the Dragon for the caller": (
        position({0: "DR 4s 5p 7r 9s 3p", 1: "2j 3j 5s 7s 8s 9j Jj", 2: "4j 5j 6s Ks Tp",
                  3: "7j 8j 9r Tj"}, turn=0, trick=[(3, "Ar"), (1, None)],
                 calls={1: Call.TICHU}),
        Pass(0), play("DR")),
    "an opponent bombs the caller near his exit": (
        position({0: "6j 6s 6p 6r 3s 4p 8j 9p Jr", 1: "2j 3j 5s Qs", 2: "4j 5j 7s Ks Tp",
                  3: "7j 8s 9r Tj"}, turn=0, trick=[(1, "Ar")], calls={1: Call.TICHU}),
        play("6j 6s 6p 6r"), Pass(0)),
    "the caller does not spend a sure winner on his partner's trick": (
        position({0: "Aj 3s 5p 7r", 1: "2j 3j 5s Qs 8j", 2: "4j 5j 7s Ks Tp",
                  3: "7j 8s 9r Tj"}, turn=0, trick=[(2, "8p"), (3, None)],
                 calls={0: Call.TICHU}),
        Pass(0), play("Aj")),
}


@pytest.mark.parametrize("name", POSITIONS)
def test_the_play_follows_the_calls(name):
    game, calling, reference = POSITIONS[name]
    assert decisions(game) == (calling, reference)
