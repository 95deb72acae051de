"""What goes wrong at a LAN party, injected on purpose, and the check that the host coped.

Each fault takes the running `Party` and a seeded random generator, does its damage,
waits for the party to recover, and returns what it saw with ``ok`` (every check held):

- ``drop``: one guest's connection is cut; it must come back by itself, with its token,
  to its own seat, at the same state.
- ``freeze``: one guest machine is stopped (SIGSTOP) for longer than the host's idle
  timeout plus the table's grace; the host must drop it and a stand-in bot must play each
  of its seats; after SIGCONT every guest must take its seat back.
- ``kill``: the host gets SIGKILL and is restarted with ``--resume``; every unfinished table
  must be resumed, every guest must come back to its seat by itself, and every guest whose
  table had not moved on must see exactly the view it saw before.
- ``disk``: the host's data disk is filled; moves must be refused with a clear
  ``journal_failed`` error, no journal may be damaged, and once the space is freed play
  must go on.
- ``junk``: a guest machine opens hostile connections (tests.support.fuzz) and every
  frame must be answered as docs/PROTOCOL.md says.
"""

from __future__ import annotations

import random
import re
import signal
import time
from typing import TYPE_CHECKING, Any
from collections.abc import Callable

from tichu_lan.records.journal import read_journal

if TYPE_CHECKING:
    from .party import Party, PartyConfig

KINDS = ("drop", "freeze", "kill", "disk", "junk")
_STAND_IN = re.compile(r"bot plays for (\S+) in seat")
_RESUMED = re.compile(r"resumed (\d+) of (\d+) unfinished tables")
_RESUMED_AT = re.compile(r"table \d+ 'party (\d+)' resumed at move (\d+)")


def drop(party: Party, rng: random.Random) -> dict[str, Any]:
    player = rng.choice(party.players)
    party.discard("back")
    party.player_machine(player).send(cmd="drop", player=player)
    (back,) = party.collect("back", 1, where=lambda e: e["player"] == player)
    return {"ok": back["same_seat"] and back["same_view"] is not False, "player": player,
            "seq": [back["seq_before"], back["seq_after"]]}


def freeze(party: Party, rng: random.Random) -> dict[str, Any]:
    machine = rng.choice(party.machines)
    config = party.config
    stand_ins_before = _STAND_IN.findall(party.host.log_text())
    party.discard("back")
    machine.signal(signal.SIGSTOP)
    try:
        wait(party, config.idle_timeout + config.grace + 2.0)
        stand_ins = _STAND_IN.findall(party.host.log_text())[len(stand_ins_before):]
    finally:
        machine.signal(signal.SIGCONT)
    backs = comebacks(party, machine.players)
    covered = set(stand_ins) >= set(machine.players)
    return {"ok": covered and all(b["same_seat"] for b in backs), "machine": machine.index,
            "players": machine.players, "stand_ins": sorted(set(stand_ins)),
            "moved_while_away": sum(b["seq_after"] - b["seq_before"] for b in backs)}


def kill(party: Party, rng: random.Random) -> dict[str, Any]:
    party.discard("back")
    party.host.kill()
    party.host.start(resume=True)
    log = party.host.log_text()
    found = _RESUMED.search(log)
    resumed, unfinished = map(int, found.groups()) if found else (0, -1)
    at_move = {int(table): int(seq) for table, seq in _RESUMED_AT.findall(log)}
    backs = comebacks(party, party.players)
    # each table against the latest move any of its guests had seen before the kill
    seen: dict[int, int] = {}
    for back in backs:
        table = int(back["player"][1:].split("s")[0])
        seen[table] = max(seen.get(table, 0), back["seq_before"])
    behind = [t for t, seq in seen.items() if at_move.get(t, -1) < seq]
    ahead = {t: at_move[t] - seq for t, seq in seen.items() if at_move.get(t, -1) > seq}
    same = [b for b in backs if b["seq_after"] == b["seq_before"]]
    identical = all(b["same_view"] for b in same)
    seated = all(b["same_seat"] for b in backs)
    return {"ok": resumed == unfinished and resumed >= party.config.tables and identical and seated
            and not behind and len(at_move) >= party.config.tables,
            "resumed": [resumed, unfinished], "tables_at_seen_move": len(seen) - len(ahead),
            "tables_ahead": ahead, "tables_behind": behind, "identical_views": len(same),
            "moved_on": len(backs) - len(same), "all_seated": seated}


def disk(party: Party, rng: random.Random) -> dict[str, Any]:
    before = totals(party.status())
    taken = party.disk.fill()
    try:
        # a journal may still grow into the rest of its last page: wait for every table to
        # hit the full disk at least once
        deadline = time.monotonic() + party.config.timeout
        while True:
            wait(party, 1.0)
            during = totals(party.status())
            refused = during["journal_failed"] - before["journal_failed"]
            if refused >= party.config.tables or time.monotonic() > deadline:
                break
        sound = journals_sound(party)
    finally:
        party.disk.free()
    deadline = time.monotonic() + party.config.timeout
    while totals(party.status())["moves"] <= during["moves"]:
        if time.monotonic() > deadline:
            return {"ok": False, "why": "play did not go on after the disk was freed"}
        wait(party, 0.5)
    clear = all("free some disk space" in m for m in during["messages"])
    return {"ok": refused > 0 and sound and clear, "bytes_filled": taken,
            "refused_moves": refused, "journals_sound": sound, "clear_error": clear,
            "message": (during["messages"] or [""])[0]}


def junk(party: Party, rng: random.Random) -> dict[str, Any]:
    machine = rng.choice(party.machines)
    machine.send(cmd="junk", seed=rng.randrange(2**31), frames=party.config.junk_frames)
    (result,) = party.collect("junk", 1, timeout=party.config.timeout * 3)
    return {"ok": not result["problems"] and result["frames"] >= party.config.junk_frames,
            "machine": machine.index, "frames": result["frames"],
            "connections": result["connections"], "codes": result["codes"],
            "problems": result["problems"]}


FAULTS: dict[str, Callable[[Any, random.Random], dict[str, Any]]] = {
    "drop": drop, "freeze": freeze, "kill": kill, "disk": disk, "junk": junk}


def comebacks(party: Party, players: list[str]) -> list[dict[str, Any]]:
    """The first return of each of ``players`` after the fault (one event per player, however
    often a player reconnected meanwhile)."""
    first: dict[str, dict[str, Any]] = {}
    deadline = time.monotonic() + party.config.timeout
    while len(first) < len(players):
        left = max(0.1, deadline - time.monotonic())
        (back,) = party.collect("back", 1, timeout=left,
                                where=lambda e: e["player"] in players and e["player"] not in first)
        first[back["player"]] = back
    return list(first.values())


def wait(party: Party, seconds: float) -> None:
    """Let the party play on for ``seconds`` while its events and the host's figures come in."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        party.poll(min(0.2, max(0.0, end - time.monotonic())))
        party.host.sample()


def totals(statuses: list[dict[str, Any]]) -> dict[str, Any]:
    return {"moves": sum(s["moves"] for s in statuses),
            "journal_failed": sum(s["retried"].get("journal_failed", 0) for s in statuses),
            "messages": [m for s in statuses for m in s.get("refusals", [])]}


def journals_sound(party: Party) -> bool:
    """Every unfinished journal on the host's disk reads back without damage."""
    paths = list((party.disk.inside / "journals").glob("*.journal"))
    return bool(paths) and all(read_journal(p).damage is None for p in paths)


class FaultPlan:
    """When to inject which fault: a fixed schedule, or random kinds at random intervals."""

    def __init__(self, config: PartyConfig) -> None:
        unknown = set(config.faults) | {kind for _, kind in config.schedule}
        unknown -= set(KINDS)
        if unknown:
            raise ValueError(f"no such fault: {', '.join(sorted(unknown))}; faults are "
                             f"{', '.join(KINDS)}")
        self.config = config
        self.rng = random.Random(config.seed)
        self.schedule = sorted(config.schedule)
        self.next_random = self._gap() if config.faults else None
        self.results: list[dict[str, Any]] = []

    def _gap(self) -> float:
        return self.rng.uniform(0.5, 1.5) * self.config.every

    @property
    def finished(self) -> bool:
        if self.config.max_faults is not None and len(self.results) >= self.config.max_faults:
            return True
        return bool(self.config.schedule) and not self.config.faults and not self.schedule

    def waiting_for_more(self, party: Party) -> bool:
        return bool(self.schedule)

    def due(self, elapsed: float) -> bool:
        if self.schedule and self.schedule[0][0] <= elapsed:
            return True
        return self.next_random is not None and elapsed >= self.next_random

    def inject(self, party: Party) -> None:
        elapsed = time.monotonic() - party.started
        if self.schedule and self.schedule[0][0] <= elapsed:
            kind = self.schedule.pop(0)[1]
        else:
            kind = self.rng.choice(self.config.faults)
        start = time.monotonic()
        try:
            outcome = FAULTS[kind](party, self.rng)
        except Exception as exc:    # a fault that could not be checked has failed
            outcome = {"ok": False, "why": f"{type(exc).__name__}: {exc}"}
        outcome = {"kind": kind, "at": round(elapsed, 2),
                   "seconds": round(time.monotonic() - start, 2), **outcome}
        self.results.append(outcome)
        if self.next_random is not None:
            self.next_random = time.monotonic() - party.started + self._gap()
