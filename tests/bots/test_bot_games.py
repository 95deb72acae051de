"""Bots of every level play whole rounds of both rule sets: never an illegal action,
never a missing answer, every card accounted for."""

import pytest

from engine import CLASSIC, DUEL, RuleSet
from engine.bots import make_bot
from engine.bots.arena import play_game
from engine.bots.search import SearchBot

LEVELS = ["random", "easy", "normal"]


def table(rules, seed, names):
    return [SearchBot(seed * 8 + s, samples=4) if name == "hard" else make_bot(name, seed * 8 + s)
            for s, name in enumerate(names[:rules.seats])]


def mixes(seed):
    """A rotation of the levels over the seats."""
    return [LEVELS[(seed + s) % len(LEVELS)] for s in range(4)]


@pytest.mark.parametrize("rules", [CLASSIC, DUEL], ids=["classic", "duel"])
def test_heuristic_and_random_bots_play_rounds_cleanly(rules):
    for seed in range(12):
        game = play_game(rules, seed, table(rules, seed, mixes(seed)), rounds=2)
        assert len(game.history) == 2 or game.over


@pytest.mark.parametrize("rules", [CLASSIC, DUEL], ids=["classic", "duel"])
def test_search_bot_plays_a_round_cleanly(rules):
    names = ["hard", "normal", "hard", "random"]
    game = play_game(rules, 3, table(rules, 3, names), rounds=1)
    assert len(game.history) == 1


def test_a_short_game_ends():
    rules = RuleSet(target=300)
    game = play_game(rules, 5, table(rules, 5, ["normal", "easy", "normal", "easy"]))
    assert game.over and max(game.scores) >= 300


@pytest.mark.slow
@pytest.mark.parametrize("rules", [CLASSIC, DUEL], ids=["classic", "duel"])
def test_thousands_of_rounds(rules):
    rounds = 0
    seed = 0
    while rounds < 2000:
        game = play_game(rules, 10_000 + seed, table(rules, seed, mixes(seed)), rounds=5)
        rounds += len(game.history)
        seed += 1


@pytest.mark.slow
@pytest.mark.parametrize("rules", [CLASSIC, DUEL], ids=["classic", "duel"])
def test_search_bot_many_rounds(rules):
    for seed in range(40):
        play_game(rules, 20_000 + seed, table(rules, seed, ["hard", "normal", "hard", "easy"]),
                  rounds=1)
