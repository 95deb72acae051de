"""Refusals of a pass, a Tichu and a Grand Tichu: the host's words and the ones a seat
works out from its own view are the same, in every position of random games of both
rule sets, and each case has its own words."""

import pytest

from engine import (CLASSIC, DUEL, CallTichu, GrandTichu, IllegalAction, NotYourTurn, Pass,
                    Play, RuleSet, WrongPhase, apply, new_game, options, options_for_view, view)
from engine.checks import why_no_grand_tichu, why_no_pass, why_no_tichu
from engine.seat_options import facts_of_state
from engine.seat_view import facts_of_view
from engine.state import Phase

from .scenario import act, position
from .test_properties import play_out

RULES = [RuleSet(target=400), RuleSet("duel", target=400)]


def refusal(game, action) -> IllegalAction | None:
    try:
        apply(game, action)
    except IllegalAction as exc:
        return exc
    return None


def check_refusals(game, seen: set) -> None:
    """Every seat's refusals in ``game`` are the view's reasons, word for word."""
    for seat in range(game.rules.seats):
        v = view(game, seat)
        facts = facts_of_view(v)
        assert facts == facts_of_state(game.round, seat)
        opts = options_for_view(v)
        refused = refusal(game, Pass(seat))
        assert (refused is None) == opts.can_pass
        if refused is not None:
            assert str(refused) == str(why_no_pass(facts))
            seen.add(("pass", str(refused)))
        refused = refusal(game, CallTichu(seat))
        if refused is not None:
            assert not opts.tichu and str(refused) == str(why_no_tichu(facts))
            seen.add(("tichu", str(refused)))
        elif not opts.tichu:    # the host takes a call the options leave out: only this case
            assert game.round.phase is Phase.WISH and not game.rules.duel
            assert str(why_no_tichu(facts)) == "waiting for the Mah Jong's wish"
        refused = refusal(game, GrandTichu(seat, True))
        if refused is not None:
            assert not opts.call_grand and str(refused) == str(why_no_grand_tichu(facts))
            seen.add(("grand", str(refused)))


@pytest.mark.parametrize("rules", RULES, ids=["classic", "duel"])
def test_the_host_refuses_with_the_words_the_view_gives(rules):
    seen: set = set()
    for seed in range(4):
        play_out(rules, seed, steps=250, on_step=lambda before, a, after, e: check_refusals(
            after, seen) if not after.over else None)
    kinds = {kind for kind, _ in seen}
    assert kinds == {"pass", "tichu", "grand"}
    assert len(seen) >= 8


def test_each_pass_refusal_has_its_words():
    game = position(["5j 6j", "7j", "8j", "9j"])
    assert str(why_no_pass(facts_of_state(game.round, 0))) == (
        "you have the lead: play a combination")
    assert str(why_no_pass(facts_of_state(game.round, 1))) == "it is not your turn"
    dealt = new_game(CLASSIC, 1)
    assert str(why_no_pass(facts_of_state(dealt.round, 0))) == (
        "cards are played only once the round's set-up is done")
    with pytest.raises(WrongPhase):
        apply(dealt, Pass(0))
    with pytest.raises(NotYourTurn, match="it is not your turn"):
        apply(game, Pass(1))
    wished, _ = act(position(["MJ Aj", "8j 2s", "3j", "4j"]), Play.of(0, "MJ"))
    assert str(why_no_pass(facts_of_state(wished.round, 0))) == "waiting for the Mah Jong's wish"


def test_each_call_refusal_has_its_words_in_both_rule_sets():
    classic = new_game(CLASSIC, 1)
    facts = facts_of_state(classic.round, 0)
    assert str(why_no_tichu(facts)) == "Tichu can be called once all 14 cards are dealt"
    decided, _ = act(classic, GrandTichu(0, False))
    assert str(why_no_grand_tichu(facts_of_state(decided.round, 0))) == (
        "you have already decided on Grand Tichu this round")
    playing = position(["5j 6j", "7j", "8j", "9j"], calls="t---", played=0b10)
    assert str(why_no_tichu(facts_of_state(playing.round, 0))) == (
        "you have already called this round")
    assert str(why_no_tichu(facts_of_state(playing.round, 1))) == (
        "Tichu can only be called before playing your first card")
    assert str(why_no_grand_tichu(facts_of_state(playing.round, 1))) == (
        "Grand Tichu is decided only after the first 8 cards")
    duel = position(["2j 3j 4j 5j 6j 7s 8s 9s Ts", "Jj Qj"], calls="-t")
    assert str(why_no_tichu(facts_of_state(duel.round, 0))) == (
        "Tichu needs at least 9 cards in hand and no call yet this round")
    assert str(why_no_grand_tichu(facts_of_state(duel.round, 0))) == (
        "Grand Tichu can only be called before the draft starts")
    dealt = new_game(DUEL, 1)
    called, _ = act(dealt, GrandTichu(1, True))
    assert str(why_no_grand_tichu(facts_of_state(called.round, 0))) == (
        "only one call is allowed per duel round, and one was made")
    assert not options(called, 0).call_grand


def test_no_tichu_while_the_wish_is_named_says_so():
    duel, _ = act(position(["MJ Aj 4j 5j 6j 7s 8s 9s Ts Js", "8j 8s 8p 2j 2s Kj Ks Kp Qj"]),
                  Play.of(0, "MJ"))
    with pytest.raises(IllegalAction, match="waiting for the Mah Jong's wish"):
        apply(duel, CallTichu(1))
    assert str(why_no_tichu(facts_of_view(view(duel, 1)))) == "waiting for the Mah Jong's wish"
    classic, _ = act(position(["MJ Aj", "8j 2s", "3j", "4j"]), Play.of(0, "MJ"))
    assert not options_for_view(view(classic, 1)).tichu
    assert str(why_no_tichu(facts_of_view(view(classic, 1)))) == "waiting for the Mah Jong's wish"
    assert str(why_no_tichu(facts_of_view(view(classic, 0)))) == (
        "Tichu can only be called before playing your first card")
