"""What the hard bot would do in a seat, and one line of why: the coach's answer.

`advise` asks a search bot from the seat's view alone (with the seat's memory of
the round, if the caller kept one) and words its move in the game's terms: "lead
a single 4: keeps your straight of 8 to Q; the player on your right has 2 cards
left". The budget is counted like the bot's own (deals per decision), so the same
view gives the same advice on any machine; a `TimeCap` is the caller's safety net.

A reason is a code and the values it names (`Reason`), like the engine's refusals:
`TEMPLATES` holds each code's English sentence with named fields, and a client
words the same code in its player's language (tichu_lan/tui/coach_words.py). The
values stay values (a `Combo`, a `Place`, `Cards`, a `Rank`, a number) until then.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from ..actions import (Action, CallTichu, Discard, Draft, Exchange, GiveDragon, GrandTichu, Pass,
                       Play, Wish)
from ..cards import format_cards, rank_text
from ..checks import choose_reading
from ..combos import Combo, Kind, describe
from ..enumeration import all_plays
from ..seat_view import SeatView, facts_of_view, options_for_view
from ..state import Call
from .call_search import CALL_SAMPLES, modelled_chance
from .hand_split import split
from .interface import TimeCap
from .memory import Memory
from .policy import part_of
from .sure_winners import sure_combo
from .search import SAMPLES, SearchBot

THREAT = 3            # an opponent with this many cards or fewer is worth a mention

# Each reason's English words: one sentence with named fields (a pair: singular and
# plural, chosen by the field "count").
TEMPLATES: Mapping[str, str | tuple[str, str]] = {
    # the move
    "nothing": "nothing to do now",
    "lead": "lead {combo}",
    "play": "play {combo}",
    "pass": "pass",
    "tichu": "call Tichu",
    "grand": "call Grand Tichu",
    "no_grand": "no Grand Tichu",
    "exchange": ("give {partner} to your partner, {right} to the player on your right and "
                 "{left} to the player on your left"),
    "discard": "put aside {cards}",
    "take": "take {cards}",
    "leave": "leave {cards}",
    "wish": "wish for {rank}",
    "no_wish": "make no wish",
    "dragon": "give the Dragon's trick to {who}",
    # why
    "more_cards": "{who} has more cards left",
    "partner_holds": "your partner holds the trick",
    "cannot_beat": "you cannot beat {combo}",
    "no_grand_chance": "you would go out first in only {percent}% of the deals tried",
    "call_chance": "you go out first in {percent}% of the deals tried",
    "last": "it is your last combination",
    "stops_exit": "stops {who} going out",
    "lead_back": "takes the lead back",
    "dog": "gives the lead to your partner",
    "sure": "nobody can beat it",
    "low_lead": "a low lead your partner can take over",
    "keeps": "keeps {combo} for later",
    "cards_left": ("{who} has {count} card left", "{who} has {count} cards left"),
}


class Place(NamedTuple):
    """Another seat as the player sees it, counted from theirs in the order of play:
    1 the next player (on their right, as the table screen shows it), 2 the partner, 3 the
    player before them (on their left); 0 the duel's opponent."""

    step: int


class Cards(NamedTuple):
    mask: int


class Rank(NamedTuple):
    rank: int


Field = int | Combo | Place | Cards | Rank
PLACE_WORDS = ("your opponent", "the player on your right", "your partner",
               "the player on your left")


def field_text(value: Field) -> str:
    """A field in English (a client words it in its own language)."""
    match value:
        case Combo():
            return describe(value)
        case Place(step=step):
            return PLACE_WORDS[step]
        case Cards(mask=mask):
            return format_cards(mask)
        case Rank(rank=rank):
            return rank_text(rank)
    return str(value)


class Reason(NamedTuple):
    code: str                           # a key of TEMPLATES
    fields: Mapping[str, Field] = {}

    @property
    def template(self) -> str:
        """The English sentence, with its {named} fields."""
        words = TEMPLATES[self.code]
        if isinstance(words, str):
            return words
        return words[0] if self.fields.get("count") == 1 else words[1]

    @property
    def text(self) -> str:
        return self.template.format(**{k: field_text(v) for k, v in self.fields.items()})


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
    its budget, deals per play and per call decision. The coach answers a person waiting
    at a keypress: it deals 12 per play, where the classic level deals 24."""
    bot = SearchBot(view.round_no, samples, time_cap=time_cap, call_samples=call_samples)
    if memory is not None:
        bot.heuristic.memory = memory.copy()
    action = bot.decide(view)
    if action is None:
        return Advice(None, Reason("nothing"), ())
    why = _why(view, action, bot)
    threat = _threat(view) if isinstance(action, (Play, Pass)) else None
    return Advice(action, _what(view, action),
                  tuple(r for r in (why, threat) if r is not None))


def place(view: SeatView, seat: int) -> Place:
    """Another seat as the player sees it."""
    return Place(0 if view.rules.duel else (seat - view.seat) % 4)


def _combo_of(view: SeatView, action: Play) -> Combo:
    return choose_reading(facts_of_view(view), action.cards, action.phoenix_as)


def _what(view: SeatView, action: Action) -> Reason:
    match action:
        case Play():
            return Reason("lead" if view.top is None else "play",
                          {"combo": _combo_of(view, action)})
        case Pass():
            return Reason("pass")
        case CallTichu():
            return Reason("tichu")
        case GrandTichu(call=call):
            return Reason("grand" if call else "no_grand")
        case Exchange(gifts=(right, partner, left)):
            return Reason("exchange", {"partner": Cards(1 << partner), "left": Cards(1 << left),
                                       "right": Cards(1 << right)})
        case Discard(cards=cards):
            return Reason("discard", {"cards": Cards(cards)})
        case Draft(take=take):
            card = Cards(1 << view.draft_card if view.draft_card >= 0 else 0)
            return Reason("take" if take else "leave", {"cards": card})
        case Wish(rank=rank):
            return Reason("wish", {"rank": Rank(rank)}) if rank else Reason("no_wish")
        case GiveDragon(to=to):
            return Reason("dragon", {"who": place(view, to)})
    raise ValueError(f"no words for the move {action!r}")


def _why(view: SeatView, action: Action, bot: SearchBot) -> Reason | None:
    if isinstance(action, (CallTichu, GrandTichu)):
        return _why_call(view, action, bot)
    if isinstance(action, GiveDragon):
        return Reason("more_cards", {"who": place(view, action.to)})
    if isinstance(action, Play):
        return _why_play(view, _combo_of(view, action), bot)
    if isinstance(action, Pass):
        return _why_pass(view)
    return None


def _why_pass(view: SeatView) -> Reason | None:
    if view.top is not None and view.top_seat % 2 == view.seat % 2 \
            and view.top_seat != view.seat and not view.rules.duel:
        return Reason("partner_holds")
    if view.top is not None and not options_for_view(view).plays:
        return Reason("cannot_beat", {"combo": view.top})
    return _kept(view.hand)


def _why_call(view: SeatView, action: CallTichu | GrandTichu, bot: SearchBot) -> Reason:
    kind = "grand" if isinstance(action, GrandTichu) else "tichu"
    notes = [n for n in bot.call_notes if n.kind == kind]
    chance = notes[-1].chance if notes else modelled_chance(bot.heuristic.models, view, kind)
    percent = round(100 * chance)
    if isinstance(action, GrandTichu) and not action.call:
        return Reason("no_grand_chance", {"percent": percent})
    return Reason("call_chance", {"percent": percent})


def _why_play(view: SeatView, combo: Combo, bot: SearchBot) -> Reason | None:
    rest = view.hand & ~combo.cards
    if not rest:
        return Reason("last")
    top = view.top
    if combo.kind == Kind.BOMB and top is not None:
        holder = view.top_seat
        if 0 < view.hand_counts[holder] <= 2:
            return Reason("stops_exit", {"who": place(view, holder)})
        return Reason("lead_back")
    if combo.kind == Kind.DOG:
        return Reason("dog")
    if combo.kind != Kind.BOMB and sure_combo(combo, bot.heuristic.situation(view).unseen):
        return Reason("sure")
    partner = (view.seat + 2) % 4
    if not view.rules.duel and view.calls[partner] is not Call.NONE and top is None \
            and combo.kind == Kind.SINGLE:
        return Reason("low_lead")
    return _kept(rest)


def _kept(rest: int) -> Reason | None:
    """The strongest combination of three cards or more that the rest of the hand keeps."""
    parts = [p for p in split(rest).parts if p[1] >= 3 or p[0] == Kind.BOMB]
    if not parts:
        return None
    best = max(parts, key=lambda p: (p[0] == Kind.BOMB, p[1], p[2]))
    shown = next((c for c in all_plays(rest, False) if part_of(c) == best), None)
    return None if shown is None else Reason("keeps", {"combo": shown})


def _threat(view: SeatView) -> Reason | None:
    """The opponent closest to going out, if close."""
    seats = [s for s in range(view.seats) if (s - view.seat) % 2 and view.hand_counts[s] > 0]
    if not seats:
        return None
    seat = min(seats, key=lambda s: view.hand_counts[s])
    n = view.hand_counts[seat]
    if n > THREAT:
        return None
    return Reason("cards_left", {"who": place(view, seat), "count": n})
