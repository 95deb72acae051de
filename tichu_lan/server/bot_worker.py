"""A bot worker process: owns some of the host's bots and answers their questions one by one.

Started by `botrunner.WorkerPool` as ``python -m tichu_lan.server.bot_worker``.
It reads frames from stdin (the host's protocol framing, msgpack lists) and
writes answers to stdout:

- ``["new", bot, level, seed, cap]``: make a bot, held to a thinking cap of ``cap``
  seconds (nil: none);
- ``["drop", bot]``: forget it;
- ``["decide", request, bot, view, cap]``: answer ``["answer", request, action or nil]``,
  or ``["fail", request, reason]`` if the bot raised; the bot thinks for at most ``cap``
  seconds (nil: its own cap);
- ``["hurry", request, cap]``: decision ``request`` may think for ``cap`` seconds in all
  from its start, if that is less than it had (`thinking.Turns` cuts a decision short
  while others wait, or once its answer is no longer wanted). A thread reads the host's
  messages while the bot thinks, so that a hurry reaches a decision under way.

It exits when stdin closes, which is how the host stops it. Ctrl-C in the
host's terminal is the host's to handle, so the worker ignores SIGINT.
"""

from __future__ import annotations

import math
import queue
import signal
import sys
import threading
import time
from typing import Any, BinaryIO

import msgpack

from engine import Action, SeatView, view_from_dict
from engine.bots import Bot, TimeCap, make_bot

from ..protocol import HEADER, encode

NO_CAP = 1e9        # seconds: a decision without a cap may still be cut short


def time_cap(seconds: float | None) -> TimeCap | None:
    """A thinking cap of ``seconds`` on this process's clock (None: none)."""
    return None if seconds is None else TimeCap(seconds, time.perf_counter)


def read_exact(stream: BinaryIO, size: int) -> bytes | None:
    data = b""
    while len(data) < size:
        chunk = stream.read(size - len(data))
        if not chunk:
            return None
        data += chunk
    return data


class Cuts:
    """How long each decision may think, as the host last said: the host may cut a decision
    short while it is under way (the bot's clock then runs ahead to its end). The host
    numbers decisions in the order it sends them, so a cut that comes after its decision
    was answered is known for late and forgotten."""

    def __init__(self) -> None:
        self.caps: dict[int, float] = {}       # written by the reading thread, read by the bot
        self.answered = 0                      # the last decision answered

    def cut(self, request: int, seconds: float) -> None:
        if request > self.answered:
            self.caps[request] = min(seconds, self.caps.get(request, math.inf))

    def time_cap(self, request: int, seconds: float | None) -> TimeCap:
        """The cap of decision ``request``, started now: ``seconds`` (None: none), or less
        once the host cuts it."""
        base = min(NO_CAP if seconds is None else seconds, self.caps.get(request, math.inf))

        def clock() -> float:
            return time.perf_counter() + max(0.0, base - self.caps.get(request, base))
        return TimeCap(base, clock)

    def forget(self, request: int) -> None:
        """Decision ``request`` is answered."""
        self.answered = max(self.answered, request)
        self.caps.pop(request, None)


def decide_within(bot: Bot, view: SeatView, cap: TimeCap) -> Action | None:
    """``bot``'s decision, held to ``cap``: a bot that searches keeps its cap as ``time_cap``
    (engine.bots.search) and reads it as each decision begins; the others answer at once."""
    if hasattr(bot, "time_cap"):
        bot.time_cap = cap
    return bot.decide(view)


def answer(bots: dict[int, Bot], request: int, bot_id: int, view: dict[str, Any],
           cap: TimeCap) -> list[Any]:
    try:
        action = decide_within(bots[bot_id], view_from_dict(view), cap)
        return ["answer", request, None if action is None else action.to_dict()]
    except Exception as exc:    # a bot's failure is reported to the host, never fatal here
        return ["fail", request, f"{type(exc).__name__}: {exc}"]


def read_messages(stdin: BinaryIO, inbox: queue.SimpleQueue[list[Any] | None],
                  cuts: Cuts) -> None:
    """Read the host's messages until stdin closes (then None): a hurry takes effect at once,
    the rest wait in ``inbox`` for the bots."""
    while True:
        header = read_exact(stdin, HEADER.size)
        body = header and read_exact(stdin, HEADER.unpack(header)[0])
        if body is None:
            inbox.put(None)
            return
        message = msgpack.unpackb(body, raw=False)
        if message[0] == "hurry":
            cuts.cut(message[1], message[2])
        else:
            inbox.put(message)


def serve(stdin: BinaryIO, stdout: BinaryIO) -> int:
    bots: dict[int, Bot] = {}
    cuts = Cuts()
    inbox: queue.SimpleQueue[list[Any] | None] = queue.SimpleQueue()
    threading.Thread(target=read_messages, args=(stdin, inbox, cuts), daemon=True).start()
    while (message := inbox.get()) is not None:
        op = message[0]
        if op == "new":
            _, bot_id, level, seed, cap = message
            bots[bot_id] = make_bot(level, seed, time_cap(cap))
        elif op == "drop":
            bots.pop(message[1], None)
        elif op == "decide":
            _, request, bot_id, view, cap = message
            stdout.write(encode(answer(bots, request, bot_id, view, cuts.time_cap(request, cap))))
            stdout.flush()
            cuts.forget(request)
    return 0


def main() -> int:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    return serve(sys.stdin.buffer, sys.stdout.buffer)


if __name__ == "__main__":
    sys.exit(main())
