"""A table's waiting list on the screens, at 80x24: the lobby's count, a table's page with the
names and the player's place, the game screen's status line for a spectator and for a
player, and the keys w and o that join the line and sit a game out."""

from __future__ import annotations

from dataclasses import replace

from engine import CLASSIC, new_game
from tests.support import typed_host
from tests.tui.harness import Bench, TableBench
from tichu_lan.host_messages import TableMessage
from tichu_lan.table_info import AskedSeat
from tichu_lan.tui.lobby_pages import SeatsPage, TablesPage
from tichu_lan.tui.lobby_intents import WaitHere
from tichu_lan.tui.table_intents import SitOut, WaitInLine

TABLE = typed_host.table(["Ann", "Bob", "Cat", "Dan"], waiting=("Eve", "Fay"))


def welcome(name: str):
    return replace(typed_host.welcome(), name=name)


def test_the_lobby_counts_who_waits_and_a_tables_page_names_them_in_order():
    screen = Bench()
    emitted: list = []
    screen.show_page(TablesPage(emitted.append, lambda: "host", lambda: (TABLE,)))
    assert "2 wait" in screen.text()
    page = SeatsPage(emitted.append, lambda: TABLE, lambda: "Fay")
    screen.show_page(page)
    text = screen.text()
    assert "Waiting for a seat: Eve, Fay" in text
    assert "You are number 2 in line; w leaves the line." in text
    screen.press("w")
    assert emitted == [WaitHere()]
    page = SeatsPage(emitted.append, lambda: TABLE, lambda: "Gus")
    screen.show_page(page)
    assert "w waits in line for the next free seat here." in screen.text()
    asked = replace(TABLE, requests=(AskedSeat(seat=3, name="Gus", answered=False),))
    screen.show_page(SeatsPage(emitted.append, lambda: asked, lambda: "Gus"))
    assert "First in line, you ask for seat 4" in screen.text()


def test_a_spectator_sees_the_line_and_w_joins_it():
    bench = TableBench(new_game(CLASSIC, seed=5), seat=-1, table=TABLE, welcome=welcome("Gus"))
    assert "waiting: Eve, Fay" in bench.text()
    bench.press("w")
    assert bench.sent == [WaitInLine(True)]
    mine = replace(TABLE, waiting=("Eve", "Fay", "Gus"))
    bench.model.on_message(TableMessage(table=mine), bench.model.view)
    assert "you are number 3 in line (w)" in bench.text()
    bench.press("w")
    assert bench.sent[-1] == WaitInLine(False)
    assert all(len(line) <= 80 for line in bench.lines()) and len(bench.lines()) == 24


def test_a_player_sees_who_waits_and_o_sits_out_the_next_game():
    bench = TableBench(new_game(CLASSIC, seed=5), seat=0, table=TABLE, welcome=welcome("Ann"))
    assert "waiting: Eve, Fay" in bench.text()
    bench.press("o")
    assert bench.sent == [SitOut(True)]
    resting = replace(TABLE, sitting_out=(0,))
    bench.model.on_message(TableMessage(table=resting), bench.model.view)
    assert "you sit out the next game (o)" in bench.text()
    bench.press("o")
    assert bench.sent[-1] == SitOut(False)
