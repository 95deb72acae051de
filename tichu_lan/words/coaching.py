"""The coach's advice in the reader's language.

`engine.bots.advice` gives each reason as a code and the values it names; the
sentences are here, one msgid per code, equal letter for letter to the engine's
English template (tests/tui/test_coach.py holds them equal), and the values are
worded as the rest of the screen words them: combinations by `vocabulary`, cards
by the faces the reader's screen gives, seats as the player sees them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from engine.bots.advice import Advice, Cards, Field, Place, Rank, Reason
from engine.cards import cards_of
from engine.combos import Combo

from ..i18n import N_, N_plural, _, ngettext
from .vocabulary import describe, rank_words


class Faces(Protocol):
    """How the reader's screen draws a card as text (`tichu_lan.tui.faces.Faces`)."""

    def face(self, card: int) -> str: ...


WORDS: Mapping[str, str | tuple[str, str]] = {
    "nothing": N_("nothing to do now"),
    "lead": N_("lead {combo}"),
    "play": N_("play {combo}"),
    "pass": N_("pass"),
    "tichu": N_("call Tichu"),
    "grand": N_("call Grand Tichu"),
    "no_grand": N_("no Grand Tichu"),
    "exchange": N_("give {partner} to your partner, {right} to the player on your right and "
                   "{left} to the player on your left"),
    "discard": N_("put aside {cards}"),
    "take": N_("take {cards}"),
    "leave": N_("leave {cards}"),
    "wish": N_("wish for {rank}"),
    "no_wish": N_("make no wish"),
    "dragon": N_("give the Dragon's trick to {who}"),
    "more_cards": N_("{who} has more cards left"),
    "partner_holds": N_("your partner holds the trick"),
    "cannot_beat": N_("you cannot beat {combo}"),
    "no_grand_chance": N_("you would go out first in only {percent}% of the deals tried"),
    "call_chance": N_("you go out first in {percent}% of the deals tried"),
    "last": N_("it is your last combination"),
    "stops_exit": N_("stops {who} going out"),
    "lead_back": N_("takes the lead back"),
    "dog": N_("gives the lead to your partner"),
    "sure": N_("nobody can beat it"),
    "low_lead": N_("a low lead your partner can take over"),
    "keeps": N_("keeps {combo} for later"),
    "cards_left": N_plural("{who} has {count} card left", "{who} has {count} cards left"),
}
PLACES = (N_("your opponent"), N_("the player on your right"), N_("your partner"),
          N_("the player on your left"))


def field_words(value: Field, faces: Faces) -> str:
    match value:
        case Combo():
            return describe(value)
        case Place(step=step):
            return _(PLACES[step])
        case Cards(mask=mask):
            return " ".join(faces.face(card) for card in cards_of(mask))
        case Rank(rank=rank):
            return rank_words(rank)
    return str(value)


def reason_words(reason: Reason, faces: Faces) -> str:
    """One reason; a code this program does not know (a newer engine) in English."""
    words = WORDS.get(reason.code)
    if words is None:
        return reason.text
    fields = {key: field_words(value, faces) for key, value in reason.fields.items()}
    if isinstance(words, tuple):
        count = reason.fields.get("count", 0)
        return ngettext(*words, count if isinstance(count, int) else 0).format(**fields)
    return _(words).format(**fields)


def advice_words(advice: Advice, faces: Faces) -> str:
    """The move and why, as one sentence."""
    move = reason_words(advice.what, faces)
    why = [reason_words(reason, faces) for reason in advice.why]
    if not why:
        return move
    if len(why) == 1:
        return _("{move}: {reason}").format(move=move, reason=why[0])
    return _("{move}: {reason}; {more}").format(move=move, reason=why[0],
                                                more="; ".join(why[1:]))
