"""The game around the rounds: target score, ties, dealing, determinism."""

import pytest

from engine import (CLASSIC, DUEL, CollectTrick, GameOver, GrandTichu, IllegalAction, Pass, Play,
                    RuleSet, apply, new_game, replay, spectator_view, view)
from engine.game import _winner
from engine.seat_view import options_for_view

from .scenario import act, position


def test_the_game_ends_after_a_round_reaching_the_target_and_the_higher_total_wins():
    assert _winner(CLASSIC, (1000, 400)) == 0
    assert _winner(CLASSIC, (990, 1005)) == 1
    assert _winner(CLASSIC, (1200, 1100)) == 0
    assert _winner(CLASSIC, (999, 0)) == -1


def test_a_tie_at_or_above_the_target_plays_on():
    assert _winner(CLASSIC, (1000, 1000)) == -1
    assert _winner(RuleSet(target=500), (600, 600)) == -1


def test_winning_ends_the_game_and_nothing_more_applies():
    game = position(["Aj", "7j 8j", "Kj", "3s 4s"], scores=(850, 0))
    game, events = act(game, Play.of(0, "Aj"), Pass(1), Pass(2), Pass(3), CollectTrick(0),
                       Play.of(1, "7j"), Play.of(2, "Kj"))
    assert game.over and game.winner == 0
    assert [e.type for e in events][-2:] == ["round_ended", "game_ended"]
    with pytest.raises(GameOver):
        apply(game, Pass(1))


def test_the_same_seed_deals_the_same_cards_and_another_seed_others():
    assert new_game(CLASSIC, 42) == new_game(CLASSIC, 42)
    assert new_game(CLASSIC, 42).round.hands != new_game(CLASSIC, 43).round.hands
    assert new_game(DUEL, 42) == new_game(DUEL, 42)


def test_replay_rebuilds_the_state():
    actions = [GrandTichu(s, s == 2) for s in range(4)]
    live = new_game(CLASSIC, 9)
    for action in actions:
        live, _ = apply(live, action)
    assert replay(CLASSIC, 9, actions) == live


def test_no_such_seat():
    with pytest.raises(IllegalAction, match="no seat 4"):
        apply(new_game(CLASSIC, 1), GrandTichu(4, False))
    with pytest.raises(IllegalAction, match="no seat 2"):
        apply(new_game(DUEL, 1), GrandTichu(2, True))


def test_classic_deal_moves_round_by_round():
    game = position(["Aj", "7j 8j", "Kj", "3s 4s"])
    dealer = game.dealer
    game, _ = act(game, Play.of(0, "Aj"), Pass(1), Pass(2), Pass(3), CollectTrick(0),
                  Play.of(1, "7j"), Play.of(2, "Kj"))
    assert game.round_no == 2 and game.dealer == (dealer + 1) % 4
    assert [h.bit_count() for h in game.round.hands] == [8, 8, 8, 8]


def test_spectators_see_no_hand_and_may_do_nothing():
    game = new_game(CLASSIC, 3)
    watcher = spectator_view(game)
    assert watcher.hand == 0 and watcher.seat == -1
    assert options_for_view(watcher).kinds() == frozenset()
    assert view(game, 1).hand == game.round.hands[1]
    assert options_for_view(view(game, 1)).kinds() == {"grand_tichu"}


def test_first_round_is_new_games_round_in_both_rule_sets():
    from engine.game import first_round
    for rules in (CLASSIC, DUEL):
        for seed in range(20):
            assert first_round(rules, seed) == new_game(rules, seed).round
