"""The evening's plan: every seat filled, nobody twice, partners as even as the numbers allow."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tichu_lan.server.evening_plan import (
    BOT, EveningSizeError, GamePlan, partner_counts, plan_games, spread)

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Lou"]


def check_game(game: GamePlan, people: list[str]) -> None:
    """Nobody twice, everyone present, every seat a person's or a bot's, ceil(n/4) tables."""
    seated = game.people()
    assert sorted(seated) == sorted(people)
    assert len(game.tables) == -(-len(people) // 4)
    for table in game.tables:
        assert len(table.seats) == 4
        assert table.people(), "a table of bots only"


def bot_partners(games: list[GamePlan], people: list[str]) -> list[int]:
    counts = partner_counts(games)
    return [counts[frozenset((name, BOT))] for name in people]


@settings(max_examples=60, deadline=None)
@given(st.integers(4, 12), st.integers(1, 14), st.integers(0, 2**32))
def test_a_fresh_plan_keeps_partners_within_one(n: int, games: int, seed: int) -> None:
    people = NAMES[:n]
    plan = plan_games(people, games, seed)
    assert len(plan) == games
    for upto in range(1, games + 1):
        check_game(plan[upto - 1], people)
        assert spread(partner_counts(plan[:upto]), people) <= 1
        bots = bot_partners(plan[:upto], people)
        assert max(bots) - min(bots) <= 1


@settings(max_examples=40, deadline=None)
@given(st.integers(4, 10), st.integers(1, 6), st.integers(0, 2**32), st.data())
def test_people_come_and_go_and_the_plan_goes_on(n: int, before: int, seed: int,
                                                 data: st.DataObject) -> None:
    people = NAMES[:n]
    played = plan_games(people, before, seed)
    leaving = data.draw(st.lists(st.sampled_from(people), unique=True, max_size=n - 4))
    joining = data.draw(st.lists(st.sampled_from(NAMES[n:] or ["Max"]), unique=True,
                                 max_size=10 - n + len(leaving)))
    now = [name for name in people if name not in leaving] + joining
    later = plan_games(now, 3, seed, played)
    counts = partner_counts(played)
    for game in later:
        check_game(game, now)
        assert cost(pairs_of(game), counts) == min(
            cost(pairing, counts) for pairing in pairings(now + [BOT] * (len(now) % 2)))
        counts.update(partner_counts([game]))


def pairs_of(game: GamePlan) -> list[tuple[str, str]]:
    return [(t.seats[i], t.seats[i + 2]) for t in game.tables for i in (0, 1)
            if (t.seats[i], t.seats[i + 2]) != (BOT, BOT)]


def cost(pairing: list[tuple[str, str]], counts: Counter[frozenset[str]]) -> tuple[int, int]:
    used = [counts[frozenset(pair)] for pair in pairing]
    return max(used), sum(used)


def pairings(ring: list[str]) -> list[list[tuple[str, str]]]:
    """Every way to pair ``ring`` off (an oracle for small rings)."""
    if not ring:
        return [[]]
    first, rest = ring[0], ring[1:]
    return [[(first, other), *more] for i, other in enumerate(rest)
            for more in pairings(rest[:i] + rest[i + 1:])]


def test_four_people_over_three_games_partner_each_other_once() -> None:
    for seed in range(20):
        plan = plan_games(NAMES[:4], 3, seed)
        counts = partner_counts(plan)
        assert sorted(counts.values()) == [1] * 6


def test_eight_people_over_seven_games_never_partner_twice() -> None:
    for seed in range(20):
        plan = plan_games(NAMES[:8], 7, seed)
        assert max(partner_counts(plan).values()) == 1


def test_a_replan_avoids_repeats_when_it_can() -> None:
    played = plan_games(NAMES[:8], 3, 7)
    later = plan_games(NAMES[:8] + ["Ida"], 1, 7, played)
    counts = partner_counts(played)
    for table in later[0].tables:
        for a, b in ((table.seats[0], table.seats[2]), (table.seats[1], table.seats[3])):
            if BOT not in (a, b):
                assert counts[frozenset((a, b))] == 0


def test_the_same_seed_makes_the_same_plan() -> None:
    assert plan_games(NAMES[:7], 5, 3) == plan_games(NAMES[:7], 5, 3)
    assert plan_games(NAMES[:7], 5, 3) != plan_games(NAMES[:7], 5, 4)


def test_people_spread_over_the_tables() -> None:
    sizes = {n: sorted((len(t.people()) for t in plan_games(NAMES[:n], 1, 0)[0].tables),
                       reverse=True) for n in range(4, 13)}
    assert sizes == {4: [4], 5: [3, 2], 6: [4, 2], 7: [4, 3], 8: [4, 4], 9: [4, 3, 2],
                     10: [4, 4, 2], 11: [4, 4, 3], 12: [4, 4, 4]}


@pytest.mark.parametrize("n", [0, 2, 3, 13, 30])
def test_an_evening_of_the_wrong_size_is_refused(n: int) -> None:
    with pytest.raises(EveningSizeError, match="4 to 12 people"):
        plan_games([f"p{i}" for i in range(n)], 2, 0)


def test_a_name_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="name of their own"):
        plan_games(["Ann", "Ann", "Bob", "Cat"], 1, 0)
