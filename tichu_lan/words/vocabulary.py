"""Tichu's own words in the reader's language: the special cards, the calls, the
places in going out, the games and the bot levels, a table opened without a name, and a
combination described as a player would say it.

The engine describes combinations in English (`engine.describe`, for logs and for
clients that word nothing themselves); what a person reads comes from here. Ranks
keep the marks printed on the cards (2-10, J, Q, K, A) in every language, as the card
notation (``7j``, ``PH``) and the suit glyphs do. Each language's terms come from the
rule texts its players know (see docs/TRANSLATING.md).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.cards import DOG_BIT, DRAGON_BIT, MAHJONG_BIT, PHOENIX_BIT, Card, rank_text
from engine.combos import PHOENIX_LEAD_HEIGHT, Combo, Kind

from ..i18n import N_, _, pgettext

# The special cards' names, as a label (a hand, a menu).
SPECIAL_NAMES: dict[Card, str] = {
    Card.DOG: N_("Dog"), Card.MAHJONG: N_("Mah Jong"), Card.PHOENIX: N_("Phoenix"),
    Card.DRAGON: N_("Dragon"),
}
# The places in going out, first to last.
PLACES = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"))
# The games' names, as the tables and the title show them (the protocol's words as keys).
VARIANT_NAMES = {"classic": N_("classic"), "duel": N_("duel")}


def table_name(given: str, opener: str) -> str:
    """A table as its readers call it: the name its opener gave it, else "Ann's table" in
    the reader's language (the host and the records keep only who opened it); "" when
    neither is known (a journal from before tables had openers, and no name)."""
    if given or not opener:
        return given
    return _("{name}'s table").format(name=opener)


def separator() -> str:
    """What separates the things of a list in a sentence."""
    # TRANSLATORS: what separates the things of a list (names, cards, calls): "Ann, Bob".
    return _(", ")


def listed(parts: Iterable[str]) -> str:
    """Things in a row, as a sentence lists them ("Ann, Bob, Cat")."""
    return separator().join(parts)


def variant_name(variant: str) -> str:
    """``classic`` or ``duel`` in words; a variant this program does not know, as it came."""
    return _(VARIANT_NAMES[variant]) if variant in VARIANT_NAMES else variant


def level_name(level: str) -> str:
    """A bot level in words (the built-in ones); another level, as the host names it."""
    names = {"random": pgettext("bot level", "random"), "easy": pgettext("bot level", "easy"),
             "normal": pgettext("bot level", "normal"), "hard": pgettext("bot level", "hard")}
    return names.get(level, level)


def special_name(card: Card) -> str:
    return _(SPECIAL_NAMES[card])


def call_name(grand: bool) -> str:
    """The call's name: Tichu, or Grand Tichu (each language's players have their own)."""
    return pgettext("call", "Grand Tichu") if grand else pgettext("call", "Tichu")


def place_words(place: int) -> str:
    """A place in going out, counted from 0: "1st"."""
    return _(PLACES[place])


def rank_words(rank: int) -> str:
    """A rank as the cards print it: 2..10, J, Q, K, A; 1 for the Mah Jong."""
    return rank_text(rank)


def _height(height: float) -> str:
    whole = int(height)
    return rank_text(whole) + ("½" if height != whole else "")


def describe(combo: Combo) -> str:
    """A combination in words, e.g. 'a pair of 7s' or 'a straight of 6 to 10'."""
    kind, length, top = combo.kind, combo.length, int(combo.height)
    if kind == Kind.DOG:
        return _("the Dog")
    if kind == Kind.SINGLE:
        return _single(combo)
    rank = rank_text(top)
    if kind == Kind.PAIR:
        return _("a pair of {rank}s").format(rank=rank)
    if kind == Kind.TRIPLE:
        return _("three {rank}s").format(rank=rank)
    if kind == Kind.FULL_HOUSE:
        return _("a full house of {rank}s").format(rank=rank)
    if kind == Kind.STAIRS:
        low = rank_text(top - length // 2 + 1)
        return _("stairs of {low}s to {high}s").format(low=low, high=rank)
    low = rank_text(top - length + 1)
    if kind == Kind.STRAIGHT:
        return _("a straight of {low} to {high}").format(low=low, high=rank)
    if length == 4:
        return _("a bomb of four {rank}s").format(rank=rank)
    return _("a straight-flush bomb of {low} to {high}").format(low=low, high=rank)


def _single(combo: Combo) -> str:
    if combo.cards == DRAGON_BIT:
        return _("the Dragon")
    if combo.cards == PHOENIX_BIT:
        if combo.height == PHOENIX_LEAD_HEIGHT:
            return _("the Phoenix")
        return _("the Phoenix ({height})").format(height=_height(combo.height))
    if combo.cards == MAHJONG_BIT:
        return _("the Mah Jong")
    if combo.cards == DOG_BIT:
        return _("the Dog")
    return _("a single {rank}").format(rank=rank_text(int(combo.height)))
