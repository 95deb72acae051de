"""The whole round in view, without a network: the history page (h) lists every trick of the
round at 80x24, v tells a Dragon's gift, the log pane scrolls (PageUp/PageDown), the host's
log writes the pane again, and the trick waiting to be collected is on the screen."""

from __future__ import annotations

import re
from dataclasses import replace

from engine import CollectTrick, GiveDragon, Pass, Play, view as seat_view
from engine.events import Passed
from tests.engine.scenario import position
from tests.support import typed_host
from tests.tui.harness import TableBench
from tichu_lan.tui.faces import Faces
from tichu_lan.tui.table_model import TableModel
from tichu_lan.tui.text import width

PEOPLE = typed_host.table(["Ann", "Bob", "Cat", "Dan"], name="", owner=None)
# Bob wins a 5 with a 7; leads the Dragon and gives it to Cat; Cat bombs a trick You
# had won with a King, after its last pass; the next trick is in play.
HANDS = ["5j Kj 2s 3p", "7j DR 3s 4s", "9j 9s 9p 9r 6s 2j", "8j Tj 2p 3r"]
ROUND = [Play.of(0, "5j"), Play.of(1, "7j"), Pass(2), Pass(3), Pass(0), CollectTrick(1),
         Play.of(1, "DR"), Pass(2), Pass(3), Pass(0), CollectTrick(1), GiveDragon(1, 2),
         Play.of(1, "3s"), Play.of(2, "6s"), Play.of(3, "8j"), Play.of(0, "Kj"), Pass(1),
         Pass(2), Pass(3), Play.of(2, "9j 9s 9p 9r"), Pass(3), Pass(0), Pass(1),
         CollectTrick(2), Play.of(2, "2j"), Play.of(3, "Tj")]


def seat_screen(game, table=PEOPLE, rows: int = 24, columns: int = 80) -> TableBench:
    """Seat 0's screen, fed the views and events of an engine game as the host sends them."""
    return TableBench(game, 0, table=table, welcome=typed_host.welcome("test"), ascii=False,
                      rows=rows, columns=columns)


def played() -> TableBench:
    seat = seat_screen(position(HANDS))
    seat.apply(*ROUND)
    return seat


def test_h_lists_every_trick_of_the_round_at_80x24():
    seat = played()
    seat.press("h")
    first = seat.text()
    seat.press("pagedown")
    second = seat.text()
    for text in (first, second):
        lines = text.splitlines()
        assert len(lines) == 24 and all(width([("", line)]) <= 80 for line in lines)
    for expected in ["Round 1", "Trick 1 · won by Bob · 5 points", "You: 5♣",
                     "Bob: 7♣ (a single 7)", "Cat: pass",
                     "Trick 2 · Bob's Dragon, given to Cat · 25 points", "Bob: Drg (the Dragon)",
                     "Trick 3 · won by Cat · 10 points", "You: K♣ (a single K)"]:
        assert expected in first, (expected, first)
    for expected in ["Cat BOMBS out of turn: 9♣ 9♠ 9♦ 9★", "Trick 4 · in play",
                     "Cat is out 1st", "Dan: 10♣"]:
        assert expected in second, (expected, second)
    seat.press("home")
    assert "Trick 1 · won by Bob" in seat.text()
    seat.press("end")
    assert "Trick 4 · in play" in seat.text()
    seat.press("escape")
    assert "Trick 1 · won by" not in seat.text() and not seat.model.overlays


def test_the_history_follows_the_order_of_the_plays_and_passes():
    seat = played()
    seat.press("h")
    (page,) = seat.model.overlays
    rows = ["".join(t for _, t in line).strip() for line in page.body if not isinstance(line, str)]
    first = rows.index("Trick 1 · won by Bob · 5 points")
    assert rows[first + 1:first + 6] == ["You: 5♣ (a single 5)", "Bob: 7♣ (a single 7)",
                                         "Cat: pass", "Dan: pass", "You: pass"]
    third = rows.index("Trick 3 · won by Cat · 10 points")
    assert rows[third + 4].startswith("You: K♣") and rows[third + 8].startswith("Cat BOMBS")
    assert sum(isinstance(e, Passed) for e in seat.model.record.round_events(1)) == 12


def test_v_tells_the_dragons_trick_as_it_was_given():
    seat = seat_screen(position(HANDS))
    seat.apply(*ROUND[:12])
    seat.press("v")
    text = seat.text()
    assert "Won by Bob with the Dragon, given to Cat (25 points)" in text
    seat.press("escape")
    seat.apply(*ROUND[12:24])
    seat.press("v")
    assert "Won by Cat" in seat.text() and "Dragon" not in seat.text().split("Won by Cat")[1][:30]


def test_a_trick_waiting_to_be_collected_says_so_on_the_status_line_and_the_table():
    seat = seat_screen(position(HANDS))
    seat.apply(*ROUND[:5])
    text = seat.text()
    status = next(line for line in text.splitlines() if "Trick to" in line)
    assert status.strip().startswith("Trick to Bob in 2 s: bombs may still be played")
    assert "collected in 2 s: bombs" in text          # and on the table, under the trick
    seat.apply(ROUND[5])
    assert "collected in" not in seat.text() and "Bob takes the trick" in seat.text()


def test_the_log_pane_scrolls_back_a_page_and_follows_again():
    seat = seat_screen(position(HANDS))
    for n in range(60):
        seat.model.add_log([("", f"line {n}")])
    assert "line 59" in seat.text() and "line 20" not in seat.text()     # drawn: now the
    seat.press("pageup")                                                   # pane's height is known
    text = seat.text()
    assert "line 59" not in text and "line 47" in text and "-- 12 newer: PageDown --" in text
    shown = re.findall(r"line \d+", text)
    seat.model.add_log([("", "line 60")])               # the game goes on: the page stays
    assert re.findall(r"line \d+", seat.text()) == shown and "13 newer" in seat.text()
    for _ in range(5):
        seat.press("pageup")
    assert "line 0" in seat.text()
    for _ in range(8):
        seat.press("pagedown")
    text = seat.text()
    assert "line 60" in text and "below" not in text and seat.model.scroll.anchor is None


def test_the_hosts_log_writes_the_pane_and_the_history_again():
    live = played()
    game = live.game
    log = [(n, list(events)) for n, events in ((m.seq, m.events) for m in live.model.record.moves)]
    fresh = TableModel(Faces(ascii=False))
    fresh.catch_up(seat_view(game, 0), PEOPLE, None, log)
    assert list(fresh.log) == list(live.model.log)
    assert fresh.record.round_events(1) == live.model.record.round_events(1)
    assert not fresh.overlays                      # an old round's end is told, not shown
    again = TableModel(Faces(ascii=False))
    again.catch_up(seat_view(game, 0), PEOPLE, None, log[:10])
    again.add_log([("class:chat", "Bob: hi")])
    again.on_message(typed_host.view_message(seat_view(game, 0), log[-1][0], log=log),
                     seat_view(game, 0))
    told = ["".join(t for _, t in line) for line in again.log]
    every = ["".join(t for _, t in line) for line in live.model.log]
    chat = told.index("Bob: hi")
    assert told[:chat] == every[:chat] and told[chat + 1:] == every[chat:]


def test_the_reader_is_spoken_to_not_named_you_in_the_third_person():
    """Where another seat's sentence has the reader in it, the reader is "you" in words of
    their own: a translation cannot inflect a name slot filled with "You"."""
    seat = seat_screen(position(HANDS))
    seat.apply(*ROUND[:11], GiveDragon(1, 0))
    log = ["".join(text for _, text in line) for line in seat.model.log]
    assert "Bob gives you the Dragon's trick (25 points)" in log
    seat.press("v")
    assert "Won by Bob with the Dragon, given to you (25 points)" in seat.text()
    seat.press("escape")
    seat.apply(*ROUND[12:19])                        # Ann's King stands; all have passed
    status = next(line for line in seat.text().splitlines() if "bombs may still" in line
                  and "collected" not in line)
    assert status.strip().startswith("The trick is yours in 2 s: bombs may still be played")
    seat.apply(CollectTrick(0))
    seat.press("v")
    assert "You won it" in seat.text()
    seat.press("escape", "h")
    text = seat.text()
    for expected in ["Trick 2 · Bob's Dragon, given to you · 25 points",
                     "Trick 3 · won by you · 10 points"]:
        assert expected in text, (expected, text)
    assert not re.search(r"\S You\b", text), text


def test_the_title_gives_the_programs_name_up_for_a_long_table_name():
    seat = seat_screen(position(HANDS), table=replace(PEOPLE, name="Anna's game"))
    assert seat.text().splitlines()[0].startswith(" tichu-lan · Anna's game · classic to 1000")
    seat = seat_screen(position(HANDS), table=replace(PEOPLE, name="The long Friday night table"))
    title = seat.text().splitlines()[0]
    assert title.startswith(" The long Friday night table · classic to 1000"), title
    assert "tichu-lan" not in title
