"""The one place where asyncio coroutines become Twisted Deferreds.

Twisted runs on asyncio's loop (see `tichu_lan.cli.install_reactor`), but the two
kinds of coroutine cannot await each other: zeroconf's asyncio API is wrapped
here, once, and the Twisted side only ever sees Deferreds; the ssh door's sessions
(asyncssh's coroutines) await the Twisted side's Deferreds through `as_future`.
"""

from __future__ import annotations

import asyncio
from typing import Any
from collections.abc import Coroutine

from twisted.internet.defer import Deferred


def as_future(deferred: Deferred[Any]) -> asyncio.Future[Any]:
    """A Deferred as a future of the shared loop, for an asyncio coroutine to await."""
    return deferred.asFuture(asyncio.get_event_loop())


def as_deferred(coroutine: Coroutine[Any, Any, Any]) -> Deferred[Any]:
    """Run an asyncio coroutine on the shared loop; its result arrives as a Deferred."""
    return Deferred.fromFuture(asyncio.ensure_future(coroutine))
