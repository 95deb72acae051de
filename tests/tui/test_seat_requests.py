"""People asking for bots' seats, on the screen of the person who runs the table: one list in
one dialog however many ask, a request taken back gone at once, the owner answering each in
turn, and asking-and-taking-back that cannot keep pushing a dialog over the owner's game."""

from __future__ import annotations

from engine import CLASSIC, new_game, view
from tests.support import typed_host
from tests.support.typed_host import person
from tichu_lan.host_messages import TableMessage
from tichu_lan.table_info import AskedSeat, SeatInfo
from tichu_lan.tui.faces import Faces
from tichu_lan.tui.table_intents import Grant
from tichu_lan.tui.table_model import TableModel

BOTS = [SeatInfo(seat=i, kind="bot", name="normal bot", connected=False, bot="normal")
        for i in (1, 2, 3)]


def owner() -> tuple[TableModel, list]:
    emitted: list = []
    model = TableModel(Faces(), emit=emitted.append)
    model.new_view(view(new_game(CLASSIC, seed=3), 0), [])
    return model, emitted


def asked(model: TableModel, *requests: tuple[int, str, bool]) -> None:
    table = typed_host.table([person(0, "Ann"), *BOTS], requests=tuple(
        AskedSeat(seat=seat, name=name, answered=answered) for seat, name, answered in requests))
    model.on_message(TableMessage(table=table), model.view)


def shown(model: TableModel) -> str:
    return "\n".join("".join(t for _, t in line) for dialog in model.overlays
                     for line in [[("", dialog.title)], *dialog.lines()])


def test_thirty_names_asking_in_turn_make_one_dialog_and_take_backs_leave_it_at_once():
    model, _ = owner()
    for n in range(30):
        asked(model, (1, f"Guest{n}", False), (2, "Cat", False))
        asked(model, (2, "Cat", False))                    # Guest n takes it back
    assert len(model.overlays) == 1
    assert "Cat asks for a seat" in shown(model) and "Guest" not in shown(model)
    assert [r.name for r in model.seat_requests.waiting] == ["Cat"]
    asked(model)                                            # Cat too: nobody asks
    assert model.overlays == [] and model.seat_requests.status() == []


def test_the_owner_works_through_the_list_first_come_first_answered():
    model, emitted = owner()
    asked(model, (3, "Dan", False), (1, "Cat", False))
    assert "Cat asks for a seat" not in shown(model) and "Dan asks for a seat" in shown(model)
    assert "Asking after them: Cat (seat 2)" in shown(model)
    assert "2 ask for seats (R)" in "".join(t for _, t in model.seat_requests.status())
    dialog = model.dialog_with_keys()
    dialog.press("y")
    model.put_away(dialog)
    assert emitted[-1] == Grant(3, True) and model.overlays == [dialog]
    assert "Cat asks for a seat" in shown(model)
    asked(model, (3, "Dan", False), (1, "Cat", False))      # sent before the answer arrived
    assert [r.name for r in model.seat_requests.waiting] == ["Cat"]
    dialog.press("n")
    model.put_away(dialog)
    assert emitted[-1] == Grant(1, False) and model.overlays == []
    asked(model, (1, "Cat", True))                          # answered: waits for the round's end
    assert model.overlays == [] and model.seat_requests.waiting == []


def test_the_list_opens_by_itself_once_a_round_and_R_shows_it_again():
    model, _ = owner()
    asked(model, (1, "Cat", False))
    dialog = model.dialog_with_keys()
    dialog.close()
    model.put_away(dialog)
    for n in range(5):                                      # ask, take back, ask again ...
        asked(model)
        asked(model, (2, f"Guest{n}", False))
    assert model.overlays == []
    assert "1 asks for a seat (R)" in "".join(t for _, t in model.seat_requests.status())
    model.seat_requests.open(model)
    assert len(model.overlays) == 1 and "Guest4 asks for a seat" in shown(model)


def test_only_the_person_who_runs_the_table_is_asked():
    model, _ = owner()
    table = typed_host.table([person(0, "Ann"), *BOTS], owner=1,
                             requests=(AskedSeat(seat=2, name="Cat", answered=False),))
    model.on_message(TableMessage(table=table), model.view)
    assert model.overlays == [] and model.seat_requests.status() == []


def test_emptied_and_asked_again_the_list_does_not_pop_up_again_that_round():
    model, _ = owner()
    asked(model, (1, "Cat", False))
    for n in range(5):
        asked(model)                                        # closes with the last request
        assert model.overlays == []
        asked(model, (2, f"Guest{n}", False))
    assert model.overlays == [] and model.seat_requests.status() != []
