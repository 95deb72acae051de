"""The pages before the game, driven by keys against a real host: tables, seats, the
waiting table with bots, the start; and the list of games found on the network."""

import argparse

import pytest_twisted

from tests.support.live_host import LOOPBACK, connect, wait_until
from tests.tui.harness import Bench, Driver
from tests.tui.scenes import lobby_table
from tichu_lan.discovery import FoundHost, HostSummary
from tichu_lan.tui.flow import Flow
from tichu_lan.tui.lobby_pages import HostsPage, SeatsPage, TablesPage, WaitingPage
from tichu_lan.tui.lobby_intents import JoinHost, Leave, Quit, SeatBot, SetOptions, Start
from tichu_lan.tui.player import Player


def player(name="Bob", **settings):
    args = argparse.Namespace(name=name, bell=None, ascii=False, log=None)
    return Player(args)


async def bob_at_the_tables(pipe, port):
    """Bob's client, connected and showing the host's tables."""
    driver = Driver(pipe)
    flow = Flow(driver.ui, player("Bob"), "calm")
    driver.start()
    await flow.connect(LOOPBACK, port)
    await driver.until(lambda: isinstance(flow.page, TablesPage), what="the tables")
    return driver, flow


@pytest_twisted.ensureDeferred
async def test_join_a_table_by_keys_fill_it_with_bots_and_start(start, pipe):
    host = start()
    ann = await connect(host.port, "Ann", reconnect=False)
    await ann.create_table("Friday", "duel", 100)
    driver, flow = await bob_at_the_tables(pipe, host.port)
    assert "Friday  duel to 100  waiting  [Ann, empty]" in driver.text()
    driver.press("enter")
    await driver.until(lambda: isinstance(flow.page, SeatsPage), what="the seats")
    assert "Seat 1: Ann  (taken)" in driver.text() and "Watch this table" in driver.text()
    ann.drop()                             # Ann's connection drops: Bob runs her table meanwhile
    await wait_until(lambda: host.lobby.get(1).seats[0].member is None)
    driver.press("enter")                  # the cursor starts on the free seat
    await driver.until(lambda: isinstance(flow.page, WaitingPage), what="the waiting table")
    assert "Seat 2: Bob  (you)" in driver.text() and "Press s to start" in driver.text()
    await ann.connect()                    # back with her seat, and then she leaves it
    await ann.leave()                      # Ann goes: her seat empties, Bob fills it with a bot
    await driver.until(lambda: "1 seat empty" in driver.text(), what="the empty seat")
    driver.press("s")
    await driver.until(lambda: "seat 1 is empty" in driver.text().lower(), what="the refusal")
    assert "▶ Seat 1: empty" in driver.text()
    driver.press("down", "b")
    await driver.until(lambda: "Seat 2: a bot goes only into an empty seat" in driver.text(),
                       what="the refusal")
    driver.press("up", "b")
    await driver.until(lambda: "Seat 1: bot (calm)" in driver.text(), what="the bot")
    driver.press("s")
    await driver.until(lambda: flow.game is not None, what="the game screen")
    await driver.until(lambda: "Put 3 cards aside" in driver.text(), what="the table drawn")
    await driver.stop()
    await flow.close()
    await ann.close()


def found(name, problem=None, tables=1):
    return FoundHost(name, name, ("10.77.0.1",), 47474, 1, "tichu-lan 0.1.0",
                     HostSummary(tables, 2, ("classic",)) if problem is None else None, problem)


def test_the_games_found_are_listed_live_and_incompatible_ones_say_why():
    sent = []
    page = HostsPage(sent.append)
    screen = Bench()
    screen.show_page(page)
    assert "Looking for games" in screen.text()
    page.changed([found("Ann"), found("Old", problem="it speaks protocol 0, this program 1")])
    assert [enabled for _, _, enabled in page.rows()] == [True, False]
    text = screen.text()
    assert "Ann  10.77.0.1:47474  1 table, 2 free seats  classic" in text
    assert "Old  10.77.0.1:47474  cannot join: it speaks protocol 0" in text
    screen.press("down", "enter")          # greyed: not picked
    assert sent == [] and "cannot be picked" in screen.text()
    page.changed([found("Zed"), found("Ann"), found("Old", problem="x")])
    screen.press("up", "enter")
    assert sent == [JoinHost("10.77.0.1", 47474, ())]


def test_the_waiting_page_asks_for_the_seat_at_the_cursor():
    sent = []
    table = lobby_table(["Ann", "Bob"])
    page = WaitingPage(sent.append, lambda: table, lambda: 0)
    screen = Bench()
    screen.show_page(page)
    assert "Seat 1: Ann  (you)  runs the table" in screen.text()
    screen.press("end", "x", "up", "b", "s", "o", "escape", "Q")
    assert sent == [SeatBot(3, False), SeatBot(2, True), Start(), SetOptions(), Leave(), Quit()]
    screen.press("?")
    assert "put a bot in the seat at the cursor" in screen.text()
    screen.press("s", "escape")                # the keys page has every key while open
    assert sent[-1] == Quit() and page.dialog is None


@pytest_twisted.ensureDeferred
async def test_watch_a_table_behind_a_password(start, pipe):
    host = start()
    ann = await connect(host.port, "Ann")
    await ann.create_table("Private", "classic", 1000, password="tea", takeover=False)
    for seat in (1, 2, 3):
        await ann.add_bot(seat, "calm")
    await ann.start()
    driver, flow = await bob_at_the_tables(pipe, host.port)
    assert "Private (password)" in driver.text()
    driver.press("enter")
    await driver.until(lambda: isinstance(flow.page, SeatsPage), what="the seats")
    driver.press("up", "up")               # from the first bot's seat up round to the end
    await driver.until(lambda: "▶ Watch this table" in driver.text(), what="the cursor")
    assert "Enter watch the table" in driver.text()
    driver.press("enter")
    await driver.until(lambda: "This table's password" in driver.text(), what="the question")
    driver.press("tee", "enter")
    await driver.until(lambda: "needs the right password" in driver.text(), what="the refusal")
    assert flow.game is None
    driver.press("enter")
    await driver.until(lambda: "This table's password" in driver.text(), what="the question")
    driver.press("tea", "enter")
    await driver.until(lambda: flow.game is not None, what="the game screen")
    await driver.until(lambda: "Ann · 8 cards" in driver.text(), what="the table drawn")
    text = driver.text()
    assert "(partner)" not in text and "Q leave" in text
    await driver.stop()
    await flow.close()
    await ann.close()


@pytest_twisted.ensureDeferred
async def test_open_a_duel_with_a_password(start, pipe):
    host = start()
    driver, flow = await bob_at_the_tables(pipe, host.port)
    assert "N/D with password" in driver.text()
    driver.press("D")
    await driver.until(lambda: "Who joins or watches gives" in driver.text(), what="the question")
    driver.press("tea", "enter")
    await driver.until(lambda: isinstance(flow.page, WaitingPage), what="the waiting table")
    assert "duel to 1000. A password is needed to join." in driver.text()
    eve = await connect(host.port, "Eve")
    (table,) = await eve.list_tables()
    assert table.password is True and table.rules.duel
    assert (await eve.join(table.id, password="tea")).seat == 1
    await driver.stop()
    await flow.close()
    await eve.close()


@pytest_twisted.ensureDeferred
async def test_a_page_says_the_host_stopped_and_the_tables_come_back_with_it(start, hosts,
                                                                            pipe):
    host = start(owner="Anna")
    port = host.port
    driver, flow = await bob_at_the_tables(pipe, port)
    await hosts.stop(host)
    await driver.until(lambda: "Anna stopped the host" in driver.text(), what="the banner")
    assert "this screen comes back by itself when they start it again" in " ".join(
        driver.text().split())
    assert "Host test host" in driver.text()        # named while away, not by its address
    again = start(port=port, owner="Anna")
    await driver.until(lambda: flow.page.banner is None and "Host test host" in driver.text(),
                       what="the host back")
    ann = await connect(again.port, "Ann", reconnect=False)
    await ann.create_table("Saturday", "duel", 100)      # the tables are followed again
    await driver.until(lambda: "Saturday  duel to 100" in driver.text(), what="the new table")
    await driver.stop()
    await flow.close()
    await ann.close()
