"""Events in words for the log pane: who did what, with the cards drawn as faces.

Each sentence is one message, whole, in the second person when it is the reader's own
move ("You call TICHU") and in the third otherwise ("Bob calls TICHU"): languages agree
verbs with their subjects in their own ways, so the two are never built from parts.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import Combo
from engine.cards import rank_text
from engine.events import (CardsDealt, DragonGiven, DraftChosen, DraftDone, DraftTurned,
                           ExchangeChosen, ExchangeDone, GameEnded, GrandTichuDecided, LeadPassed,
                           Passed, Played, RoundEnded, RoundStarted, TichuCalled, TrickWon,
                           WentOut, WishFulfilled, WishLapsed, WishMade)

from ..i18n import N_, _, ngettext
from ..records.narration import fill
from ..words.vocabulary import describe
from .faces import Faces, Fragments

PLACES = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"))
Name = Callable[[int], str]


def place_words(place: int) -> str:
    """A place in going out, counted from 0: "1st"."""
    return _(PLACES[place])


def combo_line(faces: Faces, combo: Combo) -> Fragments:
    """The cards of a play and what they are: ``7♣ 7♦  a pair of 7s``."""
    return faces.cards(combo.cards) + [("class:dim", f"  {describe(combo)}")]


def team_name(team: int, seat: int, duel: bool, name: Name) -> str:
    if duel:
        return name(team)
    if seat < 0:
        return _("{first} & {second}").format(first=name(team), second=name(team + 2))
    return _("us") if team == seat % 2 else _("them")


def winner_phrase(team: int, seat: int, duel: bool, name: Name) -> str:
    """"we win", "they win", "Bob wins", "Ann & Cat win"."""
    if duel:
        return _("you win") if team == seat else _("{name} wins").format(name=name(team))
    if seat < 0:
        return _("{first} & {second} win").format(first=name(team), second=name(team + 2))
    return _("we win") if team == seat % 2 else _("they win")


class _Teller:
    """The sentences of one reader's log: ``mine`` when the reader did it, ``theirs``
    (with ``{name}``) when another seat did."""

    def __init__(self, name: Name, seat: int) -> None:
        self.name, self.seat = name, seat

    def says(self, s: int, mine: str, theirs: str, style: str = "",
             **values: str | int | Fragments) -> Fragments:
        if s == self.seat and s >= 0:
            return fill(mine, style, **values)
        return fill(theirs, style, name=self.name(s), **values)


def event_line(event, faces: Faces, name: Name, seat: int, duel: bool) -> Fragments | None:
    """One log line for an event, or None for events the table shows by itself."""
    tell = _Teller(name, seat).says
    match event:
        case RoundStarted(round_no=n, dealer=d):
            heading = [("class:strong", _("Round {number}").format(number=n))]
            return tell(d, _("{round} begins; you deal"), _("{round} begins; {name} deals"),
                        round=heading)
        case TichuCalled(seat=s, grand=grand):
            if grand:
                return tell(s, _("You call {call}"), _("{name} calls {call}"),
                            call=[("class:call", _("GRAND TICHU"))])
            return tell(s, _("You call {call}"), _("{name} calls {call}"),
                        call=[("class:call", _("TICHU"))])
        case ExchangeChosen(seat=s, given=False):
            return tell(s, _("You take back the exchange cards"),
                        _("{name} takes back the exchange cards"), "class:dim")
        case ExchangeDone():
            return [("", _("The cards are exchanged"))]
        case DraftTurned(seat=s, card=card):
            return tell(s, _("You turn {cards}"), _("{name} turns {cards}"),
                        cards=faces.cards(card))
        case DraftChosen(seat=s, card=card, take=take):
            if take:
                return tell(s, _("You take {cards}"), _("{name} takes {cards}"),
                            cards=faces.cards(card))
            return tell(s, _("You leave {cards}"), _("{name} leaves {cards}"),
                        cards=faces.cards(card))
        case DraftDone():
            return [("", _("The draft is over"))]
        case Played(seat=s, combo=combo, bomb_out_of_turn=out_of_turn):
            return _played(tell, s, combo, out_of_turn, faces, name)
        case Passed(seat=s):
            return fill(_("{name}: pass"), "class:dim", name=name(s))
        case WishMade(seat=s, rank=rank):
            if rank:
                return tell(s, _("You wish for {rank}"), _("{name} wishes for {rank}"),
                            "class:wish", rank=rank_text(rank))
            return tell(s, _("You make no wish"), _("{name} makes no wish"), "class:wish")
        case WishFulfilled(seat=s, rank=rank):
            return tell(s, _("You fulfil the wish for {rank}"),
                        _("{name} fulfils the wish for {rank}"), "class:wish",
                        rank=rank_text(rank))
        case WishLapsed(rank=rank):
            return [("class:wish", _("The wish for {rank} lapses").format(rank=rank_text(rank)))]
        case LeadPassed(to=to):
            return tell(to, _("The Dog gives you the lead"), _("The Dog gives the lead to {name}"))
        case TrickWon(seat=s, points=points, by_dragon=False):
            return tell(s, ngettext("You take the trick ({points} point)",
                                    "You take the trick ({points} points)", points),
                        ngettext("{name} takes the trick ({points} point)",
                                 "{name} takes the trick ({points} points)", points),
                        "class:dim", points=points)
        case TrickWon():
            return None            # the Dragon's trick is told when it is given
        case DragonGiven(seat=s, to=to, points=points) if to == seat and seat >= 0:
            return fill(ngettext("{name} gives you the Dragon's trick ({points} point)",
                                 "{name} gives you the Dragon's trick ({points} points)", points),
                        "class:dragon", name=name(s), points=points)
        case DragonGiven(seat=s, to=to, points=points):
            return tell(s, ngettext("You give the Dragon's trick ({points} point) to {to}",
                                    "You give the Dragon's trick ({points} points) to {to}",
                                    points),
                        ngettext("{name} gives the Dragon's trick ({points} point) to {to}",
                                 "{name} gives the Dragon's trick ({points} points) to {to}",
                                 points), "class:dragon", points=points, to=name(to))
        case WentOut(seat=s, place=place):
            return tell(s, _("You are out {place}"), _("{name} is out {place}"), "class:strong",
                        place=place_words(place - 1))
        case RoundEnded(round_no=n, card_points=cards, call_points=calls, scores=scores):
            teams = " · ".join(f"{team_name(t, seat, duel, name)} {cards[t] + calls[t]:+d}"
                               for t in range(2))
            heading = [("class:strong", _("Round {number} over:").format(number=n))]
            return fill(_("{round_over} {teams}; totals {first} : {second}"), round_over=heading,
                        teams=teams, first=scores[0], second=scores[1])
        case GameEnded(winner=w, scores=scores):
            over = _("Game over: {winners} {first} : {second}").format(
                winners=winner_phrase(w, seat, duel, name), first=scores[0], second=scores[1])
            return [("class:strong", over)]
        case CardsDealt() | GrandTichuDecided() | ExchangeChosen():
            return None
    return None


def _played(tell: Callable[..., Fragments], s: int, combo: Combo, out_of_turn: bool,
            faces: Faces, name: Name) -> Fragments:
    if not combo.is_bomb:
        return [("", _("{name}: ").format(name=name(s)))] + combo_line(faces, combo)
    if out_of_turn:
        head = tell(s, _("You BOMB out of turn: "), _("{name} BOMBS out of turn: "), "class:bomb")
    else:
        head = tell(s, _("You BOMB: "), _("{name} BOMBS: "), "class:bomb")
    return head + combo_line(faces, combo)
