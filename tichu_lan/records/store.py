"""The kept games of a data folder: listed newest first, found by number, id or file.

A host's games are under the data folder (``journals/``, ``journals/done/``, ``games/``);
`tichu play` keeps its own under ``play/`` in it, so both are listed. A game whose
metadata is missing or damaged is described from its journal instead; a file that
is neither is reported, never changed.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path

from .. import paths
from ..i18n import _
from .journal import SUFFIX
from .game_record import GameRecord, describe_journal, from_journal
from .importing import EXPORT_SUFFIX, read_export
from .meta import META_SUFFIX, GameMeta, RecordError, read_meta


@dataclass(frozen=True)
class KeptGame:
    meta: GameMeta
    journal: Path | None            # None: its journal is gone
    resumable: bool                 # the journal waits for the host's --resume

    @property
    def status(self) -> str:
        """"finished", "unfinished" (it may go on) or "abandoned" (its table closed first)."""
        if self.meta.finished:
            return "finished"
        return "abandoned" if self.meta.state == "closed" else "unfinished"

    def to_dict(self, number: int) -> dict[str, object]:
        return {"number": number, **self.meta.to_dict(), "status": self.status,
                "journal": str(self.journal) if self.journal else None}


class RecordStore:
    def __init__(self, data: Path) -> None:
        self.roots = [data, paths.solo_data_dir(data)]
        self.problems: list[str] = []     # files that could not be read by the last listing

    def games(self) -> list[KeptGame]:
        """Every kept game, newest first."""
        self.problems = []
        games: list[KeptGame] = []
        for root in self.roots:
            games += self._games_in(root)
        return sorted(games, key=lambda g: (g.meta.when, g.meta.id), reverse=True)

    def _games_in(self, root: Path) -> list[KeptGame]:
        waiting = _journals(paths.journal_dir(root))
        done = _journals(paths.finished_journal_dir(root))
        games = []
        records = paths.records_dir(root)
        for path in sorted(records.glob(f"*{META_SUFFIX}")) if records.is_dir() else []:
            try:
                meta = read_meta(path)
            except RecordError as exc:
                self.problems.append(str(exc))
                continue
            journal = waiting.pop(meta.id, None) or done.pop(meta.id, None)
            games.append(KeptGame(meta, journal, journal is not None and journal.parent ==
                                  paths.journal_dir(root)))
        for journals, resumable in ((waiting, True), (done, False)):
            for journal in journals.values():
                try:
                    games.append(KeptGame(describe_journal(journal), journal, resumable))
                except RecordError as exc:
                    self.problems.append(str(exc))
        return games

    def find(self, key: str) -> KeptGame:
        """The game ``key`` names: its number in the list (1 is the newest), its id, or a part
        of its id that only it has."""
        games = self.games()
        if key.isdigit():
            number = int(key)
            if 1 <= number <= len(games):
                return games[number - 1]
            raise RecordError(_("there is no game number {number}: `tichu games` lists the {count} "
                                "kept here").format(number=key, count=len(games)))
        exact = [g for g in games if g.meta.id == key]
        matches = exact or [g for g in games if key in g.meta.id]
        if len(matches) == 1:
            return matches[0]
        if not matches:
            raise RecordError(_("no kept game is called {key!r}: `tichu games` lists them").format(
                key=key))
        raise RecordError(_("{key!r} could be any of {count} games; give more of its id").format(
            key=key, count=len(matches)))

    def open(self, key: str) -> GameRecord:
        """The game ``key`` names (see `find`), or the game in the file at path ``key``."""
        path, meta = self.locate(key)
        return read_export(path) if path.name.endswith(EXPORT_SUFFIX) else from_journal(path, meta)

    def locate(self, key: str) -> tuple[Path, GameMeta | None]:
        """The file of the game ``key`` names (a journal or an export), and its metadata if
        the host kept it."""
        path = Path(key)
        if key.endswith((EXPORT_SUFFIX, SUFFIX)) and path.is_file():
            return path, None
        kept = self.find(key)
        if kept.journal is None:
            raise RecordError(_("the journal of game {id} is gone; only its summary is "
                                "left").format(id=kept.meta.id))
        return kept.journal, kept.meta


def _journals(directory: Path) -> dict[str, Path]:
    found: dict[str, Path] = {}
    with contextlib.suppress(OSError):
        for path in directory.glob(f"*{SUFFIX}"):
            found[path.stem] = path
    return found
