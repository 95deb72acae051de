"""Starting the share port beside a host (`tichu host`, `tichu server`), and packing the
bundle it serves.

A host that runs from a bundle serves that very file, so a guest who got the program
from one laptop can pass it on from theirs. An installed host packs the bundle with
``tichu bundle`` in another process, the first time a guest asks for it, so that the
reactor never stops for it and a host nobody downloads from never pays for it.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from twisted.internet import defer
from twisted.internet.error import CannotListenError
from twisted.internet.utils import getProcessOutputAndValue
from twisted.logger import Logger

from ..bundling.origin import module_command, running_archive
from ..bundling.where import bundle_name
from .share import Offer, share_factory

log = Logger()


class PackError(Exception):
    """``tichu bundle`` failed; the message is its own explanation."""


def pack(reactor: Any) -> defer.Deferred[bytes]:
    """The bundle's bytes: this process's own bundle, or a new one made by ``tichu bundle``."""
    archive = running_archive()
    if archive is not None:
        return defer.maybeDeferred(archive.read_bytes)
    folder = tempfile.TemporaryDirectory(prefix="tichu-share-")
    output = Path(folder.name) / bundle_name()
    command = module_command("tichu_lan.cli")

    def done(result: tuple[bytes, bytes, int]) -> bytes:
        _out, err, status = result
        try:
            if status != 0:
                lines = err.decode("utf-8", "replace").strip().splitlines() or ["no reason"]
                raise PackError(f"tichu bundle ended with status {status}: {lines[-1]}")
            return output.read_bytes()
        finally:
            folder.cleanup()

    ran: defer.Deferred[tuple[bytes, bytes, int]] = getProcessOutputAndValue(
        command[0], [*command[1:], "bundle", "-o", str(output)], env=dict(os.environ),
        reactor=reactor)
    return ran.addCallback(done)


@dataclass
class Sharing:
    """The share port while the host runs."""

    port: int
    offer: Offer
    listening: Any

    def stop(self) -> defer.Deferred[Any]:
        return defer.maybeDeferred(self.listening.stopListening)


def start_sharing(reactor: Any, bind: str, port: int, host_name: str) -> Sharing | None:
    """Listen for guests' downloads on ``bind``:``port``; None (and a warning in the log)
    when that port cannot be had: the game goes on without it."""
    offer = Offer(host_name, lambda: pack(reactor))
    factory, _root = share_factory(offer, reactor)
    try:
        listening = reactor.listenTCP(port, factory, interface=bind)
    except CannotListenError as exc:
        log.warn("cannot offer the program to guests on {bind}:{port} ({why}); guests who "
                 "have it can still join (choose another --share-port)", bind=bind, port=port,
                 why=exc.socketError)
        return None
    actual = listening.getHost().port
    log.info("guests without the program get it on port {port} (http://ADDRESS:{port}/)",
             port=actual)
    return Sharing(actual, offer, listening)
