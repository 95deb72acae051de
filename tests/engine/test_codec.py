"""The dict form of actions: exact round trips, and clear errors for anything else."""

import pytest

from engine import (CallTichu, Discard, Draft, Exchange, GiveDragon, GrandTichu, NotationError,
                    Pass, Play, WithdrawExchange, Wish, action_from_dict, parse_card, parse_cards)

EXAMPLES = [
    GrandTichu(0, True), CallTichu(3),
    Exchange(1, (parse_card("2j"), parse_card("DR"), parse_card("Ks"))),
    WithdrawExchange(2), Discard(0, parse_cards("2j 3s 4p")), Draft(1, False),
    Play.of(2, "5j 5s 8j 8s PH", 5), Pass(1), Wish(0, 11), GiveDragon(0, 3),
]


@pytest.mark.parametrize("action", EXAMPLES, ids=lambda a: a.type)
def test_round_trip(action):
    data = action.to_dict()
    assert data["type"] == action.type
    assert action_from_dict(data) == action


def test_play_dict_is_readable():
    assert Play.of(2, "7s 7j").to_dict() == {"type": "play", "seat": 2, "cards": ["7j", "7s"],
                                              "phoenix_as": 0}


@pytest.mark.parametrize("data, message", [
    ("play", "must be a map"),
    ({"type": "fly"}, "unknown action type 'fly'"),
    ({"type": "pass"}, "needs 'seat'"),
    ({"type": "pass", "seat": "0"}, "'seat' must be a whole number"),
    ({"type": "pass", "seat": True}, "'seat' must be a whole number"),
    ({"type": "pass", "seat": 0, "cards": []}, "does not take cards"),
    ({"type": "play", "seat": 0, "cards": "7j"}, "expected a list of cards"),
    ({"type": "play", "seat": 0, "cards": ["7j", "7j"]}, "appears twice"),
    ({"type": "play", "seat": 0, "cards": ["7x"]}, "is not a card"),
    ({"type": "play", "seat": 0, "cards": [7]}, "is not a card"),
    ({"type": "exchange", "seat": 0, "gifts": ["2j", "3j"]}, "exactly three"),
    ({"type": "exchange", "seat": 0, "gifts": ["2j", "2j", "3j"]}, "same card twice"),
    ({"type": "grand_tichu", "seat": 0, "call": 1}, "true or false"),
    ({"type": "wish", "seat": 0, "rank": 2**40}, "whole number"),
])
def test_bad_dicts_raise_a_clear_error(data, message):
    with pytest.raises(NotationError, match=message):
        action_from_dict(data)
