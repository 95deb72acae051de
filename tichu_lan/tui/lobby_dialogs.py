"""The questions a page before the game asks: passwords, an address, a table's options, and
whether to stop the host."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..host_messages import TableSettings
from ..i18n import _
from ..protocol import PASSWORD_MAX
from .coach import coach_line, coach_options
from .dialogs import Choice, Dialog, LineInput, Option, confirm
from .rules_questions import timer_line, timer_question
from .table_dialogs import sentence, stop_text

TIMER_QUESTION: dict[str, Any] = {}       # the option that asks about the turn timer


def new_table_password(lock: Callable[[str], None]) -> LineInput:
    """The password a new table is opened with."""
    return LineInput(_("Password"), _("Who joins or watches gives:") + " ", lock, PASSWORD_MAX,
                     secret=True)


def table_password(give: Callable[[str], None]) -> LineInput:
    """The password of a table to sit at or watch."""
    return LineInput(_("Password"), _("This table's password:") + " ", give, PASSWORD_MAX,
                     secret=True)


def address_question(typed: Callable[[str], None]) -> LineInput:
    return LineInput(_("Join by address"), "HOST[:PORT]: ", typed, 100)


def table_options(options: TableSettings | None, chosen: Callable[[dict[str, Any]], None],
                  ask_for: Callable[[Dialog], None] = lambda dialog: None) -> Choice:
    """The owner's choice of what happens to a person's seat while they are away, whether
    the coach answers at the table, and the turn timer (a question of its own, `ask_for`)."""
    takeover = options is None or options.takeover
    graces = [Option(_("A bot plays for a person away {seconds} s").format(seconds=s),
                     {"takeover": True, "grace": float(s)}, key)
              for s, key in ((30, "1"), (60, "2"), (120, "3"), (300, "4"))]
    off = Option(_("No bot for people who are away: the game waits"), {"takeover": False},
                 "0")
    now = (_("Now: a bot plays for a person away {seconds} s.").format(
        seconds=int(options.grace if options is not None else 60)) if takeover else
        _("Now: no bot plays for a person who is away."))
    timer = options.timer if options is not None else None
    question = Option(_("The turn timer..."), TIMER_QUESTION, "t")

    def pick(change: dict[str, Any]) -> None:
        if change is TIMER_QUESTION:
            ask_for(timer_question(timer, chosen))
        else:
            chosen(change)
    return Choice(_("Table options"), [now, coach_line(options), timer_line(timer)],
                  [*graces, off, *coach_options(), question], pick)


def stop_host_question(people: list[str], stop: Callable[[], None]) -> Choice:
    """Whether to stop the host, naming the people that would cut off."""
    return confirm(_("Stop the host?"), [sentence(stop_text(people))], stop,
                   yes=_("Stop the host"), no=_("Keep hosting"))
