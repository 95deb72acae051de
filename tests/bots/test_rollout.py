"""The search bot's rollouts run on a `Playout`: they must end exactly as the same rollouts
stepped through the pure engine, whose every play is checked."""

import random

import pytest

from engine import (CLASSIC, DUEL, CollectTrick, apply, new_game, options, trick_to_collect,
                    view, waiting_for)
from engine.actions import GiveDragon, Pass, Play, Wish
from engine.bots import make_bot
from engine.bots.determinize import sample_round
from engine.bots.heuristic import keep_bombs
from engine.bots.policy import choose_play, dragon_to, wish_rank
from engine.bots.rollout import unseen_for
from engine.bots.search import rollout_margin
from engine.bots.situation import situation_from_state
from engine.tricks import do_collect, do_give_dragon, do_pass, do_play, do_wish, seat_plays
from engine.state import Phase


def checked_margin(state, seat, combo) -> float:
    """`rollout_margin` written on the pure engine."""
    state = checked_play(state, seat, combo)
    while state.phase is not Phase.OVER:
        if state.phase is Phase.COLLECT:
            state = do_collect(state, CollectTrick(state.top_seat))[0]
            continue
        if state.phase is Phase.PLAY:
            mover = state.turn
        else:
            mover = state.decider
        situation = situation_from_state(state, mover, unseen_for(state, mover))
        if state.phase is Phase.PLAY:
            state = checked_play(state, mover, choose_play(situation, *seat_plays(state, mover)))
        elif state.phase is Phase.WISH:
            state = do_wish(state, Wish(mover, wish_rank(situation)))[0]
        else:
            to = dragon_to(situation, ((mover + 1) % 4, (mover + 3) % 4))
            state = do_give_dragon(state, GiveDragon(mover, to))[0]
    total, team = state.result.total, state.rules.team_of(seat)
    return float(total[team] - total[1 - team])


def checked_play(state, seat, combo):
    if combo is None:
        return do_pass(state, Pass(seat))[0]
    return do_play(state, Play(seat, keep_bombs(combo, state.hands[seat]), combo.phoenix_as))[0]


@pytest.mark.parametrize("rules", [CLASSIC, DUEL], ids=["classic", "duel"])
def test_rollouts_end_as_on_the_checked_engine(rules):
    compared = 0
    for seed in range(4):
        rng = random.Random(seed)
        game = new_game(rules, seed)
        bots = [make_bot("normal", seed * 10 + s) for s in range(rules.seats)]
        while not game.over and game.round_no == 1:
            if not waiting_for(game):
                game, _ = apply(game, trick_to_collect(game))
                continue
            seat = waiting_for(game)[0]
            seen = view(game, seat)
            if game.round.phase is Phase.PLAY and rng.random() < 0.3:
                opts = options(game, seat)
                deal = sample_round(seen, bots[seat].memory, random.Random(seed))
                for combo in list(opts.plays[:3]) + ([None] if opts.can_pass else []):
                    assert rollout_margin(deal, seat, combo) == checked_margin(deal, seat, combo)
                    compared += 1
            game, _ = apply(game, bots[seat].decide(seen))
    assert compared > 20
