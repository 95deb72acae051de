"""Bots of every level play whole rounds of both rule sets: never an illegal action,
never a missing answer, every card accounted for, every point scored as the rules say.

`Audit` watches each move: during a round every one of the 56 cards is in exactly one
place; at its end the cards lie where the scoring says (won piles, the last hand, the
cards out of play), the card points, calls and double victories come out as
RULES.md adds them up, and the game's scores are the sum of its rounds.
"""

import pytest

from engine import CLASSIC, DUEL, Call, GiveDragon, Pass, Play, RuleSet
from engine.bots import make_bot
from engine.bots.arena import play_game
from engine.bots.search import SearchBot
from engine.cards import FULL_DECK, points
from engine.state import Phase
from engine.tricks import do_give_dragon, do_pass, do_play
from tests.support.random_games import accounted

LEVELS = ["random", "easy", "normal"]
# Only these end a round: a player going out, the duel's answer to it, a Dragon gift.
ROUND_ENDS = {Play: do_play, Pass: do_pass, GiveDragon: do_give_dragon}


def table(rules, seed, names):
    return [SearchBot(seed * 8 + s, samples=4) if name == "hard" else make_bot(name, seed * 8 + s)
            for s, name in enumerate(names[:rules.seats])]


def mixes(seed):
    """A rotation of the levels over the seats."""
    return [LEVELS[(seed + s) % len(LEVELS)] for s in range(4)]


class Audit:
    """Checks every move of games (see the module docstring); counts the rounds seen."""

    def __init__(self):
        self.rounds = 0

    def __call__(self, before, action, after):
        if len(after.history) == len(before.history):
            assert accounted(after.round) == FULL_DECK
            return
        ended, _ = ROUND_ENDS[type(action)](before.round, action)
        assert ended.phase is Phase.OVER and ended.result == after.history[-1]
        check_round(ended)
        gained = zip(before.scores, ended.result.total, strict=True)
        assert after.scores == tuple(score + total for score, total in gained)
        assert after.scores == tuple(sum(r.total[t] for r in after.history) for t in (0, 1))
        self.rounds += 1


def check_round(state):
    """The finished round's cards and score, worked out again from RULES.md."""
    result, out, calls = state.result, state.out, state.calls
    assert accounted(state) == FULL_DECK and state.trick_cards == 0
    first = out[0]
    if state.rules.duel:
        cards = duel_card_points(state)
        assert sum(cards) == 100 - points(state.set_aside)
        assert result.double_victory == -1
        failed = first if state.dragon_out else -1
    elif len(out) == 2 and out[0] % 2 == out[1] % 2:
        assert result.double_victory == first % 2
        cards = (200, 0) if first % 2 == 0 else (0, 200)
        failed = -1
    else:
        assert len(out) == 3 and result.double_victory == -1
        cards = classic_card_points(state)
        assert sum(cards) == 100
        failed = -1
    assert result.card_points == cards
    call_points = [0, 0]
    for seat, call in enumerate(calls):
        bonus = {Call.NONE: 0, Call.TICHU: 100, Call.GRAND: 200}[call]
        made = seat == first and seat != failed
        call_points[state.rules.team_of(seat)] += bonus if made else -bonus
    assert result.call_points == tuple(call_points)
    assert result.total == (cards[0] + call_points[0], cards[1] + call_points[1])


def classic_card_points(state):
    """The last player's hand goes to the other team, his tricks to the first out."""
    out = state.out
    last = next(s for s in range(4) if s not in out)
    assert [s for s in range(4) if state.hands[s]] == [last]
    piles = list(state.won)
    piles[out[0]] |= piles[last]
    piles[last] = 0
    team = [points(piles[t] | piles[t + 2]) for t in (0, 1)]
    team[1 - last % 2] += points(state.hands[last])
    return tuple(team)


def duel_card_points(state):
    """Each player's won cards; the cards left in the other's hand count as his."""
    assert not state.hands[state.out[0]]
    return tuple(points(state.won[s] | state.hands[s]) for s in (0, 1))


def mixed_rounds(rules, rounds, first_seed):
    """At least ``rounds`` audited rounds of the levels in rotation, five per game at most."""
    audit = Audit()
    seed = 0
    while audit.rounds < rounds:
        play_game(rules, first_seed + seed, table(rules, seed, mixes(seed)), rounds=5,
                  watch=audit)
        seed += 1
    return audit.rounds


def search_rounds(rules, games, first_seed):
    """The first round of ``games`` audited games of search bots against the others."""
    audit = Audit()
    for seed in range(games):
        game = play_game(rules, first_seed + seed,
                         table(rules, seed, ["hard", "normal", "hard", "easy"]), rounds=1,
                         watch=audit)
        assert len(game.history) == 1
    return audit.rounds


@pytest.mark.parametrize("rules", [CLASSIC, DUEL], ids=["classic", "duel"])
def test_heuristic_and_random_bots_play_rounds_cleanly(rules):
    for seed in range(12):
        audit = Audit()
        game = play_game(rules, seed, table(rules, seed, mixes(seed)), rounds=2, watch=audit)
        assert len(game.history) == 2 or game.over
        assert audit.rounds == len(game.history)


@pytest.mark.parametrize("rules", [CLASSIC, DUEL], ids=["classic", "duel"])
def test_search_bot_plays_a_round_cleanly(rules):
    names = ["hard", "normal", "hard", "random"]
    audit = Audit()
    game = play_game(rules, 3, table(rules, 3, names), rounds=1, watch=audit)
    assert len(game.history) == 1 and audit.rounds == 1


def test_a_short_game_ends():
    rules = RuleSet(target=300)
    audit = Audit()
    game = play_game(rules, 5, table(rules, 5, ["normal", "easy", "normal", "easy"]), watch=audit)
    assert game.over and max(game.scores) >= 300
    assert audit.rounds == len(game.history)


@pytest.mark.parametrize("rules", [CLASSIC, DUEL], ids=["classic", "duel"])
def test_many_rounds_account_for_every_card_and_point(rules):
    assert mixed_rounds(rules, 60, 10_000) >= 60


@pytest.mark.parametrize("rules", [CLASSIC, DUEL], ids=["classic", "duel"])
def test_search_bot_rounds_account_for_every_card_and_point(rules):
    assert search_rounds(rules, 2, 20_000) == 2


@pytest.mark.slow
@pytest.mark.parametrize("rules", [CLASSIC, DUEL], ids=["classic", "duel"])
def test_thousands_of_rounds(rules):
    assert mixed_rounds(rules, 2000, 10_000) >= 2000


@pytest.mark.slow
@pytest.mark.parametrize("rules", [CLASSIC, DUEL], ids=["classic", "duel"])
def test_search_bot_many_rounds(rules):
    assert search_rounds(rules, 40, 20_000) == 40
