"""Each round's check by the programs at the table: the proof, the verdicts, and fair warning.

When a round is over the host sends every seat whose program takes part (`take_part`) the
round's proof (`shared_shuffle.proof_message`); each program checks the round and says
what it found (`checked`). A verdict is journalled (`checked`), so that the game's record
keeps it; a failure is told to everyone at the table (`round_check_failed`), naming the
seat that found it and what failed. A person whose program does not take part is told,
once a game, that it cannot check the rounds (`cannot_check`).

When the game is over the host keeps its journal open for the last round's verdicts, until
every program that was shown the proof has answered or `SHUFFLE_WAIT` has passed (`then`).

The host relays what a program says; it cannot prove that a program said it, nor that it
passes on every verdict (docs/PROTOCOL.md, "What the shared shuffle guarantees").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .. import protocol
from ..lifecycle import Clock, Timer, cancel
from ..protocol import HostError, Message
from .seats import Member, Seat
from .shared_shuffle import SHUFFLE_WAIT, SharedShuffle, proof_message
from .table_moves import Moves


class RoundChecks:
    def __init__(self, table: int, seats: Sequence[Seat], moves: Moves, shuffle: SharedShuffle,
                 record: Callable[[dict[str, Any]], None], tell: Callable[[Message], None],
                 clock: Clock) -> None:
        """``record``: journal a verdict (the table's own records); ``tell``: everyone at the
        table."""
        self.clock = clock
        self.shown: set[int] = set()            # the seats shown the last proof, to answer
        self.after: Callable[[], None] | None = None    # what waits for their verdicts
        self.timer: Timer | None = None
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
        self.shown = set()
        for seat in self.seats:
            if self.helper(seat.index) is not None and seat.member is not None:
                seat.member.send_frame(frame)
                self.shown.add(seat.index)
        self.warn()

    def then(self, after: Callable[[], None]) -> None:
        """Call ``after`` once the seats shown the last proof have said what they found (at
        most `SHUFFLE_WAIT` seconds from now; at once if none was shown it)."""
        self.after = after
        if not self.shown:
            self.settle()
        else:
            self.timer = self.clock.callLater(SHUFFLE_WAIT, self.settle)

    def settle(self) -> None:
        """What waits for the verdicts happens now."""
        after, self.after = self.after, None
        cancel(self.timer)
        self.timer = None
        if after is not None:
            after()

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
        if round_no == played.round_no:
            self.shown.discard(seat.index)
            if not self.shown and self.after is not None:
                self.settle()
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
