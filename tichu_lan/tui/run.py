"""Running the client: the Application and the Twisted side on one reactor, started and
stopped together, with the terminal given back in order whatever happens."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any, cast

from twisted.internet import defer
from twisted.logger import ILogObserver, Logger, globalLogBeginner, textFileLogObserver
from twisted.python.failure import Failure

from ..bridge import as_deferred
from ..client import TichuClient
from ..i18n import _
from .app import ClientApp
from .faces import Faces
from .player import Player
from .table_screen import TableScreen

log = Logger()


class Failed(Exception):
    """Setting up the game failed; the message is for the player."""


def table_screen(ui: ClientApp, client: TichuClient, faces: Faces, bell: bool = False, *,
                 role: str = "play", on_leave_seat: Callable[[], None] | None = None,
                 others: Callable[[], list[str]] = list) -> TableScreen:
    """The game screen for ``client``, shown in ``ui`` (``role`` and the rest as
    `TableScreen` takes them)."""
    screen = TableScreen(client, faces, ui.app.output.get_size, bell=bell, on_change=ui.changed,
                         on_bell=ui.bell, on_quit=ui.exit, role=role,
                         on_leave_seat=on_leave_seat, others=others)
    ui.show(screen)
    return screen


@contextlib.contextmanager
def logging_to(path: Path | None) -> Iterator[None]:
    """Log (and anything written to stderr) into ``path`` while the screen is ours, and what
    was logged before it started (a resume's tables, its bot workers)."""
    with open(path or os.devnull, "a", encoding="utf-8") as target:
        saved = os.dup(2)
        try:
            sys.stderr.flush()
            os.dup2(target.fileno(), 2)
            observer = cast(ILogObserver, textFileLogObserver(target))
            globalLogBeginner.beginLoggingTo([observer], redirectStandardIO=False,
                                             discardBuffer=False)
            yield
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)


def run_client(ui: ClientApp, player: Player, begin: Callable[[], defer.Deferred[Any]],
               end: Callable[[], defer.Deferred[Any]]) -> int:
    """Run the reactor with the UI until the UI exits. ``begin`` connects (and sets up the
    game), ``end`` closes what it opened; a failure of either ends the UI with a message."""
    from twisted.internet import reactor as installed
    reactor: Any = installed     # its interfaces are zope's, which mypy does not see through
    problems: list[str] = []

    def failed(failure: Failure) -> None:
        known = isinstance(failure.value, (Failed, OSError))
        problems.append(failure.getErrorMessage() if known else
                        f"{failure.value.__class__.__name__}: {failure.getErrorMessage()}")
        if not isinstance(failure.value, Failed):
            log.failure("the client failed", failure)
        ui.exit(1)

    def main() -> None:
        notice_ended_children()
        finished = play(ui, begin, end, failed)
        finished.addBoth(lambda _: reactor.stop())

        def shutting_down() -> defer.Deferred[Any]:
            ui.exit(1)
            return finished
        reactor.addSystemEventTrigger("before", "shutdown", shutting_down)

    reactor.callWhenRunning(main)
    with logging_to(player.log):
        reactor.run()
    if player.config_error:
        print(_("tichu: {problem}; the settings were not used or changed").format(
            problem=player.config_error), file=sys.stderr)
    for problem in problems:
        print(f"tichu: {problem}", file=sys.stderr)
    return 1 if problems else 0


def play(ui: ClientApp, begin: Callable[[], defer.Deferred[Any]],
         end: Callable[[], defer.Deferred[Any]],
         failed: Callable[[Failure], None]) -> defer.Deferred[object]:
    """Show ``ui`` until it exits, with ``begin`` run as it opens and ``end`` once it has
    exited; fires when both are done. A failure of either goes to ``failed``, which is to
    end the UI. `run_client` runs it on the reactor of a terminal; the ssh door runs one
    per guest, on an ssh channel."""
    finished = as_deferred(ui.app.run_async())
    defer.maybeDeferred(begin).addErrback(failed)

    def closing(result: object) -> defer.Deferred[object]:
        return defer.maybeDeferred(end).addErrback(failed).addBoth(lambda _: result)

    return finished.addErrback(failed).addBoth(closing)


def notice_ended_children() -> None:
    """Let Twisted reap its child processes (the host's bot workers) while the UI runs.

    Twisted learns of SIGCHLD through ``signal.set_wakeup_fd``; prompt_toolkit's signal
    handlers go through asyncio, which takes that wakeup fd for itself. Without this, a bot
    worker that ends is never reaped, and stopping the host waits for it for ever."""
    import asyncio
    import signal

    from twisted.internet.process import reapAllProcesses
    asyncio.get_event_loop().add_signal_handler(signal.SIGCHLD, reapAllProcesses)


@defer.inlineCallbacks
def solo_table(client: TichuClient, duel: bool, target: int, level: str,
               **rules: Any) -> Generator[defer.Deferred[Any], object, None]:
    """Connect, open a table (with no name of its own: "Ann's table" to every reader), fill
    the other seats with bots of ``level`` and start; ``rules``: the rules chosen
    (`commands.table_args`)."""
    yield client.connect()
    yield client.create_table(None, "duel" if duel else "classic", target, bot_level=level,
                              **rules)
    for seat in range(1, 2 if duel else 4):
        yield client.add_bot(seat, level)
    yield client.start()
