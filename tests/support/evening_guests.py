"""Eight scripted guests of an evening, as one process on a test LAN's machine: the first
opens a table (so that it runs the host's first table, and may start an evening from
another machine), starts a duplicate evening for all eight, and every guest follows the
plan, playing random legal moves, until the evening is over. The last `evening` message
goes to a JSON file for the test to check against the host's kept games.

With ``--fifth``: four guests start a one-table evening, and a fifth (Eve) waits in its
table's line; the file also says whether Eve sat at a table of a later game.

    python -m tests.support.evening_guests ADDRESS PORT OUT.json [--games N] [--target N]
                                                                 [--fifth]
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from tichu_lan.cli import install_reactor

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


async def evening(args: argparse.Namespace) -> dict[str, Any]:
    from tests.support.autoplay import AutoPlayer
    from tests.support.live_host import wait_until
    from tichu_lan.client import TichuClient
    from tichu_lan.client.evening_seat import EveningSeat
    names = NAMES[:5] if args.fifth else NAMES
    clients = [TichuClient(args.address, args.port, name) for name in names]
    for client in clients:
        await client.connect()
    await clients[0].create_table(None, "classic", args.target)
    followers = [EveningSeat(client) for client in clients]
    players = [AutoPlayer(client, seed=i) for i, client in enumerate(clients)]
    eve_sat: list[int] = []
    if args.fifth:
        await clients[0].party.start_evening(names[:4], target=args.target, duplicate=False,
                                             games=args.games)
        await wait_until(lambda: clients[0].evening is not None
                         and clients[0].evening.games[0].tables[0].table is not None)
        first = clients[0].evening.games[0].tables[0].table
        await clients[4].party.wait(first)
        clients[4].subscribe(lambda message: eve_sat.append(clients[4].evening.game)
                             if clients[4].seating is not None and clients[4].evening
                             and clients[4].seating.seat >= 0 else None)
    else:
        await clients[0].party.start_evening(names, target=args.target, duplicate=True,
                                             games=args.games)
    await wait_until(lambda: all(c.evening is not None and c.evening.over for c in clients),
                     timeout=args.timeout)
    last = clients[0].evening
    assert last is not None
    refused = {c.name: [e.code for e in f.refused] for c, f in zip(clients, followers,
                                                                   strict=True) if f.refused}
    print(json.dumps(refused), file=sys.stderr)
    for follower, player in zip(followers, players, strict=True):
        follower.unsubscribe()
        player.stop()
    for client in clients:
        await client.close()
    return last.to_dict() | ({"eve_sat_in_game": sorted(set(eve_sat))} if args.fifth else {})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("address")
    parser.add_argument("port", type=int)
    parser.add_argument("out")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--target", type=int, default=200)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--fifth", action="store_true")
    args = parser.parse_args(argv)
    install_reactor()
    from twisted.internet import defer, reactor
    outcome: dict[str, Any] = {}

    def run() -> None:
        def done(result: dict[str, Any]) -> None:
            outcome["evening"] = result

        def failed(failure: Any) -> None:
            outcome["error"] = failure.getTraceback()
        d = defer.ensureDeferred(evening(args)).addCallbacks(done, failed)
        d.addBoth(lambda _: reactor.stop())

    reactor.callWhenRunning(run)
    reactor.run()
    with open(args.out, "w", encoding="utf-8") as out:
        json.dump(outcome, out)
    return 0 if "evening" in outcome else 1


if __name__ == "__main__":
    sys.exit(main())
