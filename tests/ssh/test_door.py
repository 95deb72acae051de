"""The ssh door: a guest with only an ssh client gets the screens of `tichu join`, as a guest
of the host, seen from their own address; and only that."""

from __future__ import annotations

import re

import asyncssh
import pytest

from tests.support.live_host import connect as connect_client
from tichu_lan.ssh.guest_memory import by_key

from .guests import Guest, connect, scenario, settled, until

pytestmark = pytest.mark.timeout(120)


@scenario
async def test_a_guest_gets_the_hosts_tables_by_their_ssh_user_name(door):
    async with await Guest.open(door.port, "anna") as guest:
        text = await guest.wait_for("tables", "no tables")
        assert "test host" in text
        guest.keys("n")
        text = await guest.wait_for("anna's table: waiting for players")
        assert "Seat 1: anna  (you)" in text


@scenario
async def test_the_host_sees_each_guest_from_its_own_address(door):
    anna = await Guest.open(door.port, "anna", source="127.0.0.2")
    bob = await Guest.open(door.port, "bob", source="127.0.0.3")
    try:
        await anna.wait_for("no tables")
        await bob.wait_for("no tables")
        counts = dict(door.host.addresses.counts)
        assert counts == {"127.0.0.2": 1, "127.0.0.3": 1}
        assert "127.0.0.1" not in counts
    finally:
        await anna.close()
        await bob.close()
    await until(lambda: not door.host.addresses.counts)


@scenario
async def test_the_language_comes_with_the_user_name(door):
    async with await Guest.open(door.port, "anna+de") as guest:
        await guest.wait_for("keine Tische")


@scenario
async def test_each_guest_reads_their_own_language_in_one_process(door):
    anna = await Guest.open(door.port, "anna+de")
    bob = await Guest.open(door.port, "bob+pl")
    try:
        await anna.wait_for("keine Tische")
        await bob.wait_for("Host test host")
        anna.keys("n")
        await anna.wait_for("Platz 1: anna  (du)")
        text = await bob.wait_for("anna")
        assert "keine" not in text
    finally:
        await anna.close()
        await bob.close()


@scenario
async def test_the_seat_comes_back_with_the_same_key_and_not_with_the_same_name(door):
    key, other = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))

    anna = await Guest.open(door.port, "anna", key=key)
    await anna.wait_for("no tables")
    anna.keys("n")
    await anna.wait_for("Seat 1: anna  (you)")
    await anna.close()
    remembered = door.memory.get(by_key(key.get_fingerprint("sha256")))
    assert remembered is not None and remembered.token
    async with await Guest.open(door.port, "anna", key=other) as impostor:
        text = await impostor.wait_for("tables")
        assert "waiting for players" not in text
    async with await Guest.open(door.port, "anna", key=key) as back:
        await back.wait_for("Seat 1: anna  (you)")


@scenario
async def test_a_guest_without_a_key_is_given_a_seat_code_that_brings_the_seat_back(door):
    anna = await Guest.open(door.port, "anna")
    await anna.wait_for("no tables")
    anna.keys("n")
    text = await anna.wait_for("Seat 1: anna  (you)", "your seat back")
    user = re.search(rf"ssh -p {door.port} (\S+)@127\.0\.0\.1", text).group(1)
    assert re.fullmatch(r"anna\+[a-z2-9]{6}", user)
    await anna.close()
    async with await Guest.open(door.port, "anna") as stranger:
        assert "waiting for players" not in await stranger.wait_for("tables")
    async with await Guest.open(door.port, user) as back:
        await back.wait_for("Seat 1: anna  (you)")


@scenario
async def test_the_owners_settings_never_reach_a_guest(door, tmp_path, monkeypatch):
    """The owner's config.toml holds the seat token of this very host: a guest must not
    read it (nor write it)."""
    from tichu_lan import settings
    config = tmp_path / "owner"
    config.mkdir()
    monkeypatch.setenv("TICHU_LAN_CONFIG_DIR", str(config))

    def refuse(*args, **kwargs):
        raise AssertionError("an ssh guest touched the owner's settings")
    monkeypatch.setattr(settings, "load", refuse)
    monkeypatch.setattr(settings, "save", refuse)

    owner = await settled(connect_client(door.host.port, "Owner"))
    await settled(owner.create_table("Owner's table", "classic", 1000))
    guest = await Guest.open(door.port, "anna")
    try:
        text = await guest.wait_for("Owner's table")
        assert "waiting for players" not in text
    finally:
        await guest.close()
        await settled(owner.close())
    assert not list(config.iterdir())


@pytest.mark.parametrize("ask", ["exec", "sftp", "no terminal"])
@scenario
async def test_only_the_terminal_game_is_served(door, ask):
    conn = await connect(door.port)
    try:
        if ask == "exec":
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.run("cat /etc/passwd", check=True)
        elif ask == "sftp":
            with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
                await conn.start_sftp_client()
        else:
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.create_process()
    finally:
        conn.close()
        await conn.wait_closed()


@scenario
async def test_port_forwarding_either_way_is_refused(door):
    conn = await connect(door.port)
    try:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.open_connection("127.0.0.1", door.host.port)
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)
    finally:
        conn.close()
        await conn.wait_closed()


@scenario
async def test_agent_and_x11_forwarding_are_refused(door):
    async with await Guest.open(door.port, "anna") as guest:
        chan = guest.process.channel
        assert await chan._make_request(b"auth-agent-req@openssh.com") is False
        assert await chan._make_request(
            b"x11-req", asyncssh.packet.Boolean(False),
            asyncssh.packet.String("MIT-MAGIC-COOKIE-1"), asyncssh.packet.String("00" * 16),
            asyncssh.packet.UInt32(0)) is False
        await guest.wait_for("no tables")        # and the game goes on


@scenario
async def test_the_coach_answers_a_guest_in_the_guests_language(door):
    """The coach thinks in the host's process, off the reactor; its answer comes back in the
    language of the guest who asked, not the process's."""
    async with await Guest.open(door.port, "anna+de") as anna:
        await anna.wait_for("keine Tische")
        anna.keys("n")
        await anna.wait_for("anna  (du)")
        for _seat in range(3):
            anna.keys("Down", "b")
        await anna.wait_for("s Start")
        anna.keys("s")
        await anna.wait_for("DEIN ZUG")
        anna.keys("i")
        await anna.wait_for("Trainer: ")


@scenario
async def test_a_host_that_stops_gives_each_guest_their_terminal_back_with_a_word(door):
    anna = await Guest.open(door.port, "anna")
    await anna.wait_for("no tables")
    await settled(door.close())
    await until(lambda: anna.closed.is_set(), 10)
    tail = anna.said[-400:]
    assert b"\x1b[?1049l" in tail and b"The host has stopped" in tail
    await anna.close()
