"""The host's settings: limits, pacing and where things go. Plain values, set once at start."""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.bots import levels

from .. import paths, protocol
from ..bundling.origin import module_command


@dataclass(frozen=True)
class Limits:
    """What one client may ask of the host; each one is answered with an error when exceeded."""

    max_frame: int = protocol.MAX_CLIENT_FRAME   # bytes in one frame from a client
    rate: float = 20.0                           # messages per second per connection, sustained
    burst: int = 40                              # ... and in one burst
    per_address: int = 16                        # connections from one address
    connections: int = 512                       # connections in all
    tables: int = 100                            # tables open at once
    spectators: int = 16                         # spectators per table
    handshake_timeout: float = 10.0              # seconds to send the prologue and hello
    stall_timeout: float = 60.0                  # seconds a client may leave our writes unread
    idle_timeout: float = 60.0                   # seconds a welcomed client may send nothing
    output: int = 256 * 1024                     # bytes the host may hold unsent for one client
    output_total: int = 64 * 1024 * 1024         # ... and for all clients together
    listing_rate: float = 1.0                    # list_tables per second per connection...
    listing_burst: int = 5                       # ... and in one burst
    evict_idle: float = 5.0                      # seconds of idleness before a connection
                                                 # without a seat may be evicted for a newcomer
    probation: int = 32                          # connections over the limit waiting to show
                                                 # a seat token
    tables_per_address: int = 16                 # tables opened from one address, open at once
    tables_per_person: int = 3                   # ... by one connection
    unattended: float = 300.0                    # seconds an unstarted table with nobody
                                                 # connected stays open
    room_watchers: int = 32                      # connections watching the room, in all...
    room_per_address: int = 4                    # ... and from one address

    def to_dict(self) -> dict[str, Any]:
        """What a client is told in `welcome`, so that it can stay inside the limits (and
        that it may help shuffle: ``shuffle`` is the scheme of the shared shuffle it takes)."""
        return {"max_frame": self.max_frame, "rate": self.rate, "burst": self.burst,
                "name": protocol.NAME_MAX, "table_name": protocol.TABLE_NAME_MAX,
                "chat": protocol.CHAT_MAX, "password": protocol.PASSWORD_MAX,
                "spectators": self.spectators, "idle": self.idle_timeout,
                "shuffle": protocol.SHUFFLE_VERSION}


@dataclass(frozen=True)
class Pacing:
    """How long bots wait before their moves are shown, so that people can follow.

    The waits depend only on public events (a trick won, a round over), never on
    anybody's cards: a bot holding a bomb answers after exactly the same pause as
    one that does not.
    """

    bot_delay: float = 0.8       # seconds from a change to a bot's answer to it
    trick_pause: float = 1.5     # more after a trick is won, to show the finished trick
    round_pause: float = 3.0     # more after a round ends, to show its score
    collect: float = 2.0         # a new table's window for bombs after a trick's last pass

    def delay_after(self, event_types: set[str] | frozenset[str], shown: float = 0.0) -> float:
        """The pause after a change; ``shown``: seconds a won trick already lay on the table
        waiting to be collected, which count towards the pause after it."""
        delay = self.bot_delay
        if "round_ended" in event_types or "round_started" in event_types:
            delay += self.round_pause   # a shared deal comes a moment after the round's end
        elif "trick_won" in event_types or "dragon_given" in event_types:
            delay += max(0.0, self.trick_pause - shown)
        return delay


INSTANT = Pacing(0.0, 0.0, 0.0, 0.0)
WORKER_COMMAND = module_command("tichu_lan.server.bot_worker")   # from the bundle, in one


def default_bot_level() -> str:
    """The level of bots added without a level and of bots that take over empty seats."""
    known = levels()
    return "normal" if "normal" in known else known[0]


def default_workers() -> int:
    """Slow bots get the cores the reactor does not use (at least one worker)."""
    return max(1, (os.cpu_count() or 2) - 1)


@dataclass(frozen=True)
class TableOptions:
    """What the person who opens a table chooses (besides rules, name and password)."""

    takeover: bool = True          # a bot plays a person's seat after `grace` seconds away
    grace: float = 60.0
    bot_level: str = "random"      # bots added without a level, and stand-ins
    # Seconds a won trick waits after its last pass, for bombs, before the host collects it:
    # the same whatever anyone holds, so that the wait tells nobody anything.
    collect: float = Pacing.collect
    # Whether key i's coach may answer at this table: a rule each client keeps, since the
    # clients do the thinking (docs/PROTOCOL.md).
    coach: bool = True
    # Seconds a person has for each decision before the table's bot makes it for them
    # (turn_timer.py); None: no timer. Written only when set, so older records read alike.
    timer: int | None = None

    def to_dict(self) -> dict[str, Any]:
        out = {"takeover": self.takeover, "grace": self.grace, "bot_level": self.bot_level,
               "collect": self.collect, "coach": self.coach}
        return out if self.timer is None else out | {"timer": self.timer}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableOptions:
        timer = data.get("timer")
        return cls(bool(data["takeover"]), float(data["grace"]), str(data["bot_level"]),
                   float(data.get("collect", Pacing.collect)), bool(data.get("coach", True)),
                   None if timer is None else int(timer))


@dataclass(frozen=True)
class HostConfig:
    bind: str = "0.0.0.0"
    port: int = protocol.DEFAULT_PORT
    data_dir: Path = field(default_factory=paths.data_dir)
    name: str = field(default_factory=socket.gethostname)
    limits: Limits = Limits()
    pacing: Pacing = Pacing()
    grace: float = 60.0                          # seconds before a bot takes over an empty seat
    bot_level: str = field(default_factory=default_bot_level)
    bot_workers: int = field(default_factory=default_workers)
    inline_levels: frozenset[str] = frozenset({"random"})   # bots fast enough for the reactor
    bot_worker: tuple[str, ...] = WORKER_COMMAND             # how to start a bot worker process
    fsync: bool = False                          # also fsync each journal record (power loss)
    seed: int | None = None                      # the first table's deal seed (then seed+1...);
                                                 # None: random (`tichu play --seed` sets it)
    keep_games: int = 500                        # finished games kept for replays (0: all);
                                                 # see docs/RECORDS.md
    # The host as its games' records name it: a name a person gave it, or "" for none (the
    # records are on this machine; a name made of words, as `tichu play`'s "this machine"
    # or `tichu server`'s "Ann's tables", would keep the language it was started in).
    # None: ``name``.
    record_name: str | None = None
    # The person whose terminal runs the host (`tichu host`): a host that stops tells its
    # guests that this person stopped it. None: nobody's (`tichu server`).
    owner: str | None = None
