"""Single inputs against a real host: refusals before sending, a bomb out of turn, the
dropped connection, chat; and the Phoenix reading on a game built with the engine."""

import pytest_twisted

from engine import (CLASSIC, Exchange, GrandTichu, Kind, Phase, Play, apply, new_game,
                    options_for_view)
from engine.cards import PHOENIX_BIT, RANK_MASK, SPECIALS_MASK, cards_of, rank_of
from tichu_lan.server import Pacing
from tests.tui.harness import TableBench
from tests.tui.keyplayer import KeyPlayer
from tests.tui.test_screen_games import open_game

BOMB_SEED = 29          # seat 0 is dealt a bomb, and not the Mah Jong (a bot leads)


def counting_acts(client):
    sent = []
    act = client.act

    def counted(action):
        sent.append(action)
        return act(action)
    client.act = counted
    return sent


async def until_play(player, condition):
    """Let the key player decide everything until ``condition()`` holds at the table."""
    while not condition():
        await player.driver.until(lambda: condition() or player.actionable(), what="a moment")
        if not condition():
            await player.step()


@pytest_twisted.ensureDeferred
async def test_illegal_selections_show_the_reason_and_send_nothing(start, pipe):
    host, driver, client, model = await open_game(start, pipe, duel=False, seed=BOMB_SEED)
    player = KeyPlayer(driver, model, client, call_tichu=False)
    view = lambda: client.view  # noqa: E731
    await until_play(player, lambda: view().phase is Phase.PLAY and model.options.waiting
                     and view().top is not None and view().top.kind is not Kind.BOMB)
    sent = counting_acts(client)
    ordinary = list(cards_of(view().hand & ~SPECIALS_MASK))
    low = ordinary[0]
    high = next(c for c in ordinary if rank_of(c) == rank_of(ordinary[-1]))   # typing picks it
    assert rank_of(low) != rank_of(high)
    keys = {10: "0", 11: "j", 12: "q", 13: "k", 14: "a"}
    driver.press(*(keys.get(rank_of(c), str(rank_of(c))) for c in (low, high)))
    await driver.until(lambda: model.hand.mask == (1 << low) | (1 << high), what="selection")
    errors = model.errors
    driver.press("enter")
    await driver.until(lambda: model.errors > errors, what="the reason")
    assert "is not a combination" in driver.text()
    assert sent == [] and model.hand.mask       # nothing sent, the selection kept
    driver.press("escape")
    await driver.until(lambda: not model.hand.mask, what="cleared")
    errors = model.errors
    driver.press("enter")
    await driver.until(lambda: model.errors > errors, what="the reason")
    assert "Select cards first" in driver.text() and sent == []
    await driver.stop()
    await client.close()


@pytest_twisted.ensureDeferred
async def test_a_bomb_out_of_turn_from_the_bomb_list(start, pipe):
    host, driver, client, model = await open_game(start, pipe, duel=False, seed=BOMB_SEED,
                                                   pacing=Pacing(0.2, 0.0, 0.0))  # time to bomb
    player = KeyPlayer(driver, model, client, call_tichu=False)
    player.play = lambda: player.keys("p" if model.options.can_pass else "tab", "enter")
    view = lambda: client.view  # noqa: E731
    await until_play(player, lambda: view().phase is Phase.PLAY and view().top is not None
                     and view().turn != view().seat and view().top.kind is not Kind.BOMB
                     and view().top.cards != 1 << 0)
    driver.press("b")
    await driver.until(lambda: model.overlays, what="the bomb list")
    assert "Your bombs" in driver.text() and "bomb of four" in driver.text()
    driver.press("enter")
    await driver.until(lambda: any("BOMB out of turn" in "".join(t for _, t in line)
                                   for line in model.log), what="the bomb")
    await driver.stop()
    await client.close()


async def back_at_the_seat(driver, client, model):
    """The seat is ours again: decide on Grand Tichu, and the log says the client is back."""
    seq = client.seq
    driver.press("n")
    await driver.until(lambda: client.seq > seq and model.forced is None, what="the move")
    assert "Reconnected to the host" in driver.text()
    await driver.stop()
    await client.close()


@pytest_twisted.ensureDeferred
async def test_a_dropped_connection_shows_a_banner_and_comes_back(start, pipe):
    host, driver, client, model = await open_game(start, pipe, duel=False, seed=BOMB_SEED)
    await driver.until(lambda: model.forced is not None, what="the Grand Tichu question")
    client.drop()
    await driver.until(lambda: model.banner is not None, what="the banner")
    assert "Connection to the host lost: reconnecting" in driver.text()
    await driver.until(lambda: model.banner is None and client.connected, what="reconnected")
    await back_at_the_seat(driver, client, model)


def lead_with_phoenix_straight():
    """A classic game at its first lead, and four ranks in a row the leader holds with the
    Phoenix (so that the Phoenix may end the straight at either end)."""
    for seed in range(500):
        game = new_game(CLASSIC, seed)
        for seat in range(4):
            game, _ = apply(game, GrandTichu(seat, False))
        for seat in range(4):
            gifts = tuple(int(c) for c in cards_of(game.round.hands[seat])[-3:])
            game, _ = apply(game, Exchange(seat, gifts))
        seat = game.round.turn
        hand = game.round.hands[seat]
        if not hand & PHOENIX_BIT:
            continue
        for low in range(3, 11):
            run = [next(iter(cards_of(hand & RANK_MASK[r])), None) for r in range(low, low + 4)]
            if None not in run and not hand & (RANK_MASK[low - 1] | RANK_MASK[low + 4]):
                return game, seat, run
    raise AssertionError("no such deal in 500 seeds")


def test_an_ambiguous_phoenix_asks_what_it_stands_for():
    game, seat, run = lead_with_phoenix_straight()
    table = TableBench(game, seat, ascii=False)
    model, sent = table.model, table.sent
    assert options_for_view(model.view).waiting
    for card in run:
        model.hand.select(model.hand.mask | 1 << card)
    model.hand.select(model.hand.mask | PHOENIX_BIT)
    table.press("enter")
    (dialog,) = model.overlays
    labels = [o.label for o in dialog.options]
    low = rank_of(run[0])
    assert dialog.title == "What does the Phoenix stand for?" and len(labels) == 2
    assert sent == []
    table.press("2")
    (move,) = sent
    play = move.action
    assert isinstance(play, Play) and play.phoenix_as in (low - 1, low + 4)
    assert play.phoenix_as == dialog.options[1].value and not model.overlays


@pytest_twisted.ensureDeferred
async def test_chat_goes_to_the_table_and_comes_back_in_the_log(start, pipe):
    host, driver, client, model = await open_game(start, pipe, duel=True, seed=BOMB_SEED)
    driver.press("c")
    await driver.until(lambda: model.overlays, what="the chat line")
    driver.press("h", "i", "space", "a", "l", "l", "enter")
    await driver.until(lambda: any("".join(t for _, t in line) == "You: hi all"
                                   for line in model.log), what="the chat in the log")
    assert "You: hi all" in driver.text()
    await driver.stop()
    await client.close()


@pytest_twisted.ensureDeferred
async def test_a_host_stopped_on_purpose_says_who_and_the_table_goes_on_when_it_is_back(
        start, hosts, pipe):
    host, driver, client, model = await open_game(start, pipe, duel=False, seed=BOMB_SEED,
                                                  owner="Anna")
    await driver.until(lambda: model.forced is not None, what="the Grand Tichu question")
    port = host.port
    await hosts.stop(host)
    await driver.until(lambda: model.banner is not None, what="the banner")
    text = driver.text()
    assert "Anna stopped the host; your game is kept and goes on when they start it again." \
        in text.splitlines()[1] and "reconnecting" not in text
    start(resume=True, port=port, seed=BOMB_SEED, owner="Anna")
    await driver.until(lambda: model.banner is None and client.connected, what="back")
    await back_at_the_seat(driver, client, model)
