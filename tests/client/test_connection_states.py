"""The client's connection lifecycle, fed events over fake TCP under a `task.Clock`.

Each case is a list of steps (what the program, the network, the host or the clock
does), the `Link` state after each step, and the connection notices the
subscribers got. The real `TichuClient` runs them, with a fake endpoint and
transport instead of TCP.
"""

from __future__ import annotations

from typing import Any

import pytest
from twisted.internet import defer
from twisted.internet.error import ConnectionRefusedError
from twisted.internet.task import Clock

from tests.support.fake_wire import FakeTransport, connection_lost, play, reachable, written
from tichu_lan import protocol
from tichu_lan.client import TRANSITIONS, Disconnected, Event, Link, TichuClient
from tichu_lan.host_messages import ConnectionNotice, Heard, Lobby, Welcome
from tichu_lan.protocol import HostError

TOKEN = "the-seat-token"
LIMITS = {"max_frame": 16384, "rate": 20.0, "burst": 40, "name": 24, "table_name": 32,
          "chat": 300, "password": 64, "spectators": 16, "idle": 30.0}
TABLE = {"id": 1, "name": "Friday", "rules": {"variant": "classic", "target": 1000},
         "state": "waiting", "seats": [], "open_seats": 0, "spectators": 0, "password": False,
         "options": {"takeover": True, "grace": 60.0, "bot_level": "random"}, "seq": 0}


class Attempt:
    """One dial: the TCP attempt, then the host's end of the connection."""

    def __init__(self, factory: Any) -> None:
        self.factory = factory
        self.dialing: defer.Deferred[Any] = defer.Deferred()
        self.proto: Any = None
        self.transport = FakeTransport()

    def up(self) -> None:
        if not self.dialing.called:                  # a cancelled attempt never connects
            self.proto = self.factory.buildProtocol(None)
            self.proto.makeConnection(self.transport)
            self.dialing.callback(self.proto)


class FakeEndpoint:
    def __init__(self) -> None:
        self.attempts: list[Attempt] = []

    def connect(self, factory: Any) -> defer.Deferred[Any]:
        self.attempts.append(Attempt(factory))
        return self.attempts[-1].dialing


class Rig:
    """A client, its fake network and clock, and what its listeners heard."""

    def __init__(self, token: str | None = None, reconnect: bool = True) -> None:
        self.clock = Clock()
        self.endpoint = FakeEndpoint()
        self.client = TichuClient("host.test", 47474, "Ann", token=token, reactor=self.clock,
                                  reconnect=reconnect, endpoint=self.endpoint)
        self.heard: list[Heard] = []
        self.client.subscribe(self.heard.append)
        self.connects: list[defer.Deferred[Any]] = []

    @property
    def attempt(self) -> Attempt:
        return self.endpoint.attempts[-1]

    @property
    def notices(self) -> list[str]:
        return [m.state for m in self.heard if isinstance(m, ConnectionNotice)]

    def requests(self, kind: str | None = None) -> list[dict[str, Any]]:
        sent = written(self.attempt.transport)
        return [m for m in sent if kind is None or m["type"] == kind]

    def host_says(self, data: bytes | dict[str, Any]) -> None:
        self.attempt.proto.dataReceived(data if isinstance(data, bytes) else protocol.encode(data))

    def answer_hello(self, **fields: Any) -> None:
        self.host_says({"id": self.requests("hello")[-1]["id"], **fields})

    def welcome(self) -> None:
        hello = self.requests("hello")[-1]
        seat = {"seat": {"table": 1, "seat": 2, "token": hello["token"]}} if "token" in hello \
            else {}
        self.answer_hello(type="welcome", protocol=1, program="test host", host="the host",
                          limits=LIMITS, **seat)

    def refuse_hello(self, code: str) -> None:
        self.answer_hello(type="error", code=code, message=f"the host says {code}")

    def do(self, step: str) -> None:
        STEPS[step](self)


STEPS = {
    "connect": lambda r: r.connects.append(r.client.connect()),
    "close": lambda r: r.client.close(),
    "tcp-up": lambda r: r.attempt.up(),
    "tcp-refused": lambda r: r.attempt.dialing.errback(ConnectionRefusedError()),
    "prologue": lambda r: r.host_says(protocol.PROLOGUE),
    "prologue-v2": lambda r: r.host_says(b"TICHU-LAN 2\n"),
    "not-a-host": lambda r: r.host_says(b"HTTP/1.1 400 Bad Request\r\n"),
    "welcome": Rig.welcome,
    "bad-token": lambda r: r.refuse_hello("bad_token"),
    "wrong-version": lambda r: r.refuse_hello("version_mismatch"),
    "bad-name": lambda r: r.refuse_hello("bad_value"),
    "frame": lambda r: r.host_says({"type": "lobby", "tables": []}),
    "lost": lambda r: r.attempt.proto.connectionLost(connection_lost()),
    "wait": lambda r: r.clock.advance(3.0),     # the longest pause between dials
    "long-wait": lambda r: r.clock.advance(10.0),   # ... after the host said it stopped
    "host-stops": lambda r: r.host_says(STOPPED),
}
STOPPED = {"type": "notice", "table": 1, "code": "host_stopped",
           "message": "Ann stopped the host; your game is kept and goes on when the host is "
                      "started again", "params": {"host": "Ann", "owner": "Ann", "kept": True}}

UP = "connect DIALING  tcp-up DIALING  prologue GREETING  welcome READY"
DOWN = "lost BACKOFF  wait REDIALING  tcp-up REDIALING  prologue RESUMING"
STOP = "host-stops PARTING  lost HOST_STOPPED"
BACK = "tcp-up CHECKING  prologue RESUMING  welcome READY"

# name: (holds a seat token, each step followed by the state after it, the notices heard)
CASES = {
    "connect and welcome": (False, UP, ""),
    "a dropped seat resumes": (True, f"{UP} {DOWN} welcome READY", "lost restored"),
    "backoff through failed dials": (True, f"""{UP}  lost BACKOFF  wait REDIALING
        tcp-refused BACKOFF  wait REDIALING  tcp-up REDIALING  prologue RESUMING
        {DOWN}  welcome READY""", "lost restored"),
    "a drop with nothing held": (False, f"{UP} lost OFFLINE  wait OFFLINE", "lost"),
    "close": (False, f"{UP} close CLOSING  lost CLOSED", "closed"),
    "the seat is gone at hello": (True, """connect DIALING  tcp-up DIALING  prologue GREETING
        bad-token GREETING  welcome READY""", "seat_lost"),
    "the seat is gone on resuming": (True, f"{UP} {DOWN} bad-token RESUMING  welcome READY",
                                     "lost seat_lost restored"),
    "give up: the host's prologue is another version": (True, f"""{UP}
        lost BACKOFF  wait REDIALING  tcp-up REDIALING  prologue-v2 CLOSED  wait CLOSED""",
        "lost closed"),
    "give up: the host refuses the hello's version": (
        True, f"{UP} {DOWN} wrong-version CLOSED  wait CLOSED", "lost closed"),
    "connect again after close": (False, f"{UP} close CLOSING  lost CLOSED {UP}", "closed"),
    "reconnect off": (True, f"{UP} lost OFFLINE  wait OFFLINE", "lost"),
    # the host said it stops: wait for it, patiently, seat or not
    "the host stops: a seat waits for it": (True, f"""{UP} {STOP}  wait CHECKING
        tcp-refused HOST_STOPPED  long-wait CHECKING  {BACK}""", "host_stopped restored"),
    "the host stops: nothing held, it is waited for all the same": (
        False, f"{UP} {STOP}  wait CHECKING  {BACK}", "host_stopped restored"),
    "reconnect off, the host stops": (True, f"{UP} host-stops PARTING  lost OFFLINE  wait OFFLINE",
                                      "host_stopped"),
    "connect while the host is stopped dials at once": (
        True, f"{UP} {STOP}  connect CHECKING  {BACK}", "host_stopped restored"),
    "the stopped host comes back as another version": (True, f"""{UP} {STOP}  wait CHECKING
        tcp-up CHECKING  prologue-v2 CLOSED  long-wait CLOSED""", "host_stopped closed"),
    "the stopped host comes back dropping the hello": (True, f"""{UP} {STOP}  wait CHECKING
        tcp-up CHECKING  prologue RESUMING  lost BACKOFF  wait REDIALING""", "host_stopped"),
    "close while the host is stopped": (True, f"{UP} {STOP}  close CLOSED  long-wait CLOSED",
                                        "host_stopped"),
    "close while parting": (True, f"{UP} host-stops PARTING  close CLOSING  lost CLOSED",
                            "closed"),
    "close while checking": (True, f"{UP} {STOP}  wait CHECKING  close CLOSED  tcp-up CLOSED",
                             "host_stopped"),
    "the host says it stops twice": (True, f"""{UP} host-stops PARTING  host-stops PARTING
        lost HOST_STOPPED""", "host_stopped"),
    # out of order
    "lost while dialing": (False, "connect DIALING  tcp-up DIALING  lost OFFLINE", ""),
    "no TCP": (True, "connect DIALING  tcp-refused OFFLINE  wait OFFLINE", ""),
    "not a tichu-lan host": (False, "connect DIALING  tcp-up DIALING  not-a-host OFFLINE", ""),
    "another version at connect": (True, """connect DIALING  tcp-up DIALING
        prologue-v2 OFFLINE  wait OFFLINE""", ""),
    "the hello refused": (False, """connect DIALING  tcp-up DIALING  prologue GREETING
        bad-name OFFLINE""", ""),
    "close before TCP is up": (False, "connect DIALING  close CLOSED  tcp-up CLOSED", ""),
    "close before the prologue": (False, """connect DIALING  tcp-up DIALING  close CLOSED
        prologue CLOSED""", ""),
    "close during the hello": (False, """connect DIALING  tcp-up DIALING  prologue GREETING
        close CLOSING  welcome CLOSING  lost CLOSED""", "closed"),
    "close during backoff": (True, f"{UP} lost BACKOFF  close CLOSED  wait CLOSED", "lost"),
    "close while redialing": (True, f"""{UP} lost BACKOFF  wait REDIALING  close CLOSED
        tcp-up CLOSED""", "lost"),
    "close while resuming": (True, f"{UP} {DOWN} close CLOSING  lost CLOSED", "lost closed"),
    "a welcome twice": (False, f"{UP} welcome READY", ""),
    "a frame after close": (False, f"{UP} close CLOSING  lost CLOSED  frame CLOSED", "closed"),
    "close twice": (False, f"{UP} close CLOSING  close CLOSING  lost CLOSED  close CLOSED",
                    "closed"),
    "connect during backoff dials at once": (True, f"""{UP} lost BACKOFF  connect REDIALING
        tcp-up REDIALING  prologue RESUMING  welcome READY""", "lost restored"),
    "connect while connecting": (False, """connect DIALING  connect DIALING  tcp-up DIALING
        prologue GREETING  welcome READY""", ""),
}


def run(script: str, token: bool, reconnect: bool = True) -> tuple[Rig, list[str], list[str]]:
    rig = Rig(TOKEN if token else None, reconnect)
    expected, states = play(script, rig.do, lambda: rig.client.link)
    return rig, expected, states


def rig_after(steps: str, token: bool = False) -> Rig:
    """A client that has gone through ``steps`` (state names among them are passed over)."""
    rig = Rig(TOKEN if token else None)
    for step in steps.split():
        if step in STEPS:
            rig.do(step)
    return rig


@pytest.mark.parametrize("case", CASES)
def test_connection_lifecycle(case):
    token, script, notices = CASES[case]
    rig, expected, states = run(script, token, reconnect=not case.startswith("reconnect off"))
    assert states == expected
    assert rig.notices == notices.split()


# --- what the steps do beyond the state ----------------------------------------------


def test_connect_fires_with_the_welcome_once_every_listener_has_it():
    order = []
    rig = rig_after("connect tcp-up")
    rig.client.subscribe(lambda m: order.append(("listener", m.TYPE)))
    rig.connects[0].addCallback(lambda welcome: order.append(("connect", welcome.TYPE)))
    rig.do("prologue")
    assert rig.requests() == [{"type": "hello", "id": 1, "protocol": protocol.PROTOCOL_VERSION,
                               "program": protocol.PROGRAM, "name": "Ann"}]
    assert rig.attempt.transport.no_delay
    rig.do("welcome")
    assert order == [("listener", "welcome"), ("connect", "welcome")]
    assert rig.client.connected and rig.client.welcome.host == "the host"


def failure_of(d: defer.Deferred[Any]) -> BaseException:
    box: list[BaseException] = []
    d.addErrback(lambda f: box.append(f.value))
    assert box, "the Deferred has not failed"
    return box[0]


@pytest.mark.parametrize("steps,error,code", [
    ("connect tcp-refused", ConnectionRefusedError, None),
    ("connect tcp-up lost", Disconnected, None),
    ("connect tcp-up not-a-host", HostError, "bad_prologue"),
    ("connect tcp-up prologue-v2", HostError, "version_mismatch"),
    ("connect tcp-up prologue bad-name", HostError, "bad_value"),
    ("connect tcp-up prologue lost", Disconnected, None),
    ("connect close", Disconnected, None),
    ("connect tcp-up prologue close lost", Disconnected, None),
])
def test_connect_fails_with_the_reason(steps, error, code):
    rig = rig_after(steps)
    failed = failure_of(rig.connects[0])
    assert isinstance(failed, error)
    assert getattr(failed, "code", None) == code


def test_a_refused_hello_hangs_up_and_a_new_connect_dials_again():
    rig = rig_after("connect tcp-up prologue bad-name")
    assert rig.attempt.transport.disconnecting
    rig.do("connect")
    assert len(rig.endpoint.attempts) == 2 and rig.client.link is Link.DIALING


@pytest.mark.parametrize("first", ["connect tcp-up prologue bad-name", f"{UP} close"])
def test_the_end_of_a_connection_given_up_on_is_no_news_to_the_next(first):
    rig = rig_after(f"{first} connect tcp-up prologue")
    old, new = rig.endpoint.attempts
    assert rig.client.link is Link.GREETING and old.transport.disconnecting
    old.proto.connectionLost(connection_lost())
    old.proto.dataReceived(protocol.encode({"type": "lobby", "tables": [TABLE]}))
    assert rig.client.link is Link.GREETING and rig.client.connection is new.proto
    assert rig.client.lobby == ()
    rig.do("welcome")
    assert rig.client.connected and isinstance(rig.connects[-1].result, Welcome)


def test_two_connects_share_one_dial_and_a_connect_when_ready_answers_at_once():
    rig = rig_after("connect connect tcp-up prologue welcome")
    assert len(rig.endpoint.attempts) == 1
    assert [d.result.TYPE for d in rig.connects] == ["welcome", "welcome"]
    rig.do("connect")
    assert rig.connects[2].result is rig.client.welcome and len(rig.endpoint.attempts) == 1


def pause(rig: Rig) -> float:
    return round(rig.client.line.backoff.retry.getTime() - rig.clock.seconds(), 6)


def test_the_pause_doubles_up_to_the_cap_and_starts_again_after_a_welcome():
    rig = rig_after(f"{UP} lost", token=True)
    pauses = []
    for _ in range(7):
        pauses.append(pause(rig))
        rig.clock.advance(pauses[-1] - 0.001)
        assert rig.client.link is Link.BACKOFF            # not a moment early
        rig.clock.advance(0.002)
        assert rig.client.link is Link.REDIALING
        rig.do("tcp-refused")
    assert pauses == [0.1, 0.2, 0.4, 0.8, 1.6, 3.0, 3.0]
    rig.clock.advance(3.0)
    for step in ["tcp-up", "prologue", "welcome", "lost"]:
        rig.do(step)
    assert pause(rig) == 0.1


def test_a_drop_while_resuming_dials_again_once():
    rig = rig_after(f"{UP} {DOWN} lost", token=True)
    assert rig.client.link is Link.BACKOFF and len(rig.endpoint.attempts) == 2
    rig.clock.advance(3.0)
    assert len(rig.endpoint.attempts) == 3 and rig.clock.getDelayedCalls() == []


def test_close_during_backoff_or_redialing_dials_no_more():
    for steps in (f"{UP} lost close", f"{UP} lost wait close"):
        rig = rig_after(steps, token=True)
        attempts = len(rig.endpoint.attempts)
        rig.clock.advance(60)
        assert len(rig.endpoint.attempts) == attempts and rig.client.link is Link.CLOSED
        assert rig.clock.getDelayedCalls() == []


def test_a_connection_that_opens_after_close_is_hung_up_unheard():
    rig = rig_after("connect tcp-up close")
    assert rig.attempt.transport.disconnecting
    rig.do("prologue")
    assert rig.requests() == [] and rig.client.connection is None


def test_close_fires_when_the_connection_has_ended():
    rig = rig_after(UP)
    done = rig.client.close()
    again = rig.client.close()
    assert not done.called and rig.attempt.transport.disconnecting
    rig.do("lost")
    assert done.called and again.called and rig.client.close().called


def test_requests_need_a_welcome_and_fail_when_the_connection_drops():
    rig = rig_after("connect tcp-up prologue")
    assert isinstance(failure_of(rig.client.ping()), Disconnected)
    rig.do("welcome")
    ping = rig.client.ping()
    assert rig.requests("ping") == [{"type": "ping", "id": 2}]
    rig.do("lost")
    assert isinstance(failure_of(ping), Disconnected)
    assert isinstance(failure_of(rig.client.ping()), Disconnected)


def test_frames_after_close_reach_no_listener():
    rig = rig_after(f"{UP} close")
    rig.do("frame")                       # the host's last words, before the end, still count
    assert rig.heard[-1] == Lobby(tables=())
    heard = len(rig.heard)
    rig.do("lost")
    rig.do("frame")
    assert len(rig.heard) == heard + 1 and rig.notices == ["closed"]


def test_the_keepalive_pings_every_third_of_the_idle_limit_while_welcomed():
    rig = rig_after(UP)
    rig.clock.advance(9.9)
    assert rig.requests("ping") == []
    rig.clock.advance(0.1)
    rig.clock.advance(10.0)
    assert len(rig.requests("ping")) == 2
    rig.do("lost")
    assert rig.clock.getDelayedCalls() == []


def test_a_spectator_watches_its_table_again_after_a_drop():
    rig = rig_after(UP)
    watching = rig.client.spectate(7)
    rig.host_says({"type": "spectating", "id": rig.requests("spectate")[0]["id"], "table": 7})
    assert watching.result == rig.client.seating and rig.client.seating.seat == -1
    for step in DOWN.split()[0::2] + ["welcome"]:
        rig.do(step)
    assert rig.client.link is Link.READY and rig.notices == ["lost", "restored"]
    assert rig.requests("spectate") == [{"type": "spectate", "id": 4, "table": 7}]


def test_a_seat_refused_on_resuming_is_forgotten_and_the_client_joins_the_lobby():
    rig = rig_after(f"{UP} {DOWN} bad-token", token=True)
    assert rig.client.token is None and rig.client.seating is None
    assert "token" not in rig.requests("hello")[-1]
    assert rig.heard[-1] == ConnectionNotice(
        state="seat_lost", message="the host says bad_token",
        words="your seat on this host is gone: it was taken back with its token, or the table "
              "has closed")   # from the code


def test_the_table_reaches_every_state_and_close_ends_each():
    assert reachable(TRANSITIONS, Link.OFFLINE) == set(Link)
    for state in Link:
        after_close = TRANSITIONS.get((state, Event.CLOSE), (state, None))[0]
        after_loss = TRANSITIONS.get((after_close, Event.LOST), (after_close, None))[0]
        assert after_loss is Link.CLOSED, state


# --- a host that stops on purpose -----------------------------------------------------


def test_the_host_stopping_is_heard_hung_up_on_and_told_in_the_hosts_words():
    rig = rig_after(f"{UP} host-stops", token=True)
    assert rig.attempt.transport.disconnecting         # nothing more comes on it
    assert rig.heard[-1].TYPE == "notice" and rig.client.notices == ()   # not the table's
    assert isinstance(failure_of(rig.client.ping()), Disconnected)
    rig.do("lost")
    assert rig.heard[-1] == ConnectionNotice(
        state="host_stopped", message=STOPPED["message"],
        words="Ann stopped the host; your game is kept and goes on when they start it again.")
    assert rig.client.token == TOKEN


def test_a_stopped_host_is_dialed_patiently_and_after_its_welcome_a_drop_is_quick_again():
    rig = rig_after(f"{UP} host-stops lost", token=True)
    pauses = []
    for _ in range(6):
        pauses.append(pause(rig))
        rig.clock.advance(pauses[-1])
        assert rig.client.link is Link.CHECKING
        rig.do("tcp-refused")
        assert rig.client.link is Link.HOST_STOPPED
    assert pauses == [1.0, 2.0, 4.0, 8.0, 10.0, 10.0]
    rig.clock.advance(10.0)
    for step in ["tcp-up", "prologue", "welcome", "lost"]:
        rig.do(step)
    assert rig.client.link is Link.BACKOFF and pause(rig) == 0.1
    assert rig.notices == ["host_stopped", "restored", "lost"]
