"""Games played through a real host on 127.0.0.1 (two people by the real client, two bots),
kept in the test's own data folder, and games made with the engine alone."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from pathlib import Path

import pytest

from engine import Action, GameState, RuleSet, SeatView, view_from_dict
from tests.support.audit import MessageLog
from tests.support.autoplay import AutoPlayer
from tests.support.random_games import play, quiet_action
from tests.support.host_fixtures import data_dir, hosts  # noqa: F401 (fixtures)
from tests.support.live_host import seat_clients, wait_until
from tichu_lan.records.game_record import GameRecord
from tichu_lan.records.meta import GameMeta, SeatNote, now_text


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    """Never read or write the person's real settings or games."""
    monkeypatch.setenv("TICHU_LAN_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("TICHU_LAN_DATA_DIR", str(tmp_path / "data"))


@dataclass
class LiveGame:
    """A game as its players lived it: every view each seat got, by move number."""

    rules: RuleSet
    seed: int
    moves: int                                         # moves the host accepted
    final: GameState                                   # the host's own game at the end
    views: dict[int, dict[int, SeatView]] = field(default_factory=dict)   # seat -> seq -> view


async def play_game(host, target: int = 100, seed: int = 3, variant: str = "classic",
                    people: int = 2, **rules: Any) -> LiveGame:
    """A whole game at a new table of ``host``: Ann and Bob by the real client, bots after;
    ``rules``: the table's other rules (``rounds=3`` bounds a game whose random players may
    otherwise call Grand Tichu away from the target for thousands of moves)."""
    clients = await seat_clients(host.port, people, variant=variant, target=target, start=False,
                                 **rules)
    logs = [MessageLog(c) for c in clients]
    table = host.lobby.get(clients[0].seating.table)
    await clients[0].start()
    players = [AutoPlayer(c, seed=seed + i) for i, c in enumerate(clients)]
    await players[0].finished
    await wait_until(lambda: all(c.table.state == "over" for c in clients))
    live = LiveGame(table.rules, table.seed, table.seq, table.game)
    for seat, log in enumerate(logs):
        live.views[seat] = {m["seq"]: view_from_dict(m["view"])
                            for m in log.messages if m["type"] == "view"}
    for client in clients:
        await client.close()
    return live


def engine_game(seed: int, target: int = 200, duel: bool = False,
                stop_after: int | None = None) -> tuple[GameRecord, list[Action]]:
    """A game of random legal moves without Tichu calls, made with the engine alone (no host,
    no journal), checked at every move by the random-game kit."""
    rules = RuleSet("duel" if duel else "classic", target)
    game, actions = play(rules, seed, quiet_action,
                         limit=20_000 if stop_after is None else stop_after)
    seats = tuple(SeatNote(n, None if i < 2 else "random")
                  for i, n in enumerate(["Ann", "Bob", "random bot", "random bot"][:rules.seats]))
    meta = GameMeta(id=f"engine-{seed}", host="tests", table="engine table", table_id=1,
                    rules=rules, seats=seats, started=now_text(), updated=now_text(),
                    state="over" if game.over else "playing", scores=game.scores,
                    rounds=game.history, winner=game.winner, moves=len(actions))
    return GameRecord(meta, seed, tuple(actions), Path("engine")), actions


@pytest.fixture
def pipe():
    """prompt_toolkit's pipe input, for an Application on the test's reactor.

    A running Application adds asyncio signal handlers, and asyncio takes the signal
    wakeup fd through which Twisted hears SIGCHLD (and sets it to -1 when it is done):
    the fd is given back after the test, or a later test's host never notices that a bot
    worker died (tests/tui has no later tests; these have)."""
    import signal

    from prompt_toolkit.input import create_pipe_input
    twisted_fd = signal.set_wakeup_fd(-1)
    signal.set_wakeup_fd(twisted_fd)
    try:
        with create_pipe_input() as pipe_input:
            yield pipe_input
    finally:
        signal.set_wakeup_fd(twisted_fd)


def write_journal(directory: Path, record: GameRecord, ending: str | None = None,
                  table_id: int = 1, version: int | None = None) -> Path:
    """The journal a host would have written for ``record``, through the journal's own API;
    ``version`` 1 is the first format's, whose won tricks were collected at once."""
    from engine import CollectTrick, action_to_dict
    from tichu_lan.records.journal import FORMAT, Journal
    actions = record.actions if version != 1 else \
        [a for a in record.actions if not isinstance(a, CollectTrick)]
    header = {"kind": "table", "format": version or FORMAT, "program": "tichu-lan", "id": table_id,
              "name": record.meta.table, "rules": record.meta.rules.to_dict(),
              "seed": record.seed, "options": {"takeover": True, "grace": 60.0,
                                               "bot_level": "random"}, "password": None}
    journal = Journal.create(directory, table_id, header)
    for seat, note in enumerate(record.meta.seats):
        journal.append({"kind": "bot", "seat": seat, "level": note.bot, "seed": seat}
                       if note.bot else {"kind": "sit", "seat": seat, "token": f"t{seat}",
                                         "name": note.name})
    journal.append({"kind": "start"})
    for n, action in enumerate(actions, start=1):
        journal.append({"kind": "action", "n": n, "action": action_to_dict(action)})
    if ending:
        journal.append({"kind": ending})
    journal.close()
    return journal.path
