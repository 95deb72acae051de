"""The middle of the game screen: the trick, the exchange being chosen, the duel's discard and
draft, or what the round waits for; with the wish above it while one is open."""

from __future__ import annotations

from engine import Phase, SeatView
from engine.cards import rank_text

from ..i18n import _, ngettext, pgettext
from ..words.vocabulary import describe, listed
from .exchange_picks import TO_SEATS
from .faces import Fragments
from .table_model import TableModel
from .table_sizes import TableSizes
from .text import cut, fit, get_cwidth, pad, width, wrap_words


def window_seconds(model: TableModel) -> str:
    """The table's bomb window after a trick's last pass, as a number of seconds."""
    return f"{model.collect_window():g}"


class TableMiddle:
    def __init__(self, model: TableModel, sizes: TableSizes) -> None:
        self.model, self.sizes = model, sizes
        self.faces = model.faces

    def lines(self) -> list[Fragments]:
        """The middle of the table, each line broken between words to fit."""
        room = self.sizes.middle_width()
        return [part for line in self._lines() for part in wrap_words(line, room)]

    def _lines(self) -> list[Fragments]:
        view = self.model.view
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
        return lines + self.trick_lines(view)

    def trick_lines(self, view: SeatView) -> list[Fragments]:
        """The trick in play, a line a move (the last twelve), or whose lead it is."""
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
            lines.append([("class:info", " " + soon.format(seconds=window_seconds(model)))])
        room = self.sizes.middle_width()
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
        """The three cards being given, the one at the cursor marked, and who is still
        choosing."""
        model = self.model
        picks = model.exchanging
        assert picks is not None
        given = view.my_exchange
        head = (_("Exchange: your cards are given (change them, or w takes them back)")
                if given is not None else _("Exchange: give one card to each player"))
        lines = [[("class:strong", " " + head)]]
        for i, card in enumerate(picks.picks):
            seat = (view.seat + i + 1) % 4
            mark = f" {self.faces.turn_mark} " if i == picks.active else "   "
            style = "class:chosen" if i == picks.active else ""
            sent = given[i] if given is not None else None
            shown: Fragments = [self.faces.card(card)] if card is not None else [
                ("class:dim", "-")]
            if sent is not None and sent != card:
                shown += [("class:dim", "  " + _("given:") + " "), self.faces.card(sent)]
            to = _("to {name} ({where}): ")
            where = _(TO_SEATS[i])
            rest = width([("", mark + to.format(name="", where=where)), *shown])
            name = cut(model.name(seat), max(4, self.sizes.middle_width() - rest))
            lines.append([(style, mark + to.format(name=name, where=where)), *shown])
        lines.append([("class:dim", " " + self.exchange_waiting(view))])
        return lines

    def fitting(self, name: str) -> str:
        """A name in the list of who is still choosing: cut to a line of the middle, with
        the comma after it, if it is wider."""
        return cut(name, self.sizes.middle_width() - 2)

    def exchange_waiting(self, view: SeatView) -> str:
        others = listed(self.fitting(self.model.name(s)) for s in range(4)
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
