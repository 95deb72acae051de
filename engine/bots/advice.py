"""What the hard bot would do in a seat, and one line of why: the coach's answer.

`advise` asks a search bot from the seat's view alone (with the seat's memory of
the round, if the caller kept one) and words its move in the game's terms: "lead
a single 4: keeps your straight of 8 to Q; the next player has 2 cards". The
budget is counted like the bot's own (deals per decision), so the same view
gives the same advice on any machine; a `TimeCap` is the caller's safety net.

A reason is a template with named fields (`Reason`), English as the source, so
that the screen can put it into the player's language; `Reason.text` fills it in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from ..actions import (Action, CallTichu, Discard, Draft, Exchange, GiveDragon, GrandTichu, Pass,
                       Play, Wish)
from ..cards import card_text, format_cards, rank_text
from ..checks import choose_reading
from ..combos import Combo, Kind, describe
from ..enumeration import all_plays
from ..seat_view import SeatView, facts_of_view
from ..state import Call
from .call_search import CALL_SAMPLES, modelled_chance
from .hand_split import split
from .interface import TimeCap
from .memory import Memory
from .policy import part_of, sure_combo
from .search import SAMPLES, SearchBot

THREAT = 3            # an opponent with this many cards or fewer is worth a mention


class Reason(NamedTuple):
    template: str                       # English, with {named} fields
    fields: Mapping[str, str | int]

    @property
    def text(self) -> str:
        return self.template.format(**self.fields)


class Advice(NamedTuple):
    action: Action | None               # None: nothing to do now
    what: Reason                        # the move in words
    why: tuple[Reason, ...]             # the reasons, most telling first

    @property
    def line(self) -> str:
        """The advice on one line, in English."""
        return self.what.text + "".join(
            (": " if k == 0 else "; ") + reason.text for k, reason in enumerate(self.why))


def advise(view: SeatView, samples: int = SAMPLES, memory: Memory | None = None,
           time_cap: TimeCap | None = None, call_samples: int = CALL_SAMPLES) -> Advice:
    """The hard bot's move for the view's seat and why, from that seat's view (and its
    ``memory`` of the round, which is not changed); ``samples`` and ``call_samples`` are
    its budget, deals per play and per call decision."""
    bot = SearchBot(view.round_no, samples, time_cap=time_cap, call_samples=call_samples)
    if memory is not None:
        bot.heuristic.memory = memory.copy()
    action = bot.decide(view)
    if action is None:
        return Advice(None, Reason("nothing to do now", {}), ())
    why = _why(view, action, bot)
    threat = _threat(view) if isinstance(action, (Play, Pass)) else None
    return Advice(action, _what(view, action),
                  tuple(r for r in (why, threat) if r is not None))


def seat_name(view: SeatView, seat: int) -> str:
    """Another seat as the player sees it."""
    if view.rules.duel:
        return "your opponent"
    return ("you", "the next player", "your partner", "the player before you")[
        (seat - view.seat) % 4]


def _combo_of(view: SeatView, action: Play) -> Combo:
    return choose_reading(facts_of_view(view), action.cards, action.phoenix_as)


def _what(view: SeatView, action: Action) -> Reason:
    match action:
        case Play():
            verb = "lead" if view.top is None else "play"
            return Reason(verb + " {combo}", {"combo": describe(_combo_of(view, action))})
        case Pass():
            return Reason("pass", {})
        case CallTichu():
            return Reason("call Tichu", {})
        case GrandTichu(call=call):
            return Reason("call Grand Tichu" if call else "no Grand Tichu", {})
        case Exchange(gifts=(left, partner, right)):
            return Reason("give {partner} to your partner, {left} to the next player and "
                          "{right} to the player before you",
                          {"partner": card_text(partner), "left": card_text(left),
                           "right": card_text(right)})
        case Discard(cards=cards):
            return Reason("put aside {cards}", {"cards": format_cards(cards)})
        case Draft(take=take):
            card = card_text(view.draft_card) if view.draft_card >= 0 else "?"
            return Reason("take {card}" if take else "leave {card}", {"card": card})
        case Wish(rank=rank):
            return (Reason("wish for {rank}", {"rank": rank_text(rank)}) if rank
                    else Reason("make no wish", {}))
        case GiveDragon(to=to):
            return Reason("give the Dragon's trick to {who}", {"who": seat_name(view, to)})
    return Reason("{action}", {"action": repr(action)})


def _why(view: SeatView, action: Action, bot: SearchBot) -> Reason | None:
    if isinstance(action, (CallTichu, GrandTichu)):
        return _why_call(view, action, bot)
    if isinstance(action, GiveDragon):
        return Reason("{who} has more cards left", {"who": seat_name(view, action.to)})
    if isinstance(action, Play):
        return _why_play(view, _combo_of(view, action), bot)
    if isinstance(action, Pass):
        if view.top is not None and view.top_seat % 2 == view.seat % 2 \
                and view.top_seat != view.seat and not view.rules.duel:
            return Reason("your partner holds the trick", {})
        return _kept(view.hand)
    return None


def _why_call(view: SeatView, action: CallTichu | GrandTichu, bot: SearchBot) -> Reason:
    kind = "grand" if isinstance(action, GrandTichu) else "tichu"
    notes = [n for n in bot.call_notes if n.kind == kind]
    chance = notes[-1].chance if notes else modelled_chance(bot.heuristic.models, view, kind)
    percent = round(100 * chance)
    if isinstance(action, GrandTichu) and not action.call:
        return Reason("you would go out first in only {percent}% of the deals tried",
                      {"percent": percent})
    return Reason("you go out first in {percent}% of the deals tried", {"percent": percent})


def _why_play(view: SeatView, combo: Combo, bot: SearchBot) -> Reason | None:
    rest = view.hand & ~combo.cards
    if not rest:
        return Reason("it is your last combination", {})
    top = view.top
    if combo.kind == Kind.BOMB and top is not None:
        holder = view.top_seat
        if 0 < view.hand_counts[holder] <= 2:
            return Reason("stops {who} going out", {"who": seat_name(view, holder)})
        return Reason("takes the lead back", {})
    if combo.kind == Kind.DOG:
        return Reason("gives the lead to your partner", {})
    if combo.kind != Kind.BOMB and sure_combo(combo, bot.heuristic.situation(view).unseen):
        return Reason("nobody can beat it", {})
    partner = (view.seat + 2) % 4
    if not view.rules.duel and view.calls[partner] is not Call.NONE and top is None \
            and combo.kind == Kind.SINGLE:
        return Reason("a low lead your partner can take over", {})
    return _kept(rest)


def _kept(rest: int) -> Reason | None:
    """The strongest combination of three cards or more that the rest of the hand keeps."""
    parts = [p for p in split(rest).parts if p[1] >= 3 or p[0] == Kind.BOMB]
    if not parts:
        return None
    best = max(parts, key=lambda p: (p[0] == Kind.BOMB, p[1], p[2]))
    shown = next((c for c in all_plays(rest, False) if part_of(c) == best), None)
    return None if shown is None else Reason("keeps {combo} for later",
                                             {"combo": describe(shown)})


def _threat(view: SeatView) -> Reason | None:
    """The opponent closest to going out, if close."""
    seats = [s for s in range(view.seats) if (s - view.seat) % 2 and view.hand_counts[s] > 0]
    if not seats:
        return None
    seat = min(seats, key=lambda s: view.hand_counts[s])
    n = view.hand_counts[seat]
    if n > THREAT:
        return None
    template = "{who} has 1 card left" if n == 1 else "{who} has {count} cards left"
    return Reason(template, {"who": seat_name(view, seat), "count": n})
