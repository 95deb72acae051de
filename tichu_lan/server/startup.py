"""Starting a host from a command (`tichu server`, `tichu host`): the data directory, the
resume, the listening port, each failure as one sentence for the person who typed it."""

from __future__ import annotations

from typing import Any

from twisted.internet.error import CannotListenError

from .. import paths
from ..i18n import _
from .host_config import HostConfig
from .host import Host


class StartError(Exception):
    """The host could not start; ``status`` is the command's exit status."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


def start_host(config: HostConfig, reactor: Any, resume: bool = False) -> Host:
    """A listening host (its tables resumed from their journals when asked)."""
    try:
        paths.private_dir(paths.journal_dir(config.data_dir))
    except OSError as exc:
        raise StartError(_("cannot use the data directory {path}: {error}").format(
            path=config.data_dir, error=exc.strerror), 2) from None
    host = Host(config, reactor)
    if resume:
        host.resume()
    try:
        host.listen()
    except CannotListenError as exc:
        raise StartError(_("cannot listen on {address}:{port}: {error}; choose another --port "
                           "or --bind (or stop the other host)").format(
            address=config.bind, port=config.port, error=exc.socketError), 1) from None
    return host
