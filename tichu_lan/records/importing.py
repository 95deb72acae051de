"""Reading an exported game back: every field checked, every move replayed by the engine.

A file that is not a game record of a version this program reads, or whose moves do
not give the rounds and scores it claims, is refused whole with the reason; nothing
is written anywhere.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

from engine import GameState, RuleSet

from ..i18n import _
from .game_record import GameRecord, actions_of, check_owner, played
from .proofs import RoundProof, Verdict
from .meta import (STATES, GameMeta, RecordError, SeatNote, now_text, parse_json,
                   round_from_dict)

EXPORT_SUFFIX = ".json"
SCHEMA = "tichu-lan/game-record"
VERSION = 1
SHARED_VERSION = 2                # a game dealt from shared shuffles: its deals and proofs too
MAX_BYTES = 16 * 1024 * 1024      # a game to 100000 points is well under a megabyte


def read_export(path: Path) -> GameRecord:
    """The game in an exported file, checked against the engine's replay."""
    data, record = export_moves(path)
    check_owner(path, record.meta.finished)
    final = _check_results(data, record, path)
    meta = replace(record.meta, scores=final.scores, rounds=final.history, winner=final.winner)
    return replace(record, meta=meta)


def export_moves(path: Path) -> tuple[dict[str, Any], GameRecord]:
    """An exported file and the game in it, read but not yet replayed."""
    data = _load(path)
    try:
        return data, _record(data, path)
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(_("{path} is not a game record this program can read ({why})").format(
            path=path, why=exc)) from None


def _load(path: Path) -> Any:
    try:
        if path.stat().st_size > MAX_BYTES:
            raise RecordError(_("{path} is too large to be a game record").format(path=path))
        data = parse_json(path.read_bytes())
    except OSError as exc:
        raise RecordError(_("cannot read {path}: {why}").format(path=path, why=exc.strerror)) \
            from None
    except (UnicodeDecodeError, ValueError):
        raise RecordError(_("{path} is not JSON, so not an exported game").format(path=path)) \
            from None
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise RecordError(_("{path} is not an exported tichu-lan game").format(path=path))
    if data.get("version") not in (VERSION, SHARED_VERSION):
        raise RecordError(_("{path} is a game record of version {version}; this program reads "
                            "version {ours}").format(path=path, version=data.get("version"),
                                                     ours=f"{VERSION}, {SHARED_VERSION}"))
    return data


def _record(data: dict[str, Any], path: Path) -> GameRecord:
    rules = RuleSet.from_dict(data["rules"])
    seed = data["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        raise ValueError(_("the seed is {seed!r}, not a whole number").format(seed=seed))
    seats = data["seats"]
    if not isinstance(seats, list) or len(seats) != rules.seats:
        raise ValueError(_("a {variant} game has {count} seats").format(
            variant=rules.variant.value, count=rules.seats))
    datetime.fromisoformat(str(data["started"]))      # ValueError when it is not a time
    state = str(data["state"])
    if state not in STATES:
        raise ValueError(_("unknown state {state!r}").format(state=state))
    if not isinstance(data["actions"], list):
        raise ValueError(_("the moves are not a list"))
    actions = actions_of(data["actions"], path)
    meta = GameMeta(id=str(data["id"]), host=str(data.get("host", "")),
                    table=str(data.get("table", "")), table_id=0, rules=rules,
                    seats=tuple(SeatNote(str(s["name"]), None if s.get("bot") is None
                                         else str(s["bot"])) for s in seats),
                    started=str(data["started"]), updated=now_text(), state=state,
                    moves=len(actions), opener=str(data.get("opener", "")))
    shared = data.get("shared") is True
    shuffles = tuple(RoundProof.from_dict(p) for p in data.get("shuffles") or ())
    checks = tuple(Verdict.from_dict(v) for v in data.get("checks") or ())
    return GameRecord(meta, seed, actions, path, shared, shuffles, checks)


def _check_results(data: dict[str, Any], record: GameRecord, path: Path) -> GameState:
    """The file's rounds and scores are what its moves give, or the file is refused."""
    final = played(record.meta.rules, record.seed, record.actions, path, record.shared)
    try:
        claimed = [round_from_dict(r) for r in data["rounds"]]
        scores = tuple(data["scores"])
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(_("{path}: the rounds' results cannot be read ({why})").format(
            path=path, why=exc)) from None
    if tuple(claimed) != final.history or scores != final.scores or \
            data.get("winner") != final.winner or (record.meta.state == "over") != final.over:
        raise RecordError(_("{path}: the rounds and scores it states are not what its moves "
                            "give; the file was changed or damaged").format(path=path))
    return final
