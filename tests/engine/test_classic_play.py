"""Classic rules during play, each from its legal and its illegal side."""

import pytest

from engine import (CallTichu, CollectTrick, GiveDragon, IllegalAction, IllegalPlay, NotYourTurn,
                    Pass, Play, WrongPhase, Wish, apply, options, parse_cards)
from engine.state import Phase

from engine.cards import FULL_DECK, format_cards, points

from .scenario import act, event_types, position


def P(seat, cards, phoenix_as=0):
    return Play.of(seat, cards, phoenix_as)


def test_an_illegal_action_raises_and_changes_nothing():
    game = position(["5j 6j", "7j", "8j", "9j"])
    before = game
    with pytest.raises(NotYourTurn):
        apply(game, Pass(1))
    with pytest.raises(IllegalPlay, match="you do not hold 7j"):
        apply(game, P(0, "7j"))
    with pytest.raises(IllegalPlay, match="is not a combination"):
        apply(game, P(0, "5j 6j"))
    assert game == before


def test_a_lead_is_never_a_pass():
    game = position(["5j 6j", "7j", "8j", "9j"])
    with pytest.raises(IllegalAction, match="you have the lead"):
        apply(game, Pass(0))


def test_follow_must_be_same_kind_and_length_and_higher():
    game, _ = act(position(["5j 5s 2j", "7j 7s 3s", "Kj", "9j 9s 9p"]), P(0, "5j 5s"))
    with pytest.raises(IllegalPlay, match="same kind and length"):
        apply(game, P(1, "3s"))
    game, _ = act(game, P(1, "7j 7s"))
    assert game.round.top_seat == 1 and game.round.turn == 2


def test_passing_then_playing_later_in_the_same_trick():
    game, _ = act(position(["4j 2j", "5j 9j", "3j Kj", "6j Qj"]),
                  P(0, "4j"), Pass(1), P(2, "Kj"), Pass(3), Pass(0))
    assert game.round.turn == 1
    with pytest.raises(IllegalPlay, match="does not beat"):
        apply(game, P(1, "9j"))


def test_the_trick_goes_to_the_last_player_when_all_others_pass():
    game, events = act(position(["Tj 2j", "5j 9j", "3j 4j", "6j 8j"]),
                       P(0, "Tj"), Pass(1), Pass(2), Pass(3), CollectTrick(0))
    assert "trick_won" in event_types(events)
    assert game.round.won[0] & parse_cards("Tj")
    assert game.round.turn == 0 and game.round.trick == ()


def test_out_of_turn_bomb_is_accepted_and_play_continues_after_the_bomber():
    game, events = act(position(["5j 6s", "7j 8s", "9j 9s 9p 9r 2s", "3s 4s"]),
                       P(0, "5j"), P(2, "9j 9s 9p 9r"))
    assert events[-1].type == "played" and events[-1].bomb_out_of_turn
    assert game.round.top_seat == 2 and game.round.turn == 3


def test_a_player_may_bomb_his_own_play():
    game, _ = act(position(["Aj As Ap Ar 5j 5s 2j", "7j", "8j", "9j"]),
                  P(0, "5j 5s"), P(0, "Aj As Ap Ar"))
    assert game.round.top_seat == 0 and game.round.turn == 1


def test_only_a_higher_bomb_beats_a_bomb():
    game, _ = act(position(["5j 6s", "2j 2s 2p 2r 3j", "9j 9s 9p 9r", "3s 4s"]),
                  P(0, "5j"), P(2, "9j 9s 9p 9r"))
    with pytest.raises(IllegalPlay, match="does not beat"):
        apply(game, P(1, "2j 2s 2p 2r"))


def test_no_bomb_on_an_empty_table_when_someone_else_leads():
    game = position(["5j 6s", "2j 2s 2p 2r 3j", "9j", "3s"])
    with pytest.raises(IllegalPlay, match="not your turn"):
        apply(game, P(1, "2j 2s 2p 2r"))


def test_the_dog_passes_the_lead_to_the_partner_and_cannot_be_bombed():
    game, events = act(position(["DG 5j", "2j 2s 2p 2r 3j", "9j 3p", "3s 4s"]), P(0, "DG"))
    assert "lead_passed" in event_types(events)
    assert game.round.turn == 2 and game.round.trick == ()
    with pytest.raises(IllegalPlay):
        apply(game, P(1, "2j 2s 2p 2r"))


def test_the_dog_only_leads():
    game, _ = act(position(["5j 6j", "DG 7j", "9j 3p", "3s 4s"]), P(0, "5j"))
    with pytest.raises(IllegalPlay, match="the Dog can only be led"):
        apply(game, P(1, "DG"))


def test_the_dog_with_the_partner_out_goes_to_the_next_player_in():
    game, _ = act(position(["DG 5j", "7j 8j", "", "3s 4s"], out=(2,), played=0b0100), P(0, "DG"))
    assert game.round.turn == 3


def test_the_dog_can_come_back_to_its_player():
    game, _ = act(position(["DG 5j", "", "", "3s 4s"], out=(2, 1), played=0b0110), P(0, "DG"))
    assert game.round.turn == 3
    game, _ = act(position(["DG 5j", "3s", "", ""], out=(2, 3), played=0b1100), P(0, "DG"))
    assert game.round.turn == 0


def test_dragon_gift_to_an_opponent_of_choice_and_the_giver_leads():
    game, events = act(position(["DR 5j", "7j 8j", "9j 3p", "3s 4s"]),
                       P(0, "DR"), Pass(1), Pass(2), Pass(3), CollectTrick(0))
    assert game.round.phase is Phase.DRAGON
    assert options(game, 0).dragon_to == (1, 3)
    with pytest.raises(IllegalAction, match="opponents"):
        apply(game, GiveDragon(0, 2))
    with pytest.raises(WrongPhase):
        apply(game, P(0, "5j"))
    game, events = act(game, GiveDragon(0, 3))
    assert game.round.won[3] & parse_cards("DR")
    assert game.round.turn == 0 and game.round.phase is Phase.PLAY


def test_dragon_gift_to_a_player_already_out():
    game, _ = act(position(["DR 5j", "", "9j 3p", "3s 4s"], out=(1,), played=0b0010),
                  P(0, "DR"), Pass(2), Pass(3), CollectTrick(0), GiveDragon(0, 1))
    assert game.round.won[1] & parse_cards("DR")


def test_a_bombed_dragon_is_not_given_away():
    game, _ = act(position(["DR 5j", "7j 7s 7p 7r 8j", "9j 3p", "3s 4s"]),
                  P(0, "DR"), P(1, "7j 7s 7p 7r"), Pass(2), Pass(3), Pass(0), CollectTrick(1))
    assert game.round.phase is Phase.PLAY and game.round.won[1] & parse_cards("DR")


def test_a_winner_who_is_out_passes_the_lead_to_the_next_player_in():
    game, events = act(position(["Aj", "7j 8j", "9j 3p", "3s 4s"]),
                       P(0, "Aj"), Pass(1), Pass(2), Pass(3), CollectTrick(0))
    assert "went_out" in event_types(events)
    assert game.round.won[0] & parse_cards("Aj")
    assert game.round.turn == 1


def test_after_a_player_goes_out_the_others_must_all_pass_to_end_the_trick():
    game, _ = act(position(["Aj", "7j 8j", "9j 3p", "3s 4s"]), P(0, "Aj"), Pass(1), Pass(2))
    assert game.round.trick and game.round.turn == 3


def test_double_victory_ends_the_round_at_once():
    game, events = act(position(["Aj", "7j 8j", "Kj", "3s 4s"], calls="t---"),
                       P(0, "Aj"), Pass(1), Pass(2), Pass(3), CollectTrick(0), P(1, "7j"),
                       P(2, "Kj"))
    result = game.history[-1]
    assert result.double_victory == 0
    assert result.card_points == (200, 0) and result.call_points == (100, 0)
    assert game.scores == (300, 0) and game.round_no == 2


def test_third_player_out_ends_the_round_and_the_last_players_cards_go_over():
    # Seat 3 is last: its hand (5j Ts) goes to the other team, its tricks (Ks 5s DR) to the
    # first out, seat 1. Everything else was won by seat 1 earlier.
    rest = FULL_DECK & ~parse_cards("Aj Kj 5j Ts Ks 5s DR")
    game = position(["Aj", "", "Kj", "5j Ts"], out=(1,), played=0b0010,
                    won=["", format_cards(rest), "", "Ks 5s DR"])
    game, events = act(game, P(0, "Aj"), Pass(2), Pass(3), CollectTrick(0), P(2, "Kj"))
    result = game.history[-1]
    assert result.out_order == (1, 0, 2, 3)
    assert result.card_points == (10 + 15, points(rest) + 40)
    assert sum(result.card_points) == 100


def test_the_trick_in_play_when_the_third_player_goes_out_goes_to_its_winner():
    game = position(["", "", "Kj", "5j Ts"], out=(1, 0), played=0b0011, turn=2)
    game, _ = act(game, P(2, "Kj"))
    assert game.round_no == 2
    assert game.history[-1].out_order == (1, 0, 2, 3)


def test_a_dragon_that_ends_the_round_is_still_given_away():
    game = position(["", "", "DR", "5j Ts"], out=(1, 0), played=0b0011, turn=2)
    game, _ = act(game, P(2, "DR"))
    assert game.round.phase is Phase.DRAGON
    game, _ = act(game, GiveDragon(2, 3))
    assert game.round_no == 2


def test_tichu_may_be_called_after_passing_but_not_after_playing():
    game, _ = act(position(["5j 6j", "7j 8j", "9j 3p", "3s 4s"]), P(0, "5j"), Pass(1))
    game, events = act(game, CallTichu(1))
    assert events[-1].type == "tichu_called"
    with pytest.raises(IllegalAction, match="before playing your first card"):
        apply(game, CallTichu(0))
    with pytest.raises(IllegalAction, match="already called"):
        apply(game, CallTichu(1))


def test_a_grand_tichu_caller_cannot_also_call_tichu():
    game = position(["5j 6j", "7j 8j", "9j 3p", "3s 4s"], calls="g---")
    with pytest.raises(IllegalAction, match="already called"):
        apply(game, CallTichu(0))


@pytest.mark.parametrize("calls, first_out, expected", [
    ("t---", 0, (100, 0)), ("-t--", 0, (0, -100)), ("g-t-", 0, (100, 0)),
    ("g---", 2, (-200, 0)), ("tt--", 1, (-100, 100)),
])
def test_each_call_is_scored_on_its_own(calls, first_out, expected):
    from engine.scoring import _call_points
    game = position(["5j", "6j", "7j", "8j"], calls=calls)
    assert _call_points(game.round.rules, game.round.calls, first_out) == expected


def test_the_wish_binds_on_the_next_turns_and_across_tricks():
    game, events = act(position(["MJ Aj", "8j 3s", "4j 5j", "Kj 2s"]), P(0, "MJ"))
    assert game.round.phase is Phase.WISH
    with pytest.raises(WrongPhase, match="wish"):
        apply(game, Pass(1))
    game, events = act(game, Wish(0, 8))
    assert events[-1].type == "wish_made" and game.round.wish == 8
    with pytest.raises(IllegalAction, match="wish for 8"):
        apply(game, Pass(1))
    with pytest.raises(IllegalPlay, match="wish for 8"):
        apply(game, P(1, "3s"))
    game, events = act(game, P(1, "8j"))
    assert "wish_fulfilled" in event_types(events) and game.round.wish == 0


def test_the_wish_stays_open_until_a_real_card_is_played():
    game, _ = act(position(["MJ Aj 4s", "PH 3s", "4j 5j", "Kj 2s"]),
                  P(0, "MJ"), Wish(0, 8), P(1, "PH"), Pass(2), Pass(3), Pass(0), CollectTrick(1))
    assert game.round.wish == 8 and game.round.turn == 1


def test_a_bomb_holding_the_wished_rank_fulfils_it():
    game, events = act(position(["MJ Aj", "3s 4s", "8j 8s 8p 8r 5j", "Kj 2s"]),
                       P(0, "MJ"), Wish(0, 8), P(2, "8j 8s 8p 8r"))
    assert "wish_fulfilled" in event_types(events)


def test_the_wish_is_made_only_by_the_mahjong_player_and_only_for_a_rank():
    game, _ = act(position(["MJ Aj", "8j 3s", "4j 5j", "Kj 2s"]), P(0, "MJ"))
    with pytest.raises(NotYourTurn):
        apply(game, Wish(1, 5))
    with pytest.raises(IllegalAction, match="rank from 2 to A"):
        apply(game, Wish(0, 1))
    game, _ = act(game, Wish(0, 0))
    assert game.round.wish == 0 and game.round.phase is Phase.PLAY


def test_the_winner_of_a_trick_must_fulfil_the_wish_when_leading():
    # Seat 1 holds an 8 but no straight with it: free to follow, bound when it leads.
    game, _ = act(position(["MJ 2j 3j 4j 5p Aj", "2s 3p 4s 5s 6s 8s Kr", "9j 9s", "Tj Ts"]),
                  P(0, "MJ 2j 3j 4j 5p"), Wish(0, 8), P(1, "2s 3p 4s 5s 6s"),
                  Pass(2), Pass(3), Pass(0), CollectTrick(1))
    assert game.round.turn == 1 and game.round.wish == 8
    with pytest.raises(IllegalPlay, match="wish for 8"):
        apply(game, P(1, "Kr"))
    assert all(c.cards & parse_cards("8s") for c in options(game, 1).plays)


def test_phoenix_reading_can_be_chosen():
    game = position(["5j 5s 8j 8s PH 2j", "7j", "8p", "9j"])
    low, _ = act(game, P(0, "5j 5s 8j 8s PH", phoenix_as=5))
    high, _ = act(game, P(0, "5j 5s 8j 8s PH"))
    assert low.round.top.height == 5 and high.round.top.height == 8
    with pytest.raises(IllegalPlay, match="cannot stand for 9"):
        apply(game, P(0, "5j 5s 8j 8s PH", phoenix_as=9))


def test_a_client_checks_a_selection_with_the_hosts_words():
    from engine import check_play, view
    game, _ = act(position(["5j 5s 2j", "7j 7s 3s Kj", "9j 9s", "9p 9r Tj Ts"]), P(0, "5j 5s"),
                  P(1, "7j 7s"), P(2, "9j 9s"))
    mine = view(game, 3)
    with pytest.raises(IllegalPlay, match="a pair of 9s does not beat a pair of 9s"):
        check_play(mine, parse_cards("9p 9r"))
    with pytest.raises(IllegalPlay, match="same kind and length"):
        check_play(mine, parse_cards("9p"))
    with pytest.raises(IllegalPlay, match="out of turn only a bomb"):
        check_play(view(game, 1), parse_cards("Kj"))
    assert check_play(mine, parse_cards("Tj Ts")).height == 10


def test_the_view_remembers_every_card_played_this_round_the_dog_too():
    from engine import view
    game, _ = act(position(["DG 5j 6j", "7j 8j", "9j 3p", "3s 4s"]), P(0, "DG"), P(2, "9j"))
    assert view(game, 1).played_cards == parse_cards("DG 9j")
