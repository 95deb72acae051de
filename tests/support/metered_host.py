"""`tichu server` with a tap on the host's own move latency, for the LAN party.

Runs exactly what `tichu server ARGS` runs, with one addition: every few seconds the
host's `Metrics` (scripts/bench_host.py reads the same ones in-process) are appended to
``$TICHU_METRICS_FILE`` as one JSON line: the moves handled so far and the latency of
each move since the last line, from its bytes being read off the socket to its last
view handed to the transport (the journal record written before), and how full the
engine's caches are. The party reports these beside the latency its guests see.

    TICHU_METRICS_FILE=m.jsonl python -m tests.support.metered_host server --port 0 ...
"""

from __future__ import annotations

import json
import os
import sys
import time

from tichu_lan import cli

EVERY = 5.0


def metered(host_class):
    class MeteredHost(host_class):
        def listen(self) -> int:
            from twisted.internet import task
            port = super().listen()
            # open for the host's whole life, a line every few seconds
            self.metrics_file = open(os.environ["TICHU_METRICS_FILE"], "a")  # noqa: SIM115
            task.LoopingCall(self.dump_metrics).start(EVERY, now=False)
            return port

        def dump_metrics(self) -> None:
            latencies = list(self.metrics.latencies)
            self.metrics.latencies.clear()
            self.metrics_file.write(json.dumps({
                "t": time.monotonic(), "actions": self.metrics.actions,
                "latencies": [round(x, 6) for x in latencies],
                "engine_caches": engine_caches()}) + "\n")
            self.metrics_file.flush()

    return MeteredHost


def engine_caches() -> dict[str, list[int]]:
    """Entries in each of the engine's bounded caches, and their bound: they fill as new hands
    are seen, and the host's memory grows with them until they are full."""
    from engine import combos, enumeration
    caches = {"rank_counts": enumeration.rank_counts, "_readings": combos._readings}
    out = {}
    for name, cached in caches.items():
        info = getattr(cached, "cache_info", None)
        if info is not None:
            out[name] = [info().currsize, info().maxsize]
    return out


def main() -> int:
    cli.install_reactor()
    from tichu_lan.server import startup
    startup.Host = metered(startup.Host)     # what `tichu server` starts
    return cli.main(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
