"""One game read back for a replay or an export: its metadata, its seed and every move.

A game is read from its journal (on the host's machine) or from an exported file
(`importing`). Either way every move is checked by the engine before anything is
shown: a file that does not replay is refused whole, with the reason.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from engine import (Action, GameState, IllegalAction, NotationError, RuleSet, TichuError,
                    action_from_dict, apply, new_game, trick_to_collect)

from ..i18n import _
from .journal import JournalError, JournalGame, journal_game, read_journal
from .meta import GameMeta, RecordError, SeatNote, header_marks, now_text, stamp_of
from .proofs import RoundProof, Verdict, proofs_of


@dataclass(frozen=True)
class GameRecord:
    meta: GameMeta
    seed: int
    actions: tuple[Action, ...]
    source: Path                    # the journal or the exported file it was read from
    shared: bool = False            # its rounds were dealt from shared shuffles
    shuffles: tuple[RoundProof, ...] = ()     # ... each kept here
    checks: tuple[Verdict, ...] = ()          # what the programs found when they checked

    def final(self) -> GameState:
        """The game after every move (the moves were checked when the record was read)."""
        return played(self.meta.rules, self.seed, self.actions, self.source, self.shared)


def played(rules: RuleSet, seed: int, actions: tuple[Action, ...], source: Path,
           shared: bool = False) -> GameState:
    """The game after ``actions``; RecordError names the first move the engine refuses."""
    game = new_game(rules, seed, shared=shared)
    for number, action in enumerate(actions, start=1):
        try:
            game, _events = apply(game, action)
        except IllegalAction as exc:
            raise RecordError(_("{path}: move {number} is not legal ({why}); the file is not a "
                                "game this program can replay").format(
                                    path=source, number=number, why=exc)) from None
    return game


def with_collections(rules: RuleSet, seed: int, actions: tuple[Action, ...]) -> tuple[Action, ...]:
    """The moves of a journal of the first format, whose tricks were collected at their last
    pass, with the collection each won trick now waits for (no bomb could follow a last
    pass then, so every waiting trick was collected at once). From a move the engine
    refuses on, the moves are left as they are for `played` to report."""
    game, out = new_game(rules, seed), list[Action]()
    for index, action in enumerate(actions):
        collect = trick_to_collect(game)
        try:
            if collect is not None:
                game, _events = apply(game, collect)
            game, _events = apply(game, action)
        except IllegalAction:
            return (*out, *actions[index:])
        out += [collect, action] if collect is not None else [action]
    return tuple(out)


def actions_of(dicts: list[Any], source: Path) -> tuple[Action, ...]:
    out = []
    for number, data in enumerate(dicts, start=1):
        try:
            out.append(action_from_dict(data))
        except (NotationError, TichuError) as exc:
            raise RecordError(_("{path}: move {number} cannot be read ({why})").format(
                path=source, number=number, why=exc)) from None
    return tuple(out)


def check_owner(path: Path, finished: bool) -> None:
    """Only the host's own user may open a game that is not finished.

    The journal and the metadata are the host user's, 0600 in 0700 folders; this also
    holds for a copy given away before the game's end (an export), and for root."""
    if finished:
        return
    try:
        owner = path.stat().st_uid
    except OSError as exc:
        raise RecordError(_("cannot read {path}: {why}").format(path=path, why=exc.strerror)) \
            from None
    if owner != os.getuid():
        raise RecordError(_("{path} is a game that is not finished and belongs to another user "
                            "of this machine: only the host's own user may replay or export a "
                            "game in progress").format(path=path))


def from_journal(path: Path, meta: GameMeta | None = None) -> GameRecord:
    """The game journalled in ``path``, for a replay or an export; ``meta`` is its metadata, if
    the host kept it. An unfinished game is only for the journal's owner."""
    read = _read(path)
    check_owner(path, read.state == "over")
    shuffles, checks = proofs_of(read.game.proofs)
    return GameRecord(meta or read.meta(), read.seed, read.actions, path,
                      bool(read.game.header.get("shared")), shuffles, checks)


def describe_journal(path: Path) -> GameMeta:
    """The metadata of a journal the host kept none for (one written before records were): for
    the game list, which shows no cards."""
    return _read(path).meta()


@dataclass(frozen=True)
class _JournalRead:
    path: Path
    game: JournalGame
    rules: RuleSet
    seed: int
    actions: tuple[Action, ...]
    final: GameState
    state: str

    def meta(self) -> GameMeta:
        return _meta_from_journal(self.path, self.game, self.rules, self.final, self.state)


def _read(path: Path) -> _JournalRead:
    game, rules, seed, actions = journal_moves(path)
    state = {"over": "over", "closed": "closed"}.get(game.ending or "", "playing")
    return _JournalRead(path, game, rules, seed, actions,
                        played(rules, seed, actions, path, bool(game.header.get("shared"))),
                        state)


def journal_moves(path: Path) -> tuple[JournalGame, RuleSet, int, tuple[Action, ...]]:
    """A journal's game, rules, seed and moves, read but not yet replayed."""
    try:
        game = journal_game(read_journal(path))
    except (OSError, JournalError, KeyError, TypeError) as exc:
        raise RecordError(_("{path} is not a game journal this program can read ({why})").format(
            path=path, why=exc)) from None
    if not game.started:
        raise RecordError(_("{path}: the game at this table never started").format(path=path))
    try:
        rules, seed = RuleSet.from_dict(game.header["rules"]), int(game.header["seed"])
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(_("{path}: the journal's header is damaged ({why})").format(
            path=path, why=exc)) from None
    actions = actions_of(game.actions, path)
    if game.header.get("format") == 1:
        actions = with_collections(rules, seed, actions)
    return game, rules, seed, actions


def _meta_from_journal(path: Path, game: JournalGame, rules: RuleSet, final: GameState,
                       state: str) -> GameMeta:
    seats = [SeatNote("") for _seat in range(rules.seats)]
    for moves_before, record in game.seat_records:
        if moves_before or not 0 <= int(record["seat"]) < rules.seats:
            continue
        seat, kind = int(record["seat"]), record["kind"]
        if kind == "sit":
            seats[seat] = SeatNote(str(record["name"]))
        elif kind == "bot":
            seats[seat] = SeatNote("", str(record["level"]))
        else:
            seats[seat] = SeatNote("")
    try:
        changed = datetime.fromtimestamp(path.stat().st_mtime).astimezone()
        updated = changed.isoformat(timespec="seconds")
    except OSError:
        updated = now_text()
    marks = header_marks(game.header)
    return GameMeta(id=path.name.split(".")[0], host="", table=str(game.header.get("name", "")),
                    table_id=int(game.header.get("id", 0)), rules=rules, seats=tuple(seats),
                    started=stamp_of(path.name) or updated, updated=updated, state=state,
                    scores=final.scores, rounds=final.history, winner=final.winner,
                    moves=len(game.actions), opener=str(game.header.get("opener", "")),
                    duplicate=marks.get("duplicate", ""), evening=marks.get("evening", ""))
