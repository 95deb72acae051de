"""An evening at the host: games one after another, their tables opened and filled from the
plan (`evening_plan`), the same deals at every table of a game when chosen
(`duplicate_deals`), and everyone told where they sit next (docs/EVENING.md).

The host opens each game's tables, puts a bot of the tables' level in every seat the plan
gives a bot, and tells every person taking part (and everyone at the evening's tables,
spectators too) the plan as it stands; each person's program moves to its seat by itself,
as `join` does, and a table starts its game once its planned people sit. When every table
of a game is over (or closed) the next game's tables open.

People come and go: a person whose connection is gone when the next game is planned, or who
is no longer named when the evening's people are changed (`start_evening` again), is left
out from then on; a person newly named is in. The plan from the next game on is made again
from the partner counts so far. The evening is the host's, not its starter's: it goes on
when the starter leaves, and anyone who may start an evening may change its people.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from functools import partial
from typing import Any

from twisted.logger import Logger

from engine import RuleSet
from engine.duplicate import DealScore

from .. import protocol
from ..records.meta import TableName
from .duplicate_deals import DuplicateSet
from .evening_plan import BOT, MOST, GamePlan, check_size, plan_games
from .evening_table import EveningTable
from .host_config import TableOptions
from .lobby import Lobby
from .seats import Member

log = Logger()


def evening_id(now: datetime | None = None) -> str:
    """A short printable id, e.g. "e-20261205-1910-ab12"."""
    now = now or datetime.now(UTC)
    return f"e-{now:%Y%m%d-%H%M}-{secrets.token_hex(2)}"


class Evening:
    def __init__(self, lobby: Lobby, people: Sequence[str], rules: RuleSet, options: TableOptions,
                 duplicate: bool, games: int, here: Callable[[], dict[str, Member]],
                 seed: int | None = None) -> None:
        """``games``: how many games the evening has (0: one full round of partners);
        ``here``: the people connected now, by name."""
        check_size(people)
        self.id = evening_id()
        self.lobby = lobby
        self.people = list(people)
        self.rules = rules
        self.options = options
        self.duplicate = duplicate
        self.here = here
        self.seed = secrets.randbits(32) if seed is None else seed
        self.count = games or len(self.people) - 1 + len(self.people) % 2
        self.plan: list[GamePlan] = plan_games(self.people, self.count, self.seed)
        self.played = 0                                 # games over
        self.tables: list[EveningTable] = []            # the current game's
        self.table_ids: list[list[int]] = []            # per game opened: its tables' ids
        self.compared: list[dict[str, Any]] = []
        self.over = False

    # --- the games ------------------------------------------------------------------

    def next_game(self) -> None:
        """Open the tables of the next game in the plan (or end the evening)."""
        if self.played >= self.count:
            self.over = True
            log.info("evening {id}: over after {games} games", id=self.id, games=self.played)
            self.tell()
            return
        number = self.played + 1
        game = self.plan[self.played]
        deals = DuplicateSet(f"{self.id}-g{number}", [], partial(self._revealed, number)) \
            if self.duplicate and len(game.tables) > 1 else None
        self.tables = []
        for index, planned in enumerate(game.tables):
            make = partial(EveningTable, evening=self.id, plan=planned, deals=deals,
                           over=self._table_over)
            name = TableName(f"#{index + 1}", "")     # the plan's "table 2" (words.evening_words)
            table = self.lobby.create(name, self.rules, self.options, None, make)
            assert isinstance(table, EveningTable)
            for seat, who in enumerate(planned.seats):
                if who == BOT:
                    table.add_bot(seat, None)
            table.wait_for_people()
            self.tables.append(table)
            if deals is not None:
                deals.tables.append(table.id)
        self.table_ids.append([table.id for table in self.tables])
        log.info("evening {id}: game {number} at tables {tables}", id=self.id, number=number,
                 tables=self.table_ids[-1])
        self.tell()

    def _table_over(self, table: EveningTable) -> None:
        if table not in self.tables or self.over:
            return
        if all(t.closed or t.moves.state() == "over" for t in self.tables):
            waiting = self._waiting()
            self.tables = []
            self.played += 1
            self._plan_again([p for p in self.people if p in self.here()] + waiting
                             if waiting else None)
            self.next_game()

    def _waiting(self) -> list[str]:
        """Who waits in line at this game's tables and is here, the first first: they take
        part from the next game on, as long as the evening has room (`MOST`)."""
        here, taken = self.here(), set(self.people)
        names = [waiter.name for table in self.tables for waiter in table.waiting.line
                 if waiter.name in here and waiter.name not in taken]
        room = max(0, MOST - len([p for p in self.people if p in here]))
        return list(dict.fromkeys(names))[:room]

    def change_people(self, people: Sequence[str]) -> None:
        """Who takes part from the next game on."""
        check_size(people)
        self._plan_again(list(people))
        self.tell()

    def _plan_again(self, people: list[str] | None) -> None:
        """The plan from the next game on, from the partner counts so far: for ``people``,
        or for those still here."""
        here = self.here()
        now = people if people is not None else [p for p in self.people if p in here]
        if now == self.people:
            return
        if len(now) < 4:
            log.info("evening {id}: {n} people left, too few to go on", id=self.id, n=len(now))
            self.count = self.played
            return
        self.people = now
        done = self.plan[:self.played + (1 if self.tables else 0)]
        self.plan = done + plan_games(now, self.count - len(done), self.seed, done)

    # --- what everyone hears --------------------------------------------------------

    def _revealed(self, game: int, deal: int, scores: list[DealScore]) -> None:
        self.compared.append({
            "game": game, "deal": deal,
            "scores": [{"table": int(s.table), "team": s.team, "margin": s.margin,
                        "matchpoints": s.matchpoints, "top": s.top, "net": s.net}
                       for s in scores]})
        self.tell()

    def to_dict(self) -> dict[str, Any]:
        games = []
        for number, game in enumerate(self.plan):
            ids = self.table_ids[number] if number < len(self.table_ids) else []
            games.append({"tables": [
                {"seats": list(table.seats)} | ({"table": ids[i]} if i < len(ids) else {})
                for i, table in enumerate(game.tables)]})
        return {"id": self.id, "people": self.people, "duplicate": self.duplicate,
                "game": self.played + (0 if self.over else 1), "games": games,
                "compared": self.compared, "over": self.over}

    def tell(self) -> None:
        """The plan as it stands, to every person taking part and everyone at its tables."""
        frame = protocol.encode({"type": "evening", "evening": self.to_dict()})
        members: list[Member] = []
        for name, member in self.here().items():
            if name in self.people:
                members.append(member)
        for table in self.tables:
            at_table = [s.member for s in table.seats if s.member is not None]
            members += [m for m in at_table + table.spectators if m not in members]
        for member in members:
            member.send_frame(frame)
