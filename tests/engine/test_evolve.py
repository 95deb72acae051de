"""`evolve`: the engine's quick `dataclasses.replace`, as strict and with the same result."""

from __future__ import annotations

import dataclasses

import pytest

from engine import CLASSIC, DUEL, new_game
from engine.state import Phase, evolve


@pytest.mark.parametrize("rules", [CLASSIC, DUEL])
def test_evolve_gives_what_replace_gives_and_leaves_the_old_state_alone(rules):
    game = new_game(rules, seed=5)
    before = game.round
    changed = evolve(before, phase=Phase.OVER, turn=3, wish=7)
    assert changed == dataclasses.replace(before, phase=Phase.OVER, turn=3, wish=7)
    assert hash(changed) == hash(dataclasses.replace(before, phase=Phase.OVER, turn=3, wish=7))
    assert (before.phase, before.turn, before.wish) != (Phase.OVER, 3, 7)
    assert evolve(game, round_no=9) == dataclasses.replace(game, round_no=9)
    assert evolve(before) == before and evolve(before) is not before


def test_a_name_that_is_not_a_field_is_refused_as_replace_refuses_it():
    state = new_game(CLASSIC, seed=1).round
    with pytest.raises(TypeError, match="RoundState has no field phse"):
        evolve(state, phse=Phase.PLAY)
    with pytest.raises(TypeError):
        dataclasses.replace(state, phse=Phase.PLAY)  # type: ignore[call-arg]


def test_the_new_state_is_as_frozen_as_the_old():
    state = evolve(new_game(CLASSIC, seed=2).round, turn=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.turn = 2  # type: ignore[misc]
