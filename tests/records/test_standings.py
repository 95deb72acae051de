"""The evening's standings per person: the partner-adjusted rating on constructed evenings,
duplicate scores equal to engine.duplicate's, and which games make an evening."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from engine import Call, RuleSet
from engine.duplicate import DealPlay, percent, score_deal
from engine.state import RoundResult
from tests.records.conftest import engine_game, write_journal
from tichu_lan import paths
from tichu_lan.records.keeping import Keeping
from tichu_lan.records.meta import (GameMeta, SeatNote, TableName, header_marks, read_meta,
                                    write_private)
from tichu_lan.records.rating import Observation, ratings
from tichu_lan.records.standings import evening_games, standings

NONE = Call.NONE
TONIGHT = datetime(2026, 12, 5, 20, 0).astimezone()


def round_(margin: int) -> RoundResult:
    """A round team 0 wins by ``margin`` (card points alone, no calls)."""
    a = (100 + margin) // 2
    return RoundResult((0, 1, 2, 3), (NONE,) * 4, (a, 100 - a), (0, 0), -1)


def meta(n: int, seats, margins, evening="", duplicate="", when=TONIGHT) -> GameMeta:
    rounds = tuple(round_(m) for m in margins)
    scores = (sum(r.total[0] for r in rounds), sum(r.total[1] for r in rounds))
    notes = tuple(SeatNote("", s[4:]) if s.startswith("bot:") else SeatNote(s) for s in seats)
    at = (when + timedelta(minutes=n)).isoformat()
    return GameMeta(id=f"g{n}", host="", table="", table_id=n, rules=RuleSet(), seats=notes,
                    started=at, updated=at, state="over", scores=scores, rounds=rounds,
                    winner=0 if scores[0] > scores[1] else 1, evening=evening,
                    duplicate=duplicate)


def rotating_evening() -> list[GameMeta]:
    """Ann is strong: her team wins every round by 100 whoever her partner is; the others
    are equal. Everyone partners everyone (seats 0+2 against 1+3)."""
    people = [("Ann", "Bob", "Cat", "Dan"), ("Ann", "Cat", "Dan", "Bob"),
              ("Ann", "Dan", "Bob", "Cat"), ("Bob", "Ann", "Cat", "Dan"),
              ("Cat", "Ann", "Dan", "Bob"), ("Dan", "Ann", "Bob", "Cat")]
    return [meta(i, seats, [100 if seats.index("Ann") % 2 == 0 else -100] * 3)
            for i, seats in enumerate(people)]


def test_a_strong_person_who_changes_partners_ranks_first_and_does_not_lift_them():
    """Only differences of ratings mean anything when everyone plays every round (four
    people: adding the same to each changes no team's margin); the prior centres them."""
    evening = standings(rotating_evening(), TONIGHT + timedelta(hours=3))
    assert [p.name for p in evening.people][0] == "Ann"
    ann, others = evening.people[0], evening.people[1:]
    assert ann.wins == 6 and all(p.wins == 2 for p in others)
    assert all(p.rating == pytest.approx(others[0].rating) for p in others)
    assert ann.rating - others[0].rating == pytest.approx(100, rel=0.2)


def test_a_strong_persons_usual_partner_is_not_inflated_as_the_win_count_would():
    games = rotating_evening() + [meta(10 + i, ("Ann", "Cat", "Bob", "Dan"), [100] * 3)
                                  for i in range(3)]         # Bob partners Ann thrice more
    people = {p.name: p for p in standings(games, TONIGHT + timedelta(hours=3)).people}
    ann, bob, cat = people["Ann"], people["Bob"], people["Cat"]
    assert list(people)[0] == "Ann" and (bob.wins, cat.wins) == (5, 2)
    assert bob.wins - cat.wins > 0.4 * (ann.wins - cat.wins)       # by the plain count
    assert bob.rating - cat.rating < 0.1 * (ann.rating - cat.rating)   # by the rating


def test_few_rounds_give_ratings_near_zero_and_bots_share_one_rating_a_level():
    one = [meta(1, ("Ann", "bot:hard", "Bob", "bot:hard"), [50])]
    evening = standings(one, TONIGHT)
    assert all(abs(p.rating) < 15 for p in evening.people)
    assert set(evening.bots) == {"hard"} and evening.bots["hard"] < 0
    many = [meta(i, ("Ann", "bot:hard", "Bob", "bot:hard"), [50] * 10) for i in range(5)]
    fitted = standings(many, TONIGHT)
    ann, bob = fitted.people
    assert ann.rating + bob.rating - 2 * fitted.bots["hard"] == pytest.approx(50, rel=0.05)


def test_the_fit_is_the_least_squares_one_with_the_prior():
    fitted = ratings([Observation((["a"], ["b"]), 10.0)], prior=1.0)
    # (1+1) a - b = 10, -a + (1+1) b = -10: a = 10/3, b = -10/3
    assert fitted["a"] == pytest.approx(10 / 3) and fitted["b"] == pytest.approx(-10 / 3)
    with pytest.raises(ValueError):
        ratings([], prior=0)


def test_duplicate_scores_of_one_set_at_two_tables_equal_engine_duplicates():
    margins_1, margins_2 = [120, -40, 0], [60, -40, 30]
    games = [meta(1, ("Ann", "Bob", "Cat", "Dan"), margins_1, "e1", "s1"),
             meta(2, ("Eve", "Fay", "Gus", "Hal"), margins_2, "e1", "s1"),
             meta(3, ("Ann", "Eve", "Cat", "Fay"), [10], "e1")]   # not duplicate
    evening = standings(games, TONIGHT, "e1")
    people = {p.name: p for p in evening.people}
    ann_scores, fay_scores = [], []
    for one, two in zip(games[0].rounds, games[1].rounds, strict=True):
        scores = score_deal([DealPlay("g1", one.total), DealPlay("g2", two.total)])
        ann_scores += [s for s in scores if (s.table, s.team) == ("g1", 0)]
        fay_scores += [s for s in scores if (s.table, s.team) == ("g2", 1)]
    for name, own in (("Ann", ann_scores), ("Cat", ann_scores), ("Fay", fay_scores)):
        assert people[name].duplicate == percent(own)
        assert people[name].net == sum(s.net for s in own)
        assert (people[name].deals, people[name].top) == (3, 3)
    assert people["Ann"].matchpoints == 1.5 and people["Ann"].duplicate == 50.0
    assert people["Ann"].games == 2 and people["Ann"].margin == 80 + 10


def test_a_deal_played_at_one_table_only_counts_for_nothing():
    games = [meta(1, ("Ann", "Bob", "Cat", "Dan"), [100, 20], "e1", "s1"),
             meta(2, ("Eve", "Fay", "Gus", "Hal"), [50], "e1", "s1")]
    people = {p.name: p for p in standings(games, TONIGHT, "e1").people}
    assert (people["Ann"].deals, people["Ann"].top, people["Ann"].matchpoints) == (1, 1, 1.0)
    lone = standings(games[:1], TONIGHT, "e1").people[0]
    assert lone.duplicate is None and lone.top == 0 and lone.net == 0


def test_an_evening_is_its_id_or_tonights_games_kept_without_one():
    yesterday = TONIGHT - timedelta(days=1)
    games = [meta(1, ("Ann", "Bob", "Cat", "Dan"), [10], when=yesterday),
             meta(2, ("Ann", "Bob", "Cat", "Dan"), [10]),
             meta(3, ("Eve", "Bob", "Cat", "Dan"), [10], evening="e1", when=yesterday),
             meta(4, ("Eve", "Bob", "Cat", "Dan"), [10], evening="e1")]
    late = TONIGHT + timedelta(hours=2)
    assert evening_games(games, late) == ("e1", [games[2], games[3]])
    assert evening_games(games[:2], late) == ("", [games[1]])
    assert evening_games(games, late, "") == ("", [games[1]])
    assert evening_games(games, late, "nope") == ("nope", [])
    assert standings([], late).people == []


def test_the_meta_keeps_its_evening_and_duplicate_set_and_old_metas_still_read(tmp_path):
    path = tmp_path / "g.json"
    game = meta(1, ("Ann", "Bob", "Cat", "Dan"), [10], "e-20261205-1910-ab12", "d-1")
    write_private(path, game.to_dict())
    assert read_meta(path) == game
    old = game.to_dict()
    del old["evening"], old["duplicate"]
    write_private(path, old)
    assert (read_meta(path).evening, read_meta(path).duplicate) == ("", "")


def test_a_host_keeps_the_evening_and_set_its_journal_header_names(data_dir):
    keeping = Keeping(paths.records_dir(data_dir), paths.finished_journal_dir(data_dir), "h")
    record, _ = engine_game(3)
    path = write_journal(paths.journal_dir(data_dir), record)
    seats = [("Ann", None), ("Bob", None), ("x", "random"), ("y", "random")]
    marks = header_marks({"kind": "table", "evening": "e-1", "duplicate": "d-1", "name": "t"})
    keeping.note(path, TableName("t"), 1, seats, record.final(), 5, "playing", marks=marks)
    keeping.note(path, TableName("t"), 1, seats, record.final(), 9, "over")   # resumed: none
    kept = read_meta(paths.records_dir(data_dir) / f"{path.stem}.json")
    assert (kept.evening, kept.duplicate) == ("e-1", "d-1")
    assert header_marks({"evening": "", "duplicate": None}) == {}
