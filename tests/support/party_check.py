"""After a party: every message every guest received, checked against the host's journals.

For each table the journal gives the seed and every move, so the engine rebuilds the
true game after each move. Then, for every guest of that table:

- the audit (tests.support.audit): no message named a card that seat could not know;
- consistency: every `view` is exactly the engine's view of that seat after that move,
  so the state every guest saw, before and after each host kill, is one single game;
- no lost moves: every move a guest saw accepted (`ok` with its number) is in the
  journal with that number.

Guest logs are msgpack streams written by tests.support.party_machine; the journals are
the host's data directory (copied out of its tmpfs after the run). One table at a time,
so memory stays bounded by one table's game.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any
from collections.abc import Iterator

import msgpack

from engine import RuleSet, view, view_to_dict

from .audit import assert_no_hidden_cards, states_by_seq
from tichu_lan.records.journal import read_journal

PROBLEMS_KEPT = 20


def messages(path: Path) -> Iterator[dict[str, Any]]:
    with open(path, "rb") as f:
        yield from msgpack.Unpacker(f, raw=False, strict_map_key=False)


def journals_by_table(data_dir: Path) -> dict[int, Path]:
    """The latest journal of each table id (finished or not) in a host's data directory."""
    found: dict[int, Path] = {}
    for path in sorted((data_dir / "journals").rglob("*.journal"), key=lambda p: p.stat().st_mtime):
        records = read_journal(path).records
        if records and records[0].get("kind") == "table":
            found[records[0]["id"]] = path
    return found


def seating_of(path: Path) -> tuple[int, int] | None:
    for message in messages(path):
        if message["type"] == "seated":
            return message["table"], message["seat"]
    return None


def check_table(journal: Path, guests: list[tuple[Path, int]], report: dict[str, Any]) -> None:
    read = read_journal(journal)
    if read.damage:
        report["problems"].append(f"{journal.name}: {read.damage}")
    head = read.records[0]
    moves = [r["action"] for r in read.records if r["kind"] == "action"]
    states = states_by_seq(RuleSet.from_dict(head["rules"]), head["seed"], moves)
    report["moves"] += len(moves)
    for path, seat in guests:
        last = 0                                # the move of the last view this guest got
        for message in messages(path):
            if message["type"] == "_accepted":
                check_accepted(message["moves"], moves, path.stem, report)
                continue
            report["messages"] += 1
            if message["type"] == "proof":      # a round's cards, once the round is over
                if message["round"] > len(states[min(last, len(states) - 1)].history):
                    report["leaks"] += 1
                    problem(report, f"{path.stem}: round {message['round']}'s proof before "
                            f"its end")
                continue
            seq = message.get("seq") if message["type"] == "view" else None
            last = seq if seq is not None else last
            if seq is not None and seq >= len(states):
                problem(report, f"{path.stem}: a view of move {seq}, which is not in the journal")
                continue
            try:
                report["views"] += assert_no_hidden_cards([message], seat, states)
            except AssertionError as exc:
                report["leaks"] += 1
                problem(report, f"{path.stem}: {str(exc)[:300]}")
            if seq is not None and message["view"] != view_to_dict(view(states[seq], seat)):
                report["mismatches"] += 1
                problem(report, f"{path.stem}: the view of move {seq} is not the journal's game")


def check_accepted(accepted: dict[int, Any], moves: list[dict[str, Any]], who: str,
                   report: dict[str, Any]) -> None:
    for seq, move in accepted.items():
        report["accepted"] += 1
        if not 1 <= int(seq) <= len(moves) or moves[int(seq) - 1] != move:
            report["lost"] += 1
            problem(report, f"{who}: move {seq} {move} was accepted but the journal has "
                    f"{moves[int(seq) - 1] if 1 <= int(seq) <= len(moves) else 'no such move'}")


def problem(report: dict[str, Any], text: str) -> None:
    if len(report["problems"]) < PROBLEMS_KEPT:
        report["problems"].append(text)


def check_run(guest_dir: Path, data_dir: Path) -> dict[str, Any]:
    """The audit, consistency and lost-move figures of one party; ``ok`` if all are zero."""
    report: dict[str, Any] = {"tables": 0, "moves": 0, "messages": 0, "views": 0, "leaks": 0,
                              "mismatches": 0, "accepted": 0, "lost": 0, "problems": []}
    journals = journals_by_table(data_dir)
    tables: dict[int, list[tuple[Path, int]]] = defaultdict(list)
    for path in sorted(guest_dir.glob("*.msgpack")):
        seating = seating_of(path)
        if seating is None:
            problem(report, f"{path.stem} was never seated")
            continue
        tables[seating[0]].append((path, seating[1]))
    for table, guests in sorted(tables.items()):
        if table not in journals:
            problem(report, f"table {table} has no journal")
            continue
        report["tables"] += 1
        check_table(journals[table], guests, report)
    report["ok"] = (not report["problems"] and report["views"] > 0 and report["leaks"] == 0
                    and report["mismatches"] == 0 and report["lost"] == 0)
    return report
