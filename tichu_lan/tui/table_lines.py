"""The lines across the game screen: the title, the status (whose turn, what may be done), the
message (a refusal, the coach's advice) and the keys."""

from __future__ import annotations

from engine import Call, Phase, SeatView
from engine.cards import rank_text

from ..i18n import _, ngettext, pgettext
from ..words.table_rules import game_words, option_words
from ..words.vocabulary import listed, table_name
from .coach import LABEL
from .faces import Fragments
from .exchange_picks import received_from
from .seat_panels import acting
from .summaries import again_status, plays_again
from . import waiting_line
from .table_middle import window_seconds
from .table_model import TableModel
from .table_sizes import TableSizes
from .text import cut, fit, width, wrap_words


class TableLines:
    def __init__(self, model: TableModel, sizes: TableSizes) -> None:
        self.model, self.sizes = model, sizes
        self.faces = model.faces

    def title_line(self) -> list[Fragments]:
        """The table, the game and the round on the left, the host and "? keys" on the right;
        the program's name gives way to the table's, then the names are cut (with "…")
        before anything else is."""
        view, table = self.model.view, self.model.table
        columns = self.sizes.columns
        timer = table.options.timer if table is not None else None
        parts = [game_words(view.rules), *option_words(view.rules, timer),
                 _("round {number}").format(number=view.round_no)] if view is not None else []
        if view is not None and view.spectator:
            parts.append(_("watching"))
        dot = f" {self.faces.dot} "
        game = dot.join(parts)
        welcome = self.model.welcome
        host = cut(welcome.host if welcome is not None else "", max(0, columns // 5))
        keys = _("? keys")
        right = f"{host}   {keys} " if host else f"{keys} "
        brand, name = "tichu-lan", table_name(table.name, table.opener) if table else ""
        room = columns - width([("", right)]) - width([("", game)]) - len(dot) * 2
        if width([("", name)]) <= room - len(brand) - len(dot):
            room -= len(brand) + len(dot)
        else:
            brand = ""
        name = cut(name, max(4, room))
        left = dot.join(p for p in (brand, name, game) if p)
        left = cut(left, max(4, columns - width([("", right)]) - 2))
        gap = max(1, columns - width([("", left), ("", right)]) - 1)
        return [fit([("class:title", " " + left + " " * gap + right)], columns)]

    def status_line(self) -> list[Fragments]:
        """Whose turn it is and what the player may do, their cards and calls."""
        view, model = self.model.view, self.model
        columns = self.sizes.columns
        if view is None:
            return [[("class:dim", " " + _("connecting..."))]]
        if view.winner >= 0:
            keys = (_("{again}; s shows the scores, Q leaves").format(again=again_status(model))
                    if not view.spectator and plays_again(model)
                    else _("s shows the scores, Q leaves"))
            return [fit([("class:strong", " " + _("The game is over:") + " "), ("", keys),
                         *waiting_line.status(model)], columns)]
        options = model.options
        line: Fragments
        if options.waiting:
            line = [("class:turn", f" {self.faces.turn_mark} " + _("YOUR TURN: {what}").format(
                what=self._may_do(view)) + " ")]
            left = model.stand_ins.turn_left(view.seat)
            if left is not None:            # the turn timer's countdown, ticking on screen
                line.append(("class:turn", _("{seconds} s left").format(seconds=left) + " "))
        elif view.phase is Phase.COLLECT:
            line = [("class:info", " " + self.collecting(view))]
        else:
            line = [("class:dim", f" {self._waiting_for(view)}")]
        extras = []
        if options.tichu:
            extras.append(_("t Tichu"))
        if options.call_grand and view.phase is not Phase.GRAND:
            extras.append(_("g Grand Tichu"))
        if extras:
            line.append(("class:dim", f"  ({listed(extras)})"))
        line += model.seat_requests.status() + waiting_line.status(model)
        if view.wish:
            line.append(("class:wish", "  " + _("wish: {rank}").format(rank=rank_text(view.wish))))
        if not view.spectator:
            count = view.hand_counts[view.seat]
            mine = ngettext("You: {count} card", "You: {count} cards", count).format(count=count)
            if view.won_points[view.seat] or view.won_counts[view.seat]:
                mine += _(", won {points} pts").format(points=view.won_points[view.seat])
            call = view.calls[view.seat]
            if call is not Call.NONE:
                mine += _(", GRAND TICHU") if call is Call.GRAND else _(", TICHU")
            line.append(("class:dim", "   " + mine))
            line += self._received_note()
        return [fit(line, columns)]

    def _received_note(self) -> Fragments:
        """The card at the cursor, if the exchange gave it: from whom."""
        hand = self.model.hand
        givers = received_from(self.model.view)
        card = hand.cards[hand.cursor] if hand.cards else None
        if card not in givers:
            return []
        return [("class:dim", "   "), self.faces.card(card),
                ("class:dim", _(" from {name}").format(name=self.model.name(givers[card])))]

    def collecting(self, view: SeatView) -> str:
        """The won trick that waits for its window: whose it is, and that bombs may come."""
        seconds = window_seconds(self.model)
        if view.top_seat == view.seat:
            return _("The trick is yours in {seconds} s: bombs may still be played").format(
                seconds=seconds)
        return _("Trick to {name} in {seconds} s: bombs may still be played").format(
            name=self.model.name(view.top_seat), seconds=seconds)

    def _may_do(self, view: SeatView) -> str:
        options = self.model.options
        if options.call_grand and view.phase is Phase.GRAND:
            return _("Grand Tichu or not")
        if options.exchange:
            return _("give a card to each player")
        if options.discard:
            return _("put 3 cards aside")
        if options.draft:
            return _("take or leave the turned card")
        if options.wish:
            return _("name your wish")
        if options.dragon_to:
            return _("give the Dragon's trick away")
        if not view.trick:
            return pgettext("your turn", "lead")
        return _("play or pass") if options.can_pass else pgettext("your turn", "play")

    def _waiting_for(self, view: SeatView) -> str:
        model = self.model
        others = [s for s in range(view.seats) if acting(view, s) and s != view.seat]
        if not others:
            return _("waiting")
        names = listed(model.name(s) + (f" ({listed(model.seat_notes(s))})"
                                        if model.away(s) else "")
                       for s in others)
        return _("waiting for {names}").format(names=names)

    def message_lines(self) -> list[Fragments]:
        """The message line; the coach's advice may take a second line, cut after it."""
        message, columns = self.model.message, self.sizes.columns
        if not message or message[0][0] != LABEL:
            return [message]
        lines = wrap_words(message, columns)
        return lines[:1] + [fit(sum(lines[1:], []), columns)] if len(lines) > 1 else lines

    def keys_line(self) -> list[Fragments]:
        """The keys of the moment: the exchange's, the discard's, a spectator's, the game
        over's, or the play's."""
        model, view = self.model, self.model.view
        arrows = "<- ->" if self.faces.ascii else "←→"
        if model.exchanging is not None:
            text = _("{arrows} card  Space give  Up/Down player  Enter send  w take back  "
                     "? keys").format(arrows=arrows)
        elif view is not None and model.options.discard:
            text = _("{arrows} move  Space select  Enter put aside  g Grand  ? keys").format(
                arrows=arrows)
        elif view is None or view.spectator:
            text = _("s scores  v last trick  c chat  ? keys  Q leave")
        elif view.winner >= 0 and plays_again(model):
            text = _("y play again  s scores  v last trick  c chat  ? keys  Q leave")
        elif view.winner >= 0:
            text = _("s scores  v last trick  c chat  ? keys  Q leave")
        else:
            text = _("{arrows} Space select  Enter play  Tab hint  p pass  b bomb  ? keys  "
                     "Q quit").format(arrows=arrows)
        return [fit([("class:keys", " " + text)], self.sizes.columns)]
