"""The table screen marks each round's check (issue 30): the log, the round's summary and
the scores page; a failure another seat's program found is marked for everyone."""

from dataclasses import replace

from engine import CLASSIC, Call, RoundResult, new_game, view
from engine.events import RoundEnded
from tichu_lan.host_messages import Notice, RoundChecked
from tichu_lan.tui.faces import Faces
from tichu_lan.tui.summaries import game_over, round_summary, scores
from tichu_lan.tui.table_model import TableModel

RESULT = RoundResult((0, 1, 2, 3), (Call.NONE,) * 4, (60, 40), (0, 0), -1)
FAILED = Notice(table=1, code="round_check_failed", message="Bob's program found round 2 "
                "broken: ...", params={"round": 2, "seat": 1, "name": "Bob",
                                       "code": "deal_not_from_seed", "params": {}})


def text(lines) -> list[str]:
    return [line if isinstance(line, str) else "".join(t for _, t in line) for line in lines]


def after_rounds(count: int, ascii: bool = True) -> TableModel:
    model = TableModel(Faces(ascii=ascii))
    model.new_view(replace(view(new_game(CLASSIC, 1), 0), round_no=count + 1,
                           history=(RESULT,) * count), [])
    return model


def test_a_round_that_held_is_marked_in_the_log_its_summary_and_the_scores():
    model = after_rounds(2)
    model.on_message(RoundChecked(round=1, ok=True, shared=True), model.view)
    assert text(model.log)[-1] == ("Round 1 checked: nobody chose the cards, and every rule "
                                   "was kept")
    ended = RoundEnded(1, (0, 1, 2, 3), (60, 40), (0, 0), -1, (60, 40))
    assert "Round 1 checked: nobody chose the cards, and every rule was kept" in text(
        round_summary(model, ended))
    page = text(scores(model))
    assert any(line.startswith("Round 1 +") for line in page)
    assert any(line.startswith("Round 2 ") and "+ " not in line[:9] for line in page)
    assert any(line.startswith("+ the round was checked and held; ! a program found it broken")
               for line in page)
    marked = after_rounds(1, ascii=False)
    marked.on_message(RoundChecked(round=1, ok=True, shared=True), marked.view)
    assert any(line.startswith("Round 1 ✓") for line in text(scores(marked)))


def test_a_failure_found_by_another_seat_is_marked_and_stands_over_this_seats_check():
    model = after_rounds(2)
    model.on_message(FAILED, model.view)
    model.on_message(RoundChecked(round=2, ok=True, shared=True), model.view)
    log = model.log[-2]
    assert log[0][0] == "class:error"
    assert text([log]) == [("Bob's program found round 2 broken: the cards were not dealt "
                            "from the shared seed")]
    assert any(line.startswith("Round 2 !") for line in text(scores(model)))
    assert any(line.startswith("Round 2 !") for line in text(game_over(model)))
    ended = RoundEnded(2, (0, 1, 2, 3), (60, 40), (0, 0), -1, (120, 80))
    assert text(round_summary(model, ended))[2] == text([log])[0]


def test_this_seats_own_failure_names_what_failed():
    model = after_rounds(1)
    model.on_message(RoundChecked(round=1, ok=False, shared=True, finding={
        "code": "illegal_move", "message": "...", "params": {
            "seq": 12, "seat": 2, "action": {"type": "pass", "seat": 2},
            "reason": {"reason": "wish_must_be_played", "rank": 7}}}), model.view)
    line = model.log[-1]
    assert line[0][0] == "class:error"
    assert text([line]) == [("Round 1 does not hold: move 12, seat 3's pass, breaks the wish: "
                             "7 was wished and the seat held one it could play")]


def test_a_new_game_starts_without_marks_and_rounds_nobody_checked_have_none():
    model = after_rounds(3)
    model.on_message(RoundChecked(round=3, ok=True, shared=False), model.view)
    assert model.checked.rounds
    model.new_view(view(new_game(CLASSIC, 2), 0), [])
    from tichu_lan.host_messages import ViewMessage
    model.on_message(ViewMessage(table=1, seq=1, view=model.view, events=()), model.view)
    assert not model.checked.rounds
    assert not any(line.startswith(("Round 1 +", "Round 1 !", "+ the round"))
                   for line in text(scores(after_rounds(2))))


def test_a_card_the_seat_did_not_hold_is_worded_of_that_seat():
    from tichu_lan.words.findings import finding_words
    params = {"seq": 132, "seat": 0, "action": {"type": "play", "seat": 0, "cards": ["DR"]},
              "reason": {"reason": "not_held", "cards": ["DR"]}}
    assert finding_words("illegal_move", params) == ("move 132, seat 1's play of DR, breaks a "
                                                     "rule: the seat did not hold DR")
