"""Whole games of random legal moves: they never crash, always end, and lose no card (the
kit in tests/support/random_games.py checks every move)."""

import pytest

from engine import RuleSet
from tests.support.random_games import play


@pytest.mark.parametrize("rules", [RuleSet(target=300), RuleSet("duel", target=300)],
                         ids=["classic", "duel"])
@pytest.mark.parametrize("seed", range(6))
def test_random_game_ends_and_keeps_every_card(rules, seed):
    game, _ = play(rules, seed)
    assert game.over
    assert max(game.scores) >= rules.target or min(game.scores) < rules.duel_loss
