"""Where the client is at the host (`Place`), stepped by what the host says and by what became
of the client's requests: each case is a script of steps, each followed by the place after
it, as the connection's lifecycle tests are written; an event the table does not list for a
place changes nothing."""

from __future__ import annotations

import pytest

from engine import CLASSIC, new_game, view
from tests.support.fake_wire import play, reachable
from tests.support.typed_host import LIMITS, table, view_message
from tichu_lan.client import HostSaid, Place, Seating, Step
from tichu_lan.client.host_said import PLACES
from tichu_lan.host_messages import (ErrorMessage, HeldSeat, Pending, SatOut, Seated,
                                     Spectating, Welcome)

TOKEN = "the-seat-token"
STEPS = {
    "welcome": lambda s: s.take_welcome(Welcome(protocol=1, program="p", host="h",
                                                limits=LIMITS, id=1)),
    "welcome-seat": lambda s: s.take_welcome(Welcome(
        protocol=1, program="p", host="h", limits=LIMITS, id=1,
        seat=HeldSeat(table=1, seat=2, token=TOKEN))),
    "sit": lambda s: s.take(Seated(table=1, seat=3, token="new", id=2)),
    "ask": lambda s: s.take(Pending(table=1, seat=3, owner="Ann")),
    "grant": lambda s: s.take(Seated(table=1, seat=3, token="granted", id=2)),
    "refused": lambda s: s.not_let_in(),
    "watch": lambda s: (s.will_watch(7, "tea"), s.take(Spectating(table=7, id=3))),
    "leave": lambda s: s.left(),
    "taken-back": lambda s: s.take(ErrorMessage(code="bad_token", message="taken back")),
    "refusal": lambda s: s.take(ErrorMessage(code="bad_token", message="wrong token", id=4)),
    "view": lambda s: s.take(view_message(view(new_game(CLASSIC, 1), 3), 5)),
    "listed": lambda s: s.take(Seated(table=7, seat=1, token="from the list")),
    "sat-out": lambda s: s.take(SatOut(table=7, seat=1)),
}

# name: (holds a token from an earlier connection, the script)
CASES = {
    "welcomed, then sit": (False, "welcome LOBBY  sit SEATED  view SEATED"),
    "back in the seat the token holds": (True, "welcome-seat SEATED  welcome-seat SEATED"),
    "the token's seat is gone": (True, "leave LOBBY  welcome LOBBY  sit SEATED"),
    "ask, then granted": (False, "welcome LOBBY  ask ASKING  grant SEATED"),
    "ask, then refused or withdrawn": (False, "ask ASKING  refused LOBBY  ask ASKING"),
    "ask, then leave": (False, "ask ASKING  leave LOBBY"),
    "watch, come back, leave": (False, "watch WATCHING  watch WATCHING  leave LOBBY"),
    "the seat taken back by a twin": (False, "sit SEATED  taken-back LOBBY"),
    "leave a seat": (False, "sit SEATED  leave LOBBY  leave LOBBY"),
    # out of order: changes nothing
    "a refusal answering a request is no news": (False, "sit SEATED  refusal SEATED"),
    "pending while seated": (False, "sit SEATED  ask SEATED  refused SEATED"),
    "seated or pending while watching": (False, "watch WATCHING  sit WATCHING  ask WATCHING"),
    "seated from the waiting list": (False, """watch WATCHING  listed SEATED  leave LOBBY
        listed SEATED  sat-out LOBBY  sat-out LOBBY"""),
    "spectating while seated or asking": (False, """sit SEATED  watch SEATED  leave LOBBY
        ask ASKING  watch ASKING"""),
    "refused with nothing asked": (False, "refused LOBBY  welcome LOBBY"),
    "a seat held from before, then other news": (True, """ask RETURNING  watch RETURNING
        refused RETURNING  welcome RETURNING"""),
}


@pytest.mark.parametrize("case", CASES)
def test_the_place_follows_the_host(case):
    token, script = CASES[case]
    said = HostSaid(TOKEN if token else None)
    expected, places = play(script, lambda step: STEPS[step](said), lambda: said.place)
    assert places == expected


def test_each_place_keeps_what_coming_back_to_it_takes():
    said = HostSaid(TOKEN)
    assert said.token == TOKEN and said.seating is None
    STEPS["welcome-seat"](said)
    assert said.seating == Seating(1, 2, TOKEN) and said.token == TOKEN
    STEPS["leave"](said)
    assert said.token is None and said.seating is None and said.seq == -1
    STEPS["ask"](said)
    assert said.asking == Pending(table=1, seat=3, owner="Ann") and said.seating is None
    STEPS["grant"](said)
    assert said.asking is None and said.seating == Seating(1, 3, "granted")
    STEPS["leave"](said)
    STEPS["watch"](said)
    assert said.watching == (7, "tea") and said.seating == Seating(7, -1, None)
    assert said.token is None


def test_leaving_forgets_the_table_and_the_view():
    said = HostSaid()
    STEPS["sit"](said)
    STEPS["view"](said)
    said.take(view_message(view(new_game(CLASSIC, 1), 3), 6))
    said.table = table(["Ann", "Bob", "Cat", "Dan"])
    assert said.seq == 6 and said.view is not None
    STEPS["taken-back"](said)
    assert (said.table, said.view, said.view_message, said.seq) == (None, None, None, -1)


def test_every_place_is_reached_and_left_goes_back_to_the_lobby():
    assert reachable(PLACES, Place.RETURNING) == set(Place)
    for place in Place:
        assert PLACES[(place, Step.LEFT)][0] is Place.LOBBY, place
