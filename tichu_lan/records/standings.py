"""The evening's standings per person, across every table and partner (issue 27).

An evening is the kept games with the same ``evening`` id; games kept without one are
tonight's (since `stats.EVENING_STARTS` o'clock) and make one evening of their own. Per
person: the games played and won, their team's points and margin, the calls made, the
duplicate score over the deals of a duplicate set they played (matchpoints as
`engine.duplicate` gives them, against every kept game of the same set), and the
partner-adjusted rating (`rating`) they are ranked by. Everything is computed from the
kept games' metadata, so it is the same whenever it is asked for. Docs: docs/RECORDS.md.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from engine.duplicate import DealPlay, DealScore, percent, score_deal

from .meta import GameMeta
from .rating import Observation, ratings
from .stats import PersonStats, evening_start, people_of


@dataclass
class EveningStats(PersonStats):
    """`PersonStats` and the evening's own figures."""

    points: int = 0              # their team's score at the end of each game, summed
    margin: int = 0              # the same less the opponents'
    deals: int = 0               # duplicate deals compared with another table
    matchpoints: float = 0.0
    top: int = 0                 # the matchpoints those deals could have earned
    duplicate: float | None = None   # matchpoints as a share of the top, 0 to 100
    net: float = 0.0             # margin on those deals less the others' on the same cards
    rating: float = 0.0          # `rating.ratings`: points a round they add to their team


@dataclass
class Evening:
    """One evening's games and standings, best rating first."""

    id: str                      # "": tonight's games kept without an evening id
    games: list[GameMeta] = field(default_factory=list)
    people: list[EveningStats] = field(default_factory=list)
    bots: dict[str, float] = field(default_factory=dict)    # a level's shared rating


def evening_games(games: Sequence[GameMeta], now: datetime,
                  evening: str | None = None) -> tuple[str, list[GameMeta]]:
    """The games of the evening ``evening`` (an id; "": tonight's games kept without one);
    None: this evening, the evening of tonight's newest game."""
    since = evening_start(now)
    tonight = sorted((g for g in games if g.when >= since), key=lambda g: (g.when, g.id))
    if evening is None:
        evening = tonight[-1].evening if tonight else ""
    if not evening:
        return "", [g for g in tonight if not g.evening]
    return evening, sorted((g for g in games if g.evening == evening),
                           key=lambda g: (g.when, g.id))


def standings(games: Sequence[GameMeta], now: datetime, evening: str | None = None) -> Evening:
    """The standings of an evening (`evening_games`) among the kept ``games``, which give
    the other tables' results on the deals of a duplicate set too."""
    name, chosen = evening_games(games, now, evening)
    out = Evening(name, chosen)
    people: dict[str, EveningStats] = {}
    for meta in chosen:
        for person, seats in people_of(meta).items():
            stats = people.setdefault(person, EveningStats(person))
            stats.add(meta, seats)
            team = meta.rules.team_of(seats[0])
            stats.points += meta.scores[team]
            stats.margin += meta.scores[team] - meta.scores[1 - team]
    _add_duplicate(people, chosen, games)
    fitted = ratings(_observations(chosen))
    for person, stats in people.items():
        stats.rating = fitted.get(("person", person), 0.0)
    out.bots = {str(key[1]): value for key, value in fitted.items()
                if isinstance(key, tuple) and key[0] == "bot"}
    out.people = sorted(people.values(),
                        key=lambda p: (-round(p.rating, 6), -p.wins, p.name.casefold()))
    return out


def _add_duplicate(people: dict[str, EveningStats], chosen: Sequence[GameMeta],
                   kept: Sequence[GameMeta]) -> None:
    """Each person's matchpoints on the deals of the evening's duplicate games: deal k of a
    set is round k of every kept game of that set; a deal played at one table earns 0 of 0."""
    sets = {meta.duplicate for meta in chosen if meta.duplicate}
    deals: dict[tuple[str, int], list[DealPlay]] = defaultdict(list)
    for meta in kept:
        if meta.duplicate in sets:
            for number, result in enumerate(meta.rounds, 1):
                deals[meta.duplicate, number].append(DealPlay(meta.id, result.total))
    scores: dict[str, list[DealScore]] = defaultdict(list)
    for meta in chosen:
        if not meta.duplicate:
            continue
        for number in range(1, len(meta.rounds) + 1):
            for score in score_deal(deals[meta.duplicate, number]):
                if score.table != meta.id:
                    continue
                for person, seats in people_of(meta).items():
                    if meta.rules.team_of(seats[0]) == score.team:
                        scores[person].append(score)
    for person, own in scores.items():
        stats = people[person]
        stats.deals = sum(1 for s in own if s.top)
        stats.matchpoints = sum(s.matchpoints for s in own)
        stats.top = sum(s.top for s in own)
        stats.duplicate = percent(own)
        stats.net = sum(s.net for s in own)


def _observations(games: Iterable[GameMeta]) -> list[Observation]:
    """Every round of the games, its sides as the rating knows players: a person by name, a
    bot by its level (one rating for every bot of a level), a seat without either by its
    game and seat (it counts, but no one carries its rating)."""
    out = []
    for meta in games:
        players = [_player(meta, seat) for seat in range(meta.rules.seats)]
        sides: tuple[list[Hashable], list[Hashable]] = ([], [])
        for seat, player in enumerate(players):
            sides[meta.rules.team_of(seat)].append(player)
        for result in meta.rounds:
            total = result.total
            out.append(Observation(sides, total[0] - total[1]))
    return out


def _player(meta: GameMeta, seat: int) -> Hashable:
    note = meta.seats[seat] if seat < len(meta.seats) else None
    if note is not None and note.bot is not None:
        return ("bot", note.bot)
    if note is not None and note.name:
        return ("person", note.name)
    return ("seat", meta.id, seat)
