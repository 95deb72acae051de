"""The table's log pane and its round history (key h): which events they tell, in the
words of `tichu_lan.words.narration` (the replay's and the export's too), with the cards
drawn as the table draws them."""

from __future__ import annotations

from engine import Event
from engine.events import CardsDealt, Discarded, ExchangeChosen, TrickWon

from ..words.narration import Name, Narrator
from .faces import Faces, Fragments


def shown_by_the_table(event: Event) -> bool:
    """Events the log leaves to the rest of the screen: the deal (the hand), a seat's
    exchange or discard chosen (its mark at the seat), a trick won with the Dragon (told
    when it is given away)."""
    return (isinstance(event, (CardsDealt, Discarded))
            or (isinstance(event, ExchangeChosen) and event.given)
            or (isinstance(event, TrickWon) and event.by_dragon))


def event_line(event: Event, faces: Faces, name: Name, seat: int,
               duel: bool) -> Fragments | None:
    """One log line for an event, spoken to ``seat``; None for events the table shows by
    itself or that have no words."""
    if shown_by_the_table(event):
        return None
    return Narrator(duel, name, faces.cards, seat).event(event)
