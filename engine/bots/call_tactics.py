"""Play that follows the calls at the table: what policy.py adds to a play's score
when the situation says so (`Situation.follows_calls`; the reference levels play
without it).

The caller's partner supports: he leads low singles the caller can take over,
stays out of the caller's way, and takes back a trick an opponent holds once the
caller has passed on it. The opponents defend: they overtake the caller, bomb him
when he is near his exit, and keep the Dragon and their bombs for him. A caller
who can still be stopped keeps control: he does not spend a sure winner to
overtake his own partner while he holds more than one losing combination.
"""

from __future__ import annotations

from collections.abc import Callable

from ..combos import Combo, Kind
from ..state import Call
from .situation import Situation

LOW_LEAD = 10         # a partner's single below this rank is one the caller can take over
_NO_CALL = Call.NONE


def live_caller(t: Situation, seat: int) -> bool:
    """A seat that called and can still make it (nobody is out yet, it holds cards)."""
    return t.called(seat) and t.counts[seat] > 0 and not t.out


def opposing_caller(t: Situation) -> int:
    """The opponent whose call is live, or -1."""
    return next((s for s in t.opponents() if live_caller(t, s)), -1)


def supporting(t: Situation) -> bool:
    """Our partner's call is live (and ours is not)."""
    return t.partner >= 0 and live_caller(t, t.partner) and not t.called(t.seat)


def lead_bonus(supports: bool, combo: Combo) -> float:
    """Leading for a caller partner (``supports``: see `supporting`): a low single he can
    take over."""
    if supports and combo.kind == Kind.SINGLE and combo.height < LOW_LEAD:
        return 0.4
    return 0.0


def follow_bonuses(t: Situation) -> tuple[float, float]:
    """Following: what the calls add to beating the trick on the table, with any play but
    the Dragon and with the Dragon (the play matters only by that)."""
    if t.calls.count(_NO_CALL) == len(t.calls):
        return 0.0, 0.0
    holder = t.top_seat
    bonus = 0.0
    if supporting(t) and not t.is_partner(holder):
        # The caller sits two seats on: after the holder's left-hand player he has passed.
        caller_passed = (holder - t.seat) % 4 == 1
        bonus += 0.8 if caller_passed else -0.3
    dragon = bonus
    caller = opposing_caller(t)
    if caller >= 0:
        if holder == caller:
            taken = 0.6 + (0.6 if t.counts[caller] <= 4 else 0.0)
            bonus += taken
            dragon += taken
        else:
            dragon -= 0.8                    # kept for the caller's last combinations
    if live_caller(t, t.seat) and not t.is_partner(holder):
        bonus += 1.0                         # the caller takes the lead from the opponents
        dragon += 1.0
    return bonus, dragon


def overtakes_partner(t: Situation, sure: bool, losers: Callable[[], int]) -> float:
    """A caller overtaking his partner: not with a sure winner while more than one
    combination of his could still lose (his partner will give the lead back);
    ``losers`` counts those."""
    if live_caller(t, t.seat) and sure and losers() > 1:
        return -0.5
    return 0.0


def bomb_bonus(t: Situation) -> float:
    """A bomb on the caller near his exit is worth more; one on anybody else, while an
    opponent's call is live, less (it is kept for him)."""
    if live_caller(t, t.seat) and not t.is_partner(t.top_seat):
        return 0.8                           # the caller takes the lead back
    caller = opposing_caller(t)
    if caller < 0:
        return 0.0
    if t.top_seat == caller:
        return 1.0 if t.counts[caller] <= 6 else 0.3
    return -0.8
