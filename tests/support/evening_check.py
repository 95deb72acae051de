"""An evening checked against the host's kept games: every table seated as the plan said,
deal k the same at every table of a game, and the comparisons the guests were shown what
`engine.duplicate.score_deal` makes of the kept records."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine import RuleSet, action_from_dict, replay
from engine.duplicate import DealPlay, score_deal


def kept_tables(data_dir: Path) -> dict[int, list[dict[str, Any]]]:
    """Every finished journal's records, by table id."""
    from tichu_lan.records.journal import read_journal
    out = {}
    for path in (data_dir / "journals" / "done").glob("*.journal"):
        records = read_journal(path).records
        out[int(records[0]["id"])] = records
    return out


def results(records: list[dict[str, Any]]) -> tuple[list[str], list[tuple[int, int]]]:
    """A kept game's deal seeds and each round's total per team, replayed."""
    head = records[0]
    actions = [r["action"] for r in records if r["kind"] == "action"]
    game = replay(RuleSet.from_dict(head["rules"]), int(head["seed"]),
                  [action_from_dict(a) for a in actions], shared=True)
    seeds = [a["seed"] for a in actions if a["type"] == "deal"]
    return seeds, [result.total for result in game.history]


def check_evening(data_dir: Path, evening: dict[str, Any], everyone_sat: bool = True) -> int:
    """Check the last `evening` message's map against the kept games; the number of deals
    compared at two tables or more. ``everyone_sat``: no planned person was missing (a
    bot took the seat of one who was)."""
    kept = kept_tables(data_dir)
    shown = {(c["game"], c["deal"]): {(s["table"], s["team"]): s["matchpoints"]
                                      for s in c["scores"]} for c in evening["compared"]}
    compared = 0
    for number, game in enumerate(evening["games"], start=1):
        ids = [table["table"] for table in game["tables"] if "table" in table]
        for table in game["tables"][:len(ids)]:
            records = kept[table["table"]]
            head = records[0]
            assert head["evening"] == evening["id"]
            sat = {r["seat"]: r["name"] for r in records if r["kind"] == "sit"}
            bots = {r["seat"] for r in records if r["kind"] == "bot"}
            planned = {s: name for s, name in enumerate(table["seats"]) if name}
            assert sat == planned if everyone_sat else sat.items() <= planned.items(), \
                (table, sat, planned, [r for r in records if r["kind"] in ("sit", "free", "bot")])
            assert bots >= set(range(4)) - set(planned) and not bots & set(sat)
            if evening["duplicate"] and len(ids) > 1:
                assert head["duplicate"] == f"{evening['id']}-g{number}"
        played = {table: results(kept[table]) for table in ids}
        if not evening["duplicate"] or len(ids) < 2:
            continue
        deals = max(len(totals) for _, totals in played.values())
        for deal in range(1, deals + 1):
            at = {t: p for t, p in played.items() if len(p[1]) >= deal}
            assert len({seeds[deal - 1] for seeds, _ in at.values()}) == 1, (number, deal)
            scores = score_deal([DealPlay(str(t), totals[deal - 1])
                                 for t, (_, totals) in at.items()])
            assert shown[(number, deal)] == {(int(s.table), s.team): s.matchpoints
                                             for s in scores}
            compared += len(at) > 1
    return compared


def check_standings(data_dir: Path, evening: dict[str, Any]) -> dict[str, Any]:
    """`tichu stats --evening ID --json` over the host's data folder against the evening
    recomputed here from the journals alone: per person the games, the wins and each
    duplicate deal's matchpoints (`score_deal` over the same deal at every table that played
    it). Returns the command's JSON."""
    import json
    import subprocess
    import sys
    kept = kept_tables(data_dir)
    expected: dict[str, dict[str, float]] = {}
    deals: dict[tuple[str, int], list[tuple[int, tuple[int, int], dict[int, str]]]] = {}
    for records in kept.values():
        head = records[0]
        if head.get("evening") != evening["id"]:
            continue
        sat = {r["seat"]: r["name"] for r in records if r["kind"] == "sit"}
        actions = [action_from_dict(r["action"]) for r in records if r["kind"] == "action"]
        game = replay(RuleSet.from_dict(head["rules"]), int(head["seed"]), actions, shared=True)
        for seat, name in sat.items():
            mine = expected.setdefault(name, {"games": 0, "wins": 0, "matchpoints": 0.0})
            mine["games"] += 1
            mine["wins"] += game.over and game.winner == seat % 2
        for deal, result in enumerate(game.history, start=1):
            if head.get("duplicate"):
                deals.setdefault((head["duplicate"], deal), []).append(
                    (int(head["id"]), result.total, sat))
    for plays in deals.values():
        for score in score_deal([DealPlay(str(table), total) for table, total, _ in plays]):
            sat = next(s for table, _, s in plays if str(table) == score.table)
            for seat in (score.team, score.team + 2):
                if seat in sat:
                    expected[sat[seat]]["matchpoints"] += score.matchpoints
    shown = subprocess.run(
        [sys.executable, "-m", "tichu_lan.cli", "stats", "--evening", evening["id"], "--json",
         "--data-dir", str(data_dir)], capture_output=True, text=True, check=True)
    told = json.loads(shown.stdout)
    people = {p["name"]: p for p in told["people"]}
    assert set(people) == set(expected), (sorted(people), sorted(expected))
    for name, mine in expected.items():
        assert (people[name]["games"], people[name]["wins"]) == (mine["games"], mine["wins"]), \
            (name, people[name], mine)
        assert abs(people[name]["matchpoints"] - mine["matchpoints"]) < 1e-9, \
            (name, people[name], mine)
    return told
