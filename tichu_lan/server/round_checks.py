"""Each round's check by the programs at the table: the proof, the verdicts, and fair warning.

When a round is over the host sends every seat whose program takes part (`take_part`) the
round's proof (`shared_shuffle.proof_message`); each program checks the round and says
what it found (`checked`). A verdict is journalled (`checked`), so that the game's record
keeps it; a failure is told to everyone at the table (`round_check_failed`), naming the
seat that found it and what failed. A person whose program does not take part is told,
once a game, that it cannot check the rounds (`cannot_check`).

The host relays what a program says; it cannot prove that a program said it, nor that it
passes on every verdict (docs/PROTOCOL.md, "What the shared shuffle guarantees").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .. import protocol
from ..protocol import HostError, Message
from .seats import Member, Seat
from .shared_shuffle import SharedShuffle, proof_message
from .table_moves import Moves


class RoundChecks:
    def __init__(self, table: int, seats: Sequence[Seat], moves: Moves, shuffle: SharedShuffle,
                 record: Callable[[dict[str, Any]], None],
                 tell: Callable[[Message], None]) -> None:
        """``record``: journal a verdict (the table's own records); ``tell``: everyone at the
        table."""
        self.table = table
        self.seats = seats
        self.moves = moves
        self.shuffle = shuffle
        self.record = record
        self.tell = tell
        self.told: set[int] = set()             # seats told this game that they cannot check
        self.verdicts: set[tuple[int, int]] = set()     # (round, seat) this game

    def helper(self, index: int) -> Member | None:
        """The connection of seat ``index``'s person, if it is here and takes part."""
        member = self.seats[index].member
        return member if member is not None and member.takes_part else None

    def new_game(self) -> None:
        self.told.clear()
        self.verdicts.clear()

    def prove(self) -> None:
        """The round just over, shown to the programs that check it."""
        played = self.moves.played
        if played is None:
            return
        message = proof_message(self.table, played.round_no, played.dealt_at, played.deck,
                                played.moves, self.shuffle.current, len(self.seats))
        frame = protocol.encode(message)
        for seat in self.seats:
            if self.helper(seat.index) is not None and seat.member is not None:
                seat.member.send_frame(frame)
        self.warn()

    def warn(self) -> None:
        """Tell each person here whose program does not take part, once a game, that it
        cannot check the rounds (the others' programs can)."""
        for seat in self.seats:
            member = seat.member
            if member is None or seat.index in self.told or self.helper(seat.index):
                continue
            self.told.add(seat.index)
            member.send(protocol.notice_message(
                self.table, "cannot_check", "your program does not take part in the shared "
                "shuffle, so it cannot check the rounds (the other programs here can)", {}))

    def verdict(self, seat: Seat, round_no: int, ok: bool, finding: dict[str, Any] | None
                ) -> None:
        """What seat ``seat``'s program found when it checked round ``round_no``."""
        played = self.moves.played
        if played is None or not 1 <= round_no <= played.round_no:
            raise HostError("no_shuffle", f"round {round_no} is not over yet",
                            params={"round": round_no})
        if (round_no, seat.index) in self.verdicts:
            raise HostError("already_given", f"you have said what you found in round "
                            f"{round_no} already", params={"round": round_no})
        found = _finding(finding) if not ok else None
        self.verdicts.add((round_no, seat.index))
        self.record({"kind": "checked", "round": round_no, "seat": seat.index, "ok": ok,
                     "finding": found})
        if found is not None:
            self.tell(protocol.notice_message(
                self.table, "round_check_failed", f"{seat.name}'s program found round "
                f"{round_no} broken: {found['message']}",
                {"round": round_no, "seat": seat.index, "name": seat.name,
                 "code": found["code"], "params": found["params"]}))


def _finding(data: dict[str, Any] | None) -> dict[str, Any]:
    """A program's finding, as the host passes it on: a code, its English and its values (a
    map); anything else in it is left out."""
    data = data or {}
    code, message, params = data.get("code"), data.get("message"), data.get("params")
    return {"code": code[:40] if isinstance(code, str) else "unknown",
            "message": message[:600] if isinstance(message, str) else "",
            "params": params if isinstance(params, dict) else {}}
