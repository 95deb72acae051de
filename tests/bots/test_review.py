"""The review of a round (`engine.bots.review`): figures from what the seat knew, the same
for the same game, and a random player's decisions cost more than the hard bot's."""

from engine import CLASSIC, CallTichu, GrandTichu, Pass, Play, RuleSet, view
from engine.bots import make_bot
from engine.bots.memory import Memory
from engine.bots.review import FINE, review_decision, review_game
from engine.game import apply, new_game
from engine.state import Phase
from tests.support.random_games import bot_action, play

RULES = RuleSet(target=200)


def a_round_of(level: str, seed: int):
    """The first round of a game of four ``level`` bots: its moves."""
    bots = [make_bot(level, seed * 10 + seat) for seat in range(4)]
    return play(RULES, seed, bot_action(bots), until=lambda game: game.round_no > 1).actions


def test_every_play_decision_of_the_seats_is_reviewed_and_the_same_game_gives_the_same():
    actions = a_round_of("easy", 3)
    first = review_game(RULES, 3, actions, [0, 2], rounds=[1], samples=8)
    assert first == review_game(RULES, 3, actions, [0, 2], rounds=[1], samples=8)
    assert first and {r.seat for r in first} == {0, 2} and all(r.round_no == 1 for r in first)
    assert {r.kind for r in first} >= {"play", "grand"}       # each seat let Grand Tichu go
    for reviewed in first:
        assert reviewed.loss >= 0 and reviewed.samples == 8
        assert reviewed.best_points >= reviewed.chosen_points or reviewed.chosen == reviewed.best
        assert reviewed.fine == (reviewed.loss < FINE)
        move = actions[reviewed.move - 1]
        assert move.seat == reviewed.seat
        if reviewed.kind == "play":
            assert (reviewed.chosen is None) == isinstance(move, Pass)
        elif reviewed.kind == "grand":
            assert isinstance(move, GrandTichu) and reviewed.chosen == move.call
        else:
            assert isinstance(move, (CallTichu, Play)) and reviewed.chosen == isinstance(
                move, CallTichu)


def test_a_decision_with_one_thing_to_do_is_not_reviewed():
    game = new_game(CLASSIC, 5)
    memory = Memory()
    assert review_decision(view(game, 0), memory, Pass(0), 1) is None    # not yet in play
    actions = a_round_of("easy", 5)
    for number, action in enumerate(actions, start=1):
        seen = view(game, action.seat) if hasattr(action, "seat") else None
        if seen is not None and seen.phase is Phase.PLAY and seen.turn != action.seat:
            assert review_decision(seen, Memory(), action, number) is None   # out of turn
        game, _ = apply(game, action)


def test_random_moves_lose_more_per_decision_than_the_hard_bot():
    """Two rounds each, fixed seeds (`easy` against `hard` needs many more rounds than a
    test should play: per round the review's noise is about the size of their gap)."""
    def mean_loss(level: str) -> float:
        found = [r for seed in (1, 2)
                 for r in review_game(RULES, seed, a_round_of(level, seed), range(4),
                                      rounds=[1], samples=12)]
        return sum(r.loss for r in found) / len(found)
    assert mean_loss("random") > mean_loss("hard") + 20


def test_the_review_benchmark_runs_and_prints_its_figures():
    """scripts/bench_review.py, one pair with few deals (its full run is docs/BENCHMARKS.md's)."""
    import subprocess
    import sys
    from pathlib import Path
    script = Path(__file__).resolve().parents[2] / "scripts" / "bench_review.py"
    done = subprocess.run([sys.executable, str(script), "--pairs", "2", "--samples", "4"],
                          capture_output=True, text=True, timeout=300, check=True)
    lines = done.stdout.splitlines()
    assert lines[0] == "2 duplicate pairs, 1 round(s) a table, 4 deals a decision"
    assert any(line.strip().startswith("easy  loss per decision") for line in lines)
    assert any("s to review one round of one person" in line for line in lines)


def test_a_duel_round_is_reviewed_too():
    rules = RuleSet("duel", target=200)
    bots = [make_bot("easy", seat) for seat in range(2)]
    actions = play(rules, 3, bot_action(bots), until=lambda game: game.round_no > 1).actions
    found = review_game(rules, 3, actions, [0, 1], rounds=[1], samples=4)
    assert found and {r.seat for r in found} == {0, 1}
    assert all(r.kind in ("play", "tichu") for r in found)    # a duel's Grand Tichu: its draft


def test_an_exchange_unlike_the_heuristics_is_set_beside_it():
    from engine import Exchange
    from engine.bots.review import Gifts
    actions = a_round_of("random", 4)
    found = [r for r in review_game(RULES, 4, actions, range(4), rounds=[1], samples=6)
             if r.kind == "exchange"]
    assert found
    for reviewed in found:
        move = actions[reviewed.move - 1]
        assert isinstance(move, Exchange) and reviewed.chosen == Gifts(*move.gifts)
        assert isinstance(reviewed.best, Gifts) and reviewed.loss >= 0
