"""The table screen's keys, as prompt_toolkit bindings with the conditions under which they apply.

Who has a key, first to last: Q and Ctrl-C leave (asking first), over the table and
over a page (a round's summary, the help, the scores); an overlay the player opened (a
page, a question, the chat line) has every other key; a forced choice (Grand Tichu, the
wish ...) has the arrows, Enter and its shortcuts; during the exchange, the keys that
pick the cards to give; then the table's own keys.

Every key a phone's keyboard lacks has a plain one beside it (an ssh guest may
play from one): ``,`` and ``.`` for Left and Right, ``u`` for Esc, ``n`` for Tab,
``m`` for Up/Down in the exchange, ``[`` and ``]`` for PageUp and PageDown.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from prompt_toolkit.filters import Condition, Filter
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent, merge_key_bindings
from prompt_toolkit.key_binding.key_bindings import KeyBindingsBase
from prompt_toolkit.keys import Keys

from engine import CallTichu, Pass

from . import coach, evening_page, seat_requests, table_actions as act, waiting_line
from .dialog_keys import create_dialog_bindings, typed_char
from .dialogs import Info
from .hand_cursor import RANK_KEYS, SPECIAL_KEYS
from .round_history import RoundHistory
from .table_model import TableModel

CARD_KEYS = (*RANK_KEYS, *SPECIAL_KEYS)      # type a card: 2-9 0 j q k a, 1 d f r


def create_table_bindings(model: TableModel) -> KeyBindingsBase:
    overlay = Condition(lambda: bool(model.overlays))
    forced = Condition(lambda: model.forced is not None)
    exchange = Condition(lambda: model.exchanging is not None)
    table = ~overlay                 # the table has the keys
    arrows = table & ~forced         # the arrows and Enter, which a forced choice takes

    def free(key: str) -> Filter:
        """The table has this character: no overlay, and no shortcut of the forced choice."""
        return table & ~Condition(lambda: model.forced is not None and model.forced.takes(key))

    bindings = KeyBindings()

    def on(keys: tuple[str, ...], when: Filter, action: Callable[[], object]) -> None:
        def handler(event: KeyPressEvent) -> None:
            action()        # a handler's result would be awaited by prompt_toolkit

        for key in keys:
            bindings.add(key, filter=when)(handler)

    on(("left", ","), arrows, lambda: act.move_cursor(model, -1))
    on(("right", "."), arrows, lambda: act.move_cursor(model, 1))
    on(("home",), arrows, lambda: act.cursor_to_end(model, end=False))
    on(("end",), arrows, lambda: act.cursor_to_end(model, end=True))
    on(("up",), arrows & exchange, lambda: act.mark_seat(model, -1))
    on(("down",), arrows & exchange, lambda: act.mark_seat(model, 1))
    on(("m",), free("m") & exchange, lambda: act.mark_seat(model, 1))
    on(("enter",), arrows & exchange, lambda: act.send_exchange(model))
    on(("enter",), arrows & ~exchange, lambda: _enter(model))
    on(("space",), table & exchange, lambda: act.give_card(model))
    on(("space",), table & ~exchange, lambda: act.toggle(model))
    on(("escape",), table & exchange, lambda: act.restart_exchange(model))
    on(("escape",), table & ~exchange, lambda: act.clear(model))
    on(("u",), free("u") & exchange, lambda: act.restart_exchange(model))
    on(("u",), free("u") & ~exchange, lambda: act.clear(model))
    on(("tab",), table, lambda: act.hint(model, 1))
    on(("n",), free("n"), lambda: act.hint(model, 1))
    on(("s-tab",), table, lambda: act.hint(model, -1))
    on(("Q", "c-c", "c-q"), table, lambda: act.ask_quit(model))
    page = Condition(lambda: isinstance(model.dialog_with_keys(), Info))
    on(("Q", "c-c", "c-q"), page, lambda: act.ask_quit(model))     # a summary, help, scores
    for key, action in {"p": act.pass_turn, "t": act.call_tichu, "g": act.call_grand,
                        "b": act.show_bombs, "c": act.chat, "v": act.show_last_trick,
                        "s": act.show_scores, "?": act.show_keys, "X": act.stop_host,
                        "y": act.play_again, "h": act.show_history, "i": coach.ask,
                        "R": seat_requests.show, "e": act.show_standings,
                        "E": evening_page.show}.items():
        on((key,), free(key), partial(action, model))
    history = Condition(lambda: isinstance(model.dialog_with_keys(), RoundHistory))
    on(("pageup", "["), table, lambda: act.scroll_log(model, -1))
    on(("pagedown", "]"), table, lambda: act.scroll_log(model, 1))
    on(("pageup", "["), history, lambda: act.page_history(model, -1))
    on(("pagedown", "]"), history, lambda: act.page_history(model, 1))
    on(("home",), history, lambda: act.history_end(model, -1))
    on(("end",), history, lambda: act.history_end(model, 1))
    on(("w",), free("w") & exchange, lambda: act.withdraw_exchange(model))
    on(("w",), free("w") & ~exchange, lambda: waiting_line.wait_here(model))
    on(("o",), free("o"), lambda: waiting_line.sit_out(model))
    for key in CARD_KEYS:
        on((key,), free(key) & exchange, partial(act.jump_to, model, key))
        on((key,), free(key) & ~exchange, partial(act.type_card, model, key))

    @bindings.add(Keys.Any, filter=table & ~forced)
    def _(event: KeyPressEvent) -> None:
        char = typed_char(event.data)
        if char is not None:
            act.nothing_here(model, char)

    dialogs = create_dialog_bindings(model.dialog_with_keys, model.put_away,
                                     unclaimed=lambda char: act.nothing_here(model, char))
    return merge_key_bindings([bindings, dialogs])


def _enter(model: TableModel) -> None:
    """Enter plays the selection, or makes the pass or Tichu call the coach advises."""
    advised = coach.move_on_enter(model)
    if isinstance(advised, Pass):
        act.pass_turn(model)
    elif isinstance(advised, CallTichu):
        act.call_tichu(model)
    else:
        act.play_selection(model)
