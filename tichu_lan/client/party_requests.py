"""The evening and the waiting lines, asked of the host: the requests of a person between
games rather than at the table (docs/EVENING.md). `TichuClient.party` sends them over the
client's own connection."""

from __future__ import annotations

from collections.abc import Callable

from twisted.internet import defer

from ..host_messages import Answer, StandingsMessage
from ..protocol import Message, request


class PartyRequests:
    def __init__(self, request: Callable[[Message], defer.Deferred[Answer]]) -> None:
        self._request = request

    def standings(self) -> defer.Deferred[StandingsMessage]:
        """The host's evening: its standings per person (docs/RECORDS.md)."""
        return self._request({"type": "list_standings"}).addCallback(_standings)

    def wait(self, table: int | None, password: str | None = None) -> defer.Deferred[Answer]:
        """Wait in ``table``'s line for a seat (from the lobby or watching it): once first in
        line and a seat is free, the host seats this client, saying `seated` without an id.
        ``table`` None: stop waiting."""
        if table is None:
            return self._request({"type": "stop_waiting"})
        return self._request(request(type="wait", table=table, password=password))

    def sit_out(self, out: bool = True) -> defer.Deferred[Answer]:
        """Sit out the next game: at this one's end the seat goes to the first in line, and
        this client waits at the end of the line (``out`` false: play it after all)."""
        return self._request({"type": "sit_out", "out": out})

    def watch_room(self, on: bool = True) -> defer.Deferred[Answer]:
        """Every table at once: the host sends a `RoomView` now and after each change."""
        return self._request({"type": "watch_room", "on": on})

    def start_evening(self, people: list[str], variant: str = "classic", target: int = 1000,
                      duplicate: bool = False, games: int = 0) -> defer.Deferred[Answer]:
        """An evening for ``people`` (docs/EVENING.md); while one runs, who takes part in it
        from its next game on."""
        return self._request({"type": "start_evening", "people": people, "variant": variant,
                              "target": target, "duplicate": duplicate, "games": games})


def _standings(reply: Answer) -> StandingsMessage:
    if isinstance(reply, StandingsMessage):
        return reply
    raise TypeError(f"the standings were asked for and the host answered {reply.TYPE}")
