"""The round history (key h): every trick of the round, told from the public events.

Who played what and who passed, bombs, the Dog, the wish and who went out, who won
each trick and its points, and where a Dragon's trick went. Only what the whole
table saw: the events name no hidden card, and the exchange is not in them.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine import Event, Kind, Phase
from engine.events import (DragonGiven, LeadPassed, Passed, Played, TrickWon, WentOut,
                           WishFulfilled, WishLapsed, WishMade)

from ..i18n import _, ngettext
from ..words.sentences import plain
from .dialogs import Info
from .faces import Fragments
from .table_log import event_line

if TYPE_CHECKING:
    from .table_model import TableModel


@dataclass(eq=False)
class RoundHistory(Info):
    """The history page: Up/Down scroll it a line, PageUp/PageDown a page, Home/End go to
    its ends."""

    def page(self, step: int) -> None:
        self.scroll(step * max(1, self.rows - 2))

    def home(self) -> None:
        self.top = 0

    def end(self) -> None:
        self.top = sys.maxsize          # lines() brings it back to the last page


def history(model: TableModel) -> RoundHistory:
    view = model.view
    if view is None:
        return RoundHistory(_("This round"), [_("No game yet.")])
    round_no = view.round_no
    events = model.record.round_events(round_no)
    over = False
    if round_no > 1 and not any(isinstance(e, Played) for e in events):
        round_no, over = round_no - 1, True            # nothing played yet: the last round
        events = model.record.round_events(round_no)
    title = (_("Round {number}, over") if over else _("Round {number}")).format(number=round_no)
    body: list[Fragments | str] = []
    if not model.record.holds_start_of(round_no):
        body.append([("class:dim", _("(the start of this round is no longer in the log)"))])
    waiting = not over and view.phase is Phase.COLLECT
    body += trick_lines(model, events, waiting) or [_("No card has been played this round.")]
    body += ["", [("class:dim", _("Up/Down, PageUp/PageDown scroll; Esc closes"))]]
    return RoundHistory(title, body)


def trick_lines(model: TableModel, events: Sequence[Event], waiting: bool) -> list[Fragments]:
    """A heading per trick (its number, its winner, its points) and a row per play or pass,
    with the wish, the Dog and those who went out between them."""
    view = model.view
    assert view is not None
    lines: list[Fragments] = []
    number, head, told = 0, -1, -1      # the trick in play's heading row; the last one told
    dot = model.faces.dot
    for event in events:
        match event:
            case Played(combo=combo) if combo.kind == Kind.DOG:
                pass                                     # told with the lead it passes on
            case LeadPassed():
                lead = event_line(event, model.faces, model.name, view.seat, view.rules.duel)
                lines.append([("class:strong", " " + plain(lead or []))])
            case Played() | Passed():
                if head < 0:
                    number += 1
                    head = len(lines)
                    lines.append([])
                lines.append(play_row(model, event))
            case TrickWon(seat=seat, points=points) if head >= 0:
                won = (_("won by you") if seat == view.seat
                       else _("won by {name}").format(name=model.name(seat)))
                lines[head] = heading(number, won, points, dot)
                head, told = -1, head
            case DragonGiven(seat=seat, to=to, points=points) if told >= 0:
                given = between(model, seat, to, _("your Dragon, given to {other}"),
                                _("{name}'s Dragon, given to you"),
                                _("{name}'s Dragon, given to {other}"))
                lines[told] = heading(number, given, points, dot)
            case WishMade() | WishFulfilled() | WishLapsed() | WentOut():
                note = event_line(event, model.faces, model.name, view.seat, view.rules.duel)
                if note:
                    lines.append([("", "   "), *note])
    if head >= 0:
        state = _("waiting to be collected") if waiting else _("in play")
        lines[head] = [("class:strong", " " + _("Trick {number}").format(number=number)),
                       ("class:dim", f" {dot} {state}")]
    return lines


def between(model: TableModel, giver: int, taker: int, by_you: str, to_you: str,
            others: str, **values: object) -> str:
    """A sentence of one seat giving another something, the reader in the second person."""
    if giver == model.seat:
        return by_you.format(other=model.name(taker), **values)
    if taker == model.seat:
        return to_you.format(name=model.name(giver), **values)
    return others.format(name=model.name(giver), other=model.name(taker), **values)


def heading(number: int, won: str, points: int, dot: str) -> Fragments:
    told = ngettext("{count} point", "{count} points", points).format(count=points)
    return [("class:strong", " " + _("Trick {number}").format(number=number)),
            ("class:dim", f" {dot} {won} {dot} {told}")]


def play_row(model: TableModel, event: Played | Passed) -> Fragments:
    """A play or a pass, in the log's words, under its trick's heading."""
    view = model.view
    assert view is not None
    told = event_line(event, model.faces, model.name, view.seat, view.rules.duel) or []
    return [("", "   "), *told]


def last_gift(model: TableModel) -> DragonGiven | None:
    """How the last trick of the round went away, if it was a Dragon's given to someone."""
    view = model.view
    if view is None:
        return None
    events = model.record.round_events(view.round_no)
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        if isinstance(event, TrickWon):
            after = events[index + 1] if index + 1 < len(events) else None
            return after if event.by_dragon and isinstance(after, DragonGiven) else None
    return None
