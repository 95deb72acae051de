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
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack

from engine import options_for_view, view_from_dict

from .random_games import calm_decision
from .fuzz import (Closed, Expectation, JunkResult, Wire, exchange, expectation, frame,
                   junk_session, leave_seats)
from .fuzz_people import LOOPBACK, PASSWORD, FuzzHost, Player, Victims, over, play, seat_table
from .party_check import check_run



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
        "cards": cards | anything, "gifts": cards | anything,
        "rank": st.integers(-3, 20) | anything, "to": st.integers(-1, 5) | anything,
        "call": st.booleans() | anything, "take": st.booleans() | anything,
        "seat": st.integers(-1, 5) | anything, "phoenix_as": st.integers(0, 16) | anything})
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
        if wire is not None and result.frames % 20 == 0:     # a new face, a new guess
            wire.close()
            wire = None
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
        # guessing passwords costs time: past a few wrong ones, attempts wait (too_many_guesses)
        attempt, codes, reply = rng.choice([
            ({"type": "join", "table": table_a}, {"wrong_password", "too_many_guesses"}, None),
            ({"type": "join", "table": table_a, "password": PASSWORD},
             {"table_full", "too_many_guesses"}, None),
            ({"type": "join", "table": table_b, "seat": rng.randrange(2)}, {"seat_taken"}, None),
            ({"type": "join", "table": table_b, "seat": 3}, {"no_such_seat"}, None),
            ({"type": "action", "action": {"type": "pass", "seat": rng.randrange(4)}},
             {"not_seated"}, None),
            ({"type": "start"}, {"not_seated"}, None),
            ({"type": "add_bot", "seat": rng.randrange(4)}, {"not_seated"}, None),
            ({"type": "chat", "text": "hi"}, {"not_at_table"}, None),
            ({"type": "spectate", "table": table_a}, {"wrong_password", "too_many_guesses"},
             None),
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
        port, seed = host.port, config.seed
        phases = [("intruder", lambda: intruder_phase(port, victims, rng, intruders, deadline)),
                  ("seated", lambda: seated_phase(port, rng, seated, deadline)),
                  ("hypothesis", lambda: hypothesis_phase(port, hypo, seed, deadline)),
                  ("mutation", lambda: mutation_phase(port, seed, mutation, deadline))]
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
    parser.add_argument("--frames", type=int, default=100_000,
                        help="frames to send (default 100000)")
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
    by_count = sorted(r.codes.items(), key=lambda kv: -kv[1])
    print("answers: " + ", ".join(f"{k} {v}" for k, v in by_count))
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
