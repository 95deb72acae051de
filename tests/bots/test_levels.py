"""The bot levels: a fixed table, extra levels only for a while, and a search whose move
depends on its seed and its views, never on how fast the machine is."""

import math
import time

import pytest

from engine import CLASSIC, DUEL, apply, new_game, options_for_view, view, waiting_for
from engine.bots import BUILT_IN, TimeCap, extra_levels, levels, make_bot
from engine.bots.random_bot import RandomBot
from engine.bots.search import CLASSIC_SAMPLES, SAMPLES, ReferenceSearchBot, SearchBot
from engine.state import Phase
from tests.support.random_games import bot_action, play


class Counting:
    """A clock that jumps ``stride`` seconds at every look, and counts the looks."""

    def __init__(self, stride: float) -> None:
        self.now, self.stride, self.looks = 0.0, stride, 0

    def __call__(self) -> float:
        self.looks += 1
        self.now += self.stride
        return self.now


def test_the_fixture_adds_levels_for_one_test(bot_levels):
    bot_levels(expert=RandomBot, expert2=RandomBot)
    assert levels()[-2:] == ("expert", "expert2")


def test_the_built_in_levels_are_a_fixed_table_weakest_first():
    # (after the test above: its levels are gone)
    assert levels() == ("random", "easy", "normal", "hard")
    with pytest.raises(TypeError):
        BUILT_IN["expert"] = RandomBot
    with pytest.raises(ValueError, match="no bot level 'expert'"):
        make_bot("expert")


def test_extra_levels_exist_inside_their_block_only():
    with extra_levels({"expert": RandomBot}):
        assert levels() == ("random", "easy", "normal", "hard", "expert")
        assert make_bot("expert", 3).decide(view(new_game(CLASSIC, 1), 0)) is not None
        with pytest.raises(ValueError, match="exist already"), extra_levels({"hard": RandomBot}):
            pass
    assert levels() == ("random", "easy", "normal", "hard")
    with pytest.raises(ValueError, match="no bot level 'expert'"):
        make_bot("expert")


def searched_seat(game):
    """The seat to move if the search bot compares its plays by simulation (it looks at the
    cap's clock after every deal, so more than once), and no Tichu call is open (the calls
    have a search of their own); else None."""
    waiting = waiting_for(game)
    if not waiting:
        return None
    seen = view(game, waiting[0])
    if seen.phase is Phase.PLAY and options_for_view(seen).waiting and not seen.tichu_open:
        clock = Counting(0.0)
        SearchBot(5, time_cap=TimeCap(math.inf, clock)).decide(seen)
        if clock.looks > 2:
            return waiting[0]
    return None


def searched_position(rules):
    """A game of normal bots at the first decision `searched_seat` finds, and that seat."""
    bots = [make_bot("normal", seat) for seat in range(rules.seats)]
    game = play(rules, 11, bot_action(bots), until=lambda g: searched_seat(g) is not None).game
    seat = searched_seat(game)
    assert seat is not None, "no decision needed a search"
    return game, seat


@pytest.mark.parametrize("rules", [CLASSIC, DUEL], ids=["classic", "duel"])
def test_a_decision_is_the_same_however_fast_the_clock_runs(rules, monkeypatch):
    game, seat = searched_position(rules)
    seen = view(game, seat)
    move = SearchBot(5).decide(seen)
    for name in ("perf_counter", "monotonic", "time", "process_time"):
        monkeypatch.setattr(time, name, Counting(3600.0))
    assert SearchBot(5).decide(seen) == move
    still, fast = Counting(0.0), Counting(3600.0)
    assert SearchBot(5, time_cap=TimeCap(math.inf, still)).decide(seen) == move
    assert SearchBot(5, time_cap=TimeCap(math.inf, fast)).decide(seen) == move
    budget = SearchBot(5).deals_for(rules.duel)
    assert fast.looks == still.looks <= 1 + budget       # the same deals, one look after each


@pytest.mark.parametrize("rules", [CLASSIC, DUEL], ids=["classic", "duel"])
def test_the_hosts_time_cap_stops_the_search_after_the_deal_that_met_it(rules):
    game, seat = searched_position(rules)
    seen = view(game, seat)
    clock = Counting(1.0)
    move = SearchBot(5, time_cap=TimeCap(0.5, clock)).decide(seen)
    assert clock.looks == 2                 # the start, then the first deal, which met it
    apply(game, move)                       # a legal move all the same


def test_the_classic_level_deals_more_than_the_duel_the_reference_and_the_coach():
    assert SearchBot(1).deals_for(False) == CLASSIC_SAMPLES > SAMPLES
    assert SearchBot(1).deals_for(True) == SAMPLES
    assert ReferenceSearchBot(1).deals_for(False) == SAMPLES
    assert SearchBot(1, samples=7).deals_for(False) == 7
