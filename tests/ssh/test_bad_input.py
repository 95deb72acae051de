"""What a careless or hostile ssh client gets: a clear word or a closed session; never a host
error, and never anything another guest notices."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest
from twisted.internet.utils import getProcessOutputAndValue

from .guests import Guest, scenario, settled, until

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def failures(logged):
    """What the program logs as a failure (a traceback) while the test runs: nothing."""
    return logged.failures


async def bystander(door) -> Guest:
    """Another guest, at the tables page, who must notice nothing."""
    guest = await Guest.open(door.port, "bea", source="127.0.0.9")
    await guest.wait_for("no tables")
    return guest


async def still_fine(guest: Guest) -> None:
    guest.keys("n")
    await guest.wait_for("bea's table: waiting for players")


@scenario
async def test_a_malformed_handshake_is_closed(door, failures):
    bea = await bystander(door)
    try:
        for garbage in (b"GET / HTTP/1.0\r\n\r\n", b"SSH-2.0-x\r\n" + bytes(range(256)) * 4,
                        b"\x00" * 70000):
            reader, writer = await asyncio.open_connection("127.0.0.1", door.port)
            writer.write(garbage)
            await asyncio.wait_for(reader.read(), 15)       # the door hangs up
            writer.close()
        await still_fine(bea)
    finally:
        await bea.close()
    assert not failures


class OddKey(asyncssh.SSHKey):
    """A key of a type nobody knows, as a newer or broken client might offer."""

    algorithm = b"ssh-unknown@example.com"
    sig_algorithms = (b"ssh-unknown@example.com",)
    all_sig_algorithms = set(sig_algorithms)
    x509_algorithms = ()

    @property
    def public_data(self) -> bytes:
        return asyncssh.packet.String(self.algorithm) + b"\x00" * 40

    def sign_ssh(self, data: bytes, sig_algorithm: bytes) -> bytes:
        return b"\x00" * 64


@scenario
async def test_an_unknown_key_type_is_passed_over_for_the_next_way_in(door, failures):
    bea = await bystander(door)
    try:
        async with await Guest.open(door.port, "anna", key=OddKey()) as guest:
            await guest.wait_for("no tables")      # keyboard-interactive let it in
        await still_fine(bea)
    finally:
        await bea.close()
    assert not failures


@scenario
async def test_a_one_by_one_window_is_told_the_size_it_needs_and_the_game_comes_back(door,
                                                                                      failures):
    async with await Guest.open(door.port, "anna", columns=1, rows=1) as guest:
        await until(lambda: b"\x1b[?1049h" in guest.said, 15, lambda: repr(guest.said))
        await asyncio.sleep(0.5)
        guest.resize(60, 20)
        await guest.wait_for("This window is 60x20", "at least 80x24")
        guest.resize(80, 24)
        await guest.wait_for("no tables")
    assert not failures


async def storm(door, flood, answers: bool = True) -> None:
    """``flood(guest)`` from one guest at the tables page; another, who must notice nothing,
    opens a table meanwhile; the flooding guest stays, and its screen still answers at once
    afterwards (``answers``; a flood of more bytes than a connection may send is read
    slowly, and what the guest typed after it waits its turn)."""
    async with await bystander(door) as bea, \
            await Guest.open(door.port, "anna", source="127.0.0.2") as guest:
        await guest.wait_for("no tables")
        await flood(guest)
        await still_fine(bea)
        assert not guest.closed.is_set()
        if answers:
            guest.keys("d")
            await guest.wait_for("anna's table: waiting for players")


@scenario
async def test_a_resize_storm_is_redrawn_a_few_times_and_nobody_else_waits(door, failures):
    async def resizes(guest: Guest) -> None:
        for i in range(2000):
            guest.resize(80 + i % 40, 24 + i % 10)
        guest.resize(80, 24)
    await storm(door, resizes, answers=False)
    assert not failures


@scenario
async def test_a_name_the_host_refuses_gets_a_page_that_asks_for_another(door, failures):
    async with await Guest.open(door.port, "A" * 30) as guest:
        await guest.wait_for("does not take 'AAAAA", "at most 24 characters")
        guest.keys(*"Anna", "Enter")
        await guest.wait_for("no tables")
        guest.keys("n")
        await guest.wait_for("Anna's table: waiting for players")
    assert not failures


@scenario
async def test_binary_garbage_as_the_user_name_closes_that_login_with_the_reason(door,
                                                                                tmp_path,
                                                                                failures):
    """OpenSSH sends the user name's bytes as they are typed; one that is not UTF-8 text (or
    holds control characters) ends the login with the reason, and nobody else notices."""
    bea = await bystander(door)
    try:
        for garbage in (b"\xff\xfe\x80anna\xc0", b"\x1b[2J\x07anna"):
            out, err, status = await settled(getProcessOutputAndValue(
                b"ssh", [b"-T", b"-p", str(door.port).encode(), b"-o",
                         b"StrictHostKeyChecking=no", b"-o",
                         f"UserKnownHostsFile={tmp_path / 'known'}".encode(), b"-o",
                         b"PubkeyAuthentication=no", b"-o", b"ConnectTimeout=20", b"-l",
                         garbage, b"127.0.0.1"], env={}))
            assert status == 255
            assert b"Received disconnect" in err, err
            assert (b"utf-8" in err) if garbage[0] == 0xff else (b"Prohibited" in err), err
        await still_fine(bea)
    finally:
        await bea.close()
    assert not failures


@scenario
async def test_a_flood_of_keys_is_slowed_and_the_screen_still_answers(door, failures):
    async def keys(guest: Guest) -> None:
        for _ in range(50):
            guest.keys("?" + "\x1b" * 3 + "x" * 40)
            await asyncio.sleep(0.01)
        await asyncio.sleep(1.0)          # what got through has been typed
        guest.keys("\x1b", "\x1b")          # (the keys page it opened, closed)
    await storm(door, keys)
    assert not failures
