"""A host's `notice` in the reader's language (docs/PROTOCOL.md: the notices).

``journal_damaged``: a table was resumed from a damaged journal, and its people are
told what was lost and where the damaged copy is. ``journal_stalled``: the host could not
write the move it makes itself (collecting a won trick), so the game waits while it
tries again. ``host_stopped``: the host is stopping on purpose, by its owner's hand
(or, for `tichu server`, nobody's), and the game at it is kept for when it is started
again. ``shuffle_missing``: seats gave no value in time for a round's shared shuffle.
``round_check_failed``: a seat's program found a round broken (`findings`).
``time_ran_out``: the turn timer's bot made a person's move (``action``, the engine's).
A notice this program does not know, or whose params it cannot read (``cannot_check``, which only
programs that do not take part get), is shown in the English the host sent.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import Exchange, GrandTichu, Pass, Play, action_from_dict
from engine.cards import format_cards

from ..i18n import _, ngettext
from .columns import whole
from .findings import finding_words
from .vocabulary import listed


def _journal_damaged(params: Mapping[str, Any]) -> str:
    backup = str(params["backup"])
    if params["whole"]:
        if "last" not in params:
            return _("The host's record of this table was damaged, but the game goes on as it "
                     "was. The damaged copy is on the host: {backup}").format(backup=backup)
        return _("The host's record of this table was damaged: the game goes on as it was, but "
                 "moves {first} to {last} are kept only in the damaged copy on the host: "
                 "{backup}").format(first=int(params["first"]), last=int(params["last"]),
                                    backup=backup)
    if "last" not in params:
        return _("The host's record of this table was damaged after move {seq}: anything after "
                 "it is lost, and the game goes on from there. The damaged copy is on the host: "
                 "{backup}").format(seq=int(params["seq"]), backup=backup)
    return _("The host's record of this table was damaged: moves {first} to {last} are lost, and "
             "the game goes on from move {seq}. The damaged copy is on the host: "
             "{backup}").format(first=int(params["first"]), last=int(params["last"]),
                                seq=int(params["seq"]), backup=backup)


def _journal_stalled(params: Mapping[str, Any]) -> str:
    return _("The host could not save this table's next move (is its disk full?): the game "
             "waits, and the host tries again every {seconds} s.").format(
        seconds=f"{float(params['seconds']):g}")


def _host_stopped(params: Mapping[str, Any]) -> str:
    kept = bool(params["kept"])
    if "owner" not in params:
        return (_("The host has stopped; your game is kept and goes on when it is started "
                  "again.") if kept else
                _("The host has stopped; this screen comes back by itself when it is started "
                  "again."))
    owner = whole(str(params["owner"]))     # a screen breaks the sentence, never the name
    if kept:
        return _("{name} stopped the host; your game is kept and goes on when they start it "
                 "again.").format(name=owner)
    return _("{name} stopped the host; this screen comes back by itself when they start it "
             "again.").format(name=owner)


def _shuffle_missing(params: Mapping[str, Any]) -> str:
    seats = [int(s) + 1 for s in params["seats"]]
    return ngettext("Seat {seats} gave no value in time for round {round}'s shuffle: the host's "
                    "secret stands for it.",
                    "Seats {seats} gave no value in time for round {round}'s shuffle: the host's "
                    "secret stands for them.", len(seats)).format(
        seats=listed(map(str, seats)), round=int(params["round"]))


def _round_check_failed(params: Mapping[str, Any]) -> str:
    return _("{name}'s program found round {round} broken: {what}").format(
        name=params["name"], round=int(params["round"]),
        what=finding_words(params["code"], params.get("params"), params["code"]))


def _time_ran_out(params: Mapping[str, Any]) -> str:
    action = action_from_dict(params["action"])
    match action:
        case Play():
            return _("Time ran out: a bot played {cards} for you").format(
                cards=format_cards(action.cards))
        case Pass():
            return _("Time ran out: a bot passed for you")
        case GrandTichu(call=False):
            return _("Time ran out: a bot declined Grand Tichu for you")
        case Exchange():
            return _("Time ran out: a bot gave your exchange's cards for you")
    return _("Time ran out: a bot made your move for you")


NOTICE_WORDS = {"journal_damaged": _journal_damaged, "journal_stalled": _journal_stalled,
                "host_stopped": _host_stopped, "shuffle_missing": _shuffle_missing,
                "round_check_failed": _round_check_failed, "time_ran_out": _time_ran_out}


def notice_words(message: Mapping[str, Any]) -> str:
    """The notice in the reader's language, else in the host's English."""
    words = NOTICE_WORDS.get(message.get("code", ""))
    try:
        if words is not None:
            return words(message.get("params") or {})
    except (KeyError, TypeError, ValueError):
        pass
    return str(message.get("message", ""))
