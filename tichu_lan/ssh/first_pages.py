"""What an ssh guest may see before the host's tables: the language and the cards' look, and
another name when the host will not take the one they logged in with.

The first page shows only when nothing says the language: not the user name
(``anna+ja``), not what this guest chose before (by their key), not the locale their ssh
client sent (OpenSSH sends LANG; Windows' ssh sends none). It also shows the suit
glyphs: a terminal whose font lacks them shows boxes, and ``a`` switches to the plain
card notation.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from prompt_toolkit.data_structures import Size

from engine.cards import parse_card

from .. import i18n, settings
from ..i18n import N_, _
from ..tui.dialogs import LineInput
from ..tui.faces import Faces, Fragments
from ..tui.list_page import ListPage, Row
from ..tui.lobby_intents import LobbyIntent, Quit
from ..tui.lobby_keys import QUIT_KEYS, Keys
from ..tui.lobby_screen import PageScreen
from ..tui.text import cut

SAMPLE = tuple(parse_card(card) for card in ("7j", "8s", "9p", "Qr"))   # each suit once


class FirstPage(ListPage):
    """Pick a language (its number, or the arrows and Enter); ``a`` the cards' look."""

    title = N_("welcome")
    keys_help = N_("1-6 or Up/Down and Enter: language  a plain cards  Q leave")
    keys = [("1-6", N_("speak this language")),
            ("a", N_("cards in plain notation (7j, Qr), or with suit glyphs again")),
            ("Q", N_("leave"))]

    def __init__(self, faces: Faces, host_name: str, come_back: Callable[[str, bool], str],
                 on_done: Callable[[], None], on_quit: Callable[[], None]) -> None:
        """``come_back(language, ascii)``: the ssh command that chooses them."""
        super().__init__(partial(_quit_on, on_quit))
        self.faces, self.host_name, self.come_back = faces, host_name, come_back
        self.on_done, self.on_quit = on_done, on_quit
        self.language = i18n.SOURCE_LANGUAGE

    def intro(self) -> list[Fragments]:
        cards = self.faces.cards(list(SAMPLE))
        return [[("class:strong", " " + _("Welcome to {host}.").format(host=self.host_name))],
                [("", " " + _("Choose your language; next time {command} chooses it for "
                              "you.").format(command=self.come_back(self.language_at_cursor(),
                                                                    self.faces.ascii)))],
                [],
                [("", " " + _("Cards look like this:") + " "), *cards],
                [("class:dim", " " + (_("a: back to the suit glyphs") if self.faces.ascii else
                                      _("Boxes or question marks instead of four suits? a: "
                                        "plain card notation")))]]

    def rows(self) -> list[Row]:
        return [([("", f"{number}  {name}")], code, True)
                for number, (code, name) in enumerate(i18n.LANGUAGES.items(), start=1)]

    def language_at_cursor(self) -> str:
        row = self.at_cursor()
        return str(row[1]) if row is not None else i18n.SOURCE_LANGUAGE

    def choose(self, value: Any) -> None:
        self.language = str(value)
        self.on_done()

    def switch_faces(self) -> None:
        self.faces = Faces(ascii=not self.faces.ascii)


def first_screen(page: FirstPage, size: Callable[[], Size]) -> PageScreen:
    """The first page drawn and keyed: 1-6 pick a language, ``a`` redraws everything (the
    page's cards and the screen's own marks) in the other look."""
    def switch() -> None:
        page.switch_faces()
        screen.layout.faces = page.faces

    def keys(_page: FirstPage) -> Keys:
        return [*(((str(number),), partial(page.choose, code))
                  for number, code in enumerate(i18n.LANGUAGES, start=1)),
                (("a",), switch), (QUIT_KEYS, page.quit)]
    screen = PageScreen(page, page.faces, size, keys)
    return screen


class NamePage(ListPage):
    """The host refuses the name: say why (on the message line, which the question leaves in
    sight), and take another."""

    title = N_("your name")
    keys_help = N_("Enter: type a name  Q leave")
    keys = [("Enter", N_("type the name to play under")), ("Q", N_("leave"))]

    def __init__(self, name: str, why: str, on_name: Callable[[str], None],
                 on_quit: Callable[[], None]) -> None:
        super().__init__(partial(_quit_on, on_quit))
        self.on_name = on_name
        self.refused(name, why)

    def intro(self) -> list[Fragments]:
        return [[("", " " + _("Type the name to play under (next time, log in with it: "
                              "ssh -p PORT NAME@HOST)."))]]

    def pick(self) -> None:
        self.ask()

    def refused(self, name: str, why: str) -> None:
        self.error(why)
        self.shown = cut("".join(ch if ch.isprintable() else "?" for ch in name), 20)
        self.ask()

    def ask(self) -> None:
        self.dialog = LineInput(_("The host does not take {name!r}").format(name=self.shown),
                                _("Another name:") + " ", self.typed, 64)

    def typed(self, text: str) -> None:
        try:
            self.on_name(settings.valid_name(text))
        except settings.BadName as exc:
            self.refused(text, str(exc))


def name_screen(page: NamePage, faces: Faces, size: Callable[[], Size]) -> PageScreen:
    return PageScreen(page, faces, size, lambda _page: [(QUIT_KEYS, page.quit)])


def _quit_on(on_quit: Callable[[], None], intent: LobbyIntent) -> None:
    """What these pages emit: only that the guest leaves."""
    if isinstance(intent, Quit):
        on_quit()
