"""Bots of every level play whole games of the rules a party may choose: without Grand
Tichu (classic and duel), and to a number of rounds, every move audited."""

import pytest

from engine import DUEL, RuleSet
from engine.bots.arena import play_game
from engine.state import Call, Phase

from .test_bot_games import Audit, table

LEVEL_TABLES = [["random"] * 4, ["easy"] * 4, ["normal"] * 4,
                ["hard", "normal", "hard", "easy"]]


@pytest.mark.parametrize("names", LEVEL_TABLES, ids=lambda n: n[0])
@pytest.mark.parametrize("variant", ["classic", "duel"])
def test_bots_play_whole_games_without_grand_tichu(names, variant):
    rules = RuleSet(variant, target=300 if names[0] != "hard" else 100, grand=False)
    audit = Audit()
    phases = set()

    def watch(before, action, after):
        audit(before, action, after)
        phases.add(after.round.phase)
    game = play_game(rules, 31, table(rules, 31, names), watch=watch)
    assert game.over and audit.rounds == len(game.history)
    assert Phase.GRAND not in phases
    assert all(call is not Call.GRAND for result in game.history for call in result.calls)


@pytest.mark.parametrize("rules", [RuleSet(rounds=3), RuleSet(DUEL.variant, rounds=2)],
                         ids=["classic", "duel"])
def test_a_game_of_rounds_ends_after_them_unless_level(rules):
    for seed in range(3):
        audit = Audit()
        game = play_game(rules, seed, table(rules, seed, ["normal", "easy"] * 2), watch=audit)
        assert game.over and audit.rounds == len(game.history)
        level_before = [s for s in _running(game) if s[0] == s[1]]
        extra = len(game.history) - rules.rounds
        lost_early = rules.duel and min(game.scores) < rules.duel_loss
        assert extra >= 0 or lost_early
        assert len(level_before) >= extra      # each round more followed a level score


def _running(game):
    totals = [0, 0]
    for result in game.history[:-1]:
        totals = [totals[0] + result.total[0], totals[1] + result.total[1]]
        yield tuple(totals)
