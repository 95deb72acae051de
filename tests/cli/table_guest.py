"""A guest inside a test namespace: opens a classic table on a host, puts a bot in seat 2,
says ``ready`` on stdout and keeps the seat until its stdin closes.

    ip netns exec NS python -m tests.cli.table_guest --port 4711
"""

from __future__ import annotations

import argparse
import sys

from tichu_lan.cli import install_reactor


async def sit(port: int) -> None:
    from twisted.internet import reactor, threads

    from tichu_lan.client import TichuClient
    client = TichuClient("127.0.0.1", port, "Guest")
    await client.connect()
    await client.create_table("Guest's table", "classic", 1000)
    await client.add_bot(1)
    print("ready", flush=True)
    await threads.deferToThreadPool(reactor, reactor.getThreadPool(), sys.stdin.read)
    await client.close()


def main(reactor, args: argparse.Namespace):
    from twisted.internet import defer
    return defer.ensureDeferred(sit(args.port))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    install_reactor()
    from twisted.internet import task
    task.react(main, [parser.parse_args()])
