"""Key r at a round's summary: the hard bot looks back at this seat's plays, passes and
calls of the round (`engine.bots.review`), from what this program knew when it made them:
each view the host sent and the memory of the round built from them, never another seat's
cards.

`RoundReview` keeps, for each round, the seat's decisions as the host accepted them, each
with the view it was made from and a copy of the round as the seat remembered it then (the
memory the table model keeps for the coach, fed every view); the review itself runs in a
thread of the reactor's pool when the page is asked for, and the page says it is thinking
until it has the figures.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass

from engine import Action, SeatView, view
from engine.bots.memory import Memory
from engine.bots.review import FINE, Reviewed, review_any

from ..i18n import _
from ..records.timeline import Timeline
from ..words.review_words import decision_line, round_line
from .dialogs import Info, Text

SHOWN = 3           # the round's costliest decisions listed


@dataclass(frozen=True)
class Decided:
    """A move of this seat's that the host accepted as move ``number``."""

    view: SeatView
    memory: Memory
    action: Action
    number: int


class RoundReview:
    def __init__(self) -> None:
        self.decided: dict[int, list[Decided]] = {}
        self.found: dict[int, list[Reviewed]] = {}      # the rounds reviewed so far

    def sending(self, action: Action, view: SeatView | None,
                memory: Memory) -> Callable[[int], None]:
        """``action`` goes to the host now, made from ``view`` with ``memory`` of the round:
        what to call with its move number once the host accepts it (the review keeps what
        it can judge: `engine.bots.review.review_any`)."""
        if view is None or view.spectator:
            return lambda number: None
        memory = memory.copy()

        def accepted(number: int) -> None:
            self.decided.setdefault(view.round_no, []).append(
                Decided(view, memory, action, number))
        return accepted

    def review(self, round_no: int) -> list[Reviewed]:
        """The round's decisions reviewed (slow: a thread's work), kept for the next ask."""
        if round_no not in self.found:
            self.found[round_no] = [r for d in self.decided.get(round_no, [])
                                    for r in review_any(d.view, d.memory, d.action, d.number)]
        return self.found[round_no]


def review_page(round_no: int, found: Callable[[], list[Reviewed] | None],
                name: Callable[[int], str], cards: Callable[[int], str]) -> Info:
    """The page: thinking until ``found`` gives the figures, then the round's costliest
    decisions."""
    def lines(columns: int) -> Text:
        reviewed = found()
        if reviewed is None:
            return [_("The hard bot is looking back at your decisions..."), ""]
        if not reviewed:
            return [_("You had no choice to make in round {number}: nothing to look back "
                      "on.").format(number=round_no), ""]
        costly = sorted((r for r in reviewed if not r.fine), key=lambda r: -r.loss)[:SHOWN]
        out: Text = [round_line(round_no, reviewed), ""]
        out += [decision_line(r, name, cards) for r in costly] or [
            _("every decision was within {points:g} points of the best").format(points=FINE)]
        return [*out, "", [("class:dim", _("The figures are estimates on deals of the cards "
                                          "you could not see; a decision within {points:g} "
                                          "points of the best counts as fine.").format(
                                              points=FINE))]]
    return Info(_("Round {number}: a look back").format(number=round_no), lines)


def review_move(timeline: Timeline, index: int) -> list[Reviewed]:
    """The replay's step ``index``: the review of the move that led to it, from what its
    seat knew then (empty: no decision the review judges)."""
    steps = timeline.steps
    action = steps[index].action if 0 < index < len(steps) else None
    seat = getattr(action, "seat", -1)
    if action is None or seat < 0:
        return []
    start = timeline.round_starts[bisect_right(timeline.round_starts, index - 1) - 1]
    memory = Memory()
    for step in steps[max(0, start - 1):index]:
        memory.observe(view(step.game, seat))
    return review_any(view(steps[index - 1].game, seat), memory, action,
                      index + timeline.first)
