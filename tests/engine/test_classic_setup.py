"""Classic set-up: deal 8, Grand Tichu, deal 6, the exchange, the Mah Jong leads."""

import pytest

from engine import (CLASSIC, CallTichu, Exchange, GrandTichu, IllegalAction, Play, WithdrawExchange,
                    WrongPhase, apply, new_game, options, waiting_for)
from engine.cards import MAHJONG_BIT, cards_of
from engine.state import Call, Phase

from .scenario import act


def decide_all(game, calls=(False, False, False, False)):
    return act(game, *(GrandTichu(s, c) for s, c in enumerate(calls)))


def gifts_of(game, seat):
    return tuple(int(c) for c in cards_of(game.round.hands[seat])[:3])


def test_eight_cards_then_grand_tichu_decisions_then_six_more():
    game = new_game(CLASSIC, seed=3)
    assert game.round.phase is Phase.GRAND
    assert [h.bit_count() for h in game.round.hands] == [8, 8, 8, 8]
    assert waiting_for(game) == (0, 1, 2, 3)
    with pytest.raises(WrongPhase, match="once all 14 cards are dealt"):
        apply(game, CallTichu(0))
    game, events = decide_all(game, (False, True, False, False))
    assert game.round.phase is Phase.EXCHANGE
    assert [h.bit_count() for h in game.round.hands] == [14] * 4
    assert game.round.calls[1] is Call.GRAND
    assert events[-1].type == "cards_dealt"


def test_grand_tichu_is_decided_once():
    game, _ = act(new_game(CLASSIC, seed=3), GrandTichu(0, False))
    with pytest.raises(IllegalAction, match="already decided"):
        apply(game, GrandTichu(0, True))
    assert waiting_for(game) == (1, 2, 3)


def test_the_exchange_gives_one_card_to_each_other_player():
    game, _ = decide_all(new_game(CLASSIC, seed=5))
    before = game.round.hands
    chosen = {s: gifts_of(game, s) for s in range(4)}
    game, events = act(game, *(Exchange(s, chosen[s]) for s in range(4)))
    assert events[-1].type == "exchange_done"
    for seat in range(4):
        for k, card in enumerate(chosen[seat]):
            receiver = (seat + k + 1) % 4
            assert game.round.hands[receiver] >> card & 1
            assert game.round.received[receiver][(seat - receiver - 1) % 4] == card
    assert [h.bit_count() for h in game.round.hands] == [14] * 4
    assert sum(h.bit_count() for h in before) == 56
    assert game.round.phase is Phase.PLAY


def test_exchange_choices_can_be_withdrawn_and_changed_until_everyone_gave():
    game, _ = decide_all(new_game(CLASSIC, seed=5))
    first = gifts_of(game, 2)
    game, _ = act(game, Exchange(0, gifts_of(game, 0)), Exchange(2, first))
    # A late Tichu call by seat 0 makes its partner change its mind.
    game, _ = act(game, CallTichu(0), WithdrawExchange(2))
    assert game.round.exchange[2] is None
    better = tuple(int(c) for c in cards_of(game.round.hands[2])[-3:])
    game, _ = act(game, Exchange(2, better), Exchange(1, gifts_of(game, 1)),
                  Exchange(3, gifts_of(game, 3)))
    assert game.round.phase is Phase.PLAY
    assert game.round.hands[0] >> better[1] & 1          # seat 2's partner gift went to seat 0


def test_exchange_rejects_cards_not_held_or_repeated():
    game, _ = decide_all(new_game(CLASSIC, seed=5))
    mine = gifts_of(game, 0)
    other = gifts_of(game, 1)
    with pytest.raises(IllegalAction, match="do not hold"):
        apply(game, Exchange(0, (mine[0], mine[1], other[0])))
    with pytest.raises(IllegalAction, match="three different cards"):
        apply(game, Exchange(0, (mine[0], mine[0], mine[1])))
    with pytest.raises(IllegalAction, match="not chosen"):
        apply(game, WithdrawExchange(0))


def test_no_playing_before_the_exchange_is_done():
    game, _ = decide_all(new_game(CLASSIC, seed=5))
    with pytest.raises(WrongPhase):
        apply(game, Play(0, 1 << gifts_of(game, 0)[0]))


def test_the_mahjong_holder_leads_the_first_trick():
    game, _ = decide_all(new_game(CLASSIC, seed=11))
    game, _ = act(game, *(Exchange(s, gifts_of(game, s)) for s in range(4)))
    holder = next(s for s in range(4) if game.round.hands[s] & MAHJONG_BIT)
    assert waiting_for(game) == (holder,)
    assert options(game, holder).plays and not options(game, holder).can_pass


def test_tichu_can_be_called_during_the_exchange():
    game, _ = decide_all(new_game(CLASSIC, seed=5))
    game, events = act(game, CallTichu(3))
    assert game.round.calls[3] is Call.TICHU and events[-1].type == "tichu_called"
