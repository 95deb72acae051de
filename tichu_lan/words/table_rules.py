"""The rules a party chose for a table, in words: the game's length (to a target score or a
number of rounds), Grand Tichu or not, the turn timer. A choice left at its default is not
said, so that a table of the usual game reads as it always did."""

from __future__ import annotations

from engine import RuleSet

from ..i18n import _, ngettext
from .vocabulary import variant_name


def game_words(rules: RuleSet) -> str:
    """The variant and the game's length: "classic to 1000", "duel, 8 rounds"."""
    variant = variant_name(rules.variant.value)
    if rules.rounds:
        return ngettext("{variant}, {count} round", "{variant}, {count} rounds",
                        rules.rounds).format(variant=variant, count=rules.rounds)
    return _("{variant} to {target}").format(variant=variant, target=rules.target)


def length_words(rules: RuleSet) -> str:
    """The game's length alone, as a score's heading says it: "game to 1000"."""
    if rules.rounds:
        return ngettext("game of {count} round", "game of {count} rounds",
                        rules.rounds).format(count=rules.rounds)
    return _("game to {target}").format(target=rules.target)


def option_words(rules: RuleSet, timer: int | None) -> list[str]:
    """The choices besides the length that differ from the usual game, each a few words."""
    words = [] if rules.grand else [_("no Grand Tichu")]
    if timer is not None:
        words.append(_("{seconds} s a move").format(seconds=timer))
    return words


def rules_words(rules: RuleSet, timer: int | None, dot: str = "·") -> str:
    """The game and its choices in one line: "classic to 1000 · no Grand Tichu · 30 s a move"."""
    return f" {dot} ".join([game_words(rules), *option_words(rules, timer)])


def timer_sentence(timer: int | None) -> str | None:
    """The turn timer as the table's waiting page explains it (None: no timer)."""
    if timer is None:
        return None
    return _("Each decision has {seconds} s; then a bot makes it for the player.").format(
        seconds=timer)


def set_rule(deals: int) -> str:
    """A duplicate set against the bots, as its table's waiting page explains it."""
    return ngettext("A duplicate set of {count} deal, compared with what hard bots made of "
                    "the same cards (each round's summary; D in play).",
                    "A duplicate set of {count} deals, each compared with what hard bots made "
                    "of the same cards (each round's summary; D in play).",
                    deals).format(count=deals)


def rounds_rule() -> str:
    """What happens when a game of rounds ends level (docs/RULES.md)."""
    return _("After the last round a level score plays one more round, until one side leads.")
