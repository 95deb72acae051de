"""The table model without a reactor, a client or a terminal: views and events built with the
engine go in, keys go through the real bindings, and the state and the intents come out."""

import random
import subprocess
import sys

import pytest

from engine import (CLASSIC, DUEL, Combo, Exchange, GrandTichu, Kind, Pass, Play,
                    WithdrawExchange, Wish, apply, check_play, legal_plays, new_game,
                    options_for_view, trick_to_collect, view as seat_view)
from engine.cards import MAHJONG_BIT, PHOENIX_BIT, RANK_MASK, SPECIALS_MASK, cards_of
from tichu_lan.host_messages import Chat, ConnectionNotice
from tichu_lan.tui.dialogs import Choice, Info, LineInput
from tichu_lan.tui.faces import Faces
from tichu_lan.tui.table_intents import Leave, Move, Ring, Say
from tichu_lan.tui.table_model import TableModel
from tests.support import typed_host
from tests.support.autoplay import calm_decision
from tests.tui.harness import TableBench


def exchanging(seed: int = 1):
    game = new_game(CLASSIC, seed)
    for seat in range(4):
        game, _ = apply(game, GrandTichu(seat, False))
    return game


def playing(seed: int = 1):
    game = exchanging(seed)
    for seat in range(4):
        game, _ = apply(game, Exchange(seat, tuple(cards_of(game.round.hands[seat])[-3:])))
    return game


def test_the_grand_tichu_question_opens_by_itself_and_answers_once():
    table = TableBench(new_game(CLASSIC, 1))
    question = table.model.forced
    assert isinstance(question, Choice) and question.title == "Grand Tichu?"
    table.press("n", "y")                         # the second answer waits for the first
    assert table.moves() == [GrandTichu(0, False)] and table.model.busy
    table.model.answered(table.sent[0])
    assert not table.model.busy
    table.apply(GrandTichu(0, False))
    assert table.model.forced is None             # decided: the question is gone


def test_a_refused_move_shows_the_hosts_words_and_keeps_the_selection():
    game = playing()
    table = TableBench(game, game.round.turn)
    table.press("tab", "enter")
    (move,) = table.sent
    assert isinstance(move.action, Play) and move.clears
    errors = table.model.errors
    table.model.answered(move, "it is not your turn")
    assert table.model.errors == errors + 1 and table.message() == "It is not your turn"
    assert table.model.hand.mask == move.action.cards and not table.model.busy
    table.press("enter")
    table.model.answered(table.sent[-1])          # accepted: the selection goes
    assert table.model.hand.mask == 0


def test_passing_on_the_lead_is_refused_with_the_reason_and_sends_nothing():
    game = playing()
    table = TableBench(game, game.round.turn)
    table.press("p")
    assert table.sent == [] and table.message() == "You have the lead: play a combination"
    other = TableBench(game, (game.round.turn + 1) % 4)
    other.press("p")
    assert other.sent == [] and other.message() == "It is not your turn"


def test_an_illegal_selection_gives_the_engines_reason_and_sends_nothing():
    game = playing()
    table = TableBench(game, game.round.turn)
    ordinary = cards_of(game.round.hands[table.seat] & ~SPECIALS_MASK)
    table.model.hand.select((1 << ordinary[0]) | (1 << ordinary[-1]))
    table.press("enter")
    assert table.sent == [] and "is not a combination" in table.message()


def test_tab_cycles_through_exactly_the_legal_plays_cheapest_first_and_wraps():
    game = playing()
    table = TableBench(game, game.round.turn)
    view = seat_view(game, table.seat)
    legal, _ = legal_plays(view.rules, view.hand, view.top, my_turn=True)
    seen: list[Combo] = []
    for _ in legal:
        table.press("tab")
        seen.append(table.model.hand.hint)
        assert table.model.hand.mask == seen[-1].cards
        check_play(view, seen[-1].cards, seen[-1].phoenix_as)       # each one is playable
    assert sorted(map(repr, seen)) == sorted(map(repr, legal))      # each legal play once
    kinds = [(c.kind is Kind.BOMB, c.kind, c.length) for c in seen]
    assert kinds == sorted(kinds) and seen[0].kind is Kind.SINGLE
    singles = [c.height for c in seen if c.kind is Kind.SINGLE and not c.cards & PHOENIX_BIT]
    assert singles == sorted(singles)
    table.press("tab")
    assert table.model.hand.hint == seen[0]                         # round again
    table.press("s-tab")
    assert table.model.hand.hint == seen[-1]                        # and back
    table.press("s-tab")
    assert table.model.hand.hint == seen[-2]
    assert table.sent == []


def test_the_exchange_gives_the_card_at_the_cursor_to_the_marked_seat():
    table = TableBench(exchanging())
    cards = table.model.hand.cards
    table.press("enter")
    assert table.sent == [] and table.message().startswith("Choose a card for each")
    picks = table.model.exchanging
    table.press("space", "right", "space")
    assert picks.picks == [cards[0], cards[1], None] and picks.active == 2
    table.press("right", "space")
    assert picks.picks == [cards[0], cards[1], cards[2]] and picks.complete
    table.press("up", "right", "space")           # another card for the partner
    assert picks.picks == [cards[0], cards[3], cards[2]] and table.model.hand.mask == 0
    table.press("escape")
    assert table.model.exchanging.picks == [None, None, None]
    table.press("left", "left", "left", "space", "right", "space", "right", "space", "up",
                "right", "space")
    table.press("w")
    assert table.message() == "you have not given your cards yet"
    table.press("enter")
    given = Exchange(0, (cards[0], cards[3], cards[2]))
    assert table.moves() == [given]
    table.model.answered(table.sent[-1])
    table.apply(given)
    table.press("w")
    assert table.moves()[-1] == WithdrawExchange(0)


def test_the_wish_takes_the_rank_keys_while_it_is_open():
    game = playing()
    seat = game.round.turn
    hand = game.round.hands[seat]
    held = next(rank for rank in range(2, 10) if hand & RANK_MASK[rank])    # its key types it
    assert hand & MAHJONG_BIT
    table = TableBench(game, seat)
    table.apply(Play(seat, MAHJONG_BIT))
    assert table.model.forced.title == "Your wish"
    table.press("x")                              # not a rank: the table says so
    assert table.message() == "'x' does nothing here: press ? for the keys"
    table.press(str(held))
    assert table.moves() == [Wish(seat, held)] and table.model.hand.mask == 0


def test_an_overlay_has_every_key_until_it_closes():
    game = playing()
    table = TableBench(game, game.round.turn)
    table.press("s")
    (scores,) = table.model.overlays
    assert isinstance(scores, Info) and scores.title == "Scores"
    table.press("p", "tab", "7", "right")          # Q and Ctrl-C still leave (asking first)
    assert table.sent == [] and table.model.hand.mask == 0 and table.model.overlays == [scores]
    table.press("q")                              # here q closes (elsewhere it is the Queen)
    assert table.model.overlays == []
    table.press("?", "escape", "v")
    assert [o.title for o in table.model.overlays] == ["The last trick"]


def test_chat_and_leaving_are_intents():
    game = playing()
    table = TableBench(game, 1)
    table.press("c")
    assert isinstance(table.model.overlays[-1], LineInput)
    table.press("h", "i", "space", "t", "backspace", "Q", "enter")
    assert table.sent == [Say("hi Q")] and not table.model.overlays
    table.press("Q")
    assert table.model.overlays[-1].title == "Leave the game?"
    table.press("enter")                          # "Stay" is the default
    assert table.sent == [Say("hi Q")]
    table.press("c-c", "y")
    assert table.sent[-1] == Leave()


def test_the_host_messages_become_the_log_the_banner_and_the_seats():
    model = TableModel(Faces(ascii=True))
    game = new_game(DUEL, 3)
    model.catch_up(seat_view(game, 0), typed_host.table(
        ["Ann", typed_host.person(1, "Bob", connected=False, bot="calm")], duel=True,
        name="Fri"), None)
    assert model.name(0) == "You" and model.name(1) == "Bob"
    assert model.seat_notes(1) == ["away", "bot plays"] and model.chat_limit() == 300
    model.on_message(Chat(table=1, seat=1, name="Bob", text="hello"), model.view)
    model.on_message(ConnectionNotice(state="lost"), model.view)
    assert model.banner == "Connection to the host lost: reconnecting..."
    model.on_message(ConnectionNotice(state="restored"), model.view)
    assert model.banner is None
    game, events = apply(game, GrandTichu(1, True))
    model.on_message(typed_host.view_message(seat_view(game, 0), 1, events), seat_view(game, 0))
    log = ["".join(t for _, t in line) for line in model.log]
    assert log == ["Bob: hello", "Reconnected to the host", "Bob calls GRAND TICHU"]


def test_the_bell_rings_when_the_game_starts_waiting_for_the_player():
    game = playing()
    leader = game.round.turn
    table = TableBench(game, (leader + 1) % 4, bell=True)
    assert table.sent == []                       # not this seat's turn
    low = cards_of(game.round.hands[leader] & ~SPECIALS_MASK)[0]
    table.apply(Play(leader, 1 << low))
    assert table.sent == [Ring()]                 # now it is
    table.press("p")
    assert table.sent == [Ring(), Move(Pass(table.seat), clears=True)]
    table.model.answered(table.sent[-1])
    table.apply(Pass(table.seat))
    assert table.sent.count(Ring()) == 1          # once a turn


def at_a_round_summary():
    """Seat 1's table once the first round is over, and its summary, open by itself."""
    game = new_game(CLASSIC, 4)
    table = TableBench(game, 0)
    rng = random.Random(0)
    while not table.model.overlays:
        seat = next((s for s in range(4) if options_for_view(seat_view(table.game, s)).waiting),
                    None)
        table.apply(trick_to_collect(table.game) if seat is None else
                    calm_decision(seat_view(table.game, seat), rng))
    (summary,) = table.model.overlays
    return table, summary


def test_the_round_summary_opens_at_the_end_of_a_round():
    table, summary = at_a_round_summary()
    assert summary.title == "Round 1 is over" and not summary.overlay


def test_the_model_imports_no_twisted_no_client_and_no_prompt_toolkit():
    code = ("import sys, tichu_lan.tui.table_model, tichu_lan.tui.table_actions; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('twisted', 'prompt_toolkit') or m == 'tichu_lan.client'))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=True)
    assert done.stdout.strip() == "[]"


def test_people_away_when_the_connection_comes_back_are_not_news_until_a_bot_stands_in():
    def table(**connected):
        return typed_host.table([
            typed_host.person(i, name, connected=connected.get(name, True),
                              bot="calm" if name in connected.get("bots", ()) else None)
            for i, name in enumerate(["Ann", "Bob", "Cat", "Dan"])])
    model = TableBench(new_game(CLASSIC, 3)).model
    lines = lambda: ["".join(t for _, t in line) for line in model.log]   # noqa: E731
    before = lines()
    model.seats_changed(table(), table(Bob=False))
    assert lines()[len(before):] == ["Bob is away; the seat waits for Bob"]
    model.seats_changed(table(Bob=False), table())
    assert lines()[-1] == "Bob is back"
    start = len(lines())
    model.connection("lost")                  # the host restarted: everyone reconnects
    model.seats_changed(table(), table(Bob=False, Cat=False, Dan=False))
    model.connection("restored")
    model.seats_changed(table(Bob=False, Cat=False, Dan=False), table(Cat=False, Dan=False))
    model.seats_changed(table(Cat=False, Dan=False),
                        table(Cat=False, Dan=False, bots=("Cat",)))
    model.seats_changed(table(Cat=False, Dan=False, bots=("Cat",)), table(Dan=False))
    model.seats_changed(table(Dan=False), table())
    assert lines()[start:] == ["Reconnected to the host", "A bot plays for Cat until Cat is back",
                               "Cat is back"]


@pytest.mark.parametrize("key", ["Q", "c-c"])
def test_q_and_ctrl_c_leave_from_a_round_s_summary_too(key):
    """The README: Q and Ctrl-C always leave (asking first); over a round's summary they did
    nothing. The leave question opens over the summary, which stays for after it."""
    table, summary = at_a_round_summary()
    table.press(key)
    assert len(table.model.overlays) == 2 and table.model.overlays[0] is summary
    assert "leave" in table.model.overlays[-1].title.lower()


def test_every_key_a_phone_lacks_has_a_plain_one_beside_it():
    """Over ssh from a phone there is no Esc, Tab, arrow or PageUp: , . u n m [ ] do their
    work, and Backspace closes a dialog."""
    table = TableBench(exchanging())
    cards = table.model.hand.cards
    picks = table.model.exchanging
    table.press("space", ".", "space")                 # . is Right
    assert picks.picks == [cards[0], cards[1], None]
    active = picks.active
    table.press("m")                                   # m marks the next seat (Down)
    assert picks.active == (active + 1) % 3
    table.press(",")                                   # , is Left
    assert table.model.hand.cursor == 0
    table.press("u")                                   # u is Esc: the exchange again
    assert table.model.exchanging.picks == [None, None, None]
    game = playing()
    table = TableBench(game, game.round.turn)
    table.press("n")                                   # n is Tab
    first = table.model.hand.hint
    assert first is not None and table.model.hand.mask == first.cards
    table.press("u")
    assert table.model.hand.mask == 0
    table.press("[")                                   # [ ] are PageUp and PageDown
    table.press("]")
    table.press("b")                                   # a dialog (the bombs, or none)...
    if table.model.overlays:
        table.press("backspace")                       # ...closes with Backspace
        assert not table.model.overlays
