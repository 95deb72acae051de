"""Private test networks made of Linux network namespaces, and nothing else.

Anything that multicasts (DNS-SD announcing and browsing) or listens beyond
loopback is run inside namespaces made here: a loopback-only namespace, or a
private test LAN of host namespaces joined by veth pairs to a bridge that
itself lives in a "switch" namespace. No interface, address or route is ever
added to the machine's own namespace, so no packet can reach a real network.

Use it three ways:

* from tests, through the fixtures ``loopback_netns`` and ``private_lan``
  (import them into a ``conftest.py``); they skip with the reason when
  namespaces cannot be made (not root, no ``ip netns``);
* from scripts, with the context managers ``loopback_namespace()`` and
  ``private_lan(hosts)``;
* from a shell, with ``scripts/testnet`` (``python -m tests.support.netns``).

Inside a namespace, run a process with ``ns.popen([...])`` / ``ns.run([...])``
(``ip netns exec``), or run Python code on a fresh thread that has entered the
namespace with ``ns.call(fn)`` / ``ns.run_async(coroutine_factory)``: sockets
made there belong to the namespace for their whole life, while the calling
thread never leaves the machine's namespace.

Clean-up is guaranteed by ``finally``: processes started through a namespace
are terminated (then killed), any other process still inside is killed, and
the namespaces are deleted, which destroys their veth pairs and bridge. Names
carry the creating process id (``tichu<pid>x<hex>-<role>``), so namespaces
left by a run that was killed outright are removed by the next run
(``remove_stale()``) or by ``scripts/testnet --clean``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

try:
    import pytest
except ImportError:  # scripts may run without the test extras
    pytest = None

T = TypeVar("T")

PREFIX = "tichu"
NETNS_DIR = Path("/run/netns")
LAN_SUBNET = "10.77.0"  # host i gets 10.77.0.(i+1)/24, inside the namespaces only
_NAME = re.compile(rf"^{PREFIX}(\d+)x[0-9a-f]+-\w+$")
_CLONE_NEWNET = 0x40000000
_STOP_GRACE = 3.0


class NetnsUnavailable(RuntimeError):
    """Network namespaces cannot be made here (not root, or no ``ip netns``)."""


def _ip(*args: str) -> None:
    """Run one ``ip`` command; a failure says which command and why."""
    done = subprocess.run(["ip", *args], capture_output=True, text=True)
    if done.returncode != 0:
        raise NetnsUnavailable(f"`ip {' '.join(args)}` failed: {done.stderr.strip()}")


_reason_cache: list[str | None] = []


def unavailable_reason() -> str | None:
    """Why namespaces cannot be made here, or None when they can (checked once)."""
    if not _reason_cache:
        _reason_cache.append(_probe())
    return _reason_cache[0]


def _probe() -> str | None:
    if os.geteuid() != 0:
        return "network namespaces need root (run the tests as root, as CI does)"
    if shutil.which("ip") is None:
        return "the `ip` command (iproute2) is not installed"
    name = f"{PREFIX}{os.getpid()}x{secrets.token_hex(3)}-probe"
    try:
        _ip("netns", "add", name)
        _ip("netns", "del", name)
    except NetnsUnavailable as exc:
        return f"`ip netns` does not work here: {exc}"
    return None


def require() -> None:
    """Raise NetnsUnavailable with the reason when namespaces cannot be made."""
    reason = unavailable_reason()
    if reason:
        raise NetnsUnavailable(reason)


_libc = ctypes.CDLL(None, use_errno=True)


def _enter(name: str) -> None:
    """Move the calling thread (only it) into namespace ``name``, and check it did."""
    path = NETNS_DIR / name
    fd = os.open(path, os.O_RDONLY)
    try:
        if _libc.setns(fd, _CLONE_NEWNET) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"setns into {name}: {os.strerror(err)}")
    finally:
        os.close(fd)
    if os.stat("/proc/thread-self/ns/net").st_ino != os.stat(path).st_ino:
        raise NetnsUnavailable(f"this thread did not end up in namespace {name}")


@dataclass
class Namespace:
    """One network namespace; ``address`` is its address on a private LAN, if any."""

    name: str
    address: str | None = None
    processes: list[subprocess.Popen] = field(default_factory=list, repr=False)

    def command(self, argv: Sequence[str]) -> list[str]:
        """``argv`` wrapped to run inside this namespace."""
        return ["ip", "netns", "exec", self.name, *argv]

    def run(self, argv: Sequence[str], **kwargs: Any) -> subprocess.CompletedProcess:
        """Run a command inside and wait for it (keyword arguments as subprocess.run)."""
        return subprocess.run(self.command(argv), **kwargs)

    def popen(self, argv: Sequence[str], **kwargs: Any) -> subprocess.Popen:
        """Start a process inside; it is stopped when the namespace is cleaned up."""
        process = subprocess.Popen(self.command(argv), **kwargs)
        self.processes.append(process)
        return process

    def call(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run ``fn`` on a new thread inside this namespace and return its result."""
        box: dict[str, Any] = {}

        def body() -> None:
            try:
                _enter(self.name)
                box["value"] = fn(*args, **kwargs)
            except BaseException as exc:  # handed to the caller below
                box["error"] = exc

        thread = threading.Thread(target=body, name=f"netns:{self.name}", daemon=True)
        thread.start()
        thread.join()
        if "error" in box:
            raise box["error"]
        return box["value"]

    def run_async(self, factory: Callable[[], Awaitable[T]], timeout: float = 60.0) -> T:
        """Run ``factory()`` on a fresh asyncio loop inside this namespace.

        ``timeout`` bounds the whole coroutine so that a broken test fails
        instead of hanging."""
        async def bounded() -> T:
            return await asyncio.wait_for(factory(), timeout)

        def body() -> T:
            loop = asyncio.new_event_loop()
            try:
                return loop.run_until_complete(bounded())
            finally:
                loop.run_until_complete(loop.shutdown_asyncgens())
                loop.close()

        return self.call(body)

    def stop_processes(self) -> None:
        """Terminate what ``popen`` started, kill it after a grace period, then
        kill anything else still running inside (it was started from here too)."""
        for process in self.processes:
            if process.poll() is None:
                process.terminate()
        deadline = time.monotonic() + _STOP_GRACE
        for process in self.processes:
            try:
                process.wait(max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        listed = subprocess.run(["ip", "netns", "pids", self.name], capture_output=True, text=True)
        for pid in listed.stdout.split():
            with contextlib.suppress(ProcessLookupError, ValueError):
                os.kill(int(pid), signal.SIGKILL)


class _Namespaces:
    """Names for one run, and the clean-up of every namespace made under them."""

    def __init__(self) -> None:
        self.token = f"{PREFIX}{os.getpid()}x{secrets.token_hex(3)}"
        self.made: list[Namespace] = []

    def add(self, role: str, address: str | None = None) -> Namespace:
        namespace = Namespace(f"{self.token}-{role}", address)
        _ip("netns", "add", namespace.name)
        self.made.append(namespace)
        return namespace

    def remove_all(self) -> None:
        for namespace in self.made:
            namespace.stop_processes()
        for namespace in reversed(self.made):
            subprocess.run(["ip", "netns", "del", namespace.name], capture_output=True)
        self.made.clear()


def _loopback_multicast(namespace: Namespace) -> None:
    _ip("-n", namespace.name, "link", "set", "lo", "up")
    _ip("-n", namespace.name, "link", "set", "lo", "multicast", "on")
    _ip("-n", namespace.name, "route", "add", "224.0.0.0/4", "dev", "lo")


@contextlib.contextmanager
def loopback_namespace() -> Iterator[Namespace]:
    """A namespace with only ``lo``, up and able to multicast to itself."""
    require()
    remove_stale()
    namespaces = _Namespaces()
    try:
        namespace = namespaces.add("lo")
        _loopback_multicast(namespace)
        yield namespace
    finally:
        namespaces.remove_all()


@dataclass
class Lan:
    """A private test LAN: ``hosts[i]`` has address 10.77.0.(i+1) on its ``eth0``."""

    hosts: list[Namespace]
    switch: Namespace

    def stop_processes(self) -> None:
        for host in self.hosts:
            host.stop_processes()


def _wire_host(switch: Namespace, host: Namespace, port: str) -> None:
    _ip("-n", switch.name, "link", "add", port, "type", "veth",
        "peer", "name", "eth0", "netns", host.name)
    _ip("-n", switch.name, "link", "set", port, "master", "br0", "up")
    # no IPv6 chatter (router solicitations, address probing) on the test LAN
    host.run(["sysctl", "-qw", "net.ipv6.conf.all.disable_ipv6=1"], check=True)
    _ip("-n", host.name, "link", "set", "lo", "up")
    _ip("-n", host.name, "addr", "add", f"{host.address}/24", "dev", "eth0")
    _ip("-n", host.name, "link", "set", "eth0", "up")
    _ip("-n", host.name, "route", "add", "224.0.0.0/4", "dev", "eth0")


@contextlib.contextmanager
def private_lan(hosts: int = 3) -> Iterator[Lan]:
    """``hosts`` namespaces on one bridge (in its own namespace), multicast on."""
    if not 1 <= hosts <= 200:
        raise ValueError(f"a test LAN has 1 to 200 hosts, not {hosts}")
    require()
    remove_stale()
    namespaces = _Namespaces()
    try:
        switch = namespaces.add("sw")
        _ip("-n", switch.name, "link", "add", "br0", "type", "bridge",
            "mcast_snooping", "0", "forward_delay", "0")
        _ip("-n", switch.name, "link", "set", "br0", "up")
        members = []
        for index in range(hosts):
            host = namespaces.add(f"h{index + 1}", f"{LAN_SUBNET}.{index + 1}")
            _wire_host(switch, host, f"p{index + 1}")
            members.append(host)
        yield Lan(members, switch)
    finally:
        namespaces.remove_all()


def ours() -> list[str]:
    """Names of every namespace this helper made that still exists."""
    listed = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True)
    names = (line.split()[0] for line in listed.stdout.splitlines() if line.strip())
    return [name for name in names if _NAME.match(name)]


def remove_stale() -> list[str]:
    """Delete namespaces left by runs whose process is gone; return their names."""
    removed = []
    for name in ours():
        pid = int(_NAME.match(name).group(1))
        if pid != os.getpid() and not Path(f"/proc/{pid}").exists():
            Namespace(name).stop_processes()
            subprocess.run(["ip", "netns", "del", name], capture_output=True)
            removed.append(name)
    return removed


if pytest is not None:

    @pytest.fixture
    def loopback_netns() -> Iterator[Namespace]:
        """A loopback-only namespace with multicast; skipped where none can be made."""
        reason = unavailable_reason()
        if reason:
            pytest.skip(reason)
        with loopback_namespace() as namespace:
            yield namespace

    @pytest.fixture
    def private_lan_factory() -> Iterator[Callable[[int], Lan]]:
        """Call with a host count to get a private test LAN; all are removed afterwards."""
        reason = unavailable_reason()
        if reason:
            pytest.skip(reason)
        with contextlib.ExitStack() as stack:
            yield lambda hosts=3: stack.enter_context(private_lan(hosts))


# ---- scripts/testnet ------------------------------------------------------------------

def _pump(label: str, stream: Any) -> None:
    for line in iter(stream.readline, ""):
        sys.stdout.write(f"[{label}] {line}")
        sys.stdout.flush()


def _run_on_lan(hosts: int, commands: Sequence[str]) -> int:
    with private_lan(max(hosts, len(commands))) as lan:
        for host in lan.hosts:
            print(f"[{host.name}] {host.address}  (ip netns exec {host.name} ...)", flush=True)
        pumps = []
        for host, command in zip(lan.hosts, commands, strict=False):  # spare hosts idle
            env = dict(os.environ, TESTNET_ADDRESS=host.address or "", TESTNET_NETNS=host.name)
            process = host.popen(["sh", "-c", command], env=env, text=True,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            pump = threading.Thread(target=_pump, args=(host.address, process.stdout), daemon=True)
            pump.start()
            pumps.append((process, pump))
        if not commands:
            print("test LAN is up; press Ctrl-C to remove it", flush=True)
            threading.Event().wait()
        codes = [process.wait() for process, _ in pumps]
        for _, pump in pumps:
            pump.join()
        return next((code for code in codes if code), 0)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="scripts/testnet",
        description="Run each COMMAND (a shell command) as a host on a private test LAN of "
                    "network namespaces (host i is 10.77.0.i, in $TESTNET_ADDRESS), print "
                    "their output prefixed with the host's address, and remove the LAN when "
                    "they have all exited or on Ctrl-C. Needs root.")
    parser.add_argument("commands", nargs="*", metavar="COMMAND")
    parser.add_argument("--hosts", type=int, default=0,
                        help="how many hosts (at least one per COMMAND); with no COMMAND the "
                             "LAN stays up until Ctrl-C")
    parser.add_argument("--clean", action="store_true",
                        help="only remove namespaces left behind by killed runs")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        require()
        if args.clean:
            removed = remove_stale()
            print("\n".join(removed) if removed else "nothing to remove")
            return 0
        if not args.commands and args.hosts < 1:
            parser.error("give at least one COMMAND, or --hosts N to keep an idle LAN up")
        return _run_on_lan(args.hosts, args.commands)
    except NetnsUnavailable as exc:
        print(f"testnet: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
