"""The door's limits: connections per address and in all, logins under way, and the clocks
(login, a terminal asked for, typing, reading what the door sends)."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest

from .guests import Guest, connect, scenario, settled, until

pytestmark = pytest.mark.timeout(120)


async def refused(port: int, source: str) -> bool:
    """Whether a new connection from ``source`` is closed before it can log in."""
    try:
        conn = await connect(port, source=source, login_timeout=10)
    except (asyncssh.Error, OSError):
        return True
    conn.close()
    await conn.wait_closed()
    return False


@scenario
async def test_connections_per_address_and_in_all_are_held_to_their_limits(doors):
    door = doors(per_address=2, connections=3)
    await settled(door.serving)
    guests = [await Guest.open(door.port, f"p{i}", source=source)
              for i, source in enumerate(("127.0.0.2", "127.0.0.2", "127.0.0.3"))]
    try:
        for guest in guests:
            await guest.wait_for("tables")
        assert await refused(door.port, "127.0.0.2")          # its address has two
        assert await refused(door.port, "127.0.0.4")          # the door has three
        await guests[0].close()
        await until(lambda: door.admission.open["127.0.0.2"] == 1)
        late = await Guest.open(door.port, "late", source="127.0.0.4")
        await late.wait_for("tables")
        guests.append(late)
    finally:
        for guest in guests:
            await guest.close()


@scenario
async def test_logins_under_way_are_few_at_once_and_timed(doors):
    door = doors(logging_in_per_address=1, logging_in=2, login_timeout=1.0)
    await settled(door.serving)
    silent = [await asyncio.open_connection("127.0.0.1", door.port, local_addr=(source, 0))
              for source in ("127.0.0.5", "127.0.0.6")]
    try:
        reader, _writer = await asyncio.open_connection("127.0.0.1", door.port,
                                                        local_addr=("127.0.0.5", 0))
        assert await asyncio.wait_for(reader.read(), 5) == b""     # its address has one
        for reader, _writer in silent:                             # the login clock
            assert (await asyncio.wait_for(reader.read(), 10)).startswith(b"SSH-2.0-")
        guest = await Guest.open(door.port, "anna", source="127.0.0.5")
        await guest.wait_for("no tables")
        await guest.close()
    finally:
        for _reader, writer in silent:
            writer.close()


@scenario
async def test_a_login_that_asks_for_no_terminal_is_let_go(doors, logged):
    door = doors(start_timeout=0.5)
    await settled(door.serving)
    conn = await connect(door.port)
    await asyncio.wait_for(conn.wait_closed(), 10)
    assert any("opened no terminal" in line for line in logged)


@scenario
async def test_a_guest_who_types_nothing_is_let_go_and_keeps_the_seat(doors):
    door = doors(idle=1.5)
    await settled(door.serving)
    guest = await Guest.open(door.port, "anna+de")      # and is told so in their language
    await guest.wait_for("keine Tische")
    guest.keys("n")
    await guest.wait_for("Platz 1: anna  (du)")
    await asyncio.wait_for(guest.closed.wait(), 15)
    assert "nichts getippt" in guest.said.decode()
    (table,) = door.host.lobby.tables.values()
    assert table.seats[0].name == "anna" and table.seats[0].token      # still hers


class Unread(asyncssh.SSHClientSession):
    """A terminal that never reads what it is sent (its window is never opened again)."""

    def connection_made(self, chan) -> None:
        chan.pause_reading()


@scenario
async def test_a_guest_who_reads_nothing_is_let_go(doors, logged):
    door = doors(output=16 * 1024, stall=1.0)
    await settled(door.serving)
    conn = await connect(door.port)
    chan, _session = await conn.create_session(Unread, term_type="xterm", term_size=(80, 24),
                                               encoding=None, window=2048)
    try:
        for i in range(400):          # redraws the guest never reads
            if conn.is_closed():
                break
            chan.change_terminal_size(80 + i % 60, 24 + i % 30)
            await asyncio.sleep(0.01)
        await asyncio.wait_for(conn.wait_closed(), 20)
    finally:
        conn.close()
    assert any("has read nothing" in line or "unread" in line for line in logged)


@scenario
async def test_logins_begun_are_few_a_second_per_address_and_in_all(doors):
    door = doors(address_logins=0.2, address_logins_burst=2, logins=0.2, logins_burst=3)
    await settled(door.serving)
    for _ in range(2):
        assert not await refused(door.port, "127.0.0.2")
    assert await refused(door.port, "127.0.0.2")              # its address's two are spent
    assert not await refused(door.port, "127.0.0.3")          # the door's third
    assert await refused(door.port, "127.0.0.4")              # the door's are spent too
