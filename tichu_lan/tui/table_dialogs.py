"""The table's dialogs: the choices the rules force, the questions before a move, the pages.

Forced choices (`FORCED`, by phase) open by themselves when the game waits for
the player: Grand Tichu, the wish, the Dragon gift, the duel draft. The others
open on a key. Every choice that makes a move emits it through the model.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine import Combo, Draft, GiveDragon, GrandTichu, IllegalAction, Phase, Wish, describe
from engine import check_play
from engine.cards import rank_text
from engine.enumeration import bombs as bombs_in

from . import summaries
from .dialogs import Choice, Info, LineInput, Option, confirm
from .faces import Faces
from .hand_cursor import RANK_KEYS
from .table_intents import Move

if TYPE_CHECKING:
    from .table_model import TableModel

RANK_SHORTCUTS = {rank: key for key, rank in RANK_KEYS.items()}


# --- forced by the rules ------------------------------------------------------------

def grand_tichu(model: TableModel) -> Choice:
    return Choice("Grand Tichu?", [
        "You have seen 8 of your 14 cards (below).",
        "+200 if you go out first, else -200."],
        [Option("No, deal me the other 6", False, "n"), Option("Call Grand Tichu", True, "y")],
        lambda call: model.send(Move(GrandTichu(model.seat, call))), forced=True)


def wish(model: TableModel) -> Choice:
    options = [Option("none", 0, "n")] + [Option(rank_text(r), r, RANK_SHORTCUTS[r])
                                          for r in range(2, 15)]
    return Choice("Your wish", ["You played the Mah Jong: wish for a rank.",
                                "Arrows and Enter, or type 2-9, 0 (10), j q k a,",
                                "n for no wish."],
                  options, lambda rank: model.send(Move(Wish(model.seat, rank))), forced=True,
                  horizontal=True)


def dragon_gift(model: TableModel) -> Choice:
    view, seat = model.view, model.seat
    assert view is not None
    sides = {(seat + 1) % 4: "right", (seat + 3) % 4: "left"}
    order = sorted(model.options.dragon_to, key=lambda s: sides.get(s) != "left")
    options = [Option(f"{model.name(s)} ({sides.get(s, '')}, {view.hand_counts[s]} cards"
                      f"{', out' if not view.hand_counts[s] else ''})", s,
                      "l" if sides.get(s) == "left" else "r") for s in order]
    return Choice("Give the Dragon's trick", [
        "You won the trick with the Dragon:",
        f"give its {view.trick_points} points to an opponent."], options,
        lambda to: model.send(Move(GiveDragon(seat, to))), forced=True, horizontal=True)


def draft(model: TableModel) -> Choice:
    view = model.view
    assert view is not None
    taken = sum(step.taken for step in view.draft)
    left = len(view.draft) - taken
    return Choice("The draft", [
        [("", "Turned card: "), *model.faces.cards(1 << view.draft_card)],
        f"You have taken {taken} of 3 and left {left} of 3 for your opponent."],
        [Option("Take it", True, "y"), Option("Leave it", False, "n")],
        lambda take: model.send(Move(Draft(model.seat, take))), forced=True, horizontal=True)


FORCED: dict[Phase, Callable[[TableModel], Choice]] = {
    Phase.GRAND: grand_tichu, Phase.WISH: wish, Phase.DRAGON: dragon_gift, Phase.DRAFT: draft,
}


# --- before a move ------------------------------------------------------------------

def phoenix_reading(legal: list[Combo], play: Callable[[int], None]) -> Choice:
    """The selection can be read two ways: what does the Phoenix stand for?"""
    return Choice("What does the Phoenix stand for?", [],
                  [Option(describe(c), c.phoenix_as, str(i + 1)) for i, c in enumerate(legal)],
                  play)


def tichu_question(call: Callable[[], None]) -> Choice:
    return confirm("Call Tichu?", ["+100 if you go out first, -100 if not."], call,
                   yes="Call Tichu")


def grand_tichu_question(call: Callable[[], None]) -> Choice:
    return confirm("Call Grand Tichu?", ["+200 if you go out first, -200 if not."], call,
                   yes="Call Grand Tichu")


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
            note = f"  ({exc})"
        label = [*model.faces.cards(combo.cards), ("class:dim", f"  {describe(combo)}{note}")]
        options.append(Option(label, combo, str(i + 1)))
    return Choice("Your bombs", ["Enter bombs now (also out of turn); Esc closes."],
                  options, play)


def discard_question(faces: Faces, cards: int, discard: Callable[[], None]) -> Choice:
    return confirm("Put these 3 cards aside?", [faces.cards(cards)], discard,
                   yes="Put them aside")


def leave_question(leave: Callable[[], None]) -> Choice:
    return confirm("Leave the game?", [
        "The game goes on without you: a bot takes your seat if the table allows it."],
        leave, yes="Leave", no="Stay")


def chat_line(limit: int, say: Callable[[str], None]) -> LineInput:
    return LineInput("Chat", "Say: ", say, limit)


# --- pages to read ------------------------------------------------------------------

def last_trick(model: TableModel) -> Info:
    return Info("The last trick", summaries.last_trick(model))


def scores(model: TableModel) -> Info:
    return Info("Scores", summaries.scores(model))


def keys_help() -> Info:
    return Info("Keys", summaries.help_lines())
