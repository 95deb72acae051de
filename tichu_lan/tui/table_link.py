"""Between the table model and a `TichuClient`: the host's messages in, the model's intents out.

The one place on the table's path that sees Deferreds. A move goes out with
`TichuClient.act`; the host's refusal (a race with another seat), a lost
connection, or anything else that fails it comes back to the model as a
message the player can read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from twisted.internet import defer
from twisted.internet.threads import deferToThread
from twisted.logger import Logger
from twisted.python.failure import Failure

from engine.bots.advice import Advice
from engine.bots.review import Reviewed

from ..client import Disconnected, TichuClient
from ..host_messages import EveningMessage, Heard, StandingsMessage
from ..i18n import _
from ..lifecycle import Clock, Timer, cancel
from ..protocol import HostError
from ..words.refusals import error_words
from . import coach, evening_page
from .evening import standings_page
from .event_record import moves_of
from .round_review import RoundReview, review_page
from .table_intents import (AskCoach, Grant, Intent, Leave, Move, PlayAgain, ReviewRound, Ring,
                            Say, ShowStandings, SitOut, WaitInLine)
from .table_model import TableModel

log = Logger()
TICK = 1.0      # seconds between redraws while an away seat counts down


class TableLink:
    def __init__(self, client: TichuClient, model: TableModel, *,
                 on_change: Callable[[], None] = lambda: None,
                 on_bell: Callable[[], None] = lambda: None,
                 on_quit: Callable[[], None] = lambda: None,
                 on_leave_seat: Callable[[], None] | None = None,
                 clock: Clock | None = None) -> None:
        """``on_quit`` ends the program (and, for `tichu host`, the host); ``on_leave_seat``
        hears that the seat was given up (None: leaving the seat ends the program too);
        ``clock`` schedules the redraws of a countdown (None: none)."""
        self.client, self.model = client, model
        self.on_change, self.on_bell, self.on_quit = on_change, on_bell, on_quit
        self.on_leave_seat, self.clock = on_leave_seat, clock
        self.ticking: Timer | None = None
        # where the coach thinks: a thread of the reactor's pool (the ssh door queues its
        # guests' questions, which think in the host's process)
        self.think: Callable[..., defer.Deferred[Any]] = deferToThread
        model.emit = self.carry
        model.catch_up(client.view, client.table, client.welcome, moves_of(client.view_message))
        for notice in client.notices:           # told before this screen opened
            model.on_message(notice, client.view)
        if client.evening is not None:
            evening_page.heard(model, client.evening)
        self.followers: list[Callable[[Heard], None]] = []   # more of the screen that listens
        self.review = RoundReview()
        self.unsubscribe = client.subscribe(self.heard)

    def heard(self, message: Heard) -> None:
        if isinstance(message, EveningMessage):
            evening_page.heard(self.model, message.evening)
        self.model.on_message(message, self.client.view)
        for follower in self.followers:
            follower(message)
        self.on_change()
        if self.model.stand_ins.counting and self.ticking is None and self.clock is not None:
            self.ticking = self.clock.callLater(TICK, self.tick)

    def tick(self) -> None:
        """Redraw once a second while a countdown is on screen."""
        self.ticking = None
        self.on_change()
        if self.model.stand_ins.counting and self.clock is not None:
            self.ticking = self.clock.callLater(TICK, self.tick)

    def close(self) -> None:
        """The screen is going: hear no more, draw no more."""
        self.unsubscribe()
        cancel(self.ticking)
        self.ticking = None

    def carry(self, intent: Intent) -> None:
        if isinstance(intent, Move):
            self.move(intent)
        elif isinstance(intent, Say):
            self.client.chat(intent.text).addErrback(self.chat_failed)
        elif isinstance(intent, Leave):
            self.leave(intent.how)
        elif isinstance(intent, Ring):
            self.on_bell()
        elif isinstance(intent, PlayAgain):
            self.client.play_again(intent.agree).addErrback(self.chat_failed)
        elif isinstance(intent, Grant):
            self.client.grant_seat(intent.seat, intent.now).addErrback(self.chat_failed)
        elif isinstance(intent, AskCoach):
            self.ask_coach(intent.question)
        elif isinstance(intent, ShowStandings):
            self.client.party.standings().addCallbacks(self.show_standings, self.chat_failed)
        elif isinstance(intent, SitOut):
            self.client.party.sit_out(intent.out).addErrback(self.chat_failed)
        elif isinstance(intent, WaitInLine):
            self.wait_in_line(intent.on)
        elif isinstance(intent, ReviewRound):
            self.look_back(intent.round_no)

    def show_standings(self, found: StandingsMessage) -> None:
        self.model.open(standings_page(found))
        self.on_change()

    def ask_coach(self, question: coach.Question) -> None:
        """The coach thinks in a thread of the reactor's pool; its answer comes back here."""
        def answered(advice: Advice) -> None:
            coach.answered(self.model, question, advice)
            self.on_change()

        def failed(failure: Failure) -> None:
            log.failure("the coach failed", failure)
            coach.failed(self.model, question, failure.getErrorMessage())
            self.on_change()

        d = self.think(coach.coach_answer, question.view, question.memory)
        d.addCallbacks(answered, failed)

    def look_back(self, round_no: int) -> None:
        """The round's review page, thinking in a thread of the reactor's pool until its
        figures come back (asked again, it shows the figures it has)."""
        review = self.review
        shown: list[list[Reviewed] | None] = [review.found.get(round_no)]

        def done(found: list[Reviewed]) -> None:
            shown[0] = found
            self.on_change()

        def failed(failure: Failure) -> None:
            log.failure("the round's review failed", failure)
            self.model.error(_("The look back failed: {why}").format(
                why=failure.getErrorMessage()))
            self.on_change()
        self.model.open(review_page(round_no, lambda: shown[0], self.reviewer_name,
                                    self.model.faces.plain))
        if shown[0] is None:
            self.think(review.review, round_no).addCallbacks(done, failed)
        self.on_change()

    def reviewer_name(self, seat: int) -> str:
        """The seat's person by name, as a sentence about them reads best ("move 30, Ann
        passed")."""
        info = self.model.seat_info(seat)
        return info.name if info is not None and info.name else self.model.name(seat)

    def wait_in_line(self, on: bool) -> None:
        """In the line of the table watched (with the password it was watched with), or out."""
        watching = self.client.watching
        d = self.client.party.wait(watching[0], watching[1]) if on and watching is not None \
            else self.client.party.wait(None)
        d.addErrback(self.chat_failed)

    def leave(self, how: str) -> None:
        if how != "seat" or self.on_leave_seat is None:
            return self.on_quit()
        on_left = self.on_leave_seat
        self.client.leave().addCallbacks(lambda _: on_left(), self.chat_failed)

    def move(self, move: Move) -> None:
        def answered(refusal: str | None) -> None:
            self.model.answered(move, refusal)
            self.on_change()

        accepted = self.review.sending(move.action, self.model.view, self.model.coach.memory)

        def kept(seq: int) -> None:
            accepted(seq)
        d = self.client.act(move.action)
        d.addCallbacks(kept, refusal).addCallback(answered)

    def chat_failed(self, failure: Failure) -> None:
        """A request other than a move failed: the reason goes to the message line."""
        error = failure.value
        self.model.error(error_words(error) if isinstance(error, HostError)
                         else failure.getErrorMessage())
        self.on_change()


def refusal(failure: Failure) -> str:
    """Why a move did not get through, for the message line, in the player's language."""
    if isinstance(failure.value, HostError):
        return error_words(failure.value)
    if isinstance(failure.value, Disconnected):
        return _("not connected to the host: nothing was sent")
    log.failure("sending a move failed", failure)
    return _("the move failed: {error}").format(error=failure.getErrorMessage())
