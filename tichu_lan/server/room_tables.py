"""What the room is shown of each table: only what anyone watching it may see.

The room's screen hangs on a wall, so it is built from public information alone: the
table as the lobby lists it (names, bots' levels, who is away) and the spectator's view of
its game (`engine.view` for seat -1, which holds no hand). A seat's cards are a count,
and the only cards named are the trick's last play, which everyone at the table saw
played. A table with a password shows its seats and state but nothing of its game: only
those who know the password may watch it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import Call, SeatView, TrickEntry, awaited
from engine.cards import cards_to_texts

from .seats import Seat

if TYPE_CHECKING:
    from .table import Table


def room_table(table: Table) -> dict[str, Any]:
    """One table as the room's message carries it (docs/PROTOCOL.md, `room`)."""
    out: dict[str, Any] = {
        "id": table.id, "name": table.name.given, "opener": table.name.opener,
        "variant": table.rules.variant.value, "target": table.rules.target,
        "state": table.moves.state(), "password": table.password is not None,
        "seats": [_seat(seat) for seat in table.seats]}
    if table.password is None and table.moves.dealt():
        out.update(_game(table.moves.view_of(-1), out["seats"]))
    if table.rematch.evening:
        out["evening"] = table.rematch.evening
    return out | table.waiting.to_dict()       # in the order `RoomTable` holds its fields


def _seat(seat: Seat) -> dict[str, Any]:
    return {"seat": seat.index, "kind": seat.kind, "name": seat.name,
            "connected": seat.member is not None, "bot": seat.bot.level if seat.bot else None}


def _game(public: SeatView, seats: list[dict[str, Any]]) -> dict[str, Any]:
    """The spectator's view, told in counts; ``seats`` get their cards, calls and places."""
    if not public.spectator:
        raise ValueError("the room is shown a spectator's view only")
    for index, seat in enumerate(seats):
        seat["cards"] = public.hand_counts[index]
        if public.calls[index] is not Call.NONE:
            seat["call"] = public.calls[index].value
        if index in public.out:
            seat["out"] = public.out.index(index) + 1
    game: dict[str, Any] = {"round": public.round_no, "phase": public.phase.value,
                            "scores": list(public.scores), "turn": list(awaited(public))}
    last = _last_play(public.trick)
    if last is not None and last.combo is not None:
        game["trick"] = {"seat": last.seat, "cards": cards_to_texts(last.combo.cards)}
    if public.winner >= 0:
        game["winner"] = public.winner
    return game


def _last_play(trick: tuple[TrickEntry, ...]) -> TrickEntry | None:
    """The trick's last play that was not a pass."""
    return next((entry for entry in reversed(trick) if entry.combo is not None), None)
