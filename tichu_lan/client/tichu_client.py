"""`TichuClient`: the requests a player makes, over the parts that do the work.

The connection's lifecycle is the `LinkMachine`'s, the matching of answers to
requests the `Answers`', what the host last said the `HostSaid` store's; the
client asks, tells its listeners, and lends the store's latest news as its own
attributes (``client.view`` is ``client.said.view``). The requests between games (an
evening, a table's waiting line, the room) are `client.party`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, cast, overload

from twisted.internet import defer
from twisted.internet.interfaces import IReactorTime, IStreamClientEndpoint
from twisted.logger import Logger

from engine import Action, SeatView, action_to_dict

from .. import protocol
from ..host_messages import (Answer, ConnectionNotice, EveningInfo, Heard, HostMessage, LinkState,
                             Lobby, Notice, Ok, Pending, Seated, Spectating, ViewMessage, Welcome)
from ..table_info import TableInfo
from ..lifecycle import Clock
from ..protocol import Message
from ..words.notices import notice_words
from ..words.refusals import refusal_words
from .answers import Answers, Disconnected
from .host_connection import HostConnection
from .host_said import HostSaid, Seating
from .link_machine import LinkMachine
from .link_states import OPEN, Event, Link
from .party_requests import PartyRequests
from .shuffle_check import ShuffleCheck

log = Logger()
Listener = Callable[[Heard], None]
T = TypeVar("T")


class Said(Generic[T]):
    """A read-only attribute of the client that is the store's attribute of that name."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, client: None, owner: type) -> Said[T]: ...

    @overload
    def __get__(self, client: TichuClient, owner: type) -> T: ...

    def __get__(self, client: TichuClient | None, owner: type) -> Said[T] | T:
        return self if client is None else cast(T, getattr(client.said, self.name))


class TichuClient:
    welcome = Said[Welcome | None]()
    seating = Said[Seating | None]()
    asking = Said[Pending | None]()          # the host's `pending`: a seat asked for
    watching = Said[tuple[int, str | None] | None]()   # (table, password) as a spectator
    token = Said[str | None]()               # the seat's, or the one to resume at hello
    table = Said[TableInfo | None]()
    lobby = Said[tuple[TableInfo, ...]]()
    evening = Said[EveningInfo | None]()
    view = Said[SeatView | None]()
    view_message = Said[ViewMessage | None]()
    notices = Said[tuple[Notice, ...]]()     # the host's notices about the table
    seq = Said[int]()

    def __init__(self, host: str, port: int = protocol.DEFAULT_PORT, name: str = "player", *,
                 token: str | None = None, reactor: Clock | None = None, reconnect: bool = True,
                 max_backoff: float = 3.0, endpoint: IStreamClientEndpoint | None = None) -> None:
        """``token``: a seat token from an earlier connection, to get that seat back at once.
        ``endpoint``: how to reach the host, by default TCP to ``host:port`` (tests pass a fake)."""
        if reactor is None:
            from twisted.internet import reactor as default
            reactor = cast(Clock, default)
        self.host, self.port, self.name = host, port, name
        self.reactor: Clock = reactor
        self.reconnect = reconnect
        self.said = HostSaid(token)
        self.answers = Answers()
        self.listeners: list[Listener] = []
        self.checks = ShuffleCheck(self._request, self._notify)
        self.party = PartyRequests(self._request)
        self.line = LinkMachine(self, host, port, name, clock=reactor, max_backoff=max_backoff,
                                endpoint=endpoint)

    # --- the connection ---------------------------------------------------------------

    @property
    def link(self) -> Link:
        return self.line.lifecycle.state

    @property
    def connection(self) -> HostConnection | None:
        """The connection to the host while one is up."""
        return self.line.wire if self.link in OPEN else None

    @property
    def connected(self) -> bool:
        return self.link is Link.READY

    def connect(self) -> defer.Deferred[Welcome]:
        """Connect and say hello (resuming the seat if a token is held); fires with `welcome`.
        While a connection is being made already, waits for that one; in the pause before
        dialing again after a drop, dials at once."""
        d: defer.Deferred[Welcome] = defer.Deferred()
        self.line.waiters.append(d)
        self.line.lifecycle.feed(Event.CONNECT)
        return d

    def close(self) -> defer.Deferred[None]:
        """Leave the host for good (the seat stays with the token; `leave` gives it up)."""
        wire = self.connection
        self.line.lifecycle.feed(Event.CLOSE)
        if wire is None:
            return defer.succeed(None)
        done: defer.Deferred[None] = defer.Deferred()
        wire.lost.addBoth(lambda _: done.callback(None))
        return done

    def drop(self) -> None:
        """Cut the connection as a network failure would (tests use it; reconnection follows)."""
        if self.connection is not None:
            self.connection.abort()

    # --- what the host says, to the listeners -------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` with every message from the host (and the client's own
        `ConnectionNotice`s), in order; returns the unsubscriber."""
        self.listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self.listeners:
                self.listeners.remove(listener)

        return unsubscribe

    def wait_for(self, predicate: Callable[[Heard], bool],
                 timeout: float = 10.0) -> defer.Deferred[Heard]:
        """The next message for which ``predicate`` is true (fails after ``timeout`` seconds)."""
        d: defer.Deferred[Heard] = defer.Deferred()

        def check(message: Heard) -> None:
            if not d.called and predicate(message):
                unsubscribe()
                d.callback(message)

        unsubscribe = self.subscribe(check)
        d.addTimeout(timeout, cast(IReactorTime, self.reactor))   # the reactor or a test Clock
        d.addBoth(lambda result: (unsubscribe(), result)[1])
        return d

    def heard(self, message: HostMessage) -> None:
        """A message from the host: kept, told to every listener, and the answer to its
        request if it is one."""
        self.said.take(message)
        self._notify(message)
        self.checks.heard(message)
        self.answers.settle(message)

    def tell(self, state: LinkState, why: BaseException | Notice | None = None) -> None:
        """A notice to the listeners about the connection (it never crosses the wire): why,
        in the words of the error or the host's notice, and in the reader's (from a host's
        code)."""
        if state == "lost":
            self.checks.lost()
        if why is None:
            self._notify(ConnectionNotice(state=state))
        elif isinstance(why, Notice):
            self._notify(ConnectionNotice(state=state, message=why.message,
                                          words=notice_words(why.to_dict())))
        else:
            self._notify(ConnectionNotice(state=state, message=str(why),
                                          words=refusal_words(why)))

    def seat_lost(self, why: BaseException) -> None:
        self.said.left()
        self.tell("seat_lost", why)

    def _notify(self, message: Heard) -> None:
        for listener in list(self.listeners):
            try:
                listener(message)
            except Exception:
                log.failure("a client listener failed on {type}", type=message.TYPE)

    # --- requests -------------------------------------------------------------------

    def _request(self, message: Message) -> defer.Deferred[Answer]:
        if not self.connected:
            return defer.fail(Disconnected("not connected to the host"))
        return self.line.send(message)

    def list_tables(self, watch: bool | None = None) -> defer.Deferred[tuple[TableInfo, ...]]:
        """The tables; with ``watch`` true the host also sends every later change."""
        message = protocol.request(type="list_tables", watch=watch)
        return self._request(message).addCallback(_tables)

    def create_table(self, name: str | None, variant: str = "classic", target: int = 1000, *,
                     password: str | None = None, takeover: bool | None = None,
                     grace: float | None = None, bot_level: str | None = None,
                     seat: int | None = None, collect: float | None = None,
                     rounds: int | None = None, grand: bool = True, timer: int | None = None
                     ) -> defer.Deferred[Seating]:
        """Open a table and sit down at it (``name`` None: none of its own, which every
        reader calls "Ann's table" in their language; ``collect``: the seconds a won trick
        waits for bombs; the host's default if None; ``rounds``: a game of so many rounds,
        not to the target; ``timer``: seconds for each decision, None for none)."""
        message = protocol.request(type="create_table", name=name, variant=variant, target=target,
                         password=password, takeover=takeover, grace=grace,
                         bot_level=bot_level, seat=seat, collect=collect, rounds=rounds,
                         grand=None if grand else False, timer=timer)
        return self._request(message).addCallback(_seating)

    def join(self, table: int, seat: int | None = None,
             password: str | None = None) -> defer.Deferred[Seating]:
        """Take a seat. A bot's seat in the middle of a round is only asked for: the host
        says `pending` (kept in ``asking``) and answers once the table's owner lets the
        person in, or the round ends; `leave` takes the request back."""
        def not_let_in(failure: Any) -> Any:
            self.said.not_let_in()
            return failure
        message = protocol.request(type="join", table=table, seat=seat, password=password)
        return self._request(message).addCallbacks(_seating, not_let_in)

    def spectate(self, table: int, password: str | None = None) -> defer.Deferred[Seating]:
        """Watch a table; after a dropped connection the client watches it again by itself."""
        self.said.will_watch(table, password)
        message = protocol.request(type="spectate", table=table, password=password)
        return self._request(message).addCallback(_seating)

    def add_bot(self, seat: int, level: str | None = None) -> defer.Deferred[Answer]:
        return self._request(protocol.request(type="add_bot", seat=seat, level=level))

    def remove_bot(self, seat: int) -> defer.Deferred[Answer]:
        return self._request({"type": "remove_bot", "seat": seat})

    def start(self) -> defer.Deferred[Answer]:
        return self._request({"type": "start"})

    def act(self, action: Action | Message) -> defer.Deferred[int]:
        """Send a move; fires with the move's number once the host has accepted it."""
        data = action_to_dict(action) if not isinstance(action, dict) else action
        return self._request({"type": "action", "action": data}).addCallback(_move_number)

    def chat(self, text: str) -> defer.Deferred[Answer]:
        return self._request({"type": "chat", "text": text})

    def leave(self) -> defer.Deferred[Answer]:
        """Give up the seat (or stop watching); the connection stays, in the lobby."""
        def left(reply: Answer) -> Answer:
            self.said.left()
            return reply
        return self._request({"type": "leave"}).addCallback(left)

    def ping(self) -> defer.Deferred[Answer]:
        return self._request({"type": "ping"})

    # --- running a table (its owner), and playing again -------------------------------

    def set_options(self, *, takeover: bool | None = None, grace: float | None = None,
                    bot_level: str | None = None, coach: bool | None = None,
                    timer: int | bool | None = None) -> defer.Deferred[Answer]:
        """``timer``: seconds for each decision; False turns the timer off (nil on the wire)."""
        message = protocol.request(type="set_options", takeover=takeover, grace=grace,
                         bot_level=bot_level, coach=coach, timer=timer)
        return self._request(message | {"timer": None} if timer is False else message)

    def grant_seat(self, seat: int, now: bool) -> defer.Deferred[Answer]:
        """Answer a person asking for a bot's seat mid-round: now, or at the round's end."""
        return self._request({"type": "grant_seat", "seat": seat, "now": now})

    def play_again(self, agree: bool = True) -> defer.Deferred[Answer]:
        """Once the game is over: a new one starts when every person at the table agrees."""
        return self._request({"type": "play_again", "agree": agree})


def _tables(reply: Answer) -> tuple[TableInfo, ...]:
    if isinstance(reply, Lobby):
        return reply.tables
    raise TypeError(f"the tables were asked for and the host answered {reply.TYPE}")


def _move_number(reply: Answer) -> int:
    if isinstance(reply, Ok) and reply.seq is not None:
        return reply.seq
    raise TypeError(f"a move was sent and the host answered {reply.TYPE} without its number")


def _seating(reply: Answer) -> Seating:
    """The seat a `seated` or `spectating` answer gives (what the store kept of it)."""
    if isinstance(reply, Seated):
        return Seating(reply.table, reply.seat, reply.token)
    if isinstance(reply, Spectating):
        return Seating(reply.table, -1, None)
    raise TypeError(f"a seat was asked for and the host answered {reply.TYPE}")

