"""A reviewed decision in the reader's language (`engine.bots.review`): what was chosen,
what the hard bot's figures say was best, and by about how much. Plays are worded as the
table's log words them (`vocabulary.describe`), the cards as the reader's screen draws them
(``cards``: suit glyphs at the table, `format_cards`'s notation in a command's output)."""

from __future__ import annotations

from collections.abc import Callable

from engine import format_cards
from engine.bots.review import FINE, Gifts, Reviewed
from engine.combos import Combo

from ..i18n import _, ngettext
from .vocabulary import describe


Cards = Callable[[int], str]        # a card mask as text


def play_words(combo: Combo, cards: Cards = format_cards) -> str:
    """A play as the log words it: "K♠ K♦ (a pair of Ks)"."""
    return f"{cards(combo.cards)} ({describe(combo)})"


def gifts_words(gifts: Gifts, cards: Cards) -> str:
    """An exchange: "K♦ to the right, A♠ to the partner, 2♣ to the left"."""
    return _("{right} to the right, {partner} to the partner, {left} to the left").format(
        right=cards(1 << gifts.right), partner=cards(1 << gifts.partner),
        left=cards(1 << gifts.left))


def decision_line(reviewed: Reviewed, name: Callable[[int], str],
                  cards: Cards = format_cards) -> str:
    """One line: "move 37, Ann passed; K♠ K♦ (a pair of Ks) would have made about 35 points
    more (expected -12 against +23 over 24 deals)"."""
    did = _did(reviewed, name(reviewed.seat), cards)
    best = reviewed.best
    if reviewed.fine:
        better = _("fine: nothing was better by {points:g} points or more").format(points=FINE)
    elif isinstance(best, Gifts):
        better = _("giving {gifts} would have made about {gain:.0f} points more").format(
            gifts=gifts_words(best, cards), gain=reviewed.loss)
    elif isinstance(best, bool):
        better = (_("calling it would have made about {gain:.0f} points more") if best else
                  _("not calling it would have made about {gain:.0f} points more")).format(
                      gain=reviewed.loss)
    elif best is None:
        better = _("passing would have made about {gain:.0f} points more").format(
            gain=reviewed.loss)
    else:
        better = _("{play} would have made about {gain:.0f} points more").format(
            play=play_words(best, cards), gain=reviewed.loss)
    figures = ngettext("expected {mine:+.0f} against {best:+.0f} over {count} deal",
                       "expected {mine:+.0f} against {best:+.0f} over {count} deals",
                       reviewed.samples).format(mine=reviewed.chosen_points,
                                                best=reviewed.best_points,
                                                count=reviewed.samples)
    return f"{did}; {better} ({figures})"


def _did(reviewed: Reviewed, who: str, cards: Cards) -> str:
    move, chosen = reviewed.move, reviewed.chosen
    if reviewed.kind == "grand":
        return (_("move {move}, {who} called Grand Tichu") if chosen else
                _("move {move}, {who} let Grand Tichu go")).format(move=move, who=who)
    if reviewed.kind == "tichu":
        return (_("move {move}, {who} called Tichu") if chosen else
                _("move {move}, {who} played a first card without calling Tichu")).format(
                    move=move, who=who)
    if isinstance(chosen, Gifts):
        return _("move {move}, {who} gave {gifts}").format(move=move, who=who,
                                                         gifts=gifts_words(chosen, cards))
    if chosen is None or isinstance(chosen, bool):
        return _("move {move}, {who} passed").format(move=move, who=who)
    return _("move {move}, {who} played {play}").format(move=move, who=who,
                                                       play=play_words(chosen, cards))


def round_line(round_no: int, found: list[Reviewed]) -> str:
    fine = sum(r.fine for r in found)
    return ngettext("Round {round}: {count} decision reviewed, {fine} fine",
                    "Round {round}: {count} decisions reviewed, {fine} fine",
                    len(found)).format(round=round_no, count=len(found), fine=fine)
