"""When a seat may call Tichu or Grand Tichu: the windows the rules open for each call.

deal.py refuses a call outside its window, and the seat's options and view say
whether it is open; all three ask here.
"""

from __future__ import annotations

from .state import Call, Phase, RoundState


def grand_window_open(state: RoundState) -> bool:
    """Duel: Grand Tichu may be called before the draft starts, if nobody has called yet
    (and the table plays with Grand Tichu)."""
    return (state.rules.grand and state.phase is Phase.DISCARD
            and all(c is Call.NONE for c in state.calls))


def grand_open(state: RoundState, seat: int) -> bool:
    """Whether ``seat`` may decide on (classic) or call (duel) Grand Tichu now."""
    if state.rules.duel:
        return grand_window_open(state)
    return not state.grand_decided[seat]


def tichu_window_open(state: RoundState, seat: int) -> bool:
    """Whether ``seat`` may call (small) Tichu now."""
    if state.phase is Phase.OVER or state.calls[seat] is not Call.NONE:
        return False
    if state.rules.duel:
        return (state.phase is not Phase.WISH and state.hands[seat].bit_count() >= 9
                and all(c is Call.NONE for c in state.calls))
    return state.phase is not Phase.GRAND and not state.played >> seat & 1
