"""The bots' reference table of a solo duplicate set thinks in the background
(`thinking.Asking.background`): its decisions come after every decision a table in play waits
for, and one being thought about is cut short as soon as such a decision comes."""

from __future__ import annotations

from tests.server.test_thinking import SEEN, Thinker, finish
from tichu_lan.server.thinking import Asking, Decision, Turns


def ask(turns: Turns, address: str, table: int, background: bool = False) -> Decision:
    decision = Decision(Asking(address, table, background=background), object(), SEEN)
    turns.add(decision)
    return decision


def test_a_person_s_table_goes_before_the_reference_table_whatever_came_first():
    thinker = Thinker()
    turns = Turns(thinker, cap=10.0)
    first = ask(turns, "table 2", 2, background=True)
    waiting = [ask(turns, "table 2", 2, background=True) for _ in range(3)]
    assert thinker.begun == [first] and first.cap == 10.0   # nobody else waits: its full cap
    person = [ask(turns, "table 1", 1), ask(turns, "table 1", 1)]
    assert thinker.hurried == [(first, 0.0)]                 # cut short at once
    finish(turns, first)
    assert thinker.begun[1] is person[0]
    finish(turns, person[0])
    assert thinker.begun[2] is person[1]
    finish(turns, person[1])
    assert thinker.begun[3:] == waiting[:1]                  # then the background again


def test_a_background_decision_never_cuts_a_foreground_one_short():
    thinker = Thinker()
    turns = Turns(thinker, cap=10.0)
    person = ask(turns, "table 1", 1)
    ask(turns, "table 2", 2, background=True)
    assert thinker.begun == [person] and thinker.hurried == []
    assert person.cap == 10.0


def test_two_background_tables_share_turns_as_any_two_do():
    thinker = Thinker()
    turns = Turns(thinker, cap=10.0)
    a = ask(turns, "table 2", 2, background=True)
    b = ask(turns, "table 3", 3, background=True)
    c = ask(turns, "table 2", 2, background=True)
    finish(turns, a)
    finish(turns, b)
    assert thinker.begun == [a, b, c]
