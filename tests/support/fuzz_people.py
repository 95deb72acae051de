"""The host and the people of a protocol fuzz run (scripts/fuzz_protocol).

`FuzzHost` is a real `tichu server` bound to 127.0.0.1. A `Player` is a person on a
blocking `Wire` who keeps its latest view and moves with calm random decisions;
`Victims` are the people whose games the fuzzer must not be able to change; the
scripted game after the fuzz is four `Player`s at a `seat_table`.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
import zlib
from pathlib import Path
from typing import Any

import msgpack

from engine import Phase, options_for_view, view_from_dict

from .random_games import calm_decision
from .fuzz import Wire

LOOPBACK = "127.0.0.1"
PASSWORD = "s3cret"


# --- the host ------------------------------------------------------------------------------

class FuzzHost:
    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        port_file = data_dir / "port"
        # people's limits, except the request rate: a fuzzer asks far faster than a person
        with open(data_dir / "host.log", "wb") as log:  # the host writes to its own copy
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tichu_lan.cli", "server", "--bind", LOOPBACK, "--port",
                 "0", "--port-file", str(port_file), "--data-dir", str(data_dir), "--rate",
                 "100000", "--bot-delay", "0", "--bot-workers", "0", "--bot-level", "random",
                 "--grace", "3600"], stdout=log, stderr=subprocess.STDOUT,
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


# --- people who play: the victims and the scripted game ----------------------------------------

class Player:
    """A person on a `Wire`: keeps its latest view, answers with a bot's decision."""

    def __init__(self, port: int, name: str, log: Path | None = None) -> None:
        self.wire = Wire(LOOPBACK, port)
        self.name = name
        # written on every message and closed by close(): the file lives as long as the player
        self.log = open(log, "wb") if log else None  # noqa: SIM115
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


def at_rest(players: list[Player], moves: int) -> bool:
    """Every player has seen ``moves`` moves or more, and the game waits for a person: not
    for the host, which would collect a won trick by itself once its window is over."""
    views = [p.view for p in players]
    return all(v and v["seq"] >= moves for v in views) and all(
        view_from_dict(v["view"]).phase is not Phase.COLLECT for v in views if v)


class Victims:
    """Two people-only tables a few moves in, left alone while the fuzzer runs."""

    def __init__(self, port: int) -> None:
        self.port = port
        classic = seat_table(port, ["Vic", "Val", "Vera", "Vito"], "classic", 1000,
                             password=PASSWORD, takeover=False)
        duel = seat_table(port, ["Dee", "Dov"], "duel", 1000, takeover=False)
        play(classic, lambda ps: at_rest(ps, 30))
        play(duel, lambda ps: at_rest(ps, 20))
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
