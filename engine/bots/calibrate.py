"""Self-play that measures how often a hand goes out first: the data behind the
call model in opening.py (``scripts/bench_bots.py --calibrate``).

The heuristic bots play without calling; each seat notes its hand's features
(`opening.call_features`) where it would decide (Grand Tichu: classic on the
first 8 cards, duel on the dealt 14 after its discard; Tichu: on the hand it
starts the play with), and the round tells whether it went out first.
"""

from __future__ import annotations

from ..actions import Action
from ..game import new_game
from ..rules import CLASSIC, DUEL
from ..state import Phase
from ..seat_view import SeatView
from .arena import step
from .heuristic import HeuristicBot
from .opening import best_discard, call_features, chance


class _Recorder(HeuristicBot):
    bar_raise = 2.0       # never call

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.noted: dict[str, tuple[float, ...]] = {}

    def decide(self, view: SeatView) -> Action | None:
        duel = view.rules.duel
        if "grand" not in self.noted and view.phase in (Phase.GRAND, Phase.DISCARD):
            hand = view.hand & ~best_discard(view.hand) if duel else view.hand
            self.noted["grand"] = call_features(hand)
        if "tichu" not in self.noted and view.phase is Phase.PLAY:
            self.noted["tichu"] = call_features(view.hand)
        return super().decide(view)


Sample = tuple[tuple[float, ...], bool]     # a hand's call features, and whether it went out first


def calibration_rounds(duel: bool, rounds: int, seed: int) -> dict[str, list[Sample]]:
    """(features, went out first) per seat-round, for Tichu and Grand Tichu."""
    rules = DUEL if duel else CLASSIC
    samples: dict[str, list[Sample]] = {"tichu": [], "grand": []}
    for k in range(rounds):
        bots = [_Recorder(seed * 7919 + k * 4 + s) for s in range(rules.seats)]
        game = new_game(rules, seed * 100_003 + k)
        while not game.history:
            game = step(game, bots)
        first = game.history[0].out_order[0]
        for seat, bot in enumerate(bots):
            for kind, value in bot.noted.items():
                samples[kind].append((value, seat == first))
    return samples


def fit(samples: list[Sample], steps: int = 400, rate: float = 0.5) -> tuple[float, ...]:
    """Logistic regression by gradient descent on standardized features."""
    n, k = len(samples), len(samples[0][0])
    mean = [sum(f[j] for f, _ in samples) / n for j in range(k)]
    spread = [max(1e-9, (sum((f[j] - mean[j]) ** 2 for f, _ in samples) / n) ** 0.5)
              for j in range(k)]
    rows = [([1.0] + [(f[j] - mean[j]) / spread[j] for j in range(1, k)], float(y))
            for f, y in samples]
    w = [0.0] * k
    for _ in range(steps):
        grad = [0.0] * k
        for x, y in rows:
            err = chance(w, x) - y
            for j in range(k):
                grad[j] += err * x[j]
        w = [wj - rate * g / n for wj, g in zip(w, grad, strict=True)]
    # back to raw features
    raw = [w[j] / spread[j] for j in range(k)]
    raw[0] = w[0] - sum(w[j] * mean[j] / spread[j] for j in range(1, k))
    return tuple(round(v, 3) for v in raw)


def chance_table(samples: list[Sample], weights: tuple[float, ...], buckets: int = 10
                 ) -> list[tuple[float, float, int]]:
    """(mean predicted chance, share that went out first, count) per bucket of prediction."""
    ordered = sorted((chance(weights, f), ok) for f, ok in samples)
    size = max(1, len(ordered) // buckets)
    out = []
    for start in range(0, len(ordered), size):
        chunk = ordered[start:start + size]
        out.append((sum(c for c, _ in chunk) / len(chunk),
                    sum(ok for _, ok in chunk) / len(chunk), len(chunk)))
    return out
