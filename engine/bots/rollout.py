"""Playing a sampled round to its end with the heuristic's play, for the search bot.

Every seat in a simulation plays the heuristic's choice from what it could know
there: its own hand, the table, and as unseen cards the other hands (plus, in a
duel, the cards out of play). The rollout is deterministic: the same round gives
the same ending, so candidates compared on the same samples differ only by
their own merit. Rollouts run on a `Playout`, unchecked and in place;
tests/bots/test_rollout.py holds them to the same rollouts on the checked engine.
"""

from __future__ import annotations

from ..combos import Combo
from ..simulation import Playout
from ..state import Phase, RoundState
from .heuristic import keep_bombs
from .policy import choose_play, dragon_to, wish_rank
from .situation import Situation, situation_from_state

MAX_STEPS = 500


def unseen_for(state: RoundState | Playout, seat: int) -> int:
    hands = state.hands
    others = sum(hands) - hands[seat]           # the hands are disjoint: their sum is their union
    return others | (state.set_aside if state.rules.duel else 0)


def play_out(playout: Playout, follows_calls: bool = False) -> Playout:
    """The round played to its end (phase OVER) by the heuristic in every seat, in place
    (``follows_calls``: the play of the calling levels, else the reference levels')."""
    for _ in range(MAX_STEPS):
        phase = playout.phase
        if phase is _OVER:
            return playout
        if phase is _PLAY:
            seat = playout.turn
            plays, can_pass = playout.plays()
            if not plays:                   # nothing beats the trick: the heuristic passes
                playout.pass_turn()
            elif len(plays) == 1 and not can_pass:
                play_heuristic(playout, seat, plays[0])
            else:
                situation = _situation(playout, seat, follows_calls)
                play_heuristic(playout, seat, choose_play(situation, plays, can_pass))
        elif phase is _COLLECT:             # no bomb after the last pass is modelled
            playout.collect()
        elif phase is _WISH:
            seat = playout.decider
            situation = _situation(playout, seat, follows_calls)
            playout.name_wish(wish_rank(situation))
        elif phase is _DRAGON:
            seat = playout.decider
            situation = _situation(playout, seat, follows_calls)
            playout.give_dragon(dragon_to(situation, ((seat + 1) % 4, (seat + 3) % 4)))
        else:
            raise ValueError(f"cannot simulate from phase {phase.value}")
    raise RuntimeError("a simulated round did not end")


_OVER, _PLAY, _COLLECT, _WISH, _DRAGON = (Phase.OVER, Phase.PLAY, Phase.COLLECT, Phase.WISH,
                                          Phase.DRAGON)


def _situation(playout: Playout, seat: int, follows_calls: bool) -> Situation:
    return situation_from_state(playout, seat, unseen_for(playout, seat), follows_calls)


def play_heuristic(playout: Playout, seat: int, combo: Combo | None) -> None:
    """``seat`` plays ``combo`` (None: passes) with the cards the heuristic would give."""
    if combo is None:
        playout.pass_turn()
    else:
        cards = keep_bombs(combo, playout.hands[seat])
        playout.play(seat, combo if cards == combo.cards else combo._replace(cards=cards))


def team_margin(playout: Playout, seat: int) -> int:
    """The finished round's score for the seat's team minus the other team's."""
    if playout.result is None:
        raise ValueError("the round is not over: play it out first")
    total = playout.result.total
    team = playout.rules.team_of(seat)
    return total[team] - total[1 - team]
