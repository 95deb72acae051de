"""The answer to `evening` (key `e` in the lobby and at a table): the host's evening
standings per person, from the games it keeps (`tichu_lan.records.standings`).

Anyone connected may ask, as for the lobby listing: `Keeping.standings` reads the kept
games again only after one of them was written (a round ended somewhere), so asking
costs a lookup otherwise.
"""

from __future__ import annotations

from dataclasses import asdict
from datetime import datetime
from typing import TYPE_CHECKING

from ..protocol import Message

if TYPE_CHECKING:
    from ..records.keeping import Keeping

SHOWN = 40          # people the answer lists at most, best rating first


def evening_answer(records: Keeping | None) -> Message:
    """This evening at this host: tonight's newest game's evening (docs/RECORDS.md)."""
    if records is None:
        return {"type": "standings", "evening": "", "games": 0, "people": []}
    found = records.standings(datetime.now().astimezone())
    people = [{k: v for k, v in asdict(p).items() if v is not None}
              for p in found.people[:SHOWN]]
    return {"type": "standings", "evening": found.id, "games": len(found.games),
            "people": people}
