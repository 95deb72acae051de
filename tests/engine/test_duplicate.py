"""Duplicate scoring: matchpoints on margins, against the same cards at the other tables."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.duplicate import DealPlay, margin, percent, score_deal


def by_key(plays: list[DealPlay]) -> dict[tuple[str, int], tuple[int, float, float]]:
    return {(s.table, s.team): (s.margin, s.matchpoints, s.net) for s in score_deal(plays)}


def test_two_tables_the_better_margin_takes_the_point() -> None:
    # Table A: team 0 made its Tichu (+100) and 70 card points; table B's team 0 on the same
    # cards scored 50 to 50.
    scores = by_key([DealPlay("A", (170, 30)), DealPlay("B", (50, 50))])
    assert scores[("A", 0)] == (140, 1.0, 140.0)
    assert scores[("B", 0)] == (0, 0.0, -140.0)
    assert scores[("A", 1)] == (-140, 0.0, -140.0)
    assert scores[("B", 1)] == (0, 1.0, 140.0)


def test_a_tie_is_half_a_point_each() -> None:
    scores = by_key([DealPlay("A", (200, 0)), DealPlay("B", (200, 0))])
    assert scores[("A", 0)][1] == scores[("B", 0)][1] == 0.5
    assert scores[("A", 1)][1] == scores[("B", 1)][1] == 0.5


def test_three_tables() -> None:
    scores = by_key([DealPlay("A", (60, 40)), DealPlay("B", (-100, 200)),
                     DealPlay("C", (60, 40))])
    assert scores[("A", 0)][1] == 1.5            # beats B, ties C
    assert scores[("B", 0)][1] == 0.0
    assert scores[("B", 1)][1] == 2.0
    assert scores[("C", 0)][2] == pytest.approx(20 - (20 - 300) / 2)


def test_one_table_alone_earns_nothing_and_has_no_percent() -> None:
    scores = score_deal([DealPlay("A", (100, 0))])
    assert [(s.matchpoints, s.top, s.net) for s in scores] == [(0.0, 0, 0.0)] * 2
    assert percent(scores) is None


def test_a_table_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        score_deal([DealPlay("A", (0, 100)), DealPlay("A", (100, 0))])


def test_percent_over_deals() -> None:
    first = [s for s in score_deal([DealPlay("A", (100, 0)), DealPlay("B", (0, 100))])
             if s.table == "A" and s.team == 0]
    second = [s for s in score_deal([DealPlay("A", (0, 0)), DealPlay("B", (0, 0)),
                                     DealPlay("C", (0, 0))]) if s.table == "A" and s.team == 0]
    assert percent(first + second) == pytest.approx(100 * (1 + 1) / (1 + 2))


totals = st.tuples(st.integers(-400, 400), st.integers(-400, 400))


@given(st.lists(totals, min_size=1, max_size=6))
def test_the_two_teams_at_a_table_share_its_top(results: list[tuple[int, int]]) -> None:
    scores = score_deal([DealPlay(str(i), total) for i, total in enumerate(results)])
    for i, total in enumerate(results):
        mine = [s for s in scores if s.table == str(i)]
        assert mine[0].matchpoints + mine[1].matchpoints == mine[0].top == len(results) - 1
        assert mine[0].margin == margin(total, 0) == -mine[1].margin
        assert mine[0].net == pytest.approx(-mine[1].net)
