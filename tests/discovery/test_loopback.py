"""Announce, browse, resolve, update and goodbye, inside a loopback-only namespace.

Each scenario runs on a fresh asyncio loop on a thread that has entered the
namespace (``ns.run_async``), so every multicast socket lives there.
"""

from __future__ import annotations

import asyncio

from tichu_lan import __version__
from tichu_lan.discovery import (ADDED, PROTOCOL_VERSION, REMOVED, UPDATED, Announcer, Browser,
                                 FoundHost, HostSummary)

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


def test_seat_changes_are_re_announced_and_quick_changes_coalesce(loopback_netns):
    async def scenario():
        seen = Seen()
        async with (Browser(on_change=seen) as browser,
                    Announcer("Alice", 4711, SUMMARY) as announcer):
            await seen.wait(ADDED, "Alice")
            announcer.update(HostSummary(2, 2, ("classic", "duel")))
            await seen.wait(UPDATED, "Alice", lambda h: h.summary.open_seats == 2)
            for open_seats in range(10, 20):  # ten changes in one go
                announcer.update(HostSummary(3, open_seats, ("classic",)))
            last = await seen.wait(UPDATED, "Alice", lambda h: h.summary.open_seats == 19)
            await asyncio.sleep(0.5)  # let any stray re-announcement arrive
            return last, seen.of("Alice"), browser.hosts()

    last, events, listed = loopback_netns.run_async(scenario)
    assert last.summary == HostSummary(3, 19, ("classic",))
    assert listed == [last]
    assert events[0] == ADDED and 2 <= events.count(UPDATED) < 11


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
