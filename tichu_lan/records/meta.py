"""A kept game's metadata: when, where, who, under which rules, and how it stands.

One JSON file per game in the data folder's ``games/``, named after the game's journal.
It repeats what the journal says (and what replaying it gives) in a form that is
quick to read: `tichu games` and `tichu stats` read these files, never the journals.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from engine import Call, RoundResult, RuleSet

from ..i18n import _
from ..protocol import LEVEL_MAX, NAME_MAX, TABLE_NAME_MAX
from ..text_cleaning import clean_text, cut_text
from ..words.vocabulary import table_name

META_FORMAT = 1
META_SUFFIX = ".json"
HOST_MAX = 64                            # characters of a host's name, as a host keeps it
MARK_MAX = 64                            # characters of an evening's or a duplicate set's id
MARKS = ("duplicate", "evening")         # the journal header's keys a meta keeps
STATES = ("playing", "over", "closed")   # closed: the table closed before the game's end
_STAMP = re.compile(r"-(\d{8}-\d{6})-")


class RecordError(Exception):
    """A game record that cannot be used; the message says which and why, for a person."""


def parse_json(data: bytes | str) -> Any:
    """JSON from a record; ValueError for anything that is not, a value nested beyond what the
    parser can follow included (it raises RecursionError for that)."""
    try:
        return json.loads(data)
    except RecursionError:
        raise ValueError(_("values nested too deeply")) from None


def shown(text: str, limit: int) -> str:
    """A name from a record as it may be shown: one line, without control or format characters
    (no escape sequence, no bidi override), at most ``limit`` characters. A record may come
    from anyone (an export), and its names reach the terminal."""
    return cut_text(clean_text(text), limit)


@dataclass(frozen=True)
class TableName:
    """A table's name as data: the name its opener gave it, or none (``given`` empty). A table
    opened without a name is "Ann's table" in each reader's own language
    (`tichu_lan.words.vocabulary.table_name`), so the host, its messages and the records
    keep who opened it instead of words in the opener's language."""

    given: str
    opener: str = ""

    def __str__(self) -> str:
        """In the host's English, for its log and the English ``message`` of its errors."""
        return self.given or f"{self.opener}'s table"

    def params(self, key: str = "table") -> dict[str, str]:
        """As an error's params name the table: the name under ``key``, and its opener."""
        return {key: self.given, "opener": self.opener}


@dataclass(frozen=True)
class SeatNote:
    name: str
    bot: str | None = None          # the bot's level; None for a person

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", shown(self.name, NAME_MAX))
        if self.bot is not None:
            object.__setattr__(self, "bot", shown(self.bot, LEVEL_MAX))

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "bot": self.bot}


@dataclass(frozen=True)
class GameMeta:
    id: str                         # the journal's file name without its suffix
    host: str                       # as a person named it; "": none (this machine)
    table: str                      # the name given to the table; "": none (`opener`'s)
    table_id: int
    rules: RuleSet
    seats: tuple[SeatNote, ...]     # as the game started
    started: str                    # ISO 8601, local time with its offset
    updated: str
    state: str                      # one of STATES
    scores: tuple[int, int] = (0, 0)
    rounds: tuple[RoundResult, ...] = ()
    winner: int = -1                # the winning team once the game is over
    moves: int = 0
    opener: str = ""                # who opened the table ("": a record from before)
    timer: int | None = None        # the turn timer's seconds (None: none, or a record from
                                    # before); the length and Grand Tichu are in ``rules``
    duplicate: str = ""
    evening: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "host", shown(self.host, HOST_MAX))
        object.__setattr__(self, "table", shown(self.table, TABLE_NAME_MAX))
        object.__setattr__(self, "opener", shown(self.opener, NAME_MAX))
        object.__setattr__(self, "duplicate", shown(self.duplicate, MARK_MAX))
        object.__setattr__(self, "evening", shown(self.evening, MARK_MAX))

    @property
    def title(self) -> str:
        """The table as the reader calls it, in the reader's language."""
        return table_name(self.table, self.opener)

    @property
    def finished(self) -> bool:
        return self.state == "over"

    def seat_name(self, seat: int) -> str:
        """A person's name; a bot is called by its seat, as at the table ("Bot 3")."""
        note = self.seats[seat] if 0 <= seat < len(self.seats) else SeatNote("")
        if note.bot is not None:
            return _("Bot {number}").format(number=seat + 1)
        return note.name or _("seat {number}").format(number=seat + 1)

    @property
    def when(self) -> datetime:
        return datetime.fromisoformat(self.started)

    def to_dict(self) -> dict[str, Any]:
        return {"format": META_FORMAT, "id": self.id, "host": self.host, "table": self.table,
                "table_id": self.table_id, "rules": dict(self.rules.to_dict()),
                "seats": [s.to_dict() for s in self.seats], "started": self.started,
                "updated": self.updated, "state": self.state, "scores": list(self.scores),
                "rounds": [round_to_dict(r) for r in self.rounds], "winner": self.winner,
                "moves": self.moves, "opener": self.opener, "duplicate": self.duplicate,
                "evening": self.evening} | ({} if self.timer is None else {"timer": self.timer})

    @classmethod
    def from_dict(cls, data: Any) -> GameMeta:
        """The metadata a dict describes; RecordError says what is wrong with a bad one."""
        try:
            if not isinstance(data, dict) or data.get("format") != META_FORMAT:
                raise ValueError(_("not metadata of a format this program reads"))
            state = str(data["state"])
            if state not in STATES:
                raise ValueError(_("unknown state {state!r}").format(state=state))
            datetime.fromisoformat(str(data["started"]))
            return cls(str(data["id"]), str(data["host"]), str(data["table"]),
                       int(data["table_id"]), RuleSet.from_dict(data["rules"]),
                       tuple(SeatNote(str(s["name"]), None if s["bot"] is None else str(s["bot"]))
                             for s in data["seats"]),
                       str(data["started"]), str(data["updated"]), state,
                       _pair(data["scores"]), tuple(round_from_dict(r) for r in data["rounds"]),
                       int(data["winner"]), int(data["moves"]), str(data.get("opener", "")),
                       None if data.get("timer") is None else int(data["timer"]),
                       str(data.get("duplicate", "")), str(data.get("evening", "")))
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(_("damaged game metadata ({why})").format(why=exc)) from None


def header_marks(header: dict[str, Any]) -> dict[str, str]:
    """The evening and the duplicate set a journal's header names (docs/RECORDS.md), as the
    meta keeps them: only those it names, each a string."""
    return {key: str(header[key]) for key in MARKS if header.get(key)}


def round_to_dict(result: RoundResult) -> dict[str, Any]:
    return {"out_order": list(result.out_order), "calls": [c.value for c in result.calls],
            "card_points": list(result.card_points), "call_points": list(result.call_points),
            "double_victory": result.double_victory}


def round_from_dict(data: Any) -> RoundResult:
    """A round's result from `round_to_dict` (ValueError or KeyError when it is not one)."""
    if not isinstance(data, dict):
        raise ValueError(_("a round's result is a map"))
    return RoundResult(tuple(int(s) for s in data["out_order"]),
                       tuple(Call(c) for c in data["calls"]), _pair(data["card_points"]),
                       _pair(data["call_points"]), int(data["double_victory"]))


def _pair(values: Any) -> tuple[int, int]:
    a, b = values
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (a, b)):
        raise ValueError(_("not two whole numbers: {values!r}").format(values=values))
    return a, b


def now_text() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def stamp_of(journal_name: str) -> str | None:
    """When a journal was created, from its name (``table-3-20250102-203011-ab12cd``)."""
    found = _STAMP.search(journal_name)
    if found is None:
        return None
    try:
        made = datetime.strptime(found.group(1), "%Y%m%d-%H%M%S")
    except ValueError:
        return None
    return made.astimezone().isoformat(timespec="seconds")


def read_meta(path: Path) -> GameMeta:
    try:
        return GameMeta.from_dict(parse_json(path.read_bytes()))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        if isinstance(exc, RecordError):
            raise RecordError(f"{path}: {exc}") from None
        raise RecordError(_("cannot read {path}: {why}").format(path=path, why=exc)) from None


def write_private(path: Path, data: dict[str, Any]) -> None:
    """Write a file only its owner may read, atomically (a reader never sees half of it)."""
    partial = path.with_name(path.name + ".partial")
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(data, out, ensure_ascii=False, indent=1)
        out.write("\n")
    os.replace(partial, path)


def call_made(rules: RuleSet, result: RoundResult, seat: int) -> bool:
    """Whether ``seat``'s Tichu or Grand Tichu succeeded in a round: it went out first (in
    the duel, not with the Dragon, which the call's points tell)."""
    if rules.duel:
        return result.call_points[seat] > 0
    return result.out_order[:1] == (seat,)


def calls_made(rules: RuleSet, result: RoundResult) -> list[bool]:
    """`call_made` for each seat, as a round's result in words wants it."""
    return [call_made(rules, result, seat) for seat in range(rules.seats)]
