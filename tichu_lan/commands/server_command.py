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
from ..i18n import N_, _
from .argtypes import number, text
from .discovery_args import add_announce_arguments
from .share_args import add_share_arguments, start_share
from .ssh_args import add_ssh_arguments, start_ssh
from .records_args import add_keep_argument

if TYPE_CHECKING:
    from ..server.host_config import HostConfig

NAME = "server"
HELP = N_("run a host without a terminal UI (for a LAN party or a headless machine)")
ORDER = 50
LOG_LEVELS = ("debug", "info", "warn", "error")


_port = number(0, 65535, N_("a port"))
_count = number(0, 1_000_000, N_("a count"))
_seconds = number(0, 3600, N_("a number of seconds"), float)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from ..server.host_config import Limits, Pacing, default_bot_level, default_workers
    limits, pacing = Limits(), Pacing()
    parser.add_argument("--port", type=_port, default=protocol.DEFAULT_PORT,
                        help=_("TCP port to listen on (default: {port}); 0 picks a free one "
                               "(see --port-file)").format(port=protocol.DEFAULT_PORT))
    parser.add_argument("--bind", default="0.0.0.0", metavar="ADDR",
                        help=_("address to listen on: 0.0.0.0 for every interface (the "
                               "default), 127.0.0.1 for this machine only, or one interface's "
                               "address"))
    parser.add_argument("--data-dir", type=Path, default=None, metavar="DIR",
                        help=_("where journals go (default: $TICHU_LAN_DATA_DIR, else "
                               "{path})").format(path=paths.data_dir()))
    parser.add_argument("--resume", action="store_true",
                        help=_("restore every unfinished table from its journal before "
                               "listening"))
    parser.add_argument("--name", default=None, type=text(64, N_("the host's name")),
                        help=_("the host's name, shown to players and announced on the network "
                               "(default: \"LOGIN's tables\", with your login name)"))
    parser.add_argument("--port-file", type=Path, default=None, metavar="FILE",
                        help=_("write the port actually listened on to FILE once listening"))
    parser.add_argument("--grace", type=_seconds, default=60.0, metavar="S",
                        help=_("seconds a person's seat waits for them before a bot plays it "
                               "(default: 60; each table may choose otherwise)"))
    parser.add_argument("--bot-level", default=None, metavar="LEVEL",
                        help=_("level of stand-in bots and of bots added without one "
                               "(default: {level})").format(level=default_bot_level()))
    parser.add_argument("--bot-workers", type=_count, default=default_workers(), metavar="N",
                        help=_("worker processes for slow bot levels (default here: "
                               "{workers}, the cores but one); 0 runs every bot on the reactor "
                               "(only for debugging)").format(workers=default_workers()))
    parser.add_argument("--bot-delay", type=_seconds, default=pacing.bot_delay, metavar="S",
                        help=_("seconds before a bot's move is shown (default: {seconds:g}); "
                               "the pauses after a trick and a round scale with it, and so does "
                               "the {collect:g} s a won trick waits for bombs before it is "
                               "collected").format(seconds=pacing.bot_delay,
                                                   collect=pacing.collect))
    parser.add_argument("--max-tables", type=_count, default=limits.tables, metavar="N",
                        help=_("tables open at once (default: {count})").format(
                            count=limits.tables))
    parser.add_argument("--rate", type=_count, default=int(limits.rate), metavar="N",
                        help=_("requests per second one connection may send, in bursts of "
                               "twice that (default: {rate:g})").format(rate=limits.rate))
    parser.add_argument("--max-per-address", type=_count, default=limits.per_address, metavar="N",
                        help=_("connections from one address (default: {count})").format(
                            count=limits.per_address))
    parser.add_argument("--idle-timeout", type=_seconds, default=limits.idle_timeout, metavar="S",
                        help=_("seconds a client may send nothing before the host drops it "
                               "(its seat stays its own; the grace period starts); tichu's "
                               "client pings to stay (default: {seconds:g})").format(
                            seconds=limits.idle_timeout))
    parser.add_argument("--fsync", action="store_true",
                        help=_("also force each journal record to disk (survives a power "
                               "cut; slower)"))
    parser.add_argument("--log-level", choices=LOG_LEVELS, default="info",
                        help=_("the least important messages to log (default: info)"))
    add_announce_arguments(parser)
    add_share_arguments(parser)
    add_ssh_arguments(parser)
    add_keep_argument(parser)


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
    return HostConfig(
        bind=args.bind, port=args.port, data_dir=paths.data_dir(args.data_dir),
        limits=Limits(tables=args.max_tables, per_address=args.max_per_address,
                      rate=float(args.rate), burst=2 * args.rate,
                      idle_timeout=args.idle_timeout),
        pacing=pacing, grace=args.grace, bot_level=args.bot_level or default_bot_level(),
        bot_workers=args.bot_workers, fsync=args.fsync, keep_games=args.keep_games,
        name=args.name or default_name(), record_name=args.name or "")


def default_name() -> str:
    """What a person would call a host in the corner: whose tables they are."""
    from ..settings import login_name
    return _("{login}'s tables").format(login=login_name())


def write_port_file(path: Path, port: int) -> None:
    """Write atomically, so that a reader never sees half a number."""
    partial = path.with_name(path.name + ".partial")
    partial.write_text(f"{port}\n")
    os.replace(partial, path)


def run(args: argparse.Namespace) -> int:
    from twisted.internet import reactor

    from engine.bots import levels

    from ..server.announcing import start_announcing
    from ..server.startup import StartError, freeze_imports, start_host

    if args.bot_level and args.bot_level not in levels():
        print("tichu server: " + _("there is no bot level {level!r}; choose one of "
                                   "{levels}").format(level=args.bot_level,
                                                      levels=", ".join(levels())),
              file=sys.stderr)
        return 2
    config = config_from(args)
    log_to_stderr(args.log_level)
    try:
        freeze_imports()
        host = start_host(config, reactor, args.resume)
    except StartError as exc:
        print(f"tichu server: {exc}", file=sys.stderr)
        return exc.status
    if args.port_file:
        write_port_file(args.port_file, host.port)
    sharing = start_share(args, config.bind, host.name, reactor)
    door, why_not = start_ssh(args, host, reactor, config.bind, config.data_dir)
    if why_not:
        print(f"tichu server: {why_not}", file=sys.stderr)
    ssh = (door.port, door.fingerprint) if door is not None else None
    if sharing is not None:
        sharing.offer.ssh, sharing.offer.game_port = ssh, host.port
    if not args.no_announce:
        start_announcing(host, config.name, reactor, args.announce_on,
                         share_port=sharing.port if sharing else None, ssh=ssh)
    reactor.addSystemEventTrigger("before", "shutdown", host.stop)
    reactor.run()
    return 0
