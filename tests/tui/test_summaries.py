"""The round's summary says of each call whether it was made, and why it failed."""

from engine import CLASSIC, DUEL, Call, RoundResult, new_game, view
from tichu_lan.tui.faces import Faces
from tichu_lan.words.sentences import plain
from tichu_lan.tui.summaries import call_outcomes
from tichu_lan.tui.table_model import TableModel


def outcomes(rules, result, seat=0):
    model = TableModel(Faces(ascii=True))
    model.new_view(view(new_game(rules, 1), seat), [])
    return [plain(line) for line in call_outcomes(model, model.view, result)]


def test_each_call_is_made_or_failed_on_its_own_not_by_its_teams_sum():
    result = RoundResult((3, 2, 0, 1), (Call.NONE, Call.GRAND, Call.NONE, Call.TICHU),
                         (45, 55), (0, -100), -1)
    assert outcomes(CLASSIC, result) == [
        "seat 2: Grand Tichu failed, -200: seat 4 went out first",
        "seat 4: Tichu made, +100"]


def test_a_call_the_reader_broke_says_you_went_out_first():
    result = RoundResult((0, 2, 1, 3), (Call.NONE, Call.TICHU, Call.NONE, Call.NONE),
                         (60, 40), (0, -100), -1)
    assert outcomes(CLASSIC, result) == ["seat 2: Tichu failed, -100: you went out first"]


def test_in_the_duel_going_out_with_the_dragon_last_fails_the_call_and_says_so():
    result = RoundResult((1, 0), (Call.NONE, Call.TICHU), (60, 40), (0, -100), -1)
    assert outcomes(DUEL, result) == [
        ("seat 2: Tichu failed, -100: in the duel a player who goes out with the Dragon last "
        "loses the call")]


def test_a_double_victory_round_is_named_whole_where_the_screen_has_room():
    from dataclasses import replace

    from tichu_lan.tui.summaries import scores
    from tichu_lan.tui.text import get_cwidth
    model = TableModel(Faces(ascii=True))
    double = RoundResult((0, 2, 1, 3), (Call.NONE,) * 4, (0, 0), (200, 0), 0)
    for _ in range(12):
        model.new_view(replace(view(new_game(CLASSIC, 1), 0),
                               history=(*(model.view.history if model.view else ()), double)), [])
    wide = [line if isinstance(line, str) else "".join(t for _, t in line)
            for line in scores(model, 76)]
    assert any(line.startswith("Round 12 (double) +200 = 2400") for line in wide)
    narrow = scores(model, 30)
    assert all(get_cwidth(line if isinstance(line, str) else "".join(t for _, t in line))
               <= 30 for line in narrow[2:])


def test_the_exchange_marks_point_where_the_giver_sits():
    """The next seat plays after you and is drawn on your right; the seat before you, on
    your left (README, "At the table"). The marks were mirrored: the right's card got ←."""
    from tichu_lan.tui.summaries import giver_mark
    for seat in range(4):
        assert giver_mark((seat + 1) % 4, seat, False) == "→"
        assert giver_mark((seat + 2) % 4, seat, False) == "↑"
        assert giver_mark((seat + 3) % 4, seat, False) == "←"
        assert [giver_mark((seat + k) % 4, seat, True) for k in (1, 2, 3)] == ["R", "P", "L"]
