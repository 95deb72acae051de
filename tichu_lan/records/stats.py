"""Who won most: per person (by the name they played under), per table and overall.

Computed from the kept games' metadata alone. Bots are not people and are not
counted; a person's game counts once even if the name sat in two seats. The
evening's standings are the same numbers over tonight's games only, for the people
at one table (the game-over screen shows them).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from engine import Call

from .meta import GameMeta, call_made

EVENING_STARTS = 6       # o'clock: a party that goes on past midnight is still one evening


@dataclass
class PersonStats:
    name: str
    games: int = 0
    finished: int = 0
    wins: int = 0
    rounds: int = 0
    tichu: int = 0
    tichu_made: int = 0
    grand: int = 0
    grand_made: int = 0
    doubles: int = 0             # rounds their side won with a double victory

    def add(self, meta: GameMeta, seats: list[int]) -> None:
        """Count one game in which this person held ``seats``."""
        rules = meta.rules
        teams = {rules.team_of(s) for s in seats}
        self.games += 1
        self.finished += meta.finished
        self.wins += meta.finished and meta.winner in teams
        self.rounds += len(meta.rounds)
        for result in meta.rounds:
            self.doubles += result.double_victory in teams
            for seat in seats:
                call = result.calls[seat]
                made = call is not Call.NONE and call_made(rules, result, seat)
                if call is Call.TICHU:
                    self.tichu, self.tichu_made = self.tichu + 1, self.tichu_made + made
                elif call is Call.GRAND:
                    self.grand, self.grand_made = self.grand + 1, self.grand_made + made


@dataclass
class Standings:
    games: int = 0
    finished: int = 0
    rounds: int = 0
    people: dict[str, PersonStats] = field(default_factory=dict)

    def add(self, meta: GameMeta) -> None:
        self.games += 1
        self.finished += meta.finished
        self.rounds += len(meta.rounds)
        for name, seats in people_of(meta).items():
            self.people.setdefault(name, PersonStats(name)).add(meta, seats)

    def ranked(self) -> list[PersonStats]:
        """Most wins first, then most games, then by name."""
        return sorted(self.people.values(), key=lambda p: (-p.wins, -p.games, p.name.casefold()))


@dataclass
class Statistics:
    overall: Standings = field(default_factory=Standings)
    tables: dict[str, Standings] = field(default_factory=dict)


def people_of(meta: GameMeta) -> dict[str, list[int]]:
    """The people of a game by name, with the seats each held when it started."""
    found: dict[str, list[int]] = {}
    for seat, note in enumerate(meta.seats):
        if note.bot is None and note.name:
            found.setdefault(note.name, []).append(seat)
    return found


def statistics(games: Iterable[GameMeta]) -> Statistics:
    """Every game that started counts, finished or not (a game's rounds count as played).

    A table is counted under its name as the reader calls it (`GameMeta.title`): the
    tables one person opened without a name are one table, whichever language each was
    opened in (the records keep the opener, not words)."""
    out = Statistics()
    for meta in games:
        out.overall.add(meta)
        out.tables.setdefault(meta.title, Standings()).add(meta)
    return out


def evening_start(now: datetime) -> datetime:
    """When this evening began: the last `EVENING_STARTS` o'clock before ``now``."""
    start = now.replace(hour=EVENING_STARTS, minute=0, second=0, microsecond=0)
    return start if now >= start else start - timedelta(days=1)


def evening_standings(games: Iterable[GameMeta], names: Collection[str],
                      now: datetime) -> list[PersonStats]:
    """The people called ``names`` over this evening's kept games, most wins first.

    ``now`` is an aware datetime (``datetime.now().astimezone()``); a person with no game
    tonight is listed with zeros, so that everyone at the table has a line."""
    since = evening_start(now)
    standings = Standings()
    for meta in games:
        if meta.when >= since:
            standings.add(meta)
    ranked = [p for p in standings.ranked() if p.name in names]
    return ranked + [PersonStats(n) for n in sorted(names) if n not in standings.people]
