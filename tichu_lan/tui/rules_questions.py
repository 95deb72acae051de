"""The rules a party chooses when it opens a table (key o or O on the tables page): the
game's length, Grand Tichu or not, and the turn timer, one short question after another,
each answered with one key, so that all three fit a screen of 80x24."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..i18n import _, ngettext
from .dialogs import Choice, Dialog, Option

LENGTHS = ((1000, 0, "1"), (500, 0, "2"), (0, 4, "3"), (0, 8, "4"), (0, 12, "5"))
TIMERS = ((None, "0"), (15, "1"), (30, "2"), (60, "3"), (120, "4"))
Chosen = dict[str, Any]


def length_options() -> list[Option]:
    options = []
    for target, rounds, key in LENGTHS:
        label = (_("To {target} points").format(target=target) if target else
                 ngettext("{count} round (more while the score is level)",
                          "{count} rounds (more while the score is level)",
                          rounds).format(count=rounds))
        options.append(Option(label, {"target": target or 1000, "rounds": rounds or None}, key))
    return options


def timer_options() -> list[Option]:
    return [Option(_("No turn timer") if seconds is None else
                   _("{seconds} s for each decision, then a bot makes it").format(seconds=seconds),
                   {"timer": seconds}, key) for seconds, key in TIMERS]


def timer_question(timer: int | None, chosen: Callable[[Chosen], None]) -> Choice:
    """The turn timer as the table's options change it once the table is open (False on
    the wire's side turns it off)."""
    options = [Option(option.label, {"timer": option.value["timer"] or False}, option.shortcut)
               for option in timer_options()]
    return Choice(_("Turn timer"), [timer_line(timer)], options, chosen)


def timer_line(timer: int | None) -> str:
    """The turn timer as it is now, for the table's options."""
    if timer is None:
        return _("Now: no turn timer.")
    return _("Now: {seconds} s for each decision.").format(seconds=timer)


def ask_rules(ask_for: Callable[[Dialog], None], duel: bool,
              done: Callable[[Chosen], object]) -> None:
    """Ask the three questions in turn; ``done`` gets the answers, as `create_table` takes
    them, once the last is answered (Esc on any of them opens no table)."""
    chosen: Chosen = {}

    def timer(answer: Chosen) -> None:
        done(chosen | answer)

    def grand(answer: Chosen) -> None:
        chosen.update(answer)
        ask_for(Choice(_("Turn timer"), [_("How long each player has for a decision:")],
                       timer_options(), timer))

    def length(answer: Chosen) -> None:
        chosen.update(answer)
        ask_for(Choice(_("Grand Tichu"), [_("Do the first 8 cards come alone, for Grand "
                                            "Tichu?")],
                       [Option(_("With Grand Tichu"), {"grand": True}, "g"),
                        Option(_("Without: all 14 cards at once (Tichu may still be called)"),
                               {"grand": False}, "w")], grand))
    title = _("A new duel table") if duel else _("A new table")
    ask_for(Choice(title, [_("How long is the game?")], length_options(), length))
