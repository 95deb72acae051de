"""What the player sees at the table, kept up to date without a terminal or a network.

`TableModel` holds the hand (cursor, selection, hints), the log (and the record
of the public events it was written from, so that it comes back whole after a
reconnect), the message line, the dialogs (the ones the player opened and the
one the rules force), the exchange being chosen and the connection banner. The
host's messages change it (`on_message`); the player's actions (`table_actions`)
change it too and emit at most one intent each (`table_intents`), which
`table_link` carries to the host, telling the model the answer (`answered`).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from engine import Event, Options, Phase, SeatView, options_for_view
from engine.events import ExchangeDone, GameEnded, RoundEnded

from ..host_messages import (Chat, ConnectionNotice, Heard, Notice, RoundChecked, TableMessage,
                             ViewMessage, Welcome)
from ..table_info import SeatInfo, TableInfo
from ..host_messages import EveningInfo
from ..i18n import _
from . import coach, summaries, table_dialogs
from .checked_rounds import CheckedRounds
from .dialogs import Choice, Dialog, Info, Text
from .event_record import EventRecord, Moves, moves_of
from .exchange_picks import Exchanging
from .faces import Faces, Fragments
from .hand_cursor import Hand
from .link_banner import CONNECTION_BANNERS, banner_for
from .seat_news import StandIns, owner_news, seat_news, seat_notes
from .seat_requests import SeatRequests
from .table_intents import Intent, Move, PlayAgain, ReviewRound, Ring
from .table_log import event_line
from .text import whole

LOG_LINES = 400
ROLES = ("play", "join", "host")   # where the table runs: this process alone, another
                                   # machine's host, or the host this process serves
Pager = Callable[[int | None, int], int | None]     # (an anchor, a step) -> the anchor then


@dataclass
class LogScroll:
    """Where the log pane is scrolled to: ``anchor`` numbers the newest entry shown (None:
    the newest there is, following the game). The layout lends its ``pager``, which knows
    how many entries make a page on the screen."""

    anchor: int | None = None
    pager: Pager | None = None

    def page(self, step: int) -> None:
        """One page back (-1) or on (1); on from the newest, the pane follows the game."""
        if self.pager is not None:
            self.anchor = self.pager(self.anchor, step)


class TableModel:
    def __init__(self, faces: Faces, *, bell: bool = False,
                 emit: Callable[[Intent], None] = lambda intent: None, role: str = "play",
                 clock: Callable[[], float] = time.monotonic,
                 others: Callable[[], list[str]] = list) -> None:
        """``role`` says what leaving means (`ROLES`); ``others`` names the people a host
        that stops would cut off; ``clock`` counts an away seat down to its stand-in."""
        self.faces, self.bell, self.emit = faces, bell, emit
        self.role, self.others = role, others
        self.view: SeatView | None = None
        self.table: TableInfo | None = None   # the host's table: its name and seats
        self.welcome: Welcome | None = None   # the host's welcome: its name and limits
        self.evening: EveningInfo | None = None   # the evening's plan, if one runs
        self.options = Options()
        self.hand = Hand()
        self.log: deque[Fragments] = deque(maxlen=LOG_LINES)
        self.logged = 0            # entries ever added to the log (numbers them)
        self.scroll = LogScroll()
        self.record = EventRecord()
        self.message: Fragments = []
        self.overlays: list[Dialog] = []
        self.forced: Choice | None = None
        self.forced_key: tuple[int, Phase, int, int] | None = None
        self.exchanging: Exchanging | None = None
        self.busy = False          # a move is on its way to the host
        self.errors = 0            # how many errors were shown (the tests count them)
        self.banner: str | None = None
        self.was_waiting = False
        self.message_for: tuple[object, ...] | None = None   # the moment the message is about
        self.pages: list[Dialog] = []       # pages the game opened (round summaries ...)
        self.stand_ins = StandIns(clock)    # when a bot takes each away person's seat
        # While this client gets its connection back, the seats it is shown are where the
        # log starts again: people away then (the host restarted, say) were not seen go.
        self.rejoining = False
        self.unseen_away: set[int] = set()
        self.owner_before: int | None = None    # who ran the table when the connection went
        self.seat_requests = SeatRequests()   # people asking for bots' seats
        self.finished = False               # the game was over in the last view
        self.coach = coach.Coach()          # key i's questions and the advice shown
        self.checked = CheckedRounds()      # each round's check (issue 30)
        self.round_notes: Callable[[int, int], Text] = lambda round_no, columns: []

    # --- who is who -----------------------------------------------------------------

    @property
    def seat(self) -> int:
        return self.view.seat if self.view is not None else -1

    @property
    def running(self) -> bool:
        return self.view is not None and self.view.winner < 0

    def seat_info(self, seat: int) -> SeatInfo | None:
        return self.table.seat(seat) if self.table is not None else None

    def name(self, seat: int) -> str:
        """Who sits at ``seat``, as one word a line never breaks ("Bot 3", "Ann Lee")."""
        if seat == self.seat and seat >= 0:
            return whole(_("You"))
        info = self.seat_info(seat)
        if info is not None and info.kind == "bot":
            return whole(_("Bot {number}").format(number=seat + 1))   # the host names bots
        return whole(info.name if info is not None and info.name else   # by level
                     _("seat {number}").format(number=seat + 1))

    def seat_notes(self, seat: int) -> list[str]:
        """What a seat's panel says under the name, one note a line (`seat_news.seat_notes`)."""
        return seat_notes(self.seat_info(seat), self.stand_ins.left(seat),
                          self.stand_ins.turn_left(seat))

    def away(self, seat: int) -> bool:
        """A person holds the seat and is not connected."""
        info = self.seat_info(seat)
        return info is not None and info.away

    @property
    def runs_table(self) -> bool:
        """Whether this player runs the table (starts it, lets people in ...)."""
        return self.seat >= 0 and self.table is not None and self.table.owner == self.seat

    def chat_limit(self) -> int:
        return self.welcome.limits.chat if self.welcome is not None else 300

    def collect_window(self) -> float:
        """Seconds a won trick waits at this table for bombs before the host collects it."""
        return float(self.table.options.collect) if self.table is not None else 0.0

    # --- what the host says ---------------------------------------------------------

    def catch_up(self, view: SeatView | None, table: TableInfo | None,
                 welcome: Welcome | None, log: Moves | None = None) -> None:
        """What the client already knew when the screen opened (``log``: the game's public
        log, if its last view brought one)."""
        self.table, self.welcome = table, welcome
        if view is not None:
            self.view = view
            self.record.round_no = view.round_no
            if log is not None:
                self.take_log(log, view)
            self.new_view(view, [])
        if table is not None:
            self.seats_changed(None, table)

    def on_message(self, message: Heard, view: SeatView | None) -> None:
        """One message from the host, with the seat's view as the client holds it after it
        (a view's events are those this client could read; its log, the game's public log
        when the host sent it)."""
        self.view = view
        if isinstance(message, ViewMessage):
            log = moves_of(message)
            if log is not None and view is not None:
                self.take_log(log, view)
            if view is not None:
                self.checked.saw(view.round_no)
            self.new_view(view, list(message.events), message.seq)
        elif isinstance(message, Chat):
            seat = message.seat
            who = self.name(seat) if seat == self.seat and seat >= 0 else whole(message.name)
            self.add_log([("class:chat", _("{name}:").format(name=who) + " "),
                          ("", message.text)])
        elif isinstance(message, ConnectionNotice):
            self.connection(message.state, message.words or message.message or "")
        elif isinstance(message, (Notice, RoundChecked)):     # RoundChecked: this program's
            self.add_log(self.checked.heard(message))
        elif isinstance(message, TableMessage):
            self.seats_changed(self.table, message.table)
        elif isinstance(message, Welcome):
            self.welcome = message

    def connection(self, state: str, detail: str = "") -> None:
        """The client's news about its connection: the banner says it until it is back."""
        if state == "restored":
            self.banner, self.rejoining = None, False
            self.add_log([("class:strong", _("Reconnected to the host"))])
        elif state == "seat_lost":
            self.banner = banner_for(state, detail)
        elif state in (*CONNECTION_BANNERS, "host_stopped"):
            if not self.rejoining and self.table is not None:
                self.owner_before = self.table.owner
            self.banner, self.rejoining = banner_for(state, detail), True

    def _tell_seat_news(self, old: tuple[SeatInfo, ...], seats: tuple[SeatInfo, ...],
                        playing: bool) -> None:
        if self.rejoining:
            self.unseen_away = {i for i, s in enumerate(seats) if s.away}
            return
        for i, seat in enumerate(seats):
            if i == self.seat or i >= len(old):
                continue
            if i in self.unseen_away and (seat.connected or seat.bot):
                self.unseen_away.discard(i)
                if seat.connected:
                    continue                   # back from an absence this screen never saw
            line = seat_news(old[i], seat, i, self.name, playing)
            if line:
                self.add_log(line)

    def _tell_owner_news(self, before: TableInfo | None, after: TableInfo) -> None:
        if self.owner_before is not None and after.owner == self.owner_before:
            self.owner_before = None              # the one who ran it before the loss, again
            return
        line = owner_news(before, after, self.name, self.seat)
        if line:
            self.add_log(line)

    def seats_changed(self, before: TableInfo | None, after: TableInfo) -> None:
        """The host's new table: the log tells what changed at the seats, away seats count
        down, and the person who runs it is asked about seats people ask for."""
        self.table = after
        self.stand_ins.heard(after.seats)
        playing = after.state == "playing"
        self._tell_seat_news(before.seats if before else (), after.seats, playing)
        if not self.rejoining:
            self._tell_owner_news(before, after)
        self.seat_requests.follow(self, after)

    def situation(self) -> tuple[object, ...]:
        """The moment of the game a message on the message line is about."""
        v = self.view
        if v is None:
            return ()
        return (v.round_no, v.phase, v.turn, v.decider, len(v.trick), v.top_seat, v.winner,
                sum(v.hand_counts))

    def take_log(self, moves: Moves, view: SeatView) -> None:
        """The host's log of the game: the moves missed while away are told; a screen that
        has heard nothing yet (or a host resumed from less than it had said) tells it all."""
        record = self.record
        latest = moves[-1][0] if moves else 0
        if not moves and not record.moves:
            return
        if record.moves and latest >= record.last_seq:
            heard = record.last_seq
            for seq, events in moves:
                record.add(seq, events)
            missed = list(record.after(heard))
        else:
            record.replace(moves, view.round_no)
            self.log.clear()
            self.scroll.anchor = None
            missed = list(record.moves)
        for move in missed:
            for event, round_no in zip(move.events, move.rounds, strict=True):
                self.tell(view, event, live=False, this_round=round_no == view.round_no)

    def new_view(self, view: SeatView | None, events: list[Event],
                 seq: int | None = None) -> None:
        """The seat's view after ``events`` (of move ``seq``, by default the move after the
        last one heard): the log tells them, the hand and the dialogs follow, and the bell
        rings when the game starts waiting for the player."""
        self.view = view
        if view is None:
            return
        if self.finished and view.winner < 0:
            self.new_game(view)
        self.finished = view.winner >= 0
        self.options = options_for_view(view)
        coach.saw(self, view)
        self.hand.update(view.hand)
        seq = self.record.last_seq + 1 if seq is None else seq
        if events and seq <= self.record.last_seq:     # the host counts anew: a new game
            self.record = EventRecord()
            self.record.round_no = view.round_no
        pages: list[Dialog] = []
        if events:
            self.record.add(seq, events)
            for event in events:
                pages += self.tell(view, event)
        if view.winner >= 0 and view.seat >= 0:
            for page in pages:              # y plays again from any of the last pages
                if isinstance(page, Info):
                    page.keys["y"] = lambda: self.emit(PlayAgain())
        self.overlays[:0] = pages[::-1]     # the first page on top: it is read first
        self.pages += pages
        if self.message and self.message_for != self.situation():
            self.message = []               # the moment the message was about has passed
        if view.phase is not Phase.EXCHANGE or not self.options.exchange:
            self.exchanging = None
        elif self.exchanging is None:
            self.exchanging = Exchanging()
        self.update_forced(view)
        waiting = self.options.waiting
        if waiting and not self.was_waiting and self.bell:
            self.emit(Ring())
        self.was_waiting = waiting

    def tell(self, view: SeatView, event: Event, live: bool = True,
             this_round: bool = True) -> list[Dialog]:
        """Log one event; the pages a live one (not one told again from the host's log)
        opens: the round's summary, the game's result. The cards received are told for the
        round of the view only."""
        line = event_line(event, self.faces, self.name, view.seat, view.rules.duel)
        if line:
            self.add_log(line)
        if isinstance(event, ExchangeDone) and view.received and this_round:
            self.add_log([("", _("You received") + " "), *summaries.received(self, view)])
        if not live:
            return []
        if isinstance(event, RoundEnded):
            round_no, player = event.round_no, not view.spectator
            look_back = [("class:dim", _("r: the hard bot looks back at your decisions"))]
            return [Info(_("Round {number} is over").format(number=round_no),
                         lambda columns: self.round_notes(round_no, columns)
                         + summaries.round_summary(self, event, columns)
                         + ([look_back] if player else []), overlay=False,
                         keys={"r": lambda: self.emit(ReviewRound(round_no))} if player else {})]
        if isinstance(event, GameEnded):
            return [table_dialogs.game_over(self)]
        return []

    def new_game(self, view: SeatView) -> None:
        """Everyone agreed to play again: the last game's pages and record go (its rounds
        are not this game's), the new game begins."""
        for page in self.pages:
            if page in self.overlays:
                self.overlays.remove(page)
        self.pages = []
        self.record = EventRecord()
        self.record.round_no = view.round_no
        self.add_log([("class:strong", _("A new game begins: the same seats, new cards"))])

    def update_forced(self, view: SeatView) -> None:
        """Open the choice the rules force on the player now, once per decision."""
        key = (view.round_no, view.phase, view.draft_card, len(view.draft))
        if not self.options.waiting or view.phase not in table_dialogs.FORCED:
            self.forced, self.forced_key = None, None
        elif key != self.forced_key:
            self.forced, self.forced_key = table_dialogs.FORCED[view.phase](self), key

    def add_log(self, line: Fragments) -> None:
        self.log.append(line)
        self.logged += 1

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
        self.message_for = self.situation()

    def info(self, text: str) -> None:
        self.message = [("class:info", text)]
        self.message_for = self.situation()

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

