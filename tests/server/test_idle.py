"""A client that falls silent (a frozen process, a laptop asleep) loses its connection, not its
seat: the grace period and the stand-in bot apply, and the token brings the person back."""

import pytest_twisted

from tests.support.live_host import connect, wait_until
from tests.support.raw import raw_connect
from tichu_lan.host_messages import Pong


@pytest_twisted.ensureDeferred
async def test_a_silent_seated_client_is_cut_off_and_a_bot_plays_its_seat_until_it_returns(
        hosts):
    host = hosts(limits={"idle_timeout": 0.3})
    raw = await raw_connect(host.port)
    raw.hello("Ann")
    await raw.wait_message(lambda m: m["type"] == "welcome")
    raw.send({"type": "create_table", "id": 2, "name": "t", "variant": "classic",
              "target": 1000, "grace": 0.1})
    seated = await raw.wait_message(lambda m: m["type"] == "seated")
    for index, seat in enumerate((1, 2, 3), start=3):
        raw.send({"type": "add_bot", "id": index, "seat": seat})
    raw.send({"type": "start", "id": 9})
    await raw.wait_message(lambda m: m.get("id") == 9)
    table = host.lobby.get(seated["table"])
    # the seat's own move is due at once (Grand Tichu), so only a stand-in moves the game on
    await raw.wait_closed(timeout=5)
    assert [m["code"] for m in raw.messages() if m["type"] == "error"] == ["idle_timeout"]
    await wait_until(lambda: table.seq >= 8, timeout=10)
    assert table.seats[0].bot is not None and table.seats[0].bot.stand_in

    back = await connect(host.port, "Ann", token=seated["token"])
    assert back.seating.seat == 0 and table.seats[0].bot is None
    await back.close()


@pytest_twisted.ensureDeferred
async def test_the_client_pings_so_an_idle_person_keeps_the_connection(hosts):
    host = hosts(limits={"idle_timeout": 0.3})
    client = await connect(host.port, "Ann")
    assert client.welcome.limits.idle == 0.3
    first = client.connection
    pongs = []
    client.subscribe(lambda m: pongs.append(m) if isinstance(m, Pong) else None)
    await wait_until(lambda: len(pongs) >= 8, timeout=10)   # > 2.5 idle periods
    assert client.connection is first and client.connected
    await client.close()
