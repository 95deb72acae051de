"""The room screen's link to the host: what the client hears goes to the model, and the room
is asked for again on every new connection (a host that came back knows no watchers)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from twisted.internet import defer
from twisted.logger import Logger

from ..client import TichuClient
from ..host_messages import ConnectionNotice, Heard
from ..words.refusals import refusal_words
from .room_model import RoomModel

log = Logger()


class RoomLink:
    def __init__(self, client: TichuClient, model: RoomModel,
                 on_change: Callable[[], None]) -> None:
        self.client, self.model, self.on_change = client, model, on_change
        self.unsubscribe = client.subscribe(self.heard)

    def heard(self, message: Heard) -> None:
        self.model.on_message(message)
        if isinstance(message, ConnectionNotice) and message.state == "restored":
            self.watch()
        self.on_change()

    def watch(self) -> defer.Deferred[Any]:
        """Ask the host for the room (now and after every change)."""
        return self.client.party.watch_room().addErrback(self._refused)

    def _refused(self, failure: Any) -> None:
        """The host would not show the room (it has all the watchers it takes): say why."""
        self.model.banner = refusal_words(failure.value)
        self.on_change()
