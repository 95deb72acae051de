"""Scoring a finished round (card points, Tichu calls, double victory)."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import points
from .rules import RuleSet
from .events import Event
from .state import Call, Phase, RoundResult, RoundState, RoundStep, evolve

DOUBLE_VICTORY_POINTS = 200


def finish_round(state: RoundState, events: list[Event]) -> RoundStep:
    """Hand the last player's cards and tricks over (classic) and score the round."""
    result = round_result(state.rules, state.out, state.calls, state.won, state.hands,
                          state.dragon_out)
    return evolve(state, phase=Phase.OVER, turn=-1, decider=-1, result=result), events


def round_result(rules: RuleSet, out: tuple[int, ...], calls: tuple[Call, ...],
                 won: tuple[int, ...], hands: tuple[int, ...], dragon_out: bool) -> RoundResult:
    """The result of a round whose play is over, from the facts that decide it (a
    simulation has them without a whole `RoundState`)."""
    if rules.duel:
        return _duel_result(rules, out, calls, won, hands, dragon_out)
    return _classic_result(rules, out, calls, won, hands)


def _call_points(rules: RuleSet, calls: tuple[Call, ...], first_out: int,
                 failed: int = -1) -> tuple[int, int]:
    """Each call is scored on its own: its bonus if the caller went out first, else minus it."""
    totals = [0, 0]
    for seat, call in enumerate(calls):
        if call is Call.NONE:
            continue
        success = seat == first_out and seat != failed
        totals[rules.team_of(seat)] += call.bonus if success else -call.bonus
    return totals[0], totals[1]


def double_victory(out: Sequence[int]) -> bool:
    """Classic: partners went out first and second."""
    return len(out) == 2 and out[0] % 2 == out[1] % 2


def _classic_result(rules: RuleSet, out: tuple[int, ...], calls: tuple[Call, ...],
                    won: tuple[int, ...], hands: tuple[int, ...]) -> RoundResult:
    call_points = _call_points(rules, calls, out[0])
    if double_victory(out):
        team = out[0] % 2
        cards = (DOUBLE_VICTORY_POINTS, 0) if team == 0 else (0, DOUBLE_VICTORY_POINTS)
        return RoundResult(out, calls, cards, call_points, team)
    piles = list(won)
    last = next(s for s in range(4) if s not in out)
    # The last player's hand goes to the other team, his tricks to the first out.
    opponent = out[0] if out[0] % 2 != last % 2 else (last + 1) % 4
    piles[opponent] |= hands[last]
    piles[out[0]] |= piles[last]
    piles[last] = 0
    team_points = (points(piles[0] | piles[2]), points(piles[1] | piles[3]))
    return RoundResult(out + (last,), calls, team_points, call_points, -1)


def _duel_result(rules: RuleSet, out: tuple[int, ...], calls: tuple[Call, ...],
                 won: tuple[int, ...], hands: tuple[int, ...], dragon_out: bool) -> RoundResult:
    first = out[0]
    other = 1 - first
    # The cards left in the other player's hand count as his own won cards.
    won = (won[0] | (hands[0] if other == 0 else 0), won[1] | (hands[1] if other == 1 else 0))
    failed = first if dragon_out else -1
    call_points = _call_points(rules, calls, first, failed)
    order = out if len(out) == 2 else out + (other,)
    return RoundResult(order, calls, (points(won[0]), points(won[1])), call_points, -1)
