"""A table's checkpoint: everything needed to rebuild it, in one journal record.

Written at the start and at every round start (`after_move`), a checkpoint holds the
table's header, every seat (a person's token and name, or a table bot's level and
seed) and the game's summary: the round dealt, its dealer and the scores. A round's
cards follow from the seed (`engine.game.at_round_start`), so that is the whole game at
that moment, whatever came before it in the journal, but for the results of the rounds
before, which the views show. A checkpoint carries the last `RECENT` of them, so that its
size does not grow with the game: read in order, the checkpoints give every round's
result, even when one of them is damaged.

A checkpoint is checked twice. Before it is written, it is rebuilt and compared with
the live game: one that would not give the same game back is never written (the
host logs why and carries on without it). When a journal is read, a checkpoint that
follows an unbroken run of moves is compared with the table those moves built; if
they differ, something was lost that the line checks could not see, and the
checkpoint, written from the live table, wins.
"""

from __future__ import annotations

from typing import Any, Protocol

from twisted.logger import Logger

from engine import Call, GameState, RoundResult, RuleSet
from engine.game import at_round_start

from ..records.journal import CHECKPOINT, Journal, JournalError
from .seats import TableInPlay
from .shared_shuffle import SharedShuffle
from .table_moves import Moves

log = Logger()
RECENT = 2      # the results of the rounds before a checkpoint that it repeats


class Checkpointed(TableInPlay, Protocol):
    """What a checkpoint reads of its table, and the one door it changes the table's seats
    through: the table's own records."""

    rules: RuleSet
    moves: Moves
    shuffle: SharedShuffle

    @property
    def journal(self) -> Journal | None: ...

    def header(self) -> dict[str, Any]: ...

    def apply(self, record: dict[str, Any]) -> None: ...


def after_move(table: Checkpointed, event_types: set[str] | frozenset[str]) -> None:
    """Write a checkpoint if the move just made dealt a new round."""
    if "round_started" in event_types:
        write(table)


def write(table: Checkpointed) -> None:
    """Journal the table as it stands (at the start, or a round just dealt); a checkpoint is
    only ever extra safety, so one that cannot be written is logged, not refused."""
    if table.journal is None:
        return
    record = record_of(table)
    game = table.game
    if game is not None and game_of(table.rules, table.seed, record["game"],
                                    game.history[:-RECENT]) != game:
        log.error("table {table}: a checkpoint would not rebuild move {seq}; none is written",
                  table=table.id, seq=table.seq)
        return
    try:
        table.journal.append(record)
    except JournalError as exc:
        log.error("table {table}: no checkpoint at move {seq}: {why}", table=table.id,
                  seq=table.seq, why=exc)


def record_of(table: Checkpointed) -> dict[str, Any]:
    game = table.game
    summary = None if game is None else {
        "round_no": game.round_no, "dealer": game.dealer, "scores": list(game.scores),
        "recent": [_result_to_dict(r, n) for n, r in enumerate(game.history, 1)][-RECENT:]}
    record = {"kind": CHECKPOINT, "n": table.seq, "table": table.header(),
              "seats": [_seat_to_dict(table, i) for i in range(len(table.seats))],
              "game": summary}
    if summary is not None and game is not None and game.shared:
        # a shared round's cards follow from its own seed, and its proof from its shuffle
        summary["deal"] = table.moves.deal_seed
        shuffle = table.shuffle.current
        record["shuffle"] = shuffle.to_dict(len(table.seats)) if shuffle is not None else None
    return record


def restore(table: Checkpointed, record: dict[str, Any]
            ) -> tuple[GameState | None, int, str | None]:
    """Seat ``table`` as ``record`` describes it (through the table's own records), and the
    game and move number the table goes on from, with the shared seed of its round."""
    before = (table.seq, table.game, [_seat_to_dict(table, i) for i in range(len(table.seats))])
    seats = record["seats"]
    if len(seats) != len(table.seats):
        raise ValueError(f"a checkpoint of {len(seats)} seats for a table of {len(table.seats)}")
    for index, seat in enumerate(seats):
        table.apply({"kind": "free", "seat": index})
        if seat.get("token"):
            table.apply({"kind": "sit", "seat": index, "token": seat["token"],
                         "name": seat["name"]})
        elif seat.get("bot"):
            table.apply({"kind": "bot", "seat": index, "level": seat["bot"]["level"],
                         "seed": seat["bot"]["seed"]})
    known = table.game.history if table.game is not None else ()
    game, seq = game_of(table.rules, table.seed, record["game"], known), int(record["n"])
    if before[0] == seq and before != (seq, game, seats):
        log.warn("table {table}: the journal's moves up to {seq} do not build the table its "
                 "checkpoint holds; the checkpoint is taken", table=table.id, seq=seq)
    if "shuffle" in record:
        table.shuffle.restore(record["shuffle"])
    return game, seq, (record["game"] or {}).get("deal")


def game_of(rules: RuleSet, seed: int, summary: dict[str, Any] | None,
            known: tuple[RoundResult, ...] = ()) -> GameState | None:
    """The game a checkpoint's ``summary`` describes; the rounds' results it does not repeat
    are taken from ``known`` (those read before it)."""
    if summary is None:
        return None
    scores = summary["scores"]
    deal = summary.get("deal")
    return at_round_start(rules, seed, int(summary["round_no"]), int(summary["dealer"]),
                          (int(scores[0]), int(scores[1])), _history(known, summary["recent"]),
                          None if deal is None else str(deal))


def _history(known: tuple[RoundResult, ...],
             recent: list[dict[str, Any]]) -> tuple[RoundResult, ...]:
    """The rounds' results: those known up to the checkpoint's first, then its own (a round
    whose result is in neither is left out; the scores stand)."""
    if not recent:
        return known
    first = int(recent[0]["round"])
    return known[:first - 1] + tuple(_result_from_dict(r) for r in recent)


def _seat_to_dict(table: Checkpointed, index: int) -> dict[str, Any]:
    seat = table.seats[index]
    bot = seat.bot if seat.bot is not None and not seat.bot.stand_in else None
    return {"token": seat.token, "name": seat.name,
            "bot": {"level": bot.level, "seed": bot.seed} if bot and not seat.token else None}


def _result_to_dict(result: RoundResult, round_no: int) -> dict[str, Any]:
    return {"round": round_no, "out_order": list(result.out_order),
            "calls": [c.value for c in result.calls],
            "card_points": list(result.card_points), "call_points": list(result.call_points),
            "double_victory": result.double_victory}


def _result_from_dict(data: dict[str, Any]) -> RoundResult:
    cards, calls = data["card_points"], data["call_points"]
    return RoundResult(tuple(int(s) for s in data["out_order"]),
                       tuple(Call(c) for c in data["calls"]), (int(cards[0]), int(cards[1])),
                       (int(calls[0]), int(calls[1])), int(data["double_victory"]))
