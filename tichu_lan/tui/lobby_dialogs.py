"""The questions a page before the game asks: passwords, an address, a table's options, and
whether to stop the host."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..table_info import TableSettings
from ..i18n import _
from ..protocol import NAME_MAX, PASSWORD_MAX
from ..words.vocabulary import listed
from .coach import coach_line, coach_options
from .dialogs import Choice, Dialog, LineInput, Option, confirm
from .rules_questions import timer_line, timer_question
from .table_dialogs import sentence, stop_text

TIMER_QUESTION: dict[str, Any] = {}       # the option that asks about the turn timer
EVENING_NAMES = 12 * (NAME_MAX + 2)       # what 12 names and their commas may take


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


def evening_questions(ask_for: Callable[[Dialog], None],
                      start: Callable[[list[str], bool, int], None]) -> None:
    """Who takes part in an evening (names as they joined, separated by commas), then whether
    its tables play the same deals and how long a game is: then `start` asks the host."""
    def named(typed: str) -> None:
        people = [name.strip() for name in typed.replace("\u3001", ",").split(",")]
        people = [name for name in people if name]

        def chosen(choice: tuple[bool, int]) -> None:
            start(people, *choice)
        ask_for(Choice(_("An evening"), [_("Taking part: {names}").format(names=listed(people))], [
            Option(_("The same deals at every table (duplicate), games to 500"), (True, 500),
                   "1"),
            Option(_("The same deals at every table (duplicate), games to 1000"), (True, 1000),
                   "2"),
            Option(_("Each table its own deals, games to 500"), (False, 500), "3"),
            Option(_("Each table its own deals, games to 1000"), (False, 1000), "4")], chosen))
    ask_for(LineInput(_("An evening"), _("Who takes part (4 to 12 names, with commas):") + " ",
                      named, EVENING_NAMES))


def stop_host_question(people: list[str], stop: Callable[[], None]) -> Choice:
    """Whether to stop the host, naming the people that would cut off."""
    return confirm(_("Stop the host?"), [sentence(stop_text(people))], stop,
                   yes=_("Stop the host"), no=_("Keep hosting"))
