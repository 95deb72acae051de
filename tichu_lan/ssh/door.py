"""The ssh door of a host: asyncssh on the loop Twisted runs on, one game screen per guest.

`start_door` opens it beside a running host (`tichu host`, `tichu server`): the host key
from the data directory, a listening socket (taken at once, so that a port in use is said
at start), then asyncssh's server on that socket, every connection through a `Gate`.

Logging in needs no password: any public key is taken (and is the guest's: the seat is
given back to whoever signs with it again), and a client without a key gets in with
keyboard-interactive and no question (the guest is then shown a seat code). Only a
terminal session is served: commands, subsystems (SFTP), port forwarding either way,
and agent and X11 forwarding are refused.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
from pathlib import Path
from typing import Any

import asyncssh
from twisted.internet import defer
from twisted.logger import Logger

from .. import __version__, i18n
from ..bridge import as_deferred
from ..i18n import N_, _
from .coach_line import CoachLine
from .gate import Admission, Bucket, DoorLimits, Gate, Listener
from .guest_memory import GuestMemory
from .guest_session import Arrival, GuestSession
from .hostkey import fingerprint, load_or_make
from .login import read_login
from .redraws import RedrawLine

log = Logger()
GOODBYE = N_("The host has stopped. Connect again once it is back: your seat is kept.")


class DoorError(Exception):
    """The door cannot open; the message says why, for the person starting the host."""


class GuestConnection(asyncssh.SSHServer):
    """One guest's ssh connection, as asyncssh asks about it."""

    def __init__(self, door: Door) -> None:
        self.door = door
        self.conn: asyncssh.SSHServerConnection | None = None
        self.gate: Gate | None = None
        self.user = ""
        self.key: str | None = None
        self.sessions = 0
        self.waiting: asyncio.TimerHandle | None = None   # for a terminal, once logged in

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.gate = self.door.listener.gates.get(tuple(conn.get_extra_info("peername") or ()))

    def connection_lost(self, exc: Exception | None) -> None:
        if self.waiting is not None:
            self.waiting.cancel()
        if exc is not None and not isinstance(exc, (ConnectionError, asyncssh.ConnectionLost)):
            log.info("ssh door: {address}: {why}", address=self.address, why=exc)

    @property
    def address(self) -> str:
        return self.gate.address if self.gate is not None else "?"

    # --- logging in ---------------------------------------------------------------------

    def begin_auth(self, username: str) -> bool:
        self.user = username
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        self.key = fingerprint(key)
        return True

    def kbdint_auth_supported(self) -> bool:
        return True

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        self.key = None            # no key: the seat code stands for one
        return True

    def password_auth_supported(self) -> bool:
        return False

    def auth_completed(self) -> None:
        if self.gate is not None:
            self.gate.logged_in()
        self.waiting = asyncio.get_event_loop().call_later(self.door.limits.start_timeout,
                                                           self._no_terminal)

    def _no_terminal(self) -> None:
        log.info("ssh door: {address} logged in and opened no terminal in {seconds:g} s; "
                 "closing", address=self.address, seconds=self.door.limits.start_timeout)
        if self.conn is not None:
            self.conn.close()

    # --- what it may ask for once in ----------------------------------------------------

    def session_requested(self) -> GuestSession | bool:
        """One terminal per connection (a second would get round the limits per address)."""
        if self.sessions or self.conn is None:
            return False
        self.sessions += 1
        if self.waiting is not None:
            self.waiting.cancel()
            self.waiting = None
        from .visit import visit
        session = GuestSession(visit, self.door, self.arrival())
        self.door.sessions.add(session)
        return session

    def arrival(self) -> Arrival:
        assert self.conn is not None
        peer = self.conn.get_extra_info("peername") or ("?", 0)
        local = self.conn.get_extra_info("sockname") or ("?", 0)
        return Arrival(read_login(self.user), str(peer[0]), int(peer[1]), str(local[0]),
                       self.key)

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str,
                             orig_port: int) -> bool:
        log.info("ssh door: {address} asked to forward a port; refused", address=self.address)
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        log.info("ssh door: {address} asked for a port forwarded back; refused",
                 address=self.address)
        return False


class Door:
    """The door while it is open: its port, its key's fingerprint, its guests' memory."""

    def __init__(self, host: Any, reactor: Any, data_dir: Path, limits: DoorLimits) -> None:
        self.host, self.reactor, self.limits = host, reactor, limits
        self.key = load_or_make(data_dir)
        self.fingerprint = fingerprint(self.key)
        self.memory = GuestMemory(data_dir)
        now = asyncio.get_event_loop().time()
        self.admission = Admission(limits, now)
        self.typing = Bucket(limits.door_typing, limits.door_typing_burst, now)
        self.coach = CoachLine()
        self.redraws = RedrawLine()
        self.sessions: set[GuestSession] = set()         # each guest's terminal, while open
        self.sock: socket.socket | None = None
        self.listener: Listener
        self.acceptor: asyncssh.SSHAcceptor | None = None
        self.serving: defer.Deferred[Any] = defer.succeed(None)
        self.port = 0

    def bind(self, address: str, port: int) -> None:
        """Take the port now (`DoorError` if it cannot be had)."""
        family = socket.AF_INET6 if ":" in address else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            if os.name == "posix":    # elsewhere it would let another program take the port
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((address, port))
            sock.listen(64)
        except OSError as exc:
            sock.close()
            raise DoorError(f"cannot listen on {address}:{port}: {exc.strerror}") from None
        sock.setblocking(False)
        self.sock, self.port = sock, sock.getsockname()[1]
        self.listener = Listener(sock, self.admission, self.limits)

    async def serve(self) -> None:
        self.acceptor = await asyncssh.listen(
            "", self.port, tunnel=self.listener,
            server_factory=lambda: GuestConnection(self),
            server_host_keys=[self.key], server_version=f"tichu-lan_{__version__}",
            login_timeout=self.limits.login_timeout,
            keepalive_interval=self.limits.keepalive, keepalive_count_max=3,
            public_key_auth=True, kbdint_auth=True, password_auth=False,
            host_based_auth=False, gss_auth=False, gss_kex=False,
            agent_forwarding=False, x11_forwarding=False, allow_pty=True,
            line_editor=False, encoding="utf-8", errors="replace")
        log.info("ssh door open on port {port} (host key {fingerprint})", port=self.port,
                 fingerprint=self.fingerprint)

    def close(self, patience: float = 1.0) -> defer.Deferred[Any]:
        """Stop listening and let every guest go (their seats wait for them, as after any
        dropped connection): each guest's screen ends and their terminal is given back with
        a word; after ``patience`` seconds the connections still open are cut."""
        async def closing() -> None:
            if self.acceptor is not None:
                self.acceptor.close()
            sessions = list(self.sessions)
            for session in sessions:
                session.say_goodbye(i18n.speaking(session.language, _, GOODBYE))
            if sessions:
                await asyncio.wait([asyncio.ensure_future(s.finished.wait()) for s in sessions],
                                   timeout=patience)
            for gate in list(self.listener.gates.values()):
                if gate.transport is not None:
                    gate.transport.abort()
            if self.acceptor is not None:
                await self.acceptor.wait_closed()
        return as_deferred(closing())


def quiet_asyncssh() -> None:
    """asyncssh logs every connection at INFO to Python's logging, which would reach the
    host's terminal: only its warnings, and the door's own log lines, are kept."""
    logging.getLogger("asyncssh").setLevel(logging.WARNING)


def start_door(host: Any, reactor: Any, data_dir: Path, address: str, port: int,
               limits: DoorLimits | None = None) -> Door:
    """The door open beside ``host`` on ``address``:``port`` (0: a free port): the port is
    taken now, and guests are let in once ``door.serving`` has fired."""
    quiet_asyncssh()
    door = Door(host, reactor, data_dir, limits or DoorLimits())
    door.bind(address, port)

    def failed(failure: Any) -> None:
        log.failure("the ssh door could not open", failure)
    door.serving = as_deferred(door.serve()).addErrback(failed)
    return door
