"""Drawing the replay: the seats with their hands, the middle of the table, the log.

From the top: the title (which game, whose view), a line with the round, the move and
the score, two lines per seat (name, call, out, cards won; then the hand, or only how
many cards it has when it is not the viewed seat's), then the middle of the table (the
trick, the exchange, the draft, or the round's score) beside the log of the moves, the
move just made, and the keys. Built for 80x24; a larger terminal gets wider panes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from prompt_toolkit.data_structures import Size
from prompt_toolkit.filters import Condition
from prompt_toolkit.layout import (ConditionalContainer, Dimension, Float, FloatContainer, HSplit,
                                   VSplit, Window)
from prompt_toolkit.layout.controls import FormattedTextControl

from engine import Call, Phase, SeatView, awaited
from engine.cards import rank_text

from ..i18n import N_, _, ngettext, pgettext
from ..records.meta import calls_made
from ..words.review_words import decision_line
from ..words.sentences import fill
from ..words.table_rules import rules_words
from ..words.vocabulary import describe, place_words
from .faces import Fragments
from .replay_model import ReplayModel
from .text import box, clip, fill_to, fit, get_cwidth, lines_to_text, wrap_words

KEYS = [
    ("→ / l / Space", N_("the next move")), ("← / h", N_("the move before")),
    ("↓ / ]", N_("the end of the next trick")), ("↑ / [", N_("the end of the trick before")),
    ("PgDn / n", N_("the next round")),
    ("PgUp / p", N_("the start of this round, or the one before")),
    ("Home / End", N_("the deal / the last move")),
    ("g", N_("jump to a round: type its number, Enter")),
    ("o", N_("every hand open")), ("1-4", N_("what that seat saw, and nothing else")),
    ("a", N_("the hard bot's look back at the move that led here")),
    ("s", N_("every round's score")), ("?", N_("this page")), ("q", N_("leave the replay")),
]


class ReplayLayout:
    def __init__(self, model: ReplayModel, size: Callable[[], Size]) -> None:
        self.model, self.size, self.faces = model, size, model.faces
        self.container = self._build()

    def _window(self, render: Callable[[], list[Fragments]], **kw: Any) -> Window:
        return Window(FormattedTextControl(lambda: lines_to_text(render())), **kw)

    def _build(self) -> FloatContainer:
        seats = self.model.rules.seats
        body = HSplit([
            self._window(self.title_line, height=1, style="class:title"),
            self._window(self.info_line, height=1),
            self._window(self.seat_lines, height=2 * seats),
            Window(height=1, char="-" if self.faces.ascii else "─", style="class:rule"),
            VSplit([self._window(self.middle_lines),
                    Window(width=1, char="|" if self.faces.ascii else "│", style="class:rule"),
                    self._window(self.log_lines,
                                 width=lambda: Dimension.exact(self.log_width()))]),
            self._window(self.move_line, height=1),
            self._window(self.keys_line, height=1, style="class:keys"),
        ])
        page = ConditionalContainer(
            self._window(self.page_lines, dont_extend_width=True, dont_extend_height=True),
            Condition(lambda: self.model.page is not None))
        return FloatContainer(body, floats=[Float(page)])

    def columns(self) -> int:
        return self.size().columns

    def log_width(self) -> int:
        return max(28, min(60, self.columns() * 2 // 5))

    def middle_width(self) -> int:
        return max(20, self.columns() - self.log_width() - 1)

    # --- the top ----------------------------------------------------------------------

    def title_line(self) -> list[Fragments]:
        model = self.model
        meta = model.record.meta
        whose = (_("every hand open") if model.seat is None else
                 _("{name}'s view").format(name=model.name(model.seat)))
        text = _(" Replay {dot} {table} {dot} {game} {dot} {whose}").format(
            dot=self.faces.dot, table=meta.title or meta.id,
            game=rules_words(meta.rules, meta.timer, self.faces.dot), whose=whose)
        return [fit([("class:title", text)], self.columns(), pad=True)]

    def info_line(self) -> list[Fragments]:
        model, timeline = self.model, self.model.timeline
        game = model.game
        line: Fragments = [("class:strong", " " + _("Round {number} of {count}").format(
            number=timeline.round_at(model.index), count=timeline.rounds))]
        line.append(("", "  " + _("move {number} of {count}").format(
            number=model.index + timeline.first, count=timeline.last + timeline.first)))
        line.append(("", "  " + _("score {first} : {second}").format(
            first=game.scores[0], second=game.scores[1])))
        if game.round.wish:
            line.append(("class:wish", "  " + _("wish: {rank}").format(
                rank=rank_text(game.round.wish))))
        return [fit(line, self.columns())]

    def seat_lines(self) -> list[Fragments]:
        model = self.model
        public, hands = model.public(), model.hands()
        lines: list[Fragments] = []
        for seat in range(model.rules.seats):
            lines.append(fit(self._seat_head(public, seat), self.columns()))
            if seat in hands:
                cards = self.faces.cards(hands[seat].hand) or [("class:dim", _("no cards"))]
                lines.append(fit([("", "    ")] + cards, self.columns()))
            elif not public.hand_counts[seat]:
                lines.append([("class:dim", "    " + _("no cards"))])
            else:
                count = public.hand_counts[seat]
                lines.append([("class:dim", "    " + ngettext(
                    "({count} card, not shown)", "({count} cards, not shown)", count).format(
                        count=count))])
        return lines

    def _seat_head(self, public: SeatView, seat: int) -> Fragments:
        model = self.model
        acting = seat in awaited(public)
        mark = f"{self.faces.turn_mark} " if acting else "  "
        note = model.record.meta.seats[seat] if seat < len(model.record.meta.seats) else None
        head: Fragments = [("class:seat-turn" if acting else "class:seat-name",
                            f"{mark}{seat + 1} {model.name(seat)}")]
        if note is not None and note.bot:
            head.append(("class:dim", " " + _("(bot)")))
        if seat == model.seat:
            head.append(("class:dim", " " + _("(this view)")))
        call = public.calls[seat]
        if call is not Call.NONE:
            head.append(("class:call", "  " + (_("GRAND TICHU") if call is Call.GRAND
                                               else _("TICHU"))))
        if seat in public.out:
            head.append(("class:strong", "  " + _("out {place}").format(
                place=place_words(public.out.index(seat)))))
        count = public.hand_counts[seat]
        head.append(("class:dim", "  " + ngettext("{count} card", "{count} cards", count).format(
            count=count)))
        if public.won_counts[seat]:
            head.append(("class:dim", "  " + _("won {points} pts").format(
                points=public.won_points[seat])))
        return head

    # --- the middle -----------------------------------------------------------------

    def middle_lines(self) -> list[Fragments]:
        room = self.middle_width()
        return [part for line in self._middle() for part in wrap_words(line, room)]

    def _middle(self) -> list[Fragments]:
        model = self.model
        ended = model.step.ended_round()
        if ended is not None:
            result = model.game.history[ended.round_no - 1]
            made = calls_made(model.rules, result)
            return model.narrator.result(ended.round_no, result, made) + [
                fill(_("Totals {first} : {second}"), "class:strong", first=ended.scores[0],
                     second=ended.scores[1])]
        public = model.public()
        if public.phase is Phase.GRAND:
            return [fill(_("Everyone has seen 8 cards and decides on Grand Tichu."))]
        if public.phase is Phase.EXCHANGE or (public.phase is Phase.PLAY and not public.rules.duel
                                              and not public.played_cards):
            return self._exchange()
        if public.phase in (Phase.DISCARD, Phase.DRAFT):
            return self._draft(public)
        return self._trick(public)

    def _exchange(self) -> list[Fragments]:
        model = self.model
        lines: list[Fragments] = [[("class:strong", _("The exchange"))]]
        for seat, seen in model.hands().items():
            if seen.received is not None:
                got = [fill(_("{card} from {name}"), card=self.faces.cards(1 << card),
                            name=model.name((seat + i) % 4))
                       for i, card in enumerate(seen.received, start=1)]
                lines.append(fill(_("{name} got: "), name=model.name(seat)) + _joined(got))
            elif seen.my_exchange is not None:
                gave = [fill(_("{card} to {name}"), card=self.faces.cards(1 << card),
                             name=model.name((seat + i) % 4))
                        for i, card in enumerate(seen.my_exchange, start=1)]
                lines.append(fill(_("{name} gives: "), name=model.name(seat)) + _joined(gave))
            else:
                lines.append(fill(_("{name} is choosing"), "class:dim", name=model.name(seat)))
        return lines

    def _draft(self, public: SeatView) -> list[Fragments]:
        model = self.model
        lines: list[Fragments] = []
        for seat, seen in model.hands().items():
            if seen.my_discard:
                lines.append(fill(_("{name} put aside {cards}"), name=model.name(seat),
                                  cards=self.faces.cards(seen.my_discard)))
        if public.phase is Phase.DRAFT:
            lines.append(fill(_("The draft: {name} turns the table cards"), "class:strong",
                              name=model.name(public.drafter)))
            for step in public.draft:
                drafted = _("taken") if step.taken else pgettext("draft", "left")
                lines.append([("", "  ")] + self.faces.cards(1 << step.card)
                             + [("class:dim", " " + drafted)])
        return lines or [fill(_("Each player puts 3 cards aside."))]

    def _trick(self, public: SeatView) -> list[Fragments]:
        model = self.model
        entries, head = public.trick, fill(_("Trick, {points} points"), "class:strong",
                                           points=public.trick_points)
        if not entries and public.last_trick:
            entries = public.last_trick
            head = fill(_("Trick won by {name}"), "class:strong",
                        name=model.name(public.last_trick_winner))
        if not entries:
            return [fill(_("{name} leads"), "class:strong", name=model.name(public.turn))] \
                if public.turn >= 0 else []
        lines = [head]
        for entry in entries[-(self.size().rows - 14):]:
            name = fill_to(clip(model.name(entry.seat), 10), 11)
            if entry.combo is None:
                lines.append([("class:dim", name + pgettext("move", "pass"))])
            else:
                lines.append([("", name)] + self.faces.cards(entry.combo.cards)
                             + [("class:dim", "  " + describe(entry.combo))])
        return lines

    # --- the log, the move, the keys -------------------------------------------------------

    def log_lines(self) -> list[Fragments]:
        rows, room = self.size().rows, self.log_width()
        lines: list[Fragments] = []
        for entry in reversed(self.model.log()):
            lines[:0] = wrap_words(entry, room)
            if len(lines) >= rows:
                break
        return lines[-max(1, rows - 5 - 2 * self.model.rules.seats):]

    def move_line(self) -> list[Fragments]:
        model = self.model
        if model.typing is not None:
            text = _("Jump to round (1 to {count}): {typed}").format(
                count=model.timeline.rounds, typed=model.typing)
            return [[("class:strong", " " + text + "_")]]
        if model.message:
            return [fit([("class:info", " " + model.message)], self.columns())]
        if model.index == 0:
            return [[("class:dim", " " + _("The deal, before the first move"))]]
        said = model.step_lines(model.step)
        return [fit([("", " ")] + said[0], self.columns())] if said else [[]]

    def keys_line(self) -> list[Fragments]:
        text = _("→← move  ↓↑ trick  PgDn/Up round  g jump  o open  1-4 seat  ? keys  q quit")
        if self.faces.ascii:
            text = text.replace("→←", "<- ->").replace("↓↑", "]/[")
        return [fit([("class:keys", " " + text)], self.columns())]

    # --- pages ----------------------------------------------------------------------

    def page_lines(self) -> list[Fragments]:
        model = self.model
        if model.page == "keys":
            width = max(get_cwidth(k) for k, _v in KEYS) + 2
            lines = [[("class:strong", fill_to(k, width)), ("", _(v))] for k, v in KEYS]
            title = _("Replay keys")
        elif model.page == "review":
            lines, title = self._review(), _("A look back")
        else:
            lines, title = self._scores(), _("Every round")
        lines += [[], [("class:dim", _("Esc or the same key closes this page"))]]
        return box(title, lines, self.columns(), self.faces.ascii, whole=True)

    def _review(self) -> list[Fragments]:
        model = self.model
        found = model.reviews.get(model.index, [])
        width = max(20, self.columns() - 6)
        if not found:
            texts = [_("This move was no play, pass or call with a choice to make: the hard "
                       "bot looks back at those only.")]
        elif model.seat is not None and found[0].seat != model.seat:    # its cards are hidden
            texts = [_("Showing what {name} saw: only {name}'s own moves are looked back on "
                       "(o opens every hand).").format(name=model.name(model.seat))]
        else:
            texts = [decision_line(r, model.record.meta.seat_name, self.faces.plain)
                     for r in found]
        return [line for text in texts for line in wrap_words([("", text)], width)]

    def _scores(self) -> list[Fragments]:
        model = self.model
        game = model.timeline.steps[-1].game
        narrator = model.narrator
        heads = (narrator.team(0), narrator.team(1))
        lines: list[Fragments] = [[("class:strong", f"{'':<10}{heads[0]:>22}{heads[1]:>22}")]]
        totals = [0, 0]
        for number, result in enumerate(game.history, start=1):
            totals = [totals[t] + result.total[t] for t in range(2)]
            double = "*" if result.double_victory >= 0 else " "
            cells = [f"{result.total[t]:+d} = {totals[t]}" for t in range(2)]
            label = _("Round {number}").format(number=number)
            lines.append([("", f"{label:<9}{double}{cells[0]:>22}{cells[1]:>22}")])
        if not game.history:
            lines.append([("class:dim", _("No round was finished."))])
        lines.append([("class:dim", _("* a double victory"))])
        return lines


def _joined(parts: list[Fragments]) -> Fragments:
    out: Fragments = []
    for i, part in enumerate(parts):
        out += ([("", ", ")] if i else []) + part
    return out
