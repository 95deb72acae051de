"""Announce, browse, resolve, update and goodbye, inside a loopback-only namespace.

Each scenario runs on a fresh asyncio loop on a thread that has entered the
namespace (``ns.run_async``), so every multicast socket lives there.
"""

from __future__ import annotations

import asyncio

from zeroconf import DNSText, RecordUpdate, RecordUpdateListener, Zeroconf

from tichu_lan import __version__
from tichu_lan.discovery import (ADDED, PROTOCOL_VERSION, REMOVED, SERVICE_TYPE, UPDATED,
                                 Announcer, Browser, FoundHost, HostSummary)
from tichu_lan.discovery.announcer import MIN_UPDATE_INTERVAL
from tichu_lan.discovery.net import open_zeroconf
from tichu_lan.discovery.txt import decode

SUMMARY = HostSummary(tables=2, open_seats=3, rule_sets=("classic", "duel"))


class Seen:
    """Collects a browser's events and lets a scenario wait for one."""

    def __init__(self) -> None:
        self.events: list[tuple[str, FoundHost]] = []
        self._changed = asyncio.Event()

    def __call__(self, event: str, host: FoundHost) -> None:
        self.events.append((event, host))
        self._changed.set()

    async def wait(self, event: str, name: str, check=lambda host: True,
                   timeout: float = 10.0) -> FoundHost:
        """The first ``event`` for ``name`` whose host passes ``check`` (timeout: a broken
        run fails instead of hanging; nothing here measures time)."""
        async def look() -> FoundHost:
            while True:
                for got, host in self.events:
                    if got == event and host.name == name and check(host):
                        return host
                self._changed.clear()
                await self._changed.wait()
        return await asyncio.wait_for(look(), timeout)

    def of(self, name: str) -> list[str]:
        return [event for event, host in self.events if host.name == name]


def test_a_host_is_found_with_address_port_and_summary(loopback_netns):
    async def scenario():
        seen = Seen()
        async with (Browser(on_change=seen) as browser,
                    Announcer("Alice", 4711, SUMMARY) as announcer):
            host = await seen.wait(ADDED, "Alice")
            return host, announcer.instance_name, browser.hosts()

    host, instance, listed = loopback_netns.run_async(scenario)
    assert instance == "Alice"
    assert listed == [host]
    assert host.compatible and host.problem is None
    assert (host.host_name, host.address, host.port) == ("Alice", "127.0.0.1", 4711)
    assert (host.protocol, host.version) == (PROTOCOL_VERSION, __version__)
    assert host.summary == SUMMARY


class HeardSummaries(RecordUpdateListener):
    """Each lobby summary a multicast DNS endpoint hears for one instance, in order, with
    the loop time it was first heard: the announcements as they reach a browser, before
    zeroconf's browser or ours can merge any."""

    def __init__(self, instance: str) -> None:
        super().__init__()
        self._name = f"{instance}.{SERVICE_TYPE}".lower()
        self.first_heard: dict[HostSummary, float] = {}
        self.heard: list[HostSummary] = []        # every time, repeats too

    def async_update_records(self, zc: Zeroconf, now: float, records: list[RecordUpdate]) -> None:
        heard_at = asyncio.get_running_loop().time()
        for update in records:
            record = update.new
            if (isinstance(record, DNSText) and record.name.lower() == self._name
                    and not record.is_expired(now)):
                summary = decode(_properties(record.text)).summary
                if summary is not None:
                    self.first_heard.setdefault(summary, heard_at)
                    self.heard.append(summary)


def _properties(text: bytes) -> dict[bytes, bytes | None]:
    """The key=value strings of TXT record data (RFC 6763 section 6)."""
    properties: dict[bytes, bytes | None] = {}
    at = 0
    while at < len(text):
        item, at = text[at + 1: at + 1 + text[at]], at + 1 + text[at]
        key, equals, value = item.partition(b"=")
        properties[key] = value if equals else None
    return properties


BURST = [HostSummary(3, open_seats, ("classic",)) for open_seats in range(10, 20)]
LAST = HostSummary(4, 1, ("duel",))     # announced after the burst, once it has been heard


def test_seat_changes_are_re_announced_and_quick_changes_coalesce(loopback_netns):
    """The announcer's promise (Announcer.update): at most one re-announcement per
    MIN_UPDATE_INTERVAL, always ending with the latest summary. Ten changes come within
    half an interval, each after the loop has had time to announce the one before."""
    async def scenario():
        seen, heard = Seen(), HeardSummaries("Alice")
        listener = open_zeroconf(None)
        listener.zeroconf.async_add_listener(heard, None)
        try:
            async with (Browser(on_change=seen) as browser,
                        Announcer("Alice", 4711, SUMMARY) as announcer):
                await seen.wait(ADDED, "Alice")
                announcer.update(HostSummary(2, 2, ("classic", "duel")))
                await seen.wait(UPDATED, "Alice", lambda h: h.summary.open_seats == 2)
                loop = asyncio.get_running_loop()
                burst_began = loop.time()
                for summary in BURST:
                    announcer.update(summary)
                    await asyncio.sleep(MIN_UPDATE_INTERVAL / (2 * len(BURST)))
                last = await seen.wait(UPDATED, "Alice", lambda h: h.summary == BURST[-1])
                listed = browser.hosts()
                # Anything of the burst still to come was sent before LAST, and is heard first.
                announcer.update(LAST)
                await asyncio.wait_for(_until(lambda: LAST in heard.first_heard), 10)
                latest = heard.heard.index(BURST[-1])
                return (last, seen.of("Alice"), listed, burst_began,
                        {s: t for s, t in heard.first_heard.items() if s in BURST},
                        set(heard.heard[latest:]))
        finally:
            await listener.async_close()

    last, events, listed, burst_began, announced, since = loopback_netns.run_async(scenario)
    assert last.summary == BURST[-1] == HostSummary(3, 19, ("classic",))
    assert listed == [last]
    assert events[0] == ADDED and events.count(UPDATED) >= 2
    in_order = list(announced)  # as first heard, up to LAST
    assert in_order[-1] == BURST[-1]  # the latest summary is announced, and last
    assert in_order == sorted(in_order, key=BURST.index)  # never an older one after a newer
    assert since == {BURST[-1], LAST}  # nor once the latest was heard
    # n announcements at least MIN_UPDATE_INTERVAL apart, the first after the burst began,
    # take (n - 1) intervals: so n is at most 1 + (time until the last was heard) / interval
    took = announced[BURST[-1]] - burst_began
    allowed = 1 + int(took / MIN_UPDATE_INTERVAL)
    assert len(announced) <= allowed, (
        f"{len(announced)} of {len(BURST)} quick changes were announced in {took:.3f} s: "
        f"at most {allowed} may be, one per {MIN_UPDATE_INTERVAL} s")


def test_a_stopped_host_says_goodbye_and_leaves_the_listing(loopback_netns):
    async def scenario():
        seen = Seen()
        async with Browser(on_change=seen) as browser:
            announcer = Announcer("Alice", 4711, SUMMARY)
            await announcer.start()
            await seen.wait(ADDED, "Alice")
            await announcer.stop()
            gone = await seen.wait(REMOVED, "Alice")
            return gone, browser.hosts()

    gone, listed = loopback_netns.run_async(scenario)
    assert gone.port == 4711
    assert listed == []


def test_an_update_before_start_is_announced_at_start(loopback_netns):
    async def scenario():
        seen = Seen()
        async with Browser(on_change=seen):
            announcer = Announcer("Alice", 4711, SUMMARY)
            announcer.update(HostSummary(1, 0, ("duel",)))
            async with announcer:
                return await seen.wait(ADDED, "Alice")

    assert loopback_netns.run_async(scenario).summary == HostSummary(1, 0, ("duel",))


def test_a_second_host_with_a_taken_name_takes_the_next_number(loopback_netns):
    async def scenario():
        seen = Seen()
        async with (Browser(on_change=seen) as browser,
                    Announcer("Alice", 4711, SUMMARY) as first):
            await seen.wait(ADDED, "Alice")
            async with Announcer("alice", 4712, SUMMARY) as second:
                await seen.wait(ADDED, "alice (2)")
                return first.instance_name, second.instance_name, browser.hosts()

    first, second, listed = loopback_netns.run_async(scenario)
    assert (first, second) == ("Alice", "alice (2)")
    assert [(h.name, h.host_name, h.port) for h in listed] == [
        ("Alice", "Alice", 4711), ("alice (2)", "alice", 4712)]


def test_two_hosts_starting_together_with_one_name_both_stay_listed(loopback_netns):
    async def scenario():
        seen = Seen()
        async with Browser(on_change=seen) as browser:
            hosts = [Announcer("Alice", port, SUMMARY) for port in (4711, 4712)]
            names = await asyncio.gather(*(host.start() for host in hosts))
            # both announced "Alice" at once; one of them renames itself
            await asyncio.wait_for(_until(lambda: {h.instance_name for h in hosts} ==
                                          {"Alice", "Alice (2)"}), 10)
            ports = {h.instance_name: h.port for h in hosts}
            for name in ports:
                await seen.wait(ADDED, name)
            await asyncio.wait_for(_until(lambda: {(h.name, h.port) for h in browser.hosts()}
                                          == set(ports.items())), 10)
            listed = browser.hosts()
            for host in hosts:
                await host.stop()
            return names, ports, listed

    names, ports, listed = loopback_netns.run_async(scenario)
    assert names == ["Alice", "Alice"]
    assert {(h.name, h.port) for h in listed} == set(ports.items())
    assert all(h.compatible and h.host_name == "Alice" for h in listed)


async def _until(condition) -> None:
    while not condition():
        await asyncio.sleep(0.02)


def test_a_failing_listener_does_not_stop_the_browser(loopback_netns):
    def explode(event: str, host: FoundHost) -> None:
        raise RuntimeError("listener bug")

    async def scenario():
        async with Browser(on_change=explode) as browser, Announcer("Alice", 4711, SUMMARY):
            await asyncio.wait_for(_until(lambda: browser.hosts()), 10)
            return browser.hosts()

    assert [h.name for h in loopback_netns.run_async(scenario)] == ["Alice"]
