"""`tichu verify`: a kept or exported game checked round by round, with the engine alone.

For each round of a shared game the record's shuffle must hold (every value its seat's
commitment's) and give the seed the round was dealt from (`engine.shared_deal`); every
move must be legal, replayed from the start (a card its seat did not hold, a pass that
broke the wish: the engine refuses it, and the move is named); and an exported game's
stated rounds must be what its moves give. The record is read without the checks a
replay or an export makes on reading, so that a tampered file is not merely refused
but has its fault named. What the programs at the table found is reported beside.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import Deal, GameState, IllegalAction, RuleSet, apply, new_game
from engine.codec import reason_to_dict
from engine.shared_deal import Finding, check_shuffle

from .game_record import GameRecord, check_owner, describe_journal, journal_moves
from .importing import EXPORT_SUFFIX, export_moves
from .meta import GameMeta, RecordError, SeatNote, now_text, round_from_dict
from .proofs import RoundProof, proofs_of


@dataclass(frozen=True)
class RoundFound:
    """One round of the game: dealt from its shared shuffle or from the game's seed, and the
    first thing wrong with it (None: it holds)."""

    round_no: int
    shared: bool
    finding: Finding | None = None


@dataclass
class Verified:
    record: GameRecord
    rounds: list[RoundFound] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(r.finding is None for r in self.rounds)


def read_for_check(path: Path, meta: GameMeta | None = None) -> tuple[GameRecord, list[Any]]:
    """The game in a journal or an export, read but not replayed, and the rounds an export
    states (none for a journal)."""
    if path.name.endswith(EXPORT_SUFFIX):
        data, record = export_moves(path)
        check_owner(path, record.meta.finished)
        rounds = data.get("rounds")
        return record, rounds if isinstance(rounds, list) else []
    game, rules, seed, actions = journal_moves(path)
    check_owner(path, game.ending == "over")
    shuffles, checks = proofs_of(game.proofs)
    try:
        meta = meta or describe_journal(path)
    except RecordError:
        meta = _bare_meta(path, rules, len(actions))
    return GameRecord(meta, seed, actions, path, bool(game.header.get("shared")), shuffles,
                      checks), []


def verify(record: GameRecord, stated: Sequence[Any] = ()) -> Verified:
    """Every round of ``record`` checked (see the module's docstring); the replay stops at
    the first move the engine refuses."""
    out = Verified(record)
    rules = record.meta.rules
    shuffles = {p.round_no: p for p in record.shuffles}
    game = new_game(rules, record.seed, shared=record.shared)
    found: Finding | None = None
    for number, action in enumerate(record.actions, start=1):
        if isinstance(action, Deal):
            found = _deal_finding(game.round_no + 1, action, shuffles.get(game.round_no + 1),
                                  rules.seats)
        try:
            after, _events = apply(game, action)
        except IllegalAction as exc:
            params = {"seq": number, "seat": action.seat, "action": action.to_dict()}
            if exc.reason.code:
                params["reason"] = reason_to_dict(exc.reason)
            out.rounds.append(RoundFound(game.round_no, record.shared, found or Finding(
                "illegal_move", f"move {number} breaks a rule: {exc}", params)))
            return out
        if len(after.history) > len(game.history):
            found = found or _stated(game, after, stated, number)
            out.rounds.append(RoundFound(game.round_no, record.shared, found))
            found = None
        game = after
    return out


def _deal_finding(round_no: int, deal: Deal, proof: RoundProof | None,
                  seats: int) -> Finding | None:
    if proof is None:
        return Finding("no_proof", f"round {round_no}'s shuffle is not in the record",
                       {"round": round_no})
    shuffle = proof.shuffle(seats)
    found = check_shuffle(shuffle, None)
    if found is None and shuffle.seed() != deal.seed:
        found = Finding("deal_not_from_seed", "the cards were not dealt from the shared seed")
    return found


def _stated(before: GameState, after: GameState, stated: Sequence[Any],
            number: int) -> Finding | None:
    """An exported round's stated result against the one its moves give."""
    index = len(before.history)
    if index >= len(stated):
        return None
    try:
        claimed = round_from_dict(stated[index])
    except (KeyError, TypeError, ValueError):
        claimed = None
    if claimed != after.history[index]:
        return Finding("score_differs", "the round's score is not what its moves give",
                       {"seq": number})
    return None


def _bare_meta(path: Path, rules: RuleSet, moves: int) -> GameMeta:
    """A journal whose moves do not replay has no summary: what its header gives."""
    return GameMeta(id=path.name.split(".")[0], host="", table="", table_id=0, rules=rules,
                    seats=tuple(SeatNote("") for _ in range(rules.seats)), started=now_text(),
                    updated=now_text(), state="playing", moves=moves)
