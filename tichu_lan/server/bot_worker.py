"""A bot worker process: owns some of the host's bots and answers their questions one by one.

Started by `botrunner.WorkerPool` as ``python -m tichu_lan.server.bot_worker``.
It reads frames from stdin (the host's protocol framing, msgpack lists) and
writes answers to stdout:

- ``["new", bot, level, seed, cap]``: make a bot, held to a thinking cap of ``cap``
  seconds (nil: none);
- ``["drop", bot]``: forget it;
- ``["decide", request, bot, view]``: answer ``["answer", request, action or nil]``,
  or ``["fail", request, reason]`` if the bot raised.

It exits when stdin closes, which is how the host stops it. Ctrl-C in the
host's terminal is the host's to handle, so the worker ignores SIGINT.
"""

from __future__ import annotations

import signal
import sys
import time
from typing import Any, BinaryIO

import msgpack

from engine import view_from_dict
from engine.bots import Bot, TimeCap, make_bot

from ..protocol import HEADER, encode


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


def answer(bots: dict[int, Bot], request: int, bot_id: int, view: dict[str, Any]) -> list[Any]:
    try:
        action = bots[bot_id].decide(view_from_dict(view))
        return ["answer", request, None if action is None else action.to_dict()]
    except Exception as exc:    # a bot's failure is reported to the host, never fatal here
        return ["fail", request, f"{type(exc).__name__}: {exc}"]


def serve(stdin: BinaryIO, stdout: BinaryIO) -> int:
    bots: dict[int, Bot] = {}
    while True:
        header = read_exact(stdin, HEADER.size)
        body = header and read_exact(stdin, HEADER.unpack(header)[0])
        if body is None:
            return 0
        message = msgpack.unpackb(body, raw=False)
        op = message[0]
        if op == "new":
            _, bot_id, level, seed, cap = message
            bots[bot_id] = make_bot(level, seed, time_cap(cap))
        elif op == "drop":
            bots.pop(message[1], None)
        elif op == "decide":
            _, request, bot_id, view = message
            stdout.write(encode(answer(bots, request, bot_id, view)))
            stdout.flush()


def main() -> int:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    return serve(sys.stdin.buffer, sys.stdout.buffer)


if __name__ == "__main__":
    sys.exit(main())
