"""Key r at a round's summary: the hard bot looks back at this seat's plays and passes of
the round (`engine.bots.review`), from what this program knew when it made them: each view
the host sent and the memory of the round built from them, never another seat's cards.

`RoundReview` keeps, for each round, the seat's decisions as the host accepted them; the
review itself runs in a thread of the reactor's pool when the page is asked for, and the
page says it is thinking until it has the figures.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass

from engine import Action, Pass, Play, SeatView, view
from engine.bots.memory import Memory
from engine.bots.review import FINE, Reviewed, review_decision
from engine.state import Phase

from ..i18n import _
from ..records.timeline import Timeline
from ..words.review_words import decision_line, round_line
from .dialogs import Info, Text

SHOWN = 3           # the round's costliest decisions listed


@dataclass(frozen=True)
class Decided:
    """A play or pass of this seat's that the host accepted as move ``number``."""

    view: SeatView
    memory: Memory
    action: Play | Pass
    number: int


class RoundReview:
    def __init__(self) -> None:
        self.memory = Memory()
        self.view: SeatView | None = None
        self.decided: dict[int, list[Decided]] = {}
        self.found: dict[int, list[Reviewed]] = {}      # the rounds reviewed so far

    def saw(self, view: SeatView) -> None:
        """A view from the host, in order (the memory needs every one)."""
        self.memory.observe(view)
        self.view = view

    def sending(self, action: Action) -> Callable[[int], None]:
        """``action`` goes to the host now: what to call with its move number once the host
        accepts it (a play or pass on the seat's turn is kept; anything else is not)."""
        view, memory = self.view, self.memory.copy()
        if view is None or not isinstance(action, (Play, Pass)) or view.spectator \
                or view.phase is not Phase.PLAY or view.turn != view.seat:
            return lambda number: None

        def accepted(number: int) -> None:
            self.decided.setdefault(view.round_no, []).append(
                Decided(view, memory, action, number))
        return accepted

    def review(self, round_no: int) -> list[Reviewed]:
        """The round's decisions reviewed (slow: a thread's work), kept for the next ask."""
        if round_no not in self.found:
            found = [review_decision(d.view, d.memory, d.action, d.number)
                     for d in self.decided.get(round_no, [])]
            self.found[round_no] = [r for r in found if r is not None]
        return self.found[round_no]


def review_page(round_no: int, found: Callable[[], list[Reviewed] | None],
                name: Callable[[int], str]) -> Info:
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
        out += [decision_line(r, name) for r in costly] or [
            _("every decision was within {points:g} points of the best").format(points=FINE)]
        return [*out, "", [("class:dim", _("The figures are estimates on deals of the cards "
                                          "you could not see; a decision within {points:g} "
                                          "points of the best counts as fine.").format(
                                              points=FINE))]]
    return Info(_("Round {number}: a look back").format(number=round_no), lines)


def review_move(timeline: Timeline, index: int) -> Reviewed | None:
    """The replay's step ``index``: the review of the move that led to it, from what its
    seat knew then (None: it was no play or pass of a seat on its turn with a choice)."""
    steps = timeline.steps
    action = steps[index].action if 0 < index < len(steps) else None
    if not isinstance(action, (Play, Pass)):
        return None
    seat = action.seat
    start = timeline.round_starts[bisect_right(timeline.round_starts, index - 1) - 1]
    memory = Memory()
    for step in steps[max(0, start - 1):index]:
        memory.observe(view(step.game, seat))
    return review_decision(view(steps[index - 1].game, seat), memory, action,
                           index + timeline.first)
