"""An evening started by keys: V on the host's tables, the names typed with commas, then
duplicate or not and the games' length; the host runs it for those people. A person the host
does not know is refused on the page, and nothing starts."""

import pytest_twisted

from tests.support.live_host import connect

from .test_lobby_screen import bob_at_the_tables


async def _evening_asked(driver, typed: str) -> None:
    driver.press("V")
    await driver.until(lambda: "Who takes part" in driver.text(), what="the names")
    driver.press(*typed, "enter")
    await driver.until(lambda: "Taking part:" in driver.text(), what="the choice")


@pytest_twisted.ensureDeferred
async def test_v_starts_an_evening_for_the_people_named(start, pipe):
    host = start()
    guests = [await connect(host.port, name) for name in ("Eve", "Cat", "Dan")]
    driver, flow = await bob_at_the_tables(pipe, host.port)
    await _evening_asked(driver, "Bob, Eve,Cat , Dan")
    assert "Taking part: Bob, Eve, Cat, Dan" in driver.text()
    driver.press("1")
    await driver.until(lambda: host.evening is not None, what="the evening")
    evening = host.evening
    assert sorted(evening.people) == ["Bob", "Cat", "Dan", "Eve"]
    assert evening.duplicate and evening.rules.target == 500
    await driver.stop()
    await flow.close()
    for guest in guests:
        await guest.close()


@pytest_twisted.ensureDeferred
async def test_an_evening_of_too_few_is_refused_on_the_page(start, pipe):
    host = start()
    eve = await connect(host.port, "Eve")
    driver, flow = await bob_at_the_tables(pipe, host.port)
    await _evening_asked(driver, "Bob, Eve")
    driver.press("4")
    await driver.until(lambda: "The evening's people must be from 4 to 12" in driver.text(),
                       what="the refusal")
    assert host.evening is None
    await driver.stop()
    await flow.close()
    await eve.close()
