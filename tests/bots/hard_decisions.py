"""The `hard` bot's decisions on fixed deals, as a fixture: what it chose at commit 35d3288,
before its thinking was made faster (issue 29), which today's code must choose again.

Every seat is a `hard` bot (its search with the 12 deals per play it had then, whatever
its level's budget is now); the arena asks them as the host does (every seat after every
change), and every answer is kept, None included, in the order asked. The games are
deterministic, so the same answers mean the same games and the same strength.

Written once from the old code, by running this file:

    .venv/bin/python tests/bots/hard_decisions.py [COMMIT]

which loads the engine package as it was at COMMIT (default 35d3288) beside today's
(tests/support/at_commit.py) and writes hard_decisions.json beside this file.
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

FIXTURE = Path(__file__).with_name("hard_decisions.json")
RECORDED_AT = "35d3288"
# The hard bot's deals per play decision when it was recorded (its level's budget then):
# the test holds the same search to the same choices, whatever budget the level has now.
RECORDED_SAMPLES = 12
# (rule set, target, first deal, deals, rounds per game): a few hundred awaited decisions.
GAMES = (("classic", 1000, 1, 6, 1), ("duel", 1000, 1, 8, 2))

Answer = list[Any]      # [seat, the action's dict form, or None]


def answers(package: ModuleType, variant: str, target: int, seed: int, rounds: int
            ) -> list[Answer]:
    """Every answer the `hard` bots gave in the first ``rounds`` rounds of game ``seed``,
    played with the engine and bots of ``package`` (today's `engine`, or an old copy)."""
    rules = package.RuleSet(package.Variant(variant), target)
    search = importlib.import_module(f"{package.__name__}.bots.search")
    arena = importlib.import_module(f"{package.__name__}.bots.arena")
    kept: list[Answer] = []

    class Recorded:
        def __init__(self, seat: int) -> None:
            self.bot = search.SearchBot(seed * 10 + seat, samples=RECORDED_SAMPLES)
            self.level, self.seat = self.bot.level, seat

        def decide(self, view: Any) -> Any:
            action = self.bot.decide(view)
            kept.append([self.seat, None if action is None else package.action_to_dict(action)])
            return action

    bots = [Recorded(seat) for seat in range(rules.seats)]
    arena.play_game(rules, seed, bots, rounds=rounds)
    return kept


def games() -> list[tuple[str, int, int, int]]:
    return [(variant, target, seed, rounds) for variant, target, first, deals, rounds in GAMES
            for seed in range(first, first + deals)]


def record(package: ModuleType, commit: str) -> dict[str, Any]:
    return {"commit": commit, "games": [
        {"rules": variant, "target": target, "seed": seed, "rounds": rounds,
         "answers": answers(package, variant, target, seed, rounds)}
        for variant, target, seed, rounds in games()]}


def main() -> None:
    root = Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(root))
    from tests.support.at_commit import package_at
    commit = sys.argv[1] if len(sys.argv) > 1 else RECORDED_AT
    package = package_at(commit, "engine")
    data = record(package, commit)
    FIXTURE.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    count = sum(len(g["answers"]) for g in data["games"])
    print(f"{FIXTURE.name}: {count} answers in {len(data['games'])} games, from {commit}")


if __name__ == "__main__":
    main()
