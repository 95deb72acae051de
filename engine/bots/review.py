"""A round looked back on: for each play or pass a seat chose, the expected points of the
choice and of the best alternative, as the `hard` bot measures them.

At each decision the seat had (its turn in the play, more than one thing it could do), the
hidden cards are dealt again `REVIEW_SAMPLES` times consistently with what the seat knew
then (its view and its memory of the round, never the real hands: determinize.py), and
every candidate meets the same deals: the choice made, the heuristic's best plays and the
pass. Each deal is played to the end of the round with the heuristic in every seat
(rollout.py); a candidate's figure is the mean of the seat's team margin for the round,
calls and double victories included. The loss of a decision is how far the choice made
falls below the best candidate. Samples are noisy, so a loss under `FINE` points is not a
mistake: such a decision counts as fine.

The review is a function of the game (its rules, seed and moves), the seats asked for and
the number of samples: the same game gives the same figures on any machine. The wish, the
Dragon, the exchange, calls and bombs out of turn are not reviewed here yet.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from ..actions import Action, Pass, Play
from ..combos import Combo, readings
from ..game import apply, new_game
from ..plays_now import play_key
from ..rules import RuleSet
from ..seat_view import SeatView, options_for_view, view
from ..state import Phase
from .call_model import FITTED
from .call_search import plausible_callers
from .determinize import sample_round
from .heuristic import HeuristicBot
from .memory import Memory
from .search import rollout_margin

REVIEW_SAMPLES = 24     # deals per decision, as the hard bot takes in classic Tichu
CANDIDATES = 3          # the heuristic's best plays set beside the choice made (and the pass)
FINE = 10.0             # points: a choice this close to the best is not called a mistake


@dataclass(frozen=True)
class Reviewed:
    """One decision: ``move`` numbers it in the game (1 is the first move), ``chosen`` and
    ``best`` are plays (None: pass), the points each is expected to make for the seat's team
    in the round over the same ``samples`` deals."""

    round_no: int
    move: int
    seat: int
    chosen: Combo | None
    chosen_points: float
    best: Combo | None
    best_points: float
    samples: int

    @property
    def loss(self) -> float:
        return max(0.0, self.best_points - self.chosen_points)

    @property
    def fine(self) -> bool:
        return self.loss < FINE


def review_game(rules: RuleSet, seed: int, actions: Sequence[Action], seats: Collection[int],
                *, shared: bool = False, rounds: Collection[int] | None = None,
                samples: int = REVIEW_SAMPLES,
                stop: Callable[[], bool] = lambda: False) -> list[Reviewed]:
    """Every play decision of ``seats`` in the game (in ``rounds`` only, if given), in the
    order they were made. ``stop`` is asked between decisions: True ends the review there."""
    game = new_game(rules, seed, shared=shared)
    memories = {seat: Memory() for seat in seats}
    found: list[Reviewed] = []
    for number, action in enumerate(actions, start=1):
        for seat, memory in memories.items():
            memory.observe(view(game, seat))
        seat = getattr(action, "seat", -1)
        if seat in memories and isinstance(action, (Play, Pass)) \
                and (rounds is None or game.round_no in rounds):
            if stop():
                break
            decided = review_decision(view(game, seat), memories[seat], action, number,
                                      samples)
            if decided is not None:
                found.append(decided)
        game, _events = apply(game, action)
    return found


def review_decision(seen: SeatView, memory: Memory, action: Play | Pass, number: int,
                    samples: int = REVIEW_SAMPLES) -> Reviewed | None:
    """The figures of one play or pass made from ``seen`` as move ``number``; None when it
    was no decision (not the seat's turn, or only one thing it could do). Its deals are
    drawn from the round and the move's number, so that the seat's own program, which
    never learns the game's seed, gets the very figures a review of the kept game does."""
    if seen.phase is not Phase.PLAY or seen.turn != seen.seat:
        return None
    opts = options_for_view(seen)
    if not opts.waiting or len(opts.plays) + opts.can_pass < 2:
        return None
    chosen = chosen_combo(seen, action)
    judge = HeuristicBot()
    judge.memory = memory
    ranked = [combo for _score, combo in judge.ranked_plays(seen, opts)[:CANDIDATES]]
    candidates: list[Combo | None] = [chosen]
    for combo in [*ranked, *([None] if opts.can_pass else [])]:
        if all(_key(combo) != _key(other) for other in candidates):
            candidates.append(combo)
    if len(candidates) < 2:
        return None
    rng = random.Random(f"review:{seen.round_no}:{number}")
    plausible = plausible_callers(FITTED, seen)
    totals = [0.0] * len(candidates)
    for _ in range(samples):
        deal = sample_round(seen, memory, rng, plausible)
        for index, combo in enumerate(candidates):
            totals[index] += rollout_margin(deal, seen.seat, combo, True)
    means = [total / samples for total in totals]
    best = max(range(len(candidates)), key=lambda index: (means[index], index == 0))
    return Reviewed(seen.round_no, number, seen.seat, chosen, means[0], candidates[best],
                    means[best], samples)


def chosen_combo(seen: SeatView, action: Play | Pass) -> Combo | None:
    """The play as the engine read it (None: a pass): the highest reading of its cards, or
    the one its Phoenix was given."""
    if isinstance(action, Pass):
        return None
    found = readings(action.cards, seen.rules)
    if action.phoenix_as:
        found = [combo for combo in found if combo.phoenix_as == action.phoenix_as] or found
    legal = {play_key(combo) for combo in options_for_view(seen).plays}
    return next((combo for combo in found if play_key(combo) in legal), found[0])


def _key(combo: Combo | None) -> object:
    return None if combo is None else play_key(combo)
