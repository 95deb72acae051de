"""A game in words: each event and each hidden move as one line, and a round's result.

Lines are styled fragments, ``[(style, text), ...]``, with the cards drawn by a
function the caller gives (suit glyphs on the replay screen, the card notation in
the text export), so that one wording serves both. Each sentence is translated
whole, with named placeholders; a card placeholder becomes the caller's fragments.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from engine import Action, Call, Discard, Exchange, RuleSet
from engine.cards import rank_text
from engine.events import (CardsDealt, DragonGiven, DraftChosen, DraftDone, DraftTurned,
                           Discarded, Event, ExchangeChosen, ExchangeDone, GameEnded, LeadPassed,
                           Passed, Played, RoundEnded, RoundStarted, TichuCalled, TrickWon,
                           WentOut, WishFulfilled, WishLapsed, WishMade)
from engine.state import RoundResult

from ..i18n import N_, _, ngettext
from ..words.vocabulary import describe
from .meta import call_made

Line = list[tuple[str, str]]
Value = str | int | Line
_FIELD = re.compile(r"\{(\w+)(?::([^}]*))?\}")
PLACES = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"))


def fill(template: str, style: str = "", **values: Value) -> Line:
    """``template`` (translated) with its ``{name}`` or ``{name:spec}`` fields filled: text and
    numbers in the line's style, cards (a `Line`) as their own fragments."""
    out: Line = []
    pos = 0
    for found in _FIELD.finditer(template):
        if found.start() > pos:
            out.append((style, template[pos:found.start()]))
        value = values[found.group(1)]
        spec = found.group(2) or ""
        out += value if isinstance(value, list) else [(style, format(value, spec))]
        pos = found.end()
    if pos < len(template):
        out.append((style, template[pos:]))
    return out


def plain(line: Line) -> str:
    return "".join(text for _style, text in line)


class Narrator:
    """The words for one game: ``name(seat)`` says who, ``cards(mask)`` draws cards."""

    def __init__(self, rules: RuleSet, name: Callable[[int], str],
                 cards: Callable[[int], Line]) -> None:
        self.rules, self.name, self.cards = rules, name, cards

    def team(self, team: int) -> str:
        if self.rules.duel:
            return self.name(team)
        return _("{first} & {second}").format(first=self.name(team), second=self.name(team + 2))

    def action(self, action: Action) -> Line | None:
        """A move the table does not see (the exchange's cards, the duel's discard): for the
        open replay and the export only, never for a seat's view."""
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

    def event(self, event: Event) -> Line | None:
        """One line for an event, or None for one that needs none."""
        name = self.name
        match event:
            case RoundStarted(round_no=number, dealer=dealer):
                return fill(_("Round {number} begins; {name} deals"), "class:strong",
                            number=number, name=name(dealer))
            case CardsDealt(count=count):
                return fill(ngettext("Everyone gets {count} more card",
                                     "Everyone gets {count} more cards", count), "class:dim",
                            count=count)
            case TichuCalled(seat=seat, grand=grand):
                text = _("{name} calls Grand Tichu") if grand else _("{name} calls Tichu")
                return fill(text, "class:call", name=name(seat))
            case ExchangeChosen(seat=seat, given=given):
                text = (_("{name} has chosen the cards to give") if given else
                        _("{name} takes back the cards to give"))
                return fill(text, "class:dim", name=name(seat))
            case ExchangeDone():
                return fill(_("The cards are exchanged"))
            case Discarded(seat=seat):
                return fill(_("{name} puts 3 cards aside"), "class:dim", name=name(seat))
            case DraftTurned(seat=seat, card=card):
                return fill(_("{name} turns {cards}"), name=name(seat), cards=self.cards(card))
            case DraftChosen(seat=seat, card=card, take=take):
                text = _("{name} takes {cards}") if take else _("{name} leaves {cards}")
                return fill(text, name=name(seat), cards=self.cards(card))
            case DraftDone():
                return fill(_("The draft is over"))
            case Played():
                return self._played(event)
            case Passed(seat=seat):
                return fill(_("{name} passes"), "class:dim", name=name(seat))
            case WishMade(seat=seat, rank=rank):
                if not rank:
                    return fill(_("{name} makes no wish"), "class:wish", name=name(seat))
                return fill(_("{name} wishes for {rank}"), "class:wish", name=name(seat),
                            rank=rank_text(rank))
            case WishFulfilled(seat=seat, rank=rank):
                return fill(_("{name} fulfils the wish for {rank}"), "class:wish",
                            name=name(seat), rank=rank_text(rank))
            case WishLapsed(rank=rank):
                return fill(_("The wish for {rank} lapses"), "class:wish", rank=rank_text(rank))
            case LeadPassed(to=to):
                return fill(_("The Dog gives the lead to {name}"), name=name(to))
            case TrickWon(seat=seat, points=points, by_dragon=dragon):
                text = (ngettext("{name} wins the trick with the Dragon ({points} point)",
                                 "{name} wins the trick with the Dragon ({points} points)",
                                 points) if dragon else
                        ngettext("{name} takes the trick ({points} point)",
                                 "{name} takes the trick ({points} points)", points))
                return fill(text, "class:dim", name=name(seat), points=points)
            case DragonGiven(seat=seat, to=to, points=points):
                return fill(ngettext("{name} gives the Dragon's trick ({points} point) to {to}",
                                     "{name} gives the Dragon's trick ({points} points) to {to}",
                                     points), "class:dragon", name=name(seat), to=name(to),
                            points=points)
            case WentOut(seat=seat, place=place):
                return fill(_("{name} is out {place}"), "class:strong", name=name(seat),
                            place=_(PLACES[place - 1]))
            case RoundEnded():
                return self._round_ended(event)
            case GameEnded(winner=winner, scores=scores):
                return fill(_("Game over: {team} won, {first} : {second}"), "class:strong",
                            team=self.team(winner), first=scores[0], second=scores[1])
        return None

    def _played(self, event: Played) -> Line:
        what = describe(event.combo)
        if event.bomb_out_of_turn:
            text = _("{name} bombs out of turn: {cards} ({what})")
        elif event.combo.is_bomb:
            text = _("{name} bombs: {cards} ({what})")
        else:
            text = _("{name}: {cards} ({what})")
        style = "class:bomb" if event.combo.is_bomb else ""
        return fill(text, style, name=self.name(event.seat), cards=self.cards(event.combo.cards),
                    what=what)

    def _round_ended(self, event: RoundEnded) -> Line:
        totals = [event.card_points[t] + event.call_points[t] for t in range(2)]
        return fill(_("Round {number} over: {one} {one_points:+d}, {two} {two_points:+d}; "
                      "totals {first} : {second}"), "class:strong", number=event.round_no,
                    one=self.team(0), one_points=totals[0], two=self.team(1),
                    two_points=totals[1], first=event.scores[0], second=event.scores[1])

    def result(self, number: int, result: RoundResult) -> list[Line]:
        """A round's result as in play: who went out when, the calls, the points."""
        out = ", ".join(_("{place} {name}").format(place=_(PLACES[i]), name=self.name(seat))
                        for i, seat in enumerate(result.out_order))
        lines = [fill(_("Round {number}"), "class:strong", number=number),
                 fill(_("Out: {order}"), order=out)]
        calls = [self._call(result, seat, call) for seat, call in enumerate(result.calls)
                 if call is not Call.NONE]
        lines.append(fill(_("Calls: {calls}"), calls=", ".join(calls) or _("none")))
        if result.double_victory >= 0:
            lines.append(fill(_("Double victory for {team}!"), "class:strong",
                              team=self.team(result.double_victory)))
        for team in range(2):
            lines.append(fill(_("{team}: cards {cards:+d}, calls {calls:+d}, round {total:+d}"),
                              team=self.team(team), cards=result.card_points[team],
                              calls=result.call_points[team], total=result.total[team]))
        return lines

    def _call(self, result: RoundResult, seat: int, call: Call) -> str:
        made = call_made(self.rules, result, seat)
        if call is Call.GRAND:
            text = _("{name} Grand Tichu, made") if made else _("{name} Grand Tichu, failed")
        else:
            text = _("{name} Tichu, made") if made else _("{name} Tichu, failed")
        return text.format(name=self.name(seat))
