"""One client's conversation with the host: the handshake, then its requests.

A session is bound to at most one table, as a seated person or a spectator;
the seat of every move comes from that binding, never from the message. Each
request gets exactly one answer (its reply or an error), written after the
messages the request caused for this same client: when a client reads the
answer to its move, it has already read the view after it. One answer may come
later: a `join` for a bot's seat in the middle of a round is answered when the
table lets the person in (`Member.granted`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from twisted.logger import Logger

from engine import (GameOver, IllegalAction, IllegalPlay, NotationError, NotYourTurn, RuleSet,
                    WrongPhase, action_from_dict)

from engine.codec import reason_to_dict

from .. import protocol
from ..protocol import HostError, Message, clean_name, clean_text
from .botseats import check_bot_level
from .host_config import TableOptions
from .seats import Seat
from .table import Table

if TYPE_CHECKING:
    from .host import Host

log = Logger()
Arrived = float | None      # when a request's bytes were read (for the latency metrics)

ENGINE_CODES = ((NotYourTurn, "not_your_turn"), (WrongPhase, "wrong_phase"),
                (IllegalPlay, "illegal_play"), (GameOver, "game_over"),
                (IllegalAction, "illegal_action"))


def engine_error(exc: IllegalAction) -> HostError:
    code = next(code for kind, code in ENGINE_CODES if isinstance(exc, kind))
    params = reason_to_dict(exc.reason) if exc.reason.code else None
    return HostError(code, str(exc), params=params)


class Session:
    def __init__(self, host: Host, address: str, write: Callable[[bytes], None],
                 welcomed: Callable[[], None]) -> None:
        self.host = host
        self.address = address
        self.write = write
        self.on_welcome = welcomed
        self.name = ""
        self.welcomed = False
        self.table: Table | None = None
        self.seat: Seat | None = None
        self.asking: tuple[Table, int] | None = None    # a seat asked for, and the join's id

    # --- the Member interface (what tables send us) ---------------------------------

    def send(self, message: Message) -> None:
        self.send_frame(protocol.encode(message))

    def send_frame(self, frame: bytes) -> None:
        self.write(frame)

    def detach(self) -> None:
        """The seat was taken back by another connection holding its token."""
        self.table, self.seat = None, None

    def granted(self, seat: Seat) -> None:
        if self.asking is None:
            return
        table, rid = self.asking
        self.asking = None
        self.table, self.seat = table, seat
        self.write(protocol.encode(self._seated_reply(table, seat) | {"id": rid}))

    def turned_down(self, why: HostError) -> None:
        if self.asking is not None:
            _, rid = self.asking
            self.asking = None
            self.write(protocol.encode(protocol.error_message(why, rid)))

    # --- requests -------------------------------------------------------------------

    def handle(self, message: Message, arrived: float | None = None) -> bool:
        """Answer one request; True if the answer ends the connection (a version mismatch)."""
        kind = message["type"]
        rid = message["id"]
        closes = False
        try:
            if not self.welcomed and kind != "hello":
                raise HostError("not_welcomed", "say hello first")
            reply = HANDLERS[kind](self, message, arrived)
            if reply is None:           # answered later (a seat asked for)
                return False
            if isinstance(reply, bytes):    # shared, and framed already (the lobby listing)
                self.write(reply)
                return False
            reply["id"] = rid
        except HostError as exc:
            reply = protocol.error_message(exc, rid)
            closes = exc.closes
        except IllegalAction as exc:
            reply = protocol.error_message(engine_error(exc), rid)
        except Exception:
            log.failure("request {kind} from {address} failed", kind=kind, address=self.address)
            reply = protocol.error_message(HostError(
                "internal", "the host hit a bug handling this request (it is logged)"), rid)
        self.write(protocol.encode(reply))
        return closes

    def _seated(self) -> tuple[Table, Seat]:
        if self.seat is None or self.table is None:
            raise HostError("not_seated", "only a person seated at a table may do that")
        return self.table, self.seat

    def _free(self) -> None:
        if self.table is not None:
            raise HostError("already_at_table", f"you are at table {self.table.id}; leave it first",
                            params={"table": self.table.id})
        if self.asking is not None:
            raise HostError("already_at_table", f"you have asked for a seat at table "
                            f"{self.asking[0].id}; leave to take the request back",
                            params={"table": self.asking[0].id, "asking": True})

    def _runner(self, what: str) -> Table:
        """The table, if this person runs it (see `Seating.check_runner`)."""
        table, seat = self._seated()
        table.seating.check_runner(seat, what)
        return table

    def hello(self, msg: Message, arrived: Arrived) -> Message:
        if self.welcomed:
            raise HostError("already_welcomed", "you have said hello already")
        if msg["protocol"] != protocol.PROTOCOL_VERSION:
            raise protocol.version_error(msg["protocol"])
        name = clean_name(msg["name"])
        found = None
        if msg.get("token") is not None:
            found = self.host.lobby.find_token(msg["token"])
            if found is None:
                log.warn("wrong seat token from {address} ({name})", address=self.address,
                         name=name)
                raise HostError("bad_token", "no seat on this host has that token; say hello "
                                "without one to join as someone new")
        self.name, self.welcomed = name, True
        self.on_welcome()
        log.info("{name} connects from {address}", name=name, address=self.address)
        reply = {"type": "welcome", "protocol": protocol.PROTOCOL_VERSION,
                 "program": protocol.PROGRAM, "host": self.host.name,
                 "limits": self.host.config.limits.to_dict()}
        if found is not None:
            table, seat = found
            self.table, self.seat = table, seat
            table.come_back(seat, self)
            self.name = seat.name
            reply["seat"] = {"table": table.id, "seat": seat.index, "token": seat.token}
        return reply

    def list_tables(self, msg: Message, arrived: Arrived) -> bytes:
        if msg.get("watch") is not None:
            self.host.lobby.watch(self, msg["watch"])
        return self.host.lobby.listings.answer(msg["id"])

    def create_table(self, msg: Message, arrived: Arrived) -> Message | None:
        self._free()
        level = msg.get("bot_level") or self.host.config.bot_level
        grace, collect = msg.get("grace"), msg.get("collect")    # a grace of 0: a bot at once
        options = TableOptions(takeover=msg.get("takeover", True) is not False,
                               grace=float(self.host.config.grace if grace is None else grace),
                               bot_level=level,
                               collect=float(self.host.config.pacing.collect if collect is None
                                             else collect))
        check_bot_level(level)
        rules = RuleSet(msg["variant"], msg["target"])
        name = clean_name(msg["name"], "table name")
        table = self.host.tables.open(self.address, self, lambda: self.host.lobby.create(
            name, rules, options, msg.get("password") or None))
        try:
            return self._sit(table, msg.get("seat"), msg["id"])
        except HostError:               # a seat the table does not have: no table left behind
            table.close("closed")
            raise

    def join(self, msg: Message, arrived: Arrived) -> Message | None:
        self._free()
        table = self.host.lobby.get(msg["table"])
        self.host.guesses.check(self.address, table, msg.get("password"))
        return self._sit(table, msg.get("seat"), msg["id"])

    def _sit(self, table: Table, index: int | None, rid: int) -> Message | None:
        seat = table.sit(self, self.name, index)
        if seat is None:                # asked for: `granted` answers
            self.asking = (table, rid)
            return None
        self.table, self.seat = table, seat
        return self._seated_reply(table, seat)

    @staticmethod
    def _seated_reply(table: Table, seat: Seat) -> Message:
        return {"type": "seated", "table": table.id, "seat": seat.index, "token": seat.token}

    def spectate(self, msg: Message, arrived: Arrived) -> Message:
        self._free()
        table = self.host.lobby.get(msg["table"])
        self.host.guesses.check(self.address, table, msg.get("password"))
        table.audience.spectate(self, self.host.config.limits.spectators)
        self.table = table
        return {"type": "spectating", "table": table.id}

    def add_bot(self, msg: Message, arrived: Arrived) -> Message:
        self._runner("add_bot").add_bot(msg["seat"], msg.get("level"))
        return {"type": "ok"}

    def remove_bot(self, msg: Message, arrived: Arrived) -> Message:
        self._runner("remove_bot").remove_bot(msg["seat"])
        return {"type": "ok"}

    def start(self, msg: Message, arrived: Arrived) -> Message:
        self._runner("start").start()
        return {"type": "ok"}

    def set_options(self, msg: Message, arrived: Arrived) -> Message:
        changes = {key: msg[key] for key in ("takeover", "grace", "bot_level", "coach")
                   if msg.get(key) is not None}
        if "grace" in changes:
            changes["grace"] = float(changes["grace"])
        self._runner("set_options").set_options(changes)
        return {"type": "ok"}

    def grant_seat(self, msg: Message, arrived: Arrived) -> Message:
        self._runner("grant_seat").grant(msg["seat"], msg["now"])
        return {"type": "ok"}

    def play_again(self, msg: Message, arrived: Arrived) -> Message:
        table, seat = self._seated()
        table.play_again(seat, msg.get("agree") is not False)
        return {"type": "ok"}

    def action(self, msg: Message, arrived: Arrived) -> Message:
        table, seat = self._seated()
        data = dict(msg["action"])
        claimed = data.setdefault("seat", seat.index)
        if claimed != seat.index:
            raise HostError("wrong_seat", f"you sit in seat {seat.index}; you cannot act for "
                            f"seat {protocol.shorten(claimed)}", params={"seat": seat.index})
        try:
            action = action_from_dict(data)
        except NotationError as exc:
            raise HostError("bad_action", str(exc)) from None
        return {"type": "ok", "seq": table.act(seat.index, action, arrived)}

    def chat(self, msg: Message, arrived: Arrived) -> Message:
        if self.table is None:
            raise HostError("not_at_table", "chat goes to a table: join or watch one first")
        text = clean_text(msg["text"])
        if not text:
            raise HostError("bad_value", "the message needs at least one visible character",
                            params={"field": "text"})
        self.table.audience.tell({"type": "chat", "table": self.table.id,
                                  "seat": self.seat.index if self.seat else -1,
                                  "name": self.name, "text": text})
        return {"type": "ok"}

    def leave(self, msg: Message, arrived: Arrived) -> Message:
        table, seat = self.table, self.seat
        if table is None and self.asking is not None:
            self.asking[0].withdraw(self)
            self.turned_down(HostError("withdrawn", "you took back your request for the seat"))
            return {"type": "ok"}
        if table is None:
            raise HostError("not_at_table", "you are not at a table")
        if seat is not None:
            table.leave(seat)
        else:
            table.audience.stop_spectating(self)
        self.table, self.seat = None, None
        return {"type": "ok"}

    def ping(self, msg: Message, arrived: Arrived) -> Message:
        return {"type": "pong"}

    # --- the end --------------------------------------------------------------------

    def connection_lost(self) -> None:
        self.host.lobby.watch(self, False)
        if self.asking is not None:
            self.asking[0].withdraw(self)
            self.asking = None
        table, seat = self.table, self.seat
        self.table, self.seat = None, None
        if table is None:
            if self.welcomed:
                log.info("{name} ({address}) disconnects", name=self.name, address=self.address)
            return
        if seat is not None:
            if seat.member is self:
                log.info("table {table}: {name} in seat {seat} is away", table=table.id,
                         name=seat.name, seat=seat.index)
                table.went_away(seat)
        else:
            table.audience.stop_spectating(self)


HANDLERS: dict[str, Callable[[Session, Message, Arrived], Message | bytes | None]] = {
    name: getattr(Session, name) for name in protocol.CLIENT_MESSAGES
}
