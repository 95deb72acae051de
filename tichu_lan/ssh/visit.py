"""One ssh guest's visit, from the first page to goodbye.

Who they are: their key's fingerprint, or without a key a seat code (one they bring
in the user name, or a new one). Their language and card look: the user name, else
what they chose last time, else their ssh client's locale, else the first page asks.
Their name: the user name, unless the host's rules refuse it (then a page asks for
another). Then the screens of `tichu join`, connected to this host from inside its
process, seen by the host from the guest's own address.

Everything here runs in the guest's language (`tichu_lan.i18n.speak_in_context`), in
the asyncio task the ssh session gives the guest.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from twisted.internet.defer import Deferred
from twisted.logger import Logger
from twisted.python.failure import Failure

from .. import i18n, settings
from ..bridge import as_future
from ..i18n import _
from ..tui.faces import Faces
from ..tui.run import play
from ..words.refusals import refusal_words
from .door_flow import DoorFlow, GuestPlayer, SpeakingClock
from .first_pages import FirstPage, NamePage, first_screen, name_screen
from .guest_memory import Guest, by_code, by_key
from .guest_session import GuestSession
from .inprocess import InProcessEndpoint, tcp_address
from .login import Login, new_code, user_name
from .window import DoorApp

log = Logger()
# Terminals that show no more than ASCII, whatever the locale says
PLAIN_TERMINALS = frozenset({"dumb", "vt52", "vt100", "vt102", "vt220", "ansi", "linux"})


def locale_language(environment: Mapping[str, str]) -> str | None:
    """The language of the locale an ssh client sent, if it sent one."""
    if not any(environment.get(name) for name in ("LC_ALL", "LC_MESSAGES", "LANG")):
        return None
    return i18n.language_from(None, None, environment)


def plain_terminal(environment: Mapping[str, str], term: str) -> bool:
    """Whether the guest's terminal cannot show the suit glyphs: a locale sent without
    UTF-8, or a terminal type known to show ASCII only."""
    for name in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = environment.get(name)
        if value:
            return "utf-8" not in value.lower().replace("utf8", "utf-8")
    return term.lower() in PLAIN_TERMINALS


class Visit:
    def __init__(self, session: GuestSession) -> None:
        self.session = session
        self.door = session.door
        self.arrival = arrival = session.arrival
        self.login = arrival.login
        memory = self.door.memory
        self.code: str | None = None
        if arrival.key is not None:
            self.who = by_key(arrival.key)
        else:
            brought = self.login.code
            self.code = brought if brought and memory.get(by_code(brought)) else new_code()
            self.who = by_code(self.code)
        known = memory.get(self.who) or Guest()
        # what the guest said (now or before), which the command to come back repeats
        self.said_language = self.login.language or known.language
        self.said_ascii = self.login.ascii or known.ascii
        self.language = self.said_language or locale_language(session.environment)
        self.ascii = self.said_ascii or plain_terminal(session.environment, session.term)
        terminal = session.app_session
        assert terminal is not None, "the ssh session runs its guest in an app session"
        self.ui = DoorApp(input=terminal.input, output=terminal.output,
                          line=self.door.redraws)
        session.ui = self.ui

    def command(self, language: str | None = None, ascii: bool | None = None,
                name: str | None = None) -> str:
        """The ssh command that comes back as this guest (with the seat code, if they have
        no key)."""
        login = Login(name or self.login.name, language or self.said_language,
                      self.said_ascii if ascii is None else ascii)
        port = "" if self.door.port == 22 else f"-p {self.door.port} "
        address = self.arrival.door_address
        return f"ssh {port}{user_name(login, self.code)}@{address}"

    async def run(self) -> None:
        self.speak(self.language or i18n.SOURCE_LANGUAGE)
        if self.language is None and not await self.first_page():
            return
        name = await self.name()
        if name is None:
            return
        await self.play(name)

    def speak(self, language: str) -> None:
        """The guest's language from now on: their screens', and their session's words."""
        i18n.speak_in_context(language)
        self.session.language = language

    async def screen(self) -> int:
        """Run the screens until they exit; nonzero: the guest left."""
        if self.session.ending:
            return 1
        try:
            return int(await self.ui.app.run_async() or 0)
        except EOFError:             # the channel closed under the screens
            return 1

    async def first_page(self) -> bool:
        page = FirstPage(Faces(self.ascii), self.door.host.name,
                         lambda language, ascii: self.command(language, ascii),
                         lambda: self.ui.exit(0), lambda: self.ui.exit(1))
        self.ui.show(first_screen(page, self.ui.app.output.get_size))
        if await self.screen():
            return False
        self.language = self.said_language = page.language
        self.ascii = self.said_ascii = page.faces.ascii
        self.speak(self.language)
        return True

    async def name(self) -> str | None:
        try:
            return settings.valid_name(self.login.name)
        except settings.BadName as exc:
            why = str(exc)
        chosen: list[str] = []

        def named(name: str) -> None:
            chosen.append(name)
            self.ui.exit(0)
        page = NamePage(self.login.name, why, named, lambda: self.ui.exit(1))
        self.ui.show(name_screen(page, Faces(self.ascii), self.ui.app.output.get_size))
        if await self.screen() or not chosen:
            return None
        return chosen[0]

    async def play(self, name: str) -> None:
        door, arrival, language = self.door, self.arrival, self.language or "en"
        player = GuestPlayer(name, Faces(self.ascii), language, door.memory, self.who)
        player.memory.keep(self.who, name=name, language=self.said_language,
                           ascii=self.said_ascii)
        endpoint = InProcessEndpoint(
            door.reactor, door.host.factory, tcp_address(arrival.address, arrival.port),
            tcp_address(arrival.door_address, door.host.port),
            lambda call, *args: i18n.speaking(language, call, *args))
        come_back = self.command(name=name) if self.code is not None else None
        flow = DoorFlow(self.ui, player, SpeakingClock(door.reactor, language), endpoint,
                        come_back, door.coach.thinker(language))
        problems: list[str] = []

        def failed(failure: Failure) -> None:
            problems.append(refusal_words(failure.value))
            self.ui.exit(1)

        def begin() -> Deferred[Any]:
            return flow.connect(arrival.door_address, door.host.port)
        if self.session.ending:
            return
        log.info("ssh door: {address} plays as {name!r}", address=arrival.address, name=name)
        await as_future(play(self.ui, begin, flow.close, failed))
        if problems:
            self.session.goodbye += "\r\n".join(problems) + "\r\n"


async def visit(session: GuestSession) -> None:
    """What the door runs in a guest's terminal; whatever goes wrong ends this session with
    a word to the guest, and nobody else's."""
    try:
        await Visit(session).run()
    except Exception:
        log.failure("ssh door: the session of {address} failed", address=session.address)
        session.goodbye += _("Sorry: the host failed to show this game; try again.") + "\r\n"
    session.farewell()
