"""A player that plays a duel against a host bot and times each of its moves: from
sending it to the host's answer (the host sends the mover's view just before that answer,
so this bounds the action-to-view time from above). JSON on stdout when done.

    python -m tests.bundle.timed_player --host 10.77.0.1 --port 4711 --seconds 20
"""

from __future__ import annotations

import argparse
import json
import time

from tichu_lan.cli import install_reactor


async def play(args: argparse.Namespace) -> dict:
    from twisted.internet import task

    from tests.support.autoplay import AutoPlayer
    from tichu_lan.client import TichuClient

    client = TichuClient(args.host, args.port, "Timer")
    await client.connect()
    await client.create_table("timed", "duel", 100_000)
    await client.add_bot(1, "random")
    await client.start()
    trips: list[float] = []
    act = client.act

    def timed(action):
        began = time.perf_counter()
        return act(action).addCallback(
            lambda seq: (trips.append(time.perf_counter() - began), seq)[1])
    client.act = timed
    AutoPlayer(client)
    from twisted.internet import reactor
    await task.deferLater(reactor, args.seconds, lambda: None)
    await client.close()
    return {"trips": trips}


def main(reactor, args):
    from twisted.internet import defer
    return defer.ensureDeferred(play(args)).addCallback(lambda r: print(json.dumps(r)))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", required=True)
    parser.add_argument("--port", type=int, default=4711)
    parser.add_argument("--seconds", type=float, default=20.0)
    install_reactor()
    from twisted.internet import task
    task.react(main, [parser.parse_args()])
