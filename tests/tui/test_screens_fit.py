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

from tests.tui.harness import Bench, table_parts
from tests.tui.scenes import ADDRESSES, JOIN_HINT, lobby_table, scenes
from tichu_lan.discovery import FoundHost, HostSummary
from tichu_lan.host_messages import Pending
from tichu_lan.table_info import AskedSeat
from tichu_lan.tui import table_actions as act
from tichu_lan.tui import lobby_dialogs as questions
from tichu_lan.tui.faces import Faces
from tichu_lan.tui.lobby_pages import HostsPage, PendingPage, SeatsPage, TablesPage, WaitingPage
from tichu_lan.tui.lobby_screen import PageScreen

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


def drawn(screen, rows: int, columns: int, what: str) -> list[str]:
    """Draw a screen (what it draws and its keys) not drawn before and check that
    everything fits."""
    bench = Bench(rows, columns)
    bench.show(screen)
    screen = bench.lines()
    wide = overflowing(bench.ui.app.layout.container)
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
    yield "seats asked for", lambda: asking(model, NAMES)


def asking(model, names):
    """Two people asking for bots' seats, in the owner's one dialog."""
    model.seat_requests.waiting = [AskedSeat(seat=2, name=names[3], answered=False),
                                   AskedSeat(seat=3, name=names[1], answered=False)]
    model.seat_requests.open(model)


@pytest.mark.parametrize("ascii", [False, True], ids=["glyphs", "plain"])
def test_every_table_screen_and_dialog_fits(ascii):
    for scene in scenes(NAMES, ascii):
        model = scene.model
        for rows, columns in SIZES:
            size = lambda rows=rows, columns=columns: Size(rows=rows, columns=columns)  # noqa: E731
            screen = drawn(table_parts(model, size), rows, columns, scene.name)
            assert screen[0].endswith("? keys"), screen[0]
            if scene.name not in WITH_DIALOGS:
                continue
            for name, open_it in table_dialogs_of(model):
                before = list(model.overlays)
                open_it()
                drawn(table_parts(model, size), rows, columns,
                      f"{scene.name}, {name}")
                model.overlays[:] = before
                model.role = "play"
            for page in list(model.overlays):       # the round's pages, each scrolled through
                page.scroll_to(end=True)
                drawn(table_parts(model, size), rows, columns,
                      f"{scene.name}, {page.title} (end)")
                page.scroll_to(end=False)


def lobby_pages(table_name: str | None = None):
    """Every page before the game, each a model showing the same table (or games found)."""
    table = lobby_table(NAMES, name=table_name)
    found = [FoundHost(NAMES[0], NAMES[0], ("10.88.0.1",), 47474, 1, "0.1.0",
                       HostSummary(12, 31, ("classic", "duel"), bot_seats=9), None),
             FoundHost(NAMES[1], NAMES[1], ("fd00:1234:5678::1",), 47474, 2, "9.0", None,
                       "it speaks protocol 2 (tichu-lan 9.0); this tichu-lan speaks protocol 1")]
    ignore = lambda intent: None  # noqa: E731
    hosts = HostsPage(ignore, last="[fd00:1234:5678::1]:47474")
    hosts.changed(found)
    hint = [[("class:dim", " " + line)] for line in JOIN_HINT]
    asking = Pending(table=1, seat=2, owner=NAMES[0])
    return {
        "games found": hosts,
        "tables": TablesPage(ignore, lambda: NAMES[0], lambda: (table, table)),
        "tables, hosting": TablesPage(ignore, lambda: NAMES[0], lambda: (table,),
                                      hosting=lambda: NAMES[1:]),
        "seats": SeatsPage(ignore, lambda: table),
        "waiting, owner": WaitingPage(ignore, lambda: table, lambda: 0, extra=hint),
        "waiting, guest": WaitingPage(ignore, lambda: table, lambda: 1),
        "asking for a seat": PendingPage(ignore, lambda: asking),
    }


def lobby_dialogs(page):
    """Every question a page before the game opens, and its keys."""
    yield "keys", page.show_keys

    def password():
        page.dialog = questions.table_password(lambda word: None)
        page.dialog.text = "x" * 64
    yield "password", password
    yield "address", lambda: setattr(page, "dialog", questions.address_question(print))
    yield "options", lambda: setattr(page, "dialog", questions.table_options(
        None, lambda change: None))
    yield "stop", lambda: setattr(page, "dialog", questions.stop_host_question(
        NAMES, lambda: None))


@pytest.mark.parametrize("ascii", [False, True], ids=["glyphs", "plain"])
def test_every_page_before_the_game_fits_and_no_address_is_cut(ascii):
    for rows, columns in SIZES:
        size = lambda rows=rows, columns=columns: Size(rows=rows, columns=columns)  # noqa: E731
        for name, page in lobby_pages().items():
            screen = drawn(PageScreen(page, Faces(ascii=ascii), size), rows, columns, name)
            if name == "waiting, owner":
                for address in ADDRESSES:
                    assert any(address in line for line in screen), (address, screen)
            for dialog, open_it in lobby_dialogs(page):
                open_it()
                drawn(PageScreen(page, Faces(ascii=ascii), size), rows, columns,
                      f"{name}, {dialog}")
                page.dialog = None
