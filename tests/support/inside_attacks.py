"""Issue 25's attacks on what the host shares inside: its bots' thinking, the owner's screen,
a friend's way in past the guessers, and its memory for unread output.

Each is an async function of an arena (the host's ``port``; see `attacks.Arena`) and keyword
sizes, bounded in connections and time, returning what it did and what the honest met.
`scripts/attack_host` runs them at full size beside the game port's attacks; tests/server runs
each small against a host in the test's process.
"""

from __future__ import annotations

import contextlib
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from twisted.internet import defer, task
from twisted.internet.endpoints import TCP4ClientEndpoint

from tichu_lan import protocol
from tichu_lan.client import TichuClient
from tichu_lan.host_messages import Heard
from tichu_lan.tui.faces import Faces
from tichu_lan.tui.table_model import TableModel

from .attack_kit import Hostile, addresses, answer, hostile
from .autoplay import AutoPlayer
from .live_host import LOOPBACK, pause

HONEST_BOTS = "127.98.1.{n}"        # the honest bot tables' own addresses
FRIEND = "127.98.0.2"               # the owner's friend's


def client_from(port: int, name: str, source: str) -> TichuClient:
    from twisted.internet import reactor
    endpoint = TCP4ClientEndpoint(reactor, LOOPBACK, port, timeout=5, bindAddress=(source, 0))
    return TichuClient(LOOPBACK, port, name, reconnect=False, endpoint=endpoint)


# --- 1. a burst of tables of slow bots -------------------------------------------------

@dataclass
class BotTable:
    """An honest table of four bots (its opener gone, a stand-in in their seat), watched from
    its address: when each move was seen."""

    table: int
    token: str
    source: str
    watcher: Hostile
    seen: list[tuple[float, int]] = field(default_factory=list)    # (time, seq)
    pinged: float = field(default_factory=time.monotonic)

    def sample(self) -> None:
        seqs = [m["seq"] for m in self.watcher.received if m.get("type") == "view"]
        now = time.monotonic()
        if seqs:
            self.seen.append((now, seqs[-1]))
        self.watcher.received.clear()
        if now - self.pinged > 10:          # a watcher that says nothing is cut after 60 s
            self.watcher.send({"type": "ping", "id": 9})
            self.pinged = now

    def moves(self, start: float, end: float) -> int:
        inside = [seq for t, seq in self.seen if start <= t <= end]
        before = [seq for t, seq in self.seen if t < start]
        return (max(inside) - (before[-1] if before else min(inside))) if inside else 0

    def longest_still(self, start: float, end: float) -> float:
        """The longest time between two moves seen in [start, end]."""
        pairs = zip(self.seen[1:], self.seen, strict=False)
        changes = [start] + [t for (t, seq), (_, last) in pairs
                             if start <= t <= end and seq != last] + [end]
        return max(b - a for a, b in zip(changes, changes[1:], strict=False))


async def bot_table(port: int, name: str, level: str, source: str) -> BotTable:
    opener = await hostile(port, source, keep=True)
    opener.hello(name=name)
    opener.send({"type": "create_table", "id": 2, "name": name, "variant": "classic",
                 "target": 100_000, "grace": 0.0, "bot_level": level})
    for seat in (1, 2, 3):
        opener.send({"type": "add_bot", "id": 2 + seat, "seat": seat})
    opener.send({"type": "start", "id": 6})
    seated, started = await answer(opener, 2), await answer(opener, 6)
    assert seated is not None and seated["type"] == "seated", seated
    assert started is not None and started["type"] == "ok", started
    opener.close()
    watcher = await hostile(port, source, keep=True)
    watcher.hello(name=f"{name} watcher")
    watcher.send({"type": "spectate", "id": 2, "table": seated["table"]})
    return BotTable(seated["table"], seated["token"], source, watcher)


async def close_bot_table(port: int, table: BotTable) -> None:
    """Back in the seat with its token, and away for good: the table closes."""
    table.watcher.close()
    back = await hostile(port, table.source, keep=True)
    back.hello(name="back", token=table.token)
    back.send({"type": "leave", "id": 2})
    await answer(back, 2)
    back.close()


async def open_and_leave(port: int, source: str, until: float, level: str,
                         counts: Counter[str]) -> None:
    """Tables of ``level`` bots, opened, started and left at once, again and again, within
    the request rate."""
    try:
        conn = await hostile(port, source, keep=True)
    except Exception:
        counts["refused_at_the_door"] += 1
        return
    conn.hello(name="burst")
    rid = 10
    while time.monotonic() < until and not conn.closed:
        conn.send({"type": "create_table", "id": rid, "name": f"burst {rid}",
                   "variant": "classic", "target": 1000, "bot_level": level})
        for seat in (1, 2, 3):
            conn.send({"type": "add_bot", "id": rid + seat, "seat": seat})
        conn.send({"type": "start", "id": rid + 4})
        conn.send({"type": "leave", "id": rid + 5})
        got = await answer(conn, rid + 5)
        started = next((m for m in conn.received if m.get("id") == rid + 4), None)
        counts["started" if started and started["type"] == "ok" else
               (started or {}).get("code", "no answer")] += 1
        conn.received.clear()
        if got is None:
            break
        rid += 10
        await pause(6 / 18)                 # six requests, just under 20 a second
    conn.close()


async def bot_burst(arena: Any, *, sources: int = 1, connections: int = 8,
                    seconds: float = 60.0, burst: float = 5.0, every: float = 15.0,
                    level: str = "hard", honest: tuple[str, ...] = ("normal", "hard"),
                    quiet: float = 15.0, group: int = 40) -> dict[str, Any]:
    """Honest tables of bots (one per level in ``honest``) play from an address of their own;
    after ``quiet`` seconds, ``connections`` from ``sources`` addresses open tables of
    ``level`` bots, start them and leave each at once, for ``burst`` seconds every ``every``
    seconds, ``seconds`` long. The honest tables' moves a minute before and during it, and
    their longest stillness (during it, and for ``quiet`` seconds after)."""
    tables = [await bot_table(arena.port, f"honest {lvl}", lvl, HONEST_BOTS.format(n=n + 1))
              for n, lvl in enumerate(honest)]
    sampling = task.LoopingCall(lambda: [t.sample() for t in tables])
    sampling.start(0.1)
    began = time.monotonic()
    await pause(quiet)
    start = time.monotonic()
    spots = addresses(group, sources)
    counts: Counter[str] = Counter()
    while time.monotonic() < start + seconds:
        until = min(time.monotonic() + burst, start + seconds)
        await defer.gatherResults([defer.ensureDeferred(open_and_leave(
            arena.port, spots[n % sources], until, level, counts)) for n in range(connections)])
        rest = min(every - burst, start + seconds - time.monotonic())
        if rest > 0:
            await pause(rest)
    end = time.monotonic()
    await pause(quiet)
    sampling.stop()
    honest_tables = {}
    for lvl, table in zip(honest, tables, strict=True):
        honest_tables[lvl] = {
            "per_min_before": round(table.moves(began, start) * 60 / (start - began), 1),
            "per_min_during": round(table.moves(start, end) * 60 / (end - start), 1),
            "longest_still_s": round(table.longest_still(start, end + quiet), 1)}
        await close_bot_table(arena.port, table)
    return {"tables": dict(counts), "honest_bot_tables": honest_tables}


# --- 2. thirty names asking for a bot's seat -------------------------------------------

class OwnerScreen:
    """The owner's table screen, as its view-model: the dialogs it opened."""

    def __init__(self, client: TichuClient) -> None:
        self.client = client
        self.model = TableModel(Faces(ascii=True))
        self.opened: set[int] = set()
        self.most_at_once = 0
        client.subscribe(self.heard)

    def heard(self, message: Heard) -> None:
        self.model.on_message(message, self.client.view)
        self.opened |= {id(d) for d in self.model.overlays if "seat" in d.title}
        self.most_at_once = max(self.most_at_once, sum("seat" in d.title
                                                       for d in self.model.overlays))


async def ask_and_take_back(port: int, table: int, name: str, source: str, seat: int,
                            hold: float) -> str:
    conn = await hostile(port, source, keep=True)
    conn.hello(name=name)
    conn.send({"type": "join", "id": 2, "table": table, "seat": seat})
    with contextlib.suppress(TimeoutError):
        from .live_host import wait_until
        await wait_until(lambda: any(m.get("type") in ("pending", "error", "seated")
                                     for m in conn.received), timeout=5)
    said = next((m for m in conn.received if m.get("type") in ("pending", "error", "seated")),
                {"type": "nothing"})
    await pause(hold)
    conn.send({"type": "leave", "id": 3})
    await answer(conn, 3)
    conn.close()
    return said.get("code", said["type"])


async def seat_requests(arena: Any, *, names: int = 30, sources: int = 3, hold: float = 0.3,
                        group: int = 41) -> dict[str, Any]:
    """The owner plays with three bots; ``names`` guests from ``sources`` addresses each ask
    for a bot's seat in the middle of the round, wait ``hold`` s and take it back, one stream
    an address. How many dialogs the owner's screen opened, and at most at once."""
    owner = client_from(arena.port, "Owner", "127.98.0.3")
    await owner.connect()
    seating = await owner.create_table("owner's", "classic", 100_000)
    for seat in (1, 2, 3):
        await owner.add_bot(seat)
    screen = OwnerScreen(owner)
    await owner.start()
    player = AutoPlayer(owner)
    spots = addresses(group, sources)

    async def stream(a: int) -> list[str]:
        return [await ask_and_take_back(arena.port, seating.table, f"Guest{n}", spots[a],
                                        1 + n % 3, hold) for n in range(a, names, sources)]
    said = await defer.gatherResults([defer.ensureDeferred(stream(a)) for a in range(sources)])
    player.stop()
    left = len(screen.model.seat_requests.waiting) if hasattr(screen.model, "seat_requests") \
        else None
    await owner.close()
    return {"asked": names, "answers": dict(Counter(c for codes in said for c in codes)),
            "dialogs_opened": len(screen.opened), "dialogs_at_once_most": screen.most_at_once,
            "still_listed_at_end": left}


# --- 3. guessing while the friend logs in ------------------------------------------------

async def friend_logs_in(arena: Any, *, guessers: int = 8, connections: int = 24,
                         seconds: float = 40.0, every: float = 2.0, rate: float = 18.0,
                         group: int = 42) -> dict[str, Any]:
    """``connections`` from ``guessers`` addresses guess the owner's password ``rate`` times a
    second each; every ``every`` seconds the owner's friend, from an address of their own,
    joins with the right password and leaves again."""
    owner = client_from(arena.port, "Owner", "127.98.0.4")
    await owner.connect()
    seating = await owner.create_table("private", "classic", 1000, password="s3cret")
    spots = addresses(group, guessers)
    conns = []
    for i in range(connections):
        conn = await hostile(arena.port, spots[i % guessers], keep=True)
        conn.hello(name=f"guesser{i}")
        conns.append(conn)
    ended = time.monotonic() + seconds
    friend = {"tries": 0, "in": 0, "refused": Counter()}

    async def guess() -> None:
        rid = 10
        while time.monotonic() < ended:
            for conn in conns:
                conn.send({"type": "join", "id": rid, "table": seating.table,
                           "password": f"guess{rid}"})
                rid += 1
            await pause(1 / rate)

    async def friend_tries() -> None:
        while time.monotonic() < ended:
            await pause(every)
            client = client_from(arena.port, "Friend", FRIEND)
            friend["tries"] += 1
            try:
                await client.connect()
                await client.join(seating.table, password="s3cret")
                friend["in"] += 1
                await client.leave()
            except protocol.HostError as refused:
                friend["refused"][refused.code] += 1
            except Exception as failed:         # not let in at all: what stopped it
                friend["refused"][type(failed).__name__] += 1
            finally:
                await client.close()
    await defer.gatherResults([defer.ensureDeferred(guess()), defer.ensureDeferred(
        friend_tries())])
    codes = Counter(code for conn in conns for code in conn.codes()
                    if code in ("wrong_password", "too_many_guesses", "rate_limited"))
    for conn in conns:
        conn.close()
    await owner.close()
    return {"guesses": sum(codes.values()), "checked": codes["wrong_password"],
            "friend_in": friend["in"], "friend_tries": friend["tries"],
            "friend_refused": dict(friend["refused"])}


# --- 4. every slot held at the output cap ------------------------------------------------

async def hold_at_the_cap(port: int, source: str, most: int, until: float,
                          counts: Counter[str]) -> Hostile | None:
    """A connection that asks for the lobby ``most`` times, reading none of it (as fast as
    the listing's rate limit lets it); cut off before that (it learns of it at its next
    write), it comes back for two fewer. Holds what it was sent until ``until``."""
    while time.monotonic() < until:
        try:
            conn = await hostile(port, source, reads=False)
        except Exception:
            counts["refused at the door"] += 1
            await pause(1.0)
            continue
        conn.hello(name="holder")
        sent = 0
        while sent < most and not conn.closed:
            conn.send({"type": "list_tables", "id": 10 + sent})
            sent += 1
            await pause(0 if sent < 5 else 1.05)
        await pause(0.2)
        conn.send({"type": "ping", "id": 9})    # a write, to learn whether it was cut
        await pause(0.2)
        if not conn.closed:
            return conn
        counts["cut while filling"] += 1
        most = max(1, sent - 2)
    return None


async def output_cap(arena: Any, *, sources: int = 32, per_address: int = 16,
                     seconds: float = 30.0, group: int = 43) -> dict[str, Any]:
    """A probe finds how many unread listings cut a connection off; then ``sources`` x
    ``per_address`` connections each take as many as they can without being cut (each
    coming back for fewer when it was), for ``seconds`` in all; then they read, and those
    the host had cut since find out."""
    probe = await hostile(arena.port, addresses(group, 1)[0], reads=False)
    probe.hello(name="probe")
    cut_at = 0
    while not probe.closed and cut_at < 64:
        probe.send({"type": "list_tables", "id": 10 + cut_at})
        cut_at += 1
        await pause(0 if cut_at < 5 else 1.05)
        await pause(0.2)
    probe.close()
    spots = addresses(group + 1, sources)
    counts: Counter[str] = Counter()
    until = time.monotonic() + seconds
    holders = await defer.gatherResults([defer.ensureDeferred(hold_at_the_cap(
        arena.port, spots[n % sources], cut_at, until, counts))
        for n in range(sources * per_address)])
    conns = [conn for conn in holders if conn is not None]
    await pause(max(0.0, until - time.monotonic()))
    for conn in conns:                  # a connection that does not read misses its end
        if not conn.closed:
            conn.transport.resumeProducing()
    await pause(2.0)
    held = sum(not conn.closed for conn in conns)
    for conn in conns:
        conn.close()
    return {"probe_cut_after_listings": cut_at, "filled": len(conns),
            "held_at_end": held, "cut_once_filled": len(conns) - held, **counts}


INSIDE_ATTACKS = {
    "bot_burst": bot_burst,
    "bot_burst_many": lambda arena, **kw: bot_burst(arena, **{"sources": 16, **kw}),
    "seat_requests": seat_requests, "friend": friend_logs_in, "output_cap": output_cap}
INSIDE_FULL: dict[str, dict[str, Any]] = {
    "bot_burst": {"sources": 1, "connections": 8, "seconds": 60.0},
    "bot_burst_many": {"sources": 16, "connections": 16, "seconds": 60.0},
    "seat_requests": {"names": 30, "sources": 3}, "friend": {"seconds": 40.0},
    "output_cap": {"sources": 32, "per_address": 16, "seconds": 40.0}}
INSIDE_SMALLER: dict[str, dict[str, Any]] = {
    "bot_burst": {"seconds": 15.0, "quiet": 8.0}, "bot_burst_many": {"seconds": 15.0,
                                                                      "quiet": 8.0},
    "seat_requests": {"names": 12}, "friend": {"seconds": 10.0},
    "output_cap": {"sources": 8, "seconds": 15.0}}
