"""The host's side of the records: the metadata written as a game goes, and retention.

A `Table` calls `Keeping.note` when its game starts, after each round and when the
game ends or the table closes; each call rewrites the game's metadata file whole
from the table's state. When a game ends (or its table closes) the oldest games
beyond the newest ``keep`` finished or abandoned ones are forgotten, metadata and
journal; a game a host could still resume is never touched.

A game's end looks at every kept game twice (retention, then the evening's standings), on
the host's reactor: 500 kept games of 15 rounds took 130-170 ms to read
(scripts/bench_records.py), a stall for every table. So what retention needs of each
file (`Kept`, not its rounds) is read once and remembered by the file's size, time and
inode; the host reads them all when it starts, and a game's end reads the file it wrote
and the evening's games.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Collection, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple

from engine import GameState

from ..paths import private_dir
from .meta import (META_SUFFIX, GameMeta, RecordError, SeatNote, TableName, now_text, read_meta,
                   write_private)
from .standings import Evening, EveningStats, standings
from .stats import evening_start

DEFAULT_KEEP = 500
SHOWN = 16              # people in the evening's standings a table is sent


def _marks(before: GameMeta | None, marks: Mapping[str, str]) -> dict[str, str]:
    """The evening and duplicate set of a game: as first kept (a resumed table's journal
    header is not read again), else as its header names them."""
    if before is not None:
        return {"duplicate": before.duplicate, "evening": before.evening}
    return {key: marks.get(key, "") for key in ("duplicate", "evening")}


class Kept(NamedTuple):
    """What retention needs of a kept game (its whole metadata is read when it is needed)."""

    id: str
    state: str
    when: datetime


@dataclass(frozen=True)
class Keeping:
    """Where one host keeps its games' metadata, and how many games it keeps (0: all)."""

    directory: Path                 # the metadata files
    done_dir: Path                  # the journals of games that will not be resumed
    host: str                       # as a person named it; "": none (this machine)
    keep: int = DEFAULT_KEEP
    _read: dict[str, tuple[tuple[int, int, int], Kept]] = field(
        default_factory=dict, init=False, compare=False, repr=False)
    _written: list[int] = field(default_factory=lambda: [0], init=False, compare=False,
                                repr=False)            # metadata files written: a change
    _standings: list[tuple[Any, Evening]] = field(default_factory=list, init=False,
                                                  compare=False, repr=False)

    def note(self, journal: Path, table: TableName, table_id: int,
             seats: Sequence[tuple[str, str | None]], game: GameState, moves: int,
             state: str, prune: bool = True, marks: Mapping[str, str] | None = None,
             timer: int | None = None) -> None:
        """Write the metadata of the game journalled in ``journal`` as it stands now.

        ``seats`` are (name, bot level or None) as they are now: the file keeps the seats
        the game started with, a bot's by its level alone (its name is the host's English;
        a reader calls it by its seat, "Bot 2"); a game that has ended is followed by a
        `prune`, unless the caller does that itself (``prune`` false); ``marks``: the evening
        and duplicate set its journal's header names (`meta.header_marks`), kept as the game
        began. Raises OSError when the file cannot be written."""
        game_id = journal.stem
        path = private_dir(self.directory) / f"{game_id}{META_SUFFIX}"
        before = self._previous(path)
        now = now_text()
        meta = GameMeta(
            id=game_id, host=self.host, table=table.given, table_id=table_id, rules=game.rules,
            seats=before.seats if before else tuple(SeatNote("" if b else n, b)
                                                    for n, b in seats),
            started=before.started if before else now, updated=now, state=state,
            scores=game.scores, rounds=game.history, winner=game.winner, moves=moves,
            opener=table.opener, timer=timer, **_marks(before, marks or {}))
        write_private(path, meta.to_dict())
        self._written[0] += 1
        if state != "playing" and prune:
            self.prune()

    @staticmethod
    def _previous(path: Path) -> GameMeta | None:
        if not path.exists():
            return None
        with contextlib.suppress(RecordError):
            return read_meta(path)
        return None

    def evening(self, names: Collection[str], now: datetime,
                evening: str | None = None) -> list[dict[str, Any]]:
        """The standings of the evening ``evening`` (`standings.evening_games`), most
        `SHOWN` people by rating, the people called ``names`` always among them (one with no
        game that evening with zeros), as the wire's `Standing` takes them."""
        found = self.standings(now, evening)
        people = [p for p in found.people if p.name in names]
        people += [p for p in found.people if p.name not in names][:SHOWN - len(people)]
        ranked = sorted(people, key=found.people.index)
        ranked += [EveningStats(n) for n in sorted(names) if n not in {p.name for p in ranked}]
        return [{k: v for k, v in asdict(p).items() if v is not None} for p in ranked]

    def standings(self, now: datetime, evening: str | None = None) -> Evening:
        """An evening's standings over the games kept here since this evening began, read
        again only once a game's metadata has been written since (anyone in the lobby may
        ask for them: `e`)."""
        key = (self._written[0], evening_start(now), evening)
        if self._standings and self._standings[0][0] == key:
            return self._standings[0][1]
        since = evening_start(now)
        games = []
        for kept, path in self.kept():
            if kept.when >= since:
                with contextlib.suppress(RecordError, FileNotFoundError):
                    games.append(read_meta(path))
        found = standings(games, now, evening)
        self._standings[:] = [(key, found)]
        return found

    def kept(self) -> list[tuple[Kept, Path]]:
        """Every game whose metadata reads back, with its file (a damaged one is skipped)."""
        return [(kept, self.directory / name) for name, kept in self._scan().items()]

    def _scan(self) -> dict[str, Kept]:
        """What retention needs of every kept game, by file name. A game's end scans them
        all on the reactor, so it lists the folder once, with each file's stat, and reads
        again only the files that changed (pathlib's glob and a Path for each file made the
        scan of 500 games take 9 ms)."""
        read = {}
        with contextlib.suppress(FileNotFoundError), os.scandir(self.directory) as entries:
            for entry in entries:
                if entry.name.endswith(META_SUFFIX):
                    with contextlib.suppress(RecordError, FileNotFoundError):
                        read[entry.name] = self._remembered(entry)
        self._read.clear()
        self._read.update(read)
        return {name: kept for name, (_key, kept) in read.items()}

    def _remembered(self, entry: os.DirEntry[str]) -> tuple[tuple[int, int, int], Kept]:
        """The file's key and what retention needs of it, read again only if it changed."""
        stat = entry.stat()
        key = (stat.st_mtime_ns, stat.st_size, stat.st_ino)
        known = self._read.get(entry.name)
        if known is not None and known[0] == key:
            return known
        meta = read_meta(Path(entry.path))
        return key, Kept(meta.id, meta.state, meta.when)

    def prune(self) -> list[str]:
        """Forget the oldest games that will not be resumed beyond the newest ``keep``; returns
        their ids."""
        if self.keep <= 0 or not self.directory.is_dir():
            return []
        ended = [(meta, name) for name, meta in self._scan().items() if meta.state != "playing"]
        if len(ended) <= self.keep:
            return []
        ended.sort(key=lambda item: (item[0].when, item[0].id), reverse=True)
        forgotten = {meta.id: name for meta, name in ended[self.keep:]}
        with contextlib.suppress(FileNotFoundError), os.scandir(self.done_dir) as entries:
            journals = [entry.path for entry in entries       # the journal, and any backup
                        if entry.name.split(".", 1)[0] in forgotten]
        for journal in journals:
            Path(journal).unlink(missing_ok=True)
        for name in forgotten.values():
            (self.directory / name).unlink(missing_ok=True)
        return list(forgotten)
