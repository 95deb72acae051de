"""`scripts/fuzz_protocol`: fuzz a live `tichu server` on 127.0.0.1, then prove it unharmed.

1. Start a host (a real `tichu server` process, bound to 127.0.0.1) and seat the
   *victims*: a classic table (password, no bot takeover) and a duel, people only,
   a few moves into their games; their views and journals are kept, then they leave
   their connections (their seats stay theirs).
2. Fuzz, bounded in frames and in time, every answer judged by tests.support.fuzz:
   mutated frames of every message type; hypothesis-drawn msgpack values and
   schema-shaped messages with hostile fields; hostile connection openings; sessions
   seated at their own started table sending legal, mangled and other seats' actions;
   guessed seat tokens and joins of the victims' tables.
3. Afterwards: the host process is alive (no crash, no "internal" answer, no traceback
   in its log); each victim comes back with its token to the same seat and the very
   view it left, and its table's journal is byte for byte what it was; a scripted game
   of four new players runs to its end, and every message of it passes the audit and
   equals the engine's replay of its journal (tests.support.party_check).
"""

from __future__ import annotations

import random
import subprocess
from concurrent.futures import ThreadPoolExecutor
import sys
import tempfile
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack

from engine import options_for_view, view_from_dict

from .autoplay import calm_decision
from .fuzz import (Closed, Expectation, JunkResult, Wire, exchange, expectation, frame,
                   junk_session, leave_seats)
from .party_check import check_run

LOOPBACK = "127.0.0.1"
PASSWORD = "s3cret"


@dataclass
class FuzzConfig:
    frames: int = 100_000
    seconds: float = 900.0
    seed: int = 1
    data_dir: Path | None = None
    shares: tuple[float, float, float] = (0.6, 0.15, 0.15)   # mutation, hypothesis, seated;
                                                               # the rest: intruders


@dataclass
class FuzzReport:
    frames: dict[str, int] = field(default_factory=dict)
    codes: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)        # the first few of each phase
    problem_count: int = 0
    connections: int = 0
    phase_seconds: dict[str, float] = field(default_factory=dict)
    seconds: float = 0.0
    host_alive: bool = False
    host_failures: list[str] = field(default_factory=list)
    victims: dict[str, Any] = field(default_factory=dict)
    scripted: dict[str, Any] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.frames.values())

    @property
    def ok(self) -> bool:
        return (self.host_alive and not self.problem_count and not self.host_failures
                and self.victims.get("ok", False) and self.scripted.get("ok", False))

    def add(self, phase: str, result: dict[str, Any]) -> None:
        self.frames[phase] = self.frames.get(phase, 0) + result["frames"]
        self.connections += result["connections"]
        for code, n in result["codes"].items():
            self.codes[code] = self.codes.get(code, 0) + n
        self.problems += [f"{phase}: {p}" for p in result["problems"]]
        self.problem_count += result["problem_count"]
        self.phase_seconds[phase] = result.get("seconds", 0.0)


# --- the host ------------------------------------------------------------------------------

class FuzzHost:
    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        port_file = data_dir / "port"
        self.log = open(data_dir / "host.log", "wb")
        # people's limits, except the request rate: a fuzzer asks far faster than a person
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tichu_lan.cli", "server", "--bind", LOOPBACK, "--port", "0",
             "--port-file", str(port_file), "--data-dir", str(data_dir), "--rate", "100000",
             "--bot-delay", "0", "--bot-workers", "0", "--bot-level", "random",
             "--grace", "3600"], stdout=self.log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while not port_file.exists():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the host did not start: {self.log_text()[-2000:]}")
            time.sleep(0.05)
        self.port = int(port_file.read_text())

    def log_text(self) -> str:
        return (self.data_dir / "host.log").read_text(errors="replace")

    def failures(self) -> list[str]:
        return [line[:300] for line in self.log_text().splitlines()
                if "Traceback" in line or "#critical]" in line or "Unhandled" in line]

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(20)
        self.log.close()


# --- people who play: the victims and the scripted game ----------------------------------------

class Player:
    """A person on a `Wire`: keeps its latest view, answers with a bot's decision."""

    def __init__(self, port: int, name: str, log: Path | None = None) -> None:
        self.wire = Wire(LOOPBACK, port)
        self.name = name
        self.log = open(log, "wb") if log else None
        self.view: dict[str, Any] | None = None
        self.seated: dict[str, Any] | None = None
        self.accepted: dict[int, Any] = {}
        self.rng = random.Random(zlib.crc32(name.encode()))
        self.ask({"type": "hello", "protocol": 1, "program": "fuzz victim", "name": name})

    def _take(self, message: dict[str, Any]) -> None:
        if self.log:
            self.log.write(msgpack.packb(message, use_bin_type=True))
        if message["type"] == "view":
            self.view = message
        elif message["type"] == "seated":
            self.seated = message

    def ask(self, message: dict[str, Any]) -> dict[str, Any]:
        answer, before = self.wire.request(message)
        for m in before + [answer]:
            self._take(m)
        if answer["type"] == "error":
            raise RuntimeError(f"{self.name}: {message['type']} refused: {answer}")
        return answer

    def drain(self) -> None:
        while (message := self.wire.read(0.0)) is not None:
            self._take(message)

    def waiting(self) -> bool:
        return self.view is not None and options_for_view(view_from_dict(self.view["view"])).waiting

    def move(self) -> None:
        action = calm_decision(view_from_dict(self.view["view"]), self.rng)
        answer = self.ask({"type": "action", "action": action.to_dict()})
        self.accepted[answer["seq"]] = action.to_dict()

    def close(self) -> None:
        if self.log:
            self.log.write(msgpack.packb({"type": "_accepted", "moves": self.accepted},
                                         use_bin_type=True))
            self.log.close()
        self.wire.close()


def seat_table(port: int, names: list[str], variant: str, target: int, logs: Path | None = None,
               **options: Any) -> list[Player]:
    players = [Player(port, n, logs / f"{n}.msgpack" if logs else None) for n in names]
    first = players[0]
    first.ask({"type": "create_table", "name": f"{names[0]}'s", "variant": variant,
               "target": target, **options})
    for seat, player in enumerate(players[1:], start=1):
        join = {"type": "join", "table": first.seated["table"], "seat": seat}
        if "password" in options:
            join["password"] = options["password"]
        player.ask(join)
    first.ask({"type": "start"})
    return players


def play(players: list[Player], until, limit: float = 120.0) -> None:
    """Let the seat the game waits for move, until ``until(players)`` (bounded in time)."""
    deadline = time.monotonic() + limit
    while not until(players):
        if time.monotonic() > deadline:
            raise TimeoutError("the game did not get there in time")
        for player in players:
            player.drain()
        mover = next((p for p in players if p.waiting()), None)
        if mover is not None:
            mover.move()
        else:
            time.sleep(0.002)


def settle(players: list[Player], limit: float = 10.0) -> None:
    """Read until every player has seen the table's latest move."""
    deadline = time.monotonic() + limit
    while len({p.view["seq"] for p in players}) > 1:
        if time.monotonic() > deadline:
            raise TimeoutError("the players' views did not agree")
        for player in players:
            player.drain()
        time.sleep(0.01)


def over(players: list[Player]) -> bool:
    return any(p.view and p.view["view"]["winner"] >= 0 for p in players)


class Victims:
    """Two people-only tables a few moves in, left alone while the fuzzer runs."""

    def __init__(self, port: int) -> None:
        self.port = port
        classic = seat_table(port, ["Vic", "Val", "Vera", "Vito"], "classic", 1000,
                             password=PASSWORD, takeover=False)
        duel = seat_table(port, ["Dee", "Dov"], "duel", 1000, takeover=False)
        play(classic, lambda ps: min(p.view["seq"] if p.view else 0 for p in ps) >= 30)
        play(duel, lambda ps: min(p.view["seq"] if p.view else 0 for p in ps) >= 20)
        self.players = classic + duel
        for table in (classic, duel):
            settle(table)
        self.tables = sorted({p.seated["table"] for p in self.players})
        self.before = {p.name: (p.seated, p.view) for p in self.players}
        for player in self.players:
            player.close()

    def journals(self, data_dir: Path) -> dict[int, bytes]:
        found = {}
        for path in (data_dir / "journals").glob("*.journal"):
            table = int(path.name.split("-")[1])
            if table in self.tables:
                found[table] = path.read_bytes()
        return found

    def check(self, journals_before: dict[int, bytes], data_dir: Path) -> dict[str, Any]:
        """Each victim returns with its token to its seat and sees the view it left."""
        changed = []
        for name, (seated, view) in self.before.items():
            wire = Wire(LOOPBACK, self.port)
            answer, before = wire.request({"type": "hello", "protocol": 1, "program": "victim",
                                           "name": name, "token": seated["token"]})
            views = [m for m in before if m["type"] == "view"]
            seat = answer.get("seat") or {}
            if (seat.get("table"), seat.get("seat")) != (seated["table"], seated["seat"]):
                changed.append(f"{name} did not get its seat back: {answer}")
            elif not views or views[-1]["seq"] != view["seq"] or views[-1]["view"] != view["view"]:
                changed.append(f"{name}'s game changed: move {view['seq']} before, "
                               f"{views[-1]['seq'] if views else None} after")
            wire.close()
        after = self.journals(data_dir)
        for table, data in journals_before.items():
            if after.get(table) != data:
                changed.append(f"the journal of table {table} changed")
        return {"ok": not changed and len(journals_before) == len(self.tables),
                "tables": len(self.tables), "people": len(self.before), "changed": changed}


# --- hypothesis: any msgpack value, and messages shaped by the schema with hostile fields -----

def hypothesis_phase(port: int, examples: int, seed: int, deadline: float) -> dict[str, Any]:
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as fix_seed

    from .fuzz import MAX_CLIENT_FRAME
    result = JunkResult()
    state: dict[str, Wire | None] = {"wire": None}

    @fix_seed(seed)
    @settings(max_examples=examples, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(hostile_values())
    def one(value: Any) -> None:
        if time.monotonic() > deadline:
            return
        body = msgpack.packb(value, use_bin_type=True)
        if len(body) > MAX_CLIENT_FRAME:
            return
        wire = state["wire"]
        try:
            if wire is None or wire.closed:
                wire = state["wire"] = Wire(LOOPBACK, port)
                result.connections += 1
                wire.hello_ahead("hypo")
            result.tally(*exchange(wire, frame(body), expectation(body)))
        except (OSError, TimeoutError, Closed) as exc:
            result.problems.append(f"{type(exc).__name__}: {exc} after {value!r:.200}")
            state["wire"] = None
        if wire is not None and wire.closed:
            result.tokens += wire.tokens

    one()
    if state["wire"] is not None:
        result.tokens += state["wire"].tokens
    leave_seats(LOOPBACK, port, result.tokens)
    return result.to_dict()


def hostile_values():
    from hypothesis import strategies as st

    from tichu_lan.protocol import CLIENT_MESSAGES
    scalars = (st.none() | st.booleans() | st.integers(-2**63, 2**64 - 1)
               | st.floats(allow_nan=True) | st.text(max_size=40) | st.binary(max_size=40))
    anything = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                            | st.dictionaries(st.text(max_size=8) | st.integers(-5, 5), inner,
                                              max_size=4), max_leaves=12)
    cards = st.lists(st.sampled_from(["7j", "7s", "PH", "DR", "MJ", "DG", "Ax", "", "7J"]),
                     max_size=6)
    action = st.fixed_dictionaries({"type": st.sampled_from(
        ["play", "pass", "tichu", "grand_tichu", "exchange", "wish", "give_dragon", "discard",
         "draft", "withdraw_exchange", "bomb", ""])}, optional={
        "cards": cards | anything, "gifts": cards | anything, "rank": st.integers(-3, 20) | anything,
        "to": st.integers(-1, 5) | anything, "call": st.booleans() | anything,
        "take": st.booleans() | anything, "seat": st.integers(-1, 5) | anything,
        "phoenix_as": st.integers(0, 16) | anything})
    field = anything | st.integers(-2, 2**31) | st.text(max_size=70) | action

    def shaped(kind: str):
        keys = list(CLIENT_MESSAGES[kind])
        return st.fixed_dictionaries({"type": st.just(kind), "id": st.integers(-1, 2**31)},
                                     optional={k: field for k in keys if k != "id"}
                                     | {"extra": anything})

    messages = st.sampled_from(sorted(CLIENT_MESSAGES)).flatmap(shaped)
    return st.one_of(anything, messages, messages)


def mutation_phase(port: int, seed: int, frames: int, deadline: float,
                   workers: int = 4) -> dict[str, Any]:
    """Mutated frames from several connections at once (the host serves them all)."""
    share = [frames // workers + (i < frames % workers) for i in range(workers)]
    with ThreadPoolExecutor(workers) as pool:
        parts = list(pool.map(lambda i: junk_session(LOOPBACK, port, seed * 100 + i, share[i],
                                                     deadline), range(workers)))
    merged = JunkResult()
    for part in parts:
        merged.merge(part)
    return merged.to_dict()


# --- a session at its own table: legal, mangled and other seats' moves -------------------------

def seated_phase(port: int, rng: random.Random, frames: int, deadline: float) -> dict[str, Any]:
    from .fuzz import mutate
    result = JunkResult()
    failures = 0
    while result.frames < frames and time.monotonic() < deadline and failures < 10:
        result.connections += 1
        try:
            player = own_table(port, rng, result.connections)
            for _ in range(min(300, frames - result.frames)):
                player.drain()
                data, expected = hostile_action(player, rng, mutate)
                label, problem = exchange(player.wire, data, expected)
                result.tally(label, problem)
                if player.wire.closed:
                    break
            if player.wire.closed:
                leave_seats(LOOPBACK, port, [player.seated["token"]])
            else:
                player.ask({"type": "leave"})
            player.close()
            failures = 0
        except (OSError, TimeoutError, Closed, RuntimeError) as exc:
            result.problems.append(f"{type(exc).__name__}: {exc}")
            failures += 1
    return result.to_dict()


def own_table(port: int, rng: random.Random, number: int) -> Player:
    player = Player(port, f"seated{number % 1000}")
    variant = rng.choice(["classic", "duel"])
    player.ask({"type": "create_table", "name": f"fuzz {number}", "variant": variant,
                "target": 100_000, "takeover": False})
    for seat in range(1, 4 if variant == "classic" else 2):
        player.ask({"type": "add_bot", "seat": seat})
    player.ask({"type": "start"})
    player.wire.read(2.0)
    player.drain()
    return player


def hostile_action(player: Player, rng: random.Random, mutate) -> tuple[bytes, Expectation]:
    """A legal move (half the time), another seat's, or a mangled one."""
    rid = rng.randrange(1, 2**31)
    view = view_from_dict(player.view["view"]) if player.view else None
    legal = calm_decision(view, rng) if view is not None and options_for_view(view).waiting \
        else None
    move = legal.to_dict() if legal is not None else {"type": "pass"}
    roll = rng.random()
    if roll < 0.2:
        move["seat"] = (player.seated["seat"] + rng.randint(1, 3)) % 4
    elif roll < 0.5:
        for key in list(move):
            if rng.random() < 0.3:
                move[key] = rng.choice([None, -1, 99, "7x", ["DR", "DR"], {}, True, 2**40])
    body = msgpack.packb({"type": "action", "id": rid, "action": move}, use_bin_type=True)
    if roll > 0.95:
        body = mutate(body, rng)
    return frame(body), expectation(body)


# --- no way into the victims' games ------------------------------------------------------------

def intruder_phase(port: int, victims: Victims, rng: random.Random, frames: int,
                   deadline: float) -> dict[str, Any]:
    """Guessed tokens, joins and moves aimed at the victims' tables: all refused (watching is
    allowed, and changes nothing)."""
    result = JunkResult()
    wire = None
    table_a, table_b = victims.tables
    while result.frames < frames and time.monotonic() < deadline:
        if wire is None or wire.closed:
            wire = Wire(LOOPBACK, port)
            result.connections += 1
            guess = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                       "0123456789-_") for _ in range(24))
            body = msgpack.packb({"type": "hello", "id": 1, "protocol": 1, "program": "intruder",
                                  "name": "intruder", "token": guess}, use_bin_type=True)
            result.tally(*exchange(wire, frame(body), Expectation(False, {"bad_token"}, 1, None)))
            wire.hello("intruder")
        rid = rng.randrange(2, 2**31)
        attempt, codes, reply = rng.choice([
            ({"type": "join", "table": table_a}, {"wrong_password"}, None),
            ({"type": "join", "table": table_a, "password": PASSWORD}, {"table_full"}, None),
            ({"type": "join", "table": table_b, "seat": rng.randrange(2)}, {"seat_taken"}, None),
            ({"type": "join", "table": table_b, "seat": 3}, {"no_such_seat"}, None),
            ({"type": "action", "action": {"type": "pass", "seat": rng.randrange(4)}},
             {"not_seated"}, None),
            ({"type": "start"}, {"not_seated"}, None),
            ({"type": "add_bot", "seat": rng.randrange(4)}, {"not_seated"}, None),
            ({"type": "chat", "text": "hi"}, {"not_at_table"}, None),
            ({"type": "spectate", "table": table_a}, {"wrong_password"}, None),
        ])
        body = msgpack.packb(attempt | {"id": rid}, use_bin_type=True)
        result.tally(*exchange(wire, frame(body), Expectation(False, codes, rid, reply)))
    if wire is not None:
        wire.close()
    return result.to_dict()


# --- afterwards: a game from start to end -------------------------------------------------------

def scripted_game(port: int, data_dir: Path, seed: int) -> dict[str, Any]:
    logs = Path(tempfile.mkdtemp(prefix="fuzz-scripted-"))
    players = seat_table(port, [f"s{seed}p{i}" for i in range(4)], "classic", 300, logs)
    play(players, over, limit=300)
    for player in players:
        player.drain()
        player.close()
    report = check_run(logs, data_dir)
    final = players[0].view["view"]
    report["scores"] = final["scores"]
    report["rounds"] = len(final["history"])
    return report


def timed(name: str, phase) -> dict[str, Any]:
    began = time.monotonic()
    result = phase()
    result["seconds"] = round(time.monotonic() - began, 1)
    return result


def run_fuzz(config: FuzzConfig) -> FuzzReport:
    data_dir = Path(config.data_dir or tempfile.mkdtemp(prefix="fuzz-protocol-"))
    data_dir.mkdir(parents=True, exist_ok=True)
    report = FuzzReport()
    started = time.monotonic()
    deadline = started + config.seconds
    rng = random.Random(config.seed)
    host = FuzzHost(data_dir)
    try:
        victims = Victims(host.port)
        journals = victims.journals(data_dir)
        mutation, hypo, seated = (int(config.frames * share) for share in config.shares)
        intruders = max(0, config.frames - mutation - hypo - seated)
        phases = [("intruder", lambda: intruder_phase(host.port, victims, rng, intruders, deadline)),
                  ("seated", lambda: seated_phase(host.port, rng, seated, deadline)),
                  ("hypothesis", lambda: hypothesis_phase(host.port, hypo, config.seed, deadline)),
                  ("mutation", lambda: mutation_phase(host.port, config.seed, mutation, deadline))]
        for name, phase in phases[:2]:
            report.add(name, timed(name, phase))
        with ThreadPoolExecutor(1) as pool:    # mutation runs beside hypothesis
            mutated = pool.submit(timed, *phases[3])
            report.add("hypothesis", timed(*phases[2]))
            report.add("mutation", mutated.result())
        report.host_alive = host.process.poll() is None
        if report.host_alive:
            report.victims = victims.check(journals, data_dir)
            report.scripted = scripted_game(host.port, data_dir, config.seed)
        report.host_failures = host.failures()
    finally:
        host.stop()
    report.seconds = time.monotonic() - started
    return report


def main(argv: list[str] | None = None) -> int:
    import argparse
    import json
    parser = argparse.ArgumentParser(
        prog="scripts/fuzz_protocol",
        description="Fuzz a live `tichu server` on 127.0.0.1 (mutated frames, hypothesis-drawn "
                    "messages, hostile openings, seated sessions with bad moves, intruders at "
                    "other people's tables), judging every answer by docs/PROTOCOL.md; then "
                    "check that the host lives, that the victims' games are unchanged and that "
                    "a scripted game plays correctly.")
    parser.add_argument("--frames", type=int, default=100_000, help="frames to send (default 100000)")
    parser.add_argument("--seconds", type=float, default=900.0,
                        help="stop sending after this long (default 900)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--data-dir", type=Path, default=None,
                        help="the host's data directory and log (default: a new temp dir)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    if args.frames < 10 or args.seconds <= 0:
        parser.error("--frames must be at least 10 and --seconds above 0")
    report = run_fuzz(FuzzConfig(args.frames, args.seconds, args.seed, args.data_dir))
    if args.json:
        print(json.dumps({**report.__dict__, "ok": report.ok, "total": report.total}))
    else:
        print_report(report)
    return 0 if report.ok else 1


def print_report(r: FuzzReport) -> None:
    print(f"{r.total} frames in {r.seconds:.0f} s ({r.total / max(r.seconds, 1e-9):.0f}/s) over "
          f"{r.connections} connections: " + ", ".join(f"{k} {v} ({r.phase_seconds.get(k)} s)"
                                                       for k, v in r.frames.items()))
    print("answers: " + ", ".join(f"{k} {v}" for k, v in sorted(r.codes.items(), key=lambda kv: -kv[1])))
    print(f"host alive afterwards: {r.host_alive}; failures in its log: {len(r.host_failures)}")
    print(f"answers unlike docs/PROTOCOL.md: {r.problem_count}")
    v = r.victims
    print(f"victims: {v.get('people', 0)} people at {v.get('tables', 0)} tables; changed: "
          f"{len(v.get('changed', [])) if v else 'not checked'}")
    s = r.scripted
    print(f"scripted game: {s.get('rounds', 0)} rounds, {s.get('moves', 0)} moves, scores "
          f"{s.get('scores')}; {s.get('views', 0)} views audited, leaks {s.get('leaks')}, views "
          f"unlike the journal {s.get('mismatches')}, lost moves {s.get('lost')}")
    for line in (r.problems + r.host_failures + v.get("changed", []) + s.get("problems", []))[:20]:
        print(f"  ! {line}")
    print("OK" if r.ok else "FAILED")


if __name__ == "__main__":
    sys.exit(main())
