"""A process that announces a made-up lobby, for tests and scripts/bench_discovery.py.

It is not a game server (nothing listens on the port): it runs the real
`Announcer` the way the host does, on Twisted's asyncio reactor, bridged by
`tichu_lan.bridge.as_deferred` as the commands are, and withdraws the service in a
before-shutdown trigger so that SIGTERM or Ctrl-C sends the goodbye.

Run inside a namespace only, from the repository root:

    ip netns exec NS python -m tests.discovery.announce_host --name Alice --port 4711

It prints one JSON object per line: ``starting`` (with ``t``, time.monotonic()
just before announcing, comparable across processes on this machine),
``announced`` (with the instance name chosen), ``updated``, ``stopping``,
``stopped``. Each line on its stdin is a JSON summary
``{"tables": 1, "open_seats": 2, "rule_sets": ["duel"]}`` to announce.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from tichu_lan.bridge import as_deferred
from tichu_lan.cli import install_reactor


def emit(event: str, **fields: object) -> None:
    print(json.dumps({"event": event, "t": time.monotonic(), **fields}), flush=True)


def main(reactor, args: argparse.Namespace):
    from twisted.internet import stdio
    from twisted.internet.defer import Deferred
    from twisted.protocols.basic import LineReceiver

    from tichu_lan.discovery import Announcer, HostSummary

    summary = HostSummary(args.tables, args.open_seats, tuple(filter(None, args.rules.split(","))))
    announcer = Announcer(args.name, args.port, summary, addresses=args.announce_on)

    class Updates(LineReceiver):
        delimiter = b"\n"

        def lineReceived(self, line: bytes) -> None:
            announcer.update(HostSummary(**json.loads(line)))
            emit("updated", summary=json.loads(line))

    def stop() -> Deferred:
        emit("stopping")
        return as_deferred(announcer.stop()).addCallback(lambda _: emit("stopped"))

    emit("starting")
    started = as_deferred(announcer.start())
    started.addCallback(lambda name: emit("announced", name=name))
    started.addCallback(lambda _: reactor.addSystemEventTrigger("before", "shutdown", stop))
    started.addCallback(lambda _: stdio.StandardIO(Updates()))
    started.addErrback(lambda failure: (emit("failed", error=str(failure.value)), reactor.stop()))
    return Deferred()  # runs until SIGTERM/SIGINT stops the reactor


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--name", required=True)
    parser.add_argument("--port", type=int, default=4711)
    parser.add_argument("--tables", type=int, default=1)
    parser.add_argument("--open-seats", type=int, default=3)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--announce-on", action="append")
    return parser.parse_args(argv)


if __name__ == "__main__":
    arguments = parse(sys.argv[1:])
    install_reactor()
    from twisted.internet import task

    task.react(main, [arguments])
