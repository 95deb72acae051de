"""One table: its seats, its spectators and its game, journalled as it goes.

Every change is a record: the table writes it to its journal first and applies
it second, and restoring a table from its journal applies the same records in
the same way, so a resumed table is the table that was (seats and tokens
included). Moves come in through `Table.act`, the one door for people and bots
alike; the engine decides whether they are legal.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

from twisted.logger import Logger

from engine import (Action, GameState, RuleSet, SeatView, action_from_dict, action_to_dict, apply,
                    new_game, view, view_to_dict)
from engine.bots import levels

from .. import protocol
from ..protocol import HostError
from . import checkpoint
from .botseats import BotDriver, BotPlayer, check_bot_level
from .damage_notice import DamageNotice
from .host_config import TableOptions
from .journal import CHECKPOINT, FORMAT, Journal, JournalError, JournalRead
from .seats import Member, Password, Seat, new_token
from .services import Services

log = Logger()


class Table:
    def __init__(self, table_id: int, name: str, rules: RuleSet, seed: int, options: TableOptions,
                 password: Password | None, services: Services) -> None:
        self.id = table_id
        self.name = name
        self.rules = rules
        self.seed = seed
        self.options = options
        self.password = password
        self.services = services
        self.seats = [Seat(i) for i in range(rules.seats)]
        self.spectators: list[Member] = []
        self.game: GameState | None = None
        self.seq = 0                       # moves accepted so far
        self.closed = False
        self.journal: Journal | None = None
        self.damage: DamageNotice | None = None   # what a damaged journal cost, at resume
        self.bots = BotDriver(self, services.pacing, services.clock)

    # --- the journal ----------------------------------------------------------------

    def header(self) -> dict[str, Any]:
        return {"kind": "table", "format": FORMAT, "program": protocol.PROGRAM, "id": self.id,
                "name": self.name, "rules": self.rules.to_dict(), "seed": self.seed,
                "options": self.options.to_dict(),
                "password": self.password.to_dict() if self.password else None}

    def open_journal(self) -> None:
        try:
            self.journal = Journal.create(self.services.journal_dir, self.id, self.header(),
                                          self.services.fsync)
        except (OSError, JournalError) as exc:
            raise HostError("journal_failed", f"the host cannot create a journal: {exc}") from None

    def _write(self, record: dict[str, Any]) -> None:
        if self.journal is not None:
            try:
                self.journal.append(record)
            except JournalError as exc:
                log.error("table {table}: {why}", table=self.id, why=exc)
                raise HostError("journal_failed", str(exc)) from None

    def _commit(self, record: dict[str, Any]) -> None:
        """Journal a change, then make it."""
        self._write(record)
        self._apply(record)

    def _apply(self, record: dict[str, Any]) -> None:
        kind = record["kind"]
        if kind == "sit":
            seat = self._seat_of(record)
            self._drop_bot(seat)
            seat.token, seat.name = str(record["token"]), str(record["name"])
        elif kind == "bot":
            seat = self._seat_of(record)
            self._drop_bot(seat)
            seat.bot = self._make_bot(str(record["level"]), int(record["seed"]))
            seat.name = f"{seat.bot.level} bot"
        elif kind == "free":
            seat = self._seat_of(record)
            self._drop_bot(seat)
            seat.cancel_takeover()
            seat.token, seat.name, seat.member = None, "", None
        elif kind == "start":
            self.game = new_game(self.rules, self.seed)
        elif kind == "action":
            if self.game is None or record["n"] != self.seq + 1:
                raise ValueError(f"move {record.get('n')} does not follow move {self.seq}")
            self.game, _ = apply(self.game, action_from_dict(record["action"]))
            self.seq += 1
        elif kind == CHECKPOINT:
            checkpoint.restore(self, record)
        else:
            raise ValueError(f"unknown record kind {kind!r}")

    def _seat_of(self, record: dict[str, Any]) -> Seat:
        index = record["seat"]
        if not isinstance(index, int) or not 0 <= index < len(self.seats):
            raise ValueError(f"there is no seat {index!r} at this table")
        return self.seats[index]

    def _make_bot(self, level: str, seed: int, stand_in: bool = False) -> BotPlayer:
        """A bot of ``level``, or of the first level there is if this program has no such level
        (a journal written by another version must not lose its game over a bot)."""
        if level not in levels():
            log.warn("table {table}: no bot level {missing!r} here; a {other} bot plays instead",
                     table=self.id, missing=level, other=levels()[0])
            level = levels()[0]
        return BotPlayer(self.services.runner.make(level, seed), level, seed, stand_in)

    def _drop_bot(self, seat: Seat) -> None:
        if seat.bot is not None:
            seat.bot.close()
            seat.bot = None

    @classmethod
    def restore(cls, read: JournalRead, services: Services, table_id: int) -> Table:
        """The table a journal describes, up to its last usable record (damage goes into
        ``read``)."""
        head = read.records[0] if read.records else None
        if not head or head.get("kind") != "table" or head.get("format") != FORMAT:
            raise JournalError(f"{read.path} is not a table journal this host can read")
        password = Password.from_dict(head["password"]) if head.get("password") else None
        table = cls(table_id, str(head["name"]), RuleSet.from_dict(head["rules"]),
                    int(head["seed"]), TableOptions.from_dict(head["options"]), password,
                    services)
        index = 1
        while index < len(read.records):
            try:
                table._apply(read.records[index])
                index += 1
            except Exception as exc:    # a record that does not apply: on from a checkpoint
                index = read.damaged_at(index, f"cannot be applied ({type(exc).__name__}: {exc})")
        return table

    def resumed(self, journal: Path) -> None:
        """Carry on after `restore` in its ``journal`` (once any damaged tail is cut off it)."""
        self.journal = Journal(journal, self.services.fsync)
        for seat in self.seats:
            self._away(seat)
        self.bots.changed()

    # --- people ---------------------------------------------------------------------

    def check_password(self, text: str | None) -> None:
        if self.password is not None and not self.password.matches(text):
            raise HostError("wrong_password", f"table {self.name!r} needs the right password",
                            params={"table": self.name})

    def sit(self, member: Member, name: str, index: int | None = None) -> Seat:
        """Seat a person (on an empty seat, or in place of a table bot); they get a new token."""
        seat = self._free_seat(index)
        token = new_token()
        self._commit({"kind": "sit", "seat": seat.index, "token": token, "name": name})
        seat.member = member
        log.info("table {table}: {name} sits in seat {seat}", table=self.id, name=name,
                 seat=seat.index)
        self._seats_changed()
        self._send_view(seat)
        self.bots.changed()
        return seat

    def _free_seat(self, index: int | None) -> Seat:
        if index is not None:
            if index >= len(self.seats):
                raise HostError("no_such_seat", f"this {self.rules.variant.value} table has seats "
                                f"0 to {len(self.seats) - 1}", params={"seats": len(self.seats)})
            seat = self.seats[index]
            if not seat.open:
                raise HostError("seat_taken", f"seat {index} is taken by {seat.name}",
                                params={"seat": index, "name": seat.name})
            return seat
        for kind in ("empty", "bot"):
            for seat in self.seats:
                if seat.open and seat.kind == kind:
                    return seat
        raise HostError("table_full", f"every seat at table {self.name!r} is taken by a person",
                        params={"table": self.name})

    def come_back(self, seat: Seat, member: Member) -> None:
        """A person returns with their token: the seat is theirs again, stand-in or not."""
        if seat.member is not None and seat.member is not member:
            seat.member.send(protocol.error_message(HostError(
                "bad_token", "your seat was taken back by a new connection with its token")))
            seat.member.detach()
        seat.cancel_takeover()
        if seat.bot is not None and seat.bot.stand_in:
            self._drop_bot(seat)
        seat.member = member
        log.info("table {table}: {name} is back in seat {seat}", table=self.id, name=seat.name,
                 seat=seat.index)
        self._seats_changed()
        self._send_view(seat)

    def went_away(self, seat: Seat) -> None:
        """The person's connection dropped; the seat stays theirs."""
        seat.member = None
        self._away(seat)
        self._seats_changed()

    def _away(self, seat: Seat) -> None:
        """Start the grace period of a person's seat nobody is connected to."""
        playing = self.game is not None and not self.game.over and not self.closed
        if seat.token and seat.member is None and playing and self.options.takeover \
                and seat.takeover is None and seat.bot is None:
            seat.takeover = self.services.clock.callLater(self.options.grace, self._take_over, seat)

    def _take_over(self, seat: Seat) -> None:
        seat.takeover = None
        if seat.member is not None or not seat.token or self.closed:
            return
        seat.bot = self._make_bot(self.options.bot_level, secrets.randbits(32), stand_in=True)
        log.info("table {table}: a {bot_level} bot plays for {name} in seat {seat} until they "
                 "return", table=self.id, bot_level=seat.bot.level, name=seat.name,
                 seat=seat.index)
        self._seats_changed()
        self.bots.ask(seat)

    def leave(self, seat: Seat) -> None:
        """A person gives the seat up for good; in a running game a bot takes it if the table
        says so."""
        log.info("table {table}: {name} leaves seat {seat}", table=self.id, name=seat.name,
                 seat=seat.index)
        self._commit({"kind": "free", "seat": seat.index})
        if self.game is not None and not self.game.over and self.options.takeover:
            self._commit({"kind": "bot", "seat": seat.index, "level": self.options.bot_level,
                          "seed": secrets.randbits(32)})
            self.bots.ask(seat)
        self._seats_changed()
        self._close_if_abandoned()

    def spectate(self, member: Member, limit: int) -> None:
        if len(self.spectators) >= limit:
            raise HostError("table_full", f"table {self.name!r} has its {limit} spectators already",
                            params={"table": self.name, "spectators": limit})
        self.spectators.append(member)
        self._seats_changed()
        self._send_spectator_view(member)

    def stop_spectating(self, member: Member) -> None:
        if member in self.spectators:
            self.spectators.remove(member)
            self._seats_changed()
            self._close_if_abandoned()

    def chat(self, seat: int, name: str, text: str) -> None:
        frame = protocol.encode({"type": "chat", "table": self.id, "seat": seat, "name": name,
                                 "text": text})
        for member in self.members():
            member.send_frame(frame)

    # --- bots and the start ---------------------------------------------------------

    def add_bot(self, index: int, level: str | None) -> None:
        level = level or self.options.bot_level
        check_bot_level(level)
        if index >= len(self.seats):
            raise HostError("no_such_seat", f"this table has seats 0 to {len(self.seats) - 1}",
                            params={"seats": len(self.seats)})
        if self.seats[index].kind != "empty":
            raise HostError("seat_taken", f"seat {index} is taken by {self.seats[index].name}",
                            params={"seat": index, "name": self.seats[index].name})
        self._commit({"kind": "bot", "seat": index, "level": level, "seed": secrets.randbits(32)})
        self._seats_changed()
        self.bots.ask(self.seats[index])

    def remove_bot(self, index: int) -> None:
        if index >= len(self.seats) or self.seats[index].kind != "bot":
            raise HostError("not_a_bot", f"no bot of the table's own sits in seat {index}",
                            params={"seat": index})
        if self.game is not None and not self.game.over:
            raise HostError("already_started", "the game is running: a bot keeps its seat until "
                            "a person joins in its place", params={"seat": index})
        self._commit({"kind": "free", "seat": index})
        self._seats_changed()

    def start(self) -> None:
        if self.game is not None:
            raise HostError("already_started", "the game has started already")
        empty = [s.index for s in self.seats if s.kind == "empty"]
        if empty:
            raise HostError("seats_empty", f"empty seats: {', '.join(map(str, empty))}; add a "
                            "bot or wait for a player", params={"seats": empty})
        self._commit({"kind": "start"})
        checkpoint.write(self)
        log.info("table {table}: the game starts", table=self.id)
        for seat in self.seats:
            self._away(seat)
        self._seats_changed()
        self._send_views([])
        self.bots.changed()

    # --- moves ----------------------------------------------------------------------

    def act(self, seat: int, action: Action, arrived: float | None = None) -> int:
        """Apply one move of ``seat``: journal it, then show everyone. Raises IllegalAction."""
        game, events = apply(self._started(), action)
        self._write({"kind": "action", "n": self.seq + 1, "action": action_to_dict(action)})
        self.game = game
        self.seq += 1
        event_dicts = [e.to_dict() for e in events]
        checkpoint.after_move(self, {e["type"] for e in event_dicts})
        self._send_views(event_dicts)
        self.services.metrics.action_done(arrived)
        if game.over:
            self._game_over(game)
        self.bots.changed(frozenset(e["type"] for e in event_dicts))
        return self.seq

    def _started(self) -> GameState:
        if self.game is None:
            raise HostError("not_started", "the game has not started yet")
        return self.game

    def _game_over(self, game: GameState) -> None:
        log.info("table {table}: the game is over, scores {scores}", table=self.id,
                 scores=game.scores)
        for seat in self.seats:
            seat.cancel_takeover()
        self._retire_journal("over")
        self._seats_changed()

    # --- what people see ------------------------------------------------------------

    def view_of(self, seat: int) -> SeatView:
        """What ``seat`` sees of the game (-1: a spectator), once it has started."""
        return view(self._started(), seat)

    def members(self) -> list[Member]:
        return [s.member for s in self.seats if s.member is not None] + self.spectators

    def state(self) -> str:
        if self.game is None:
            return "waiting"
        return "over" if self.game.over else "playing"

    def to_dict(self) -> dict[str, Any]:
        """The table as the lobby and its members see it (the seed only once the game is over)."""
        out = {"id": self.id, "name": self.name, "rules": self.rules.to_dict(),
               "state": self.state(), "seats": [s.to_dict() for s in self.seats],
               "open_seats": sum(s.open for s in self.seats), "spectators": len(self.spectators),
               "password": self.password is not None, "options": self.options.to_dict(),
               "seq": self.seq}
        if self.state() == "over":
            out["seed"] = self.seed
        return out

    def _seats_changed(self) -> None:
        frame = protocol.encode({"type": "table", "table": self.to_dict()})
        for member in self.members():
            member.send_frame(frame)
        self.services.changed(self)

    def _view_frame(self, seat: int, events: list[dict[str, Any]]) -> bytes:
        return protocol.encode({"type": "view", "table": self.id, "seq": self.seq,
                                "view": view_to_dict(self.view_of(seat)), "events": events})

    def _send_view(self, seat: Seat) -> None:
        if self.game is not None and seat.member is not None:
            seat.member.send_frame(self._view_frame(seat.index, []))
        if self.damage and seat.member is not None:
            self.damage.tell(seat.member, seat.token)

    def _send_spectator_view(self, member: Member) -> None:
        if self.game is not None:
            member.send_frame(self._view_frame(-1, []))
        if self.damage:
            self.damage.tell(member)

    def _send_views(self, events: list[dict[str, Any]]) -> None:
        for seat in self.seats:
            if seat.member is not None:
                seat.member.send_frame(self._view_frame(seat.index, events))
        if self.spectators:
            frame = self._view_frame(-1, events)
            for member in self.spectators:
                member.send_frame(frame)

    # --- the end --------------------------------------------------------------------

    def _close_if_abandoned(self) -> None:
        if not self.spectators and all(s.token is None for s in self.seats):
            self.close("closed")

    def close(self, reason: str) -> None:
        """Nobody is left: stop the bots and retire the journal (the table will not be resumed)."""
        if self.closed:
            return
        self.closed = True
        for seat in self.seats:
            seat.cancel_takeover()
            self._drop_bot(seat)
        self._retire_journal(reason)
        log.info("table {table} closes ({reason})", table=self.id, reason=reason)
        self.services.changed(self)

    def _retire_journal(self, reason: str) -> None:
        """Keep a played game's journal among the finished ones; forget a table never started."""
        if self.journal is None:
            return
        try:
            if self.game is None:
                self.journal.close()
                self.journal.path.unlink()
            else:
                self.journal.append({"kind": reason})
                self.journal.retire(self.services.done_dir)
        except (OSError, JournalError) as exc:
            log.error("table {table}: could not retire the journal {path}: {why}", table=self.id,
                      path=self.journal.path, why=exc)
        self.journal = None

    def shut_down(self) -> None:
        """The host stops: keep the journal as it is, so that the table can be resumed."""
        self.closed = True
        for seat in self.seats:
            seat.cancel_takeover()
            self._drop_bot(seat)
        if self.journal is not None:
            self.journal.close()
