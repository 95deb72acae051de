"""Host a game on the LAN and play at it.

Starts a host (on every interface unless --bind says otherwise), announces it on
the local network so that `tichu join` lists it, opens a table and shows it to
you: add bots to empty seats, wait for friends, start. The announcement follows
the tables as seats fill, and is withdrawn when you leave. Every table is
journalled; after a crash `tichu host --resume` brings them back and gives you
your seat again.
"""

from __future__ import annotations

import argparse
from collections.abc import Generator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .discovery_args import add_announce_arguments
from .argtypes import number, text
from .client_args import add_player_arguments, bot_level, default_level
from ..i18n import N_, _
from .share_args import add_share_arguments, start_share
from .ssh_args import add_ssh_arguments, ssh_hint, start_ssh
from .records_args import add_keep_argument
from .table_args import DEALS, add_deals_argument, add_table_rules_arguments, table_rules

if TYPE_CHECKING:
    from ..server.host import Host

NAME = "host"
HELP = N_("host a game on the LAN and play at it (others run tichu join)")
ORDER = 20


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from .. import paths, protocol
    parser.add_argument("--duel", action="store_true", help=_("open a 2-player duel table"))
    parser.add_argument("--target", type=number(50, 100_000, N_("the target score")),
                        default=None, metavar="N",
                        help=_("the score that ends the game (default: 1000)"))
    parser.add_argument("--duplicate", action="store_true",
                        help=_("play a set of deals with a partner, who joins into seat 3 (or "
                               "a bot), against two bots, and compare, deal by deal, with what "
                               "hard bots made of the same cards"))
    add_deals_argument(parser)
    parser.add_argument("--bots", type=number(0, 3, N_("the number of bots")), default=0,
                        metavar="N", help=_("put N bots in the last seats at once (default: 0; "
                                            "at most 3, 1 in the duel); more can be added at "
                                            "the table"))
    parser.add_argument("--password", type=text(protocol.PASSWORD_MAX, N_("the password")),
                        metavar="WORD", help=_("people who join or watch your table must give "
                                               "this password (default: none)"))
    parser.add_argument("--bot-level", type=bot_level, default=None, metavar="LEVEL",
                        help=_("the level of the bots (default: {level})").format(
                            level=default_level()))
    parser.add_argument("--port", type=number(0, 65535, N_("a port")),
                        default=protocol.DEFAULT_PORT,
                        help=_("TCP port to listen on (default: {port})").format(
                            port=protocol.DEFAULT_PORT))
    parser.add_argument("--bind", default="0.0.0.0", metavar="ADDR",
                        help=_("address to listen on (default: 0.0.0.0, every interface)"))
    parser.add_argument("--resume", action="store_true",
                        help=_("bring back the unfinished tables of the last run first"))
    parser.add_argument("--data-dir", type=Path, default=None, metavar="DIR",
                        help=_("where journals go (default: {path})").format(
                            path=paths.data_dir()))
    add_announce_arguments(parser)
    add_share_arguments(parser)
    add_ssh_arguments(parser)
    add_table_rules_arguments(parser)
    add_player_arguments(parser)
    add_keep_argument(parser)


def refusal(args: argparse.Namespace) -> str | None:
    """What the options ask that cannot be done together (argparse sees one at a time)."""
    if args.deals is not None and not args.duplicate:
        return _("--deals goes with --duplicate")
    if args.duplicate and (args.duel or args.bots or args.password is not None
                           or args.target is not None or args.rounds is not None
                           or args.no_grand or args.timer is not None):
        return _("--duel, --bots, --password, --target, --rounds, --no-grand and --timer "
                 "cannot be used with --duplicate: a set is --deals N deals of classic "
                 "Tichu, your partner's seat open and the others' bots")
    return None


def join_hint(port: int, bind: str, announced: bool, password: bool = False,
              share: int | None = None, ssh: tuple[int, str] | None = None) -> list[str]:
    """How the others find this game, shown at the waiting table (and, with ``share``,
    where those without the program get it; with ``ssh``, the door's port and key)."""
    from ..discovery.net import EVERYWHERE, reachable_addresses
    if bind not in EVERYWHERE:
        addresses = [bind]
    else:
        addresses = [a for a in reachable_addresses() if not a.startswith("127.")]
    by_address = [f"tichu join {_with_port(a, port)}" for a in addresses[:2]]
    if announced:
        by_address.insert(0, _("tichu join (it lists this game)"))
    if not by_address:
        return []
    ways = _(", or ").join(by_address)
    joining = (_("Others join with: {ways} (and your password)").format(ways=ways) if password
               else _("Others join with: {ways}").format(ways=ways))
    return ([joining] + download_hint(addresses, share) + ssh_hint(addresses, ssh)
            + [reach_hint(port, share, ssh)])


def reach_hint(port: int, share: int | None, ssh: tuple[int, str] | None) -> str:
    """What to check when a guest sees no game: the network, then this machine's firewall."""
    from ..server.share_page import ports_to_let_in
    ports = ports_to_let_in(port, share, ssh)
    if share is None:
        return _("A guest sees no game? The Wi-Fi may keep guests apart, or the firewall here "
                 "must let in TCP {ports}.").format(ports=ports)
    return _("A guest sees no game? If they cannot open the page either, the Wi-Fi keeps "
             "guests apart; else the firewall here must let in TCP {ports}.").format(ports=ports)


def download_hint(addresses: list[str], share: int | None) -> list[str]:
    """The line that sends guests without the program to this host's page."""
    from ..bundling.where import page_url
    if share is None or not addresses:
        return []
    return [_("Without tichu-lan? Open {url} for the commands").format(
        url=page_url(addresses[0], share))]


def own_address(bind: str) -> str:
    """Where the host's own player connects: loopback when it listens everywhere."""
    return {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "::1"}.get(bind, bind)


def _with_port(address: str, port: int) -> str:
    return f"[{address}]:{port}" if ":" in address else f"{address}:{port}"


def people_at(host: Host, mine: str | None) -> list[str]:
    """The people at the host's tables (seated and there, watching, asking for a seat), but
    the one holding the seat token ``mine``: whom stopping the host would cut off."""
    names: list[str] = []
    for table in host.lobby.tables.values():
        names += [seat.name for seat in table.seats
                  if seat.member is not None and seat.token != mine]
        names += [member.name for member in table.spectators]
        names += [request.name for request in table.requests.values()]
    return names


def run(args: argparse.Namespace) -> int:
    import sys

    from twisted.internet import defer, reactor

    from .. import paths
    from ..server import HostConfig
    from ..server.announcing import start_announcing
    from ..server.reference_table import SoloSet
    from ..server.startup import StartError, freeze_imports, start_host
    from ..tui.app import ClientApp
    from ..tui.hosting import HostFlow
    from ..tui.player import Player
    from ..tui.run import run_client
    from ..tui.solo_duplicate import duplicate_set

    seats = 2 if args.duel else 4
    wrong = refusal(args)
    if wrong is not None:
        print(f"tichu host: {wrong}", file=sys.stderr)
        return 2
    if args.bots > seats - 1:
        print("tichu host: " + (_("a duel table has room for at most 1 bot besides you")
                                if args.duel else
                                _("a classic table has room for at most 3 bots besides you")),
              file=sys.stderr)
        return 2
    player = Player(args)
    level = args.bot_level or default_level()
    config = HostConfig(bind=args.bind, port=args.port, data_dir=paths.data_dir(args.data_dir),
                        name=player.name, owner=player.name, bot_level=level,
                        keep_games=args.keep_games)
    try:
        freeze_imports()
        host = start_host(config, reactor, args.resume)
    except StartError as exc:
        print(f"tichu host: {exc}", file=sys.stderr)
        return exc.status
    port = host.port
    sharing = start_share(args, args.bind, player.name, reactor)
    share_port = sharing.port if sharing else None
    door, why_not = start_ssh(args, host, reactor, args.bind, config.data_dir)
    ssh = (door.port, door.fingerprint) if door is not None else None
    if sharing is not None:
        sharing.offer.ssh, sharing.offer.game_port = ssh, host.port
    announced = (not args.no_announce and
                 start_announcing(host, player.name, reactor, args.announce_on,
                                  share_port=share_port, ssh=ssh) is not None)
    ui = ClientApp()
    hint = join_hint(port, args.bind, announced, bool(args.password), share_port, ssh)
    flow = HostFlow(ui, player, lambda mine: people_at(host, mine), level,
                    hint + ([why_not] if why_not else []), resumed=args.resume)
    opened: list[SoloSet] = []

    @defer.inlineCallbacks
    def begin() -> Generator[defer.Deferred[Any], object, None]:
        yield flow.connect(own_address(args.bind), port)
        client = flow.client
        assert client is not None, "Flow.connect makes the client"
        if client.seating is None and not client.lobby:
            flow.holding = True           # the table shows once its bots sit at it
            try:
                if args.duplicate:
                    yield duplicate_set(host, client, level, args.deals or DEALS, opened)
                else:
                    yield flow.new_table("duel" if args.duel else "classic",
                                         args.target or 1000, args.password,
                                         **table_rules(args))
                    for seat in range(seats - args.bots, seats):
                        yield flow.ask(client.add_bot(seat, level))
            finally:
                flow.holding = False
            flow.settle()

    @defer.inlineCallbacks
    def end() -> Generator[defer.Deferred[Any], object, None]:
        for solo in opened:                 # both games of a set kept as they stand
            solo.end()
        yield flow.close()
        yield host.stop()

    return run_client(ui, player, begin, end)
