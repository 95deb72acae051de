"""The random bot: any legal action, uniformly. A baseline for the benchmark and a fuzzer."""

from __future__ import annotations

import random

from ..actions import Action, Discard, Exchange
from ..cards import cards_of, mask_of
from ..seat_view import SeatView, options_for_view
from .interface import TimeCap


class RandomBot:
    level = "random"

    def __init__(self, seed: int = 0, *, time_cap: TimeCap | None = None) -> None:
        self.rng = random.Random(seed)      # (it answers at once: no time cap applies)

    def decide(self, view: SeatView) -> Action | None:
        opts = options_for_view(view)
        if not opts.waiting:
            return None
        seat, rng = view.seat, self.rng
        hand = [int(c) for c in cards_of(view.hand)]
        if opts.exchange:
            left, partner, right = rng.sample(hand, 3)
            return Exchange(seat, (left, partner, right))
        if opts.discard:
            return Discard(seat, mask_of(rng.sample(hand, 3)))
        return rng.choice(opts.actions(seat, view.hand))

