"""An evening's plan: for 4 to 12 people, which tables each game has and who sits where, so
that everyone partners everyone as evenly as the numbers allow.

The measure is the spread of partner counts: over every pair of people taking part, the most
games any pair has partnered less the fewest. A plan made afresh keeps it at 1 or less after
every game (and at 0 after every full round of partners), and never gives anyone a bot for a
partner twice before everyone who must have one has had one. It is the circle method of
round robins: people in a seeded order, one held still and the rest turning one place a
game; with an odd number, a bot stands in the circle, and whoever meets it partners a bot.

People may come and go. The plan from the next game on is then made again from the partner
counts so far: game by game, the pairing whose partners have partnered least (fewest at
the most, then fewest in all), a bot partner to whoever has had one least. That cannot
promise the fresh plan's bound, only that nobody partners a person again while a pairing
without a repeat exists.

Tables: ceil(n / 4) of them, bots in the seats left over; the partners sit opposite each
other (seats 0 and 2, 1 and 3), the people spread over the tables as evenly as whole
partnerships allow. Everything follows from the seed: the same people, games and seed make
the same plan.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

FEWEST = 4
MOST = 12
BOT = ""                 # a bot's seat in a plan: no person's name is empty

Pair = frozenset[str]


class EveningSizeError(ValueError):
    """An evening for too few or too many people."""

    def __init__(self, people: int) -> None:
        super().__init__(f"an evening is for {FEWEST} to {MOST} people, not {people}")
        self.people = people


@dataclass(frozen=True)
class TablePlan:
    """One table of a game: a name per seat (`BOT` for a bot), partners opposite."""

    seats: tuple[str, ...]

    def people(self) -> list[str]:
        return [name for name in self.seats if name != BOT]

    def partner_of(self, name: str) -> str:
        """``name``'s partner at this table (`BOT` for a bot)."""
        index = self.seats.index(name)
        return self.seats[(index + 2) % 4]


@dataclass(frozen=True)
class GamePlan:
    """One game of the evening: its tables, in order (table 1 first)."""

    tables: tuple[TablePlan, ...]

    def people(self) -> list[str]:
        return [name for table in self.tables for name in table.people()]

    def where(self, name: str) -> tuple[int, int] | None:
        """(table index, seat) where ``name`` sits in this game, None if not in it."""
        for number, table in enumerate(self.tables):
            if name in table.seats:
                return number, table.seats.index(name)
        return None


def check_size(people: Sequence[str]) -> None:
    """Refuse an evening of the wrong size, or with a name twice or empty."""
    if not FEWEST <= len(people) <= MOST:
        raise EveningSizeError(len(people))
    if len(set(people)) != len(people) or BOT in people:
        raise ValueError("every person in an evening needs a name of their own")


def partner_counts(games: Iterable[GamePlan]) -> Counter[Pair]:
    """How often each pair partnered in ``games``; a bot partner counts as the pair
    {name, BOT}."""
    counts: Counter[Pair] = Counter()
    for game in games:
        for table in game.tables:
            for first, second in ((table.seats[0], table.seats[2]),
                                  (table.seats[1], table.seats[3])):
                if first != BOT or second != BOT:
                    counts[frozenset((first, second))] += 1
    return counts


def spread(counts: Counter[Pair], people: Sequence[str]) -> int:
    """The most games a pair of ``people`` partnered less the fewest: the plan's measure."""
    among = [counts[frozenset((a, b))] for i, a in enumerate(people) for b in people[i + 1:]]
    return max(among) - min(among)


def plan_games(people: Sequence[str], games: int, seed: int | str,
               played: Sequence[GamePlan] = ()) -> list[GamePlan]:
    """The next ``games`` games for ``people``, after the games ``played`` so far (whose
    partner counts the plan evens out). Raises EveningSizeError outside 4 to 12 people."""
    check_size(people)
    rng = random.Random(f"{seed}/{len(played)}")
    counts = partner_counts(played)
    circle = _circle(people, counts, rng)
    planned: list[GamePlan] = []
    for number in range(games):
        if circle is not None:
            pairs = _circle_pairs(circle, number)
        else:
            pairs = _least_partnered(list(people), counts, rng)
        game = _seat(pairs, rng)
        counts.update(partner_counts([game]))
        planned.append(game)
    return planned


def _circle(people: Sequence[str], counts: Counter[Pair], rng: random.Random
            ) -> list[str] | None:
    """The seeded order for the circle method, when every pair (and every person's bot
    partners, with an odd number) stands level; None when they do not."""
    circle = list(people) + ([BOT] if len(people) % 2 else [])
    level = {counts[frozenset((a, b))] for i, a in enumerate(circle) for b in circle[i + 1:]}
    if len(level) > 1:
        return None
    rng.shuffle(circle)
    return circle


def _circle_pairs(circle: list[str], number: int) -> list[tuple[str, str]]:
    """Game ``number``'s partners: circle[0] stays, the rest turn; after a full turn the
    same pairings come round again, so counts stay level."""
    rest = circle[1:]
    turn = number % len(rest)
    rest = rest[turn:] + rest[:turn]
    ring = [circle[0], *rest]
    size = len(ring)
    return [(ring[i], ring[size - 1 - i]) for i in range(size // 2)]


def _least_partnered(people: list[str], counts: Counter[Pair], rng: random.Random
                     ) -> list[tuple[str, str]]:
    """The pairing of ``people`` (and a bot, when odd) whose pairs have partnered least: the
    fewest at the most, then the fewest in all; ties broken by the seed."""
    ring = people + ([BOT] if len(people) % 2 else [])
    rng.shuffle(ring)
    best: list[tuple[tuple[int, int], list[tuple[str, str]]]] = []

    def extend(left: list[str], chosen: list[tuple[str, str]], worst: int, total: int) -> None:
        if best and (worst, total) > best[0][0]:
            return
        if not left:
            if not best or (worst, total) < best[0][0]:
                best.clear()
            best.append(((worst, total), list(chosen)))
            return
        first = left[0]
        for other in left[1:]:
            used = counts[frozenset((first, other))]
            chosen.append((first, other))
            extend([name for name in left[1:] if name != other], chosen,
                   max(worst, used), total + used)
            chosen.pop()

    extend(ring, [], 0, 0)
    return rng.choice(best)[1]


def _seat(pairs: list[tuple[str, str]], rng: random.Random) -> GamePlan:
    """Tables for these partnerships: ceil(people / 4) tables, pairs of bots to fill them,
    the people spread as evenly as whole partnerships allow, the seats shuffled by seed."""
    people = sum(name != BOT for pair in pairs for name in pair)
    tables = -(-people // 4)
    units = [pair for pair in pairs if pair != (BOT, BOT)]
    units += [(BOT, BOT)] * (2 * tables - len(units))
    rng.shuffle(units)
    units.sort(key=lambda pair: -sum(name != BOT for name in pair))
    sides: list[list[tuple[str, str]]] = [[] for _ in range(tables)]
    for unit in units:
        free = [side for side in sides if len(side) < 2]
        min(free, key=lambda side: sum(name != BOT for pair in side for name in pair)
            ).append(unit)
    seated = []
    for (a, b), (c, d) in sides:
        first, second = [(a, b), (c, d)], []
        rng.shuffle(first)
        for one, two in first:
            second.append((one, two) if rng.random() < 0.5 else (two, one))
        (n, s), (e, w) = second
        seated.append(TablePlan((n, e, s, w)))
    return GamePlan(tuple(seated))
