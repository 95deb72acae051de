"""The attacks of issue 13, each against a live host, each bounded in connections and time.

Each attack is an async function of an `Arena` (the host's port, the honest table, a way to
restart the host) and keyword sizes; it returns what it did and what the host answered.
`scripts/attack_host` runs them at full size against a `tichu server` with 100 tables and
reports the host's memory and the honest players' latency around each; tests/server runs
them small against a host in the test's process and checks what must hold.
"""

from __future__ import annotations

import contextlib
import json
import random
import tempfile
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, Protocol

import msgpack
from twisted.internet import task

from tichu_lan import protocol, settings
from tichu_lan.client import TichuClient

from .attack_kit import HELLO, Hostile, addresses, answer, hostile, newcomer, synced
from .hostile import LENGTHENING, hostile_string
from .live_host import LOOPBACK, pause, wait_until
from .share_attacks import SHARE_ATTACKS

Damage = Callable[[Path], None]


class Arena(Protocol):
    port: int
    honest_table: int

    async def honest(self) -> dict[str, Any]:
        """The honest players' counts so far: ``lost`` connections, ``notices``, ``chats``
        and the longest chat text and name they were shown."""

    async def drop_honest(self) -> bool:
        """Cut one seated honest player's connection; True once it is back in its seat."""

    async def restart(self, damage: Damage | None = None) -> None:
        """Stop the host, ``damage`` the honest table's journal, start it with --resume."""


async def many(count: int, make: Callable[[int], Awaitable[Hostile]]) -> list[Hostile]:
    conns = []
    for i in range(count):
        with contextlib.suppress(Exception):    # refused at the door: the host is full
            conns.append(await make(i))
    return conns


def close_all(conns: list[Hostile]) -> None:
    for conn in conns:
        conn.close()


# --- 1. replies that are never read, and many that are ------------------------------------

async def listings(arena: Arena, *, connections: int = 48, sources: int = 3, rate: float = 18.0,
                   seconds: float = 20.0, reads: bool = False) -> dict[str, Any]:
    """``connections`` from ``sources`` addresses ask for the lobby ``rate`` times a second;
    they never read (``reads`` false, with a 2 KB receive buffer) or read and forget. A
    connection the host cuts is opened again at once."""
    spots = addresses(1 if reads else 0, sources)

    async def one(i: int) -> Hostile:
        conn = await hostile(arena.port, spots[i % sources], reads=reads)
        conn.hello(name=f"lister{i}")
        return conn

    conns = await many(connections, one)
    cut = requests = 0
    rid = 2
    for _ in range(int(seconds * rate)):
        for index, conn in enumerate(conns):
            if conn.closed:
                cut += 1
                try:
                    conns[index] = await one(index)
                except Exception:
                    continue
            conns[index].send({"type": "list_tables", "id": rid})
            requests += 1
        rid += 1
        await pause(1 / rate)
    close_all(conns)
    return {"connections": len(conns), "requests": requests, "cut": cut}


# --- 2. one guest takes every table ----------------------------------------------------

async def create_from(port: int, source: str, name: str, start: bool = False) -> str:
    conn = await hostile(port, source, keep=True)
    conn.hello(name=name)
    conn.send({"type": "create_table", "id": 2, "name": name, "variant": "duel",
               "target": 500, "grace": 0.0})
    got = await answer(conn, 2)
    if start and got is not None and got["type"] == "seated":
        conn.send({"type": "add_bot", "id": 3, "seat": 1})
        conn.send({"type": "start", "id": 4})
        await answer(conn, 4)
    conn.close()
    await conn.lost
    return "closed" if got is None else got.get("code", got["type"])


async def squat(arena: Arena, *, tables: int = 100, others: int = 7,
                restart: bool = True) -> dict[str, Any]:
    """One address opens ``tables`` tables, one connection at a time, leaving each at once;
    then newcomers from that address and ``others`` more open one each; then the host is
    restarted with --resume."""
    (spot,) = addresses(2, 1)
    codes = Counter([await create_from(arena.port, spot, f"squat {i}") for i in range(tables)])
    newcomers = [await create_from(arena.port, source, f"newcomer {n}")
                 for n, source in enumerate([spot, *addresses(3, others)])]
    out: dict[str, Any] = {"squatter": dict(codes), "newcomers_seated":
                           sum(code == "seated" for code in newcomers), "newcomers": len(newcomers)}
    if restart:
        await arena.restart()
        out["squat_tables_resumed"] = sum(t["name"].startswith("squat")
                                          for t in await tables_of(arena.port))
    return out


async def tables_of(port: int) -> list[dict[str, Any]]:
    conn = await hostile(port, LOOPBACK, keep=True)
    conn.hello(name="counter")
    conn.send({"type": "list_tables", "id": 2})
    got = await answer(conn, 2)
    conn.close()
    return got["tables"] if got else []


# --- 3. text that normalising lengthens ------------------------------------------------

async def words(arena: Arena, *, attackers: int = 8, chats: int = 1200,
                names: int = 400, seed: int = 13) -> dict[str, Any]:
    """Watchers of the honest table chat hostile text (a fifth of it U+FB2C and the like, 3x
    in NFC), and guests say hello with hostile names and chat under them."""
    rng = random.Random(seed)
    spots = addresses(4, 4)
    answers: Counter[str] = Counter()

    async def watcher(i: int, name: str) -> Hostile:
        conn = await hostile(arena.port, spots[i % len(spots)], keep=True)
        conn.hello(name=name)
        conn.send({"type": "spectate", "id": 2, "table": arena.honest_table})
        return conn

    conns = await many(attackers, lambda i: watcher(i, f"watcher{i}"))
    rid = 10
    for n in range(chats):
        conn = conns[n % len(conns)]
        text = (rng.choice(LENGTHENING) * rng.randrange(101, 300) if n % 5 == 0 else
                hostile_string(rng, rng.randrange(1, 400)))
        conn.send({"type": "chat", "id": rid, "text": text})
        rid += 1
        if n % len(conns) == len(conns) - 1:
            await pause(1 / 19)                     # each just under the request rate
    for n in range(names):
        name = (rng.choice(LENGTHENING) * 24 if n % 3 == 0 else hostile_string(rng, 24))
        conn = await watcher(n, name)
        conn.send({"type": "chat", "id": 3, "text": "hello from " + name[:10]})
        await answer(conn, 3, timeout=5)
        answers.update(m.get("code", m["type"]) for m in conn.received if m.get("id") in (1, 3))
        conn.close()
    await synced(conns)
    for conn in conns:
        answers.update(m.get("code", m["type"]) for m in conn.received
                       if 10 <= m.get("id", 0) < rid)
    close_all(conns)
    honest = await arena.honest()
    return {"chats": chats, "names": names, "answers": dict(answers), **honest}


# --- 4. every connection taken ------------------------------------------------------------

async def fill_up(arena: Arena, *, sources: int = 32, per_address: int = 16, busy: bool = False,
                  returns: int = 5, idle: float = 6.0, every: float = 2.0) -> dict[str, Any]:
    """``sources`` addresses hold every slot they can with hellos and pings every ``every``
    seconds (``busy``: a request instead of a ping, so that none is ever idle) for ``idle``
    seconds; then a newcomer tries to get in, and a seated honest player drops and comes back
    ``returns`` times."""
    spots = addresses(5, sources)

    async def one(i: int) -> Hostile:
        conn = await hostile(arena.port, spots[i % sources], keep=True)
        conn.hello(name=f"holder{i}")
        return conn

    conns = await many(sources * per_address, one)
    await synced(conns)                     # answered, or refused and closed
    held = sum(not c.closed for c in conns)
    keeping = task.LoopingCall(lambda: [c.send({"type": "hello" if busy else "ping", "id": 7,
                                                **(HELLO if busy else {})}) for c in conns])
    keeping.start(every)
    await pause(idle)
    came = await newcomer(arena.port)
    back = sum([await arena.drop_honest() for _ in range(returns)])
    keeping.stop()
    evicted = sum("evicted" in c.codes() for c in conns)
    close_all(conns)
    return {"held": held, "newcomer": came, "returned": back, "of": returns,
            "evicted": evicted}


# --- 5. grace 0 ------------------------------------------------------------------------

async def no_grace(arena: Arena) -> dict[str, Any]:
    ann = TichuClient(LOOPBACK, arena.port, "Ann", reconnect=False)
    await ann.connect()
    seating = await ann.create_table("no grace", "duel", 500, grace=0.0)
    await ann.add_bot(1)
    await ann.start()
    watcher = await hostile(arena.port, LOOPBACK, keep=True)
    watcher.hello(name="watcher")
    watcher.send({"type": "spectate", "id": 2, "table": seating.table})
    await answer(watcher, 2)
    ann.drop()

    def seat() -> dict[str, Any]:
        seats = [m["table"]["seats"][0] for m in watcher.received if m["type"] == "table"]
        return seats[-1] if seats else {}

    with contextlib.suppress(TimeoutError):
        await wait_until(lambda: not seat().get("connected", True) and seat().get("bot"),
                         timeout=2)
    took_over = bool(seat().get("bot"))
    watcher.close()
    return {"grace": 0.0, "bot_took_over": took_over}


# --- 6. guessing passwords -----------------------------------------------------------------

async def guesses(arena: Arena, *, connections: int = 48, sources: int = 3,
                  seconds: float = 10.0, rate: float = 18.0) -> dict[str, Any]:
    owner = TichuClient(LOOPBACK, arena.port, "Owner", reconnect=False)
    await owner.connect()
    seating = await owner.create_table("private", "classic", 1000, password="s3cret")
    spots = addresses(6, sources)

    async def one(i: int) -> Hostile:
        conn = await hostile(arena.port, spots[i % sources], keep=True)
        conn.hello(name=f"guesser{i}")
        return conn

    conns = await many(connections, one)
    rid = 10
    for _ in range(int(seconds * rate)):
        for conn in conns:
            conn.send({"type": "join", "id": rid, "table": seating.table,
                       "password": f"guess{rid}"})
            rid += 1
        await pause(1 / rate)
    await synced(conns)
    codes = Counter(code for conn in conns for code in conn.codes()
                    if code in ("wrong_password", "too_many_guesses", "rate_limited"))
    close_all(conns)
    friend = TichuClient(LOOPBACK, arena.port, "Friend", reconnect=False)
    await friend.connect()
    waited = 0.0
    while True:
        try:
            await friend.join(seating.table, password="s3cret")
            break
        except protocol.HostError as refused:
            if refused.code != "too_many_guesses" or waited > 120:
                raise
            await pause(refused.params["seconds"])
            waited += refused.params["seconds"]
    for client in (friend, owner):
        await client.close()
    return {"guesses": sum(codes.values()), "checked": codes["wrong_password"],
            "checked_per_s": codes["wrong_password"] / seconds, "answers": dict(codes),
            "friend_waited_s": waited}


# --- 7. a damaged journal --------------------------------------------------------------

def flip_in_the_middle(path: Path) -> None:
    """Flip a byte of a move in the middle of the journal (between two checkpoints if it has
    them)."""
    lines = path.read_bytes().splitlines(keepends=True)
    marks = [i for i, line in enumerate(lines) if b'"kind":"checkpoint"' in line]
    at = (marks[-2] + marks[-1]) // 2 if len(marks) >= 3 else len(lines) // 2
    line = lines[at]
    cut = line.index(b'"n":') + 4 if b'"n":' in line else len(line) // 2
    lines[at] = line[:cut] + bytes([line[cut] ^ 0x01]) + line[cut + 1:]
    path.write_bytes(b"".join(lines))


async def damaged_journal(arena: Arena) -> dict[str, Any]:
    before = await arena.honest()
    await arena.restart(flip_in_the_middle)
    for _ in range(300):
        after = await arena.honest()
        if after["notices"] - before["notices"] >= 4:
            break
        await pause(0.1)                    # honest() asks the players, maybe in another process
    return {"told": after["notices"] - before["notices"], "of": 4,
            "notice": after.get("last_notice")}


# --- 8. the smaller ones ---------------------------------------------------------------

async def smaller(arena: Arena) -> dict[str, Any]:
    directory = Path(tempfile.mkdtemp(prefix="attack-config-"))
    settings.save(settings.Settings(name="Ann", last_token="t0ken"), directory / "config.toml")
    mode = (directory / "config.toml").stat().st_mode & 0o777
    twice = bytes([0x83]) + b"".join(msgpack.packb(x) for x in ("type", "ping", "id", 1, "id", 2))
    stamp = msgpack.packb({"type": "chat", "id": 3, "text": msgpack.Timestamp(0)})
    codes = []
    for body in (twice, stamp):
        conn = await hostile(arena.port, LOOPBACK, keep=True)
        conn.hello(name="small")
        conn.send_body(body)
        await conn.lost
        codes.append([m.get("code") for m in conn.received if m["type"] == "error"])
    return {"config_mode": oct(mode), "duplicate_key": codes[0], "timestamp": codes[1]}


ATTACKS: dict[str, Callable[..., Awaitable[dict[str, Any]]]] = {
    "unread": listings, "readers": lambda arena, **kw: listings(arena, reads=True, **kw),
    "words": words, "full": fill_up, "full_busy": lambda arena, **kw: fill_up(
        arena, busy=True, **kw),
    "grace": no_grace, "passwords": guesses, "journal": damaged_journal, "smaller": smaller,
    "squat": squat, **SHARE_ATTACKS,
}


def summary_line(name: str, facts: dict[str, Any]) -> str:
    return f"{name}: {json.dumps(facts, default=str, ensure_ascii=False)[:600]}"
