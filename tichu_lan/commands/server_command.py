"""Run a tichu-lan host without a terminal UI, logging to stderr.

Players connect with `tichu join HOST[:PORT]`. Every table is journalled in the
data directory as it is played; after a crash or a stop, `--resume` brings back
every unfinished table exactly where it was, with its seats, so that players
reconnect to their own seats.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .. import paths, protocol
from .argtypes import number
from .discovery_args import add_announce_arguments

if TYPE_CHECKING:
    from ..server.host_config import HostConfig

NAME = "server"
HELP = "run a host without a terminal UI (for a LAN party or a headless machine)"
ORDER = 50
LOG_LEVELS = ("debug", "info", "warn", "error")


_port = number(0, 65535, "a port")
_count = number(0, 1_000_000, "a count")
_seconds = number(0, 3600, "a number of seconds", float)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from ..server.host_config import Limits, Pacing, default_bot_level, default_workers
    limits, pacing = Limits(), Pacing()
    parser.add_argument("--port", type=_port, default=protocol.DEFAULT_PORT,
                        help=f"TCP port to listen on (default: {protocol.DEFAULT_PORT}); 0 picks a "
                             "free one (see --port-file)")
    parser.add_argument("--bind", default="0.0.0.0", metavar="ADDR",
                        help="address to listen on: 0.0.0.0 for every interface (the default), "
                             "127.0.0.1 for this machine only, or one interface's address")
    parser.add_argument("--data-dir", type=Path, default=None, metavar="DIR",
                        help="where journals go (default: $TICHU_LAN_DATA_DIR, else "
                             f"{paths.data_dir()})")
    parser.add_argument("--resume", action="store_true",
                        help="restore every unfinished table from its journal before listening")
    parser.add_argument("--name", default=None,
                        help="the host's name, shown to players (default: this machine's name)")
    parser.add_argument("--port-file", type=Path, default=None, metavar="FILE",
                        help="write the port actually listened on to FILE once listening")
    parser.add_argument("--grace", type=_seconds, default=60.0, metavar="S",
                        help="seconds a person's seat waits for them before a bot plays it "
                             "(default: 60; each table may choose otherwise)")
    parser.add_argument("--bot-level", default=None, metavar="LEVEL",
                        help=f"level of stand-in bots and of bots added without one "
                             f"(default: {default_bot_level()})")
    parser.add_argument("--bot-workers", type=_count, default=default_workers(), metavar="N",
                        help=f"worker processes for slow bot levels (default here: "
                             f"{default_workers()}, the cores but one); 0 runs every bot on the "
                             "reactor (only for debugging)")
    parser.add_argument("--bot-delay", type=_seconds, default=pacing.bot_delay, metavar="S",
                        help=f"seconds before a bot's move is shown (default: "
                             f"{pacing.bot_delay:g}); the pauses after a trick and a round scale "
                             f"with it, and so does the {pacing.collect:g} s a won trick waits "
                             "for bombs before it is collected")
    parser.add_argument("--max-tables", type=_count, default=limits.tables, metavar="N",
                        help=f"tables open at once (default: {limits.tables})")
    parser.add_argument("--rate", type=_count, default=int(limits.rate), metavar="N",
                        help=f"requests per second one connection may send, in bursts of twice "
                             f"that (default: {limits.rate:g})")
    parser.add_argument("--max-per-address", type=_count, default=limits.per_address, metavar="N",
                        help=f"connections from one address (default: {limits.per_address})")
    parser.add_argument("--idle-timeout", type=_seconds, default=limits.idle_timeout, metavar="S",
                        help="seconds a client may send nothing before the host drops it (its "
                             "seat stays its own; the grace period starts); tichu's client pings "
                             f"to stay (default: {limits.idle_timeout:g})")
    parser.add_argument("--fsync", action="store_true",
                        help="also force each journal record to disk (survives a power cut; "
                             "slower)")
    parser.add_argument("--log-level", choices=LOG_LEVELS, default="info",
                        help="the least important messages to log (default: info)")
    add_announce_arguments(parser)


def log_to_stderr(level: str = "info") -> None:
    """Send twisted.logger's events at ``level`` or above to stderr, as text."""
    from twisted.logger import (FilteringLogObserver, ILogFilterPredicate, ILogObserver, LogLevel,
                                LogLevelFilterPredicate, globalLogBeginner, textFileLogObserver)
    # Twisted declares its observers with zope.interface's @implementer, which mypy does
    # not read; adapting to the interface (a check at run time too) says what they provide.
    predicate = ILogFilterPredicate(
        LogLevelFilterPredicate(defaultLogLevel=LogLevel.levelWithName(level)))
    observer = FilteringLogObserver(ILogObserver(textFileLogObserver(sys.stderr)), [predicate])
    globalLogBeginner.beginLoggingTo([ILogObserver(observer)], redirectStandardIO=False)


def config_from(args: argparse.Namespace) -> HostConfig:
    from ..server.host_config import HostConfig, Limits, Pacing, default_bot_level
    scale = args.bot_delay / Pacing().bot_delay if Pacing().bot_delay else 1.0
    pacing = Pacing(args.bot_delay, Pacing().trick_pause * scale, Pacing().round_pause * scale,
                    Pacing().collect * scale)
    extra = {"name": args.name} if args.name else {}
    return HostConfig(
        bind=args.bind, port=args.port, data_dir=paths.data_dir(args.data_dir),
        limits=Limits(tables=args.max_tables, per_address=args.max_per_address,
                      rate=float(args.rate), burst=2 * args.rate,
                      idle_timeout=args.idle_timeout),
        pacing=pacing, grace=args.grace, bot_level=args.bot_level or default_bot_level(),
        bot_workers=args.bot_workers, fsync=args.fsync, **extra)


def write_port_file(path: Path, port: int) -> None:
    """Write atomically, so that a reader never sees half a number."""
    partial = path.with_name(path.name + ".partial")
    partial.write_text(f"{port}\n")
    os.replace(partial, path)


def run(args: argparse.Namespace) -> int:
    from twisted.internet import reactor

    from engine.bots import levels

    from ..server.announcing import start_announcing
    from ..server.startup import StartError, start_host

    if args.bot_level and args.bot_level not in levels():
        print(f"tichu server: there is no bot level {args.bot_level!r}; choose one of "
              f"{', '.join(levels())}", file=sys.stderr)
        return 2
    config = config_from(args)
    log_to_stderr(args.log_level)
    try:
        host = start_host(config, reactor, args.resume)
    except StartError as exc:
        print(f"tichu server: {exc}", file=sys.stderr)
        return exc.status
    if args.port_file:
        write_port_file(args.port_file, host.port)
    if not args.no_announce:
        start_announcing(host, config.name, reactor, args.announce_on)
    reactor.addSystemEventTrigger("before", "shutdown", host.stop)
    reactor.run()
    return 0
