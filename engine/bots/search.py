"""The search bot (level "hard"): the heuristic bot, with its play decisions
checked by simulation, and its calls decided by simulation (call_search.py).

When it must play, it takes the heuristic's best few candidate plays (and the
pass, when allowed), deals the hidden cards again a number of times consistently
with what it knows (determinize.py), plays each deal to the end of the round
once per candidate with the heuristic in every seat (rollout.py), and picks the
candidate with the best mean team score difference for the round, Tichu calls
and double victories included. Every candidate meets the same deals.

The budget is counted, never timed: at most ``samples`` deals (12; classic 24), each
played out once per candidate still in the running, every rollout at most
`rollout.MAX_STEPS` moves.
So the same seed and the same views give the same move on any machine. A host may
add a `TimeCap`, checked after each deal, as a safety net for a machine too slow
for the budget. Every other decision (exchange, wish, Dragon, duel set-up,
out-of-turn bombs) is the heuristic's.

Level "hard-ref" is the search bot as it was before the call work (commit
e628d7c): the reference heuristic's play and calls, kept as a fixed opponent for
the benchmark.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..actions import Action, CallTichu, GrandTichu, Pass, Play
from ..combos import Combo
from ..simulation import Playout
from ..state import Phase, RoundState
from ..seat_options import Options
from ..seat_view import SeatView, options_for_view
from .call_model import FITTED
from .call_search import CALL_SAMPLES, CallDecision, CallSearch, plausible_callers
from .determinize import sample_round
from .heuristic import HeuristicBot, ReferenceHeuristicBot, as_action
from .interface import TimeCap, deadline, never
from .policy import GO_OUT
from .rollout import play_heuristic, play_out, team_margin

SAMPLES = 12          # deals per play decision (the duel's, the reference's and the coach's)
# Classic: twice as many, which plays measurably better (+17.7 +- 8.1 points per deal over
# 109 duplicate pairs) in less time than 12 took before issue 29 (docs/BENCHMARKS.md).
CLASSIC_SAMPLES = 24
CANDIDATES = 3        # the heuristic's best plays compared (the pass comes on top)
SWITCH_MARGIN = 2.0   # points per round another play must gain over the heuristic's
WINDOW = 1.0          # candidates score at most this much below the heuristic's best
BATCH = 4             # deals between two looks at the scores
PRUNE_SE = 1.5        # a candidate this many standard errors behind the leader drops out


class SearchBot:
    level = "hard"
    reference = False

    def __init__(self, seed: int = 0, samples: int | None = None, candidates: int = CANDIDATES,
                 *, time_cap: TimeCap | None = None, call_samples: int = CALL_SAMPLES) -> None:
        self.heuristic: HeuristicBot = (
            ReferenceHeuristicBot(seed) if self.reference
            else SimulatedCalls(seed, CallSearch(seed, FITTED, call_samples)))
        self.rng = random.Random(seed)
        self.samples = samples              # None: the level's, by rule set (`deals_for`)
        self.candidates = candidates
        self.time_cap = time_cap
        self.call_notes = self.heuristic.call_notes

    def decide(self, view: SeatView) -> Action | None:
        """The heuristic's answer, its calls and plays checked by simulation; both searches
        share the host's time cap, started now."""
        over_time = deadline(self.time_cap)
        if isinstance(self.heuristic, SimulatedCalls):
            self.heuristic.over_time = over_time
        action = self.heuristic.decide(view)
        if not isinstance(action, (Play, Pass)) or view.phase is not Phase.PLAY:
            return action
        opts = options_for_view(view)
        if not opts.waiting:
            return action
        ranked = self.heuristic.ranked_plays(view, opts)
        floor = ranked[0][0] - WINDOW
        candidates = [combo for score, combo in ranked[:self.candidates] if score >= floor]
        if opts.can_pass and None not in candidates and floor <= 0.0:
            candidates.append(None)
        if len(candidates) < 2 or ranked[0][0] >= GO_OUT:
            return action
        best = self._search(view, candidates, over_time)
        return as_action(view.seat, best, view.hand)

    def deals_for(self, duel: bool) -> int:
        """Deals per play decision: as made, or the level's for the rule set."""
        if self.samples is not None:
            return self.samples
        return SAMPLES if duel or self.reference else CLASSIC_SAMPLES

    def _search(self, view: SeatView, candidates: list[Combo | None],
                over_time: Callable[[], bool]) -> Combo | None:
        """Deal in batches; after each, drop candidates clearly behind the leader (paired
        over the same deals), until one is left, the deals are spent or the host's time
        cap is met."""
        rng = random.Random(self.rng.getrandbits(64))
        memory, follows = self.heuristic.memory, not self.reference
        plausible = None if self.reference else plausible_callers(FITTED, view)
        alive = list(range(len(candidates)))
        values: list[list[float]] = [[] for _ in candidates]
        dealt = 0
        stopped = False
        budget = self.deals_for(view.rules.duel)
        while dealt < budget and len(alive) > 1 and not stopped:
            for _ in range(min(BATCH, budget - dealt)):
                deal = sample_round(view, memory, rng, plausible)
                dealt += 1
                for j in alive:
                    values[j].append(rollout_margin(deal, view.seat, candidates[j], follows))
                stopped = over_time()
                if stopped:
                    break
            alive = _prune(alive, values)
        return candidates[_leader(alive, values)]


def _leader(alive: list[int], values: list[list[float]]) -> int:
    """The best mean; the heuristic's own choice (index 0) unless beaten by a margin."""
    def mean(j: int) -> float:
        return sum(values[j]) / len(values[j])
    best = min(alive)
    for j in alive:
        if j != best and mean(j) > mean(best) + (SWITCH_MARGIN if best == 0 else 0.0):
            best = j
    return best


def _prune(alive: list[int], values: list[list[float]]) -> list[int]:
    """Keep the candidates not clearly worse than the leader: a paired difference more
    than PRUNE_SE standard errors below it drops out."""
    n = len(values[alive[0]])
    if n < BATCH:
        return alive
    lead = _leader(alive, values)
    keep = []
    for j in alive:
        if j == lead:
            keep.append(j)
            continue
        diffs = [a - b for a, b in zip(values[j], values[lead], strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean + PRUNE_SE * (var / n) ** 0.5 >= 0 and var > 0:
            keep.append(j)
    return keep


def rollout_margin(state: RoundState, seat: int, combo: Combo | None,
                   follows_calls: bool = False) -> float:
    """The seat's team margin when it plays ``combo`` (None: passes) and the heuristic
    plays the rest of the round."""
    playout = Playout(state)
    play_heuristic(playout, seat, combo)
    return float(team_margin(play_out(playout, follows_calls), seat))


class ReferenceSearchBot(SearchBot):
    level = "hard-ref"
    reference = True


class SimulatedCalls(HeuristicBot):
    """The search bot's heuristic: its calls are decided by simulation, at the moments
    it is awaited (so that the host and the benchmark time them)."""

    def __init__(self, seed: int, calls: CallSearch) -> None:
        super().__init__(seed)
        self.calls = calls
        self.over_time: Callable[[], bool] = never       # the decision's, set by the search bot
        self._decided: dict[tuple[object, ...], CallDecision] = {}

    def _call(self, view: SeatView, opts: Options) -> Action | None:
        seat = view.seat
        if not opts.waiting:
            return None
        if opts.call_grand:
            calls = self._simulated(view, "grand").call
            if calls or not view.rules.duel:
                return GrandTichu(seat, calls)
        elif (opts.tichu and view.phase in (Phase.EXCHANGE, Phase.PLAY)
              and self._simulated(view, "tichu").call):
            return CallTichu(seat)
        return None

    def _simulated(self, view: SeatView, kind: str) -> CallDecision:
        """The decision for this hand and these calls, simulated once: at later turns
        before the first card it is simulated again only if something changed."""
        key = (view.round_no, kind, view.phase is Phase.PLAY, view.hand, view.calls)
        decision = self._decided.get(key)
        if decision is None:
            if self._decided and next(iter(self._decided))[0] != view.round_no:
                self._decided.clear()
            decision = self._decided[key] = self.calls.decide(view, self.memory, kind,
                                                                   self.over_time)
            self._note(view, kind, decision.chance, decision.call, decision.samples > 0,
                       decision.gain)
        return decision

