"""One table: its seats, its spectators and its game, journalled as it goes.

Every change is a record: the table writes it to its journal first and applies
it second, and restoring a table from its journal applies the same records in
the same way, so a resumed table is the table that was (seats and tokens
included). Moves come in through `Table.act`, the one door for people and bots
alike; the engine decides whether they are legal. One step is the table's own: a
won trick waits after its last pass for the table's window (`TableOptions.collect`,
the same whatever anyone holds), in which any seat may still bomb it, and the table
collects it when the window is over.
"""

from __future__ import annotations

import dataclasses
import secrets
from datetime import datetime
from pathlib import Path
from typing import Any

from twisted.logger import Logger

from engine import (Action, CollectTrick, GameState, RuleSet, SeatView, action_from_dict,
                    action_to_dict, apply, new_game, trick_to_collect, view, view_to_dict)
from engine.bots import levels

from .. import protocol
from ..lifecycle import Timer, cancel
from ..protocol import HostError
from . import checkpoint
from .botseats import BotDriver, BotPlayer, check_bot_level
from .damage_notice import DamageNotice
from .host_config import TableOptions
from ..records.journal import CHECKPOINT, FORMAT, Journal, JournalError, JournalRead
from .public_log import PublicLog
from .seats import Member, Password, Seat, SeatRequest, new_token
from .services import Services

log = Logger()
COLLECT_RETRY = 5.0    # seconds, when the journal could not take a won trick's collection
# The requests only the person who runs a table may make, and what they do (in the host's
# English; a client words them by request type, see tichu_lan.words.refusals).
RUNNERS_TASKS = {"add_bot": "add bots", "remove_bot": "remove bots", "start": "start the game",
                 "set_options": "change the table's options",
                 "grant_seat": "let people take bots' seats"}


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
        self.owner: int | None = None      # the seat of the person who runs the table
        self.requests: dict[int, SeatRequest] = {}   # bots' seats people asked for mid-round
        self.again: set[int] = set()       # seats whose people want to play again (game over)
        self.evening: list[dict[str, Any]] = []   # the people's standings tonight (game over)
        self.collecting: Timer | None = None   # the end of a won trick's window for bombs
        self.log = PublicLog()                 # the game's public events, for comebacks

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

    def _note(self, state: str = "playing") -> None:
        """Keep the game's metadata for the game list and the statistics (tichu_lan/records);
        a failure to write it is logged and never stops the game."""
        keeping, journal = self.services.records, self.journal
        if keeping is None or journal is None or self.game is None:
            return
        seats = [(s.name, s.bot.level if s.kind == "bot" and s.bot else None) for s in self.seats]
        try:
            keeping.note(journal.path, self.name, self.id, seats, self.game, self.seq, state)
        except OSError as exc:
            log.error("table {table}: cannot keep the game's metadata: {why}", table=self.id,
                      why=exc)

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
            if self.owner is None:
                self.owner = seat.index
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
            if seat.index == self.owner:
                self.owner = self._next_person(seat.index)
        elif kind == "owner":
            self.owner = self._seat_of(record).index
        elif kind == "options":
            self.options = TableOptions.from_dict(record["options"])
        elif kind == "start":
            self.game = new_game(self.rules, self.seed)
            self.log.clear()
        elif kind == "action":
            if self.game is None or record["n"] != self.seq + 1:
                raise ValueError(f"move {record.get('n')} does not follow move {self.seq}")
            self.game, events = apply(self.game, action_from_dict(record["action"]))
            self.seq += 1
            self.log.add(self.seq, [e.to_dict() for e in events])
        elif kind == CHECKPOINT:
            checkpoint.restore(self, record)
        else:
            raise ValueError(f"unknown record kind {kind!r}")

    def _next_person(self, after: int) -> int | None:
        """The first seat after ``after`` that a person holds (who runs the table next)."""
        count = len(self.seats)
        return next((i % count for i in range(after + 1, after + count)
                     if self.seats[i % count].token), None)

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
        if head and head.get("kind") == "table" and head.get("format") == 1:
            raise JournalError(f"{read.path} was written by an earlier tichu-lan, whose tricks "
                               "were collected at the last pass: resume it with that version")
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
        self._hold_won_trick()
        self.bots.changed()

    # --- people ---------------------------------------------------------------------

    def check_password(self, text: str | None) -> None:
        if self.password is not None and not self.password.matches(text):
            raise HostError("wrong_password", f"table {self.name!r} needs the right password",
                            params={"table": self.name})

    def sit(self, member: Member, name: str, index: int | None = None) -> Seat | None:
        """Seat a person (on an empty seat, or in place of a table bot); they get a new token.

        In the middle of a round a bot's seat is only asked for: None says the person
        waits, and `Member.granted` tells them once the owner lets them in or the round
        ends (the bot's cards are theirs then, and nobody was surprised)."""
        seat = self._free_seat(index)
        if seat.kind == "bot" and self.mid_round:
            self._ask_for(seat, member, name)
            return None
        return self._seat_person(seat, member, name)

    @property
    def mid_round(self) -> bool:
        return self.game is not None and not self.game.over

    def _seat_person(self, seat: Seat, member: Member, name: str) -> Seat:
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
            if index in self.requests:
                raise HostError("seat_requested", f"{self.requests[index].name} has asked for "
                                f"seat {index} already",
                                params={"seat": index, "name": self.requests[index].name})
            return seat
        for kind in ("empty", "bot"):
            for seat in self.seats:
                if seat.open and seat.kind == kind and seat.index not in self.requests:
                    return seat
        raise HostError("table_full", f"every seat at table {self.name!r} is taken by a person",
                        params={"table": self.name})

    def _ask_for(self, seat: Seat, member: Member, name: str) -> None:
        self.requests[seat.index] = SeatRequest(member, name)
        log.info("table {table}: {name} asks for seat {seat}, played by a bot", table=self.id,
                 name=name, seat=seat.index)
        runner = self.runner()
        member.send({"type": "pending", "table": self.id, "seat": seat.index,
                     "owner": runner.name if runner is not None else ""})
        self._seats_changed()

    def grant(self, index: int, now: bool) -> None:
        """The owner's answer to a request for seat ``index``: now, or when the round ends."""
        if index not in self.requests:
            raise HostError("no_request", f"nobody is asking for seat {index}",
                            params={"seat": index})
        if now:
            self._let_in(index)
        else:
            self.requests[index].answered = True
            self._seats_changed()

    def _let_in(self, index: int) -> None:
        request = self.requests.pop(index)
        seat = self._seat_person(self.seats[index], request.member, request.name)
        request.member.granted(seat)

    def withdraw(self, member: Member) -> bool:
        """Forget the request ``member`` made, if any (they left, or lost the connection)."""
        for index, request in list(self.requests.items()):
            if request.member is member:
                del self.requests[index]
                self._seats_changed()
                return True
        return False

    def _let_everyone_in(self) -> None:
        """A round is over: whoever asked for a bot's seat gets it before the next one."""
        for index in sorted(self.requests):
            self._let_in(index)

    # --- who runs the table -----------------------------------------------------------

    def runner(self) -> Seat | None:
        """The seat whose person runs the table now: its owner's while they are here, else the
        next person's who is (a dropped connection does not leave a table without anyone to
        start it)."""
        if self.owner is None:
            return None
        count = len(self.seats)
        for step in range(count):
            seat = self.seats[(self.owner + step) % count]
            if seat.token and seat.member is not None:
                return seat
        return self.seats[self.owner]

    def check_runner(self, seat: Seat, what: str) -> None:
        """Refuse, naming who may, unless ``seat`` runs the table. ``what`` is the request
        refused, one of `RUNNERS_TASKS`, which the refusal names for the client to word."""
        runner = self.runner()
        if runner is not None and runner is not seat:
            raise HostError("not_owner", f"only {runner.name}, who runs this table, may "
                            f"{RUNNERS_TASKS[what]}", params={"name": runner.name, "what": what})

    def set_options(self, changes: dict[str, Any]) -> None:
        if "bot_level" in changes:
            check_bot_level(changes["bot_level"])
        options = dataclasses.replace(self.options, **changes)
        self._commit({"kind": "options", "options": options.to_dict()})
        log.info("table {table}: the options are now {options}", table=self.id,
                 options=options.to_dict())
        self._seats_changed()

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
        if not self._play_again_if_agreed():
            self._seats_changed()

    def _away(self, seat: Seat) -> None:
        """Start the grace period of a person's seat nobody is connected to."""
        playing = self.game is not None and not self.game.over and not self.closed
        if seat.token and seat.member is None and playing and self.options.takeover \
                and seat.takeover is None and seat.bot is None:
            clock = self.services.clock
            seat.takeover = clock.callLater(self.options.grace, self._take_over, seat)
            seat.takeover_at = clock.seconds() + self.options.grace

    def _take_over(self, seat: Seat) -> None:
        seat.takeover, seat.takeover_at = None, None
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
        self.again.discard(seat.index)
        if not self._play_again_if_agreed():
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
        if not self._play_again_if_agreed():
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
        self._note()
        checkpoint.write(self)
        log.info("table {table}: the game starts", table=self.id)
        for seat in self.seats:
            self._away(seat)
        self._seats_changed()
        self._send_views([])
        self.bots.changed()

    # --- moves ----------------------------------------------------------------------

    def act(self, seat: int, action: Action, arrived: float | None = None) -> int:
        """Apply one move of ``seat``: journal it, then show everyone. Raises IllegalAction,
        or HostError for the step that is the host's own (collecting a won trick)."""
        if isinstance(action, CollectTrick):
            raise HostError("host_collects", "the host collects a won trick itself, once its "
                            "window for bombs is over; a seat cannot")
        return self._move(action, arrived)

    def _move(self, action: Action, arrived: float | None = None) -> int:
        """Apply a move (a seat's or the host's own): journal it, then show everyone."""
        game, events = apply(self._started(), action)
        self._write({"kind": "action", "n": self.seq + 1, "action": action_to_dict(action)})
        round_over = len(game.history) != len(self._started().history)
        self.game = game
        self.seq += 1
        if round_over and not game.over:
            self._note()
        event_dicts = [e.to_dict() for e in events]
        self.log.add(self.seq, event_dicts)
        checkpoint.after_move(self, {e["type"] for e in event_dicts})
        self._send_views(event_dicts)
        self.services.metrics.action_done(arrived)
        kinds = frozenset(e["type"] for e in event_dicts)
        if "round_ended" in kinds:
            self._let_everyone_in()
        if game.over:
            self._game_over(game)
        self._hold_won_trick()
        self.bots.changed(kinds)
        return self.seq

    # --- the won trick's window -------------------------------------------------------

    def _hold_won_trick(self) -> None:
        """Start the window of a trick that has begun to wait; end it once the trick no longer
        waits (a bomb fell on it). A Tichu call in the window changes nothing."""
        waits = self.game is not None and trick_to_collect(self.game) is not None
        if waits and self.collecting is None and not self.closed:
            self.collecting = self.services.clock.callLater(self.options.collect,
                                                            self._collect)
        elif not waits and self.collecting is not None:
            self._stop_collecting()

    def _stop_collecting(self) -> None:
        cancel(self.collecting)
        self.collecting = None

    def _collect(self) -> None:
        """The window is over: the trick goes to its winner."""
        self.collecting = None
        collect = trick_to_collect(self.game) if self.game is not None else None
        if collect is None or self.closed:
            return
        try:
            self._move(collect)
        except HostError as exc:                 # the journal failed: try again later
            log.error("table {table}: the won trick could not be collected ({why}); trying "
                      "again in {after} s", table=self.id, why=exc, after=COLLECT_RETRY)
            self.collecting = self.services.clock.callLater(COLLECT_RETRY, self._collect)
            self._tell_stalled(exc)

    def _tell_stalled(self, exc: HostError) -> None:
        """Everyone at the table hears why the game does not go on (docs/PROTOCOL.md)."""
        stalled = protocol.notice_message(
            self.id, "journal_stalled", f"the host could not save this table's next move "
            f"({exc.message[:600]}); the game waits, and it tries again every {COLLECT_RETRY:g} s",
            {"seconds": COLLECT_RETRY})
        for member in self.members():
            member.send(stalled)

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
        self.evening = self._evening()
        self._seats_changed()

    def _evening(self) -> list[dict[str, Any]]:
        """This evening's standings of the people at the table, for their game-over page;
        kept games that cannot be read cost only the page's lines."""
        names = {s.name for s in self.seats if s.kind == "person"}
        if self.services.records is None or not names:
            return []
        try:
            return self.services.records.evening(names, datetime.now().astimezone())
        except OSError as exc:
            log.error("table {table}: cannot read the evening's games: {why}", table=self.id,
                      why=exc)
            return []

    # --- playing again --------------------------------------------------------------

    def play_again(self, seat: Seat, agree: bool) -> None:
        """``seat``'s person wants (or no longer wants) a new game at this table; it starts,
        with the same seats, once every person here wants it."""
        if self.state() != "over":
            raise HostError("not_over", "a new game can be agreed on once this one is over")
        if agree:
            self.again.add(seat.index)
        else:
            self.again.discard(seat.index)
        if not self._play_again_if_agreed():
            self._seats_changed()

    def _play_again_if_agreed(self) -> bool:
        """Start the new game if every person here wants it and no seat is empty."""
        here = {s.index for s in self.seats if s.token and s.member is not None}
        if self.state() != "over" or not here or not here <= self.again \
                or any(s.kind == "empty" for s in self.seats):
            return False
        old_seed, self.seed = self.seed, secrets.randbits(63)
        try:
            self.open_journal()
        except HostError as exc:
            log.error("table {table}: no new game ({why})", table=self.id, why=exc)
            self.seed = old_seed
            return False
        self._new_game()
        return True

    def _new_game(self) -> None:
        """The same table again, in the new journal: a new deal, the seats as they are."""
        self.again.clear()
        self.game, self.seq = None, 0
        log.info("table {table}: everyone plays again", table=self.id)
        for seat in self.seats:
            if seat.token:
                self._write({"kind": "sit", "seat": seat.index, "token": seat.token,
                             "name": seat.name})
                if seat.bot is not None:        # a stand-in starts the new game afresh
                    self._drop_bot(seat)
                    seat.bot = self._make_bot(self.options.bot_level, secrets.randbits(32),
                                              stand_in=True)
            elif seat.bot is not None:
                self._commit({"kind": "bot", "seat": seat.index, "level": seat.bot.level,
                              "seed": secrets.randbits(32)})
        if self.owner is not None:
            self._write({"kind": "owner", "seat": self.owner})
        self.start()

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
        now = self.services.clock.seconds()
        runner = self.runner()
        out = {"id": self.id, "name": self.name, "rules": self.rules.to_dict(),
               "state": self.state(), "seats": [s.to_dict(now) for s in self.seats],
               "open_seats": sum(s.open for s in self.seats), "spectators": len(self.spectators),
               "password": self.password is not None, "options": self.options.to_dict(),
               "seq": self.seq, "owner": runner.index if runner is not None else None,
               "requests": [r.to_dict(i) for i, r in sorted(self.requests.items())],
               "again": sorted(self.again)}
        if self.state() == "over":
            out["seed"], out["evening"] = self.seed, self.evening
        return out

    def _seats_changed(self) -> None:
        frame = protocol.encode({"type": "table", "table": self.to_dict()})
        for member in self.members():
            member.send_frame(frame)
        self.services.changed(self)

    def _view_frame(self, seat: int, events: list[dict[str, Any]], log: bool = False) -> bytes:
        """A seat's view message; with ``log``, for a newcomer, the game's public log too."""
        message = {"type": "view", "table": self.id, "seq": self.seq,
                   "view": view_to_dict(self.view_of(seat)), "events": events}
        if log:
            message["log"] = self.log.to_list()
        return protocol.encode(message)

    def _send_view(self, seat: Seat) -> None:
        if self.game is not None and seat.member is not None:
            seat.member.send_frame(self._view_frame(seat.index, [], log=True))
        if self.damage and seat.member is not None:
            self.damage.tell(seat.member, seat.token)

    def _send_spectator_view(self, member: Member) -> None:
        if self.game is not None:
            member.send_frame(self._view_frame(-1, [], log=True))
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
        self._stop_collecting()
        for seat in self.seats:
            seat.cancel_takeover()
            self._drop_bot(seat)
        requests, self.requests = self.requests, {}
        for request in requests.values():
            request.member.turned_down(HostError(
                "no_such_table", f"table {self.name!r} has closed",
                params={"table": self.id, "closed": self.name}))
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
                self._note("over" if self.game.over else "closed")
                self.journal.append({"kind": reason})
                self.journal.retire(self.services.done_dir)
        except (OSError, JournalError) as exc:
            log.error("table {table}: could not retire the journal {path}: {why}", table=self.id,
                      path=self.journal.path, why=exc)
        self.journal = None

    def shut_down(self) -> None:
        """The host stops: keep the journal as it is, so that the table can be resumed."""
        self.closed = True
        self._stop_collecting()
        for seat in self.seats:
            seat.cancel_takeover()
            self._drop_bot(seat)
        if self.journal is not None:
            self.journal.close()
