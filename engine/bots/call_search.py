"""Tichu and Grand Tichu decided by simulation: the search bot's calls.

At each moment a call is open to it (classic: Grand Tichu on the first 8 cards,
Tichu before its exchange and at its turns before its first card; duel: Grand
Tichu at the discard, Tichu at its turns while it holds 9 cards), the bot deals
the unseen cards again consistently with its view (setup_deal.py before the
first trick, determinize.py after: the cards it gave and received, the calls
made), plays each deal to the round's end twice, once with the call and once
without, and calls when the mean team score with the call beats the one without.
Both choices meet the same deals, and the rest of the table acts in the
simulation as the heuristic levels do: the exchange, the other seats' calls (by
the call model, at `TABLE_BAR`), then the heuristic's play, which answers the calls. Without the
call now, the seat may still call later, as the model says.

A few dozen deals are a noisy estimate, so the call model (call_model.py, fitted
on this bot's self-play) is the prior: its chance counts as `PRIOR_DEALS` deals
beside the share of simulated deals in which the seat, calling, went out first.
That is the call's estimated chance, and the mean gain is corrected by what the
prior moves in the call's bonus. The bot calls when the gain so estimated clears
`GAIN_BAR` and the chance `MIN_CHANCE` (margins that keep the success of its
calls at strong players' rate).

The budget is counted: at most ``samples`` deals (two thirds for Grand Tichu,
whose prior weighs more), fewer once the difference is clear (`STOP_SE`); hands
the model gives no chance (`FLOOR`) are not simulated at all.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import NamedTuple

from ..seat_view import SeatView
from ..simulation import Playout
from ..state import Call, Phase, RoundState
from .call_model import CallModels, Table, opponent_calls, table_of
from .determinize import Plausible, sample_round
from .interface import never
from .memory import Memory
from .opening import best_discard, choose_exchange, take_in_draft
from .rollout import play_out, team_margin
from .setup_deal import SET_UP, sample_setup

CALL_SAMPLES = 24     # deals per Tichu decision, at most (Grand Tichu: two thirds)
BATCH = 8             # deals between two looks at the difference
STOP_SE = 2.5         # the difference is clear this many standard errors from the bar
PRIOR_DEALS = 24      # the model's chance weighs as much as this many simulated deals
GAIN_BAR = {"tichu": 30.0, "grand": 40.0}   # points per round a call must add
MIN_CHANCE = {"tichu": 0.55, "grand": 0.5}   # and no call that is likelier to fail
BONUS = {"tichu": 100, "grand": 200}
# Below this modelled chance no simulation is run: the prior alone keeps the call out of
# reach. Before the exchange the hand has not got its gifts yet, and a call then must
# be strong enough to be worth announcing early.
FLOOR = {"tichu": 0.3, "grand": 0.45}
EXCHANGE_FLOOR = 0.45
PLAUSIBLE = 0.45      # a caller's hand has at least this modelled chance
# The simulation supposes that the rest of the table calls a hand the model gives
# this chance (whatever its levels are), and keeps its strength in the exchange then.
TABLE_BAR = {"tichu": 0.65, "grand": 0.65}


class CallDecision(NamedTuple):
    call: bool
    chance: float        # the estimated chance that the call succeeds
    gain: float          # points per round the call adds, as simulated (0: not simulated)
    samples: int         # deals simulated


class CallSearch:
    """One seat's simulated call decisions; its own generator makes them reproducible."""

    def __init__(self, seed: int, models: CallModels, samples: int = CALL_SAMPLES) -> None:
        self.rng = random.Random(seed ^ 0x5EED_CA11)
        self.models = models
        self.samples = samples

    def decide(self, view: SeatView, memory: Memory, kind: str,
               over_time: Callable[[], bool] = never) -> CallDecision:
        """Whether to call ``kind`` ("tichu" or "grand") now; ``over_time`` says when the
        host's time cap is met (it is checked after each deal)."""
        modelled = modelled_chance(self.models, view, kind)
        floor = EXCHANGE_FLOOR if view.phase is Phase.EXCHANGE else FLOOR[kind]
        if modelled < floor or self.samples < 1:
            return CallDecision(False, modelled, 0.0, 0)
        call = Call.GRAND if kind == "grand" else Call.TICHU
        rng = random.Random(self.rng.getrandbits(64))
        plausible = plausible_callers(self.models, view)
        diffs: list[float] = []
        wins = 0
        budget = self.samples if kind == "tichu" else 2 * self.samples // 3
        estimate = _Estimate(modelled, BONUS[kind], GAIN_BAR[kind])
        while len(diffs) < budget:
            state = (sample_setup(view, rng, plausible) if view.phase in SET_UP
                     else sample_round(view, memory, rng, plausible))
            called = simulate(state, view.seat, call, self.models)
            passed = simulate(state, view.seat, Call.NONE, self.models)
            diffs.append(team_margin(called, view.seat) - team_margin(passed, view.seat))
            wins += succeeded(called, view.seat)
            if over_time() or estimate.clear(diffs, wins):
                break
        chance, gain = estimate.of(diffs, wins)
        calls = gain > GAIN_BAR[kind] and chance >= MIN_CHANCE[kind]
        return CallDecision(calls, chance, gain, len(diffs))


def modelled_chance(models: CallModels, view: SeatView, kind: str) -> float:
    """The call model's chance for the view's hand (duel Grand Tichu: after the best
    discard)."""
    duel, hand = view.rules.duel, view.hand
    if duel and kind == "grand":
        hand &= ~best_discard(hand)
    return models.success(duel, kind, hand, table_of(view))


def plausible_callers(models: CallModels, view: SeatView) -> Plausible:
    """A caller's sampled hand (with the cards it played) is plausible when the model
    gives it a fair chance: on 8 cards for Grand Tichu, else as a Tichu hand."""
    duel = view.rules.duel

    def plausible(seat: int, hand: int) -> bool:
        kind = "grand" if hand.bit_count() <= 8 else "tichu"
        return models.success(duel, kind, hand) >= PLAUSIBLE
    return plausible


def simulate(state: RoundState, me: int, my_call: Call, models: CallModels) -> Playout:
    """The round from ``state`` to its end, ``me`` making ``my_call`` now (Call.NONE: not
    now, but maybe later as the model says), the table as the heuristic levels play."""
    playout = Playout(state)
    if my_call is Call.TICHU:
        playout.call_tichu(me)
    if playout.phase in SET_UP:
        if my_call is Call.GRAND:
            playout.decide_grand(me, True)
        set_up(playout, me, models)
        first_lead_calls(playout, models)
    return play_out(playout, follows_calls=True)


def set_up(playout: Playout, me: int, models: CallModels) -> None:
    """Grand Tichu decisions, exchange or discard and draft, up to the first lead; every
    seat but ``me`` decides Grand Tichu by the model (``me`` has decided already)."""
    while playout.phase not in (Phase.PLAY, Phase.OVER):
        seat, phase = playout.awaited, playout.phase
        hand = playout.hands[seat]
        if phase is Phase.GRAND:
            playout.decide_grand(seat, seat != me and _model_calls(playout, seat, "grand", models))
        elif phase is Phase.EXCHANGE:
            calls = playout.calls
            will_call = (calls[seat] is not Call.NONE
                         or _model_calls(playout, seat, "tichu", models))
            playout.give(seat, choose_exchange(hand, calls[(seat + 2) % 4] is not Call.NONE,
                                               will_call))
        elif phase is Phase.DISCARD:
            if (seat != me and playout.base.rules.grand
                    and all(c is Call.NONE for c in playout.calls)
                    and _model_calls(playout, seat, "grand", models)):
                playout.decide_grand(seat, True)
            playout.discard(seat, best_discard(hand))
        else:
            base = playout.base
            card = base.draft_cards[len(playout.draft)]
            playout.take_draft(take_in_draft(playout.hands[base.drafter], card))


def first_lead_calls(playout: Playout, models: CallModels) -> None:
    """At the first lead, every seat that may still call Tichu does if the model says so,
    as the heuristic levels do (the deciding seat too, if it has not called)."""
    for seat in range(len(playout.hands)):
        if _tichu_open(playout, seat) and _model_calls(playout, seat, "tichu", models):
            playout.call_tichu(seat)


def _tichu_open(playout: Playout, seat: int) -> bool:
    calls = playout.calls
    if playout.duel:
        return all(c is Call.NONE for c in calls) and playout.hands[seat].bit_count() >= 9
    return calls[seat] is Call.NONE and calls[(seat + 2) % 4] is Call.NONE


def _model_calls(playout: Playout, seat: int, kind: str, models: CallModels) -> bool:
    """Whether the simulation supposes the seat makes the call here."""
    duel = playout.duel
    hand = playout.hands[seat]
    if duel and kind == "grand":
        hand &= ~best_discard(hand)
    calls = playout.calls
    got = playout.received[seat] if not duel else None
    if not duel and calls[(seat + 2) % 4] is not Call.NONE:
        return False
    table = Table(got[1] if got else -1, (got[0], got[2]) if got else (), False,
                  opponent_calls(calls, seat))
    return models.success(duel, kind, hand, table) >= TABLE_BAR[kind]


def succeeded(playout: Playout, seat: int) -> bool:
    """Whether ``seat`` went out first in the finished round (and, in a duel, not with
    the Dragon, which sinks a call)."""
    result = playout.result
    return (result is not None and result.out_order[0] == seat
            and not (playout.duel and playout.dragon_out))


class _Estimate(NamedTuple):
    """The simulated deals with the model's chance as prior."""

    modelled: float
    bonus: int
    bar: float

    def of(self, diffs: list[float], wins: int) -> tuple[float, float]:
        """The call's estimated chance, and the points per round it adds."""
        n = len(diffs)
        chance = (PRIOR_DEALS * self.modelled + wins) / (PRIOR_DEALS + n)
        return chance, sum(diffs) / n + 2 * self.bonus * (chance - wins / n)

    def clear(self, diffs: list[float], wins: int) -> bool:
        """After whole batches: whether the gain is clearly on one side of the bar."""
        n = len(diffs)
        if n < 2 * BATCH or n % BATCH:
            return False
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return abs(self.of(diffs, wins)[1] - self.bar) > STOP_SE * math.sqrt(var / n)
