"""Scoring a finished round (card points, Tichu calls, double victory)."""

from __future__ import annotations

from .cards import points
from .state import Call, Phase, RoundResult, RoundState, evolve

DOUBLE_VICTORY_POINTS = 200


def finish_round(state: RoundState, events: list):
    """Hand the last player's cards and tricks over (classic) and score the round."""
    result = _duel_result(state) if state.rules.duel else _classic_result(state)
    return evolve(state, phase=Phase.OVER, turn=-1, decider=-1, result=result), events


def _call_points(state: RoundState, first_out: int, failed: int = -1) -> tuple[int, int]:
    """Each call is scored on its own: its bonus if the caller went out first, else minus it."""
    totals = [0, 0]
    for seat, call in enumerate(state.calls):
        if call is Call.NONE:
            continue
        success = seat == first_out and seat != failed
        totals[state.rules.team_of(seat)] += call.bonus if success else -call.bonus
    return totals[0], totals[1]


def _classic_result(state: RoundState) -> RoundResult:
    out = state.out
    calls = _call_points(state, out[0])
    if len(out) == 2 and out[0] % 2 == out[1] % 2:
        team = out[0] % 2
        cards = (DOUBLE_VICTORY_POINTS, 0) if team == 0 else (0, DOUBLE_VICTORY_POINTS)
        return RoundResult(out, state.calls, cards, calls, team)
    won = list(state.won)
    last = next(s for s in range(4) if s not in out)
    # The last player's hand goes to the other team, his tricks to the first out.
    opponent = out[0] if out[0] % 2 != last % 2 else (last + 1) % 4
    won[opponent] |= state.hands[last]
    won[out[0]] |= won[last]
    won[last] = 0
    team_points = (points(won[0] | won[2]), points(won[1] | won[3]))
    full_order = out + (last,)
    return RoundResult(full_order, state.calls, team_points, calls, -1)


def _duel_result(state: RoundState) -> RoundResult:
    out = state.out
    first = out[0]
    other = 1 - first
    # The cards left in the other player's hand count as his own won cards.
    won = (state.won[0] | (state.hands[0] if other == 0 else 0),
           state.won[1] | (state.hands[1] if other == 1 else 0))
    failed = first if state.dragon_out else -1
    calls = _call_points(state, first, failed)
    order = out if len(out) == 2 else out + (other,)
    return RoundResult(order, state.calls, (points(won[0]), points(won[1])), calls, -1)
