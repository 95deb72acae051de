"""Whole games played by keystrokes through the real Application against a real host."""

import pytest_twisted

from engine import Call
from engine.cards import cards_of
from tests.support.live_host import LOOPBACK
from tests.tui.harness import Driver
from tests.tui.keyplayer import KeyPlayer
from tichu_lan.client import TichuClient
from tichu_lan.tui.faces import Faces
from tichu_lan.tui.run import solo_table, table_screen

# Seat 0 is dealt the Mah Jong and the Dragon with this seed (so it names a wish and gives
# the Dragon's trick away); in the duel it is dealt the Mah Jong and drafts (it does not deal).
CLASSIC_SEED, DUEL_SEED = 13, 16


async def open_game(start, pipe, *, duel: bool, seed: int, target: int = 100, ascii=False,
                    rows=24, columns=80, **host_options):
    host = start(seed=seed, **host_options)
    driver = Driver(pipe, rows, columns)
    client = TichuClient(LOOPBACK, host.port, "Ann", reconnect=True)
    model = table_screen(driver.ui, client, Faces(ascii=ascii)).model
    driver.start()
    await solo_table(client, duel, target, "calm")
    await driver.until(lambda: model.view is not None, what="the first view")
    return host, driver, client, model


@pytest_twisted.ensureDeferred
async def test_a_classic_game_by_keys(start, pipe):
    host, driver, client, model = await open_game(start, pipe, duel=False, seed=CLASSIC_SEED)
    text = driver.text()
    assert "Grand Tichu?" in text and "YOUR TURN" in text and "Bot 3 (partner)" in text
    hand_row = text.splitlines()[-4]            # the hand, drawn along the bottom
    assert hand_row.split() == [model.faces.face(c) for c in cards_of(client.view.hand)]
    player = KeyPlayer(driver, model, client, seed=1)
    await player.play_game()
    assert {"grand", "exchange", "tichu", "hint", "pass", "wish", "dragon", "special",
            "round summary", "game over"} <= player.met
    view = client.view
    assert view.winner >= 0 and max(view.scores) >= 100
    assert view.history[0].calls[0] is Call.TICHU
    log = "\n".join("".join(t for _, t in line) for line in model.log)
    assert "You call TICHU" in log and ("You wish for" in log or "You make no wish" in log)
    assert "You give the Dragon's trick" in log and "Round 1 over" in log and "Game over" in log
    text = driver.text()
    assert "The game is over" in text and "Score" in text
    await driver.stop()
    await client.close()


@pytest_twisted.ensureDeferred
async def test_a_duel_game_by_keys(start, pipe):
    host, driver, client, model = await open_game(start, pipe, duel=True, seed=DUEL_SEED,
                                                   ascii=True)
    text = driver.text()
    assert "Bot 2 (opponent)" in text and "Put 3 cards aside" in text and "MJ" in text
    assert "♣" not in text
    player = KeyPlayer(driver, model, client, seed=2)
    await player.play_game()
    assert {"discard", "draft", "tichu", "hint", "wish", "round summary", "game over"} <= player.met
    assert client.view.winner >= 0
    await driver.stop()
    await client.close()
