"""A table's journal: one file, one line per record, appended and flushed before anyone hears of it.

A game is ``(rules, seed, actions)``, so a header (rules, seed, options) and one
record per accepted action, seat change and start rebuild a table exactly. Each
line is a CRC-32, the record's number (1 for the header, then one more per line)
and a JSON record, so a line the host was killed in the middle of, one damaged on
disk, one missing or one out of place is recognised. At the start and at every round
start the table also writes a **checkpoint**: the header again, every seat and the
game's summary (`tichu_lan.server.checkpoint`), enough to rebuild the table without
any line before it.

Reading stops at the first damaged line, keeps every record before it, and goes on
from the first sound checkpoint after it, if there is one: damage costs at most the
moves between the checkpoint before it and the damage, and nothing after a later
sound checkpoint (whose round goes on whole; the moves between the damage and it are
then missing from the record only). `JournalRead.losses` says what was lost.
docs/JOURNAL.md describes the format, and why it is a file of lines and not sqlite.

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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..paths import private_dir

FORMAT = 2                 # 2: a won trick waits for its `collect` record (1 had none)
SUFFIX = ".journal"
END_KINDS = ("over", "closed")      # the last record of a table that will not be resumed
SEAT_KINDS = ("sit", "bot", "free")
CHECKPOINT = "checkpoint"
UNATTENDED, ATTENDED = "unattended", "attended"    # a waiting table's presence notes
PRESENCE = (UNATTENDED, ATTENDED)
# A line cut short is not what a kill leaves (one small write is never half done): it is a
# power cut or a full disk, which may have taken moves people saw; the players are told.
CUT_SHORT = "is cut short (the host lost power or disk space while writing it)"
# Records that change no move of the game: a replay reads past them.
QUIET_KINDS = ("owner", "options", CHECKPOINT, *PRESENCE)
# A shared game's shuffles (tichu_lan.server.shared_shuffle) and what the programs found
# when they checked its rounds: the game's proof, kept with it.
PROOF_KINDS = ("shuffle", "commit", "reveal", "missing", "checked")


class JournalError(Exception):
    """The journal could not be written or read; the message says what to do."""


def encode_record(record: dict[str, Any], number: int | None = None) -> bytes:
    """One line: the CRC-32 of what follows it, the record's number (None: a line of the
    first journals, which had none) and the record."""
    body = json.dumps(record, separators=(",", ":"), ensure_ascii=False).encode()
    rest = body if number is None else b"%d %s" % (number, body)
    return b"%08x " % zlib.crc32(rest) + rest + b"\n"


class Journal:
    """The open journal of one live table."""

    def __init__(self, path: Path, fsync: bool = False) -> None:
        self.path = path
        self.fsync = fsync
        self.fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        self.size = os.fstat(self.fd).st_size
        self.number = _last_number(path) if self.size else 0   # the last record's number

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
        line = encode_record(record, self.number + 1)
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
        self.number += 1

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


def _last_number(path: Path) -> int:
    """The number of the last record in ``path`` (a journal of the first format: its count)."""
    data = path.read_bytes()
    lines = data.split(b"\n")[:-1]
    if lines:
        read = _read_line(lines[-1])
        if isinstance(read, tuple) and read[0] is not None:
            return read[0]
    return len(lines)


# --- reading -------------------------------------------------------------------------

@dataclass
class Loss:
    """What one damaged stretch of a journal cost."""

    record: int                     # the number of the first record that could not be used
    why: str
    after_move: int                 # the last move read before it
    resumed_at: int | None = None   # the move of the checkpoint reading went on from (None:
                                    # it stopped there)
    last_seen: int | None = None    # the highest move named by a readable record after it

    @property
    def lost_moves(self) -> int:
        """Moves of the game that are gone (0 when a later checkpoint kept the game whole)."""
        if self.resumed_at is not None or self.last_seen is None:
            return 0
        return max(0, self.last_seen - self.after_move)


@dataclass
class JournalRead:
    path: Path
    records: list[dict[str, Any]]   # to apply in order (a checkpoint sets the whole table)
    offsets: list[int]              # where each record starts in the file
    size: int                       # bytes of whole, sound records at the start of the file
    damage: str | None              # what is wrong with the first damaged record, if any
    losses: list[Loss] = field(default_factory=list)
    moves: list[int] = field(default_factory=list)   # the last move number after each record
    numbers: list[int] = field(default_factory=list)  # each record's number in the file
    unattended: bool = False        # a waiting table that nobody was at, at the last note
    rewrite: bool = False           # the records kept are not the start of the file
    later: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
                                    # sound records after the damage, not used (offset, record)

    @property
    def abandoned(self) -> bool:
        """A table that never started, and nobody was at it when the host stopped."""
        started = any(r["kind"] == "start" or (r["kind"] == CHECKPOINT and r.get("game"))
                      for r in self.records)
        return self.unattended and not started

    def damaged_at(self, index: int, why: str) -> int:
        """Record ``index`` turned out unusable: go on from the next checkpoint after it, if
        there is one, else keep only the records before it. Returns the index to go on from
        (which is ``index``: what was there is dropped)."""
        loss = Loss(self.numbers[index], why, self.moves[index - 1] if index > 0 else 0)
        following = next((i for i in range(index + 1, len(self.records))
                          if self.records[i]["kind"] == CHECKPOINT), None)
        end = following if following is not None else len(self.records)
        named = [_move_of(self.records[i]) for i in range(index, end)]
        loss.last_seen = max((n for n in named if n is not None), default=None)
        if following is not None:
            loss.resumed_at = int(self.records[following]["n"])
            self.rewrite = True
        else:                                # what came after is cut off with it
            self.losses = [old for old in self.losses if old.record < loss.record]
            if not self.rewrite:
                self.size = self.offsets[index]
        self.losses.append(loss)
        self.damage = f"record {loss.record} {why}"
        for kept in (self.records, self.offsets, self.moves, self.numbers):
            del kept[index:end]
        return index

    def _note(self, loss: Loss) -> None:
        self.losses.append(loss)
        if self.damage is None:
            self.damage = f"record {loss.record} {loss.why}"


def read_journal(path: Path) -> JournalRead:
    """Every usable record of a journal, and what its damage cost, if any."""
    data = path.read_bytes()
    read = JournalRead(path, [], [], 0, None)
    pos, last, at_start = 0, 0, True
    while pos < len(data):
        end = data.find(b"\n", pos)
        line = _read_line(data[pos:end]) if end >= 0 else CUT_SHORT
        if isinstance(line, tuple) and (line[0] is None or line[0] == last + 1):
            number, record = line
            last = last + 1 if number is None else number
            _keep(read, record, pos, last)
            pos = end + 1
            if at_start:
                read.size = pos
            continue
        if isinstance(line, tuple):
            found = int(line[0] or 0)        # a numbered line, not the one expected
            why = (f"is missing (the next record is number {found})" if found > last + 1
                   else f"is out of place (record {found} comes again)")
        else:
            why = line
        resume = _next_checkpoint(read, data, end + 1 if end >= 0 else len(data))
        read._note(Loss(last + 1, why, read.moves[-1] if read.moves else 0,
                        _move_of(resume[2]) if resume else None,
                        max((n for n in map(_move_of, (r for _, r in read.later))
                             if n is not None), default=None)))
        at_start = False
        if resume is None:
            break
        pos, number, checkpoint = resume
        read.rewrite = True
        if not read.records:                 # the header itself was lost: the checkpoint's
            _keep(read, dict(checkpoint["table"]), pos, 0)
        last = number
        _keep(read, checkpoint, pos, number)
        pos = data.find(b"\n", pos) + 1
    return read


def _keep(read: JournalRead, record: dict[str, Any], offset: int, number: int) -> None:
    """Take a sound record in (presence notes are kept as a flag, not as records)."""
    if record["kind"] in PRESENCE:
        read.unattended = record["kind"] == UNATTENDED
        return
    moved = _move_of(record)
    read.records.append(record)
    read.offsets.append(offset)
    read.numbers.append(number)
    read.moves.append(moved if moved is not None else (read.moves[-1] if read.moves else 0))


def _next_checkpoint(read: JournalRead, data: bytes,
                     pos: int) -> tuple[int, int, dict[str, Any]] | None:
    """The first sound, numbered checkpoint from ``pos`` on (offset, number, record); the sound
    records passed on the way are noted in ``read.later``."""
    read.later = []
    while pos < len(data):
        end = data.find(b"\n", pos)
        if end < 0:
            return None
        line = _read_line(data[pos:end])
        if isinstance(line, tuple):
            number, record = line
            if record["kind"] == CHECKPOINT and number is not None and _checkpoint_shape(record):
                return pos, number, record
            read.later.append((pos, record))
        pos = end + 1
    return None


def _checkpoint_shape(record: dict[str, Any]) -> bool:
    head = record.get("table")
    return (isinstance(head, dict) and head.get("kind") == "table"
            and isinstance(record.get("n"), int) and isinstance(record.get("seats"), list))


def _move_of(record: dict[str, Any] | None) -> int | None:
    """The move a record brings the game to, if it names one."""
    if record is not None and record["kind"] in ("action", CHECKPOINT):
        n = record.get("n")
        return n if isinstance(n, int) else None
    return None


def _read_line(line: bytes) -> tuple[int | None, dict[str, Any]] | str:
    """A sound line's number (None for an unnumbered line) and record, or what is wrong."""
    crc, _, rest = line.partition(b" ")
    try:
        if len(crc) != 8 or int(crc, 16) != zlib.crc32(rest):
            return "fails its checksum (damaged on disk)"
        number: int | None = None
        if rest[:1].isdigit():
            digits, _, rest = rest.partition(b" ")
            number = int(digits)
        record = json.loads(rest)
    except (ValueError, RecursionError):
        return "is not readable"
    if not isinstance(record, dict) or not isinstance(record.get("kind"), str):
        return "is not a journal record"
    return number, record


def keep_sound_part(read: JournalRead) -> Path:
    """Make the journal hold only its usable records (cut back to them, or written anew when
    a damaged stretch was skipped); the whole damaged file is kept beside it."""
    backup = read.path.with_name(f"{read.path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
    shutil.copy2(read.path, backup)
    if not read.rewrite:
        with open(read.path, "r+b") as f:
            f.truncate(read.size)
        return backup
    fresh = read.path.with_name(read.path.name + ".partial")
    with open(fresh, "wb") as f:
        for number, record in enumerate(read.records, 1):
            f.write(encode_record(record, number))
        f.flush()
        os.fsync(f.fileno())
    os.replace(fresh, read.path)
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
    proofs: list[dict[str, Any]] = field(default_factory=list)   # the PROOF_KINDS records


def journal_game(read: JournalRead) -> JournalGame:
    """The game in a journal's sound records; JournalError if it is not a table journal this
    program can read (a record of an unknown kind, or moves out of order)."""
    head = read.records[0] if read.records else None
    if not head or head.get("kind") != "table" or head.get("format") not in (1, FORMAT):
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
        elif kind in PROOF_KINDS and game.started:
            game.proofs.append(record)
        elif kind not in QUIET_KINDS:
            raise JournalError(f"{read.path}: record {number} ({kind!r}) is out of place")
    return game
