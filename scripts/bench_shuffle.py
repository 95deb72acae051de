#!/usr/bin/env python3
"""The time the shared shuffle adds before each deal, on loopback (issue 30; the bar: 50 ms).

A host in this process on 127.0.0.1 (bots instant, no pacing) and ``--people`` real clients
at one table, playing random legal moves, game after game (a rematch at each game's end),
until ``--rounds`` rounds were dealt. Each deal of a shared game waits for two round trips:
the commitments, then the values. Measured per deal:

- at the host: from the shuffle's start (its commitment drawn) to the deal made;
- at each client: from the view of the move that ended the round before (for a game's
  first round, from the request that started the game) to the view of the deal: the
  wait a player sees.

The same table is then played again with programs that do not take part (an older
client's way), so the host deals at once: the clients' wait there is the deal without the
shuffle, and the difference between the two is what the protocol adds. The process's CPU
time per round is printed for both (host and clients share it). It also counts the rounds
every client checked when they ended, and those that held with a shared deal.

    .venv/bin/python scripts/bench_shuffle.py
    .venv/bin/python scripts/bench_shuffle.py --rounds 400 --people 2
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tichu_lan.cli import install_reactor  # noqa: E402

install_reactor()

from twisted.internet import defer, reactor, task  # noqa: E402

from engine import options_for_view  # noqa: E402
from engine.bots import levels, make_bot  # noqa: E402
from tichu_lan.client import TichuClient  # noqa: E402
from tichu_lan.client.shuffle_check import ShuffleCheck  # noqa: E402
from tichu_lan.host_messages import Heard, Proof, RoundChecked, ViewMessage  # noqa: E402
from tichu_lan.server import INSTANT, Host, HostConfig, Limits  # noqa: E402
from tichu_lan.server.shared_shuffle import RoundShuffle, SharedShuffle  # noqa: E402

NAMES = ["Ann", "Bob", "Cat", "Dan"]


class HostClock:
    """When each shuffle began and when its deal was made, at the host (wall and process
    CPU time: host and clients share the process, so the CPU is everyone's in that wait)."""

    def __init__(self) -> None:
        self.began: tuple[float, float] | None = None
        self.waits: list[float] = []
        self.cpu: list[float] = []
        begin, deal = SharedShuffle.begin, SharedShuffle._deal

        def timed_begin(shuffle: SharedShuffle, round_no: int, seats: list[int]) -> None:
            self.began = time.perf_counter(), time.process_time()
            begin(shuffle, round_no, seats)

        def timed_deal(shuffle: SharedShuffle, current: RoundShuffle) -> None:
            if self.began is not None:
                self.waits.append(time.perf_counter() - self.began[0])
                self.cpu.append(time.process_time() - self.began[1])
                self.began = None
            deal(shuffle, current)

        SharedShuffle.begin = timed_begin    # type: ignore[method-assign, assignment]
        SharedShuffle._deal = timed_deal     # type: ignore[method-assign, assignment]

    def taken(self) -> tuple[list[float], list[float]]:
        """The waits and CPU times measured since the last call."""
        waits, cpu = self.waits, self.cpu
        self.waits, self.cpu = [], []
        return waits, cpu


def time_checks() -> list[float]:
    """The wall time of each client's check of a round (its proof read, the deal recomputed,
    the moves replayed), as it is made."""
    times: list[float] = []
    prove = ShuffleCheck._prove

    def timed(check: ShuffleCheck, proof: Proof) -> None:
        began = time.perf_counter()
        prove(check, proof)
        times.append(time.perf_counter() - began)

    ShuffleCheck._prove = timed              # type: ignore[method-assign, assignment]
    return times


class Player:
    """A client that plays random legal moves and times each deal's wait."""

    def __init__(self, client: TichuClient, level: str, seed: int) -> None:
        self.client, self.bot = client, make_bot(level, seed)
        self.ended: float | None = None      # when the last round ended (or the game began)
        self.waits: list[float] = []
        self.checked: list[RoundChecked] = []
        self.busy = False
        client.subscribe(self.heard)

    def heard(self, message: Heard) -> None:
        if isinstance(message, RoundChecked):
            self.checked.append(message)
        if not isinstance(message, ViewMessage):
            return
        kinds = {e.type for e in message.events}
        if self.ended is not None and message.view.round_no > 0 and (
                "round_started" in kinds or message.seq == 1):
            self.waits.append(time.perf_counter() - self.ended)
            self.ended = None
        if "round_ended" in kinds and "game_ended" not in kinds:
            self.ended = time.perf_counter()
        self.move()

    def move(self) -> None:
        view = self.client.view
        if view is None or self.busy or view.winner >= 0 or not options_for_view(view).waiting:
            return
        action = self.bot.decide(view)
        if action is None:
            return
        self.busy = True

        def done(_: object) -> None:
            self.busy = False
            reactor.callLater(0, self.move)
        self.client.act(action).addBoth(done)


@dataclass
class Run:
    """What one run measured."""

    host: list[float] = field(default_factory=list)        # seconds, per deal
    host_cpu: list[float] = field(default_factory=list)
    clients: list[float] = field(default_factory=list)
    checked: list[RoundChecked] = field(default_factory=list)
    cpu: float = 0.0                                      # process seconds per round
    games: int = 0


def over(client: TichuClient) -> bool:
    return client.table is not None and client.table.state == "over"


async def play(args: argparse.Namespace, clock: HostClock, helping: bool) -> Run:
    """Deal ``args.rounds`` rounds at one table, its programs helping shuffle or not."""
    host = Host(HostConfig(bind="127.0.0.1", port=0, data_dir=Path(tempfile.mkdtemp(
        prefix="bench-shuffle-")), pacing=INSTANT, bot_workers=0, bot_level="random",
        limits=Limits(rate=1000.0, burst=1000)), reactor)
    host.listen()
    clients = [TichuClient("127.0.0.1", host.port, name) for name in NAMES[:args.people]]
    for client in clients:
        if not helping:
            client.checks.heard = lambda message: None     # type: ignore[method-assign]
        await client.connect()
    players = [Player(c, args.level, i) for i, c in enumerate(clients)]
    seating = await clients[0].create_table("bench", "classic", args.target)
    for index, client in enumerate(clients[1:], start=1):
        await client.join(seating.table, seat=index)
    for index in range(args.people, 4):
        await clients[0].add_bot(index, args.level)
    run = Run()
    cpu = time.process_time()
    dealt = 0
    while dealt < args.rounds:
        for client in clients[:-1]:
            if over(client):
                await client.play_again()
        for player in players:
            player.ended = time.perf_counter()
        await (clients[-1].play_again() if over(clients[-1]) else clients[0].start())
        run.games += 1
        while over(clients[0]):                  # the last game's, until the new one's news
            await task.deferLater(reactor, 0.01, lambda: None)
        while not (over(clients[0]) or dealt + len(players[0].waits) >= args.rounds):
            await task.deferLater(reactor, 0.02, lambda: None)
        dealt += len(players[0].waits)
        for player in players:
            run.clients += player.waits
            player.waits = []
            player.ended = None
    run.cpu = (time.process_time() - cpu) / dealt
    run.host, run.host_cpu = clock.taken()
    run.checked = [c for p in players for c in p.checked]
    for client in clients:
        await client.close()
    await host.stop()
    return run


def figures(name: str, seconds: list[float]) -> str:
    if not seconds:
        return f"{name:34} none"
    ms = [s * 1000 for s in seconds]
    cuts = statistics.quantiles(ms, n=100, method="inclusive") if len(ms) > 1 else ms * 99
    return (f"{name:34} n={len(ms):5}  p50 {cuts[49]:6.2f}  p95 {cuts[94]:6.2f}  "
            f"p99 {cuts[98]:6.2f}  max {max(ms):6.2f} ms")


async def run(args: argparse.Namespace) -> None:
    clock, checks = HostClock(), time_checks()
    shared = await play(args, clock, helping=True)
    alone = await play(args, clock, helping=False)
    print(f"{args.rounds} deals, {args.people} people and {4 - args.people} bots "
          f"at one table, target {args.target}")
    print(figures("host: shuffle's start to deal", shared.host))
    print(figures("  process CPU in that wait", shared.host_cpu))
    print(figures("clients: round's end to deal", shared.clients))
    print(figures("clients, not helping: the same", alone.clients))
    print(figures("a client's check of a round", checks))
    held = sum(c.ok and c.shared for c in shared.checked)
    failed = [c.finding for c in shared.checked if not c.ok]
    print(f"rounds checked by the clients: {len(shared.checked)}, held with a shared deal: "
          f"{held}, failed: {len(failed)} {failed[:3] if failed else ''}")
    print(f"games played: {shared.games} shared, {alone.games} not; process CPU per round: "
          f"{shared.cpu * 1000:.1f} ms shared, {alone.cpu * 1000:.1f} ms not")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200, help="deals to time (default 200)")
    parser.add_argument("--people", type=int, default=4, choices=range(1, 5),
                        help="clients at the table, bots in the other seats (default 4)")
    parser.add_argument("--target", type=int, default=1000,
                        help="the games' target score (default 1000)")
    parser.add_argument("--level", default="easy", choices=levels(),
                        help="how the people's programs and the bots play (default easy: "
                        "random play calls and fails so often that its games hardly end)")
    args = parser.parse_args()
    task.react(lambda _reactor: defer.ensureDeferred(run(args)))


if __name__ == "__main__":
    main()
