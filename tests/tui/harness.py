"""The one screen test harness: a screen's model, its keys and the screen it draws.

`Bench` holds the program's own `ClientApp` (the Application, its dynamic layout and
key bindings, exactly as they run) on an output of a fixed size, without running it:
`press` types keys through prompt_toolkit's own parser and key processor, so the
bindings, their conditions and the order among them are those of the real screen, and
`drawn` renders the real layout into cells as a terminal shows them. `TableBench` is a
seat's table over an engine game, fed what the host would send; `Driver` is a `Bench`
that runs on the test's reactor with a pipe for its keyboard, against a real host,
waiting for the screen's state (woken by every change, never by sleeping).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from prompt_toolkit.application.current import set_app
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import DummyInput
from prompt_toolkit.input.vt100_parser import Vt100Parser
from prompt_toolkit.key_binding.key_bindings import KeyBindingsBase
from prompt_toolkit.layout.containers import Container
from prompt_toolkit.layout.mouse_handlers import MouseHandlers
from prompt_toolkit.layout.screen import Screen, WritePosition
from prompt_toolkit.output import DummyOutput
from twisted.internet import defer

from engine import GameState, apply, view as seat_view
from tests.support import typed_host
from tichu_lan.bridge import as_deferred
from tichu_lan.host_messages import Welcome
from tichu_lan.table_info import TableInfo
from tichu_lan.tui.app import ClientApp
from tichu_lan.tui.faces import Faces
from tichu_lan.tui.list_page import ListPage
from tichu_lan.tui.lobby_screen import PageScreen
from tichu_lan.tui.table_intents import Intent, Move
from tichu_lan.tui.table_keys import create_table_bindings
from tichu_lan.tui.table_layout import TableLayout
from tichu_lan.tui.table_model import TableModel
from tichu_lan.tui.text import NO_BREAK

KEYS = {"left": "\x1b[D", "right": "\x1b[C", "up": "\x1b[A", "down": "\x1b[B", "enter": "\r",
        "tab": "\t", "s-tab": "\x1b[Z", "escape": "\x1b", "space": " ", "backspace": "\x7f",
        "c-c": "\x03", "home": "\x1b[H", "end": "\x1b[F", "pageup": "\x1b[5~",
        "pagedown": "\x1b[6~"}
TAIL = ""        # the cell a wide character's right half takes (prompt_toolkit's empty char)


class SizedOutput(DummyOutput):
    def __init__(self, rows: int, columns: int) -> None:
        self.size = Size(rows=rows, columns=columns)
        self.bells = 0

    def get_size(self) -> Size:
        return self.size

    def bell(self) -> None:
        self.bells += 1


@dataclass
class Parts:
    """A screen as `ClientApp.show` takes one: what it draws and its keys."""

    container: Container
    key_bindings: KeyBindingsBase


def table_parts(model: TableModel, size: Callable[[], Size]) -> Parts:
    """The table screen's layout and keys for ``model``, without a link to a client."""
    return Parts(TableLayout(model, size).container, create_table_bindings(model))


@dataclass
class Drawn:
    """A rendered screen: ``cells[y][x]`` as prompt_toolkit left them (a wide character
    in its left cell with width 2, then `TAIL`), and ``lines`` as a terminal shows them:
    the renderer skips the cell after a wide character whatever lies there, a right half
    whose left half was drawn over prints nothing (what follows it moves left), and a
    space that does not break (inside a name) is a space."""

    cells: list[list[tuple[str, int]]]
    lines: list[str]

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def draw(ui: ClientApp, rows: int, columns: int) -> Drawn:
    """The screen ``ui`` shows now, rendered from its real layout as a new frame."""
    screen = Screen()
    app = ui.app
    with set_app(app):
        app.render_counter += 1          # a fresh frame: the controls cache per frame
        app.layout.container.write_to_screen(
            screen, MouseHandlers(), WritePosition(0, 0, columns, rows), "",
            erase_bg=False, z_index=None)
        screen.draw_all_floats()
    cells = [[(screen.data_buffer[y][x].char, screen.data_buffer[y][x].width)
              for x in range(columns)] for y in range(rows)]
    lines = []
    for row in cells:
        shown, x = "", 0
        while x < columns:
            char, wide = row[x]
            shown += char        # a lone right half prints nothing: the rest moves left
            x += max(1, wide)
        lines.append(shown.replace(NO_BREAK, " ").rstrip())
    return Drawn(cells, lines)


class Bench:
    """A screen in the real Application, never run: keys in, the drawn screen out."""

    def __init__(self, rows: int = 24, columns: int = 80, input=None) -> None:
        self.output = SizedOutput(rows, columns)
        self.ui = ClientApp(input=input or DummyInput(), output=self.output)
        self.parser = Vt100Parser(self.ui.app.key_processor.feed)

    def size(self) -> Size:
        return self.output.size

    def show(self, screen) -> None:
        self.ui.show(screen)

    def show_page(self, page: ListPage, ascii: bool = False) -> None:
        """A page before the game, with its layout and its keys."""
        self.show(PageScreen(page, Faces(ascii=ascii), self.size))

    def press(self, *keys: str) -> None:
        """Type keys: names from KEYS, or text typed as it is; each is handled at once, a
        lone Esc too (as after the real timeout)."""
        app = self.ui.app
        app.timeoutlen = None
        with set_app(app):
            for key in keys:
                self.parser.feed(KEYS.get(key, key))
                self.parser.flush()
                app.key_processor.process_keys()

    def drawn(self) -> Drawn:
        size = self.output.size
        return draw(self.ui, size.rows, size.columns)

    def lines(self) -> list[str]:
        return self.drawn().lines

    def text(self) -> str:
        """The screen as a person sees it."""
        return self.drawn().text


class TableBench(Bench):
    """One seat's table screen over an engine game: each action is applied as the host
    would, and the seat's view and its events reach the model as a view message; the
    intents the screen emits are kept in ``sent``."""

    def __init__(self, game: GameState, seat: int = 0, *, table: TableInfo | None = None,
                 welcome: Welcome | None = None, ascii: bool = True, bell: bool = False,
                 rows: int = 24, columns: int = 80) -> None:
        super().__init__(rows, columns)
        self.game, self.seat, self.seq = game, seat, 0
        self.sent: list[Intent] = []
        self.model = TableModel(Faces(ascii=ascii), bell=bell, emit=self.emitted)
        self.model.catch_up(seat_view(game, seat), table, welcome)
        self.show(table_parts(self.model, self.size))

    def emitted(self, intent: Intent) -> None:
        self.sent.append(intent)

    def apply(self, *actions) -> list:
        """The host takes each action in turn; the events of the last are returned."""
        events: list = []
        for action in actions:
            self.game, events = apply(self.game, action)
            self.seq += 1
            view = seat_view(self.game, self.seat)
            self.model.on_message(typed_host.view_message(view, self.seq, events), view)
        return events

    def moves(self) -> list:
        return [intent.action for intent in self.sent if isinstance(intent, Move)]

    def message(self) -> str:
        """The message line's text."""
        return "".join(t for _, t in self.model.message)


class Driver(Bench):
    """The Application running on the test's reactor, typed into through ``pipe``."""

    live: set[Driver] = set()       # started and not stopped: a failed test's are stopped after it

    def __init__(self, pipe, rows: int = 24, columns: int = 80) -> None:
        super().__init__(rows, columns, input=pipe)
        self.pipe = pipe
        self.ui.listeners.append(self._changed)
        self.waiters: list[tuple] = []
        self.running: defer.Deferred | None = None

    def start(self) -> None:
        self.running = as_deferred(self.ui.app.run_async())
        Driver.live.add(self)

    async def stop(self) -> None:
        Driver.live.discard(self)
        self.ui.exit()
        if self.running is not None:
            await self.running

    def press(self, *keys: str) -> None:
        """Type keys into the pipe: names from KEYS, or text typed as it is."""
        for key in keys:
            self.pipe.send_text(KEYS.get(key, key))

    def _changed(self) -> None:
        for waiter in list(self.waiters):
            predicate, d = waiter
            if predicate():
                self.waiters.remove(waiter)
                d.callback(None)

    def until(self, predicate, timeout: float = 30.0, what: str = "") -> defer.Deferred:
        """Fires once ``predicate()`` holds (checked now and after every change); the timeout
        only ends a broken test, so it is generous for a loaded machine."""
        from twisted.internet import reactor
        if predicate():
            return defer.succeed(None)
        d: defer.Deferred = defer.Deferred()
        waiter = (predicate, d)
        self.waiters.append(waiter)

        def timed_out(failure):
            if waiter in self.waiters:
                self.waiters.remove(waiter)
            raise AssertionError(f"timed out waiting for {what or predicate}:\n{self.text()}")
        d.addTimeout(timeout, reactor).addErrback(
            lambda f: timed_out(f) if f.check(defer.TimeoutError) else f)
        return d
