"""A game written out: the versioned JSON record (docs/RECORDS.md) and a readable move list.

The JSON holds all another program needs to check the game with the engine: the rule
set, the seed, every move in the protocol's action notation, and each round's result
with the number of moves that ended it. `importing` reads it back and checks it.
"""

from __future__ import annotations

import json
from typing import Any

from engine import action_to_dict, format_cards
from engine import GameState
from engine.events import RoundEnded, RoundStarted
from engine.state import Phase

from .. import __version__
from ..i18n import _
from .game_record import GameRecord
from .importing import SCHEMA, SHARED_VERSION, VERSION
from ..words.columns import fill_to, get_cwidth
from ..words.narration import Narrator
from ..words.sentences import fill, plain
from ..words.table_rules import rules_words
from .meta import calls_made, round_to_dict
from .timeline import Timeline


def to_json(record: GameRecord) -> str:
    """The record as JSON, a line per field and per move, so that it also reads well."""
    def one(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    fields = []
    for key, value in export_dict(record).items():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            items = ",\n  ".join(one(item) for item in value)
            fields.append(f"{one(key)}: [\n  {items}\n ]")
        else:
            fields.append(f"{one(key)}: {one(value)}")
    return "{\n " + ",\n ".join(fields) + "\n}\n"


def export_dict(record: GameRecord) -> dict[str, Any]:
    meta, timeline = record.meta, Timeline(record)
    rounds: list[dict[str, Any]] = []
    for index, step in enumerate(timeline.steps):
        ended = step.ended_round()
        if ended is not None:
            result = step.game.history[ended.round_no - 1]
            rounds.append({"round": ended.round_no, "moves": index + timeline.first,
                           **round_to_dict(result), "scores": list(ended.scores)})
    final = timeline.steps[-1].game
    shared = {"shared": True,
              "shuffles": [p.to_dict(meta.rules.seats) for p in record.shuffles],
              "checks": [v.to_dict() for v in record.checks]} if record.shared else {}
    return {"schema": SCHEMA, "version": SHARED_VERSION if record.shared else VERSION,
            "program": f"tichu-lan {__version__}",
            "id": meta.id, "host": meta.host, "table": meta.table, "opener": meta.opener,
            "started": meta.started,
            "state": "over" if final.over else "closed" if meta.state == "closed" else "playing",
            "rules": dict(meta.rules.to_dict()), "seed": record.seed,
            "seats": [s.to_dict() for s in meta.seats],
            "actions": [action_to_dict(a) for a in record.actions],
            "rounds": rounds, "scores": list(final.scores), "winner": final.winner, **shared}


def to_text(record: GameRecord) -> str:
    """The game as a move list in card notation, round by round, every hand open."""
    meta, timeline = record.meta, Timeline(record)
    narrator = Narrator(meta.rules.duel, meta.seat_name, lambda mask: [("", format_cards(mask))])
    final = timeline.steps[-1].game
    lines = [_("{table}: {game}, started {when}").format(
                 table=meta.title, game=rules_words(meta.rules, meta.timer),
                 when=f"{meta.when:%Y-%m-%d %H:%M}"),
             _("Seats: {seats}").format(seats=", ".join(
                 _("{number} {name}").format(number=s + 1, name=meta.seat_name(s))
                 + (_(" (bot)") if meta.seats[s].bot else "")
                 for s in range(len(meta.seats)))),
             _("Seed: {seed}; {moves} moves; score {first} : {second}{end}").format(
                 seed=record.seed, moves=len(record.actions), first=final.scores[0],
                 second=final.scores[1],
                 end=_(" (finished)") if final.over else _(" (not finished)"))]
    lines += [""] + _deal_lines(timeline.steps[0].game, record)
    for step in timeline.steps[1:]:
        # a hidden move's cards come after what the table saw of it ("Ann has chosen the
        # exchange cards", then what she gave), before what it led to ("The cards are
        # exchanged")
        hidden = narrator.action(step.action) if step.action is not None else None
        for number, event in enumerate(step.events):
            if isinstance(event, RoundStarted):
                lines += [""] + _deal_lines(step.game, record)
                continue
            said = narrator.event(event)
            lines += ["  " + plain(said)] if said else []
            lines += ["  " + plain(hidden)] if hidden and number == 0 else []
            if isinstance(event, RoundEnded):
                result = step.game.history[event.round_no - 1]
                told = narrator.result(event.round_no, result, calls_made(meta.rules, result))
                lines += ["    " + plain(line) for line in told[1:]]
        lines += ["  " + plain(hidden)] if hidden and not step.events else []
    return "\n".join(lines) + "\n"


def _deal_lines(game: GameState, record: GameRecord) -> list[str]:
    meta, state = record.meta, game.round
    lines = [plain(fill(_("Round {number}, dealt by {name}"), number=game.round_no,
                        name=meta.seat_name(game.dealer)))]
    full = [hand | (state.second_deal[s] if state.phase is Phase.GRAND else 0)
            for s, hand in enumerate(state.hands)]
    width = max(get_cwidth(meta.seat_name(s)) for s in range(len(full)))
    for seat, hand in enumerate(full):
        lines.append(f"  {fill_to(meta.seat_name(seat), width)}  {format_cards(hand)}")
    return lines
