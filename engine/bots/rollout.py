"""Playing a sampled round to its end with the heuristic's play, for the search bot.

Every seat in a simulation plays the heuristic's choice from what it could know
there: its own hand, the table, and as unseen cards the other hands (plus, in a
duel, the cards out of play). The rollout is deterministic: the same round gives
the same ending, so candidates compared on the same samples differ only by
their own merit.
"""

from __future__ import annotations

from ..actions import GiveDragon, Pass, Play, Wish
from ..play import do_give_dragon, do_pass, do_play, do_wish, seat_plays
from ..state import Phase, RoundState
from .heuristic import keep_bombs
from .policy import choose_play, dragon_to, wish_rank
from .table import table_from_state

MAX_STEPS = 500


def unseen_for(state: RoundState, seat: int) -> int:
    others = 0
    for s, hand in enumerate(state.hands):
        if s != seat:
            others |= hand
    return others | (state.set_aside if state.rules.duel else 0)


def play_out(state: RoundState) -> RoundState:
    """The round played to its end (phase OVER) by the heuristic in every seat."""
    for _ in range(MAX_STEPS):
        phase = state.phase
        if phase is Phase.OVER:
            return state
        if phase is Phase.PLAY:
            seat = state.turn
            plays, can_pass = seat_plays(state, seat)
            table = table_from_state(state, seat, unseen_for(state, seat))
            combo = choose_play(table, plays, can_pass)
            if combo is None:
                state = do_pass(state, Pass(seat))[0]
            else:
                state = do_play(state, Play(seat, keep_bombs(combo, state.hands[seat]),
                                            combo.phoenix_as))[0]
        elif phase is Phase.WISH:
            seat = state.decider
            table = table_from_state(state, seat, unseen_for(state, seat))
            state = do_wish(state, Wish(seat, wish_rank(table)))[0]
        elif phase is Phase.DRAGON:
            seat = state.decider
            table = table_from_state(state, seat, unseen_for(state, seat))
            choices = ((seat + 1) % 4, (seat + 3) % 4)
            state = do_give_dragon(state, GiveDragon(seat, dragon_to(table, choices)))[0]
        else:
            raise ValueError(f"cannot simulate from phase {phase.value}")
    raise RuntimeError("a simulated round did not end")


def team_margin(state: RoundState, seat: int) -> int:
    """The finished round's score for the seat's team minus the other team's."""
    total = state.result.total
    team = state.rules.team_of(seat)
    return total[team] - total[1 - team]
