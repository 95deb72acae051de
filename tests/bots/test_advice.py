"""The coach's answer: the hard bot's move for a seat, from that seat's view, in words."""

from engine import CLASSIC, Pass, Play, apply, new_game, parse_cards, view
from engine.bots.advice import advise
from engine.bots.memory import Memory
from engine.state import Phase

from .tables import dealt_with, position


def test_the_last_combination_goes_out():
    game = position({0: "8j 8s 8p", 1: "2j 3j", 2: "4j 5j", 3: "6j 7j"}, turn=0)
    advice = advise(view(game, 0), samples=6)
    assert advice.action == Play(0, parse_cards("8j 8s 8p"))
    assert advice.line == ("lead three 8s: it is your last combination; "
                           "the player on your right has 2 cards left")


def test_a_bomb_that_stops_an_exit_says_so():
    game = position({0: "9j 9s 9p 9r 3s 3p", 1: "2j 3j 5s", 2: "4j 5j 6s", 3: "7j"}, turn=0,
                    trick=[(3, "Ar")])
    advice = advise(view(game, 0), samples=6)
    assert advice.action == Play(0, parse_cards("9j 9s 9p 9r"))
    assert advice.line.startswith("play a bomb of four 9s: stops the player on your left going out")


def test_leaving_a_partners_trick_alone():
    game = position({0: "3s 4p 9j Tj Jj", 1: "2j 3j 5s 6s", 2: "Kr 2s", 3: "6j 7j 8s"}, turn=0,
                    trick=[(2, "Qr"), (3, None)])
    advice = advise(view(game, 0), samples=6)
    assert advice.action == Pass(0)
    assert advice.why[0].text == "your partner holds the trick"


def test_a_call_gives_its_estimated_chance():
    advice = advise(view(dealt_with(CLASSIC, 3, 0, "DR PH Aj As Ap Ar Kj Ks"), 0),
                    call_samples=16)
    assert advice.what.text == "call Grand Tichu"
    assert advice.why[0].template == "you go out first in {percent}% of the deals tried"
    assert 60 < int(advice.why[0].fields["percent"]) <= 100


def test_the_advice_is_the_same_for_the_same_view_and_leaves_the_memory_alone():
    game = new_game(CLASSIC, 12)
    for seat in range(4):
        game = apply(game, advise(view(game, seat), samples=4, call_samples=8).action)[0]
    assert game.round.phase is Phase.EXCHANGE
    seen = view(game, 1)
    memory = Memory()
    memory.observe(seen)
    before = (memory.round_no, memory.played[:], memory.void[:])
    first = advise(seen, samples=4, memory=memory, call_samples=8)
    assert first == advise(seen, samples=4, memory=memory, call_samples=8)
    assert (memory.round_no, memory.played, memory.void) == before
    assert first.action is not None and first.what.text


def test_nothing_to_do_is_said():
    game = position({0: "8j 8s", 1: "2j 3j", 2: "4j 5j", 3: "6j 7j"}, turn=1)
    assert advise(view(game, 0), samples=4).line == "nothing to do now"
