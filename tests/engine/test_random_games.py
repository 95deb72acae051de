"""Whole games of random legal moves: they never crash, always end, and lose no card (the
kit in tests/support/random_games.py checks every move)."""

from dataclasses import replace

import pytest

from engine import CLASSIC, Phase, RuleSet
from tests.support.random_games import check_step, play, walk


@pytest.mark.parametrize("rules", [RuleSet(target=300), RuleSet("duel", target=300)],
                         ids=["classic", "duel"])
@pytest.mark.parametrize("seed", range(6))
def test_random_game_ends_and_keeps_every_card(rules, seed):
    game, _ = play(rules, seed, shared=seed % 2 == 1)     # every round checked as it ends
    assert game.over
    assert max(game.scores) >= rules.target or min(game.scores) < rules.duel_loss


def test_the_kit_fails_at_the_move_that_loses_a_card_or_leaves_nobody_to_move():
    """The kit's checks are what the tests that walk games rely on: they must bite."""
    step = next(walk(CLASSIC, 1))
    hands = step.after.round.hands
    lost = replace(step.after, round=replace(step.after.round, hands=(hands[0] & hands[0] - 1,
                                                                      *hands[1:])))
    with pytest.raises(AssertionError, match="a card went missing"):
        check_step(step._replace(after=lost))
    stuck = replace(step.after, round=replace(step.after.round, phase=Phase.OVER))
    with pytest.raises(AssertionError, match="nobody may move"):
        check_step(step._replace(after=stuck))
