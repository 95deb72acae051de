"""Malformed and hostile announcements of our service type do not crash the browser.

The hostile records are hand-made packets sent from inside a loopback-only
namespace, so they can break every rule a well-behaved responder keeps.
"""

from __future__ import annotations

import asyncio
import socket

from zeroconf import DNSAddress, DNSOutgoing, DNSPointer, DNSService, DNSText
from zeroconf.asyncio import AsyncZeroconf
from zeroconf.const import (_CLASS_IN, _CLASS_IN_UNIQUE, _FLAGS_AA, _FLAGS_QR_RESPONSE, _TYPE_A,
                            _TYPE_PTR, _TYPE_SRV, _TYPE_TXT)

from tichu_lan.discovery import (ADDED, PROTOCOL_VERSION, SERVICE_TYPE, UPDATED, Announcer,
                                 Browser, HostSummary)
from tichu_lan.discovery.browser import MAX_HOSTS
from tichu_lan.discovery.txt import encode

from .test_loopback import Seen, _until


def txt(properties: dict[str, str]) -> bytes:
    """Well-formed TXT bytes for these properties."""
    items = [f"{key}={value}".encode() for key, value in properties.items()]
    return b"".join(bytes([len(item)]) + item for item in items)


GOOD = encode("x", HostSummary(1, 1, ("classic",)))

HOSTILE = {
    # instance label: TXT record bytes
    "lengths": b"\xff\x05proto\x01",                              # length runs past the end
    "empty": b"",
    "nul": b"\x00\x00\x00",
    "future": txt({**GOOD, "proto": str(PROTOCOL_VERSION + 1), "version": "7.0"}),
    "huge": txt({**GOOD, "tables": "9" * 200}),
    "latin1": txt({**GOOD}).replace(b"host=x", b"host=\xe9"),
    "escape": txt({**GOOD, "host": "\x1b[2J\x1b[31mEvil\x07"}),
    "twice": txt({"tables": "5"}) + txt(GOOD),                    # a key given twice
    "junk": bytes(range(256)) * 4,
}


def announce_raw(zc: AsyncZeroconf, label: str, text: bytes, *, address: bool = True) -> None:
    """Send one unsolicited answer packet the way a hostile responder might."""
    name = f"{label}.{SERVICE_TYPE}"
    target = f"hostile-{abs(hash(label)) % 10_000}.local."
    out = DNSOutgoing(_FLAGS_QR_RESPONSE | _FLAGS_AA)
    out.add_answer_at_time(DNSPointer(SERVICE_TYPE, _TYPE_PTR, _CLASS_IN, 4500, name), 0)
    service = DNSService(name, _TYPE_SRV, _CLASS_IN_UNIQUE, 120, 0, 0, 4800, target)
    out.add_answer_at_time(service, 0)
    out.add_answer_at_time(DNSText(name, _TYPE_TXT, _CLASS_IN_UNIQUE, 4500, text), 0)
    if address:
        out.add_answer_at_time(DNSAddress(target, _TYPE_A, _CLASS_IN_UNIQUE, 120,
                                          socket.inet_aton("127.0.0.1")), 0)
    zc.zeroconf.async_send(out)


def test_hostile_announcements_are_listed_with_a_reason_and_do_not_crash(loopback_netns):
    async def scenario():
        seen = Seen()
        async with Browser(on_change=seen) as browser:
            hostile = AsyncZeroconf(interfaces=["127.0.0.1"])
            try:
                await hostile.zeroconf.async_wait_for_start()
                garbage = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
                for packet in (b"", b"\x00" * 11, b"\xff" * 1500, bytes(range(256))):
                    garbage.sendto(packet, ("224.0.0.251", 5353))
                garbage.close()
                for label, text in HOSTILE.items():
                    announce_raw(hostile, label, text)
                announce_raw(hostile, "\x1b]0;title\x07Evil", txt(GOOD))
                announce_raw(hostile, "nowhere", txt(GOOD), address=False)
                await asyncio.wait_for(_until(lambda: len(browser.hosts()) == len(HOSTILE) + 2), 10)
                async with Announcer("Alice", 4711, HostSummary(1, 3, ("duel",))):
                    alice = await seen.wait(ADDED, "Alice")
                    return {host.name: host for host in browser.hosts()}, alice
            finally:
                await hostile.async_close()

    listed, alice = loopback_netns.run_async(scenario)
    assert alice.compatible and alice.summary == HostSummary(1, 3, ("duel",))
    assert listed["Alice"] == alice
    for name, host in listed.items():
        assert name.isprintable() and host.host_name.isprintable()
        assert (host.problem is None) == (name in ("Alice", "twice", "escape")), name
    assert "protocol 2 (tichu-lan 7.0)" in listed["future"].problem
    assert "tables=" in listed["huge"].problem
    assert "not UTF-8" in listed["latin1"].problem
    assert "no proto=" in listed["empty"].problem
    assert listed["escape"].host_name == "[2J[31mEvil"
    assert "DNS-SD rules" in listed["]0;titleEvil"].problem
    assert "address and port" in listed["nowhere"].problem
    assert listed["twice"].summary.tables == 5  # the first of two values counts (RFC 6763 6.4)


async def fill(flood, browser, prefix, count, address):
    """``count`` announcements named ``prefix N``, until the browser's list is full."""
    await flood.zeroconf.async_wait_for_start()
    for number in range(count):
        announce_raw(flood, f"{prefix} {number}", txt(GOOD), address=address)
        if number % 50 == 0:
            await asyncio.sleep(0.05)  # let the browser read its socket
    await asyncio.wait_for(_until(lambda: len(browser.hosts()) == MAX_HOSTS), 20)


def test_a_flood_of_announcements_is_bounded(loopback_netns):
    changed = encode("x", HostSummary(2, 1, ("classic",)))

    async def scenario():
        seen = Seen()
        async with Browser(on_change=seen) as browser:
            flood = AsyncZeroconf(interfaces=["127.0.0.1"])
            try:
                await fill(flood, browser, "flood", MAX_HOSTS + 44, address=True)
                # A listed host's change, sent after the whole flood: once the browser has
                # read it and has no lookup left, no announcement of the flood is still to come.
                announce_raw(flood, "flood 0", txt(changed))
                await seen.wait(UPDATED, "flood 0", lambda host: host.summary.tables == 2)
                await asyncio.wait_for(_until(lambda: not browser._resolving), 10)
                return len(browser.hosts())
            finally:
                await flood.async_close()

    assert loopback_netns.run_async(scenario) == MAX_HOSTS


def test_a_real_game_gets_in_past_a_full_list_of_names_that_lead_nowhere(loopback_netns):
    """800 announcements of names with no address filled the browser's slots and kept real
    games out of the list; those that never answered make room for one that does."""
    async def scenario():
        seen = Seen()
        async with Browser(on_change=seen) as browser:
            flood = AsyncZeroconf(interfaces=["127.0.0.1"])
            try:
                await fill(flood, browser, "nowhere", MAX_HOSTS + 20, address=False)
                async with Announcer("Alice", 4711, HostSummary(1, 3, ("duel",))):
                    alice = await seen.wait(ADDED, "Alice")
                    return browser.hosts(), alice
            finally:
                await flood.async_close()

    hosts, alice = loopback_netns.run_async(scenario)
    assert len(hosts) <= MAX_HOSTS and hosts[0] == alice
