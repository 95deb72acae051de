"""List the tichu games announced on the local network, then exit.

Hosts that this program cannot join (another protocol version, a malformed
announcement) are listed too, marked with the reason. With --watch, print
each change as it happens until the timeout or Ctrl-C.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import signal
import sys
from typing import Any

from ..discovery import DiscoveryError, FoundHost, browse
from ..i18n import N_, _, ngettext
from ..tui.text import fill_to, get_cwidth
from .discovery_args import address_argument

NAME = "find"
HELP = N_("list the games on the local network")
ORDER = 40

DEFAULT_TIMEOUT = 2.0
MAX_TIMEOUT = 3600.0


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (0 < value <= MAX_TIMEOUT):
        raise argparse.ArgumentTypeError(
            _("{text!r} is not a number of seconds above 0 and at most {most:g}").format(
                text=text, most=MAX_TIMEOUT))
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--timeout", type=_seconds, metavar="S", default=None,
                        help=_("listen for S seconds (default {seconds:g}; with --watch, "
                               "until Ctrl-C)").format(seconds=DEFAULT_TIMEOUT))
    parser.add_argument("--json", action="store_true",
                        help=_("print JSON for scripts (with --watch, one object per change)"))
    parser.add_argument("--watch", action="store_true",
                        help=_("print hosts as they appear, change and leave"))
    parser.add_argument("--interface", metavar="ADDRESS", action="append", type=address_argument,
                        help=_("listen only on the interface with this address (repeatable)"))


def download_page(host: FoundHost) -> str | None:
    """The host's page for guests without its program (its version of it), if it has one."""
    from ..bundling.where import page_url
    if host.share_port is None or host.address is None:
        return None
    return page_url(host.address, host.share_port)


def host_json(host: FoundHost) -> dict[str, Any]:
    """What --json prints for a host: its fields and ``download``, the page's address."""
    return {**host.to_dict(), "download": download_page(host)}


def describe(host: FoundHost) -> str:
    """One line about a host, without its name: where, and what it offers or why not."""
    where = f"{host.address}:{host.port}" if host.address else _("no address")
    summary = host.summary
    if host.problem is not None or summary is None:  # a joinable host always has a summary
        page = download_page(host)
        if page:
            return _("{where}  cannot join: {problem}; its version is at {url}").format(
                where=where, problem=host.problem, url=page)
        return _("{where}  cannot join: {problem}").format(where=where, problem=host.problem)
    tables = ngettext("{count} table", "{count} tables", summary.tables).format(
        count=summary.tables)
    rules = ", ".join(summary.rule_sets) or _("no rule set announced")
    return f"{where}  {tables}, {summary.seats_text()}  {rules}"


def _colour() -> bool:
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"


def _grey(text: str, host: FoundHost) -> str:
    return f"\x1b[2m{text}\x1b[0m" if not host.compatible and _colour() else text


def print_listing(hosts: list[FoundHost], seconds: float) -> None:
    if not hosts:
        print(_("No games found on the network in {seconds:g} s. A host you know can be "
                "joined by address: tichu join HOST[:PORT]").format(seconds=seconds))
        return
    width = max(get_cwidth(host.name) for host in hosts)
    print(ngettext("{count} game on the network:", "{count} games on the network:",
                   len(hosts)).format(count=len(hosts)))
    for host in hosts:
        print(_grey(f"  {fill_to(host.name, width)}  {describe(host)}", host))


def _print_change(event: str, host: FoundHost, as_json: bool) -> None:
    if as_json:
        print(json.dumps({"event": event, "host": host_json(host)}), flush=True)
        return
    mark = {"added": "+", "updated": "~", "removed": "-"}[event]
    text = (_("{where}  gone").format(where=f"{host.address}:{host.port}")
            if event == "removed" else describe(host))
    print(_grey(f"{mark} {host.name}  {text}", host), flush=True)


async def _find(args: argparse.Namespace, seconds: float | None) -> list[FoundHost]:
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    on_change = (lambda event, host: _print_change(event, host, args.json)) if args.watch else None
    try:
        return await browse(seconds, addresses=args.interface, on_change=on_change, stop=stop)
    finally:
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(signum)


def run(args: argparse.Namespace) -> int:
    seconds: float | None = args.timeout
    if seconds is None and not args.watch:
        seconds = DEFAULT_TIMEOUT
    loop = asyncio.get_event_loop()  # the loop Twisted's reactor runs on (cli.install_reactor)
    try:
        hosts = loop.run_until_complete(_find(args, seconds))
    except DiscoveryError as exc:
        print(f"tichu find: {exc}", file=sys.stderr)
        return 2
    if args.watch or seconds is None:  # the changes were printed as they came
        return 0
    if args.json:
        print(json.dumps({"hosts": [host_json(host) for host in hosts], "seconds": seconds}))
    else:
        print_listing(hosts, seconds)
    return 0
