"""An ssh guest's way through the screens of `tichu join`: the same pages and game screen,
as a guest of this host, never as its owner.

`GuestPlayer` is the player the screens see: named by the ssh user name, with no
settings file (the door's `GuestMemory` remembers them), so nothing of the host
owner's config.toml, seat token or kept games ever reaches a guest. `DoorFlow` is
`tichu join`'s flow with a client whose connection stays in the host's process, and a
word on how to come back to the seat after a dropped ssh connection.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from twisted.internet.defer import Deferred
from twisted.internet.interfaces import IStreamClientEndpoint

from .. import i18n
from ..client import TichuClient
from ..i18n import _
from ..lifecycle import Clock, Timer
from ..settings import Settings
from ..tui.app import ClientApp
from ..tui.faces import Faces
from ..tui.flow import Flow
from ..tui.lobby_pages import WaitingPage
from ..tui.player import Player
from .guest_memory import GuestMemory


class SpeakingClock:
    """The reactor's clock, each call it makes in a guest's language (a countdown redrawn,
    a reconnection's notice): the reactor's own timers run outside the guest's session."""

    def __init__(self, clock: Clock, language: str) -> None:
        self.clock, self.language = clock, language

    def seconds(self) -> float:
        return self.clock.seconds()

    def callLater(self, delay: float, callable: Callable[..., object], *args: object,
                  **kw: object) -> Timer:
        return self.clock.callLater(delay, i18n.speaking, self.language, callable, *args, **kw)


class GuestPlayer(Player):
    """An ssh guest as the screens see a player; what it remembers goes to the door's
    memory, under ``who`` (the guest's key, or seat code)."""

    def __init__(self, name: str, faces: Faces, language: str, memory: GuestMemory,
                 who: str) -> None:
        # Player reads the owner's config.toml; a guest never does, so nothing of it is
        # called here.
        known = memory.get(who)
        self.config_error = None
        self.name, self.bell, self.faces, self.log = name, False, faces, None
        self.memory, self.who = memory, who
        self.token = known.token if known is not None else None
        self.settings = Settings(name=name, lang=language)

    def remember(self, **changes: Any) -> None:
        """Keep the seat's token (and the name) for this guest."""
        token = changes.pop("last_token", None)
        if token is not None:
            self.token = token
        self.memory.keep(self.who, name=self.name, token=self.token)


class DoorFlow(Flow):
    def __init__(self, ui: ClientApp, player: GuestPlayer, clock: SpeakingClock,
                 endpoint: IStreamClientEndpoint, come_back: str | None,
                 think: Callable[..., Deferred[Any]]) -> None:
        """``come_back``: the ssh command that gets this guest's seat back (a guest without
        a key is told it, with their seat code; None: their key does it); ``think``: where
        the coach thinks (`CoachLine`)."""
        super().__init__(ui, player)
        self.guest, self.clock, self.endpoint, self.come_back = player, clock, endpoint, come_back
        self.think = think

    def make_client(self, host: str, port: int, token: str | None,
                    endpoint: IStreamClientEndpoint | None) -> TichuClient:
        return TichuClient(host, port, self.player.name, token=self.guest.token,
                           reactor=self.clock, endpoint=self.endpoint)

    def come_back_line(self) -> str | None:
        if self.come_back is None:
            return None
        return _("Should your connection drop, type {command} to get your seat back.").format(
            command=self.come_back)

    def waiting_page(self) -> WaitingPage:
        page = super().waiting_page()
        line = self.come_back_line()
        if line is not None:
            page.extra.append([("class:info", f" {line}")])
        return page

    def settle(self) -> None:
        """As `Flow` does; the game screen, once it opens, says how to come back too."""
        before = self.game
        super().settle()
        if before is not None or self.game is None:
            return
        self.game.link.think = self.think
        line = self.come_back_line()
        if line is not None:
            self.game.model.add_log([("class:info", line)])
