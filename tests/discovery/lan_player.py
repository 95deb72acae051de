"""A player machine on the test LAN: find a host by discovery, join through what it
returned, play a duel to the end with random legal moves; JSON lines on stdout.

Run inside a namespace only (tests/discovery/test_lan_play.py does):

    ip netns exec NS python -m tests.discovery.lan_player --host Alice --create

``--create`` opens a duel table and starts it once someone sits in the other seat;
without it, the player joins the first table it sees in seat 1. Events: ``found``
(the host entry), ``seated``, ``finished`` (scores, rounds), or ``error``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from tichu_lan.cli import install_reactor


def emit(event: str, **fields: object) -> None:
    print(json.dumps({"event": event, "t": time.monotonic(), **fields}), flush=True)


async def play(args: argparse.Namespace) -> None:
    from twisted.internet import defer

    from tests.support.autoplay import AutoPlayer
    from tests.support.live_host import wait_until
    from tichu_lan.bridge import as_deferred
    from tichu_lan.client import TichuClient
    from tichu_lan.discovery import browse

    found = await as_deferred(browse(args.timeout))
    entry = next((h for h in found if h.name == args.host and h.compatible), None)
    if entry is None:
        raise LookupError(f"no host {args.host!r} among {[h.name for h in found]}")
    emit("found", address=entry.address, port=entry.port, summary=entry.summary.tables)
    client = TichuClient(entry.address, entry.port, args.name)
    await client.connect()
    if args.create:
        seating = await client.create_table("LAN duel", "duel", args.target)
        emit("seated", table=seating.table, seat=seating.seat)
        await wait_until(lambda: _seated(client.table, 1), timeout=60)
        await client.start()
    else:
        tables = await client.list_tables(watch=True)
        await wait_until(lambda: bool(client.lobby or tables), timeout=30)
        seating = await client.join((tables or client.lobby)[0].id, seat=1)
        emit("seated", table=seating.table, seat=seating.seat)
    player = AutoPlayer(client, seed=seating.seat)
    view = await defer.maybeDeferred(lambda: player.finished)
    emit("finished", scores=list(view.scores), rounds=len(view.history), winner=view.winner)
    await client.close()


def _seated(table, seat: int) -> bool:
    return table is not None and table.seats[seat].kind == "person"


def main(reactor, args: argparse.Namespace):
    from twisted.internet import defer

    def failed(failure):
        emit("error", why=str(failure.value))

    return defer.ensureDeferred(play(args)).addErrback(failed)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", required=True, help="the announced name to join")
    parser.add_argument("--name", default="player")
    parser.add_argument("--create", action="store_true")
    parser.add_argument("--target", type=int, default=100)
    parser.add_argument("--timeout", type=float, default=3.0)
    install_reactor()
    from twisted.internet import task
    task.react(main, [parser.parse_args()])
    sys.exit(0)
