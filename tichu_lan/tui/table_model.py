"""What the player sees at the table, kept up to date without a terminal or a network.

`TableModel` holds the hand (cursor, selection, hints), the log, the message
line, the dialogs (the ones the player opened and the one the rules force),
the exchange being chosen and the connection banner. The host's messages
change it (`on_message`); the player's actions (`table_actions`) change it too
and emit at most one intent each (`table_intents`), which `table_link` carries
to the host, telling the model the answer (`answered`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from engine import Event, Options, Phase, SeatView, options_for_view
from engine.events import ExchangeDone, GameEnded, RoundEnded

from ..notice_words import notice_words

from . import summaries, table_dialogs
from .dialogs import Choice, Dialog, Info
from .exchange_picks import Exchanging
from .faces import Faces, Fragments
from .hand_cursor import Hand
from .table_intents import Intent, Move, Ring
from .wording import event_line

LOG_LINES = 400
CONNECTION_BANNERS = {"lost": "Connection to the host lost: reconnecting...",
                      "closed": "Disconnected from the host"}


class TableModel:
    def __init__(self, faces: Faces, *, bell: bool = False,
                 emit: Callable[[Intent], None] = lambda intent: None) -> None:
        self.faces, self.bell, self.emit = faces, bell, emit
        self.view: SeatView | None = None
        self.table: dict[str, Any] = {}       # the host's table: its name and seats
        self.welcome: dict[str, Any] = {}     # the host's welcome: its name and limits
        self.options = Options()
        self.hand = Hand()
        self.log: deque[Fragments] = deque(maxlen=LOG_LINES)
        self.message: Fragments = []
        self.overlays: list[Dialog] = []
        self.forced: Choice | None = None
        self.forced_key: tuple[int, Phase, int, int] | None = None
        self.exchanging: Exchanging | None = None
        self.busy = False          # a move is on its way to the host
        self.errors = 0            # how many errors were shown (the tests count them)
        self.banner: str | None = None
        self.was_waiting = False

    # --- who is who -----------------------------------------------------------------

    @property
    def seat(self) -> int:
        return self.view.seat if self.view is not None else -1

    @property
    def running(self) -> bool:
        return self.view is not None and self.view.winner < 0

    def seat_info(self, seat: int) -> dict[str, Any]:
        seats = self.table.get("seats", [])
        return seats[seat] if 0 <= seat < len(seats) else {}

    def name(self, seat: int) -> str:
        if seat == self.seat and seat >= 0:
            return "You"
        info = self.seat_info(seat)
        if info.get("kind") == "bot":
            return f"Bot {seat + 1}"      # the host calls every bot by its level
        return info.get("name") or f"seat {seat + 1}"

    def seat_status(self, seat: int) -> str:
        """"bot", "away", "away, bot plays" or ""."""
        info = self.seat_info(seat)
        if info.get("kind") == "bot":
            return f"bot ({info.get('bot')})" if info.get("bot") else "bot"
        if info.get("kind") == "person" and not info.get("connected", True):
            return "away, bot plays" if info.get("bot") else "away"
        return ""

    def chat_limit(self) -> int:
        return int((self.welcome.get("limits") or {}).get("chat", 300))

    # --- what the host says ---------------------------------------------------------

    def catch_up(self, view: SeatView | None, table: dict[str, Any] | None,
                 welcome: dict[str, Any] | None) -> None:
        """What the client already knew when the screen opened."""
        self.table, self.welcome = table or {}, welcome or {}
        if view is not None:
            self.new_view(view, [])

    def on_message(self, message: dict[str, Any], view: SeatView | None,
                   events: list[Event] | None = None) -> None:
        """One message from the host, with the seat's view as the client holds it after it
        (and, for a view, the events that led to it, as far as they could be read)."""
        kind = message["type"]
        self.view = view
        if kind == "view":
            self.new_view(view, events or [])
        elif kind == "chat":
            seat = message["seat"]
            who = "You" if seat == self.seat and seat >= 0 else message["name"]
            self.add_log([("class:chat", f"{who}: "), ("", message["text"])])
        elif kind == "connection":
            self.connection(message["state"], message.get("message", ""))
        elif kind == "notice":
            self.add_log([("class:strong", notice_words(message))])
        elif kind == "table":
            self.table = message["table"] or {}
        elif kind == "welcome":
            self.welcome = message

    def connection(self, state: str, detail: str = "") -> None:
        if state == "restored":
            self.banner = None
            self.add_log([("class:strong", "Reconnected to the host")])
        elif state == "seat_lost":
            self.banner = f"Your seat is gone: {detail}"
        elif state in CONNECTION_BANNERS:
            self.banner = CONNECTION_BANNERS[state]

    def new_view(self, view: SeatView | None, events: list[Event]) -> None:
        """The seat's view after ``events``: the log tells them, the hand and the dialogs
        follow, and the bell rings when the game starts waiting for the player."""
        self.view = view
        if view is None:
            return
        self.options = options_for_view(view)
        self.hand.update(view.hand)
        for event in events:
            self.tell(view, event)
        if view.phase is not Phase.EXCHANGE or not self.options.exchange:
            self.exchanging = None
        elif self.exchanging is None:
            self.exchanging = Exchanging()
        self.update_forced(view)
        waiting = self.options.waiting
        if waiting and not self.was_waiting and self.bell:
            self.emit(Ring())
        self.was_waiting = waiting

    def tell(self, view: SeatView, event: Event) -> None:
        line = event_line(event, self.faces, self.name, view.seat, view.rules.duel)
        if line:
            self.add_log(line)
        if isinstance(event, ExchangeDone) and view.received:
            self.add_log([("", "You received "), *summaries.received(self, view)])
        if isinstance(event, RoundEnded):
            self.overlays.append(Info(f"Round {event.round_no} is over",
                                      summaries.round_summary(self, event), overlay=False))
        if isinstance(event, GameEnded):
            self.overlays.append(Info("Game over", summaries.game_over(self), overlay=False))

    def update_forced(self, view: SeatView) -> None:
        """Open the choice the rules force on the player now, once per decision."""
        key = (view.round_no, view.phase, view.draft_card, len(view.draft))
        if not self.options.waiting or view.phase not in table_dialogs.FORCED:
            self.forced, self.forced_key = None, None
        elif key != self.forced_key:
            self.forced, self.forced_key = table_dialogs.FORCED[view.phase](self), key

    def add_log(self, line: Fragments) -> None:
        self.log.append(line)

    # --- moves and what the host answers ----------------------------------------------

    def send(self, move: Move) -> None:
        """Emit a move, unless one is still on its way (a second key press waits for none)."""
        if self.busy:
            return
        self.busy = True
        self.message = []
        self.emit(move)

    def answered(self, move: Move, refusal: str | None = None) -> None:
        """The host accepted ``move`` (``refusal`` None) or refused it, saying why."""
        self.busy = False
        if refusal is not None:
            self.error(refusal)
        elif move.clears:
            self.hand.clear()

    def error(self, text: str) -> None:
        self.errors += 1
        self.message = [("class:error", text[:1].upper() + text[1:])]

    def info(self, text: str) -> None:
        self.message = [("class:info", text)]

    # --- dialogs --------------------------------------------------------------------

    def open(self, dialog: Dialog) -> None:
        self.overlays.append(dialog)

    def dialog_with_keys(self) -> Dialog | None:
        """The dialog the keys go to: the newest overlay, else the forced choice."""
        return self.overlays[-1] if self.overlays else self.forced

    def put_away(self, dialog: Dialog) -> None:
        """Drop ``dialog`` once it is closed."""
        if dialog.closed and dialog in self.overlays:
            self.overlays.remove(dialog)

