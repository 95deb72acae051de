"""A game told in words: each event, each move the table does not see, a round's result.

One teller serves the table's log, its round history (key h), the replay and the text
export, so that a move reads the same wherever a person meets it. It speaks to one
reader: their own moves in the second person ("You call TICHU"), the others' in the
third ("Bob calls TICHU"), and "you" where another seat's move names them ("Bob gives
you the Dragon's trick"). Each sentence is one message, whole, since languages agree
verbs with their subjects in their own ways. A reader of -1 (a spectator, the replay,
the export) reads every move in the third person. Cards are drawn by the caller: suit
glyphs on a screen, the card notation in a file (`tichu_lan.words.sentences`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine import Action, Call, CollectTrick, Combo, Discard, Exchange, GrandTichu
from engine.cards import rank_text
from engine.events import (CardsDealt, Discarded, DragonGiven, DraftChosen, DraftDone,
                           DraftTurned, Event, ExchangeChosen, ExchangeDone, GameEnded,
                           LeadPassed, Passed, Played, RoundEnded, RoundStarted, TichuCalled,
                           TrickWon, WentOut, WishFulfilled, WishLapsed, WishMade)
from engine.state import RoundResult

from ..i18n import _, ngettext
from .sentences import Line, Value, fill
from .vocabulary import describe, listed, place_words

Name = Callable[[int], str]
Cards = Callable[[int], Line]          # a set of cards (a bit mask), drawn


def team_name(team: int, reader: int, duel: bool, name: Name) -> str:
    """A team as its reader knows it: "us" or "them" at a seat, "Ann & Cat" to a
    spectator, the player's name in a duel."""
    if duel:
        return name(team)
    if reader < 0:
        return _("{first} & {second}").format(first=name(team), second=name(team + 2))
    return _("us") if team == reader % 2 else _("them")


def winner_phrase(team: int, reader: int, duel: bool, name: Name) -> str:
    """"we win", "they win", "Bob wins", "Ann & Cat win"."""
    if duel:
        return _("you win") if team == reader else _("{name} wins").format(name=name(team))
    if reader < 0:
        return _("{first} & {second} win").format(first=name(team), second=name(team + 2))
    return _("we win") if team == reader % 2 else _("they win")


class Narrator:
    """The words of one game for one reader: ``name(seat)`` says who, ``cards(mask)`` draws
    cards, ``reader`` is the seat spoken to (-1: nobody)."""

    def __init__(self, duel: bool, name: Name, cards: Cards, reader: int = -1) -> None:
        self.duel, self.name, self.cards, self.reader = duel, name, cards, reader

    def says(self, seat: int, mine: str, theirs: str, style: str = "",
             **values: Value) -> Line:
        """``mine`` when ``seat`` is the reader's, else ``theirs`` with the seat's ``{name}``."""
        if seat == self.reader and seat >= 0:
            return fill(mine, style, **values)
        return fill(theirs, style, name=self.name(seat), **values)

    def team(self, team: int) -> str:
        return team_name(team, self.reader, self.duel, self.name)

    def event(self, event: Event) -> Line | None:
        """One line for an event, or None for one that has no words (a Grand Tichu
        declined)."""
        says = self.says
        match event:
            case RoundStarted(round_no=number, dealer=dealer):
                return says(dealer, _("Round {number} begins; you deal"),
                            _("Round {number} begins; {name} deals"), "class:strong",
                            number=number)
            case CardsDealt() | ExchangeChosen() | ExchangeDone() | Discarded():
                return self._set_up(event)
            case TichuCalled(seat=seat, grand=grand):
                call = [("class:call", _("GRAND TICHU") if grand else _("TICHU"))]
                return says(seat, _("You call {call}"), _("{name} calls {call}"), call=call)
            case DraftTurned() | DraftChosen() | DraftDone():
                return self._draft(event)
            case Played():
                return self._played(event)
            case Passed(seat=seat):
                return fill(_("{name}: pass"), "class:dim", name=self.name(seat))
            case WishMade() | WishFulfilled() | WishLapsed():
                return self._wish(event)
            case LeadPassed(seat=seat, to=to) if to == self.reader and to >= 0:
                return fill(_("The Dog: {name} gives you the lead"), name=self.name(seat))
            case LeadPassed(seat=seat, to=to):
                return says(seat, _("The Dog: you give the lead to {other}"),
                            _("The Dog: {name} gives the lead to {other}"), other=self.name(to))
            case TrickWon() | DragonGiven():
                return self._trick(event)
            case WentOut(seat=seat, place=place):
                return says(seat, _("You are out {place}"), _("{name} is out {place}"),
                            "class:strong", place=place_words(place - 1))
            case RoundEnded():
                return self._round_ended(event)
            case GameEnded(winner=winner, scores=scores):
                return fill(_("Game over: {winners} {first} : {second}"), "class:strong",
                            winners=winner_phrase(winner, self.reader, self.duel, self.name),
                            first=scores[0], second=scores[1])
        return None

    def _set_up(self, event: CardsDealt | ExchangeChosen | ExchangeDone | Discarded) -> Line:
        match event:
            case CardsDealt(count=count):
                return fill(ngettext("Everyone gets {count} more card",
                                     "Everyone gets {count} more cards", count), "class:dim",
                            count=count)
            case ExchangeChosen(seat=seat, given=True):
                return self.says(seat, _("You have chosen the exchange cards"),
                                 _("{name} has chosen the exchange cards"), "class:dim")
            case ExchangeChosen(seat=seat):
                return self.says(seat, _("You take back the exchange cards"),
                                 _("{name} takes back the exchange cards"), "class:dim")
            case Discarded(seat=seat):
                return self.says(seat, _("You put 3 cards aside"),
                                 _("{name} puts 3 cards aside"), "class:dim")
        return fill(_("The cards are exchanged"))

    def _draft(self, event: DraftTurned | DraftChosen | DraftDone) -> Line:
        match event:
            case DraftTurned(seat=seat, card=card):
                return self.says(seat, _("You turn {cards}"), _("{name} turns {cards}"),
                                 cards=self.cards(card))
            case DraftChosen(seat=seat, card=card, take=True):
                return self.says(seat, _("You take {cards}"), _("{name} takes {cards}"),
                                 cards=self.cards(card))
            case DraftChosen(seat=seat, card=card):
                return self.says(seat, _("You leave {cards}"), _("{name} leaves {cards}"),
                                 cards=self.cards(card))
        return fill(_("The draft is over"))

    def _played(self, event: Played) -> Line:
        combo: Combo = event.combo
        cards = self.cards(combo.cards)
        if not combo.is_bomb:
            return self.says(event.seat, _("You: {cards} ({what})"), _("{name}: {cards} ({what})"),
                             cards=cards, what=[("class:dim", describe(combo))])
        if event.bomb_out_of_turn:
            return self.says(event.seat, _("You BOMB out of turn: {cards} ({what})"),
                             _("{name} BOMBS out of turn: {cards} ({what})"), "class:bomb",
                             cards=cards, what=describe(combo))
        return self.says(event.seat, _("You BOMB: {cards} ({what})"),
                         _("{name} BOMBS: {cards} ({what})"), "class:bomb", cards=cards,
                         what=describe(combo))

    def _wish(self, event: WishMade | WishFulfilled | WishLapsed) -> Line:
        match event:
            case WishMade(seat=seat, rank=0):
                return self.says(seat, _("You make no wish"), _("{name} makes no wish"),
                                 "class:wish")
            case WishMade(seat=seat, rank=rank):
                return self.says(seat, _("You wish for {rank}"), _("{name} wishes for {rank}"),
                                 "class:wish", rank=rank_text(rank))
            case WishFulfilled(seat=seat, rank=rank):
                return self.says(seat, _("You fulfil the wish for {rank}"),
                                 _("{name} fulfils the wish for {rank}"), "class:wish",
                                 rank=rank_text(rank))
        return fill(_("The wish for {rank} lapses"), "class:wish", rank=rank_text(event.rank))

    def _trick(self, event: TrickWon | DragonGiven) -> Line:
        points, seat = event.points, event.seat
        if isinstance(event, TrickWon) and event.by_dragon:
            mine = ngettext("You win the trick with the Dragon ({points} point)",
                            "You win the trick with the Dragon ({points} points)", points)
            theirs = ngettext("{name} wins the trick with the Dragon ({points} point)",
                              "{name} wins the trick with the Dragon ({points} points)", points)
            return self.says(seat, mine, theirs, "class:dim", points=points)
        if isinstance(event, TrickWon):
            mine = ngettext("You take the trick ({points} point)",
                            "You take the trick ({points} points)", points)
            theirs = ngettext("{name} takes the trick ({points} point)",
                              "{name} takes the trick ({points} points)", points)
            return self.says(seat, mine, theirs, "class:dim", points=points)
        if event.to == self.reader and event.to >= 0:
            return fill(ngettext("{name} gives you the Dragon's trick ({points} point)",
                                 "{name} gives you the Dragon's trick ({points} points)",
                                 points), "class:dragon", name=self.name(seat), points=points)
        mine = ngettext("You give the Dragon's trick ({points} point) to {to}",
                        "You give the Dragon's trick ({points} points) to {to}", points)
        theirs = ngettext("{name} gives the Dragon's trick ({points} point) to {to}",
                          "{name} gives the Dragon's trick ({points} points) to {to}", points)
        return self.says(seat, mine, theirs, "class:dragon", points=points, to=self.name(event.to))

    def _round_ended(self, event: RoundEnded) -> Line:
        totals = [event.card_points[t] + event.call_points[t] for t in range(2)]
        return fill(_("Round {number} over: {one} {one_points:+d}, {two} {two_points:+d}; "
                      "totals {first} : {second}"), "class:strong", number=event.round_no,
                    one=self.team(0), one_points=totals[0], two=self.team(1),
                    two_points=totals[1], first=event.scores[0], second=event.scores[1])

    def quiet(self, action: Action) -> Line | None:
        """A move whose events have no words (a replay still says what the move was)."""
        match action:
            case GrandTichu(seat=seat, call=False):
                return self.says(seat, _("You do not call Grand Tichu"),
                                 _("{name} does not call Grand Tichu"), "class:dim")
            case CollectTrick(seat=seat):
                return self.says(seat, _("You win the trick with the Dragon and give it away"),
                                 _("{name} wins the trick with the Dragon and gives it away"),
                                 "class:dim")
        return None

    def action(self, action: Action) -> Line | None:
        """A move the table does not see (the exchange's cards, the duel's discard), in the
        third person: it is told only where every hand is open, never to a seat."""
        if isinstance(action, Exchange):
            to = [(action.seat + i) % 4 for i in (1, 2, 3)]
            return fill(_("{name} gives {first} to {one}, {second} to {two}, {third} to "
                          "{three}"), "class:dim", name=self.name(action.seat),
                        first=self.cards(1 << action.gifts[0]), one=self.name(to[0]),
                        second=self.cards(1 << action.gifts[1]), two=self.name(to[1]),
                        third=self.cards(1 << action.gifts[2]), three=self.name(to[2]))
        if isinstance(action, Discard):
            return fill(_("{name} puts aside {cards}"), "class:dim", name=self.name(action.seat),
                        cards=self.cards(action.cards))
        return None

    def result(self, number: int, result: RoundResult, made: Sequence[bool]) -> list[Line]:
        """A round's result as in play: who went out when, the calls (``made[seat]``: whether
        the seat's call succeeded), the points."""
        out = listed(_("{place} {name}").format(place=place_words(i), name=self.name(seat))
                     for i, seat in enumerate(result.out_order))
        lines = [fill(_("Round {number}"), "class:strong", number=number),
                 fill(_("Out: {order}"), order=out)]
        calls = [self._call(seat, call, made[seat]) for seat, call in enumerate(result.calls)
                 if call is not Call.NONE]
        lines.append(fill(_("Calls: {calls}"), calls=listed(calls) or _("none")))
        if result.double_victory >= 0:
            lines.append(fill(_("Double victory for {team}!"), "class:strong",
                              team=self.team(result.double_victory)))
        for team in range(2):
            lines.append(fill(_("{team}: cards {cards:+d}, calls {calls:+d}, round {total:+d}"),
                              team=self.team(team), cards=result.card_points[team],
                              calls=result.call_points[team], total=result.total[team]))
        return lines

    def _call(self, seat: int, call: Call, made: bool) -> str:
        if call is Call.GRAND:
            text = _("{name} Grand Tichu, made") if made else _("{name} Grand Tichu, failed")
        else:
            text = _("{name} Tichu, made") if made else _("{name} Tichu, failed")
        return text.format(name=self.name(seat))
