"""A table's game, move by move: journalled first, then kept in the public log and shown.

`Moves.make` is the one way a move changes the game, whether a seat makes it now or the
journal replays it at resume: the engine applies it (an illegal move changes nothing
and is not journalled), a live move is written to the journal, and then the game, the
move's number and the public log move on together. What follows a live move for the
people at the table (their views, the bots, the won trick's window) is the table's.

The journal is this part's too: the file a table's records go to (`journal`), the
metadata the host keeps of the game (`tichu_lan.records`), and its retirement once the
game is over or everybody has left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from twisted.logger import Logger

from engine import (Action, CollectTrick, Deal, GameState, RuleSet, SeatView, action_from_dict,
                    action_to_dict, apply, new_game, trick_to_collect, view, view_to_dict)
from engine.game import deck_of

from .. import protocol
from ..protocol import HostError
from ..records.journal import Journal, JournalError
from ..records.meta import TableName, header_marks
from .damage_notice import DamageNotice
from .public_log import PublicLog
from .seats import Member, Seat
from .services import Services

log = Logger()


@dataclass(frozen=True)
class Moved:
    """One move made: its number and its public events (as the wire carries them)."""

    seq: int
    events: list[dict[str, Any]]
    kinds: frozenset[str]           # the events' types
    round_over: bool                # the move ended a round


@dataclass(frozen=True)
class RoundPlayed:
    """A round that is over, as its proof shows it: the move that dealt it (0: the start),
    the deck it was dealt from and every move after the deal."""

    round_no: int
    dealt_at: int
    deck: list[int]
    moves: tuple[Action, ...]


class Moves:
    def __init__(self, table: int, services: Services, seats: Sequence[Seat],
                 spectators: Sequence[Member]) -> None:
        """``seats`` and ``spectators``: the table's, whose people see each move."""
        self.table = table
        self.services = services
        self.seats = seats
        self.spectators = spectators
        self.game: GameState | None = None
        self.seq = 0                                # moves made so far
        self.log = PublicLog()                      # the game's public events, for comebacks
        self.journal: Journal | None = None
        self.damage: DamageNotice | None = None     # what a damaged journal cost, at resume
        self.dealt_at = 0                           # the move that dealt the round in play
        self.deal_seed: str | None = None           # its shared seed (None: the game's seed)
        self.round_moves: list[Action] = []         # the moves since
        self.played: RoundPlayed | None = None      # the last round that is over
        self.marks: dict[str, str] = {}             # the header's evening and duplicate set
        self.timer: int | None = None               # the turn timer the game started with

    # --- the game ---------------------------------------------------------------------

    def started(self) -> GameState:
        if self.game is None:
            raise HostError("not_started", "the game has not started yet")
        return self.game

    def to_collect(self) -> CollectTrick | None:
        """The host's own move, if a won trick waits to be collected."""
        return trick_to_collect(self.game) if self.game is not None else None

    def state(self) -> str:
        if self.game is None:
            return "waiting"
        return "over" if self.game.over else "playing"

    def start(self, rules: RuleSet, seed: int, shared: bool = False,
              timer: int | None = None) -> None:
        """A new game; ``timer``: the table's turn timer as it starts, kept in its record."""
        self.game = new_game(rules, seed, shared=shared)
        self.timer = timer
        self.log.clear()
        self.resume_at(self.game, 0)

    def make(self, action: Action, journal: bool = True) -> Moved:
        """Make one move: the engine's judgement (IllegalAction changes nothing), the
        journal's record unless it is being replayed (HostError if the journal cannot take
        it: nothing changed either), then the game."""
        before = self.started()
        game, events = apply(before, action)
        if journal:
            self.write({"kind": "action", "n": self.seq + 1, "action": action_to_dict(action)})
        self.game, self.seq = game, self.seq + 1
        event_dicts = [e.to_dict() for e in events]
        self.log.add(self.seq, event_dicts)
        moved = Moved(self.seq, event_dicts, frozenset(e["type"] for e in event_dicts),
                      len(game.history) != len(before.history))
        self._follow_round(before, action, moved)
        return moved

    def _follow_round(self, before: GameState, action: Action, moved: Moved) -> None:
        """Keep the round's moves for its proof, and the round once it is over."""
        dealt = isinstance(action, Deal)
        if not dealt:
            self.round_moves.append(action)
        if moved.round_over:
            self.played = RoundPlayed(before.round_no, self.dealt_at,
                                      deck_of(before.seed, before.round_no, self.deal_seed),
                                      tuple(self.round_moves))
        if dealt or "round_started" in moved.kinds:
            self.dealt_at, self.round_moves = moved.seq, []
            self.deal_seed = action.seed if isinstance(action, Deal) else None

    def replay(self, record: dict[str, Any]) -> None:
        """A move read back from the journal."""
        if self.game is None or record["n"] != self.seq + 1:
            raise ValueError(f"move {record.get('n')} does not follow move {self.seq}")
        self.make(action_from_dict(record["action"]), journal=False)

    def resume_at(self, game: GameState | None, seq: int, deal: str | None = None) -> None:
        """Go on from a checkpoint: ``game`` as it stood after move ``seq``, which dealt its
        round (from the shared seed ``deal``, if the game's rounds are so dealt)."""
        self.game, self.seq = game, seq
        self.dealt_at, self.deal_seed, self.round_moves = seq, deal, []

    def again(self) -> None:
        """A new game at the same table: nothing played yet."""
        self.game, self.seq = None, 0

    # --- the journal ------------------------------------------------------------------

    def open(self, header: dict[str, Any]) -> None:
        """A new journal file, beginning with ``header``."""
        self.marks = header_marks(header)
        try:
            self.journal = Journal.create(self.services.journal_dir, self.table, header,
                                          self.services.fsync)
        except (OSError, JournalError) as exc:
            raise HostError("journal_failed", f"the host cannot create a journal: {exc}") from None

    def reopen(self, path: Path) -> None:
        """Go on writing the journal a resumed table was read from."""
        self.journal = Journal(path, self.services.fsync)

    def write(self, record: dict[str, Any]) -> None:
        if self.journal is not None:
            try:
                self.journal.append(record)
            except JournalError as exc:
                log.error("table {table}: {why}", table=self.table, why=exc)
                raise HostError("journal_failed", str(exc)) from None

    def note(self, name: TableName, state: str = "playing") -> None:
        """Keep the game's metadata for the game list and the statistics (tichu_lan/records);
        a failure to write it is logged and never stops the game."""
        keeping, journal = self.services.records, self.journal
        if keeping is None or journal is None or self.game is None:
            return
        seats = [(s.name, s.bot.level if s.kind == "bot" and s.bot else None) for s in self.seats]
        retention = self.services.retention
        try:
            keeping.note(journal.path, name, self.table, seats, self.game, self.seq, state,
                         prune=retention is None, marks=self.marks, timer=self.timer)
        except OSError as exc:
            log.error("table {table}: cannot keep the game's metadata: {why}", table=self.table,
                      why=exc)

    def retire(self, name: TableName, reason: str) -> None:
        """Keep a played game's journal among the finished ones; forget a table never started."""
        if self.journal is None:
            return
        try:
            if self.game is None:
                self.journal.close()
                self.journal.path.unlink()
            else:
                self.note(name, "over" if self.game.over else "closed")
                if self.services.retention is not None:
                    self.services.retention.soon()
                self.journal.append({"kind": reason})
                self.journal.retire(self.services.done_dir)
        except (OSError, JournalError) as exc:
            log.error("table {table}: could not retire the journal {path}: {why}",
                      table=self.table, path=self.journal.path, why=exc)
        self.journal = None

    # --- what people see --------------------------------------------------------------

    def view_of(self, seat: int) -> SeatView:
        """What ``seat`` sees of the game (-1: a spectator), once it has started."""
        return view(self.started(), seat)

    def _view_frame(self, seat: int, events: list[dict[str, Any]], log: bool = False) -> bytes:
        """A seat's view message; with ``log``, for a newcomer, the game's public log too."""
        message = {"type": "view", "table": self.table, "seq": self.seq,
                   "view": view_to_dict(self.view_of(seat)), "events": events}
        if log:
            message["log"] = self.log.to_list()
        return protocol.encode(message)

    def show(self, member: Member, seat: Seat | None = None) -> None:
        """What a newcomer sees, in ``seat`` or watching: the game, and its log, so far, and
        what a damaged journal cost."""
        if self.dealt():
            member.send_frame(self._view_frame(seat.index if seat else -1, [], log=True))
        if self.damage:
            self.damage.tell(member, seat.token if seat else None)

    def dealt(self) -> bool:
        """The game has its first cards (a shared game has none before its first deal)."""
        return self.game is not None and self.game.round_no > 0

    def show_all(self, events: list[dict[str, Any]]) -> None:
        """Everyone's view after a change, each seat its own, with the events that made it."""
        if not self.dealt():
            return
        for seat in self.seats:
            if seat.member is not None:
                seat.member.send_frame(self._view_frame(seat.index, events))
        if self.spectators:
            frame = self._view_frame(-1, events)
            for member in self.spectators:
                member.send_frame(frame)
