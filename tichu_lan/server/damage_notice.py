"""Telling the people at a table what a damaged journal cost it, when it is resumed.

The host's log says it once (for `tichu server`, that is the host's screen); every
person who comes back to the table, joins it or watches it is sent a `notice`
(docs/PROTOCOL.md) saying which moves are lost or missing from the record and where
the damaged copy of the journal is kept on the host. Each seat's person is told once,
however often they reconnect.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..protocol import notice_message
from ..records.journal import Loss
from .seats import Member

CODE = "journal_damaged"


def params_of(loss: Loss, seq: int, backup: Path) -> dict[str, Any]:
    """What a notice names: the move the table resumed at, the first and last moves missing
    (``last`` absent when unknown), whether the game went on whole, the damaged copy."""
    out: dict[str, Any] = {"seq": seq, "first": loss.after_move + 1,
                           "whole": loss.resumed_at is not None, "backup": str(backup)}
    last = loss.resumed_at if loss.resumed_at is not None else loss.last_seen
    if last is not None and last > loss.after_move:
        out["last"] = last
    return out


def english(params: dict[str, Any]) -> str:
    """The notice in English (the host's log, and clients that word nothing themselves)."""
    backup = params["backup"]
    if params["whole"]:
        if "last" not in params:
            return ("the host's journal of this table was damaged, but the game goes on as it "
                    f"was; the damaged copy is on the host: {backup}")
        return (f"the host's journal of this table was damaged: the game goes on as it was, "
                f"but the record of moves {params['first']} to {params['last']} is kept only in "
                f"the damaged copy on the host: {backup}")
    if "last" not in params:
        return (f"the host's journal of this table was damaged after move {params['seq']}: "
                "anything after it is lost, and the game goes on from there; the damaged copy "
                f"is on the host: {backup}")
    return (f"the host's journal of this table was damaged: moves {params['first']} to "
            f"{params['last']} are lost, and the game goes on from move {params['seq']}; the "
            f"damaged copy is on the host: {backup}")


class DamageNotice:
    def __init__(self, table: int, losses: list[Loss], seq: int, backup: Path) -> None:
        self.messages = []
        for loss in losses:
            params = params_of(loss, seq, backup)
            self.messages.append(notice_message(table, CODE, english(params), params))
        self.told: set[str] = set()         # the seat tokens whose people were told

    def __bool__(self) -> bool:
        return bool(self.messages)

    def tell(self, member: Member, token: str | None = None) -> None:
        """Tell ``member`` (the person holding ``token``, or a spectator)."""
        if token is not None:
            if token in self.told:
                return
            self.told.add(token)
        for message in self.messages:
            member.send(message)
