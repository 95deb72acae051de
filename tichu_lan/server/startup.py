"""Starting a host from a command (`tichu server`, `tichu host`): the data directory, the
resume, the listening port, each failure as one sentence for the person who typed it."""

from __future__ import annotations

import gc
from typing import Any

from twisted.internet.error import CannotListenError

from .. import paths
from ..i18n import _
from .host_config import HostConfig
from .host import Host
from .host_lock import HostLock, HostLocked


class StartError(Exception):
    """The host could not start; ``status`` is the command's exit status."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


def freeze_imports() -> None:
    """Leave what is alive now (the modules: Twisted, msgpack, the engine's tables) out of
    the garbage collector's later collections; a command calls it once, before its host
    starts. A host's full collection walked some 50,000 objects, most of them from the
    imports, and took 28-58 ms on the project's machine, during which no move is answered
    (`scripts/attack_host` saw single honest moves of 80 ms); only what the host makes
    from here on is walked now. Not for tests: they start many hosts in one process."""
    gc.freeze()


def start_host(config: HostConfig, reactor: Any, resume: bool = False) -> Host:
    """A listening host (its tables resumed from their journals when asked), the only one
    on its data directory while it runs (`host_lock`)."""
    try:
        lock = HostLock.take(paths.private_dir(paths.journal_dir(config.data_dir)))
    except HostLocked as exc:
        raise StartError(_("another tichu-lan host, process {pid} on port {port}, is hosting "
                           "the games in {path} already; stop it first (X on its screen), or "
                           "give this host a --data-dir of its own").format(
            pid=exc.holder.pid, port=exc.holder.port, path=config.data_dir), 1) from None
    except OSError as exc:
        raise StartError(_("cannot use the data directory {path}: {error}").format(
            path=config.data_dir, error=exc.strerror), 2) from None
    reactor.addSystemEventTrigger("after", "shutdown", lock.release)
    host = Host(config, reactor)
    if resume:
        host.resume()
    if host.services.records is not None:
        host.services.records.kept()        # read now, not at the first game's end
    try:
        lock.note(host.listen())
    except CannotListenError as exc:
        lock.release()
        raise StartError(_("cannot listen on {address}:{port}: {error}; choose another --port "
                           "or --bind (or stop the other host)").format(
            address=config.bind, port=config.port, error=exc.socketError), 1) from None
    return host
