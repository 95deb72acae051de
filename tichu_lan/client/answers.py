"""Requests on their way to the host, and the answers that settle them, matched by id.

Every request carries an ``id`` the client chooses, and the host answers each with
exactly one message with that id, after whatever else the request caused
(docs/PROTOCOL.md). An `error` answer fails the request's Deferred with the
host's `HostError`; a connection that ends fails every request still waiting with
`Disconnected`, since no answer can come on it any more.
"""

from __future__ import annotations

import itertools

from twisted.internet import defer

from ..host_messages import ANSWERS, Answer, ErrorMessage, Heard
from ..protocol import Message


class Disconnected(Exception):
    """The connection to the host was lost before the host answered."""


def lost() -> Disconnected:
    return Disconnected("the connection to the host was lost")


class Answers:
    def __init__(self) -> None:
        self.ids = itertools.count(1)
        self.pending: dict[int, defer.Deferred[Answer]] = {}

    def ask(self, request: Message) -> tuple[Message, defer.Deferred[Answer]]:
        """``request`` with its id, to send, and the Deferred its answer settles."""
        rid = next(self.ids)
        d: defer.Deferred[Answer] = defer.Deferred()
        self.pending[rid] = d
        return {**request, "id": rid}, d

    def settle(self, message: Heard) -> None:
        """The answer ``message`` is, if it is one, settles the request it answers."""
        if not isinstance(message, ANSWERS) or message.id is None:
            return
        d = self.pending.pop(message.id, None)
        if d is None:
            return
        if isinstance(message, ErrorMessage):
            d.errback(message.error())
        else:
            d.callback(message)

    def fail_all(self) -> None:
        """The connection is over: nothing asked on it will be answered."""
        pending, self.pending = self.pending, {}
        for d in pending.values():
            d.errback(lost())
