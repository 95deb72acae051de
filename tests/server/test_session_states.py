"""One client's standing with the host (`Session`), fed requests and the table's own events.

A real `Host` (lobby, tables, bots) runs on a `task.Clock` with no network: each case is a
script of steps for Bob, each followed by the `Standing` after it and what Bob was sent
during the step (the type of each message, or the code of each error, "-" for nothing).
Two tables are open: Ann's, waiting with seats 1 to 3 empty, and Cat's duel, under way
with a bot in seat 1.
"""

from __future__ import annotations

from itertools import count
from typing import Any

import pytest
from twisted.internet.task import Clock

from tests.support.fake_wire import reachable
from tests.support.live_host import host_config
from tests.support.raw import frames_in
from tichu_lan import protocol
from tichu_lan.protocol import HostError
from tichu_lan.server import Host
from tichu_lan.server.session import TRANSITIONS, Event, Session, Standing
from tichu_lan.server.session_requests import HANDLERS, answer


class Person:
    """A session with no connection under it: what it is sent is kept, frame by frame."""

    def __init__(self, rig: Rig, name: str) -> None:
        self.rig, self.name = rig, name
        self.frames: list[bytes] = []
        self.session = Session(rig.host, "127.0.0.1", self.frames.append, lambda: None)

    def ask(self, kind: str, **fields: Any) -> None:
        message = protocol.validate({"type": kind, "id": next(self.rig.ids), **fields},
                                    protocol.CLIENT_MESSAGES)
        answer(self.session, message)

    def hello(self, token: str | None = None) -> None:
        extra = {"token": token} if token else {}
        self.ask("hello", protocol=protocol.PROTOCOL_VERSION, program="test", name=self.name,
                 **extra)

    def said(self) -> list[Any]:
        messages, rest = frames_in(b"".join(self.frames))
        assert rest == b""
        self.frames.clear()
        return messages


class Rig:
    def __init__(self, tmp_path: Any) -> None:
        self.clock = Clock()
        self.host = Host(host_config(tmp_path), self.clock)
        self.ids = count(1)
        self.ann, self.cat = Person(self, "Ann"), Person(self, "Cat")
        self.ann.hello()
        self.ann.ask("create_table", name="waiting", variant="classic", target=1000, seat=0)
        self.cat.hello()
        self.cat.ask("create_table", name="playing", variant="duel", target=1000, seat=0)
        self.cat.ask("add_bot", seat=1)
        self.cat.ask("start")
        self.waiting, self.playing = (t.id for t in self.host.lobby.tables.values())
        self.bob = Person(self, "Bob")
        self.token = ""                     # Bob's seat token, once he sits

    def do(self, step: str) -> None:
        bob = self.bob
        if step in STEPS:
            STEPS[step](self)
        elif step == "drop":
            bob.session.connection_lost()
        else:
            raise ValueError(step)
        if bob.session.seat is not None and bob.session.seat.token:
            self.token = bob.session.seat.token


def _sit(rig: Rig) -> None:
    rig.bob.ask("join", table=rig.waiting, seat=1)


def _comeback(rig: Rig) -> None:
    """Another connection says hello with Bob's token: the seat is that connection's now."""
    Person(rig, "Bob").hello(rig.token)


def _close(rig: Rig) -> None:
    """Cat leaves her table: a bot takes her seat, and with nobody left it closes."""
    rig.cat.ask("leave")


STEPS = {
    "hello": lambda rig: rig.bob.hello(),
    "ping": lambda rig: rig.bob.ask("ping"),
    "sit": _sit,
    "sit-too": lambda rig: rig.bob.ask("join", table=rig.waiting, seat=2),
    "ask": lambda rig: rig.bob.ask("join", table=rig.playing, seat=1),
    "grant": lambda rig: rig.cat.ask("grant_seat", seat=1, now=True),
    "grant-later": lambda rig: rig.cat.ask("grant_seat", seat=1, now=False),
    "watch": lambda rig: rig.bob.ask("spectate", table=rig.waiting),
    "watch-playing": lambda rig: rig.bob.ask("spectate", table=rig.playing),
    "leave": lambda rig: rig.bob.ask("leave"),
    "chat": lambda rig: rig.bob.ask("chat", text="hi"),
    "move": lambda rig: rig.bob.ask("action", action={"type": "pass"}),
    "start": lambda rig: rig.bob.ask("start"),
    "comeback": _comeback,
    "close": _close,
    # the table's own events, out of their order
    "granted": lambda rig: rig.bob.session.granted(rig.host.lobby.tables[rig.waiting].seats[3]),
    "turned-down": lambda rig: rig.bob.session.turned_down(HostError("no_such_table", "gone")),
    "detached": lambda rig: rig.bob.session.detach(),
}

# name: script of "step STATE said" triples; "said" is comma-separated, "-" for nothing
CASES = {
    "welcome, sit, leave, drop": """hello LOBBY welcome  sit SEATED table,seated
        leave LOBBY ok  drop GONE -""",
    "ask for a bot's seat, and get it now": """hello LOBBY welcome  ask ASKING pending
        grant SEATED table,view,seated  move SEATED wrong_phase""",
    "ask, and get it at the end of the round": """hello LOBBY welcome  ask ASKING pending
        grant-later ASKING -  leave LOBBY withdrawn,ok""",
    "ask, and the table closes": """hello LOBBY welcome  ask ASKING pending
        close LOBBY no_such_table  sit SEATED table,seated""",
    "watch, chat, leave": """hello LOBBY welcome  watch SPECTATING table,spectating
        chat SPECTATING chat,ok  leave LOBBY ok  chat LOBBY not_at_table""",
    "watch a game under way": """hello LOBBY welcome
        watch-playing SPECTATING table,view,spectating  drop GONE -""",
    "a seat taken back with its token": """hello LOBBY welcome  sit SEATED table,seated
        comeback LOBBY bad_token  leave LOBBY not_at_table  sit LOBBY seat_taken
        sit-too SEATED table,seated""",
    "dropped while asking": "hello LOBBY welcome  ask ASKING pending  drop GONE -",
    "dropped in a seat": "hello LOBBY welcome  sit SEATED table,seated  drop GONE -",
    # each out-of-order event
    "requests before hello": "ping NEW not_welcomed  sit NEW not_welcomed  hello LOBBY welcome",
    "hello twice": "hello LOBBY welcome  hello LOBBY already_welcomed",
    "a seat, then another": """hello LOBBY welcome  sit SEATED table,seated
        sit-too SEATED already_at_table  watch SEATED already_at_table
        ask SEATED already_at_table""",
    "asking, then a seat": """hello LOBBY welcome  ask ASKING pending
        sit ASKING already_at_table  watch ASKING already_at_table""",
    "watching, then a seat": """hello LOBBY welcome  watch SPECTATING table,spectating
        sit SPECTATING already_at_table  move SPECTATING not_seated
        start SPECTATING not_seated""",
    "in the lobby": """hello LOBBY welcome  leave LOBBY not_at_table  move LOBBY not_seated
        chat LOBBY not_at_table""",
    "the table's events when nothing waits for them": """granted NEW -  hello LOBBY welcome
        granted LOBBY -  turned-down LOBBY -  detached LOBBY -  sit SEATED table,seated
        granted SEATED -  turned-down SEATED -  watch SEATED already_at_table""",
    "a grant for a request taken back": """hello LOBBY welcome  ask ASKING pending
        leave LOBBY withdrawn,ok  grant LOBBY -  granted LOBBY -""",
    "after the end": """hello LOBBY welcome  drop GONE -  drop GONE -  granted GONE -
        detached GONE -  turned-down GONE -""",
}


def said_of(messages: list[Any]) -> str:
    return ",".join(m["code"] if m["type"] == "error" else m["type"] for m in messages) or "-"


@pytest.mark.parametrize("case", CASES)
def test_session_lifecycle(tmp_path, case):
    rig = Rig(tmp_path)
    words = CASES[case].split()
    expected = [tuple(words[i:i + 3]) for i in range(0, len(words), 3)]
    seen = []
    for step, _, _ in expected:
        rig.do(step)
        seen.append((step, rig.bob.session.state.name, said_of(rig.bob.said())))
    assert seen == expected


# --- what the steps do at the table -----------------------------------------------------


def test_a_request_answered_later_keeps_its_id(tmp_path):
    rig = Rig(tmp_path)
    rig.bob.hello()
    rig.bob.said()
    rig.bob.ask("join", table=rig.playing, seat=1)
    (pending,) = rig.bob.said()
    asked = rig.bob.session.asking
    assert pending["type"] == "pending" and asked is not None
    rig.cat.ask("grant_seat", seat=1, now=True)
    seated = rig.bob.said()[-1]
    assert seated == {"type": "seated", "id": asked[1], "table": rig.playing, "seat": 1,
                      "token": rig.bob.session.seat.token}


def test_dropping_out_leaves_the_table_as_each_standing_should(tmp_path):
    rig = Rig(tmp_path)
    waiting = rig.host.lobby.tables[rig.waiting]
    playing = rig.host.lobby.tables[rig.playing]
    for step in ("hello", "ask", "drop"):
        rig.do(step)
    assert playing.requests == {}                       # the request is withdrawn
    rig.bob = Person(rig, "Bob")
    for step in ("hello", "watch", "drop"):
        rig.do(step)
    assert waiting.spectators == []
    rig.bob = Person(rig, "Bob")
    for step in ("hello", "sit", "drop"):
        rig.do(step)
    seat = waiting.seats[1]
    assert seat.member is None and seat.token == rig.token      # the seat stays his


def test_a_seat_taken_back_is_the_new_connection_s(tmp_path):
    rig = Rig(tmp_path)
    for step in ("hello", "sit"):
        rig.do(step)
    old = rig.bob.session
    rig.do("comeback")
    seat = rig.host.lobby.tables[rig.waiting].seats[1]
    assert old.state is Standing.LOBBY and seat.member is not old
    assert seat.member is not None and seat.member.state is Standing.SEATED


def test_every_request_has_its_handler():
    assert set(HANDLERS) == set(protocol.CLIENT_MESSAGES)


def test_the_table_reaches_every_standing_and_every_one_ends_on_a_drop():
    assert reachable(TRANSITIONS, Standing.NEW) == set(Standing)
    for standing in Standing:
        if standing is not Standing.GONE:
            assert TRANSITIONS[(standing, Event.DROPPED)][0] is Standing.GONE
    assert [key for key in TRANSITIONS if key[0] is Standing.GONE] == []
