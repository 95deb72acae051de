"""A page's keys before the game, as prompt_toolkit bindings with the conditions they apply under.

A dialog, while open, has every key (`dialog_keys`); otherwise the arrows, Home, End
and Enter move through the list and pick, ``?`` shows the page's keys, and each page
has its own (`PAGE_KEYS`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent, merge_key_bindings
from prompt_toolkit.key_binding.key_bindings import KeyBindingsBase

from .dialog_keys import create_dialog_bindings
from .list_page import ListPage
from .lobby_pages import HostsPage, PendingPage, SeatsPage, TablesPage, WaitingPage

QUIT_KEYS = ("Q", "q", "c-c", "c-q")
Keys = list[tuple[tuple[str, ...], Callable[[], object]]]


def hosts_keys(page: HostsPage) -> Keys:
    return [(("a",), page.type_address), (("l",), page.join_last), (QUIT_KEYS, page.quit)]


def tables_keys(page: TablesPage) -> Keys:
    keys: Keys = [(("n",), lambda: page.open_table("classic", False)),
                  (("d",), lambda: page.open_table("duel", False)),
                  (("N",), lambda: page.open_table("classic", True)),
                  (("D",), lambda: page.open_table("duel", True)),
                  (("e",), page.show_standings), (("V",), page.start_evening),
                  (("o",), lambda: page.open_table("classic", False, rules=True)),
                  (("O",), lambda: page.open_table("duel", False, rules=True)),
                  (QUIT_KEYS, page.quit)]
    if page.hosting is not None:
        keys.append((("X",), page.quit))      # the host's own terminal: X stops it
    return keys


def seats_keys(page: SeatsPage) -> Keys:
    return [(("w",), page.wait), (("escape", "l"), page.back), (QUIT_KEYS, page.quit)]


def waiting_keys(page: WaitingPage) -> Keys:
    return [(("b",), lambda: page.seat_bot(True)), (("x",), lambda: page.seat_bot(False)),
            (("s",), page.start),
            (("o",), page.set_options), (("escape", "l"), page.leave), (QUIT_KEYS, page.quit)]


def pending_keys(page: PendingPage) -> Keys:
    return [(("escape", "l"), page.leave), (QUIT_KEYS, page.quit)]


PAGE_KEYS: dict[type[Any], Callable[[Any], Keys]] = {
    HostsPage: hosts_keys, TablesPage: tables_keys, SeatsPage: seats_keys,
    WaitingPage: waiting_keys, PendingPage: pending_keys}


def create_page_bindings(page: ListPage,
                         keys: Callable[[Any], Keys] | None = None) -> KeyBindingsBase:
    listing = Condition(lambda: page.dialog is None)
    bindings = KeyBindings()

    def on(keys: tuple[str, ...], action: Callable[[], object]) -> None:
        def handler(event: KeyPressEvent) -> None:
            action()

        for key in keys:
            bindings.add(key, filter=listing)(handler)

    on(("up", ","), lambda: page.move(-1))        # , and .: for keyboards without
    on(("down", "."), lambda: page.move(1))       # arrows (a phone's, over ssh)
    on(("home",), lambda: page.move_to(end=False))
    on(("end",), lambda: page.move_to(end=True))
    on(("enter",), page.pick)
    on(("?",), page.show_keys)
    kinds = [page_keys for kind, page_keys in PAGE_KEYS.items() if isinstance(page, kind)]
    for page_keys in kinds + ([keys] if keys is not None else []):
        for pressed, action in page_keys(page):
            on(pressed, action)
    return merge_key_bindings([bindings, create_dialog_bindings(lambda: page.dialog,
                                                                page.put_away)])
