"""The table's dialogs: the choices the rules force, the questions before a move, the pages.

Forced choices (`FORCED`, by phase) open by themselves when the game waits for
the player: Grand Tichu, the wish, the Dragon gift, the duel draft. The others
open on a key. Every choice that makes a move emits it through the model.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine import Combo, Draft, GiveDragon, GrandTichu, IllegalAction, Phase, Wish
from engine import check_play
from engine.cards import rank_text
from engine.enumeration import bombs as bombs_in

from ..i18n import _, ngettext
from ..words.refusals import refusal_words
from ..words.vocabulary import describe, listed
from . import summaries, waiting_line
from .dialogs import Choice, Info, LineInput, Option, confirm
from .faces import Faces
from .hand_cursor import RANK_KEYS
from .table_intents import Leave, Move, PlayAgain
from .text import cut, whole

if TYPE_CHECKING:
    from .table_model import TableModel

RANK_SHORTCUTS = {rank: key for key, rank in RANK_KEYS.items()}


# --- forced by the rules ------------------------------------------------------------

def grand_tichu(model: TableModel) -> Choice:
    return Choice(_("Grand Tichu?"), [
        _("You have seen 8 of your 14 cards (below)."),
        _("+200 if you go out first, else -200.")],
        [Option(_("No, deal me the other 6"), False, "n"),
         Option(_("Call Grand Tichu"), True, "y")],
        lambda call: model.send(Move(GrandTichu(model.seat, call))), forced=True)


def wish(model: TableModel) -> Choice:
    options = [Option(_("none"), 0, "n")] + [Option(rank_text(r), r, RANK_SHORTCUTS[r])
                                          for r in range(2, 15)]
    return Choice(_("Your wish"), [_("You played the Mah Jong: wish for a rank."),
                                   _("Arrows and Enter, or type 2-9, 0 (10), j q k a,"),
                                   _("n for no wish.")],
                  options, lambda rank: model.send(Move(Wish(model.seat, rank))), forced=True,
                  horizontal=True)


def dragon_gift(model: TableModel) -> Choice:
    view, seat = model.view, model.seat
    assert view is not None
    sides = {(seat + 1) % 4: _("right"), (seat + 3) % 4: _("left")}
    order = sorted(model.options.dragon_to, key=lambda s: s != (seat + 3) % 4)

    def label(to: int) -> str:
        count = view.hand_counts[to]
        cards = (ngettext("{count} card", "{count} cards", count).format(count=count) if count
                 else _("out"))
        return _("{name} ({side}, {cards})").format(name=cut(model.name(to), 16),
                                                     side=sides.get(to, ""), cards=cards)
    options = [Option(label(s), s, "l" if s == (seat + 3) % 4 else "r") for s in order]
    points = view.trick_points
    return Choice(_("Give the Dragon's trick"), [
        _("You won the trick with the Dragon:"),
        ngettext("give its {count} point to an opponent.",
                 "give its {count} points to an opponent.", points).format(count=points)],
        options,
        lambda to: model.send(Move(GiveDragon(seat, to))), forced=True, horizontal=True)


def draft(model: TableModel) -> Choice:
    view = model.view
    assert view is not None
    taken = sum(step.taken for step in view.draft)
    left = len(view.draft) - taken
    return Choice(_("The draft"), [
        [("", _("Turned card:") + " "), *model.faces.cards(1 << view.draft_card)],
        _("You have taken {taken} of 3 and left {left} of 3 for your opponent.").format(
            taken=taken, left=left)],
        [Option(_("Take it"), True, "y"), Option(_("Leave it"), False, "n")],
        lambda take: model.send(Move(Draft(model.seat, take))), forced=True, horizontal=True)


FORCED: dict[Phase, Callable[[TableModel], Choice]] = {
    Phase.GRAND: grand_tichu, Phase.WISH: wish, Phase.DRAGON: dragon_gift, Phase.DRAFT: draft,
}


# --- before a move ------------------------------------------------------------------

def phoenix_reading(legal: list[Combo], play: Callable[[int], None]) -> Choice:
    """The selection can be read two ways: what does the Phoenix stand for?"""
    return Choice(_("What does the Phoenix stand for?"), [],
                  [Option(describe(c), c.phoenix_as, str(i + 1)) for i, c in enumerate(legal)],
                  play)


def tichu_question(call: Callable[[], None]) -> Choice:
    return confirm(_("Call Tichu?"), [_("+100 if you go out first, -100 if not.")], call,
                   yes=_("Call Tichu"), no=_("No"))


def grand_tichu_question(call: Callable[[], None]) -> Choice:
    return confirm(_("Call Grand Tichu?"), [_("+200 if you go out first, -200 if not.")],
                   call, yes=_("Call Grand Tichu"), no=_("No"))


def bombs(model: TableModel, play: Callable[[Combo], None]) -> Choice | None:
    """The player's bombs, each saying why it cannot be played now if it cannot; None
    without a bomb."""
    view = model.view
    found = bombs_in(view.hand) if view is not None else ()
    if view is None or not found:
        return None
    options = []
    for i, combo in enumerate(found):
        try:
            check_play(view, combo.cards)
            note = ""
        except IllegalAction as exc:
            note = "  " + _("({why})").format(why=refusal_words(exc))
        label = [*model.faces.cards(combo.cards), ("class:dim", f"  {describe(combo)}{note}")]
        options.append(Option(label, combo, str(i + 1)))
    return Choice(_("Your bombs"), [_("Enter bombs now (also out of turn); Esc closes.")],
                  options, play)


def discard_question(faces: Faces, cards: int, discard: Callable[[], None]) -> Choice:
    return confirm(_("Put these 3 cards aside?"), [faces.cards(cards)], discard,
                   yes=_("Put them aside"), no=_("No"))


def leave_question(leave: Callable[[], None]) -> Choice:
    """`tichu play`: the host runs in this process, so leaving ends the game."""
    return confirm(_("Leave the game?"), [
        _("The game runs on this machine only: leaving ends it.")],
        leave, yes=_("Leave"), no=_("Stay"))


def _takeover_words(model: TableModel) -> tuple[str, str]:
    """What becomes of the seat: given up now, or left while the person is away."""
    options = model.table.options if model.table is not None else None
    if options is not None and not options.takeover:
        return (_("your seat stays empty until someone takes it"),
                _("your seat waits for you (the game waits too)"))
    grace = int(options.grace) if options is not None else 60
    return (_("a bot plays your seat from now on"),
            ngettext("your seat waits for you: after {count} second a bot plays it until you "
                     "come back with tichu join", "your seat waits for you: after {count} "
                     "seconds a bot plays it until you come back with tichu join",
                     grace).format(count=grace))


def join_leave_question(model: TableModel) -> Choice:
    """`tichu join`: give the seat up, or quit and keep it to come back to."""
    now, later = _takeover_words(model)
    return Choice(_("Leave the game?"), [
        _("Leave the table: {what}; you go back to the host's tables.").format(what=now),
        _("Quit: {what}.").format(what=later)],
        [Option(_("Leave the table"), "seat", "l"), Option(_("Quit"), "quit", "y"),
         Option(_("Stay"), None, "n")],
        lambda how: model.emit(Leave(how)) if how else None, index=2)


def host_leave_question(model: TableModel) -> Choice:
    """`tichu host`: leaving the seat keeps the host serving; stopping is its own choice."""
    now, _later = _takeover_words(model)
    return Choice(_("Leave your seat?"), [
        _("Leave your seat: {what}. This terminal keeps hosting the game for the others "
          "and shows who plays.").format(what=now),
        _("Stop the host: {cut_off}").format(cut_off=stop_words(model))],
        [Option(_("Leave my seat"), "seat", "l"), Option(_("Stop the host"), "stop", "x"),
         Option(_("Stay"), None, "n")],
        lambda how: model.emit(Leave(how)) if how else None, index=2)


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def stop_words(model: TableModel) -> str:
    return stop_text(model.others())


def stop_text(people: list[str]) -> str:
    """Whom stopping the host cuts off, and how to carry on later."""
    cut_off = (_("it cuts off {names}: their games stop").format(
        names=listed(whole(name) for name in people))
               if people else _("nobody else is connected"))
    return _("{cut_off}. Every unfinished game is kept: tichu host --resume carries on where "
             "it stopped.").format(cut_off=cut_off)


def stop_question(model: TableModel) -> Choice:
    return confirm(_("Stop the host?"), [sentence(stop_words(model))],
                   lambda: model.emit(Leave("stop")), yes=_("Stop the host"),
                   no=_("Keep hosting"))


def chat_line(limit: int, say: Callable[[str], None]) -> LineInput:
    return LineInput(_("Chat"), _("Say:") + " ", say, limit)


# --- pages to read ------------------------------------------------------------------

def last_trick(model: TableModel) -> Info:
    return Info(_("The last trick"), summaries.last_trick(model))


def scores(model: TableModel) -> Info:
    return Info(_("Scores"), lambda columns: summaries.scores(model, columns))


def keys_help(role: str = "play", ascii: bool = False) -> Info:
    return Info(_("Keys"), lambda columns: summaries.help_lines(columns, role, ascii))


def game_over(model: TableModel) -> Info:
    """The game's result and every round; y plays again at the same table."""
    keys = {"y": lambda: model.emit(PlayAgain()),
            "o": lambda: waiting_line.sit_out(model)} if model.seat >= 0 else {}
    if not summaries.plays_again(model):
        keys.pop("y", None)
    return Info(_("Game over"), lambda columns: summaries.game_over(model, columns),
                overlay=False, keys=keys)
