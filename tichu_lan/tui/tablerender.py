"""Drawing the game screen: seats around the table, the trick, the hand, scores and log.

Layout: the player at the bottom, the partner at the top, seat+1 (next in turn)
on the right, seat+3 on the left; in the duel the opponent sits at the top.
Everything is computed from the `TableModel` at each redraw and adapts to the
terminal: 80x24 shows it all, a larger terminal gets wider panels and card boxes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from prompt_toolkit.data_structures import Size
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.filters import Condition
from prompt_toolkit.layout import (ConditionalContainer, Dimension, Float, FloatContainer, HSplit,
                                   VSplit, Window, WindowAlign)
from prompt_toolkit.layout.controls import FormattedTextControl

from engine import Call, Phase, SeatView
from engine.cards import rank_text

from ..i18n import _, ngettext, pgettext
from ..words.vocabulary import call_name, describe, place_words, variant_name
from .coach import LABEL
from .dialogs import Dialog, Info
from .exchange_picks import TO_SEATS
from .faces import WIDTH, Fragments
from .summaries import giver_mark
from .table_model import TableModel
from .text import box, cut, fit, get_cwidth, lines_to_text, pad, width, wrap_words


class TableLayout:
    def __init__(self, model: TableModel, size: Callable[[], Size]) -> None:
        self.model, self.size = model, size
        self.faces = model.faces
        self.container = self._build()

    # --- layout ---------------------------------------------------------------------

    def _control(self, render: Callable[[], list[Fragments]], **kw: Any) -> FormattedTextControl:
        return FormattedTextControl(lambda: lines_to_text(render()), **kw)

    def _build(self) -> FloatContainer:
        duel = Condition(lambda: self.view is not None and self.view.rules.duel)
        side_seat = lambda: Dimension.exact(0 if duel() else self.seat_width())  # noqa: E731
        middle = VSplit([
            Window(self._control(lambda: self.seat_lines(3)), width=side_seat),
            Window(self._control(self.trick_lines)),
            Window(self._control(lambda: self.seat_lines(1)), width=side_seat,
                   align=WindowAlign.RIGHT),
        ])
        table = FloatContainer(HSplit([
            Window(self._control(lambda: self.seat_lines(1 if duel() else 2)), height=5,
                   align=WindowAlign.CENTER),
            middle,
        ]), floats=[Float(self._dialog_window(lambda: self.dialog(overlay=False)), bottom=0)])
        self.log_window = Window(FormattedTextControl(self._log_text))
        side = HSplit([
            Window(self._control(self.score_lines), height=lambda: len(self.score_lines())),
            Window(height=1, char="-" if self.faces.ascii else "─", style="class:rule"),
            self.log_window,
        ], width=lambda: Dimension.exact(self.side_width()))
        body = HSplit([
            Window(self._control(self.title_line), height=1, style="class:title"),
            ConditionalContainer(Window(self._control(lambda: [[("", self.model.banner or "")]]),
                                        height=1, style="class:banner"),
                                 Condition(lambda: self.model.banner is not None)),
            VSplit([table, Window(width=1, char="|" if self.faces.ascii else "│",
                                  style="class:rule"), side]),
            Window(self._control(self.status_line), height=1),
            Window(self._control(self.hand_lines), height=lambda: self.hand_height(),
                   align=WindowAlign.CENTER),
            Window(self._control(self.message_lines),
                   height=lambda: Dimension.exact(len(self.message_lines()))),
            Window(self._control(self.keys_line), height=1, style="class:keys"),
        ])
        return FloatContainer(body, floats=[Float(self._dialog_window(
            lambda: self.dialog(overlay=True)))])

    def _dialog_window(self, get: Callable[[], Dialog | None]) -> ConditionalContainer:
        return ConditionalContainer(
            Window(self._control(lambda: self.dialog_lines(get())), dont_extend_width=True,
                   dont_extend_height=True),
            Condition(lambda: get() is not None))

    def log_tail(self) -> list[Fragments]:
        """The log lines that fit the pane, broken between words to its width: the newest,
        or those up to the entry the player scrolled back to (PageUp), with a last line
        saying how many are below."""
        model = self.model
        model.scroll.pager = self.log_page
        entries, first, end = self._log_entries(model.scroll.anchor)
        below = len(entries) - end
        height = self._shown_height(below)
        lines, _ = self._lines_up_to(entries, end, height)
        lines = lines[-height:]
        if below:
            more = ngettext("{count} newer: PageDown", "{count} newer: PageDown",
                            below).format(count=below)
            lines.append(fit([("class:dim", f"-- {more} --")], self.side_width()))
        return lines

    def log_page(self, anchor: int | None, step: int) -> int | None:
        """Where a page back (-1) or on (1) from ``anchor`` leads (None: the newest entry)."""
        entries, first, end = self._log_entries(anchor)
        height = self._shown_height(len(entries) - end)
        if step < 0:
            lines, top = self._lines_up_to(entries, end, height)
            if top == 0 and len(lines) <= height:
                return anchor                      # the oldest entry shows already
            return first + (top if top < end - 1 else max(0, top - 1))
        index, used = end, 0
        while index < len(entries) and used < height:
            used += len(wrap_words(entries[index], self.side_width()))
            index += 1
        return None if index >= len(entries) else first + index - 1

    def _shown_height(self, below: int) -> int:
        """Rows for entries: the pane's, less the line that tells how many are below."""
        return max(1, self.log_height() - (1 if below else 0))

    def _log_entries(self, anchor: int | None) -> tuple[list[Fragments], int, int]:
        """The entries held, the number of the oldest, and the index after the last shown."""
        entries = list(self.model.log)
        first = self.model.logged - len(entries)
        end = len(entries) if anchor is None else max(1, min(len(entries), anchor - first + 1))
        return entries, first, end

    def _lines_up_to(self, entries: list[Fragments], end: int,
                     height: int) -> tuple[list[Fragments], int]:
        """The wrapped lines of the entries before ``end``, from the newest back until
        ``height`` are filled, and the index of the oldest entry among them."""
        lines: list[Fragments] = []
        top = end
        while top > 0 and len(lines) < height:
            top -= 1
            lines[:0] = wrap_words(entries[top], self.side_width())
        return lines, top

    def log_height(self) -> int:
        """The rows of the log pane, as last drawn (before the first drawing: the screen's;
        the pane is never taller)."""
        info = self.log_window.render_info
        return info.window_height if info is not None else self.size().rows

    def _log_text(self) -> StyleAndTextTuples:
        """The log's lines with the cursor on the last, so that the pane shows the newest;
        the cursor travels in the same lines (prompt_toolkit's [SetCursorPosition]), since
        a position computed apart could point past lines drawn at another height."""
        lines = self.log_tail()
        if lines:
            lines = [*lines[:-1], [("[SetCursorPosition]", ""), *lines[-1]]]
        return lines_to_text(lines)

    # --- sizes ----------------------------------------------------------------------

    @property
    def view(self) -> SeatView | None:
        return self.model.view

    def side_width(self) -> int:
        return max(26, min(48, self.size().columns // 3))

    def seat_width(self) -> int:
        return max(13, min(24, self.size().columns // 7))

    def big_cards(self) -> bool:
        size = self.size()
        return size.rows >= 30 and size.columns >= 100

    def hand_height(self) -> int:
        return 5 if self.big_cards() else 3

    def dialog(self, overlay: bool) -> Dialog | None:
        top = self.model.dialog_with_keys()
        return top if top is not None and top.overlay == overlay else None

    # --- regions --------------------------------------------------------------------

    def title_line(self) -> list[Fragments]:
        """The table, the game and the round on the left, the host and "? keys" on the right;
        the program's name gives way to the table's, then the names are cut (with "…")
        before anything else is."""
        view, table = self.view, self.model.table
        columns = self.size().columns
        parts = [_("{variant} to {target}").format(variant=variant_name(view.rules.variant.value),
                                                    target=view.rules.target),
                 _("round {number}").format(number=view.round_no)] if view is not None else []
        if view is not None and view.spectator:
            parts.append(_("watching"))
        dot = f" {self.faces.dot} "
        game = dot.join(parts)
        welcome = self.model.welcome
        host = cut(welcome.host if welcome is not None else "", max(0, columns // 5))
        keys = _("? keys")
        right = f"{host}   {keys} " if host else f"{keys} "
        brand, name = "tichu-lan", table.name if table is not None else ""
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

    def seat_lines(self, offset: int) -> list[Fragments]:
        """A seat's panel: each line cut to the panel's width (a long name with "…")."""
        view = self.view
        if view is None:
            return []
        seat = (max(view.seat, 0) + offset) % view.seats
        model = self.model
        room = self.size().columns - self.side_width() - 1 if offset == 2 or view.rules.duel \
            else self.seat_width()
        turn = self._acting(view, seat)
        mark = f"{self.faces.turn_mark} " if turn else ""
        role = ""
        if not view.spectator and (offset == 2 or view.rules.duel):
            role = " " + (_("(partner)") if offset == 2 else _("(opponent)"))
        shown = cut(model.name(seat), max(3, room - width([("", mark + role)])))
        name = [("class:seat-turn" if turn else "class:seat-name", f"{mark}{shown}")]
        if role:
            name.append(("class:dim", role))
        count = view.hand_counts[seat]
        lines = [fit(name, room)]
        for part in model.seat_notes(seat):    # "away", "bot in 42 s"
            lines.append(fit([("class:away" if model.away(seat) else "class:dim", part)], room))
        lines.append([("", ngettext("{count} card", "{count} cards", count).format(count=count))])
        call = view.calls[seat]
        if call is not Call.NONE:
            lines.append([("class:call", _("GRAND TICHU") if call is Call.GRAND else _("TICHU"))])
        if seat in view.out:
            lines.append([("class:strong", _("out {place}").format(
                place=place_words(view.out.index(seat))))])
        note = self._setup_note(view, seat)
        if note:
            lines.append([("class:dim", note)])
        if view.won_points[seat] or view.won_counts[seat]:
            lines.append([("class:dim", _("won {points} pts").format(
                points=view.won_points[seat]))])
        return lines

    def _acting(self, view: SeatView, seat: int) -> bool:
        """Whether the game waits for ``seat`` now (its turn, or a decision of its own)."""
        if view.winner >= 0:
            return False
        if view.phase is Phase.PLAY:
            return view.turn == seat
        if view.phase in (Phase.WISH, Phase.DRAGON):
            return view.decider == seat
        if view.phase is Phase.DRAFT:
            return view.drafter == seat
        if view.phase is Phase.GRAND:
            return not view.grand_decided[seat]
        if view.phase is Phase.EXCHANGE:
            return not view.exchange_given[seat]
        if view.phase is Phase.DISCARD:
            return not view.discarded[seat]
        return False

    def _setup_note(self, view: SeatView, seat: int) -> str:
        if view.phase is Phase.GRAND:
            return _("decided") if view.grand_decided[seat] else _("deciding")
        if view.phase is Phase.EXCHANGE:
            return _("has given") if view.exchange_given[seat] else _("choosing")
        if view.phase is Phase.DISCARD:
            return _("put 3 aside") if view.discarded[seat] else _("putting aside")
        return ""

    def trick_lines(self) -> list[Fragments]:
        """The middle of the table, each line broken between words to fit."""
        room = self.middle_width()
        return [part for line in self._middle_lines() for part in wrap_words(line, room)]

    def middle_width(self) -> int:
        """Columns between the side seats (the duel has none)."""
        seats = 0 if self.view is not None and self.view.rules.duel else 2 * self.seat_width()
        return max(10, self.size().columns - self.side_width() - seats - 2)

    def _middle_lines(self) -> list[Fragments]:
        view = self.view
        if view is None:
            return [[("class:dim", " " + _("waiting for the game to start..."))]]
        lines: list[Fragments] = []
        if view.wish:
            lines.append([("class:wish", " " + _("Wish: {rank} is open").format(
                rank=rank_text(view.wish)) + " ")])
        if self.model.exchanging is not None:
            return lines + self.exchange_lines(view)
        phase = view.phase
        if phase is Phase.GRAND:
            return lines + [[("", " " + _("Everyone has seen 8 cards and decides on Grand "
                                          "Tichu."))]]
        if phase is Phase.EXCHANGE:
            return lines + [[("", " " + _("The cards are being exchanged."))]]
        if phase is Phase.DISCARD:
            return lines + self.discard_lines(view)
        if phase is Phase.DRAFT:
            return lines + self.draft_lines(view)
        return lines + self.trick_entries(view)

    def trick_entries(self, view: SeatView) -> list[Fragments]:
        model = self.model
        if not view.trick:
            if view.phase is Phase.PLAY and view.turn >= 0:
                who = _("Your lead") if view.turn == view.seat else _("{name} leads").format(
                    name=model.name(view.turn))
                return [[("class:strong", f" {who}")]]
            return []
        points = ngettext("{count} point", "{count} points", view.trick_points).format(
            count=view.trick_points)
        lines = [[("class:strong", " " + _("Trick")), ("class:dim", f" {self.faces.dot} {points}")]]
        if view.phase is Phase.COLLECT:
            soon = _("collected in {seconds} s: bombs may still be played")
            lines.append([("class:info", " " + soon.format(seconds=self.window_seconds()))])
        room = self.middle_width()
        for entry in view.trick[-12:]:
            name = " " + pad(model.name(entry.seat), 10) + " "
            if entry.combo is None:
                lines.append([("class:dim", name + pgettext("move", "pass"))])
                continue
            top = entry.combo == view.top and entry.seat == view.top_seat
            cards = self.faces.cards(entry.combo.cards)
            line = [("class:strong" if top else "", name)] + cards
            what = describe(entry.combo)
            if width(line) + get_cwidth(what) + 2 <= room:
                line.append(("class:dim", "  " + what))
            lines.append(fit(line, max(room, 10)))
        return lines

    def exchange_lines(self, view: SeatView) -> list[Fragments]:
        model = self.model
        picks = model.exchanging
        assert picks is not None
        given = view.my_exchange
        head = (_("Exchange: your cards are given (change them, or w takes them back)")
                if given is not None else _("Exchange: give one card to each player"))
        lines = [[("class:strong", " " + head)]]
        for i, card in enumerate(picks.picks):
            seat = (view.seat + i + 1) % 4
            where = _(TO_SEATS[i])
            mark = f" {self.faces.turn_mark} " if i == picks.active else "   "
            style = "class:chosen" if i == picks.active else ""
            line = [(style, mark + _("to {name} ({where}): ").format(
                name=cut(model.name(seat), 14), where=where))]
            sent = given[i] if given is not None else None
            if card is not None:
                line.append(self.faces.card(card))
            else:
                line.append(("class:dim", "-"))
            if sent is not None and sent != card:
                line += [("class:dim", "  " + _("given:") + " ")] + [self.faces.card(sent)]
            lines.append(line)
        lines.append([("class:dim", " " + self.exchange_waiting(view))])
        return lines

    def exchange_waiting(self, view: SeatView) -> str:
        others = ", ".join(cut(self.model.name(s), 14) for s in range(4)
                           if s != view.seat and not view.exchange_given[s])
        if view.exchange_given[view.seat]:
            return _("waiting for: {names}").format(names=others or _("nobody"))
        if others:
            return _("waiting for you and for: {names}").format(names=others)
        return _("waiting for you")

    def discard_lines(self, view: SeatView) -> list[Fragments]:
        if view.my_discard:
            return [[("", " " + _("You put aside:") + " ")] + self.faces.cards(view.my_discard),
                    [("class:dim", " " + _("waiting for your opponent"))]]
        return [[("class:strong", " " + _("Put 3 cards aside: select them and press Enter"))],
                [("class:dim", " " + _("(g calls Grand Tichu now, before the draft)"))]]

    def draft_lines(self, view: SeatView) -> list[Fragments]:
        model = self.model
        if view.drafter == view.seat:
            head = " " + _("The draft: you turn the table cards, taking 3")
        else:
            head = " " + _("The draft: {name} turns the table cards, taking 3").format(
                name=model.name(view.drafter))
        lines = [[("class:strong", head)]]
        for step in view.draft:
            drafted = _("taken") if step.taken else pgettext("draft", "left")
            lines.append([("", "   ")] + self.faces.cards(1 << step.card)
                         + [("class:dim", " " + drafted)])
        return lines

    def score_lines(self) -> list[Fragments]:
        view, model = self.view, self.model
        if view is None:
            return [[("class:dim", " " + _("no game yet"))]]
        lines = [[("class:strong", " " + _("Score")),
                  ("class:dim", " " + _("(game to {target})").format(target=view.rules.target))]]
        room = self.side_width() - 8
        if view.rules.duel:
            teams = [(cut(model.name(s), room), s) for s in range(2)]
        else:
            mine = max(view.seat, 0) % 2
            half = (room - 1) // 2
            teams = [(f"{cut(model.name(t), half)}+{cut(model.name(t + 2), room - 1 - half)}", t)
                     for t in range(2)]
            if view.seat >= 0:
                teams.sort(key=lambda t: t[1] != mine)
        for label, team in teams:
            ours = view.seat >= 0 and team == view.rules.team_of(view.seat)
            style = "class:strong" if ours else ""
            lines.append([(style, f" {pad(label, room)}{view.scores[team]:>6}")])
        for s, c in enumerate(view.calls):
            if c is not Call.NONE:
                called = call_name(c is Call.GRAND)
                lines.append(fit([("class:call", f" {model.name(s)}: {called}")],
                                 self.side_width()))
        return lines

    def status_line(self) -> list[Fragments]:
        view, model = self.view, self.model
        if view is None:
            return [[("class:dim", " " + _("connecting..."))]]
        if view.winner >= 0:
            keys = (_("{again}; s shows the scores, Q leaves").format(again=model.again_status())
                    if not view.spectator else _("s shows the scores, Q leaves"))
            return [fit([("class:strong", " " + _("The game is over:") + " "), ("", keys)],
                        self.size().columns)]
        options = model.options
        line: Fragments
        if options.waiting:
            line = [("class:turn", f" {self.faces.turn_mark} " + _("YOUR TURN: {what}").format(
                what=self._may_do(view)) + " ")]
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
            line.append(("class:dim", f"  ({', '.join(extras)})"))
        line += model.seat_requests.status()
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
        return [fit(line, self.size().columns)]

    def _received_note(self) -> Fragments:
        """The card at the cursor, if the exchange gave it: from whom."""
        hand = self.model.hand
        givers = self.model.received_from()
        card = hand.cards[hand.cursor] if hand.cards else None
        if card not in givers:
            return []
        return [("class:dim", "   "), self.faces.card(card),
                ("class:dim", _(" from {name}").format(name=self.model.name(givers[card])))]
    def collecting(self, view: SeatView) -> str:
        """The won trick that waits for its window: whose it is, and that bombs may come."""
        if view.top_seat == view.seat:
            return _("The trick is yours in {seconds} s: bombs may still be played").format(
                seconds=self.window_seconds())
        return _("Trick to {name} in {seconds} s: bombs may still be played").format(
            name=self.model.name(view.top_seat), seconds=self.window_seconds())

    def window_seconds(self) -> str:
        return f"{self.model.collect_window():g}"

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
        acting = [s for s in range(view.seats) if self._acting(view, s) and s != view.seat]
        if not acting:
            return _("waiting")
        names = ", ".join(cut(model.name(s), 16) + (f" ({model.seat_status(s)})"
                                                    if model.away(s) else "")
                          for s in acting)
        return _("waiting for {names}").format(names=names)

    def hand_lines(self) -> list[Fragments]:
        view, hand, faces = self.view, self.model.hand, self.faces
        if view is None:
            return []
        if view.spectator:
            return [self._watched_seat_line()]
        if not hand.cards:
            return [[("class:dim", _("no cards in hand"))]]
        picks = self.model.exchanging
        marked = {c for c in (picks.picks if picks else ()) if c is not None}
        givers = self.model.received_from()
        big = self.big_cards()
        rows: list[Fragments] = [[] for _ in range(5 if big else 3)]
        for index, card in enumerate(hand.cards):
            up = bool(hand.selected >> card & 1) or card in marked
            style = faces.style(card) + (" class:selected" if up else "")
            if index == hand.cursor:
                style += " class:cursor"
            face = f"{faces.face(card):<{WIDTH}}"
            if big:
                self._big_card(rows, face, style, up)
            else:
                rows[0 if up else 1].append((style, face))
                rows[1 if up else 0].append(("", " " * WIDTH))
                rows[0].append(("", " "))
                rows[1].append(("", " "))
            under, style = (faces.cursor_mark, "class:cursor-mark") if index == hand.cursor \
                else (" ", "")
            if index != hand.cursor and card in givers:
                under = giver_mark(givers[card], view.seat, faces.ascii)
                style = "class:info"
            slot = WIDTH + (2 if big else 0)
            rows[-1].append((style, f"{under:^{slot}} "))
        return rows

    def _watched_seat_line(self) -> Fragments:
        """A spectator has no hand to show; the seat at the bottom is told like the others."""
        line: Fragments = [("class:dim", _("watching:") + " ")]
        for i, part in enumerate(self.seat_lines(0)):
            line += ([("class:dim", f" {self.faces.dot} ")] if i else []) + part
        return line

    def _big_card(self, rows: list[Fragments], face: str, style: str, up: bool) -> None:
        ascii = self.faces.ascii
        h, v = ("-", "|") if ascii else ("─", "│")
        tl, tr, bl, br = ("+",) * 4 if ascii else ("┌", "┐", "└", "┘")
        card = [(style, tl + h * WIDTH + tr), (style, v + face + v), (style, bl + h * WIDTH + br)]
        top = 0 if up else 1
        for r in range(4):
            piece = card[r - top] if 0 <= r - top < 3 else ("", " " * (WIDTH + 2))
            rows[r] += [piece, ("", " ")]

    def message_lines(self) -> list[Fragments]:
        """The message line; the coach's advice may take a second line, cut after it."""
        message, columns = self.model.message, self.size().columns
        if not message or message[0][0] != LABEL:
            return [message]
        lines = wrap_words(message, columns)
        return lines[:1] + [fit(sum(lines[1:], []), columns)] if len(lines) > 1 else lines

    def keys_line(self) -> list[Fragments]:
        model, view = self.model, self.view
        arrows = "<- ->" if self.faces.ascii else "←→"
        if model.exchanging is not None:
            text = _("{arrows} card  Space give  Up/Down player  Enter send  w take back  "
                     "? keys").format(arrows=arrows)
        elif view is not None and model.options.discard:
            text = _("{arrows} move  Space select  Enter put aside  g Grand  ? keys").format(
                arrows=arrows)
        elif view is None or view.spectator:
            text = _("s scores  v last trick  c chat  ? keys  Q leave")
        elif view.winner >= 0:
            text = _("y play again  s scores  v last trick  c chat  ? keys  Q leave")
        else:
            text = _("{arrows} Space select  Enter play  Tab hint  p pass  b bomb  ? keys  "
                     "Q quit").format(arrows=arrows)
        return [fit([("class:keys", " " + text)], self.size().columns)]

    def dialog_lines(self, dialog: Dialog | None) -> list[Fragments]:
        if dialog is None:
            return []
        size = self.size()
        if isinstance(dialog, Info):     # the body's lines: the frame takes two more
            table = size.rows - 4 - self.hand_height() - (self.model.banner is not None)
            dialog.rows = max(3, size.rows - 4 if dialog.overlay else table - 2)
        style = "class:dialog-forced" if dialog.forced else "class:dialog"
        room = size.columns - (0 if dialog.overlay else self.side_width() + 1)
        dialog.columns = room - 4
        return box(dialog.title, dialog.lines(), room, self.faces.ascii, style)
