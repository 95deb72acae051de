"""Measure the terminal client: `tichu play` start to the first drawn table, and a keypress
to the redrawn screen.

1. First screen: `tichu play` runs as a child on a pseudo-terminal of 80x24 (as in a
   terminal window); the clock runs from starting the process to the first output that
   shows the table (the status line of the first deal). Repeated --starts times.
2. Keypress to redraw: in this process, the real Application renders through a real
   VT100 output (into memory) against a host on 127.0.0.1; once the game is in play with a
   full hand, the clock runs from writing a key (Left, Right, Space in turn) into the
   input pipe to the end of the render that follows it. Both at 80x24 and 200x60.

Prints median and p99 of each; everything stays on 127.0.0.1.

    .venv/bin/python scripts/bench_tui.py [--starts 10] [--keys 300]
"""

from __future__ import annotations

import argparse
import io
import os
import pty
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
import fcntl

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def first_screen(config_dir: str) -> float:
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", TICHU_LAN_CONFIG_DIR=config_dir)
    started = time.perf_counter()
    child = subprocess.Popen([os.path.join(ROOT, ".venv", "bin", "tichu"), "play", "--seed", "1"],
                             stdin=slave, stdout=slave, stderr=slave, env=env,
                             start_new_session=True)
    os.close(slave)
    seen = b""
    try:
        while b"YOUR TURN" not in seen:
            ready, _, _ = select.select([master], [], [], 10)
            if not ready:
                raise RuntimeError(f"no table within 10 s; the output was {seen[-500:]!r}")
            seen += os.read(master, 65536)
        return time.perf_counter() - started
    finally:
        os.killpg(child.pid, signal.SIGTERM)
        try:
            while select.select([master], [], [], 2)[0] and os.read(master, 65536):
                pass
        except OSError:
            pass
        child.wait(10)
        os.close(master)


async def key_latencies(rows: int, columns: int, count: int) -> list[float]:
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output.vt100 import Vt100_Output
    from twisted.internet import defer

    from engine import Phase
    from tichu_lan.bridge import as_deferred
    from tichu_lan.client import TichuClient
    from tichu_lan.server import Host, HostConfig, Pacing
    from tichu_lan.tui.app import ClientApp
    from tichu_lan.tui.faces import Faces
    from tichu_lan.tui.run import solo_table, table_screen

    from twisted.internet import reactor
    data = tempfile.TemporaryDirectory()
    host = Host(HostConfig(bind="127.0.0.1", port=0, data_dir=data.name, seed=5,
                           pacing=Pacing(60.0, 0, 0), bot_workers=0), reactor)
    port = host.listen()
    sink = io.StringIO()
    with create_pipe_input() as pipe:
        output = Vt100_Output(sink, lambda: Size(rows, columns), term="xterm-256color")
        ui = ClientApp(input=pipe, output=output)
        client = TichuClient("127.0.0.1", port, "Bench")
        model = table_screen(ui, client, Faces()).model
        rendered: list[defer.Deferred] = []
        handled = [False]          # the key has been handled: the next render shows it

        def after_render(_app) -> None:
            if handled[0] and rendered:
                handled[0] = False
                now = time.perf_counter()
                # The callback resumes the measuring loop at once, which queues the next key:
                # take the waiting one off the list first.
                rendered.pop().callback(now)
        ui.app.after_render += after_render
        running = as_deferred(ui.app.run_async())
        await solo_table(client, False, 1000, "random")

        async def settle(condition) -> None:
            while not condition():
                d = defer.Deferred()
                ui.listeners.append(lambda d=d: None if d.called else d.callback(None))
                await d
                ui.listeners.clear()

        await settle(lambda: model.forced is not None)      # 60 s bot pacing: the table waits
        # A table with 14 cards, dialogs out of the way: the person's own Grand Tichu answer
        # comes first, the exchange is chosen by keys; bots answer only after 60 s.
        pipe.send_text("n")
        await settle(lambda: client.view.phase is not Phase.GRAND or
                     client.view.grand_decided[0])
        times = []
        keys = ["\x1b[C", "\x1b[D", " "]
        ui.listeners.append(lambda: handled.__setitem__(0, True))
        for i in range(count):
            d: defer.Deferred = defer.Deferred()
            rendered.append(d)
            start = time.perf_counter()
            pipe.send_text(keys[i % len(keys)])
            end = await d
            times.append(end - start)
            sink.seek(0)
            sink.truncate()
        ui.exit()
        await running
        await client.close()
        await host.stop()
        data.cleanup()
        return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=10)
    parser.add_argument("--keys", type=int, default=300)
    args = parser.parse_args()

    config_dir = tempfile.mkdtemp()
    starts = [first_screen(config_dir) for _ in range(args.starts)]
    print(f"first screen (tichu play start -> table drawn), {args.starts} runs: "
          f"median {statistics.median(starts) * 1000:.0f} ms, "
          f"p99 {percentile(starts, 99) * 1000:.0f} ms, max {max(starts) * 1000:.0f} ms")

    from tichu_lan.cli import install_reactor
    install_reactor()
    from twisted.internet import defer, reactor
    results = {}

    async def measure():
        for rows, columns in ((24, 80), (60, 200)):
            results[(rows, columns)] = await key_latencies(rows, columns, args.keys)

    def run():
        defer.ensureDeferred(measure()).addErrback(
            lambda f: (print(f.getTraceback(), file=sys.stderr), results.clear())
        ).addBoth(lambda _: reactor.stop())
    reactor.callWhenRunning(run)
    reactor.run()
    if not results:
        return 1
    for (rows, columns), times in results.items():
        print(f"keypress -> redrawn screen at {columns}x{rows}, {len(times)} keys: "
              f"median {statistics.median(times) * 1000:.2f} ms, "
              f"p99 {percentile(times, 99) * 1000:.2f} ms, max {max(times) * 1000:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
