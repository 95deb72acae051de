"""The rules a party chooses, by keys against a real host: a table opened with o (its
length, no Grand Tichu, a turn timer), the waiting page and the tables list saying them,
and the owner turning the timer off among the table's options."""

import pytest_twisted

from tests.support.live_host import connect
from tichu_lan.tui.lobby_pages import WaitingPage

from .test_lobby_screen import bob_at_the_tables


@pytest_twisted.ensureDeferred
async def test_open_a_table_choosing_its_rules_then_turn_the_timer_off(start, pipe):
    host = start()
    driver, flow = await bob_at_the_tables(pipe, host.port)
    driver.press("o")
    await driver.until(lambda: "How long is the game?" in driver.text(), what="the length")
    assert "8 rounds (more while the score is level)" in driver.text()
    driver.press("4")
    await driver.until(lambda: "Without: all 14 cards" in driver.text(), what="Grand Tichu")
    driver.press("w")
    await driver.until(lambda: "How long each player has" in driver.text(), what="the timer")
    driver.press("2")
    await driver.until(lambda: isinstance(flow.page, WaitingPage), what="the waiting table")
    text = driver.text()
    assert "classic, 8 rounds · no Grand Tichu · 30 s a move." in text
    assert "Each decision has 30 s; then a bot makes it for the player." in text
    assert "a level score plays one more round" in text
    (table,) = host.lobby.tables.values()
    assert (table.rules.rounds, table.rules.grand, table.options.timer) == (8, False, 30)
    eve = await connect(host.port, "Eve")
    (info,) = await eve.list_tables()
    assert info.options.timer == 30 and info.rules.rounds == 8
    driver.press("o")
    await driver.until(lambda: "Now: 30 s for each decision." in driver.text(), what="options")
    driver.press("t")
    await driver.until(lambda: "[0] No turn timer" in driver.text(), what="the timer question")
    driver.press("0")
    await driver.until(lambda: table.options.timer is None, what="the timer off")
    await driver.until(lambda: "Each decision has" not in driver.text(), what="the page")
    await driver.stop()
    await flow.close()
    await eve.close()
