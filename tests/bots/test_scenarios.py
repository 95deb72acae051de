"""The obvious decisions, for the heuristic (normal) and the search (hard) bot."""

import pytest

from engine import DUEL, GiveDragon, Pass, Play, parse_cards, view
from engine.bots import TimeCap, make_bot
from engine.bots.search import SearchBot
from engine.state import Call, Phase

from .tables import position


def bots():
    return [make_bot("normal", 1), SearchBot(1, samples=8)]


@pytest.fixture(params=["normal", "hard"])
def bot(request):
    return make_bot("normal", 1) if request.param == "normal" else SearchBot(1, samples=8)


def test_goes_out_with_its_last_combination_on_a_lead(bot):
    game = position({0: "8j 8s 8p", 1: "2j 3j", 2: "4j 5j", 3: "6j 7j"}, turn=0)
    assert bot.decide(view(game, 0)) == Play(0, parse_cards("8j 8s 8p"))


def test_takes_the_lead_with_its_last_combination(bot):
    game = position({0: "Aj", 1: "2j 3j 4s", 2: "4j 5j", 3: "6j 7j"}, turn=0,
                    trick=[(3, "Kr")])
    assert bot.decide(view(game, 0)) == Play(0, parse_cards("Aj"))


def test_does_not_overtake_a_partner_about_to_go_out():
    # Partner (2) leads a queen with one card left; the opponent after him passed. (The
    # search bot is left out: here its simulations find a double victory either way.)
    game = position({0: "Aj 3s 4p 9j Tj", 1: "2j 3j 5s 6s", 2: "Kr", 3: "6j 7j 8s"}, turn=0,
                    trick=[(2, "Qr"), (3, None)])
    assert make_bot("normal", 1).decide(view(game, 0)) == Pass(0)


def test_gives_the_dragon_trick_to_the_opponent_with_more_cards():
    game = position({0: "5j 6j", 1: "2j 3j", 2: "4j 7p", 3: "6s 7j 8s 9s Qs"}, turn=-1,
                    trick=[(0, "DR"), (1, None), (2, None), (3, None)],
                    phase=Phase.DRAGON, decider=0)
    for bot in bots():
        assert bot.decide(view(game, 0)) == GiveDragon(0, 3)
    game = position({0: "5j 6j", 1: "2j 3j 4s Ks Kp", 2: "4j 7p", 3: "6s"}, turn=-1,
                    trick=[(0, "DR"), (1, None), (2, None), (3, None)],
                    phase=Phase.DRAGON, decider=0)
    assert make_bot("normal", 1).decide(view(game, 0)) == GiveDragon(0, 1)


def test_bombs_to_stop_an_opponents_exit(bot):
    # Seat 3 leads an ace with one card left; only our bomb beats it, and our pair after it
    # cannot be answered with one card.
    game = position({0: "9j 9s 9p 9r 3s 3p", 1: "2j 3j 5s", 2: "4j 5j 6s", 3: "7j"}, turn=0,
                    trick=[(3, "Ar")])
    assert bot.decide(view(game, 0)) == Play(0, parse_cards("9j 9s 9p 9r"))


def test_bombs_out_of_turn_to_stop_an_exit():
    game = position({0: "9j 9s 9p 9r 3s 4p", 1: "2j 3j 5s", 2: "4j 5j 6s", 3: "7j"}, turn=1,
                    trick=[(3, "Ar"), (0, None)])
    assert make_bot("normal", 1).decide(view(game, 0)) == Play(0, parse_cards("9j 9s 9p 9r"))


def test_does_not_bomb_a_partners_trick():
    game = position({0: "9j 9s 9p 9r 3s 4p", 1: "2j 3j 5s", 2: "4j 5j 6s", 3: "7j 8j"}, turn=3,
                    trick=[(2, "Ar")])
    assert make_bot("normal", 1).decide(view(game, 0)) is None


def test_leads_the_dog_to_a_partner_who_called_tichu(bot):
    game = position({0: "DG 3s 4p 9j", 1: "2j 3j 5s 7s", 2: "4j 5j 6s Ks Kj Aj", 3: "7j 8j 9s"},
                    turn=0, calls={2: Call.TICHU})
    assert bot.decide(view(game, 0)) == Play(0, parse_cards("DG"))


def test_does_not_go_out_first_over_a_partner_who_called(bot):
    game = position({0: "Aj", 1: "2j 3j 5s 7s", 2: "4j 5j 6s Ks Kj", 3: "7j 8j 9s"},
                    turn=0, trick=[(3, "Qs")], calls={2: Call.TICHU})
    assert bot.decide(view(game, 0)) == Pass(0)


def test_wishes_for_a_rank_it_does_not_hold():
    game = position({0: "3s 4p 9j", 1: "2j 3j 5s 7s", 2: "4j 5j 6s", 3: "7j 8j 9s"},
                    turn=-1, phase=Phase.WISH, decider=0, trick=[(0, "MJ")])
    action = make_bot("normal", 1).decide(view(game, 0))
    assert action.rank not in (3, 4, 9) and 2 <= action.rank <= 14


def test_duel_answer_and_exit():
    game = position({0: "Kj Ks", 1: "2j 3j 5s 7s"}, turn=0, trick=[(1, "Qj Qs")], rules=DUEL)
    assert make_bot("normal", 1).decide(view(game, 0)) == Play(0, parse_cards("Kj Ks"))


def test_plays_the_wished_rank_when_it_must():
    game = position({0: "7j 9s Ks", 1: "2j 3j 5s 7s", 2: "4j 5j 6s", 3: "8j 9j"}, turn=0,
                    trick=[(3, "5p")], wish=7)
    assert make_bot("normal", 1).decide(view(game, 0)) == Play(0, parse_cards("7j"))


def test_search_overrules_a_wasted_bomb():
    # The heuristic bombs the ace of an opponent with one card left; but our only lead
    # afterwards is a single, which he beats to go out anyway. The simulations see it.
    game = position({0: "9j 9s 9p 9r 3s 4p", 1: "2j 3j 5s", 2: "4j 5j 6s", 3: "7j"}, turn=0,
                    trick=[(3, "Ar")])
    assert make_bot("normal", 1).decide(view(game, 0)) == Play(0, parse_cards("9j 9s 9p 9r"))
    assert SearchBot(1, samples=8).decide(view(game, 0)) == Pass(0)


def test_the_time_cap_stops_the_search_after_a_deal():
    ticks = iter(range(100))
    bot = SearchBot(1, samples=400, time_cap=TimeCap(0.5, lambda: next(ticks)))
    game = position({0: "9j 9s 9p 9r 3s 4p", 1: "2j 3j 5s", 2: "4j 5j 6s", 3: "7j"}, turn=0,
                    trick=[(3, "Ar")])
    assert bot.decide(view(game, 0)) in (Pass(0), Play(0, parse_cards("9j 9s 9p 9r")))
    assert next(ticks) == 2          # one look at the clock at the start, one after a deal
