"""What the replay screen shows: a kept game at one step, all hands open or one seat's view.

The model holds the position in the game's `Timeline`, whose view is shown (every
hand, or what one seat saw: `engine.view` of that seat at that step, so nothing
else), the page open over the table and a round number being typed. Keys change
it through its methods; `replay_layout` draws it. No terminal, no network.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import GameState, SeatView, view
from engine.bots.review import Reviewed

from ..i18n import _
from ..records.game_record import GameRecord
from ..records.timeline import Step, Timeline
from ..words.narration import Narrator
from ..words.sentences import Line
from .faces import Faces
from .round_review import review_move
from .text import whole

LOG_STEPS = 60          # the log pane narrates at most this many moves back


class ReplayModel:
    def __init__(self, record: GameRecord, faces: Faces, seat: int | None = None,
                 on_quit: Callable[[], None] = lambda: None) -> None:
        self.record, self.faces, self.on_quit = record, faces, on_quit
        self.timeline = Timeline(record)
        self.rules = record.meta.rules
        self.index = 0
        self.seat: int | None = None          # None: every hand open
        self.page: str | None = None          # "keys", "scores" or "review", over the table
        self.reviews: dict[int, list[Reviewed]] = {}     # the steps looked back on
        self.typing: str | None = None        # the round number typed after g
        self.message = ""
        self.narrator = Narrator(self.rules.duel, self.name, faces.cards)
        if seat is not None:
            self.view_seat(seat)

    # --- who is who -----------------------------------------------------------------

    def name(self, seat: int) -> str:
        return whole(self.record.meta.seat_name(seat))

    # --- where we are ---------------------------------------------------------------

    @property
    def step(self) -> Step:
        return self.timeline.steps[self.index]

    @property
    def game(self) -> GameState:
        return self.step.game

    def public(self) -> SeatView:
        """The view the table is drawn from: the chosen seat's, or a spectator's."""
        return view(self.game, -1 if self.seat is None else self.seat)

    def hands(self) -> dict[int, SeatView]:
        """The views whose hands are shown: every seat's, or only the chosen one's."""
        seats = range(self.rules.seats) if self.seat is None else (self.seat,)
        return {s: view(self.game, s) for s in seats}

    def log_range(self) -> range:
        """The steps the log tells: this round's, up to this one (at most `LOG_STEPS`)."""
        timeline = self.timeline
        start = timeline.round_starts[timeline.round_at(self.index) - 1]
        return range(max(1, start, self.index - LOG_STEPS), self.index + 1)

    def log(self) -> list[Line]:
        """This round's moves up to this step in words; a seat's view tells only what it saw."""
        lines: list[Line] = []
        for index in self.log_range():
            lines += self.step_lines(self.timeline.steps[index])
        return lines

    def step_lines(self, step: Step) -> list[Line]:
        """The step's sentences; a move whose events have no words of their own (a Grand
        Tichu declined, the Dragon's trick collected) is worded as the move itself."""
        hidden = self.narrator.action(step.action) if step.action and self.seat is None else None
        said = [line for line in map(self.narrator.event, step.events) if line]
        quiet = self.narrator.quiet(step.action) if step.action and not said else None
        return ([hidden] if hidden else []) + (said or ([quiet] if quiet else []))

    # --- moving ---------------------------------------------------------------------

    def go(self, index: int) -> None:
        self.index = max(0, min(index, self.timeline.last))
        self.message = ""

    def forward(self) -> None:
        if self.index == self.timeline.last:
            self.message = _("This is the last move of the game.")
            return
        self.go(self.index + 1)

    def back(self) -> None:
        if self.index == 0:
            self.message = _("This is the deal, before the first move.")
            return
        self.go(self.index - 1)

    def next_trick(self) -> None:
        self.go(self.timeline.next_trick(self.index))

    def previous_trick(self) -> None:
        self.go(self.timeline.previous_trick(self.index))

    def next_round(self) -> None:
        self.go(self.timeline.next_round(self.index))

    def previous_round(self) -> None:
        self.go(self.timeline.previous_round(self.index))

    def first(self) -> None:
        self.go(0)

    def last(self) -> None:
        self.go(self.timeline.last)

    # --- jumping to a round -----------------------------------------------------------

    def start_jump(self) -> None:
        self.typing, self.message = "", ""

    def type_digit(self, digit: str) -> None:
        if self.typing is not None and len(self.typing) < 4:
            self.typing += digit

    def erase_digit(self) -> None:
        if self.typing:
            self.typing = self.typing[:-1]

    def jump(self) -> None:
        typed, self.typing = self.typing, None
        rounds = self.timeline.rounds
        if not typed or not 1 <= int(typed) <= rounds:
            self.message = _("There are rounds 1 to {count} in this game.").format(count=rounds)
            return
        self.go(self.timeline.round_start(int(typed)))

    def cancel(self) -> None:
        self.typing, self.page = None, None

    # --- whose cards ----------------------------------------------------------------

    def open_hands(self) -> None:
        self.seat, self.message = None, _("Every hand is open.")

    def view_seat(self, seat: int) -> None:
        if not 0 <= seat < self.rules.seats:
            self.message = _("This game has seats 1 to {count}.").format(count=self.rules.seats)
            return
        self.seat = seat
        self.message = _("What {name} saw: no other hand is shown.").format(name=self.name(seat))

    def show_page(self, page: str) -> None:
        self.page = None if self.page == page else page

    def look_back(self) -> None:
        """Key a: the hard bot's review of the move that led here (a fraction of a second:
        one decision, played out on the review's deals)."""
        if self.index not in self.reviews:
            self.reviews[self.index] = review_move(self.timeline, self.index)
        self.show_page("review")

    def quit(self) -> None:
        self.on_quit()
