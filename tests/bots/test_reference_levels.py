"""The reference levels, `normal-ref` and `hard-ref`, play exactly as `normal` and `hard`
did before the bots called by simulation (commit e628d7c): the benchmark's fixed
opponents. Each game below is the hash of every move the bots chose, recorded from those
levels (a host's step that is nobody's choice, such as collecting a won trick once the
table has let it lie, is left out).

A change to the rules that changes what the bots choose changes these games too: then
record them again from the reference levels, and say so.
"""

import hashlib

import pytest

from engine import CLASSIC, DUEL
from engine.bots import levels, make_bot, reference_levels
from engine.bots.arena import play_game

HOST_STEPS = {"CollectTrick"}

# (rules, game seed, levels by seat (repeated), rounds (0: the whole game)) -> hash, moves
RECORDED = [
    (CLASSIC, 1, ("normal-ref",), 0, "49e97d17de7639f8", 1004),
    (DUEL, 2, ("normal-ref",), 0, "0841132cc4c8d3c5", 514),
    (CLASSIC, 2, ("hard-ref", "normal-ref"), 2, "c9ce85c59b79c4b9", 127),
    (DUEL, 1, ("hard-ref", "normal-ref"), 2, "2f7ae9a6f3196d3f", 35),
]


@pytest.mark.parametrize(("rules", "seed", "seated", "rounds", "digest", "count"), RECORDED,
                         ids=lambda v: getattr(v, "variant", v))
def test_the_reference_levels_play_as_recorded(rules, seed, seated, rounds, digest, count):
    bots = [make_bot(seated[s % len(seated)], seed * 10 + s) for s in range(rules.seats)]
    moves = []

    def chosen(_before, action, _after):
        if type(action).__name__ not in HOST_STEPS:
            moves.append(repr(action))
    play_game(rules, seed, bots, rounds=rounds, watch=chosen)
    assert len(moves) == count
    assert hashlib.sha256("\n".join(moves).encode()).hexdigest()[:16] == digest


def test_the_reference_levels_are_made_but_not_offered():
    assert reference_levels() == ("normal-ref", "hard-ref")
    assert not set(reference_levels()) & set(levels())
    assert [make_bot(level).level for level in reference_levels()] == ["normal-ref", "hard-ref"]
