"""Between the table model and a `TichuClient`: the host's messages in, the model's intents out.

The one place on the table's path that sees Deferreds. A move goes out with
`TichuClient.act`; the host's refusal (a race with another seat), a lost
connection, or anything else that fails it comes back to the model as a
message the player can read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from twisted.logger import Logger
from twisted.python.failure import Failure

from engine import Event, event_from_dict

from ..client import Disconnected, TichuClient
from ..i18n import _
from ..protocol import HostError
from ..refusal_words import error_words
from .table_intents import Intent, Leave, Move, Ring, Say
from .table_model import TableModel

log = Logger()


class TableLink:
    def __init__(self, client: TichuClient, model: TableModel, *,
                 on_change: Callable[[], None] = lambda: None,
                 on_bell: Callable[[], None] = lambda: None,
                 on_quit: Callable[[], None] = lambda: None) -> None:
        self.client, self.model = client, model
        self.on_change, self.on_bell, self.on_quit = on_change, on_bell, on_quit
        model.emit = self.carry
        model.catch_up(client.view, client.table, client.welcome)
        for notice in client.notices:           # told before this screen opened
            model.on_message(notice, client.view)
        self.unsubscribe = client.subscribe(self.heard)

    def heard(self, message: dict[str, Any]) -> None:
        events = read_events(message) if message["type"] == "view" else None
        self.model.on_message(message, self.client.view, events)
        self.on_change()

    def carry(self, intent: Intent) -> None:
        if isinstance(intent, Move):
            self.move(intent)
        elif isinstance(intent, Say):
            self.client.chat(intent.text).addErrback(self.chat_failed)
        elif isinstance(intent, Leave):
            self.on_quit()
        elif isinstance(intent, Ring):
            self.on_bell()

    def move(self, move: Move) -> None:
        def answered(refusal: str | None) -> None:
            self.model.answered(move, refusal)
            self.on_change()

        d = self.client.act(move.action)
        d.addCallbacks(lambda _seq: None, refusal).addCallback(answered)

    def chat_failed(self, failure: Failure) -> None:
        self.model.error(failure.getErrorMessage())
        self.on_change()


def refusal(failure: Failure) -> str:
    """Why a move did not get through, for the message line, in the player's language."""
    if isinstance(failure.value, HostError):
        return error_words(failure.value)
    if isinstance(failure.value, Disconnected):
        return _("not connected to the host: nothing was sent")
    log.failure("sending a move failed", failure)
    return _("the move failed: {error}").format(error=failure.getErrorMessage())


def read_events(message: dict[str, Any]) -> list[Event]:
    """The events of a view message; one this client cannot read is logged and skipped."""
    events = []
    for data in message.get("events", ()):
        try:
            events.append(event_from_dict(data))
        except Exception as exc:   # a newer host's event: show the table all the same
            log.warn("cannot read an event: {why}", why=exc)
    return events
