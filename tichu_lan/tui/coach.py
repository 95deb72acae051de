"""The coach: key i asks what the hard bot would play in the player's seat, and why.

The coach thinks from the seat's view alone, as a bot does: the views this screen
was sent, and the memory of the round it built from them (`Memory`), never more.
It thinks off the reactor (`table_link` runs `coach_answer` in a thread), held
to `THINKING_CAP` seconds, so the screen never waits for it.

`Coach` is the question's lifecycle, with named states: IDLE, THINKING (a
question is out), SHOWING (an answer is on the message line, its cards selected
in the hand). An answer is shown only for the view it was asked about: a view
that changed while the coach thought drops it (others deciding on Grand Tichu or
giving their exchange change nothing the coach weighs, so they keep it). A new
view, or Esc, puts the advice away. The table's owner may switch the coach off (the table option
``coach``); that is a rule of the table that each client keeps, since the host
does no thinking for it.
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from engine import (Action, CallTichu, Exchange, GiveDragon, GrandTichu, Pass, Play, SeatView,
                    Wish)
from engine.bots.advice import Advice, advise
from engine.bots.interface import TimeCap
from engine.bots.memory import Memory

from ..table_info import TableSettings
from ..i18n import _
from ..words.coaching import advice_words
from .dialogs import Option
from .exchange_picks import Exchanging
from .hand_cursor import hint_order
from .table_intents import AskCoach

if TYPE_CHECKING:
    from .table_model import TableModel

THINKING_CAP = 0.8      # seconds of thinking at most: the answer comes within a second
LABEL = "class:coach"    # the message line's style for the advice (the arrows keep it)


def coach_answer(view: SeatView, memory: Memory | None = None,
                 cap: float | None = THINKING_CAP) -> Advice:
    """The hard bot's move for the view's seat, and why: what key i runs in a thread and
    scripts/bench_coach.py times. ``cap`` None thinks the whole budget, whatever the
    clock says (the same view then always gets the same advice)."""
    time_cap = None if cap is None else TimeCap(cap, time.perf_counter)
    return advise(view, memory=memory, time_cap=time_cap)


def moment(view: SeatView) -> SeatView:
    """The view less what does not change the advice: who else has already made their
    Grand Tichu decision, given their exchange or put their cards aside."""
    return dataclasses.replace(view, grand_decided=(), exchange_given=(), discarded=())


class CoachState(Enum):
    IDLE = "idle"
    THINKING = "thinking"
    SHOWING = "showing"


@dataclass(frozen=True, eq=False)
class Question:
    """What the coach was asked about: the view, and the round as the seat remembers it."""

    view: SeatView
    memory: Memory


class Coach:
    def __init__(self) -> None:
        self.state = CoachState.IDLE
        self.question: Question | None = None     # the one out, or the one answered
        self.advice: Advice | None = None
        self.memory = Memory()

    def saw(self, view: SeatView) -> bool:
        """A view from the host; True when it puts away the advice on show."""
        self.memory.observe(view)
        if self.question is None or moment(self.question.view) == moment(view):
            return False
        showing = self.state is CoachState.SHOWING
        self.state, self.question, self.advice = CoachState.IDLE, None, None
        return showing

    def ask(self, view: SeatView) -> Question | None:
        """A new question about ``view`` (None: one is out already)."""
        if self.state is CoachState.THINKING:
            return None
        self.question = Question(view, self.memory.copy())
        self.state, self.advice = CoachState.THINKING, None
        return self.question

    def answered(self, question: Question, advice: Advice) -> bool:
        """The answer to ``question``; False (and dropped) unless it is the question out."""
        if question is not self.question or self.state is not CoachState.THINKING:
            return False
        self.state, self.advice = CoachState.SHOWING, advice
        return True

    def failed(self, question: Question) -> None:
        if question is self.question:
            self.state, self.question = CoachState.IDLE, None

    def dismiss(self) -> None:
        if self.state is CoachState.SHOWING:
            self.state, self.question, self.advice = CoachState.IDLE, None, None


def coach_on(model: TableModel) -> bool:
    """Whether the table's owner lets the coach answer at this table (it does by default)."""
    return model.table is None or model.table.options.coach


def coach_line(options: TableSettings | None) -> str:
    """The coach option, as the lobby and the owner's options page show it."""
    if options is not None and not options.coach:
        return _("The coach (key i) is off at this table.")
    return _("Players may ask the coach (key i) what the hard bot would play.")


def coach_options() -> list[Option]:
    """The owner's two choices for the coach, as changes to the table's options."""
    return [Option(_("The coach on: players may ask it with i"), {"coach": True}, "c"),
            Option(_("The coach off"), {"coach": False}, "o")]


def ask(model: TableModel) -> None:
    """Key i: ask the coach about the view on screen."""
    view = model.view
    if not coach_on(model):
        return model.info(_("The table's owner switched the coach off at this table."))
    if view is None or view.spectator:
        return model.info(_("The coach advises a player's seat: spectators have none."))
    question = model.coach.ask(view)
    if question is None:
        return model.info(_("The coach is still thinking..."))
    model.info(_("The coach is thinking..."))
    model.emit(AskCoach(question))


def answered(model: TableModel, question: Question, advice: Advice) -> None:
    """The coach's answer: shown on the message line, its cards selected (Enter plays them,
    as it plays a hint), unless the game moved on while it thought."""
    if not model.coach.answered(question, advice):
        if model.view is None or moment(question.view) != moment(model.view):
            model.info(_("The game moved on before the coach answered: i asks again."))
        return
    mark(model, advice)
    model.message = [(LABEL, _("Coach: {advice}").format(
        advice=advice_words(advice, model.faces)))]
    model.message_for = model.situation()


def failed(model: TableModel, question: Question, why: str) -> None:
    model.coach.failed(question)
    model.error(_("The coach could not answer: {why}").format(why=why))


def mark(model: TableModel, advice: Advice) -> None:
    """Make the advice what Enter does, as the help says: a play selected as the hint it is
    (and Tab goes on from it), an exchange as the three cards given, a pass or a Tichu call
    with nothing selected (`enter`), the advised answer of a question the game waits for
    under its cursor."""
    action = advice.action
    if isinstance(action, (Pass, CallTichu)):
        model.hand.clear()
    elif isinstance(action, (GrandTichu, Wish, GiveDragon)):
        _point_at(model, _answer(action))
    elif isinstance(action, Play):
        hints = hint_order(model.options.plays)
        same = [i for i, c in enumerate(hints) if c.cards == action.cards]
        index = next((i for i in same if hints[i].phoenix_as == action.phoenix_as),
                     same[0] if same else None)
        model.hand.select(action.cards)
        if index is not None:
            model.hand.hints, model.hand.hint_index = hints, index
    elif isinstance(action, Exchange) and model.exchanging is not None:
        model.exchanging = Exchanging()
        model.exchanging.picks = list(action.gifts)


def _answer(action: GrandTichu | Wish | GiveDragon) -> object:
    """The value of the question's option that makes ``action``."""
    if isinstance(action, GrandTichu):
        return action.call
    return action.rank if isinstance(action, Wish) else action.to


def _point_at(model: TableModel, value: object) -> None:
    choice = model.forced
    if choice is not None:
        index = next((i for i, o in enumerate(choice.options)
                      if o.value == value and o.enabled), None)
        if index is not None:
            choice.index = index


def advised(model: TableModel) -> Action | None:
    """The move the coach's advice on show is about, if any."""
    advice = model.coach.advice if model.coach.state is CoachState.SHOWING else None
    return advice.action if advice is not None else None


def move_on_enter(model: TableModel) -> Pass | CallTichu | None:
    """The advised pass or Tichu call that Enter makes with nothing selected, as it plays
    advised cards."""
    action = advised(model)
    return action if isinstance(action, (Pass, CallTichu)) and not model.hand.mask else None


def saw(model: TableModel, view: SeatView) -> None:
    """A new view: the advice about another is put away, and its cards unselected if the
    selection is still theirs."""
    advice = model.coach.advice
    if not model.coach.saw(view):
        return
    action = advice.action if advice is not None else None
    if isinstance(action, Play) and model.hand.selected == action.cards:
        model.hand.clear()
    if model.message[:1] and model.message[0][0] == LABEL:
        model.message = []
