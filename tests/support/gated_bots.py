"""Bot levels for testing where bots think: "gated" thinks until the test opens its gate,
"stubborn" until the host's time cap stops it.

Each answers at once when the game does not wait for it; when it does, "gated" waits
until the file named by ``$TICHU_TEST_GATE`` exists, then plays a calm random move.
Run in a worker process it stands for a slow, CPU-heavy bot without taking a fixed
time, so a test can prove that the host serves everyone else meanwhile without
measuring any duration. "stubborn" thinks for as long as the cap it is held to lets it
(for ever without one), as the search bot would with an endless budget: the host's
cap, and the host cutting a decision short, are all that end its thinking.

A test adds the level to its host with the ``bot_levels`` fixture; `WORKER` starts a
bot worker process that has it too.
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

from engine import options_for_view
from engine.bots import extra_levels
from engine.bots.interface import deadline
from tichu_lan.server import bot_worker

from .random_games import calm_decision

GATE_ENV = "TICHU_TEST_GATE"
WORKER = (sys.executable, "-m", "tests.support.gated_bots")


class GatedBot:
    level = "gated"

    def __init__(self, seed: int = 0, *, time_cap=None) -> None:
        self.rng = random.Random(seed)

    def decide(self, view):
        if not options_for_view(view).waiting:
            return None
        gate = Path(os.environ[GATE_ENV])
        while not gate.exists():
            time.sleep(0.01)
        return calm_decision(view, self.rng)


class StubbornBot:
    level = "stubborn"

    def __init__(self, seed: int = 0, *, time_cap=None) -> None:
        self.rng = random.Random(seed)
        self.time_cap = time_cap          # the host holds each decision to its own cap

    def decide(self, view):
        if not options_for_view(view).waiting:
            return None
        over_time = deadline(self.time_cap)
        while not over_time():
            time.sleep(0.005)
        return calm_decision(view, self.rng)


LEVELS = {"gated": GatedBot, "stubborn": StubbornBot}


if __name__ == "__main__":
    with extra_levels(LEVELS):
        sys.exit(bot_worker.main())
