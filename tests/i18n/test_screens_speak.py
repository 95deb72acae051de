"""Every screen in every language: the table at each moment with its dialogs, the `?` help,
the round summary and the game-over page, and the pages before the game, drawn at 80x24
as tests/tui/test_screens_fit.py draws them.

In each language no line is wider than its window by cell width (a wide character counts
two, and prompt_toolkit would cut a line at the edge, halving a character that straddles
it). On a Japanese and a Traditional Chinese screen no English word is left but names,
the program's and commands' names, key names and card notation (`ALLOWED`): that test
fails while a catalog leaves a message untranslated, which is what it is for.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

import pytest
from prompt_toolkit.data_structures import Size

from tests.tui.harness import table_parts
from tests.tui.scenes import scenes
from tests.tui.test_screens_fit import drawn, lobby_dialogs, lobby_pages, table_dialogs_of
from tichu_lan.discovery.txt import decode
from tichu_lan.i18n import _
from tichu_lan.tui.faces import Faces
from tichu_lan.tui.lobby_screen import PageScreen

ROWS, COLUMNS = 24, 80
# People's names as Kraków, Osaka and Taipei would type them, and one 24 wide characters.
NAMES = ["Ania", "山田太郎" * 6, "李小龍", "Żaneta"]
TABLE_NAME = "クラクフ"          # tests/tui names the table in English: "Ania's table"
LANGUAGES = ["en", "de", "pl", "ro", "ja", "zh_TW"]
# What stays English (or ASCII) in every language: the names above, the program and its
# commands and options, key names, the bot levels the host names bots by, the protocol's
# address words, metavariables (docs/TRANSLATING.md). Each entry is a whole run of
# letters as the screens show it.
ALLOWED = {
    "Ania", "aneta",                                   # names ("Ż" is not ASCII)
    "tichu", "lan", "join", "host", "resume",          # tichu-lan, tichu join, --resume
    "Space", "Enter", "Tab", "Shift", "Esc", "Home", "End", "PgUp", "PgDn", "Ctrl",
    "Left", "Right", "Down",                           # key names ("Up" has two letters)
    "calm",                                            # a bot level, as the host names it
    "HOST", "PORT",                                    # a metavariable: HOST[:PORT]
    "Dog", "Phx", "Drg",                               # card notation: the specials' faces
}
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


def size() -> Size:
    return Size(rows=ROWS, columns=COLUMNS)


def table_screens(ascii: bool) -> Iterator[tuple[str, list[str]]]:
    """Each moment of the game, each dialog it opens on a key, the pages it opened (each
    scrolled to its end), drawn and checked to fit."""
    for scene in scenes(NAMES, ascii):
        model = scene.model
        model.table = replace(model.table, name=TABLE_NAME)
        layout = lambda model=model: table_parts(model, size)  # noqa: E731
        yield scene.name, drawn(layout(), ROWS, COLUMNS, scene.name)
        for name, open_it in table_dialogs_of(model):
            before = list(model.overlays)
            open_it()
            yield f"{scene.name}, {name}", drawn(layout(), ROWS, COLUMNS, f"{scene.name}, {name}")
            model.overlays[:] = before
            model.role = "play"
        for page in list(model.overlays):        # the round summary, the game-over page
            for end in (False, True):
                page.scroll_to(end=end)
                what = f"{scene.name}, {page.title}"
                yield what, drawn(layout(), ROWS, COLUMNS, what)
            page.scroll_to(end=False)


def spoken(pages: dict) -> dict:
    """The lobby's pages with the words tests/tui gives them in English made as the program
    makes them: how others join (tichu host's hint), why a host cannot be joined (the
    announcement read)."""
    ways = _(", or ").join([_("tichu join (it lists this game)"), "tichu join 10.88.0.1:47474"])
    pages["waiting, owner"].extra = [[("class:dim", " " + _("Others join with: {ways}").format(
        ways=ways))]]
    newer = decode({b"proto": b"2", b"version": b"9.0", b"host": b"x"})
    hosts = pages["games found"]
    hosts.hosts = [hosts.hosts[0], replace(hosts.hosts[1], problem=newer.problem)]
    return pages


def lobby_screens(ascii: bool) -> Iterator[tuple[str, list[str]]]:
    pages = lobby_pages(TABLE_NAME)                 # the one table every page shows
    for name, page in spoken(pages).items():
        screen = lambda page=page: PageScreen(page, Faces(ascii=ascii), size)  # noqa: E731
        yield name, drawn(screen(), ROWS, COLUMNS, name)
        for dialog, open_it in lobby_dialogs(page):
            open_it()
            yield f"{name}, {dialog}", drawn(screen(), ROWS, COLUMNS, f"{name}, {dialog}")
            page.dialog = None


def every_screen(ascii: bool = False) -> Iterator[tuple[str, list[str]]]:
    yield from table_screens(ascii)
    yield from lobby_screens(ascii)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_screen_fits_80x24_in_each_language(code, speaking):
    speaking(code)
    shown = list(every_screen())
    assert len(shown) > 100            # every moment, dialog and page was drawn


def english_left(screen: list[str]) -> set[str]:
    """The English words on a screen; a name cut short ("Ani…") or broken across lines (a
    Japanese sentence breaks between any two characters) is still a name."""
    words = {word for line in screen for word in ENGLISH_WORD.findall(line)} - ALLOWED
    return {word for word in words if not any(word in name for name in ALLOWED)}


@pytest.mark.parametrize("code", ["ja", "zh_TW"])
def test_no_english_word_is_left_on_a_japanese_or_chinese_screen(code, speaking):
    speaking(code)
    left: dict[str, set[str]] = {}
    for what, screen in every_screen():
        words = english_left(screen)
        if words:
            left[what] = words
    assert left == {}, "\n".join(f"{what}: {' '.join(sorted(words))}"
                                 for what, words in left.items())


def test_the_english_word_check_sees_english_and_passes_the_allowed_tokens():
    assert english_left(["Ania: 7♣ 7♦  ペア  Enter 出す  tichu join"]) == set()
    assert english_left(["▶ あなたの番: play or pass"]) == {"play", "pass"}
