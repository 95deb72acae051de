"""One seed per deal across a duplicate game's tables, and comparisons revealed only when
every table is done with the deal."""

from engine.duplicate import DealScore
from tichu_lan.server.duplicate_deals import DuplicateSet


def make(tables: list[int]) -> tuple[DuplicateSet, list[tuple[int, list[DealScore]]]]:
    shown: list[tuple[int, list[DealScore]]] = []
    return DuplicateSet("e-1-g1", tables, lambda deal, scores: shown.append((deal, scores))), \
        shown


def test_the_first_table_shuffles_and_the_others_deal_its_seed() -> None:
    deals, _ = make([1, 2, 3])
    woken: list[str] = []
    assert deals.seed_for(1, 1, lambda: woken.append("1")) is None
    assert deals.shuffles(1, 1)
    assert deals.seed_for(2, 1, lambda: woken.append("2")) is None
    assert not deals.shuffles(2, 1)
    for ready in deals.dealt(1, "ab" * 32):
        ready()
    assert woken == ["2"]
    assert deals.seed_for(2, 1, lambda: None) == deals.seed_for(3, 1, lambda: None) == "ab" * 32


def test_a_comparison_waits_for_every_table() -> None:
    deals, shown = make([1, 2])
    deals.played(1, 1, (150, -50))
    assert shown == []
    deals.played(2, 1, (50, 50))
    ((deal, scores),) = shown
    assert deal == 1
    assert {(s.table, s.team): s.matchpoints for s in scores} == {
        ("1", 0): 1.0, ("1", 1): 0.0, ("2", 0): 0.0, ("2", 1): 1.0}


def test_deals_beyond_a_finished_table_are_compared_with_nobody() -> None:
    deals, shown = make([1, 2])
    deals.played(1, 1, (100, 0))
    deals.played(2, 1, (100, 0))
    deals.played(1, 2, (200, 0))
    assert [deal for deal, _ in shown] == [1]
    deals.ended(2, 1)              # table 2's game is over after one deal
    assert [deal for deal, _ in shown] == [1, 2]
    assert all(score.top == 0 for score in shown[1][1])
    deals.played(1, 3, (0, 100))   # table 1 goes on alone: its own deal, revealed at once
    assert [deal for deal, _ in shown] == [1, 2, 3]


def test_a_table_that_closes_while_shuffling_hands_its_deal_on() -> None:
    deals, _ = make([1, 2])
    assert deals.seed_for(1, 4, lambda: None) is None
    woken: list[int] = []
    assert deals.seed_for(2, 4, lambda: woken.append(2)) is None
    for ready in deals.ended(1, 3):
        ready()
    assert woken == [2]
    assert deals.seed_for(2, 4, lambda: None) is None and deals.shuffles(2, 4)
