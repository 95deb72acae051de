"""One table: its seats, its spectators and its game, journalled as it goes.

Every change is a record: the table writes it to its journal first and applies it
second (`Table.apply` says what each record does); a table restored from its journal
applies the same records, so it is the table that was (seats and tokens included). Moves
come in through `Table.act`, the one door for people and bots; the engine judges them.

The table coordinates parts that each own one thing: `Seating` (the seats, requests for
a bot's seat, who runs the table), `StandIns` (a person away), `Audience` (who hears what
happens here), `Moves` (the game, its journal, its public log and views), `CollectWindow`
(the won trick's window for bombs), `SharedShuffle` (the shuffle before a shared game's
every round), `RoundChecks` (each round's proof, and what the programs found), `Rematch`
(the evening's standings, playing again) and `BotDriver` (the bots). What happens after a
change, and in which order, is the table's.
"""

from __future__ import annotations

import dataclasses
import secrets
from pathlib import Path
from typing import Any

from twisted.logger import Logger

from engine import Action, CollectTrick, Deal, GameState, RuleSet, SeatView
from engine.game import next_deal, waits_for_deal

from .. import protocol
from ..protocol import HostError
from ..records.journal import CHECKPOINT, FORMAT, Journal
from ..records.meta import TableName
from . import checkpoint
from .audience import Audience
from .botseats import BotDriver, BotMaker, check_bot_level
from .collect_window import COLLECT_RETRY, CollectWindow, stalled
from .host_config import TableOptions
from .rematch import Rematch
from .round_checks import RoundChecks
from .seating import Seating
from .seats import Member, Password, Seat, new_token
from .services import Services
from .shared_shuffle import SHUFFLE_KINDS, SharedShuffle
from .stand_ins import StandIns
from .table_moves import Moves
from .waiting_list import WaitingList

log = Logger()


class Table:
    line_takes_seats = True     # the waiting list may have a free seat (`waiting_list`)

    def __init__(self, table_id: int, name: TableName, rules: RuleSet, seed: int,
                 options: TableOptions, password: Password | None, services: Services,
                 shared: bool = False) -> None:
        """``name``: the name the table was given, if any, and who opened it. ``shared``:
        each round is dealt from a seed the table makes together (a host given a seed deals
        from it instead, so that a game can be played again)."""
        self.id = table_id
        self.shared = shared
        self.name = name
        self.rules = rules
        self.seed = seed
        self.options = options
        self.password = password
        self.services = services
        self.closed = False
        self.opened_from: str | None = None     # the opener's address (a resumed table: None)
        bots = BotMaker(services.runner, table_id)
        self.seating = Seating(rules.seats, name, rules.variant.value, bots)
        self.seats = self.seating.seats                 # the same list, and the same dict:
        self.requests = self.seating.requests           # what the host's own screen reads
        self.audience = Audience(name, self.seats, self.seats_changed,
                                 lambda member: self.moves.show(member),
                                 lambda: self.close("closed"))
        self.spectators = self.audience.spectators
        self.moves = Moves(table_id, services, self.seats, self.spectators)
        self.bots = BotDriver(self, services.pacing, services.clock, bots)
        self.stand_ins = StandIns(table_id, services.clock, bots, lambda: self.options,
                                  self.seats_changed, self.bots.ask)
        self.window = CollectWindow(table_id, services.clock, lambda: self.options.collect,
                                    self.moves.to_collect, self._move, self.audience.tell)
        self.rematch = Rematch(self, services.records)
        self.shuffle = SharedShuffle(table_id, rules.seats, services.clock, self.record,
                                     lambda index: self.checks.helper(index), self._deal,
                                     self.audience.tell,
                                     lambda: self.game.round_no if self.game else 0)
        self.checks = RoundChecks(table_id, self.seats, self.moves, self.shuffle, self.record,
                                  self.audience.tell, services.clock)
        self.waiting = WaitingList(self, services.clock)

    @property
    def game(self) -> GameState | None:
        return self.moves.game

    @property
    def seq(self) -> int:
        return self.moves.seq

    @property
    def journal(self) -> Journal | None:
        return self.moves.journal

    # --- the records ----------------------------------------------------------------

    def header(self) -> dict[str, Any]:
        head = {"kind": "table", "format": FORMAT, "program": protocol.PROGRAM, "id": self.id,
                "name": self.name.given, "opener": self.name.opener,
                "rules": self.rules.to_dict(), "seed": self.seed,
                "options": self.options.to_dict(),
                "password": self.password.to_dict() if self.password else None}
        return head | {"shared": True} if self.shared else head

    def record(self, record: dict[str, Any]) -> None:
        """Journal a change, then make it."""
        self.moves.write(record)
        self.apply(record)

    def apply(self, record: dict[str, Any]) -> None:
        """Make the change ``record`` describes, as it is made live and when a journal is read
        back (ValueError, or the engine's own, for a record that does not apply)."""
        kind = record["kind"]
        if kind == "action":
            self.moves.replay(record)
        elif kind in ("sit", "bot", "free", "owner"):
            seat = self.seating.seat_at(record["seat"])
            if kind == "sit":
                self.seating.sit(seat, str(record["token"]), str(record["name"]))
            elif kind == "bot":
                self.seating.put_bot(seat, str(record["level"]), int(record["seed"]))
            elif kind == "free":
                self.seating.free(seat)
            else:
                self.seating.owner = seat.index
        elif kind == "options":
            self.options = TableOptions.from_dict(record["options"])
        elif kind == "start":
            self.moves.start(self.rules, self.seed, self.shared, self.options.timer)
            self.shuffle.forget()
            self.checks.new_game()
        elif kind in SHUFFLE_KINDS:
            self.shuffle.apply(record)
        elif kind == "checked":
            pass                    # what a program found: kept in the record for its own sake
        elif kind == CHECKPOINT:
            self.moves.resume_at(*checkpoint.restore(self, record))
        else:
            raise ValueError(f"unknown record kind {kind!r}")

    def resumed(self, journal: Path) -> None:
        """Carry on after `restore` in its ``journal`` (once any damaged tail is cut off it)."""
        self.moves.reopen(journal)
        for seat in self.seats:
            self.stand_ins.away(seat, self.moves.state() == "playing")
        self.window.follow()
        self.bots.changed()
        self.shuffle.resumed()
        self._deal_if_due()

    # --- people ---------------------------------------------------------------------

    def sit(self, member: Member, name: str, index: int | None = None,
            address: str = "") -> Seat | None:
        """Seat a person (on an empty seat, or in place of a table bot); they get a new token.

        In the middle of a round a bot's seat is only asked for: None says the person
        waits, and `Member.granted` tells them once the owner lets them in or the round
        ends (the bot's cards are theirs then, and nobody was surprised)."""
        seat = self.seating.free_seat(index)
        if seat.kind == "bot" and self.moves.state() == "playing":
            self.seating.ask(seat, member, name, address)
            log.info("table {table}: {name} asks for seat {seat}, played by a bot", table=self.id,
                     name=name, seat=seat.index)
            runner = self.seating.runner()
            member.send({"type": "pending", "table": self.id, "seat": seat.index,
                         "owner": runner.name if runner is not None else ""})
            self.seats_changed()
            return None
        return self.seat_person(seat, member, name)

    def seat_person(self, seat: Seat, member: Member, name: str) -> Seat:
        self.record({"kind": "sit", "seat": seat.index, "token": new_token(), "name": name})
        seat.member = member
        log.info("table {table}: {name} sits in seat {seat}", table=self.id, name=name,
                 seat=seat.index)
        self.seats_changed()
        self.moves.show(member, seat)
        self.bots.changed()
        return seat

    def grant(self, index: int, now: bool) -> None:
        """The owner's answer to a request for seat ``index``: now, or when the round ends."""
        request = self.seating.answer(index, now)
        if request is None:
            self.seats_changed()
        else:
            member = request.member
            seat = self.seat_person(self.seats[index], member, request.name)
            (member.seated_from_list if request.from_list else member.granted)(seat)

    def withdraw(self, member: Member) -> bool:
        """Forget the request ``member`` made, if any (they left, or lost the connection)."""
        if self.seating.withdraw(member):
            self.seats_changed()
            return True
        return False

    def come_back(self, seat: Seat, member: Member) -> None:
        """A person returns with their token: the seat is theirs again, stand-in or not."""
        if seat.member is not None and seat.member is not member:
            seat.member.send(protocol.error_message(HostError(
                "bad_token", "your seat was taken back by a new connection with its token")))
            seat.member.detach()
        self.stand_ins.back(seat)
        seat.member = member
        log.info("table {table}: {name} is back in seat {seat}", table=self.id, name=seat.name,
                 seat=seat.index)
        self.seats_changed()
        self.moves.show(member, seat)

    def went_away(self, seat: Seat) -> None:
        """The person's connection dropped; the seat stays theirs."""
        seat.member = None
        self.shuffle.gone(seat.index)
        self.stand_ins.away(seat, self.moves.state() == "playing" and not self.closed)
        if not self.rematch.begin_if_agreed():
            self.seats_changed()

    def leave(self, seat: Seat) -> None:
        """A person gives the seat up for good; in a running game a bot takes it if the table
        says so."""
        log.info("table {table}: {name} leaves seat {seat}", table=self.id, name=seat.name,
                 seat=seat.index)
        self.record({"kind": "free", "seat": seat.index})
        self.shuffle.gone(seat.index)
        if self.moves.state() == "playing" and self.options.takeover:
            self.record({"kind": "bot", "seat": seat.index, "level": self.options.bot_level,
                          "seed": secrets.randbits(32)})
            self.bots.ask(seat)
        self.rematch.forget(seat.index)
        if not self.rematch.begin_if_agreed():
            self.seats_changed()
        if self.audience.nobody_left():
            self.close("closed")

    # --- what the person who runs the table does ------------------------------------

    def add_bot(self, index: int, level: str | None) -> None:
        level = level or self.options.bot_level
        check_bot_level(level)
        if index >= len(self.seats):
            raise HostError("no_such_seat", f"this table has seats 0 to {len(self.seats) - 1}",
                            params={"seats": len(self.seats)})
        if self.seats[index].kind != "empty":
            raise HostError("seat_taken", f"seat {index} is taken by {self.seats[index].name}",
                            params={"seat": index, "name": self.seats[index].name})
        self.record({"kind": "bot", "seat": index, "level": level, "seed": secrets.randbits(32)})
        if not self.rematch.begin_if_agreed():
            self.seats_changed()
        self.bots.ask(self.seats[index])

    def remove_bot(self, index: int) -> None:
        if index >= len(self.seats) or self.seats[index].kind != "bot":
            raise HostError("not_a_bot", f"no bot of the table's own sits in seat {index}",
                            params={"seat": index})
        if self.moves.state() == "playing":
            raise HostError("already_started", "the game is running: a bot keeps its seat until "
                            "a person joins in its place", params={"seat": index})
        self.record({"kind": "free", "seat": index})
        self.seats_changed()

    def set_options(self, changes: dict[str, Any]) -> None:
        if "bot_level" in changes:
            check_bot_level(changes["bot_level"])
        options = dataclasses.replace(self.options, **changes)
        self.record({"kind": "options", "options": options.to_dict()})
        log.info("table {table}: the options are now {options}", table=self.id,
                 options=options.to_dict())
        self.seats_changed()

    def start(self) -> None:
        if self.game is not None:
            raise HostError("already_started", "the game has started already")
        empty = self.seating.empty()
        if empty:
            raise HostError("seats_empty", f"empty seats: {', '.join(map(str, empty))}; add a "
                            "bot or wait for a player", params={"seats": empty})
        self.record({"kind": "start"})
        self.moves.note(self.name)
        checkpoint.write(self)
        log.info("table {table}: the game starts", table=self.id)
        for seat in self.seats:
            self.stand_ins.away(seat, not self.closed)
        self.seats_changed()
        self.moves.show_all([])
        self.bots.changed()
        self.checks.warn()
        self._deal_if_due()

    # --- moves ----------------------------------------------------------------------

    def act(self, seat: int, action: Action, arrived: float | None = None) -> int:
        """Apply one move of ``seat``: journal it, then show everyone. Raises IllegalAction,
        or HostError for the step that is the host's own (collecting a won trick)."""
        if isinstance(action, CollectTrick):
            raise HostError("host_collects", "the host collects a won trick itself, once its "
                            "window for bombs is over; a seat cannot")
        if isinstance(action, Deal):
            raise HostError("host_deals", "the host deals each round itself, from the seed the "
                            "table's shared shuffle made; a seat cannot")
        return self._move(action, arrived)

    def _move(self, action: Action, arrived: float | None = None) -> int:
        """A move of a seat's or the host's own, and all that follows it at the table."""
        moved = self.moves.make(action)
        game = self.moves.started()
        if moved.round_over and not game.over:
            self.moves.note(self.name)
        checkpoint.after_move(self, moved.kinds)
        self.moves.show_all(moved.events)
        self.services.metrics.action_done(arrived)
        if "round_ended" in moved.kinds:      # whoever asked for a bot's seat gets it now
            for index in sorted(self.seating.requests):
                self.grant(index, now=True)
        if moved.round_over:
            self.checks.prove()
        if game.over:
            log.info("table {table}: the game is over, scores {scores}", table=self.id,
                     scores=game.scores)
            for seat in self.seats:
                seat.cancel_takeover()
            self.checks.then(self._game_over)     # the last round's verdicts go in its record
        self.window.follow()
        self.bots.changed(moved.kinds)
        self._deal_if_due()
        return moved.seq

    def _game_over(self) -> None:
        self.moves.retire(self.name, "over")
        self.rematch.game_over({s.name for s in self.seats if s.kind == "person"})
        self.waiting.game_over()
        self.seats_changed()

    def _deal_if_due(self) -> None:
        """A shared game waiting for its next round begins the round's shuffle."""
        game = self.game
        if game is not None and not self.closed and waits_for_deal(game) \
                and self.shuffle.open is None:
            self.checks.warn()
            helpers = [s.index for s in self.seats if self.checks.helper(s.index) is not None]
            self.shuffle.begin(game.round_no + 1, helpers)

    def _deal(self, seed: str) -> None:
        """The shuffle is done: the round is dealt from its seed (again later if the journal
        cannot take the deal now)."""
        if self.closed:
            return
        try:
            self._move(next_deal(self.moves.started(), seed))
        except HostError as exc:
            log.error("table {table}: the round could not be dealt ({why}); trying again in "
                      "{after} s", table=self.id, why=exc, after=COLLECT_RETRY)
            self.services.clock.callLater(COLLECT_RETRY, self._deal, seed)
            self.audience.tell(stalled(self.id, exc))

    def view_of(self, seat: int) -> SeatView:
        """What ``seat`` sees of the game (-1: a spectator), once it has started."""
        return self.moves.view_of(seat)

    # --- playing again --------------------------------------------------------------

    def play_again(self, seat: Seat, agree: bool) -> None:
        """``seat``'s person wants (or no longer wants) a new game at this table; it starts,
        with the same seats, once every person here wants it."""
        self.checks.settle()
        self.rematch.want(seat.index, agree, self.moves.state() == "over")
        if not self.rematch.begin_if_agreed():
            self.seats_changed()

    # --- what everyone sees ---------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The table as the lobby and its members see it (the seed only once the game is over)."""
        now = self.services.clock.seconds()
        runner = self.seating.runner()
        state = self.moves.state()
        out = {"id": self.id, "name": self.name.given, "opener": self.name.opener,
               "rules": self.rules.to_dict(), "state": state,
               "seats": [s.to_dict(now) for s in self.seats],
               "open_seats": sum(s.open for s in self.seats), "spectators": len(self.spectators),
               "password": self.password is not None, "options": self.options.to_dict(),
               "seq": self.seq, "owner": runner.index if runner is not None else None,
               "requests": [r.to_dict(i) for i, r in sorted(self.seating.requests.items())],
               "again": sorted(self.rematch.again), **self.waiting.to_dict()}
        if state == "over":
            out["seed"], out["evening"] = self.seed, self.rematch.evening
        return out

    def seats_changed(self) -> None:
        """Everyone at the table, and the lobby, hear of the table as it is now (once the
        first in line has any free seat: seating them told it)."""
        if self.waiting.fill():
            return
        self.audience.tell({"type": "table", "table": self.to_dict()})
        self.services.changed(self)

    # --- the end --------------------------------------------------------------------

    def close(self, reason: str) -> None:
        """Nobody is left: stop the bots and retire the journal (the table will not be resumed)."""
        if self.closed:
            return
        self.checks.settle()
        self.closed = True
        self.window.close()
        self.shuffle.close()
        self.seating.stop()
        self.waiting.close()
        for request in self.seating.drop_requests():
            request.member.turned_down(HostError(
                "no_such_table", f"table {str(self.name)!r} has closed",
                params={"table": self.id, **self.name.params("closed")}))
        self.moves.retire(self.name, reason)
        log.info("table {table} closes ({reason})", table=self.id, reason=reason)
        self.services.changed(self)

    def shut_down(self) -> None:
        """The host stops: keep the journal as it is, so that the table can be resumed."""
        self.checks.settle()
        self.closed = True
        self.window.close()
        self.shuffle.close()
        self.seating.stop()
        if self.moves.journal is not None:
            self.moves.journal.close()

