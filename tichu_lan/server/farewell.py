"""What a host that stops on purpose tells each guest: the `host_stopped` notice.

Without it, a guest whose host was stopped cleanly (`X` at `tichu host`, a signal to
`tichu server`) sees only a dropped connection, and would be told to wait for a host that
may be gone for the evening. With it, each guest's client knows who stopped the host and
whether its game was kept for `--resume`, says so, and dials now and then until the host
is back (docs/PROTOCOL.md, the notices).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import protocol
from .session import AT_TABLE, Standing

if TYPE_CHECKING:
    from .session import Session


def params_of(host: str, owner: str | None, kept: bool) -> dict[str, Any]:
    """The host's name, the person whose terminal ran it (``owner``, absent for `tichu
    server`) and whether the guest's table is kept to be resumed."""
    out: dict[str, Any] = {"host": host, "kept": kept}
    if owner:
        out["owner"] = owner
    return out


def english(params: dict[str, Any]) -> str:
    """The notice in English (clients that word nothing themselves show it)."""
    who = f"{params['owner']} stopped the host" if "owner" in params \
        else "the host has stopped"
    if params["kept"]:
        return f"{who}; your game is kept and goes on when the host is started again"
    return f"{who}; it may be started again later"


def farewell(session: Session, host: str, owner: str | None) -> bytes:
    """The notice for ``session``'s client, framed: about the table it is at (0: none),
    kept if that table's journal is there to be resumed."""
    table = session.table if session.state in AT_TABLE else None
    if session.state is Standing.ASKING and session.asking is not None:
        number = session.asking[0].id
    else:
        number = table.id if table is not None else 0
    kept = table is not None and table.journal is not None
    params = params_of(host, owner, kept)
    return protocol.encode(protocol.notice_message(number, protocol.HOST_STOPPED,
                                                   english(params), params))
