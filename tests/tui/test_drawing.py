"""The drawing check (issue 26): every screen and dialog, drawn at 80x24 in all six languages
with names of 24 characters (wide ones in Japanese and Chinese), shows whole boxes, cuts
nothing with "…" where there is room, and wraps no line inside a name or before
punctuation (tests/tui/drawing.py says exactly what is checked).

The screens: the table at each moment of a round (Grand Tichu, the exchange, the lead, a
trick of the widest cards, the wish and the Dragon questions, a round's end, the game's
end, a spectator's, the duel's discard and draft) with every dialog a key opens there
(the help scrolled through, the scores, the last trick, the round's history, the bombs,
the chat line, the questions on leaving) and the pages the game opens (the round's
summary, game over); the replay at each kind of move with its pages; every page before
the game with its questions; and the host's own list of tables.
"""

from __future__ import annotations

import dataclasses
from functools import partial
from collections.abc import Callable, Iterator

import pytest
from prompt_toolkit.data_structures import Size

from engine import view
from tests.bots.tables import position
from tests.records.conftest import engine_game
from tests.support import typed_host
from tests.tui.drawing import GLYPHS, boxes, faults, shown
from tests.tui.harness import Bench, table_parts
from tests.tui.room_scenes import room
from tests.tui.scenes import Scene, lobby_table, scenes, table_info
from tests.tui.test_screens_fit import asking, lobby_dialogs
from tichu_lan import i18n
from tichu_lan.discovery import FoundHost, HostSummary
from tichu_lan.host_messages import Pending, StandingsMessage
from tichu_lan.table_info import Standing
from tichu_lan.i18n import _
from tichu_lan.records.meta import SeatNote
from tichu_lan.tui import table_actions as act
from tichu_lan.tui.evening import standings_page
from tichu_lan.tui.faces import Faces
from tichu_lan.tui.lobby_pages import HostsPage, PendingPage, SeatsPage, TablesPage, WaitingPage
from tichu_lan.tui.lobby_screen import PageScreen
from tichu_lan.tui.replay_screen import ReplayScreen
from tichu_lan.tui.room_screen import RoomScreen
from tichu_lan.tui.table_model import TableModel
from tichu_lan.tui.table_sizes import TableSizes
from tichu_lan.words.notices import notice_words

ROWS, COLUMNS = 24, 80
LANGUAGES = ["en", "de", "pl", "ro", "ja", "zh_TW"]
# Names of 24 characters; at the classic table seat 0 is the player, seat 1 a bot ("Bot 2").
LATIN = ["Katharina von Hohenstein", "Friedrich Wilhelm Müller", "Żaneta Grzegorzewska-Kos",
         "Ionuț Constantinescu Pop"]
WIDE = ["山田太郎" * 6, "高橋一郎" * 6, "李小龍" * 8, "佐藤花子" * 6]
BOT_SEAT = 1
WITH_DIALOGS = ("grand tichu", "trick", "widest trick", "game over", "duel discard",
                "duel over")


def names_for(language: str) -> list[str]:
    return WIDE if language in ("ja", "zh_TW") else LATIN


class Look:
    """Draws screens in one language and collects what is wrong with each."""

    def __init__(self, language: str, ascii: bool = False) -> None:
        self.language, self.ascii = language, ascii
        self.names = names_for(language)
        self.found: list[str] = []
        self.drawn = 0

    def known(self) -> list[str]:
        """The texts a screen should neither cut with room to spare nor wrap inside."""
        bots = [_("Bot {number}").format(number=seat + 1) for seat in range(4)]
        return [n for n in self.names if n] + bots + [_("You")]

    def draw(self, what: str, screen, rule: int | None = None,
             rows: int = ROWS, columns: int = COLUMNS) -> list[str]:
        """Draw ``screen`` (anything with a container and key bindings) afresh and check it;
        the lines drawn, for a test's own look."""
        bench = Bench(rows, columns)
        bench.show(screen)
        drawn = bench.drawn()
        self.drawn += 1
        for fault in faults(drawn, bench.ui.app.layout.container, ascii=self.ascii,
                            language=self.language, names=self.known(), rule=rule):
            self.found.append(f"[{self.language}] {what}: {fault}")
        self.last = drawn
        return drawn.lines

    def table(self, what: str, model: TableModel) -> list[str]:
        rule = TableSizes(model, size).table_width()
        return self.draw(what, table_parts(model, size), rule=rule)

    def box_place(self) -> list[tuple[int, int, int, int]]:
        """Where the boxes of the screen drawn last are."""
        found, _broken = boxes(shown(self.last), self.ascii)
        return [dataclasses.astuple(box) for box in found]


def size() -> Size:
    return Size(rows=ROWS, columns=COLUMNS)


# --- the table ------------------------------------------------------------------------

def widest_trick(names: list[str]) -> Scene:
    """A straight of eight bombed by a straight flush of seven, over a hand of fourteen
    with the four tens and the specials; the player's turn."""
    game = position({0: "Tj Ts Tp Tr 9j 9s MJ DG PH DR Aj As Ap Ar", 1: "2s 3s 4s 5s 6s 7s",
                     2: "2p 3p 4p 5p 6p 7p 8p", 3: "Jr Qr"},
                    turn=0, trick=[(2, "2j 3j 4j 5j 6j 7j 8j 9p"),
                                   (3, "3r 4r 5r 6r 7r 8r 9r")])
    model = TableModel(Faces(), role="play", others=lambda: names[2:])
    model.catch_up(view(game, 0), table_info(names, False, (BOT_SEAT,)),
                   typed_host.welcome(host=names[0]))
    return Scene("widest trick", model)


def table_scenes(names: list[str], ascii: bool) -> list[Scene]:
    """The table at each moment; at a game's end the host tells how everyone has done
    tonight, in numbers of three digits."""
    made = [*scenes(names, ascii, bots=(BOT_SEAT,)), widest_trick(names)]
    evening = tuple(Standing(name=name, games=123, finished=123, wins=45, tichu=67,
                             tichu_made=45, grand=12, grand_made=9) for name in names)
    for moment in made:
        if moment.name.endswith("over") and moment.model.table is not None:
            moment.model.table = dataclasses.replace(moment.model.table, evening=evening)
    return made


def evening_of(names: list[str], games: int = 123) -> StandingsMessage:
    """Key e's answer: an evening of three tables, in numbers as wide as they come."""
    people = tuple(Standing(name=name, games=123, finished=123, wins=45, points=123456,
                            margin=-98765, deals=999, duplicate=66.6667, net=-1234.5,
                            tichu=67, tichu_made=45, grand=12, grand_made=9,
                            rating=-123.45) for name in [*names, *names, *names])
    return StandingsMessage(evening="e-20261205-1910-ab12", games=games,
                            people=people if games else (), id=1)


def table_dialogs_of(model: TableModel, names: list[str]) -> Iterator[tuple[str, Callable]]:
    """Every dialog a key opens at this moment of the game."""
    yield "evening standings", lambda: model.open(standings_page(evening_of(names)))
    yield "no evening yet", lambda: model.open(standings_page(evening_of(names, 0)))
    yield "scores", lambda: act.show_scores(model)
    yield "last trick", lambda: act.show_last_trick(model)
    yield "bombs", lambda: act.show_bombs(model)
    yield "chat", lambda: (act.chat(model), model.overlays[-1].type("あ" * 120))
    for role in ("play", "join", "host"):
        def leave(role: str = role) -> None:
            model.role = role
            act.ask_quit(model)
        yield f"leave ({role})", leave
    yield "stop the host", lambda: (setattr(model, "role", "host"), act.stop_host(model))
    yield "seats asked for", lambda: asking(model, names)


def stopped_host(owner: str | None, kept: bool = True) -> str:
    """The banner of a guest whose host ``owner`` stopped (None: `tichu server`)."""
    params = {"host": "x", "kept": kept, **({"owner": owner} if owner else {})}
    return notice_words({"code": "host_stopped", "message": "", "params": params})


def look_at_the_table(look: Look) -> None:
    for moment in table_scenes(look.names, look.ascii):
        model = moment.model
        look.table(moment.name, model)
        if moment.name in WITH_DIALOGS:
            for state, detail in (("lost", ""), ("host_stopped", stopped_host(look.names[0])),
                                  ("host_stopped", stopped_host(None))):
                model.connection(state, detail)
                look.table(f"{moment.name}, {state}", model)
            model.connection("restored")
        if moment.name not in WITH_DIALOGS:
            continue
        before = list(model.overlays)
        for name, open_it in table_dialogs_of(model, look.names):
            open_it()
            look.table(f"{moment.name}, {name}", model)
            model.overlays[:] = before
            model.role = "play"
        for key, name in (("?", "help"), ("h", "round history")):
            act.show_keys(model) if key == "?" else act.show_history(model)
            page = model.overlays[-1]
            places = []
            for step in range(12):                  # every page, down to the last
                look.table(f"{moment.name}, {name}, page {step + 1}", model)
                places.append(look.box_place())
                top = page.top
                page.scroll(max(1, page.rows - 1))
                page.lines()
                if page.top == top:
                    break
            if len(set(map(tuple, places))) > 1:
                look.found.append(f"[{look.language}] {moment.name}, {name}: the box moves "
                                  f"between pages: {places}")
            model.overlays[:] = before
        for page in before:                         # the round's summary, game over
            for end in (False, True):
                page.scroll_to(end=end)
                look.table(f"{moment.name}, {page.title}{' (end)' if end else ''}", model)
            page.scroll_to(end=False)


# --- the replay -----------------------------------------------------------------------

def look_at_the_replay(look: Look) -> None:
    record, actions = engine_game(3)
    people = [SeatNote(name or "random bot", None if name else "random")
              for name in look.names]
    record = dataclasses.replace(record, meta=dataclasses.replace(record.meta, seats=tuple(
        people), table=_("{name}'s table").format(name=look.names[0])))
    for seat in (None, 2):
        screen = ReplayScreen(record, Faces(ascii=look.ascii), size, seat=seat)
        model = screen.model
        kinds = {}
        for index, step in enumerate(model.timeline.steps):
            for event in step.events:
                kinds.setdefault(event.type, index)
        for kind, index in sorted(kinds.items(), key=lambda item: item[1]):
            model.go(index)
            look.draw(f"replay ({seat}), {kind}", screen)
        for page in ("keys", "scores"):
            model.show_page(page)
            look.draw(f"replay ({seat}), the {page} page", screen)
            model.cancel()


# --- the room -------------------------------------------------------------------------

def look_at_the_room(look: Look) -> None:
    """Three tables at 80x24 (with the keys, and with the host out of reach), and five on a
    larger terminal, and on one too small for all of them."""
    for rows, columns, count in ((ROWS, COLUMNS, 3), (40, 140, 5), (ROWS, COLUMNS, 5)):
        screen = RoomScreen(Faces(ascii=look.ascii), partial(Size, rows, columns))
        screen.model.room, screen.model.host = room(look.names, count), look.names[3]
        lines = look.draw(f"the room, {count} tables at {columns}x{rows}", screen,
                          rows=rows, columns=columns)
        assert any(look.names[0][:12] in line for line in lines), lines
        screen.model.show_page("keys")
        look.draw(f"the room's keys at {columns}x{rows}", screen, rows=rows, columns=columns)
        screen.model.close_page()
        screen.model.banner = stopped_host(look.names[3], True)
        look.draw(f"the room, the host stopped, at {columns}x{rows}", screen, rows=rows,
                  columns=columns)


# --- before the game ------------------------------------------------------------------

def lobby_pages(names: list[str]) -> dict:
    """Every page before the game, each showing the same table (or the games found)."""
    table = lobby_table([names[0], names[2]], name=_("{name}'s table").format(name=names[0]))
    ignore = lambda intent: None  # noqa: E731
    hosts = HostsPage(ignore, last="[fd00:1234:5678::1]:47474")
    hosts.changed([
        FoundHost(names[0], names[0], ("10.88.0.1",), 47474, 1, "0.1.0",
                  HostSummary(12, 31, ("classic", "duel"), bot_seats=9), None),
        FoundHost(names[2], names[2], ("fd00:1234:5678::1",), 47474, 2, "9.0", None,
                  "it speaks protocol 2 (tichu-lan 9.0); this tichu-lan speaks protocol 1")])
    ways = _(", or ").join([_("tichu join (it lists this game)"), "tichu join 10.88.0.1:47474"])
    hint = [[("class:dim", " " + _("Others join with: {ways}").format(ways=ways))]]
    asking = Pending(table=1, seat=2, owner=names[0])
    return {
        "games found": hosts,
        "tables": TablesPage(ignore, lambda: names[0], lambda: (table, table)),
        "the host's tables": TablesPage(ignore, lambda: names[0], lambda: (table,),
                                        hosting=lambda: [names[2], names[3]]),
        "seats": SeatsPage(ignore, lambda: table),
        "waiting, owner": WaitingPage(ignore, lambda: table, lambda: 0, extra=hint),
        "waiting, guest": WaitingPage(ignore, lambda: table, lambda: 1),
        "asking for a seat": PendingPage(ignore, lambda: asking),
    }


def look_at_the_lobby(look: Look) -> None:
    for name, page in lobby_pages(look.names).items():
        screen = lambda page=page: PageScreen(page, Faces(ascii=look.ascii), size)  # noqa
        look.draw(name, screen())
        for owner, kept in ((look.names[3], True), (look.names[3], False), (None, False)):
            page.banner = stopped_host(owner, kept)
            look.draw(f"{name}, the host stopped ({owner}, {kept})", screen())
        page.banner = None
        for dialog, open_it in lobby_dialogs(page):
            open_it()
            look.draw(f"{name}, {dialog}", screen())
            page.dialog = None
        if isinstance(page, TablesPage):        # key e
            for games in (123, 0):
                page.dialog = standings_page(evening_of(look.names, games))
                look.draw(f"{name}, the evening's standings ({games} games)", screen())
            page.dialog = None


@pytest.fixture
def speaking():
    """``speaking(code)`` switches the process's language, back to English after the test."""
    yield i18n.use_language
    i18n.use_language("en")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_screen_is_drawn_whole_in_every_language(language, speaking):
    speaking(language)
    look = Look(language)
    look_at_the_table(look)
    look_at_the_replay(look)
    look_at_the_lobby(look)
    look_at_the_room(look)
    assert look.drawn > 150
    assert look.found == [], f"{len(look.found)} faults:\n" + "\n".join(look.found)


def test_the_check_sees_a_border_a_wide_character_eats_and_text_cut_with_room():
    """Made-up screens: each fault the check exists for is found."""
    from tests.tui.harness import Drawn
    v, h = GLYPHS["v"], GLYPHS["h"]
    row = lambda text: [(c, 2 if c in "山田" else 1) for c in text.ljust(16)]  # noqa: E731
    eaten = Drawn([row("┌" + h * 6 + "┐"), [("山", 2), (v, 1)] + row(" ab  " + v)[:14],
                   row("└" + h * 6 + "┘")], [])
    found = faults(eaten, _Nothing(), ascii=False, language="en")
    assert any("covers '│'" in f for f in found) and any("side is" in f for f in found)
    cut = Drawn([row(" Gr…" + " " * 20)], [])
    assert any("cut with" in f for f in faults(cut, _Nothing(), ascii=False, language="en"))
    wrapped = Drawn([row(" to Bot"), row(" 2 and , more")], [])
    found = faults(wrapped, _Nothing(), ascii=False, language="en", names=["Bot 2"])
    assert any("broken across lines" in f for f in found)
    comma = Drawn([row(" from Ann"), row(" , 2 from")], [])
    assert any("starts with ','" in f
               for f in faults(comma, _Nothing(), ascii=False, language="en"))


class _Nothing:
    """A container with no windows, for made-up cells."""

    def get_children(self) -> list:
        return []


def test_the_german_help_words_p_as_it_words_every_other_key(speaking):
    """Each key's line says what to do ("passen", "Tichu ansagen"), not what a player did
    ("passt"); a pass in a trick reads the same on the table and in the replay."""
    from tichu_lan.tui.summaries import help_lines
    speaking("de")
    help_text = [" ".join(t for _, t in line).split() for line in help_lines()]
    assert ["p", "passen"] in help_text
    from tichu_lan.i18n import pgettext
    assert _("pass") == pgettext("move", "pass") == "passen"
