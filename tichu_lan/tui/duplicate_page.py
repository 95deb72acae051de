"""A duplicate set's pages (`tichu play --duplicate`, `tichu host --duplicate`): how the team
did on each deal against what the `hard` bots made of the same cards (`records.solo_set`).
The host sends the set with the table (`table_info.DuplicateSet`); `DuplicateFollow` opens
the pages on the table screen once a table says it plays one.

Each round's summary begins with its deal's comparison and the running total; key D shows every
deal so far; the set's last deal, once both tables have finished it, opens the final page. A
deal the bots have not finished says so, and fills in (the pages are drawn from the set as it
stands) when they have.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent, merge_key_bindings

from ..client import TichuClient
from ..host_messages import Heard
from ..i18n import _, ngettext
from ..records.solo_set import SET_DEALS, DealRow, SetProgress, compare
from ..table_info import DuplicateSet
from .dialogs import Info, Text
from .text import pad

if TYPE_CHECKING:
    from .table_screen import TableScreen

KEY = "D"
Progress = Callable[[], SetProgress]


def points(value: float) -> str:
    return f"{value:+.0f}"


def matchpoints(value: float) -> str:
    """1, 1/2 or 0 as a person reads them (and sums of them: 2 1/2)."""
    whole, half = int(value), value - int(value) >= 0.5
    if not half:
        return str(whole)
    return f"{whole} 1/2" if whole else "1/2"


def running_total(progress: SetProgress, final: bool = False) -> str:
    """The share of the matchpoints and the net points so far (``final``: in all)."""
    share = progress.percent
    if share is None:
        return _("No deal compared yet.")
    compared = len(progress.scores)
    earned = sum(score.matchpoints for score in progress.scores)
    words = (ngettext("In all: {earned} of {top} matchpoint ({share:.0f}%), net {net} points.",
                      "In all: {earned} of {top} matchpoints ({share:.0f}%), net {net} points.",
                      compared) if final else
             ngettext("So far: {earned} of {top} matchpoint ({share:.0f}%), net {net} points.",
                      "So far: {earned} of {top} matchpoints ({share:.0f}%), net {net} points.",
                      compared))
    return words.format(earned=matchpoints(earned), top=compared, share=share,
                        net=points(progress.net))


def deal_text(progress: SetProgress, row: DealRow) -> str:
    """One deal in a sentence: both margins, the difference and the matchpoints."""
    if row.yours is None:
        return _("Deal {deal}: not played yet.").format(deal=row.deal)
    yours = points(row.yours[0] - row.yours[1])
    if row.score is None:
        if progress.bots_lost:
            return _("Deal {deal}: your margin {yours}; the bots' result is missing (their "
                     "table failed).").format(deal=row.deal, yours=yours)
        return _("Deal {deal}: your margin {yours}; the bots are still playing it (this fills "
                 "in when they have finished).").format(deal=row.deal, yours=yours)
    assert row.bots is not None
    return _("Deal {deal}: your margin {yours}, the bots' on the same cards {bots}: {net}, "
             "matchpoints {mp}.").format(deal=row.deal, yours=yours,
                                        bots=points(row.bots[0] - row.bots[1]),
                                        net=points(row.score.net),
                                        mp=matchpoints(row.score.matchpoints))


def round_notes(progress: SetProgress, round_no: int) -> Text:
    """What a round's summary begins with (so that 80x24 shows it without scrolling): its
    deal against the bots, and the set so far."""
    if not 1 <= round_no <= progress.deals:
        return []
    return [[("class:strong", _("Duplicate: deal {deal} of {deals}").format(
        deal=round_no, deals=progress.deals))],
        deal_text(progress, progress.rows[round_no - 1]), running_total(progress),
        [("class:dim", _("{key} shows every deal").format(key=KEY))], ""]


def deal_table(progress: SetProgress, columns: int) -> Text:
    """Every deal: your margin, the bots', the difference and the matchpoints, one a line."""
    cells = [_("Deal"), _("Yours"), _("Bots"), _("Diff"), _("MP")]
    cell = max(6, min(10, (columns - 2) // len(cells)))
    lines: Text = [[("class:dim", "".join(pad(c, cell, right=i > 0)
                                         for i, c in enumerate(cells)))]]
    for row in progress.rows:
        yours = points(row.yours[0] - row.yours[1]) if row.yours else ""
        line = pad(str(row.deal), cell) + pad(yours, cell, right=True)
        if row.score is not None and row.bots is not None:
            line += "".join(pad(c, cell, right=True) for c in (
                points(row.bots[0] - row.bots[1]), points(row.score.net),
                matchpoints(row.score.matchpoints)))
        elif row.yours is not None:
            line += "  " + (_("missing") if progress.bots_lost else _("still playing"))
        lines.append(line)
    return lines


def set_lines(progress: SetProgress, columns: int) -> Text:
    return [_("Your team's margin on each deal against the hard bots' on the same cards."),
            "", *deal_table(progress, columns), "", running_total(progress),
            [("class:dim", _("Enter closes"))]]


def final_lines(progress: SetProgress, columns: int) -> Text:
    """The set's result: the share of the matchpoints, net points, the best and worst deal."""
    lines: Text = [running_total(progress, final=True)]
    ends = progress.best_and_worst()
    if ends is not None:
        best, worst = ends
        for label, row in ((_("Best deal: {deal} ({net} against the bots)"), best),
                           (_("Worst deal: {deal} ({net} against the bots)"), worst)):
            net = row.score.net if row.score is not None else 0.0
            lines.append(label.format(deal=row.deal, net=points(net)))
    if progress.bots_lost:
        lines.append(_("The bots' table failed: the deals it had not finished are missing."))
    lines += ["", *deal_table(progress, columns), "",
              [("class:dim", _("Both games are kept: tichu games lists them, tichu replay "
                               "shows what the bots did with your cards. Enter closes; Q "
                               "leaves"))]]
    return lines


def set_page(progress: Progress) -> Info:
    return Info(_("Duplicate against the bots"), lambda columns: set_lines(progress(), columns))


def final_page(progress: Progress) -> Info:
    return Info(_("The set is over"), lambda columns: final_lines(progress(), columns),
                overlay=False)


class DuplicatePages:
    """The set's pages on a table screen: notes on each round's summary, key D, and the
    final page once the set is over (`changed` is called whenever the set moves on)."""

    def __init__(self, screen: TableScreen, progress: Progress,
                 redraw: Callable[[], None]) -> None:
        self.screen = screen
        self.progress = progress
        self.redraw = redraw
        self.ended = False
        model = screen.model
        model.round_notes = lambda round_no, columns: round_notes(progress(), round_no)
        bindings = KeyBindings()
        free = Condition(lambda: not model.overlays and not (
            model.forced is not None and model.forced.takes(KEY)))

        @bindings.add(KEY, filter=free)
        def _(event: KeyPressEvent) -> None:
            model.open(set_page(progress))
        screen.key_bindings = merge_key_bindings([screen.key_bindings, bindings])

    def changed(self) -> None:
        if not self.ended and self.progress().over:
            self.ended = True
            page = final_page(self.progress)
            self.screen.model.pages.append(page)
            self.screen.model.open(page)
        self.redraw()


def progress_of(told: DuplicateSet) -> SetProgress:
    """The set as the host told it, compared here (`records.solo_set.compare`). Deals finish
    in order, so each table's totals are the rows' leading ones; a row that is not a pair
    of totals ends them. A set is at most `SET_DEALS` deals and as long as its rows, whatever
    a host says."""
    deals = min(told.deals, len(told.rows), SET_DEALS)

    def totals(pick: Callable[[tuple[int, ...] | None, tuple[int, ...] | None], object]
               ) -> list[tuple[int, int]]:
        found: list[tuple[int, int]] = []
        for row in told.rows[:deals]:
            value = pick(row.yours, row.bots)
            if not (isinstance(value, tuple) and len(value) == 2):
                break
            found.append((value[0], value[1]))
        return found
    return compare(told.id, deals, totals(lambda yours, bots: yours),
                   totals(lambda yours, bots: bots if yours else None), told.bots_lost)


class DuplicateFollow:
    """Watches the client's table: the first time it plays a duplicate set the set's pages
    open on the screen, and each later word of the set redraws them (the last set heard
    stays, so the final page still reads after the table is left)."""

    def __init__(self, screen: TableScreen, client: TichuClient,
                 redraw: Callable[[], None]) -> None:
        self.screen, self.client, self.redraw = screen, client, redraw
        self.told: DuplicateSet | None = None
        self.pages: DuplicatePages | None = None
        self.heard(None)

    def heard(self, message: Heard | None) -> None:
        table = self.client.table
        told = table.duplicate if table is not None else None
        if told is None or told == self.told or told.deals < 1:
            return
        self.told = told
        if self.pages is None:
            self.pages = DuplicatePages(self.screen, self.progress, self.redraw)
        self.pages.changed()

    def progress(self) -> SetProgress:
        assert self.told is not None, "the pages open once a set is told"
        return progress_of(self.told)
