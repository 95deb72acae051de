"""The states of the client's connection to the host, and the events that move it.

`link_machine.TRANSITIONS` says which event moves which state where::

    OFFLINE --connect()--> DIALING --prologue--> GREETING --welcome--> READY
    READY --dropped, holding a seat--> BACKOFF --pause--> REDIALING --> RESUMING --> READY
    READY --dropped, nothing held--> OFFLINE      any open state --close()--> CLOSING --> CLOSED
    READY --the host says it stops--> PARTING --dropped--> HOST_STOPPED --pause--> CHECKING
    CHECKING --no answer--> HOST_STOPPED          CHECKING --> RESUMING --> READY
"""

from __future__ import annotations

from enum import Enum


class Link(Enum):
    """Where the client's connection to the host stands."""

    OFFLINE = "no connection, and none under way"
    DIALING = "connect(): opening TCP and reading the host's prologue"
    GREETING = "hello sent, waiting for welcome"
    READY = "welcomed: requests go out"
    BACKOFF = "dropped while holding a seat or watching: pausing before dialing again"
    REDIALING = "dialing again after a drop"
    RESUMING = "hello sent again, to get the seat (or the table watched) back"
    PARTING = "the host said it stops on purpose: hung up, waiting for the connection to end"
    HOST_STOPPED = ("the host stopped on purpose and said so: pausing, longer than after a "
                    "drop, before dialing it again")
    CHECKING = "dialing a host that stopped, to see whether it is back"
    CLOSING = "close(): waiting for the connection to end"
    CLOSED = "closed for good: close(), or the host speaks another protocol version"


class Event(Enum):
    CONNECT = "connect() was called"
    CLOSE = "close() was called"
    OPENED = "the TCP connection is up and the host's prologue read"
    DIAL_FAILED = "no connection, or not to a tichu-lan host"
    WRONG_VERSION = "the host speaks another protocol version"
    FRAME = "a message from the host"
    WELCOMED = "the host answered the hello with welcome"
    SEAT_GONE = "no seat on the host has the token the hello gave"
    REFUSED = "the host refused the hello for another reason"
    DROPPED = "the connection was lost while holding a seat or watching, reconnect on"
    LOST = "the connection was lost with nothing to come back to (or reconnect off)"
    RETRY = "the pause before dialing again is over"
    HOST_STOPS = "the host's notice host_stopped: it stops on purpose, and its guests may wait"


# a connection is up
OPEN = frozenset({Link.GREETING, Link.RESUMING, Link.READY, Link.PARTING, Link.CLOSING})
