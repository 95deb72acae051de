"""Names unique per host: two guests who log in as `pi` are `pi` and `pi (2)`, at the table,
in the chat and in the records; a person back with their seat token keeps their name."""

import json

import pytest_twisted

from tests.support.live_host import connect, wait_until
from tichu_lan import paths
from tichu_lan.host_messages import Chat


@pytest_twisted.ensureDeferred
async def test_two_guests_called_pi_are_told_apart_everywhere(host, data_dir):
    first = await connect(host.port, "pi")
    second = await connect(host.port, "pi")
    third = await connect(host.port, "PI")
    assert [c.welcome.name for c in (first, second, third)] == ["pi", "pi (2)", "PI (3)"]

    seating = await first.create_table("Friday")
    await second.join(seating.table, seat=1)
    await wait_until(lambda: first.table.seats[1].kind == "person")
    assert [s.name for s in first.table.seats[:2]] == ["pi", "pi (2)"]
    heard = []
    first.subscribe(heard.append)
    await second.chat("hello")
    await wait_until(lambda: any(isinstance(m, Chat) for m in heard))
    assert [m.name for m in heard if isinstance(m, Chat)] == ["pi (2)"]

    for seat in (2, 3):
        await first.add_bot(seat)
    await first.start()
    (kept,) = paths.records_dir(data_dir).glob("*.json")
    seats = json.loads(kept.read_text())["seats"]
    assert [s["name"] for s in seats[:2]] == ["pi", "pi (2)"]
    for client in (first, second, third):
        await client.close()


@pytest_twisted.ensureDeferred
async def test_an_away_person_keeps_the_name_and_gets_it_back_with_the_token(host):
    pi = await connect(host.port, "pi")
    seating = await pi.create_table("Friday")
    token = seating.token
    await pi.close()                    # away: the seat, and its name, stay pi's

    newcomer = await connect(host.port, "pi")
    assert newcomer.welcome.name == "pi (2)"
    back = await connect(host.port, "someone else", token=token)
    assert back.welcome.name == "pi" and back.table.seats[0].name == "pi"
    for client in (newcomer, back):
        await client.close()


@pytest_twisted.ensureDeferred
async def test_a_long_name_is_cut_to_make_room_for_its_number(host):
    long = "x" * 24
    first = await connect(host.port, long)
    second = await connect(host.port, long)
    assert first.welcome.name == long
    assert second.welcome.name == "x" * 20 + " (2)"
    await first.close()
    await second.close()
