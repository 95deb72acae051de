"""A host bot level for the TUI tests: "calm" plays random legal moves but rarely calls
Tichu, so that games to a low target end in a round or two (conftest.py adds the level
for every TUI test).

Its choices depend only on what it sees (not on the seed the host draws at random), so
a game on a seeded host against a player who is just as deterministic always goes the
same way: the tests meet the moments they look for every time."""

from __future__ import annotations

import random

from engine import options_for_view
from tests.support.autoplay import calm_decision


class CalmBot:
    level = "calm"

    def __init__(self, seed: int = 0, *, time_cap=None) -> None:
        pass

    def decide(self, view):
        if not options_for_view(view).waiting:
            return None
        seen = (view.seat, view.round_no, view.phase.value, view.hand, view.hand_counts,
                len(view.trick), len(view.draft))
        return calm_decision(view, random.Random(repr(seen)))

