"""Self-play of the search bot, and the fit of the call model to it: the data behind
call_model.json (``scripts/fit_calls.py``).

Four search bots (two in a duel) play the first round of many games, calling by
simulation. At each seat's call moments its hand's facts are noted (`call_facts`:
classic Grand Tichu on the first 8 cards, duel Grand Tichu on the 14 dealt after
the best discard; Tichu on the hand the play starts with, after the exchange),
with whether the seat made that call and whether it went out first. A logistic
regression per variant and call fits the chance of going out first on the facts
and on "called", the support a call brings; a call's estimated success is the
fit with "called" set.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from ..actions import Action
from ..game import new_game
from ..rules import CLASSIC, DUEL
from ..seat_view import SeatView
from ..state import Call, Phase
from .arena import step
from .call_model import CallModel, call_facts, table_of
from .interface import CallNote, call_notes
from .opening import best_discard
from .search import SearchBot


class Sample(NamedTuple):
    """One seat-round at one call moment."""

    duel: bool
    kind: str
    facts: tuple[float, ...]
    called: bool
    went_out_first: bool


class _Noting:
    """A search bot that notes its hand's facts at its call moments."""

    def __init__(self, seed: int) -> None:
        self.bot = SearchBot(seed)
        self.level = self.bot.level
        self.facts: dict[str, tuple[float, ...]] = {}

    def decide(self, view: SeatView) -> Action | None:
        duel = view.rules.duel
        if "grand" not in self.facts and view.phase in (Phase.GRAND, Phase.DISCARD):
            hand = view.hand & ~best_discard(view.hand) if duel else view.hand
            self.facts["grand"] = call_facts(hand, table_of(view))
        if "tichu" not in self.facts and view.phase is Phase.PLAY:
            self.facts["tichu"] = call_facts(view.hand, table_of(view))
        return self.bot.decide(view)


Judged = tuple[CallNote, bool]      # a search bot's decision, and whether it went out first


def self_play(duel: bool, first: int, rounds: int) -> tuple[list[Sample], list[Judged]]:
    """The samples of the first round of games ``first`` .. ``first + rounds - 1``, and
    the search bots' own notes on their call decisions, judged by the round."""
    rules = DUEL if duel else CLASSIC
    samples: list[Sample] = []
    notes: list[Judged] = []
    for game_seed in range(first, first + rounds):
        bots = [_Noting(game_seed * 8 + s) for s in range(rules.seats)]
        game = new_game(rules, game_seed)
        while not game.history:
            game = step(game, bots)
        result = game.history[0]
        for seat, bot in enumerate(bots):
            out_first = result.out_order[0] == seat
            for kind, facts in bot.facts.items():
                called = result.calls[seat] is (Call.GRAND if kind == "grand" else Call.TICHU)
                if kind == "tichu" and result.calls[seat] is Call.GRAND:
                    continue                    # a Grand Tichu caller has no Tichu to call
                samples.append(Sample(duel, kind, facts, called, out_first))
            notes += [(note, out_first) for note in call_notes(bot.bot)]
    return samples, notes


def fit(samples: Sequence[Sample], bar: float, ridge: float = 1.0) -> CallModel:
    """Logistic regression of going out first on the facts and "called", by Newton's
    method on standardized facts (a little ridge keeps rare facts finite)."""
    rows = [tuple(s.facts) + (float(s.called),) for s in samples]
    ys = [float(s.went_out_first) for s in samples]
    k, n = len(rows[0]), len(rows)
    mean = [0.0] + [sum(r[j] for r in rows) / n for j in range(1, k)]
    spread = [1.0] + [max(1e-9, math.sqrt(sum((r[j] - mean[j]) ** 2 for r in rows) / n))
                      for j in range(1, k)]
    xs = [[1.0] + [(r[j] - mean[j]) / spread[j] for j in range(1, k)] for r in rows]
    w = [0.0] * k
    for _ in range(25):
        grad = [-ridge * w[j] if j else 0.0 for j in range(k)]
        hess = [[(ridge if i == j and i else 0.0) for j in range(k)] for i in range(k)]
        for x, y in zip(xs, ys, strict=True):
            z = sum(a * b for a, b in zip(w, x, strict=True))
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
            for i in range(k):
                grad[i] += (y - p) * x[i]
                for j in range(i, k):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        for i in range(k):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step_ = _solve(hess, grad)
        w = [a + b for a, b in zip(w, step_, strict=True)]
        if max(abs(b) for b in step_) < 1e-7:
            break
    raw = [w[j] / spread[j] for j in range(k)]
    raw[0] = w[0] - sum(w[j] * mean[j] / spread[j] for j in range(1, k))
    return CallModel(tuple(round(v, 4) for v in raw[:-1]), bar, round(raw[-1], 4))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b, by Gaussian elimination with partial pivoting (a is small)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            factor = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= factor * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x
