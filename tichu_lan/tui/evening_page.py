"""The evening's plan at the table: key E shows the whole schedule and each duplicate
deal's comparison; the log says where one sits next and each comparison as it is revealed
(docs/EVENING.md). The plan's words are in `words.evening_words`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..host_messages import EveningInfo
from ..i18n import _
from ..words.evening_words import compared_lines, plan_lines, seat_line
from .dialogs import Info

if TYPE_CHECKING:
    from .table_model import TableModel


def _me(model: TableModel) -> str:
    welcome = model.welcome
    return welcome.name if welcome is not None and welcome.name else ""


def heard(model: TableModel, evening: EveningInfo) -> None:
    """The host's plan as it stands: news of it goes to the log."""
    before, model.evening = model.evening, evening
    line = seat_line(evening, _me(model))
    if line and (before is None or (before.game, before.games) != (evening.game,
                                                                  evening.games)):
        model.add_log([("class:info", line)])
    told = len(before.compared) if before is not None and before.id == evening.id else 0
    for deal in evening.compared[told:]:
        for text in compared_lines(evening, deal):
            model.add_log([("class:info", text)])


def show(model: TableModel) -> None:
    """Key E: the evening's whole plan (a line saying there is none, at another table)."""
    evening = model.evening
    if evening is None:
        model.info(_("This table is not part of an evening"))
        return
    model.open(Info(_("The evening"), lambda columns: list(plan_lines(evening, _me(model)))))
