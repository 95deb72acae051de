"""People asking for bots' seats, as the person who runs the table works through them: one
list, one dialog, a count on the status line.

In the middle of a round a person who wants a bot's seat only asks for it (docs/PROTOCOL.md),
and the person who runs the table answers: now, or when the round ends. However many ask, and
however often they ask and take it back, the owner has one dialog: the first request to answer
(y now, n when the round ends) and who waits after it. A request taken back leaves the list at
once, and the dialog closes with the last one. It opens by itself at most once a round, for
the round's first request: asking and taking back cannot keep pushing a dialog over the
owner's game. The status line counts who is asking; key R opens the list. A request nobody
answers is granted when the round ends anyway.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..table_info import AskedSeat, TableInfo
from ..i18n import _, ngettext
from .dialogs import Choice, Option
from .faces import Fragments
from .table_intents import Grant
from ..words.vocabulary import listed
from .text import cut, whole

if TYPE_CHECKING:
    from .table_model import TableModel

Key = tuple[int, str]       # a request: the seat asked for, and who asks


def _key(request: AskedSeat) -> Key:
    return request.seat, request.name


class SeatRequests:
    def __init__(self) -> None:
        self.waiting: list[AskedSeat] = []     # unanswered, in the order they came
        self.answered: set[Key] = set()        # answered here; the host has yet to say so
        self.dialog: Choice | None = None
        self.opened_in: int | None = None      # the round it last opened by itself in

    def follow(self, model: TableModel, table: TableInfo) -> None:
        """The host's table as it is now: the list follows its requests."""
        self._forget_closed()
        asked = [r for r in table.requests if not r.answered] \
            if model.runs_table and table.state == "playing" else []
        self.answered &= {_key(r) for r in asked}
        now = {_key(r): r for r in asked if _key(r) not in self.answered}
        self.waiting = [now.pop(_key(r)) for r in self.waiting if _key(r) in now]
        self.waiting += now.values()
        if not self.waiting:
            self._close(model)
        elif self.dialog is not None:
            self._refresh(model)
        elif self.opened_in != _round(model):
            self.opened_in = _round(model)
            self.open(model)

    def open(self, model: TableModel) -> None:
        """Show the list (key R), if anyone is asking."""
        self._forget_closed()
        if self.waiting and self.dialog is None:
            self.dialog = Choice("", [], [Option(_("Now"), True, "y"),
                                          Option(_("When the round ends"), False, "n")],
                                 lambda now: self._answer(model, now))
            self._refresh(model)
            model.open(self.dialog)

    def status(self) -> Fragments:
        """The count for the status line (nothing while nobody asks)."""
        count = len(self.waiting)
        if not count:
            return []
        return [("class:info", "  " + ngettext("{count} asks for a seat (R)",
                                                "{count} ask for seats (R)", count).format(
            count=count))]

    # --- helpers --------------------------------------------------------------------

    def _answer(self, model: TableModel, now: bool) -> None:
        first = self.waiting.pop(0)
        self.answered.add(_key(first))
        model.emit(Grant(first.seat, now))
        if self.waiting and self.dialog is not None:
            self.dialog.closed = False          # the next one, in the same dialog
            self._refresh(model)
        else:
            self.dialog = None

    def _refresh(self, model: TableModel) -> None:
        assert self.dialog is not None
        first = self.waiting[0]
        bot, name = model.name(first.seat), whole(cut(first.name, 16))
        self.dialog.title = _("{name} asks for a seat").format(name=name)
        text: list[Fragments | str] = [
            _("{name} asks to take seat {number}, which {bot} plays.").format(
                name=name, number=first.seat + 1, bot=bot),
            _("Now: {name} plays on with {bot}'s cards.").format(name=name, bot=bot),
            _("Later: {name} gets the seat when this round ends.").format(name=name)]
        if len(self.waiting) > 1:
            others = listed(_("{name} (seat {number})").format(
                name=cut(r.name, 16), number=r.seat + 1) for r in self.waiting[1:])
            text += ["", _("Asking after them: {names}").format(names=others)]
        self.dialog.text = text

    def _close(self, model: TableModel) -> None:
        if self.dialog is not None:
            self.dialog.closed = True
            model.put_away(self.dialog)
            self.dialog = None

    def _forget_closed(self) -> None:
        """The owner put the dialog away (Esc)."""
        if self.dialog is not None and self.dialog.closed:
            self.dialog = None


def _round(model: TableModel) -> int:
    return model.view.round_no if model.view is not None else 0


def show(model: TableModel) -> None:
    """Key R: the list of people asking for seats."""
    model.seat_requests.open(model)
