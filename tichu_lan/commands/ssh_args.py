"""The options of hosting commands for the ssh door (`tichu_lan.ssh`), where guests with only
an ssh client play: ``--ssh-port``, ``--no-ssh``."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from twisted.logger import Logger

from ..i18n import _
from .argtypes import add_door_options

if TYPE_CHECKING:
    from ..ssh.door import Door

log = Logger()
DEFAULT_SSH_PORT = 47476     # the game's port + 2, beside the share port


def add_ssh_arguments(parser: argparse.ArgumentParser) -> None:
    add_door_options(parser, "ssh", DEFAULT_SSH_PORT,
                     _("the port of the ssh door, where guests with only an ssh client play "
                       "(default: {port}; 0 picks a free one)").format(port=DEFAULT_SSH_PORT),
                     _("do not let guests play over ssh"))


def start_ssh(args: argparse.Namespace, host: Any, reactor: Any, bind: str,
              data_dir: Path) -> tuple[Door | None, str | None]:
    """The ssh door as the options ask, or None and why not (in one line, for the host's
    screen or log): --no-ssh says nothing; the bundle has no asyncssh (it is compiled); a
    port in use or a damaged key file is said and the host goes on without the door."""
    if args.no_ssh:
        return None, None
    from ..bundling.origin import running_archive
    if running_archive() is not None:
        return None, _("The ssh door needs the installed program (pip install tichu-lan); "
                       "this bundle serves everything else.")
    try:
        from ..ssh.door import DoorError, start_door
        from ..ssh.hostkey import HostKeyError
    except ImportError as exc:
        return None, _("The ssh door needs asyncssh, which is not installed here "
                       "({error}).").format(error=exc)
    try:
        door = start_door(host, reactor, data_dir, bind, args.ssh_port)
    except (DoorError, HostKeyError, OSError) as exc:
        log.warn("the ssh door stays shut: {why}", why=exc)
        return None, _("The ssh door stays shut: {why}").format(why=exc)
    reactor.addSystemEventTrigger("before", "shutdown", door.close)
    return door, None


def ssh_hint(addresses: list[str], ssh: tuple[int, str] | None) -> list[str]:
    """The line that tells guests with only ssh how to play here: the command, and the host
    key's fingerprint for ssh's first question."""
    if ssh is None or not addresses:
        return []
    port, fingerprint = ssh
    return [_("With only ssh: ssh -p {port} NAME@{address} (host key {fingerprint})").format(
        port=port, address=addresses[0], fingerprint=fingerprint)]
