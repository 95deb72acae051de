"""Where no bot worker process can start (Windows without pywin32), slow bots think on
threads: off the reactor still, and making the very moves a worker would."""

from __future__ import annotations

from typing import Any

import pytest_twisted
from twisted.internet import reactor as real_reactor

from engine import CLASSIC, apply, legal_actions, new_game, view, waiting_for
from engine.bots import make_bot
from tichu_lan.server.botrunner import THINKING_CAP, BotRunner, ThreadBot
from tichu_lan.server.bot_worker import time_cap


class NoProcesses:
    """The reactor, except that it cannot start a process (as on Windows without pywin32)."""

    def __init__(self) -> None:
        self.tries = 0

    def spawnProcess(self, *args: Any, **kwargs: Any) -> None:
        self.tries += 1
        raise NotImplementedError("spawnProcess is only available on Windows with pywin32")

    def __getattr__(self, name: str) -> Any:
        return getattr(real_reactor, name)


def views_to_decide(count: int) -> list:
    """Views of seats the game waits for, along a game of first legal actions."""
    game, found = new_game(CLASSIC, seed=11), []
    while len(found) < count:
        seat = waiting_for(game)[0]
        found.append(view(game, seat))
        game, _ = apply(game, legal_actions(game, seat)[-1])
    return found


@pytest_twisted.ensureDeferred
async def test_slow_bots_think_on_threads_when_no_worker_can_start_and_decide_as_they_would():
    no_processes = NoProcesses()
    runner = BotRunner(frozenset({"random"}), 1, no_processes, ("python", "-m", "nothing"))
    bot = runner.make("normal", 5)
    again = runner.make("normal", 6)
    assert isinstance(bot, ThreadBot) and isinstance(again, ThreadBot)
    assert no_processes.tries == 1          # it tried once, and remembers why not
    assert runner.no_workers is not None and "pywin32" in runner.no_workers
    same = make_bot("normal", 5, time_cap(THINKING_CAP))
    for seat_view in views_to_decide(12):
        assert await bot.decide(seat_view) == same.decide(seat_view)
    await runner.stop()


@pytest_twisted.ensureDeferred
async def test_a_bot_that_raises_on_its_thread_fails_its_deferred_with_the_reason():
    bot = ThreadBot("normal", 1, real_reactor)
    try:
        await bot.decide("not a view")  # type: ignore[arg-type]
    except Exception as exc:
        assert type(exc).__name__ == "BotFailed" and "Error" in str(exc)
    else:
        raise AssertionError("a bot that raised gave an answer")
