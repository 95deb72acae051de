"""What the host does for each request a client makes, and the one answer each request gets.

Each request gets exactly one answer (its reply or an error), written after the messages
the request caused for this same client: when a client reads the answer to its move, it
has already read the view after it. One answer may come later: a `join` for a bot's seat
in the middle of a round is answered when the table lets the person in
(`Member.granted`). A request that the table refuses leaves the session where it stood;
one that it carries out moves the session on (`session.Event`).
"""

from __future__ import annotations

from collections.abc import Callable

from twisted.logger import Logger

from engine import (GameOver, IllegalAction, IllegalPlay, NotationError, NotYourTurn, RuleSet,
                    WrongPhase, action_from_dict)
from engine.codec import reason_to_dict

from .. import protocol
from ..prologue import version_error
from ..protocol import HostError, Message, clean_name
from ..records.meta import TableName
from ..text_cleaning import clean_text
from .botseats import check_bot_level
from .standings_answer import evening_answer
from .evening_requests import start_evening
from .host_config import TableOptions
from .seats import Seat
from .session import AT_TABLE, Event, Session, Standing, seated_reply
from . import waiting_list
from .table import Table

log = Logger()
Arrived = float | None      # when a request's bytes were read (for the latency metrics)
Reply = Message | bytes | None

ENGINE_CODES = ((NotYourTurn, "not_your_turn"), (WrongPhase, "wrong_phase"),
                (IllegalPlay, "illegal_play"), (GameOver, "game_over"),
                (IllegalAction, "illegal_action"))


def engine_error(exc: IllegalAction) -> HostError:
    code = next(code for kind, code in ENGINE_CODES if isinstance(exc, kind))
    params = reason_to_dict(exc.reason) if exc.reason.code else None
    return HostError(code, str(exc), params=params)


def answer(session: Session, message: Message, arrived: Arrived = None) -> bool:
    """Answer one request; True if the answer ends the connection (a version mismatch)."""
    kind = message["type"]
    rid = message["id"]
    closes = False
    try:
        if session.state is Standing.NEW and kind != "hello":
            raise HostError("not_welcomed", "say hello first")
        reply = HANDLERS[kind](session, message, arrived)
        if reply is None:           # answered later (a seat asked for)
            return False
        if isinstance(reply, bytes):    # shared, and framed already (the lobby listing)
            session.write(reply)
            return False
        reply["id"] = rid
    except HostError as exc:
        reply = protocol.error_message(exc, rid)
        closes = exc.closes
    except IllegalAction as exc:
        reply = protocol.error_message(engine_error(exc), rid)
    except Exception:
        log.failure("request {kind} from {address} failed", kind=kind, address=session.address)
        reply = protocol.error_message(HostError(
            "internal", "the host hit a bug handling this request (it is logged)"), rid)
    session.write(protocol.encode(reply))
    return closes


# --- the lobby ---------------------------------------------------------------------

def hello(session: Session, msg: Message, arrived: Arrived) -> Message:
    if session.state is not Standing.NEW:
        raise HostError("already_welcomed", "you have said hello already")
    if msg["protocol"] != protocol.PROTOCOL_VERSION:
        raise version_error(msg["protocol"])
    host = session.host
    asked = clean_name(msg["name"])
    found = None
    if msg.get("token") is not None:
        found = host.lobby.find_token(msg["token"])
        if found is None:
            log.warn("wrong seat token from {address} ({name})", address=session.address,
                     name=asked)
            raise HostError("bad_token", "no seat on this host has that token; say hello "
                            "without one to join as someone new")
    # a person back with their token keeps the seat's name; anyone else gets a name nobody
    # here goes by
    name = found[1].name if found is not None else host.free_name(asked)
    session.lifecycle.feed(Event.WELCOMED, name)
    log.info("{name} connects from {address}", name=name, address=session.address)
    reply = {"type": "welcome", "protocol": protocol.PROTOCOL_VERSION,
             "program": protocol.PROGRAM, "host": host.name, "name": name,
             "limits": host.config.limits.to_dict()}
    if found is not None:
        table, seat = found
        session.lifecycle.feed(Event.SAT, table, seat)
        table.come_back(seat, session)
        reply["seat"] = {"table": table.id, "seat": seat.index, "token": seat.token}
    return reply


def list_tables(session: Session, msg: Message, arrived: Arrived) -> bytes:
    if msg.get("watch") is not None:
        session.host.lobby.watch(session, msg["watch"])
    return session.host.lobby.listings.answer(msg["id"])


def evening(session: Session, msg: Message, arrived: Arrived) -> Message:
    """The host's evening standings, from the games it keeps (none if it keeps none)."""
    return evening_answer(session.host.services.records)


def create_table(session: Session, msg: Message, arrived: Arrived) -> Message | None:
    session.free()
    config = session.host.config
    level = msg.get("bot_level") or config.bot_level
    grace, collect = msg.get("grace"), msg.get("collect")    # a grace of 0: a bot at once
    options = TableOptions(takeover=msg.get("takeover", True) is not False,
                           grace=float(config.grace if grace is None else grace),
                           bot_level=level,
                           collect=float(config.pacing.collect if collect is None else collect),
                           timer=msg.get("timer"))
    check_bot_level(level)
    rules = RuleSet(msg["variant"], msg["target"], rounds=msg.get("rounds") or 0,
                    grand=msg.get("grand") is not False)
    # a table opened without a name is "Ann's table" in each reader's language: the host
    # keeps who opened it, not words (docs/PROTOCOL.md)
    given = clean_name(msg["name"], "table name") if msg.get("name") is not None else ""
    name = TableName(given, session.name)
    lobby = session.host.lobby
    table = session.host.tables.open(session.address, session, lambda: lobby.create(
        name, rules, options, msg.get("password") or None))
    try:
        return _sit(session, table, msg.get("seat"), msg["id"])
    except HostError:               # a seat the table does not have: no table left behind
        table.close("closed")
        raise


def join(session: Session, msg: Message, arrived: Arrived) -> Message | None:
    session.free()
    table = session.host.lobby.get(msg["table"])
    session.host.guesses.check(session.address, table, msg.get("password"))
    return _sit(session, table, msg.get("seat"), msg["id"])


def _sit(session: Session, table: Table, index: int | None, rid: int) -> Message | None:
    seat = table.sit(session, session.name, index, session.address)
    waiting_list.off_lists([t for t in session.host.lobby.tables.values() if t is not table],
                           session)
    if seat is None:                # asked for: `Session.granted` answers
        session.lifecycle.feed(Event.ASKED, table, rid)
        return None
    session.lifecycle.feed(Event.SAT, table, seat)
    return seated_reply(table, seat)


def spectate(session: Session, msg: Message, arrived: Arrived) -> Message:
    session.free()
    table = session.host.lobby.get(msg["table"])
    session.host.guesses.check(session.address, table, msg.get("password"))
    table.audience.spectate(session, session.host.config.limits.spectators)
    session.lifecycle.feed(Event.WATCHED, table)
    return {"type": "spectating", "table": table.id}


def wait(session: Session, msg: Message, arrived: Arrived) -> Message:
    """Wait in line for a seat at a table (from the lobby, or watching): one line at a host."""
    if session.state is not Standing.SPECTATING:
        session.free()
    lobby = session.host.lobby
    table = lobby.get(msg["table"])
    waiting_list.check_free(lobby.tables.values(), session)
    if session.table is not table:
        session.host.guesses.check(session.address, table, msg.get("password"))
    table.waiting.join(session, session.name, session.address)
    return {"type": "ok"}


def stop_waiting(session: Session, msg: Message, arrived: Arrived) -> Message:
    table = waiting_list.list_of(session.host.lobby.tables.values(), session)
    if table is None:
        raise HostError("not_waiting", "you wait for a seat at no table")
    table.waiting.leave(session)
    return {"type": "ok"}


def sit_out(session: Session, msg: Message, arrived: Arrived) -> Message:
    """Sit out the next game (``out`` false: play it after all)."""
    table, seat = session.seated()
    table.waiting.sit_out(seat, msg.get("out") is not False)
    return {"type": "ok"}


def ping(session: Session, msg: Message, arrived: Arrived) -> Message:
    return {"type": "pong"}


# --- at a table --------------------------------------------------------------------

def add_bot(session: Session, msg: Message, arrived: Arrived) -> Message:
    session.runs("add_bot").add_bot(msg["seat"], msg.get("level"))
    return {"type": "ok"}


def remove_bot(session: Session, msg: Message, arrived: Arrived) -> Message:
    session.runs("remove_bot").remove_bot(msg["seat"])
    return {"type": "ok"}


def start(session: Session, msg: Message, arrived: Arrived) -> Message:
    session.runs("start").start()
    return {"type": "ok"}


def set_options(session: Session, msg: Message, arrived: Arrived) -> Message:
    changes = {key: msg[key] for key in ("takeover", "grace", "bot_level", "coach")
               if msg.get(key) is not None}
    if "grace" in changes:
        changes["grace"] = float(changes["grace"])
    if "timer" in msg:                  # present and nil: the timer is turned off
        changes["timer"] = msg["timer"]
    session.runs("set_options").set_options(changes)
    return {"type": "ok"}


def grant_seat(session: Session, msg: Message, arrived: Arrived) -> Message:
    session.runs("grant_seat").grant(msg["seat"], msg["now"])
    return {"type": "ok"}


def play_again(session: Session, msg: Message, arrived: Arrived) -> Message:
    table, seat = session.seated()
    table.play_again(seat, msg.get("agree") is not False)
    return {"type": "ok"}


def action(session: Session, msg: Message, arrived: Arrived) -> Message:
    table, seat = session.seated()
    data = dict(msg["action"])
    claimed = data.setdefault("seat", seat.index)
    if claimed != seat.index:
        raise HostError("wrong_seat", f"you sit in seat {seat.index}; you cannot act for "
                        f"seat {protocol.shorten(claimed)}", params={"seat": seat.index})
    try:
        move = action_from_dict(data)
    except NotationError as exc:
        raise HostError("bad_action", str(exc)) from None
    return {"type": "ok", "seq": table.act(seat.index, move, arrived)}


def chat(session: Session, msg: Message, arrived: Arrived) -> Message:
    table = session.table
    if session.state not in AT_TABLE or table is None:
        raise HostError("not_at_table", "chat goes to a table: join or watch one first")
    text = clean_text(msg["text"])
    if not text:
        raise HostError("bad_value", "the message needs at least one visible character",
                        params={"field": "text"})
    table.audience.tell({"type": "chat", "table": table.id,
                         "seat": session.seat.index if session.seat else -1,
                         "name": session.name, "text": text})
    return {"type": "ok"}


def leave(session: Session, msg: Message, arrived: Arrived) -> Message:
    """Leave the seat (for good: in a running game a bot may take it), stop watching, or take
    a request for a seat back."""
    if session.state is Standing.ASKING and session.asking is not None:
        session.asking[0].withdraw(session)
    elif session.state is Standing.SEATED:
        table, seat = session.seated()
        table.leave(seat)
    elif session.state is Standing.SPECTATING and session.table is not None:
        session.table.audience.stop_spectating(session)
    else:
        waits_at = waiting_list.list_of(session.host.lobby.tables.values(), session)
        if waits_at is None:
            raise HostError("not_at_table", "you are not at a table")
        waits_at.waiting.leave(session)         # in the lobby: out of the line
        return {"type": "ok"}
    session.lifecycle.feed(Event.LEFT)
    return {"type": "ok"}


# --- the shared shuffle (server/shared_shuffle.py) ------------------------------------

def take_part(session: Session, msg: Message, arrived: Arrived) -> Message:
    """This connection's program helps shuffle and checks each round it plays (the scheme the
    host speaks is the one it takes; a later scheme is a later program's, which speaks this
    one too)."""
    session.takes_part = True
    if session.state is Standing.SEATED and session.table is not None \
            and session.seat is not None:
        session.table.shuffle.took_part(session.seat.index)   # again, after a drop
    return {"type": "ok"}


def _helping(session: Session) -> tuple[Table, Seat]:
    if not session.takes_part:
        raise HostError("not_taking_part", "say take_part first: only a program that helps "
                        "shuffle commits, reveals and checks")
    return session.seated()


def commit(session: Session, msg: Message, arrived: Arrived) -> Message:
    table, seat = _helping(session)
    table.shuffle.commit(seat.index, msg["round"], msg["commitment"])
    return {"type": "ok"}


def reveal(session: Session, msg: Message, arrived: Arrived) -> Message:
    table, seat = _helping(session)
    table.shuffle.reveal(seat.index, msg["round"], msg["value"])
    return {"type": "ok"}


def checked(session: Session, msg: Message, arrived: Arrived) -> Message:
    table, seat = _helping(session)
    table.checks.verdict(seat, msg["round"], msg["ok"], msg.get("finding"))
    return {"type": "ok"}


HANDLERS: dict[str, Callable[[Session, Message, Arrived], Reply]] = {
    "hello": hello, "list_tables": list_tables, "create_table": create_table, "join": join,
    "spectate": spectate, "ping": ping, "add_bot": add_bot, "remove_bot": remove_bot,
    "start": start, "set_options": set_options, "grant_seat": grant_seat,
    "play_again": play_again, "action": action, "chat": chat, "leave": leave,
    "take_part": take_part, "commit": commit, "reveal": reveal, "checked": checked,
    "list_standings": evening,
    "wait": wait, "stop_waiting": stop_waiting, "sit_out": sit_out,
    "start_evening": start_evening,
}


def watch_room(session: Session, msg: Message, arrived: Arrived) -> Message:
    """Every table at once (`room.Room`), sent now and after each change; ``on`` false stops."""
    session.host.room.watch(session, session.address, msg.get("on") is not False)
    return {"type": "ok"}


HANDLERS["watch_room"] = watch_room
