"""A round looked back on: for each play or pass a seat chose, each Tichu or Grand Tichu it
called or let go, and its exchange, the expected points of the choice and of the best alternative,
as the `hard` bot measures them.

At each decision the seat had (its turn in the play, more than one thing it could do), the
hidden cards are dealt again `REVIEW_SAMPLES` times consistently with what the seat knew
then (its view and its memory of the round, never the real hands: determinize.py), and
every candidate meets the same deals: the choice made, the heuristic's best plays and the
pass. Each deal is played to the end of the round with the heuristic in every seat
(rollout.py); a candidate's figure is the mean of the seat's team margin for the round,
calls and double victories included. The loss of a decision is how far the choice made
falls below the best candidate. Samples are noisy, so a loss under `FINE` points is not a
mistake: such a decision counts as fine.

A call is measured as the hard bot decides one (call_search.py): each deal is played out
twice, with the call and without, the rest of the table as the heuristic levels play (the
exchange, their calls by the call model, then the heuristic's play). Grand Tichu is
reviewed where it was called or declined; Tichu where it was called, and, for a seat that
never called, at its first card, its last chance. An exchange is set beside the one the
heuristic levels would make of the same hand (when they differ), each played out from the
exchange on.

The review is a function of the game (its rules, seed and moves), the seats asked for and
the number of samples: the same game gives the same figures on any machine. The wish, the
Dragon and bombs out of turn are not reviewed here yet.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass

from ..actions import Action, CallTichu, Exchange, GrandTichu, Pass, Play
from ..combos import Combo, readings
from ..game import apply, new_game
from ..plays_now import play_key
from ..rules import RuleSet
from ..seat_view import SeatView, options_for_view, view
from ..simulation import Playout
from ..state import Call, Phase
from .call_model import FITTED
from .call_search import first_lead_calls, plausible_callers, set_up, simulate
from .determinize import sample_round
from .heuristic import HeuristicBot
from .memory import Memory
from .opening import choose_exchange
from .rollout import play_out, team_margin
from .search import rollout_margin
from .setup_deal import SET_UP, sample_setup

REVIEW_SAMPLES = 24     # deals per decision, as the hard bot takes in classic Tichu
CANDIDATES = 3          # the heuristic's best plays set beside the choice made (and the pass)
FINE = 10.0             # points: a choice this close to the best is not called a mistake


@dataclass(frozen=True)
class Gifts:
    """An exchange: the card to the right, to the partner, to the left."""

    right: int
    partner: int
    left: int


Choice = Combo | bool | Gifts | None    # a play (None: the pass), a call made or not, gifts


@dataclass(frozen=True)
class Reviewed:
    """One decision: ``move`` numbers it in the game (1 is the first move); ``kind`` is
    "play" (``chosen`` and ``best`` are plays, None the pass), "tichu" or "grand" (they are
    True for the call, False for none) or "exchange" (the gifts); the points each is
    expected to make for the seat's team in the round over the same ``samples`` deals."""

    round_no: int
    move: int
    seat: int
    chosen: Choice
    chosen_points: float
    best: Choice
    best_points: float
    samples: int
    kind: str = "play"

    @property
    def loss(self) -> float:
        return max(0.0, self.best_points - self.chosen_points)

    @property
    def fine(self) -> bool:
        return self.loss < FINE


def review_game(rules: RuleSet, seed: int, actions: Sequence[Action], seats: Collection[int],
                *, shared: bool = False, rounds: Collection[int] | None = None,
                samples: int = REVIEW_SAMPLES) -> list[Reviewed]:
    """Every decision of ``seats`` the review judges (`review_any`), in ``rounds`` only if
    given, in the order they were made."""
    return list(reviews(rules, seed, actions, seats, shared=shared, rounds=rounds,
                        samples=samples))


def reviews(rules: RuleSet, seed: int, actions: Sequence[Action], seats: Collection[int],
            *, shared: bool = False, rounds: Collection[int] | None = None,
            samples: int = REVIEW_SAMPLES) -> Iterator[Reviewed]:
    """`review_game`'s decisions one by one, as the replay of the game reaches them (a
    reader shows each round as soon as it is reviewed)."""
    game = new_game(rules, seed, shared=shared)
    memories = {seat: Memory() for seat in seats}
    for number, action in enumerate(actions, start=1):
        if rounds is None or game.round_no in rounds:   # a memory starts afresh each round
            for seat, memory in memories.items():
                memory.observe(view(game, seat))
            seat = getattr(action, "seat", -1)
            if seat in memories:
                yield from review_any(view(game, seat), memories[seat], action, number,
                                      samples)
        game, _events = apply(game, action)


def review_any(seen: SeatView, memory: Memory, action: Action, number: int,
               samples: int = REVIEW_SAMPLES) -> list[Reviewed]:
    """Every decision ``action`` made from ``seen`` (a first card is a play and a Tichu not
    called)."""
    found: list[Reviewed | None] = []
    if isinstance(action, GrandTichu) and seen.phase is Phase.GRAND \
            and options_for_view(seen).call_grand:
        found.append(review_call(seen, memory, "grand", action.call, number, samples))
    elif isinstance(action, CallTichu):
        found.append(review_call(seen, memory, "tichu", True, number, samples))
    elif isinstance(action, Exchange) and seen.phase is Phase.EXCHANGE and not seen.rules.duel:
        found.append(review_exchange(seen, action, number, samples))
    elif isinstance(action, (Play, Pass)):
        if isinstance(action, Play) and seen.phase is Phase.PLAY and seen.turn == seen.seat \
                and options_for_view(seen).tichu:       # Tichu is open until the first card
            found.append(review_call(seen, memory, "tichu", False, number, samples))
        found.append(review_decision(seen, memory, action, number, samples))
    return [r for r in found if r is not None]


def review_call(seen: SeatView, memory: Memory, kind: str, called: bool, number: int,
                samples: int = REVIEW_SAMPLES) -> Reviewed | None:
    """A Tichu or Grand Tichu called (``called``) or let go, from ``seen``: each deal played
    out with the call and without."""
    if seen.rules.duel and kind == "grand":
        return None                     # a duel's Grand Tichu comes with its draft
    call = Call.GRAND if kind == "grand" else Call.TICHU
    rng = random.Random(f"review:{seen.round_no}:{number}:{kind}")
    plausible = plausible_callers(FITTED, seen)
    with_call = without = 0.0
    for _ in range(samples):
        state = (sample_setup(seen, rng, plausible) if seen.phase in SET_UP
                 else sample_round(seen, memory, rng, plausible))
        with_call += team_margin(simulate(state, seen.seat, call, FITTED), seen.seat)
        without += team_margin(simulate(state, seen.seat, Call.NONE, FITTED), seen.seat)
    means = {True: with_call / samples, False: without / samples}
    best = max((called, not called), key=lambda choice: means[choice])
    return Reviewed(seen.round_no, number, seen.seat, called, means[called], best, means[best],
                    samples, kind)


def review_exchange(seen: SeatView, action: Exchange, number: int,
                    samples: int = REVIEW_SAMPLES) -> Reviewed | None:
    """The cards given, beside the exchange the heuristic levels would make of the same hand
    (opening.py); None when they are the same. Each deal of the others' cards is played out
    from the exchange on, once with each, the rest of the table as call_search has it."""
    seat, calls = seen.seat, seen.calls
    chosen = Gifts(*action.gifts[:3])
    theirs = Gifts(*choose_exchange(seen.hand, calls[(seat + 2) % 4] is not Call.NONE,
                                    calls[seat] is not Call.NONE))
    if theirs == chosen:
        return None
    rng = random.Random(f"review:{seen.round_no}:{number}:exchange")
    plausible = plausible_callers(FITTED, seen)
    totals = [0.0, 0.0]
    for _ in range(samples):
        state = sample_setup(seen, rng, plausible)
        for index, gifts in enumerate((chosen, theirs)):
            playout = Playout(state)
            playout.give(seat, (gifts.right, gifts.partner, gifts.left))
            set_up(playout, seat, FITTED)
            first_lead_calls(playout, FITTED)
            totals[index] += team_margin(play_out(playout, follows_calls=True), seat)
    means = [total / samples for total in totals]
    best = 1 if means[1] > means[0] else 0
    return Reviewed(seen.round_no, number, seat, chosen, means[0], (chosen, theirs)[best],
                    means[best], samples, "exchange")


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
