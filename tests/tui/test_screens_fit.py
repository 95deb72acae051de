"""Every screen and dialog fits: at 80x24 and 200x60, with glyphs and in plain notation, with
every player named by 24 wide characters.

Each screen is drawn with the real layout; a test fails when a window is given a line wider
than itself (prompt_toolkit would cut it off without a sign), when a row of a points table is
broken across lines, when an address to join by is cut short, or when the title loses its
right end ("? keys").
"""

from __future__ import annotations

import re

import pytest
from prompt_toolkit.data_structures import Size
from prompt_toolkit.formatted_text.utils import fragment_list_width
from prompt_toolkit.layout import Window
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.layout.containers import Container

from tests.tui.scenes import ADDRESSES, JOIN_HINT, lobby_table, render, scenes
from tichu_lan.discovery import FoundHost, HostSummary
from tichu_lan.host_messages import AskedSeat, Pending
from tichu_lan.tui import table_actions as act
from tichu_lan.tui import table_dialogs
from tichu_lan.tui.dialogs import LineInput, confirm
from tichu_lan.tui.faces import Faces
from tichu_lan.tui.lobby_screen import HostsPage, PendingPage, SeatsPage, TablesPage, WaitingPage
from tichu_lan.tui.tablerender import TableLayout

NAMES = ["山田太郎" * 6, "李小龍李小龍" * 4, "Ｂｏｂ" * 8, "ｘ" * 24]   # 24 characters, 48 columns
SIZES = [(24, 80), (60, 200)]
# The moments whose dialogs differ in what they hold (a trick, a round, a whole game); the
# others draw the same dialogs over another middle of the table.
WITH_DIALOGS = ("grand tichu", "trick", "game over", "duel discard", "duel over")
TABLE_ROWS = [re.compile(p) for p in (
    r"Card points +[+-]\d+ +[+-]\d+", r"This round +[+-]\d+ +[+-]\d+", r"Totals +-?\d+ +-?\d+",
    r"Round \d+( \(double\))? +[+-]\d+ = -?\d+ +[+-]\d+ = -?\d+", r"Now +-?\d+ +-?\d+")]


def windows(container: Container):
    if isinstance(container, Window):
        yield container
    for child in container.get_children():
        yield from windows(child)


def overflowing(container: Container) -> list[str]:
    """The lines a drawn window got that are wider than the window."""
    found = []
    for window in windows(container):
        info = window.render_info
        if info is None or not isinstance(window.content, FormattedTextControl):
            continue            # not drawn, or a rule of one character repeated
        for number in range(info.ui_content.line_count):
            line = info.ui_content.get_line(number)
            if fragment_list_width(line) > info.window_width:
                found.append(f"{fragment_list_width(line)} > {info.window_width}: "
                             + "".join(t for _, t in line))
    return found


ROW_START = re.compile(r"[│|] (?=Card points|This round|Totals|Round \d|Now )")


def check(screen: list[str], columns: int, what: str) -> None:
    """No line wider than the screen; every row of a points table in a frame whole."""
    for line in screen:
        assert len(line) <= columns, f"{what}: {line!r}"
        for start in ROW_START.finditer(line):
            row = line[start.end():]
            if not any(p.match(row) for p in TABLE_ROWS):
                raise AssertionError(f"{what}: a table row broken: {line!r}\n"
                                     + "\n".join(screen))


def drawn(container: Container, rows: int, columns: int, what: str) -> list[str]:
    """Draw a container not drawn before and check that everything fits."""
    screen = render(container, rows, columns)
    wide = overflowing(container)
    assert not wide, f"{what} at {columns}x{rows}: lines wider than their window:\n" + \
        "\n".join(wide) + "\n" + "\n".join(screen)
    check(screen, columns, f"{what} at {columns}x{rows}")
    return screen


def table_dialogs_of(model):
    """Every dialog the table screen opens on a key, for this moment of the game."""
    yield "keys", lambda: act.show_keys(model)
    yield "scores", lambda: act.show_scores(model)
    yield "last trick", lambda: act.show_last_trick(model)
    yield "bombs", lambda: act.show_bombs(model)
    yield "chat", lambda: (act.chat(model), model.overlays[-1].type("あ" * 120))
    for role in ("play", "join", "host"):
        def leave(role=role):
            model.role = role
            act.ask_quit(model)
        yield f"leave ({role})", leave
    yield "stop the host", lambda: (setattr(model, "role", "host"), act.stop_host(model))
    yield "seats asked for", lambda: asking(model)


def asking(model):
    """Two people asking for bots' seats, in the owner's one dialog."""
    model.seat_requests.waiting = [AskedSeat(seat=2, name=NAMES[3], answered=False),
                                   AskedSeat(seat=3, name=NAMES[1], answered=False)]
    model.seat_requests.open(model)


@pytest.mark.parametrize("ascii", [False, True], ids=["glyphs", "plain"])
def test_every_table_screen_and_dialog_fits(ascii):
    for scene in scenes(NAMES, ascii):
        model = scene.model
        for rows, columns in SIZES:
            size = lambda rows=rows, columns=columns: Size(rows=rows, columns=columns)  # noqa: E731
            screen = drawn(TableLayout(model, size).container, rows, columns, scene.name)
            assert screen[0].endswith("? keys"), screen[0]
            if scene.name not in WITH_DIALOGS:
                continue
            for name, open_it in table_dialogs_of(model):
                before = list(model.overlays)
                open_it()
                drawn(TableLayout(model, size).container, rows, columns,
                      f"{scene.name}, {name}")
                model.overlays[:] = before
                model.role = "play"
            for page in list(model.overlays):       # the round's pages, each scrolled through
                page.scroll_to(end=True)
                drawn(TableLayout(model, size).container, rows, columns,
                      f"{scene.name}, {page.title} (end)")
                page.scroll_to(end=False)


def lobby_pages(faces: Faces, size, table_name: str | None = None):
    table = lobby_table(NAMES, name=table_name)
    found = [FoundHost(NAMES[0], NAMES[0], ("10.88.0.1",), 47474, 1, "0.1.0",
                       HostSummary(12, 31, ("classic", "duel"), bot_seats=9), None),
             FoundHost(NAMES[1], NAMES[1], ("fd00:1234:5678::1",), 47474, 2, "9.0", None,
                       "it speaks protocol 2 (tichu-lan 9.0); this tichu-lan speaks protocol 1")]
    hosts = HostsPage(faces, size, lambda h, p, others: None, lambda: None, lambda: None)
    hosts.changed(found)
    hosts.last = "[fd00:1234:5678::1]:47474"
    actions = {k: lambda *a: None for k in ("add_bot", "remove_bot", "start", "options", "leave",
                                            "quit")}
    owner = WaitingPage(faces, size, lambda: table, lambda: 0, actions)
    owner.extra = [[("class:dim", " " + line)] for line in JOIN_HINT]
    guest = WaitingPage(faces, size, lambda: table, lambda: 1, actions)
    asking = Pending(table=1, seat=2, owner=NAMES[0])
    return {
        "games found": hosts,
        "tables": TablesPage(faces, size, lambda: NAMES[0], lambda: (table, table),
                             lambda t: None, lambda v, p: None, lambda: None),
        "tables, hosting": TablesPage(faces, size, lambda: NAMES[0], lambda: (table,),
                                      lambda t: None, lambda v, p: None, lambda: None,
                                      hosting=lambda: NAMES[1:]),
        "seats": SeatsPage(faces, size, lambda: table, lambda s: None, lambda: None,
                           lambda: None),
        "waiting, owner": owner,
        "waiting, guest": guest,
        "asking for a seat": PendingPage(faces, size, lambda: asking, lambda: None, lambda: None),
    }


def lobby_dialogs(page):
    yield "keys", page.show_keys
    password = LineInput("Password", "This table's password: ", lambda w: None, 64, secret=True)
    password.text = "x" * 64
    yield "password", lambda: setattr(page, "dialog", password)
    yield "stop", lambda: setattr(page, "dialog", confirm(
        "Stop the host?", [table_dialogs.stop_text(NAMES)], lambda: None))


@pytest.mark.parametrize("ascii", [False, True], ids=["glyphs", "plain"])
def test_every_page_before_the_game_fits_and_no_address_is_cut(ascii):
    for rows, columns in SIZES:
        size = lambda rows=rows, columns=columns: Size(rows=rows, columns=columns)  # noqa: E731
        for name, page in lobby_pages(Faces(ascii=ascii), size).items():
            screen = drawn(page.container, rows, columns, name)
            if name == "waiting, owner":
                for address in ADDRESSES:
                    assert any(address in line for line in screen), (address, screen)
            for dialog, open_it in lobby_dialogs(page):
                open_it()
                drawn(page.container, rows, columns, f"{name}, {dialog}")
                page.dialog = None
