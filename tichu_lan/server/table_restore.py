"""A table read back from its journal, as it was when the host stopped (seats and tokens too)."""

from __future__ import annotations

from engine import RuleSet

from ..records.journal import FORMAT, JournalError, JournalRead
from ..records.meta import TableName

from .host_config import TableOptions
from .seats import Password
from .services import Services
from .table import Table


def restore(read: JournalRead, services: Services, table_id: int) -> Table:
    """The table a journal describes, up to its last usable record (damage goes into
    ``read``)."""
    head = read.records[0] if read.records else None
    if head and head.get("kind") == "table" and head.get("format") == 1:
        raise JournalError(f"{read.path} was written by an earlier tichu-lan, whose tricks "
                           "were collected at the last pass: resume it with that version")
    if not head or head.get("kind") != "table" or head.get("format") != FORMAT:
        raise JournalError(f"{read.path} is not a table journal this host can read")
    password = Password.from_dict(head["password"]) if head.get("password") else None
    name = TableName(str(head["name"]), str(head.get("opener", "")))
    table = Table(table_id, name, RuleSet.from_dict(head["rules"]), int(head["seed"]),
                  TableOptions.from_dict(head["options"]), password, services,
                  bool(head.get("shared")))
    index = 1
    while index < len(read.records):
        try:
            table.apply(read.records[index])
            index += 1
        except Exception as exc:    # a record that does not apply: on from a checkpoint
            index = read.damaged_at(index, f"cannot be applied ({type(exc).__name__}: {exc})")
    return table
