"""A duplicate set against the bots from the program that runs the host: `tichu play
--duplicate` (a bot partner) and `tichu host --duplicate` (a partner who joins into seat 3).
The set's two tables are made on the host in this process and the person sits at one of
them; the table tells every screen at it of the set, which opens its pages
(`duplicate_page.DuplicateFollow`)."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from twisted.internet import defer

from ..client import TichuClient
from ..host_messages import Welcome
from ..server import Host
from ..server.reference_table import SoloSet, open_solo_set

Begin = Callable[[], defer.Deferred[Any]]
OPPONENTS = (1, 3)          # the bots the team plays against; seat 2 is the partner's


@defer.inlineCallbacks
def duplicate_set(host: Host, client: TichuClient, level: str, deals: int,
                  opened: list[SoloSet], partner: bool = False
                  ) -> Generator[defer.Deferred[Any], object, None]:
    """Open a set of ``deals`` deals (into ``opened``) and sit the connected ``client`` in
    seat 0 with ``level`` bots opposite; ``partner``: a bot partner too, and start."""
    welcome = client.welcome
    name = welcome.name if isinstance(welcome, Welcome) and welcome.name else client.name
    solo = open_solo_set(host, name, level, deals)
    opened.append(solo)
    assert solo.person is not None
    yield client.join(solo.person.id, 0)
    for seat in (*OPPONENTS, 2) if partner else OPPONENTS:
        yield client.add_bot(seat, level)
    if partner:
        yield client.start()


def solo_set(host: Host, client: TichuClient, level: str,
             deals: int) -> tuple[Begin, Callable[[], None]]:
    """`tichu play --duplicate`: what begins the set (connect, open it, sit with a bot
    partner, start) and what ends it when the person leaves (both games kept as they
    stand)."""
    opened: list[SoloSet] = []

    @defer.inlineCallbacks
    def begin() -> Generator[defer.Deferred[Any], object, None]:
        yield client.connect()
        yield duplicate_set(host, client, level, deals, opened, partner=True)

    def leave() -> None:
        for solo in opened:
            solo.end()

    return begin, leave
