"""What the player does at the table: each function is one thing a key asks for.

Each changes the `TableModel` and emits at most one intent, judged by the
engine first: an illegal selection shows its reason and sends nothing, and a
move the rules do not allow now is refused with the words of `refusals`.
"""

from __future__ import annotations

from contextlib import suppress

from engine import (CallTichu, Combo, Discard, Exchange, GrandTichu, IllegalAction, Pass, Play,
                    WithdrawExchange, check_play, readings)

from ..i18n import _
from ..words import refusals
from ..words.refusals import refusal_words
from ..words.vocabulary import describe
from . import round_history, summaries, table_dialogs
from .exchange_picks import Exchanging
from .table_intents import Leave, Move, PlayAgain, Say, ShowStandings
from .table_model import TableModel


def move_cursor(model: TableModel, step: int) -> None:
    """One card along; at an end the cursor stays and says so (it never wraps round to the
    other end, where a card given away would be the wrong one)."""
    hand = model.hand
    if not hand.cards:
        return
    if hand.cursor + step < 0:
        return model.info(_("the first card: End goes to the last"))
    if hand.cursor + step >= len(hand.cards):
        return model.info(_("the last card: Home goes to the first"))
    hand.move(step)
    if model.message[:1] and model.message[0][0] == "class:info":
        model.message = []          # the note about the end (or a hint) is old news now


def cursor_to_end(model: TableModel, end: bool) -> None:
    if model.hand.cards:
        model.hand.cursor = len(model.hand.cards) - 1 if end else 0


def toggle(model: TableModel) -> None:
    model.hand.toggle()
    model.message = []


def clear(model: TableModel) -> None:
    model.hand.clear()
    model.message = []
    model.coach.dismiss()


def type_card(model: TableModel, key: str) -> None:
    """Select the next card the key names (or unselect them all)."""
    view = model.view
    if view is not None and view.hand and model.hand.type_key(key):
        model.message = []
    else:
        nothing_here(model, key)


def nothing_here(model: TableModel, key: str) -> None:
    model.info(_("'{key}' does nothing here: press ? for the keys").format(key=key))


def hint(model: TableModel, step: int) -> None:
    """Select the next (1) or previous (-1) legal play, cheapest first."""
    options = model.options
    if model.view is None or not options.plays:
        return model.info(_("nothing to hint now") if model.view is None or not options.waiting
                          else _("no play is possible: pass with p"))
    combo = model.hand.cycle_hint(options.plays, step)
    if combo is not None:
        number = model.hand.hint_index + 1
        model.message = [("class:info", _("Hint {number}/{count}:").format(
            number=number, count=len(model.hand.hints)) + " "), ("", describe(combo)),
            ("class:dim", "  " + _("Enter plays it, Tab the next"))]


def play_selection(model: TableModel) -> None:
    """Play the selected cards (in the duel's discard, put them aside)."""
    view = model.view
    if view is None or view.spectator:
        return
    if model.options.discard:
        return discard_selection(model)
    cards = model.hand.mask
    if not cards:
        return model.error(_("select cards first: Space takes the card at the cursor, typing a "
                             "rank takes one of that rank, Tab shows a legal play"))
    hint = model.hand.hint
    if hint is not None:
        return play(model, cards, hint.phoenix_as)
    legal = legal_readings(model, cards)
    if len(legal) > 1:
        return model.open(table_dialogs.phoenix_reading(legal, lambda rank: play(model, cards,
                                                                                  rank)))
    play(model, cards, 0)


def legal_readings(model: TableModel, cards: int) -> list[Combo]:
    """The legal readings of a selection that differ in what the Phoenix stands for."""
    assert model.view is not None
    found: dict[int, Combo] = {}
    for combo in readings(cards, model.view.rules):
        if combo.phoenix_as and combo.phoenix_as not in found:
            with suppress(IllegalAction):
                found[combo.phoenix_as] = check_play(model.view, cards, combo.phoenix_as)
    return list(found.values())


def play(model: TableModel, cards: int, phoenix_as: int) -> None:
    if model.view is None:
        return
    try:
        check_play(model.view, cards, phoenix_as)
    except IllegalAction as exc:
        return model.error(refusal_words(exc))
    model.send(Move(Play(model.seat, cards, phoenix_as), clears=True))


def pass_turn(model: TableModel) -> None:
    view = model.view
    if view is None or view.spectator:
        return
    if model.options.can_pass:
        return model.send(Move(Pass(model.seat), clears=True))
    model.error(refusals.why_no_pass(view))


def call_tichu(model: TableModel) -> None:
    if model.view is None:
        return
    if not model.options.tichu:
        return model.error(refusals.why_no_tichu(model.view))
    model.open(table_dialogs.tichu_question(lambda: model.send(Move(CallTichu(model.seat)))))


def call_grand(model: TableModel) -> None:
    if model.view is None:
        return
    if not model.options.call_grand or model.forced is not None:
        return model.error(refusals.why_no_grand_tichu(model.view))
    model.open(table_dialogs.grand_tichu_question(
        lambda: model.send(Move(GrandTichu(model.seat, True)))))


def show_bombs(model: TableModel) -> None:
    dialog = table_dialogs.bombs(model, lambda combo: play(model, combo.cards, 0))
    if dialog is None:
        return model.info(_("you hold no bomb"))
    model.open(dialog)


def discard_selection(model: TableModel) -> None:
    cards = model.hand.mask
    refusal = refusals.why_no_discard(cards)
    if refusal is not None:
        return model.error(refusal)
    model.open(table_dialogs.discard_question(
        model.faces, cards, lambda: model.send(Move(Discard(model.seat, cards), clears=True))))


def chat(model: TableModel) -> None:
    model.open(table_dialogs.chat_line(model.chat_limit(), lambda text: model.emit(Say(text))))


def ask_quit(model: TableModel) -> None:
    """Q: what leaving means depends on where the table runs (`TableModel.role`)."""
    if model.role == "host" and model.others():
        if not model.running or model.seat < 0:
            return model.open(table_dialogs.stop_question(model))
        return model.open(table_dialogs.host_leave_question(model))
    if not model.running or model.seat < 0:
        return model.emit(Leave("stop" if model.role == "host" else "quit"))
    if model.role == "join":
        return model.open(table_dialogs.join_leave_question(model))
    if model.role == "host":
        return model.open(table_dialogs.host_leave_question(model))
    model.open(table_dialogs.leave_question(lambda: model.emit(Leave())))


def stop_host(model: TableModel) -> None:
    """X, at the host's own table: stop the host (asks first when it cuts anyone off)."""
    if model.role != "host":
        return nothing_here(model, "X")
    if not model.others():
        return model.emit(Leave("stop"))
    model.open(table_dialogs.stop_question(model))


def play_again(model: TableModel) -> None:
    """y, once the game is over: this player wants another game at the table."""
    view = model.view
    if view is None or view.spectator or view.winner < 0 or not summaries.plays_again(model):
        return nothing_here(model, "y")
    if model.table is not None and model.seat in model.table.again:
        return model.info(summaries.again_status(model))
    model.emit(PlayAgain())


def show_last_trick(model: TableModel) -> None:
    model.open(table_dialogs.last_trick(model))


def show_standings(model: TableModel) -> None:
    model.emit(ShowStandings())


def show_scores(model: TableModel) -> None:
    model.open(table_dialogs.scores(model))


def show_keys(model: TableModel) -> None:
    model.open(table_dialogs.keys_help(model.role, model.faces.ascii))


def show_history(model: TableModel) -> None:
    model.open(round_history.history(model))


def scroll_log(model: TableModel, step: int) -> None:
    """The log pane a page back (-1) or on (1); a page on from the newest does nothing."""
    model.scroll.page(step)


def page_history(model: TableModel, step: int) -> None:
    top = model.dialog_with_keys()
    if isinstance(top, round_history.RoundHistory):
        top.page(step)


def history_end(model: TableModel, step: int) -> None:
    """To the first trick (-1) or the last (1)."""
    top = model.dialog_with_keys()
    if isinstance(top, round_history.RoundHistory) and step < 0:
        top.home()
    elif isinstance(top, round_history.RoundHistory):
        top.end()


# --- the exchange -------------------------------------------------------------------

def mark_seat(model: TableModel, step: int) -> None:
    if model.exchanging is not None:
        model.exchanging.mark(step)


def give_card(model: TableModel) -> None:
    """The card at the cursor goes to the marked seat."""
    if model.exchanging is not None and model.hand.cards:
        model.exchanging.give(model.hand.cards[model.hand.cursor])
        model.message = []


def send_exchange(model: TableModel) -> None:
    picks = model.exchanging
    if picks is None:
        return
    if not picks.complete:
        return model.error(_("choose a card for each of the three players first (Space)"))
    model.send(Move(Exchange(model.seat, picks.given())))


def restart_exchange(model: TableModel) -> None:
    if model.exchanging is not None:
        model.exchanging = Exchanging()


def withdraw_exchange(model: TableModel) -> None:
    if model.options.withdraw_exchange:
        return model.send(Move(WithdrawExchange(model.seat)))
    model.info(_("you have not given your cards yet"))


def jump_to(model: TableModel, key: str) -> None:
    model.hand.jump_to(key)
