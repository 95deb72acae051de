"""A guest inside a test namespace, on the host at 127.0.0.1:PORT; JSON lines on stdout.

    ip netns exec NS python -m tests.cli.table_guest --port 4711 [--join]

Without ``--join`` it opens a classic table, puts a bot in seat 2, says ``ready`` and keeps
the seat until its stdin closes. With ``--join`` it takes seat 2 at the host's first table,
plays with random legal moves, and tells ``seated``, ``seats`` (the table's seat kinds, at
each change), ``moves`` (every ten moves of the game), ``lost`` (the connection dropped) and
``host_stopped`` (the host said it stops, with the words shown), until its stdin closes.
"""

from __future__ import annotations

import argparse
import json
import sys

from tichu_lan.cli import install_reactor


def emit(event: str, **fields: object) -> None:
    print(json.dumps({"event": event, **fields}), flush=True)


async def sit(port: int, join: bool) -> None:
    from twisted.internet import reactor, threads

    from tests.support.autoplay import AutoPlayer
    from tests.support.live_host import wait_until
    from tichu_lan.client import TichuClient
    client = TichuClient("127.0.0.1", port, "Guest", reconnect=False)
    await client.connect()
    if join:
        await client.list_tables(watch=True)
        await wait_until(lambda: bool(client.lobby), timeout=30)
        await client.join(client.lobby[0].id, seat=1)
        emit("seated")
        AutoPlayer(client)
        client.subscribe(lambda message: report(client, message))
    else:
        await client.create_table("Guest's table", "classic", 1000)
        await client.add_bot(1)
        emit("ready")
    await threads.deferToThreadPool(reactor, reactor.getThreadPool(), sys.stdin.read)
    await client.close()


def report(client, message) -> None:
    from tichu_lan.host_messages import ConnectionNotice, TableMessage, ViewMessage
    if isinstance(message, TableMessage):
        emit("seats", kinds=[s.kind for s in message.table.seats])
    elif isinstance(message, ViewMessage) and message.seq % 10 == 0:
        emit("moves", seq=message.seq)
    elif isinstance(message, ConnectionNotice) and message.state in ("lost", "host_stopped"):
        emit(message.state, words=message.words)


def main(reactor, args: argparse.Namespace):
    from twisted.internet import defer
    return defer.ensureDeferred(sit(args.port, args.join))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--join", action="store_true")
    install_reactor()
    from twisted.internet import task
    task.react(main, [parser.parse_args()])
