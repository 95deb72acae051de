"""The `hard` bot decides exactly as it did before its thinking was made faster (issue 29):
every answer of hard_decisions.json, which the code at 35d3288 gave (see hard_decisions.py
for how it was recorded), is given again, in the same order. Its strength is unchanged by
construction."""

import json

import engine

from .hard_decisions import FIXTURE, RECORDED_AT, answers, games


def test_the_fixture_holds_a_few_hundred_decisions_of_both_rule_sets():
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert data["commit"] == RECORDED_AT
    assert [(g["rules"], g["target"], g["seed"], g["rounds"]) for g in data["games"]] == games()
    taken = [a for g in data["games"] for a in g["answers"] if a[1] is not None]
    plays = [a for a in taken if a[1]["type"] in ("play", "pass")]
    assert len(plays) > 500 and len(taken) - len(plays) > 100
    assert {g["rules"] for g in data["games"]} == {"classic", "duel"}
    assert any(a[1]["type"] == "tichu" for g in data["games"] for a in g["answers"] if a[1])


def test_hard_answers_as_it_did_at_the_recorded_commit():
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    for game in data["games"]:
        given = answers(engine, game["rules"], game["target"], game["seed"], game["rounds"])
        recorded = game["answers"]
        pairs = enumerate(zip(given, recorded, strict=False))
        first = next((k for k, (now, then) in pairs if now != then), None)
        assert first is None and len(given) == len(recorded), (
            f"{game['rules']} deal {game['seed']}: answer {first} differs: "
            f"now {given[first] if first is not None else len(given)}, "
            f"then {recorded[first] if first is not None else len(recorded)}")
