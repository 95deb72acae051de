"""What a host says, made up for tests that feed a screen or a client without a host.

The messages are the typed ones a client hands its listeners
(`tichu_lan.host_messages`); these helpers fill in what a test does not care about
as the host would.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from engine import CLASSIC, DUEL, Event, SeatView
from tichu_lan.host_messages import Heard, Limits, LoggedMove, ViewMessage, Welcome
from tichu_lan.table_info import SeatInfo, TableInfo, TableSettings

LIMITS = Limits(max_frame=16384, rate=20.0, burst=40, name=24, table_name=32, chat=300,
                password=64, spectators=16, idle=60.0)
SETTINGS = TableSettings(takeover=True, grace=60.0, bot_level="calm", collect=2.0, coach=True)


def welcome(host: str = "the host", chat: int = 300) -> Welcome:
    return Welcome(protocol=1, program="tichu-lan test", host=host,
                   limits=replace(LIMITS, chat=chat), id=1)


def person(seat: int, name: str, connected: bool = True, bot: str | None = None,
           takeover_in: float | None = None) -> SeatInfo:
    return SeatInfo(seat=seat, kind="person", name=name, connected=connected, bot=bot,
                    takeover_in=takeover_in)


def bot(seat: int, level: str = "calm") -> SeatInfo:
    return SeatInfo(seat=seat, kind="bot", name=f"{level} bot", connected=False, bot=level)


def empty(seat: int) -> SeatInfo:
    return SeatInfo(seat=seat, kind="empty", name="", connected=False, bot=None)


def table(seats: Sequence[SeatInfo | str], *, duel: bool = False, state: str = "playing",
          **changes: Any) -> TableInfo:
    """A table of ``seats`` (a name is a person there), owned by seat 0; ``changes`` set
    any other field (``options`` may be a dict of the settings that differ)."""
    infos = tuple(person(i, s) if isinstance(s, str) else s for i, s in enumerate(seats))
    options = changes.pop("options", {})
    settings = options if isinstance(options, TableSettings) else replace(SETTINGS, **options)
    first = next((s.name for s in infos if s.kind == "person"), "Ann")
    fields: dict[str, Any] = {
        "id": 1, "name": f"{first}'s table", "rules": DUEL if duel else CLASSIC,
        "state": state, "seats": infos, "open_seats": sum(s.kind != "person" for s in infos),
        "spectators": 0, "password": False, "options": settings, "seq": 1, "owner": 0}
    return TableInfo(**{**fields, **changes})


def view_message(view: SeatView, seq: int, events: Iterable[Event] = (),
                 log: Iterable[tuple[int, Iterable[Event]]] | None = None) -> ViewMessage:
    moves = None if log is None else tuple(LoggedMove(seq=n, events=tuple(e)) for n, e in log)
    return ViewMessage(table=1, seq=seq, view=view, events=tuple(events), log=moves)


def said(kind: type[Heard], **values: object) -> Callable[[Heard], bool]:
    """Whether a message is a ``kind`` with these ``values`` (for `TichuClient.wait_for`)."""
    return lambda message: isinstance(message, kind) and all(
        getattr(message, name) == value for name, value in values.items())
