"""The two-player duel: deal, discard, draft, one call, the wish answer, the last answer."""

import pytest

from engine import (DUEL, CallTichu, CollectTrick, Discard, Draft, GrandTichu, IllegalAction,
                    IllegalPlay, NotYourTurn, Pass, Play, RuleSet, WrongPhase, Wish, apply,
                    new_game, options, parse_cards, view, waiting_for)
from engine.cards import MAHJONG_BIT, cards_of, mask_of
from engine.game import _winner
from engine.state import Call, Phase

from .scenario import act, event_types, position


def P(seat, cards, phoenix_as=0):
    return Play.of(seat, cards, phoenix_as)


def three(game, seat):
    return mask_of(cards_of(game.round.hands[seat])[:3])


def discarded(seed=1):
    game = new_game(DUEL, seed)
    return act(game, Discard(0, three(game, 0)), Discard(1, three(game, 1)))[0]


def test_deal_fourteen_each_six_on_the_table_the_rest_unused():
    game = new_game(DUEL, seed=1)
    state = game.round
    assert state.phase is Phase.DISCARD
    assert [h.bit_count() for h in state.hands] == [14, 14]
    assert len(state.draft_cards) == 6 and state.set_aside.bit_count() == 22
    assert waiting_for(game) == (0, 1)


def test_discard_exactly_three_of_ones_own_cards_once():
    game = new_game(DUEL, seed=1)
    with pytest.raises(IllegalAction, match="exactly 3"):
        apply(game, Discard(0, mask_of(cards_of(game.round.hands[0])[:2])))
    with pytest.raises(IllegalAction, match="do not hold"):
        apply(game, Discard(0, three(game, 1)))
    game, _ = act(game, Discard(0, three(game, 0)))
    assert game.round.hands[0].bit_count() == 11
    with pytest.raises(IllegalAction, match="already discarded"):
        apply(game, Discard(0, three(game, 0)))
    assert view(game, 1).discarded == (True, False) and view(game, 1).my_discard == 0


def test_the_drafter_takes_three_and_the_opponent_gets_the_rest():
    game = discarded()
    drafter = game.round.drafter
    other = 1 - drafter
    assert game.round.phase is Phase.DRAFT and waiting_for(game) == (drafter,)
    with pytest.raises(NotYourTurn):
        apply(game, Draft(other, True))
    table = game.round.draft_cards
    game, events = act(game, Draft(drafter, True), Draft(drafter, False), Draft(drafter, True),
                       Draft(drafter, True))
    assert event_types(events)[-1] == "draft_done"
    assert all(game.round.hands[drafter] >> c & 1 for c in (table[0], table[2], table[3]))
    assert all(game.round.hands[other] >> c & 1 for c in (table[1], table[4], table[5]))
    assert [h.bit_count() for h in game.round.hands] == [14, 14]
    assert game.round.phase is Phase.PLAY


def test_unturned_table_cards_stay_hidden_from_the_drafter():
    game = discarded()
    drafter = game.round.drafter
    table = game.round.draft_cards
    game, _ = act(game, Draft(drafter, True), Draft(drafter, True), Draft(drafter, True))
    seen = view(game, drafter)
    assert [s.card for s in seen.draft] == list(table[:3])
    assert not any(seen.hand >> c & 1 for c in table[3:])
    assert all(view(game, 1 - drafter).hand >> c & 1 for c in table[3:])


def test_after_leaving_three_the_rest_go_to_the_drafter():
    game = discarded()
    drafter = game.round.drafter
    table = game.round.draft_cards
    game, _ = act(game, Draft(drafter, False), Draft(drafter, False), Draft(drafter, False))
    assert all(game.round.hands[drafter] >> c & 1 for c in table[3:])


def test_the_drafter_and_lead_is_the_player_with_fewer_points_or_the_non_dealer():
    from engine.game import _fewer_points
    assert _fewer_points((100, 50), dealer=1) == 1
    assert _fewer_points((0, 0), dealer=1) == 0
    game = new_game(DUEL, seed=1)
    assert game.round.drafter == 1 - game.dealer


def test_grand_tichu_before_the_draft_then_no_other_call():
    game = new_game(DUEL, seed=1)
    game, _ = act(game, GrandTichu(1, True))
    assert game.round.calls == (Call.NONE, Call.GRAND)
    with pytest.raises(IllegalAction, match="one call"):
        apply(game, GrandTichu(0, True))
    with pytest.raises(IllegalAction, match="no call yet"):
        apply(game, CallTichu(0))
    with pytest.raises(IllegalAction, match="nothing to decline"):
        apply(game, GrandTichu(0, False))


def test_no_grand_tichu_once_the_draft_started():
    game = discarded()
    with pytest.raises(WrongPhase, match="before the draft"):
        apply(game, GrandTichu(0, True))


def test_tichu_needs_nine_cards():
    game = position(["2j 3j 4j 5j 6j 7s 8s 9s Ts", "Jj Qj"], turn=1)
    game, _ = act(game, CallTichu(0))
    assert game.round.calls[0] is Call.TICHU
    short = position(["2j 3j 4j 5j 6j 7s 8s 9s", "Jj Qj"], turn=1)
    with pytest.raises(IllegalAction, match="at least 9 cards"):
        apply(short, CallTichu(0))
    assert not options(short, 0).tichu


def test_duel_stairs_rule_in_play():
    game, _ = act(position(["2j 2s 3j 3s Aj", "3p 3r 4j 4s 5j 5s Kj"]), P(0, "2j 2s 3j 3s"))
    with pytest.raises(IllegalPlay, match="does not beat"):
        apply(game, P(1, "3p 3r 4j 4s"))
    game, _ = act(game, P(1, "4j 4s 5j 5s"))
    assert game.round.top_seat == 1


def test_the_wish_answer_must_hold_the_rank_and_may_be_any_combination():
    game, _ = act(position(["MJ Aj 4j", "8j 8s 8p 2j 2s"]), P(0, "MJ"), Wish(0, 8))
    with pytest.raises(IllegalAction, match="wish for 8"):
        apply(game, Pass(1))
    with pytest.raises(IllegalPlay, match="wish for 8"):
        apply(game, P(1, "2j"))
    game, events = act(game, P(1, "8j 8s 8p 2j 2s"))
    assert "wish_fulfilled" in event_types(events)
    assert game.round.top.kind.name == "FULL_HOUSE"   # it stands as the trick
    with pytest.raises(IllegalPlay):
        apply(game, P(0, "Aj"))


def test_the_wish_answer_without_the_rank_must_play_a_single_if_it_can():
    game, _ = act(position(["MJ Aj 4j", "3s Ks 7p"]), P(0, "MJ"), Wish(0, 8))
    with pytest.raises(IllegalAction, match="answer the Mah Jong"):
        apply(game, Pass(1))
    game, events = act(game, P(1, "3s"))
    assert "wish_lapsed" in event_types(events) and game.round.wish == 0
    game, _ = act(game, Pass(0))           # and afterwards passing is allowed again


def test_the_last_card_gets_exactly_one_answer_then_the_round_ends():
    game, events = act(position(["Kj", "Aj 2s 3s"], won=["", ""]), P(0, "Kj"))
    assert "went_out" in event_types(events) and game.round_no == 1
    assert game.round.last_answer
    answered, _ = act(game, P(1, "Aj"))
    assert answered.round_no == 2
    # The trick goes to whoever played last.
    assert answered.history[-1].out_order == (0, 1)
    assert answered.history[-1].card_points == (0, 10)
    passed, _ = act(game, Pass(1))
    assert passed.round_no == 2 and passed.history[-1].card_points == (10, 0)


def test_leftover_hand_counts_as_the_opponents_own_won_cards():
    game = position(["Kj", "5s Ts 2s"], won=["", ""])
    game, _ = act(game, P(0, "Kj"), Pass(1))
    result = game.history[-1]
    assert result.card_points == (10, 15)


def test_the_dragon_trick_goes_to_the_opponent():
    game, events = act(position(["DR 2j 3j", "Aj 5s 4s"], won=["", ""]), P(0, "DR"), Pass(1),
                       CollectTrick(0))
    assert "dragon_given" in event_types(events)
    assert game.round.won[1] & parse_cards("DR") and game.round.turn == 0


def test_going_out_with_the_dragon_keeps_the_trick_and_fails_tichu():
    game = position(["DR", "Aj 5s 4s"], won=["", ""], calls="t-")
    game, _ = act(game, P(0, "DR"), Pass(1))
    result = game.history[-1]
    assert result.card_points[0] == 25
    assert result.call_points == (-100, 0)


def test_duel_tichu_succeeds_by_going_out_first():
    game = position(["Kj", "Aj 5s 4s"], won=["", ""], calls="t-")
    game, _ = act(game, P(0, "Kj"), P(1, "Aj"))
    assert game.history[-1].call_points == (100, 0)


def test_no_double_victory_in_the_duel():
    game = position(["Kj", "Aj"], won=["", ""])
    game, _ = act(game, P(0, "Kj"), P(1, "Aj"))
    assert game.history[-1].double_victory == -1


def test_the_dog_gives_the_lead_to_the_opponent():
    game, _ = act(position(["DG 5j", "Aj 5s"]), P(0, "DG"))
    assert game.round.turn == 1 and game.round.set_aside & 1


def test_below_minus_333_loses_at_once():
    assert _winner(DUEL, (-334, 10)) == 1
    assert _winner(DUEL, (-333, 10)) == -1
    assert _winner(DUEL, (1000, 990)) == 0
    assert _winner(DUEL, (1000, 1000)) == -1
    assert _winner(RuleSet("duel", target=333), (340, 100)) == 0


def test_next_dealer_is_the_player_who_scored_less_this_round():
    game = position(["Kj", "5s Ts 2s"], won=["", ""])
    game, _ = act(game, P(0, "Kj"), Pass(1))
    assert game.history[-1].total == (10, 15)
    assert game.dealer == 0


def test_without_the_mahjong_the_drafter_leads():
    for seed in range(40):
        game = discarded(seed)
        drafter = game.round.drafter
        game, _ = act(game, *(Draft(drafter, True) for _ in range(3)))
        if not any(h & MAHJONG_BIT for h in game.round.hands):
            assert game.round.turn == drafter
            return
    pytest.fail("no deal without the Mah Jong in 40 seeds")
