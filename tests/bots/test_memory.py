"""A bot that gets every view remembers every card played: what it has not seen is
exactly what the other hands hold."""

from dataclasses import replace

import pytest

from engine import CLASSIC, DUEL, Play, apply, view
from engine.bots import make_bot
from engine.bots.arena import step
from engine.bots.memory import Memory, dog_played
from engine.game import new_game
from engine.state import Phase

from .tables import position


@pytest.mark.parametrize("rules", [CLASSIC, DUEL], ids=["classic", "duel"])
def test_unseen_cards_are_the_other_hands(rules):
    bots = [make_bot("normal", s) for s in range(rules.seats)]
    game = new_game(rules, 17)
    checked = 0
    while len(game.history) < 2:
        if game.round.phase is Phase.PLAY:
            for seat, bot in enumerate(bots):
                v = view(game, seat)
                bot.memory.observe(v)
                others = 0
                for s, hand in enumerate(game.round.hands):
                    if s != seat:
                        others |= hand
                unseen = bot.memory.unseen(v)
                if rules.duel:
                    assert unseen & others == others
                else:
                    assert unseen == others
                checked += 1
        game = step(game, bots)
    assert checked > 50


def test_the_dog_is_seen_going_by_the_count():
    game = position({0: "DG 3s", 1: "2j 3j", 2: "4j 5j", 3: "6j 7j"}, turn=0)
    assert not dog_played(view(game, 1))
    game = apply(game, Play.of(0, "DG"))[0]
    assert dog_played(view(game, 1))
    memory = Memory()
    memory.observe(view(game, 1))
    assert memory.unseen(view(game, 1)) >> 0 & 1 == 0


def test_a_new_round_forgets_the_last():
    memory = Memory()
    game = position({0: "3s 4s", 1: "2j 3j", 2: "4j 5j", 3: "6j 7j"}, turn=0)
    game = apply(game, Play.of(0, "3s"))[0]
    memory.observe(view(game, 1))
    assert memory.played[0]
    later = position({0: "3s 4s", 1: "2j 3j", 2: "4j 5j", 3: "6j 7j"}, turn=0)
    later = replace(later, round_no=2)
    memory.observe(view(later, 1))
    assert not any(memory.played)
