"""One ssh guest's channel: a terminal and the game in it, and nothing else.

prompt_toolkit's `PromptToolkitSSHSession` gives the channel's input and output to an
Application; this one also holds the channel to what the door serves:

- only a shell with a terminal (``ssh host``): a shell without a pty (``ssh -T``), a
  command (``ssh host ls``) or a subsystem (``sftp``) is refused;
- what the guest types is held to a rate (a paste of a chat line goes through, a
  flood does not reach the screens), and so is what all guests type together: beyond
  it, a guest who has typed a lot lately is the one who waits; a guest who types nothing
  for the idle time is let go (their seat stays theirs, as after any dropped connection);
- window changes are followed (through the screen's redraw budget: a storm of them is
  drawn a few times a second), and a size the client did not say (0) or cannot mean is
  read as the smallest sane one;
- a guest who reads nothing of what the door sends is let go once the door holds more
  than its share for them, or has held anything for the stall time.

`visit.visit` is what runs in the terminal.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from prompt_toolkit.contrib.ssh import PromptToolkitSSHSession
from prompt_toolkit.data_structures import Size
from twisted.logger import Logger

from .. import i18n
from ..i18n import _
from .gate import Bucket
from .login import Login

if TYPE_CHECKING:
    from .door import Door
    from .window import DoorApp

log = Logger()
LARGEST = 1000          # columns or rows a real window may have; more is read as this


def _sane(value: int, default: int) -> int:
    if value <= 0:
        return default
    return min(value, LARGEST)


@dataclass
class Arrival:
    """What the door knows of a guest when their session starts."""

    login: Login
    address: str                    # the ssh client's
    port: int
    door_address: str               # the address the guest reached the door on
    key: str | None = None          # the fingerprint of the key they signed in with


class GuestSession(PromptToolkitSSHSession):
    def __init__(self, interact: Callable[[GuestSession], Coroutine[Any, Any, None]],
                 door: Door, arrival: Arrival) -> None:
        super().__init__(interact, enable_cpr=False)   # type: ignore[arg-type]
        self.door, self.arrival = door, arrival
        self.limits, self.address = door.limits, arrival.address
        self.loop = asyncio.get_event_loop()
        self.pty = False
        self.ui: DoorApp | None = None                 # the screens, once they run
        self.language = "en"                           # the guest's, once chosen
        self.typing = Bucket(self.limits.typing, self.limits.typing_burst, self.loop.time())
        self.ending = False
        self.finished = asyncio.Event()                # the screens have given the terminal back
        self.idle: asyncio.TimerHandle | None = None
        self.stalled: asyncio.TimerHandle | None = None
        self.starting: asyncio.TimerHandle | None = None

    # --- what the guest's ssh client asks for -------------------------------------------

    def connection_made(self, chan: Any) -> None:
        super().connection_made(chan)
        chan.set_write_buffer_limits(high=self.limits.output // 4)
        self.starting = self.loop.call_later(self.limits.start_timeout, self._never_started)

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: Mapping[int, int]) -> bool:
        self.pty = True
        return True

    @property
    def environment(self) -> Mapping[str, str]:
        """What the guest's ssh client sent of its environment (OpenSSH: LANG, LC_*)."""
        return self._chan.get_environment() if self._chan is not None else {}

    @property
    def term(self) -> str:
        return (self._chan.get_terminal_type() if self._chan is not None else None) or ""

    def shell_requested(self) -> bool:
        """Only a terminal plays: ``ssh -T`` gets "shell request failed"."""
        if not self.pty:
            log.info("ssh door: {address} asked for a shell without a terminal; refused",
                     address=self.address)
        return self.pty

    def exec_requested(self, command: str) -> bool:
        log.info("ssh door: {address} asked to run a command; refused", address=self.address)
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        log.info("ssh door: {address} asked for the {subsystem!r} subsystem; refused",
                 address=self.address, subsystem=subsystem[:40])
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal: str) -> None:
        """A signal means nothing to the game (Ctrl-C comes as a key)."""

    def session_started(self) -> None:
        if self.starting is not None:
            self.starting.cancel()
            self.starting = None
        self._wake()
        super().session_started()

    def _never_started(self) -> None:
        log.info("ssh door: {address} logged in and asked for no game in {seconds:g} s; "
                 "closing", address=self.address, seconds=self.limits.start_timeout)
        self.close()

    # --- the terminal -------------------------------------------------------------------

    def _get_size(self) -> Size:
        if self._chan is None:
            return Size(rows=24, columns=80)
        width, height, _pw, _ph = self._chan.get_terminal_size()
        return Size(rows=_sane(height, 24), columns=_sane(width, 80))

    def terminal_size_changed(self, width: int, height: int, pixwidth: object,
                              pixheight: object) -> None:
        if self.ui is not None:
            self.ui.resized()

    def data_received(self, data: str, datatype: object) -> None:
        now = self.loop.time()
        if self.ending or not self.typing.allows(len(data), now):
            return          # typed faster than a person types: dropped
        if not self.door.typing.allows(len(data), now) and \
                self.typing.tokens < self.typing.burst / 2:
            return          # the door has all it can type, and this guest typed a lot
        self._wake()
        super().data_received(data, datatype)

    def _wake(self) -> None:
        if self.idle is not None:
            self.idle.cancel()
        self.idle = self.loop.call_later(self.limits.idle, self._idle)

    def _idle(self) -> None:
        log.info("ssh door: {address} typed nothing for {seconds:g} s; closing its session",
                 address=self.address, seconds=self.limits.idle)
        self.say_goodbye(i18n.speaking(self.language, self._idle_words))

    def _idle_words(self) -> str:
        return _("Nothing typed for {minutes} minutes: the session is closed. Your seat is "
                 "kept for you; connect again to play on.").format(
            minutes=int(self.limits.idle // 60))

    # --- what the door sends ------------------------------------------------------------

    def pause_writing(self) -> None:
        """The client is not reading what the door sends: it has the stall time to start."""
        if self._chan is not None and self._chan.get_write_buffer_size() > self.limits.output:
            log.warn("ssh door: {address} leaves more than {limit} bytes unread; closing",
                     address=self.address, limit=self.limits.output)
            self.close(abort=True)
        elif self.stalled is None:
            self.stalled = self.loop.call_later(self.limits.stall, self._stalled)

    def resume_writing(self) -> None:
        if self.stalled is not None:
            self.stalled.cancel()
            self.stalled = None

    def _stalled(self) -> None:
        log.warn("ssh door: {address} has read nothing for {seconds:g} s; closing",
                 address=self.address, seconds=self.limits.stall)
        self.close(abort=True)

    def say_goodbye(self, text: str) -> None:
        """``text`` on the guest's terminal, once the screens have given it back."""
        self.goodbye += text.strip() + "\r\n"
        self.end_screens()

    goodbye = ""

    def farewell(self) -> None:
        """Write the goodbye, if there is one (the screens have ended)."""
        if self.goodbye and self._chan is not None:
            with contextlib.suppress(OSError):      # the channel is already gone
                self._chan.write("\r\n" + self.goodbye)
        self.finished.set()

    def end_screens(self) -> None:
        if self.ui is not None:
            self.ui.exit()
        else:
            self.close()

    # --- the end ------------------------------------------------------------------------

    def close(self, abort: bool = False) -> None:
        """End the session and its ssh connection (the screens end with it, their client
        closing its connection to the host); ``abort``: at once, dropping what the guest has
        not read (a guest who reads nothing would hold a clean close open)."""
        self.ending = True
        if self._chan is not None:
            connection = self._chan.get_extra_info("connection")
            if abort:
                connection.abort()
            else:
                connection.close()
        self.end_screens_now()

    def end_screens_now(self) -> None:
        if self.ui is not None:
            self.ui.exit()
        if self._input is not None:
            self._input.close()

    def connection_lost(self, exc: BaseException | None) -> None:
        """The guest's ssh connection is gone: the screens end, and their client with them
        (the host starts the seat's grace period)."""
        self.ending = True
        for timer in (self.idle, self.stalled, self.starting):
            if timer is not None:
                timer.cancel()
        self.idle = self.stalled = self.starting = None
        self.door.sessions.discard(self)
        self.finished.set()
        self.end_screens_now()
