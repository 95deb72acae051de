"""Events in words for the log pane: who did what, with the cards drawn as faces."""

from __future__ import annotations

from collections.abc import Callable

from engine import Combo, describe
from engine.cards import rank_text
from engine.events import (CardsDealt, DragonGiven, DraftChosen, DraftDone, DraftTurned,
                           ExchangeChosen, ExchangeDone, GameEnded, GrandTichuDecided, LeadPassed,
                           Passed, Played, RoundEnded, RoundStarted, TichuCalled, TrickWon,
                           WentOut, WishFulfilled, WishLapsed, WishMade)

from .faces import Faces, Fragments

PLACES = ("1st", "2nd", "3rd", "4th")
SECOND_PERSON = {"wishes": "wish", "is": "are", "BOMBS": "BOMB", "makes": "make",
                 "fulfils": "fulfil", "takes": "take", "gives": "give", "passes": "pass"}
Name = Callable[[int], str]


def combo_line(faces: Faces, combo: Combo) -> Fragments:
    """The cards of a play and what they are: ``7♣ 7♦  a pair of 7s``."""
    return faces.cards(combo.cards) + [("class:dim", f"  {describe(combo)}")]


def team_name(team: int, seat: int, duel: bool, name: Name) -> str:
    if duel:
        return name(team)
    if seat < 0:
        return f"{name(team)} & {name(team + 2)}"
    return "us" if team == seat % 2 else "them"


def winner_phrase(team: int, seat: int, duel: bool, name: Name) -> str:
    """"we win", "they win", "Bob wins", "Ann & Cat win"."""
    if duel:
        return "you win" if team == seat else f"{name(team)} wins"
    if seat < 0:
        return f"{team_name(team, seat, duel, name)} win"
    return "we win" if team == seat % 2 else "they win"


def event_line(event, faces: Faces, name: Name, seat: int, duel: bool) -> Fragments | None:
    """One log line for an event, or None for events the table shows by itself."""
    def who(s: int, verb: str) -> str:
        """"Bob calls", "You call": the subject and its verb in agreement."""
        if s == seat and s >= 0:
            return f"You {SECOND_PERSON.get(verb, verb[:-1])}"
        return f"{name(s)} {verb}"

    match event:
        case RoundStarted(round_no=n, dealer=d):
            return [("class:strong", f"Round {n}"), ("", f" begins; {who(d, 'deals')}")]
        case TichuCalled(seat=s, grand=grand):
            called = "GRAND TICHU" if grand else "TICHU"
            return [("", who(s, "calls") + " "), ("class:call", called)]
        case ExchangeChosen(seat=s, given=False):
            return [("class:dim", f"{who(s, 'takes')} back the exchange cards")]
        case ExchangeDone():
            return [("", "The cards are exchanged")]
        case DraftTurned(seat=s, card=card):
            return [("", who(s, "turns") + " ")] + faces.cards(card)
        case DraftChosen(seat=s, card=card, take=take):
            return [("", who(s, "takes" if take else "leaves") + " ")] + faces.cards(card)
        case DraftDone():
            return [("", "The draft is over")]
        case Played(seat=s, combo=combo, bomb_out_of_turn=out_of_turn):
            head = [("class:bomb", f"{who(s, 'BOMBS')}{' out of turn' if out_of_turn else ''}: ")] \
                if combo.is_bomb else [("", f"{name(s)}: ")]
            return head + combo_line(faces, combo)
        case Passed(seat=s):
            return [("class:dim", f"{name(s)}: pass")]
        case WishMade(seat=s, rank=rank):
            wish = (who(s, "wishes") + f" for {rank_text(rank)}" if rank else
                    who(s, "makes") + " no wish")
            return [("class:wish", wish)]
        case WishFulfilled(seat=s, rank=rank):
            return [("class:wish", f"{who(s, 'fulfils')} the wish for {rank_text(rank)}")]
        case WishLapsed(rank=rank):
            return [("class:wish", f"The wish for {rank_text(rank)} lapses")]
        case LeadPassed(seat=s, to=to):
            return [("", f"The Dog gives the lead to {name(to)}")]
        case TrickWon(seat=s, points=points, by_dragon=False):
            return [("class:dim", f"{who(s, 'takes')} the trick ({points} points)")]
        case TrickWon():
            return None            # the Dragon's trick is told when it is given
        case DragonGiven(seat=s, to=to, points=points):
            given = f"{who(s, 'gives')} the Dragon's trick ({points} points) to {name(to)}"
            return [("class:dragon", given)]
        case WentOut(seat=s, place=place):
            return [("class:strong", f"{who(s, 'is')} out {PLACES[place - 1]}")]
        case RoundEnded(round_no=n, card_points=cards, call_points=calls, scores=scores):
            teams = " · ".join(f"{team_name(t, seat, duel, name)} {cards[t] + calls[t]:+d}"
                               for t in range(2))
            totals = f"{teams}; totals {scores[0]} : {scores[1]}"
            return [("class:strong", f"Round {n} over: "), ("", totals)]
        case GameEnded(winner=w, scores=scores):
            over = f"Game over: {winner_phrase(w, seat, duel, name)} {scores[0]} : {scores[1]}"
            return [("class:strong", over)]
        case CardsDealt() | GrandTichuDecided() | ExchangeChosen():
            return None
    return None
