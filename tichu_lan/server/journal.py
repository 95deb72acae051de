"""A table's journal: one file, one line per record, appended and flushed before anyone hears of it.

A game is ``(rules, seed, actions)``, so a header (rules, seed, options) and one
record per accepted action, seat change and start rebuild a table exactly. Each
line is a CRC-32 and a JSON record, so a line the host was killed in the middle
of, or one damaged on disk, is recognised: reading stops there, reports it, and
keeps every record before it.

Writes go straight to the file descriptor (no buffer in between), so once
`Journal.append` returns the record survives the host process being killed;
``fsync`` also makes it survive a power cut, at the cost of a disk flush.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import time
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..paths import private_dir

FORMAT = 2                 # 2: a won trick waits for its `collect` record (1 had none)
SUFFIX = ".journal"
END_KINDS = ("over", "closed")      # the last record of a table that will not be resumed
SEAT_KINDS = ("sit", "bot", "free")


class JournalError(Exception):
    """The journal could not be written or read; the message says what to do."""


def encode_record(record: dict[str, Any]) -> bytes:
    body = json.dumps(record, separators=(",", ":"), ensure_ascii=False).encode()
    return b"%08x " % zlib.crc32(body) + body + b"\n"


class Journal:
    """The open journal of one live table."""

    def __init__(self, path: Path, fsync: bool = False) -> None:
        self.path = path
        self.fsync = fsync
        self.fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        self.size = os.fstat(self.fd).st_size

    @classmethod
    def create(cls, directory: Path, table_id: int, header: dict[str, Any],
               fsync: bool = False) -> Journal:
        private_dir(directory)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = directory / f"table-{table_id}-{stamp}-{secrets.token_hex(3)}{SUFFIX}"
        journal = cls(path, fsync)
        journal.append(header)
        return journal

    def append(self, record: dict[str, Any]) -> None:
        """Write one record through to the file, or raise JournalError and leave the file as
        it was."""
        line = encode_record(record)
        if self.fd < 0:
            raise JournalError(f"the journal {self.path} is closed")
        try:
            written = 0
            while written < len(line):
                written += os.write(self.fd, line[written:])
            if self.fsync:
                os.fsync(self.fd)
        except OSError as exc:
            self._cut_back(self.size)
            raise JournalError(f"the host cannot save the game to {self.path} ({exc.strerror}); "
                               "free some disk space, the move was not made") from None
        self.size += len(line)

    def _cut_back(self, size: int) -> None:
        # if this fails too, the reader still stops at the half-written line and keeps what
        # is before it
        with contextlib.suppress(OSError):
            os.ftruncate(self.fd, size)

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def retire(self, done_dir: Path) -> Path:
        """Close and move to ``done_dir``: the table is over and will not be resumed."""
        self.close()
        private_dir(done_dir)
        target = done_dir / self.path.name
        os.replace(self.path, target)
        return target


@dataclass
class JournalRead:
    path: Path
    records: list[dict[str, Any]]
    offsets: list[int]              # where each record starts in the file
    size: int                       # bytes of whole, sound records
    damage: str | None              # what is wrong after the last sound record

    def damaged_at(self, index: int, why: str) -> None:
        """Keep only the records before ``index`` (one that turned out to be unusable)."""
        self.damage = f"record {index + 1} {why}"
        self.size = self.offsets[index]
        del self.records[index:], self.offsets[index:]


def read_journal(path: Path) -> JournalRead:
    """Every sound record of a journal, and a description of the damage after them, if any."""
    data = path.read_bytes()
    read = JournalRead(path, [], [], 0, None)
    pos = 0
    while pos < len(data):
        end = data.find(b"\n", pos)
        number = len(read.records) + 1
        if end < 0:
            read.damage = f"record {number} is cut short (the host stopped while writing it)"
            break
        problem = _check_line(data[pos:end])
        if isinstance(problem, str):
            read.damage = f"record {number} {problem}"
            break
        read.records.append(problem)
        read.offsets.append(pos)
        pos = end + 1
        read.size = pos
    return read


def _check_line(line: bytes) -> dict[str, Any] | str:
    crc, _, body = line.partition(b" ")
    try:
        if len(crc) != 8 or int(crc, 16) != zlib.crc32(body):
            return "fails its checksum (damaged on disk)"
        record = json.loads(body)
    except ValueError:
        return "is not readable"
    if not isinstance(record, dict) or not isinstance(record.get("kind"), str):
        return "is not a journal record"
    return record


def keep_sound_part(read: JournalRead) -> Path:
    """Cut the journal back to its sound records; the whole damaged file is kept beside it."""
    backup = read.path.with_name(f"{read.path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
    shutil.copy2(read.path, backup)
    with open(read.path, "r+b") as f:
        f.truncate(read.size)
    return backup


def unfinished_journals(directory: Path) -> list[Path]:
    """The journals a host resumes, oldest first."""
    if not directory.is_dir():
        return []
    return sorted(directory.glob(f"*{SUFFIX}"), key=lambda p: (p.stat().st_mtime, p.name))


@dataclass
class JournalGame:
    """A journal read as a game: the table's header, its seat changes, every move, its end.

    What the game records (`tichu_lan.records`) need of a journal, so that they never
    parse its lines themselves."""

    header: dict[str, Any]
    seat_records: list[tuple[int, dict[str, Any]]]  # (moves made before it, sit/bot/free record)
    started: bool
    actions: list[dict[str, Any]]                   # every accepted move's action, in order
    ending: str | None                              # "over" or "closed"; None: may go on


def journal_game(read: JournalRead) -> JournalGame:
    """The game in a journal's sound records; JournalError if it is not a table journal this
    program can read (a record of an unknown kind, or moves out of order)."""
    head = read.records[0] if read.records else None
    if not head or head.get("kind") != "table" or head.get("format") != FORMAT:
        raise JournalError(f"{read.path} is not a table journal this program can read")
    game = JournalGame(head, [], False, [], None)
    for number, record in enumerate(read.records[1:], start=2):
        kind = record["kind"]
        if game.ending is not None:
            raise JournalError(f"{read.path}: record {number} follows the end of the table")
        if kind in SEAT_KINDS:
            game.seat_records.append((len(game.actions), record))
        elif kind == "start" and not game.started:
            game.started = True
        elif kind == "action" and game.started and record.get("n") == len(game.actions) + 1:
            game.actions.append(record["action"])
        elif kind in END_KINDS:
            game.ending = kind
        else:
            raise JournalError(f"{read.path}: record {number} ({kind!r}) is out of place")
    return game
