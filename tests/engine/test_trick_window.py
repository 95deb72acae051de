"""The trick that waits to be collected: after the last needed pass any seat may still bomb
it, nobody else acts, and it is collected only by its own step (classic and duel)."""

import pytest

from engine import (CallTichu, CollectTrick, GiveDragon, IllegalAction, IllegalPlay, Pass, Play,
                    WrongPhase, Wish, apply, check_play, options, options_for_view,
                    parse_cards, trick_to_collect, view, waiting_for)
from engine.cards import DRAGON_BIT
from engine.simulation import Playout
from engine.state import Phase

from .scenario import act, event_types, position

COLLECTING = "the trick is won and waits to be collected: only a bomb may still be played"


def P(seat, cards):
    return Play.of(seat, cards)


def passed_round():
    """Seat 0 led a 10 and everyone passed; seats 1 and 3 hold bombs."""
    return act(position(["Tj 2j", "5j 5s 5p 5r 9j", "3j 4j", "6j 6s 6p 6r 8j"]),
               P(0, "Tj"), Pass(1), Pass(2), Pass(3))


def test_after_the_last_pass_the_trick_waits_and_nobody_is_awaited():
    game, events = passed_round()
    state = game.round
    assert event_types(events)[-1] == "passed" and "trick_won" not in event_types(events)
    assert state.phase is Phase.COLLECT and state.turn == -1
    assert state.top_seat == 0 and len(state.trick) == 4 and state.trick_cards
    assert waiting_for(game) == ()
    assert trick_to_collect(game) == CollectTrick(0)
    for seat in range(4):
        opts = options(game, seat)
        assert not opts.waiting and not opts.can_pass
        assert all(c.is_bomb for c in opts.plays)
        assert options_for_view(view(game, seat)) == opts
    assert [len(options(game, s).plays) for s in range(4)] == [0, 1, 0, 1]


def test_in_the_window_only_a_bomb_may_be_played():
    game, _ = passed_round()
    with pytest.raises(IllegalPlay, match=COLLECTING):
        apply(game, P(1, "9j"))
    with pytest.raises(WrongPhase, match=COLLECTING):
        apply(game, Pass(1))
    with pytest.raises(IllegalPlay, match=COLLECTING):
        check_play(view(game, 2), parse_cards("3j"))


def test_collecting_gives_the_trick_to_its_winner_who_leads():
    game, _ = passed_round()
    trick = game.round.trick
    game, events = act(game, CollectTrick(0))
    state = game.round
    assert event_types(events) == ["trick_won"] and events[0].seat == 0
    assert state.phase is Phase.PLAY and state.turn == 0 and state.trick == ()
    assert state.won[0] & parse_cards("Tj") and state.last_trick == trick
    assert trick_to_collect(game) is None


def test_a_trick_is_collected_only_while_it_waits_and_only_for_its_winner():
    game = position(["Tj 2j", "5j 9j", "3j 4j", "6j 8j"])
    with pytest.raises(WrongPhase, match="no trick waits"):
        apply(game, CollectTrick(0))
    game, _ = act(game, P(0, "Tj"), Pass(1), Pass(2))
    with pytest.raises(WrongPhase, match="no trick waits"):
        apply(game, CollectTrick(0))
    game, _ = act(game, Pass(3))
    before = game
    with pytest.raises(IllegalAction, match="seat 0's to collect"):
        apply(game, CollectTrick(2))
    assert game == before


def test_a_bomb_in_the_window_tops_the_trick_and_play_goes_on_after_the_bomber():
    game, _ = passed_round()
    game, events = act(game, P(1, "5j 5s 5p 5r"))
    state = game.round
    assert events[-1].type == "played" and events[-1].bomb_out_of_turn
    assert state.phase is Phase.PLAY and state.top_seat == 1 and state.turn == 2
    assert state.passes == 0 and len(state.trick) == 5
    assert waiting_for(game) == (2,) and trick_to_collect(game) is None
    game, _ = act(game, Pass(2))
    game, events = act(game, P(3, "6j 6s 6p 6r"))           # a higher bomb, out of turn
    assert game.round.top_seat == 3 and game.round.turn == 0
    game, _ = act(game, Pass(0), Pass(1), Pass(2))
    assert game.round.phase is Phase.COLLECT
    game, events = act(game, CollectTrick(3))
    assert game.round.won[3] == parse_cards("Tj 5j 5s 5p 5r 6j 6s 6p 6r") | game.round.won[3]
    assert game.round.turn == 3 and events[-1].seat == 3


def test_the_winner_may_bomb_his_own_waiting_trick():
    game, _ = act(position(["Tj 7j 7s 7p 7r 2j", "5j 9j", "3j 4j", "6j 8j"]),
                  P(0, "Tj"), Pass(1), Pass(2), Pass(3))
    game, _ = act(game, P(0, "7j 7s 7p 7r"))
    assert game.round.phase is Phase.PLAY and game.round.top_seat == 0 and game.round.turn == 1


def test_a_tichu_call_in_the_window_leaves_the_trick_waiting():
    game, _ = passed_round()
    game, events = act(game, CallTichu(2))
    assert event_types(events) == ["tichu_called"] and game.round.phase is Phase.COLLECT


def test_an_open_wish_does_not_bind_in_the_window():
    game, _ = act(position(["MJ 2j 3j", "Aj 4j", "8s 5j 5s 5p 5r", "6j 7j"]),
                  P(0, "MJ"), Wish(0, 8), P(1, "Aj"), Pass(2), Pass(3), Pass(0))
    assert game.round.phase is Phase.COLLECT and game.round.wish == 8
    game, _ = act(game, P(2, "5j 5s 5p 5r"))
    assert game.round.wish == 8 and game.round.turn == 3


def test_the_dragons_gift_comes_after_collection():
    game, _ = act(position(["DR 5j", "7j 8j", "9j 3p", "3s 4s"]), P(0, "DR"), Pass(1), Pass(2),
                  Pass(3))
    assert game.round.phase is Phase.COLLECT and options(game, 0).dragon_to == ()
    game, events = act(game, CollectTrick(0))
    assert events == [] and game.round.phase is Phase.DRAGON and waiting_for(game) == (0,)
    game, events = act(game, GiveDragon(0, 1))
    assert event_types(events) == ["trick_won", "dragon_given"]
    assert game.round.won[1] & DRAGON_BIT and game.round.turn == 0


def test_a_dragon_bombed_in_the_window_is_the_bombers_and_not_given():
    game, _ = act(position(["DR 5j", "7j 7s 7p 7r 8j", "9j 3p", "3s 4s"]), P(0, "DR"),
                  Pass(1), Pass(2), Pass(3), P(1, "7j 7s 7p 7r"), Pass(2), Pass(3), Pass(0))
    game, events = act(game, CollectTrick(1))
    assert event_types(events) == ["trick_won"] and not events[0].by_dragon
    assert game.round.phase is Phase.PLAY and game.round.won[1] & DRAGON_BIT


def test_a_bomb_in_the_window_that_makes_the_third_player_out_ends_the_round_at_once():
    game = position(["Kj 2s", "", "", "5j 5s 5p 5r"], out=(1, 2), played=0b0110)
    game, _ = act(game, P(0, "Kj"), Pass(3))
    assert game.round.phase is Phase.COLLECT
    game, events = act(game, P(3, "5j 5s 5p 5r"))
    assert "round_ended" in event_types(events) and game.round_no == 2
    assert game.history[-1].out_order == (1, 2, 3, 0)


def test_the_third_player_out_ends_the_round_with_no_window():
    game = position(["", "", "Kj", "5j 5s 5p 5r Ts"], out=(1, 0), played=0b0011, turn=2)
    game, events = act(game, P(2, "Kj"))
    assert game.round_no == 2 and "round_ended" in event_types(events)


def test_duel_the_trick_waits_after_the_one_pass_and_the_passer_may_bomb():
    game, _ = act(position(["Kj 2j 3j", "5j 5s 5p 5r 9j"], won=["", ""]), P(0, "Kj"), Pass(1))
    assert game.round.phase is Phase.COLLECT and waiting_for(game) == ()
    bombed, events = act(game, P(1, "5j 5s 5p 5r"))
    assert events[-1].bomb_out_of_turn and bombed.round.turn == 0
    collected, events = act(game, CollectTrick(0))
    assert event_types(events) == ["trick_won"] and collected.round.turn == 0


def test_duel_the_dragons_trick_goes_to_the_opponent_at_collection():
    game, _ = act(position(["DR 2j 3j", "Aj 5s 4s"], won=["", ""]), P(0, "DR"), Pass(1))
    assert game.round.phase is Phase.COLLECT and not game.round.won[1]
    game, events = act(game, CollectTrick(0))
    assert event_types(events) == ["trick_won", "dragon_given"]
    assert game.round.won[1] & DRAGON_BIT


def test_duel_the_answer_to_a_last_card_ends_the_round_with_no_window():
    game, _ = act(position(["Kj", "Aj 2s 3s 3p 3j 3r"], won=["", ""]), P(0, "Kj"))
    game, events = act(game, Pass(1))
    assert game.round_no == 2 and "round_ended" in event_types(events)


def test_the_playout_waits_and_collects_as_the_engine_does():
    game, _ = passed_round()
    before, _ = act(position(["Tj 2j", "5j 5s 5p 5r 9j", "3j 4j", "6j 6s 6p 6r 8j"]),
                    P(0, "Tj"), Pass(1), Pass(2))
    playout = Playout(before.round)
    playout.pass_turn()
    assert playout.to_round() == game.round and playout.awaited == -1
    assert playout.plays(1) == (tuple(options(game, 1).plays), False)
    assert playout.plays(2) == ((), False)
    twin = playout.copy()
    playout.collect()
    assert playout.to_round() == act(game, CollectTrick(0))[0].round
    bomb = twin.plays(3)[0][0]
    twin.play(3, bomb)
    assert twin.to_round() == act(game, Play(3, bomb.cards))[0].round
