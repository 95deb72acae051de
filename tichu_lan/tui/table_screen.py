"""The game screen's state and keys: what the player sees and what each key does.

`TableScreen` follows one `TichuClient`: every view the host sends updates the
hand, the log and the dialogs the rules force (Grand Tichu, the wish, the
Dragon gift, the duel draft); every key becomes at most one intent, judged by
the engine first, so that an illegal selection shows its reason and sends
nothing. Drawing is in `tablerender`.
"""

from __future__ import annotations

from collections import deque
from typing import Any
from collections.abc import Callable

from twisted.logger import Logger

from engine import (Action, CallTichu, Discard, Draft, Exchange, GiveDragon, GrandTichu,
                    IllegalAction, Options, Pass, Phase, Play, SeatView, WithdrawExchange, Wish,
                    check_play, describe, event_from_dict, options_for_view, readings)
from engine.cards import RANK_MASK, rank_text
from engine.events import ExchangeDone, GameEnded, RoundEnded
from engine.enumeration import bombs

from ..client import Disconnected, TichuClient
from ..protocol import HostError
from . import summaries
from .dialogs import Choice, Dialog, Info, LineInput, Option, confirm
from .faces import Faces, Fragments
from .hand_cursor import RANK_KEYS, SPECIAL_KEYS, Hand
from .wording import event_line

log = Logger()
LOG_LINES = 400
WISH_KEYS = {"n": 0, **RANK_KEYS}


class Exchanging:
    """The classic exchange being chosen: a card for seat+1, seat+2 (partner), seat+3."""

    def __init__(self) -> None:
        self.picks: list[int | None] = [None, None, None]
        self.active = 0

    def give(self, card: int) -> None:
        self.picks = [None if p == card else p for p in self.picks]
        self.picks[self.active] = card
        empty = [i for i, p in enumerate(self.picks) if p is None]
        if empty:
            self.active = empty[0]

    @property
    def complete(self) -> bool:
        return None not in self.picks


class TableScreen:
    def __init__(self, client: TichuClient, faces: Faces, *, bell: bool = False,
                 on_change: Callable[[], None] = lambda: None,
                 on_bell: Callable[[], None] = lambda: None,
                 on_quit: Callable[[], None] = lambda: None) -> None:
        self.client, self.faces, self.bell = client, faces, bell
        self.on_change, self.on_bell, self.on_quit = on_change, on_bell, on_quit
        self.hand = Hand()
        self.log: deque[Fragments] = deque(maxlen=LOG_LINES)
        self.message: Fragments = []
        self.overlays: list[Dialog] = []
        self.forced: Dialog | None = None
        self.forced_key: tuple | None = None
        self.exchanging: Exchanging | None = None
        self.options = Options()
        self.busy = False
        self.errors = 0            # how many errors were shown (the tests count them)
        self.banner: str | None = None
        self.was_waiting = False
        self.unsubscribe = client.subscribe(self.on_message)
        if client.view is not None:
            self._new_view([])

    # --- who is who -----------------------------------------------------------------

    @property
    def view(self) -> SeatView | None:
        return self.client.view

    @property
    def seat(self) -> int:
        return self.view.seat if self.view is not None else -1

    def seat_info(self, seat: int) -> dict[str, Any]:
        seats = (self.client.table or {}).get("seats", [])
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

    @property
    def running(self) -> bool:
        return self.view is not None and self.view.winner < 0

    # --- what the host says ---------------------------------------------------------

    def on_message(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "view":
            events = []
            for data in message.get("events", ()):
                try:
                    events.append(event_from_dict(data))
                except Exception as exc:   # a newer host's event: show the table all the same
                    log.warn("cannot read an event: {why}", why=exc)
            self._new_view(events)
        elif kind == "chat":
            who = "You" if message["seat"] == self.seat and message["seat"] >= 0 else message["name"]
            self.add_log([("class:chat", f"{who}: "), ("", message["text"])])
        elif kind == "connection":
            self._connection(message)
        self.on_change()

    def _connection(self, message: dict[str, Any]) -> None:
        state = message["state"]
        if state == "lost":
            self.banner = "Connection to the host lost: reconnecting..."
        elif state == "restored":
            self.banner = None
            self.add_log([("class:strong", "Reconnected to the host")])
        elif state == "seat_lost":
            self.banner = f"Your seat is gone: {message.get('message', '')}"
        elif state == "closed":
            self.banner = "Disconnected from the host"

    def _new_view(self, events: list) -> None:
        view = self.view
        if view is None:
            return
        self.options = options_for_view(view)
        self.hand.update(view.hand)
        for event in events:
            line = event_line(event, self.faces, self.name, view.seat, view.rules.duel)
            if line:
                self.add_log(line)
            if isinstance(event, ExchangeDone) and view.received:
                self.add_log([("", "You received ")] + summaries.received(self, view))
            if isinstance(event, RoundEnded):
                self.overlays.append(Info(f"Round {event.round_no} is over",
                                          summaries.round_summary(self, event), overlay=False))
            if isinstance(event, GameEnded):
                self.overlays.append(Info("Game over", summaries.game_over(self), overlay=False))
        if view.phase is not Phase.EXCHANGE or not self.options.exchange:
            self.exchanging = None
        elif self.exchanging is None:
            self.exchanging = Exchanging()
        self._update_forced()
        waiting = self.options.waiting
        if waiting and not self.was_waiting and self.bell:
            self.on_bell()
        self.was_waiting = waiting

    def add_log(self, line: Fragments) -> None:
        self.log.append(line)

    # --- sending --------------------------------------------------------------------

    def send(self, action: Action, done: Callable[[], None] = lambda: None) -> None:
        """Send one intent; the host's refusal (a race with another seat) shows as the message."""
        if self.busy:
            return
        self.busy = True
        self.message = []

        def accepted(_seq: int) -> None:
            done()

        def refused(failure) -> None:
            if failure.check(HostError):
                self.error(failure.value.message)
            elif failure.check(Disconnected):
                self.error("not connected to the host: nothing was sent")
            else:
                log.failure("sending a move failed", failure)
                self.error(f"the move failed: {failure.getErrorMessage()}")

        def finished(_):
            self.busy = False
            self.on_change()

        self.client.act(action).addCallbacks(accepted, refused).addBoth(finished)

    def error(self, text: str) -> None:
        self.errors += 1
        self.message = [("class:error", text[:1].upper() + text[1:])]

    def info(self, text: str) -> None:
        self.message = [("class:info", text)]

    # --- keys -----------------------------------------------------------------------

    def key(self, key: str) -> None:
        """Handle one key name; the screen is redrawn afterwards by the caller."""
        if self.overlays:
            top = self.overlays[-1]
            top.key(key)
            if top.closed:
                self.overlays.remove(top)
            return
        if key in ("c-c", "Q"):
            return self.ask_quit()
        if self.forced is not None and self.forced.key(key):
            return
        if self.exchanging is not None and self._exchange_key(key):
            return
        handler = self.KEYS.get(key)
        if handler is not None:
            handler(self)
        elif self.view is not None and self.view.hand and self.hand.type_key(key):
            self.message = []
        elif len(key) == 1 and key.isprintable():
            self.info(f"'{key}' does nothing here: press ? for the keys")

    def ask_quit(self) -> None:
        if not self.running:
            return self.on_quit()
        self.overlays.append(confirm("Leave the game?", [
            "The game goes on without you: a bot takes your seat if the table allows it."],
            self.on_quit, yes="Leave", no="Stay"))

    def open(self, dialog: Dialog) -> None:
        self.overlays.append(dialog)

    def move(self, step: int) -> None:
        self.hand.move(step)

    def toggle(self) -> None:
        self.hand.toggle()
        self.message = []

    def clear(self) -> None:
        self.hand.clear()
        self.message = []

    def hint(self, step: int) -> None:
        if self.view is None or not self.options.plays:
            return self.info("nothing to hint now" if self.view is None or not self.options.waiting
                             else "no play is possible: pass with p")
        combo = self.hand.cycle_hint(self.options.plays, step)
        if combo is not None:
            number = self.hand.hint_index + 1
            self.message = [("class:info", f"Hint {number}/{len(self.hand.hints)}: "),
                            ("", describe(combo)), ("class:dim", "  Enter plays it, Tab the next")]

    # --- playing --------------------------------------------------------------------

    def play_selection(self) -> None:
        view = self.view
        if view is None or view.spectator:
            return
        if self.options.discard:
            return self.discard_selection()
        cards = self.hand.mask
        if not cards:
            return self.error("select cards first: Space takes the card at the cursor, typing a "
                              "rank takes one of that rank, Tab shows a legal play")
        hint = self.hand.hint
        if hint is not None:
            return self.play(cards, hint.phoenix_as)
        legal = self.legal_readings(cards)
        if len(legal) > 1:
            return self.open(Choice("What does the Phoenix stand for?", [],
                                    [Option(describe(c), c.phoenix_as, str(i + 1))
                                     for i, c in enumerate(legal)],
                                    lambda rank: self.play(cards, rank)))
        self.play(cards, 0)

    def legal_readings(self, cards: int) -> list:
        """The legal readings of a selection that differ in what the Phoenix stands for."""
        found = {}
        for combo in readings(cards, self.view.rules):
            if combo.phoenix_as and combo.phoenix_as not in found:
                try:
                    found[combo.phoenix_as] = check_play(self.view, cards, combo.phoenix_as)
                except IllegalAction:
                    pass
        return list(found.values())

    def play(self, cards: int, phoenix_as: int) -> None:
        try:
            check_play(self.view, cards, phoenix_as)
        except IllegalAction as exc:
            return self.error(str(exc))
        self.send(Play(self.seat, cards, phoenix_as), self.hand.clear)

    def pass_turn(self) -> None:
        view = self.view
        if view is None or view.spectator:
            return
        if self.options.can_pass:
            return self.send(Pass(self.seat), self.hand.clear)
        self.error(why_no_pass(view, self.options))

    def call_tichu(self) -> None:
        if not self.options.tichu:
            return self.error("you cannot call Tichu now: only before playing your first card, "
                              "not after a Grand Tichu" + ("; in the duel with 9 or more cards, "
                              "and only the first call counts" if self.view and
                              self.view.rules.duel else ""))
        self.open(confirm("Call Tichu?", ["+100 if you go out first, -100 if not."],
                          lambda: self.send(CallTichu(self.seat)), yes="Call Tichu"))

    def call_grand(self) -> None:
        if not self.options.call_grand or self.forced is not None:
            return self.error("you cannot call Grand Tichu now" + (
                ": it is called after the deal, before the draft" if self.view and
                self.view.rules.duel else ": it is decided after the first 8 cards"))
        self.open(confirm("Call Grand Tichu?", ["+200 if you go out first, -200 if not."],
                          lambda: self.send(GrandTichu(self.seat, True)), yes="Call Grand Tichu"))

    def show_bombs(self) -> None:
        view = self.view
        found = bombs(view.hand) if view is not None else ()
        if not found:
            return self.info("you hold no bomb")
        options = []
        for i, combo in enumerate(found):
            try:
                check_play(view, combo.cards)
                note = ""
            except IllegalAction as exc:
                note = f"  ({exc})"
            label = self.faces.cards(combo.cards) + [("class:dim", f"  {describe(combo)}{note}")]
            options.append(Option(label, combo, str(i + 1)))
        self.open(Choice("Your bombs", ["Enter bombs now (also out of turn); Esc closes."],
                         options, lambda combo: self.play(combo.cards, 0)))

    def discard_selection(self) -> None:
        cards = self.hand.mask
        if cards.bit_count() != 3:
            return self.error(f"select exactly 3 cards to put aside ({cards.bit_count()} selected)")
        self.open(confirm("Put these 3 cards aside?", [self.faces.cards(cards)],
                          lambda: self.send(Discard(self.seat, cards), self.hand.clear),
                          yes="Put them aside"))

    def chat(self) -> None:
        limit = ((self.client.welcome or {}).get("limits") or {}).get("chat", 300)
        self.open(LineInput("Chat", "Say: ", self._send_chat, limit))

    def _send_chat(self, text: str) -> None:
        self.client.chat(text).addErrback(lambda f: self.error(f.getErrorMessage()))

    KEYS: dict[str, Callable[[TableScreen], None]] = {
        "left": lambda s: s.move(-1), "right": lambda s: s.move(1), "space": toggle,
        "enter": play_selection, "escape": clear, "tab": lambda s: s.hint(1),
        "s-tab": lambda s: s.hint(-1), "p": pass_turn, "t": call_tichu, "g": call_grand,
        "b": show_bombs, "c": chat,
        "v": lambda s: s.open(Info("The last trick", summaries.last_trick(s))),
        "s": lambda s: s.open(Info("Scores", summaries.scores(s))),
        "?": lambda s: s.open(Info("Keys", summaries.help_lines(s))),
    }

    # --- the exchange ---------------------------------------------------------------

    def _exchange_key(self, key: str) -> bool:
        picks = self.exchanging
        if key in ("up", "down"):
            picks.active = (picks.active + (1 if key == "down" else -1)) % 3
        elif key == "space" and self.hand.cards:
            picks.give(self.hand.cards[self.hand.cursor])
            self.message = []
        elif key == "enter":
            if not picks.complete:
                self.error("choose a card for each of the three players first (Space)")
            else:
                self.send(Exchange(self.seat, tuple(picks.picks)))
        elif key == "escape":
            self.exchanging = Exchanging()
        elif key == "w":
            if self.options.withdraw_exchange:
                self.send(WithdrawExchange(self.seat))
            else:
                self.info("you have not given your cards yet")
        elif key in SPECIAL_KEYS or key in RANK_KEYS:
            self._jump_to(key)
        else:
            return False
        return True

    def _jump_to(self, key: str) -> None:
        """Move the cursor to the next card the key names (the exchange selects no cards)."""
        wanted = RANK_KEYS.get(key)
        cards = self.hand.cards
        for step in range(1, len(cards) + 1):
            index = (self.hand.cursor + step) % len(cards)
            card = cards[index]
            if card == SPECIAL_KEYS.get(key) or (wanted and RANK_MASK[wanted] >> card & 1):
                self.hand.cursor = index
                return

    # --- dialogs the rules force ----------------------------------------------------

    def _update_forced(self) -> None:
        view, options = self.view, self.options
        key = (view.round_no, view.phase, view.draft_card, len(view.draft))
        if not options.waiting or view.phase not in FORCED:
            self.forced, self.forced_key = None, None
        elif key != self.forced_key:
            self.forced, self.forced_key = FORCED[view.phase](self), key

    def _grand_dialog(self) -> Dialog:
        return Choice("Grand Tichu?", [
            "You have seen 8 of your 14 cards (below).",
            "+200 if you go out first, else -200."],
            [Option("No, deal me the other 6", False, "n"),
             Option("Call Grand Tichu", True, "y")],
            lambda call: self.send(GrandTichu(self.seat, call)), forced=True)

    def _wish_dialog(self) -> Dialog:
        options = [Option("none", 0, "n")] + [
            Option(rank_text(r), r, next(k for k, v in RANK_KEYS.items() if v == r))
            for r in range(2, 15)]
        return Choice("Your wish", ["You played the Mah Jong: wish for a rank.",
                                    "Arrows and Enter, or type 2-9, 0 (10), j q k a,",
                                    "n for no wish."],
                      options, lambda rank: self.send(Wish(self.seat, rank)), forced=True,
                      horizontal=True)

    def _dragon_dialog(self) -> Dialog:
        view = self.view
        sides = {(self.seat + 1) % 4: "right", (self.seat + 3) % 4: "left"}
        order = sorted(self.options.dragon_to, key=lambda s: sides.get(s) != "left")
        options = [Option(f"{self.name(s)} ({sides.get(s, '')}, {view.hand_counts[s]} cards"
                          f"{', out' if not view.hand_counts[s] else ''})", s,
                          "l" if sides.get(s) == "left" else "r") for s in order]
        return Choice("Give the Dragon's trick", [
            "You won the trick with the Dragon:",
            f"give its {view.trick_points} points to an opponent."], options, lambda to: self.send(GiveDragon(self.seat, to)),
            forced=True, horizontal=True)

    def _draft_dialog(self) -> Dialog:
        view = self.view
        taken = sum(step.taken for step in view.draft)
        left = len(view.draft) - taken
        return Choice("The draft", [
            [("", "Turned card: ")] + self.faces.cards(1 << view.draft_card),
            f"You have taken {taken} of 3 and left {left} of 3 for your opponent."],
            [Option("Take it", True, "y"), Option("Leave it", False, "n")],
            lambda take: self.send(Draft(self.seat, take)), forced=True, horizontal=True)


FORCED: dict[Phase, Callable[[TableScreen], Dialog]] = {
    Phase.GRAND: TableScreen._grand_dialog, Phase.WISH: TableScreen._wish_dialog,
    Phase.DRAGON: TableScreen._dragon_dialog, Phase.DRAFT: TableScreen._draft_dialog,
}


def why_no_pass(view: SeatView, options: Options) -> str:
    """Why this seat may not pass now, in the words the host would use."""
    if view.phase is not Phase.PLAY:
        return "there is nothing to pass on now"
    if view.turn != view.seat:
        return "it is not your turn"
    if not view.trick:
        return "you have the lead: play a combination"
    if view.wish and view.hand & RANK_MASK[view.wish]:
        return f"the wish for {rank_text(view.wish)} is open and you can play it: you must"
    if view.wish_answer:
        return "you must answer the Mah Jong with a card if you can"
    return "you may not pass now"
