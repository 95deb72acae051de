"""The party's audit finds what it is there to find: a hidden card, a view of another game,
a move that was accepted but is not in the journal."""


import msgpack

from engine import RuleSet, apply, new_game, trick_to_collect, view, view_to_dict, waiting_for
from engine.bots import make_bot
from tests.support.party_check import check_run
from tichu_lan.records.journal import Journal

RULES = RuleSet("classic", 1000)


def a_game(tmp_path, moves=30):
    """A journal of a table's first moves, and each state after them."""
    journal = Journal.create(tmp_path / "data" / "journals", 1, {
        "kind": "table", "format": 1, "id": 1, "name": "t", "rules": RULES.to_dict(),
        "seed": 9, "options": {}, "password": None})
    game, states, actions = new_game(RULES, 9), [], []
    states.append(game)
    bots = [make_bot("random", s) for s in range(4)]
    for n in range(1, moves + 1):
        action = trick_to_collect(game)     # a won trick: the host collects it
        if action is None:
            seat = waiting_for(game)[0]
            action = bots[seat].decide(view(game, seat))
        game, _ = apply(game, action)
        journal.append({"kind": "action", "n": n, "action": action.to_dict()})
        states.append(game)
        actions.append(action.to_dict())
    journal.close()
    return states, actions


def guest_log(tmp_path, seat, messages):
    guests = tmp_path / "guests"
    guests.mkdir(exist_ok=True)
    with open(guests / f"t0s{seat}.msgpack", "wb") as f:
        f.write(msgpack.packb({"type": "seated", "id": 2, "table": 1, "seat": seat, "token": "x"}))
        for message in messages:
            f.write(msgpack.packb(message))


def view_message(states, seq, seat):
    return {"type": "view", "table": 1, "seq": seq, "view": view_to_dict(view(states[seq], seat)),
            "events": []}


def test_true_views_and_moves_pass(tmp_path):
    states, actions = a_game(tmp_path)
    guest_log(tmp_path, 0, [view_message(states, n, 0) for n in range(len(states))]
              + [{"type": "_accepted", "moves": {3: actions[2]}}])
    report = check_run(tmp_path / "guests", tmp_path / "data")
    assert report["ok"] and report["views"] == len(states) and report["accepted"] == 1


def test_another_seats_hand_is_a_leak_and_another_game_a_mismatch(tmp_path):
    states, _ = a_game(tmp_path)
    peek = view_message(states, 20, 0)
    peek["view"]["hand"] = view_to_dict(view(states[20], 1))["hand"]
    other = view_message(states, 20, 0)
    other["view"]["scores"] = [5, -5]
    guest_log(tmp_path, 0, [peek, other])
    report = check_run(tmp_path / "guests", tmp_path / "data")
    assert not report["ok"] and report["leaks"] == 1 and report["mismatches"] == 2


def test_an_accepted_move_missing_from_the_journal_is_lost(tmp_path):
    states, actions = a_game(tmp_path)
    guest_log(tmp_path, 2, [{"type": "_accepted", "moves": {len(actions) + 1: actions[0],
                                                           4: actions[0]}}])
    report = check_run(tmp_path / "guests", tmp_path / "data")
    assert report["lost"] == 2 and not report["ok"]


def test_a_table_without_a_journal_is_a_problem(tmp_path):
    (tmp_path / "data" / "journals").mkdir(parents=True)
    guest_log(tmp_path, 1, [])
    report = check_run(tmp_path / "guests", tmp_path / "data")
    assert not report["ok"] and "table 1 has no journal" in report["problems"][0]
