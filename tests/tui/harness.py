"""Drive the real Application through a pipe, as a person at a keyboard would.

`Driver` owns a `ClientApp` running on the test's reactor with prompt_toolkit's
pipe input and an output of a fixed size; `press` types keys, `until` waits
for the screen state to satisfy a condition (woken by every change, never by
sleeping), and `text` renders the real layout into a screen buffer and returns
what a person would read.
"""

from __future__ import annotations

from prompt_toolkit.application.current import set_app
from prompt_toolkit.data_structures import Size
from prompt_toolkit.layout.mouse_handlers import MouseHandlers
from prompt_toolkit.layout.screen import Screen, WritePosition
from prompt_toolkit.output import DummyOutput
from twisted.internet import defer

from tichu_lan.bridge import as_deferred
from tichu_lan.tui.app import ClientApp

KEYS = {"left": "\x1b[D", "right": "\x1b[C", "up": "\x1b[A", "down": "\x1b[B", "enter": "\r",
        "tab": "\t", "s-tab": "\x1b[Z", "escape": "\x1b", "space": " ", "backspace": "\x7f",
        "c-c": "\x03", "home": "\x1b[H", "end": "\x1b[F"}


class SizedOutput(DummyOutput):
    def __init__(self, rows: int, columns: int) -> None:
        self.size = Size(rows=rows, columns=columns)
        self.bells = 0

    def get_size(self) -> Size:
        return self.size

    def bell(self) -> None:
        self.bells += 1


class Driver:
    live: set[Driver] = set()       # started and not stopped: a failed test's are stopped after it

    def __init__(self, pipe, rows: int = 24, columns: int = 80) -> None:
        self.pipe = pipe
        self.output = SizedOutput(rows, columns)
        self.ui = ClientApp(input=pipe, output=self.output)
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
        """Type keys: names from KEYS, or text typed as it is."""
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

    def text(self) -> str:
        """The screen as a person sees it, rendered from the real layout."""
        size = self.output.size
        screen = Screen()
        app = self.ui.app
        with set_app(app):
            app.render_counter += 1          # a fresh frame: the controls cache per frame
            app.layout.container.write_to_screen(
                screen, MouseHandlers(), WritePosition(0, 0, size.columns, size.rows), "",
                erase_bg=False, z_index=None)
        screen.draw_all_floats()
        return "\n".join("".join(screen.data_buffer[y][x].char for x in range(size.columns))
                         .rstrip() for y in range(size.rows))
