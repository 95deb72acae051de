"""Who sits where on the game screen: a panel per seat, and the score above the log.

The player sits at the bottom (their own panel is the hand), the partner at the top,
seat+1 (next in turn) on the right, seat+3 on the left; in the duel the opponent
sits at the top. A spectator's bottom seat is told on one line where the hand would be.
"""

from __future__ import annotations

from engine import Call, Phase, SeatView

from ..i18n import _, ngettext
from ..words.table_rules import length_words
from ..words.vocabulary import call_name, place_words
from .faces import Fragments
from .table_model import TableModel
from .table_sizes import TableSizes
from .text import cut, fit, pad, width


def acting(view: SeatView, seat: int) -> bool:
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


def setup_note(view: SeatView, seat: int) -> str:
    """Where a seat is in the round's set-up (Grand Tichu, the exchange, the discard)."""
    if view.phase is Phase.GRAND:
        return _("decided") if view.grand_decided[seat] else _("deciding")
    if view.phase is Phase.EXCHANGE:
        return _("has given") if view.exchange_given[seat] else _("choosing")
    if view.phase is Phase.DISCARD:
        return _("put 3 aside") if view.discarded[seat] else _("putting aside")
    return ""


class SeatPanels:
    def __init__(self, model: TableModel, sizes: TableSizes) -> None:
        self.model, self.sizes = model, sizes
        self.faces = model.faces

    def seat_lines(self, offset: int) -> list[Fragments]:
        """The panel of the seat ``offset`` places after the player's: each line cut to the
        panel's width (a long name with "…")."""
        view = self.model.view
        if view is None:
            return []
        seat = (max(view.seat, 0) + offset) % view.seats
        model = self.model
        across = offset == 2 or view.rules.duel
        room = self.sizes.table_width() if across else self.sizes.seat_width()
        turn = acting(view, seat)
        mark = f"{self.faces.turn_mark} " if turn else ""
        role = ""
        if not view.spectator and across:
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
        note = setup_note(view, seat)
        if note:
            lines.append([("class:dim", note)])
        if view.won_points[seat] or view.won_counts[seat]:
            lines.append([("class:dim", _("won {points} pts").format(
                points=view.won_points[seat]))])
        return lines

    def watched_seat_line(self) -> Fragments:
        """A spectator has no hand to show; the seat at the bottom is told like the others."""
        line: Fragments = [("class:dim", _("watching:") + " ")]
        for i, part in enumerate(self.seat_lines(0)):
            line += ([("class:dim", f" {self.faces.dot} ")] if i else []) + part
        return line

    def score_lines(self) -> list[Fragments]:
        """The teams' (or the duel's players') scores, ours first, and who called what."""
        view, model = self.model.view, self.model
        if view is None:
            return [[("class:dim", " " + _("no game yet"))]]
        lines = [[("class:strong", " " + _("Score")),
                  ("class:dim", " " + _("({length})").format(length=length_words(view.rules)))]]
        side = self.sizes.side_width()
        room = side - 8
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
                lines.append(fit([("class:call", f" {model.name(s)}: {called}")], side))
        return lines
