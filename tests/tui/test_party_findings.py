"""What a LAN party ran into (issue 14), through the real screens against a real host: who
runs a table, a player away, what the screens show at 80x24, what a player expects to see,
and a name the host would refuse."""

from __future__ import annotations

import argparse
import re

import pytest_twisted

from engine import Phase
from tests.support.live_host import LOOPBACK, connect, wait_until
from tests.tui.harness import Driver
from tests.tui.keyplayer import KeyPlayer
from tests.tui.test_screen_games import CLASSIC_SEED, open_game
from tichu_lan import settings
from tichu_lan.cli import build_parser
from tichu_lan.client import TichuClient
from tichu_lan.commands.host_command import join_hint
from tichu_lan.tui.exchange_picks import received_from
from tichu_lan.tui.faces import Faces
from tichu_lan.tui.flow import Flow
from tichu_lan.tui.lobby_pages import SeatsPage, TablesPage, WaitingPage
from tichu_lan.tui.player import Player
from tichu_lan.tui.run import table_screen


def player(name: str) -> Player:
    return Player(argparse.Namespace(name=name, bell=None, ascii=False, log=None))


async def at_the_tables(pipe, port: int, who: Player, hint: list[str] | None = None):
    driver = Driver(pipe)
    flow = Flow(driver.ui, who, "calm", hint)
    driver.start()
    await flow.connect(LOOPBACK, port)
    await driver.until(lambda: isinstance(flow.page, TablesPage), what="the tables")
    return driver, flow


def log_text(model) -> str:
    return "\n".join("".join(t for _, t in line) for line in model.log)


@pytest_twisted.ensureDeferred
async def test_only_the_owner_runs_the_table_and_a_newcomer_waits_to_be_let_in(start, pipe,
                                                                               other_pipe):
    host = start()
    people = player("Ann"), player("Bob")      # read the settings before either saves them
    ann_screen, ann = await at_the_tables(pipe, host.port, people[0])
    ann_screen.press("n")
    await ann_screen.until(lambda: isinstance(ann.page, WaitingPage), what="Ann's table")
    bob_screen, bob = await at_the_tables(other_pipe, host.port, people[1])
    bob_screen.press("enter")
    await bob_screen.until(lambda: isinstance(bob.page, SeatsPage), what="the seats")
    bob_screen.press("enter")
    await bob_screen.until(lambda: isinstance(bob.page, WaitingPage), what="Bob's seat")
    assert "Ann runs this table: Ann adds bots and starts the game" in bob_screen.text()
    assert "b add a bot" not in bob_screen.text()
    bob_screen.press("s")                      # a guest tries to start the owner's game
    await bob_screen.until(lambda: "Only Ann, who runs this table, may start the game"
                           in bob_screen.text(), what="the refusal")
    bob_screen.press("down", "down", "b")      # ... and to add a bot
    await bob_screen.until(lambda: "Only Ann, who runs this table, may add bots"
                           in bob_screen.text(), what="the refusal")
    table = host.lobby.get(1)
    assert table.game is None and [s.kind for s in table.seats] == ["person", "person",
                                                                     "empty", "empty"]
    ann_screen.press("down", "down", "b", "down", "b", "s")
    await ann_screen.until(lambda: ann.game is not None and bob.game is not None,
                           what="the game, on both screens")
    cards = table.game.round.hands[2]
    cat = await connect(host.port, "Cat")
    asked = cat.join(table.id, seat=2)         # a newcomer wants the bot's seat mid-hand
    model = ann.game.model
    await ann_screen.until(lambda: "Cat asks for a seat" in ann_screen.text(),
                           what="the owner is asked")
    assert table.seats[2].kind == "bot" and not asked.called
    ann_screen.press("y")
    seating = await asked
    assert seating.seat == 2 and cat.view.hand == cards
    await ann_screen.until(lambda: "Cat takes seat 3 and the bot's cards" in log_text(model),
                           what="the log")
    for driver in (ann_screen, bob_screen):
        await driver.stop()
    for flow in (ann, bob):
        await flow.close()
    await cat.close()


@pytest_twisted.ensureDeferred
async def test_an_away_player_counts_down_to_the_stand_in_and_the_log_says_so(start, pipe):
    host = start()
    driver = Driver(pipe)
    ann = TichuClient(LOOPBACK, host.port, "Ann")
    model = table_screen(driver.ui, ann, Faces()).model
    driver.start()
    await ann.connect()
    seating = await ann.create_table("Ann's", "classic", 100, grace=2.5, bot_level="calm")
    bob = await connect(host.port, "Bob", reconnect=False)
    await bob.join(seating.table, seat=1)
    for seat in (2, 3):
        await ann.add_bot(seat)
    await ann.start()
    await driver.until(lambda: model.view is not None, what="the game")
    bob.drop()

    def countdown() -> int | None:
        found = re.search(r"bot in (\d+) s", driver.text())
        return int(found.group(1)) if found else None
    await driver.until(lambda: countdown() is not None, what="the countdown")
    first = countdown()
    assert first <= 3
    await driver.until(lambda: (countdown() or 99) < first, what="the countdown going down")
    await driver.until(lambda: "A bot plays for Bob until Bob is back" in log_text(model),
                       what="the stand-in in the log")
    assert "Bob is away: a bot plays for Bob in 3 s unless Bob is back" in log_text(model)
    assert "bot plays" in driver.text()
    await bob.connect()
    await driver.until(lambda: "Bob is back" in log_text(model), what="Bob back in the log")
    await driver.stop()
    await ann.close()
    await bob.close()


@pytest_twisted.ensureDeferred
async def test_the_join_hint_wraps_whole_addresses_at_80_columns(start, pipe):
    host = start()
    hint = join_hint(47474, "10.88.0.1", announced=True, password=True)
    driver, flow = await at_the_tables(pipe, host.port, player("Ann"), hint)
    driver.press("n")
    await driver.until(lambda: isinstance(flow.page, WaitingPage), what="the table")
    lines = driver.text().splitlines()
    assert any("10.88.0.1:47474 (and your password)" in line for line in lines), lines
    assert all(len(line) <= 80 for line in lines)
    await driver.stop()
    await flow.close()


@pytest_twisted.ensureDeferred
async def test_the_lobby_has_its_keys_and_a_password_is_not_shown(start, pipe):
    host = start()
    driver, flow = await at_the_tables(pipe, host.port, player("Ann"))
    driver.press("?")
    await driver.until(lambda: "Keys" in driver.text(), what="the keys of the page")
    assert "open a new table" in driver.text()
    driver.press("escape", "D")
    await driver.until(lambda: "Who joins or watches gives" in driver.text(), what="password")
    driver.press("t", "e", "a")
    await driver.until(lambda: "***_" in driver.text(), what="the password, masked")
    assert "tea" not in driver.text()
    driver.press("enter")
    await driver.until(lambda: isinstance(flow.page, WaitingPage), what="the table")
    await driver.stop()
    await flow.close()


@pytest_twisted.ensureDeferred
async def test_a_game_shows_what_a_player_expects(start, pipe):
    host, driver, client, model = await open_game(start, pipe, duel=False, seed=CLASSIC_SEED)
    player_ = KeyPlayer(driver, model, client, seed=1)
    view = lambda: client.view  # noqa: E731
    while not (view().phase is Phase.PLAY and model.options.waiting and not model.overlays):
        await driver.until(player_.actionable, what="a decision")
        await player_.step()
    # the cards received are marked under the hand, each with the seat that gave it
    givers = received_from(model.view)
    assert len(givers) == 3
    marks = driver.text().splitlines()[-3]
    assert sorted(c for c in marks if c in "←↑→") == sorted("←↑→"), marks
    # Home and End; the cursor stops at the ends and says so
    driver.press("end")
    await driver.until(lambda: model.hand.cursor == len(model.hand.cards) - 1, what="End")
    driver.press("right")
    await driver.until(lambda: "the last card: Home goes to the first" in driver.text(),
                       what="the end of the hand")
    driver.press(*["left"] * len(model.hand.cards))
    await driver.until(lambda: model.hand.cursor == 0 and "the first card" in driver.text(),
                       what="the first card, not round again")
    at = model.hand.cards[0]
    if at in givers:
        assert f"from {model.name(givers[at])}" in driver.text()
    # a refusal goes once the moment it was about has passed
    if not model.options.can_pass:
        driver.press("p")
        await driver.until(lambda: "You have the lead" in driver.text(), what="the refusal")
        seq = client.seq
        await player_.play()
        await driver.until(lambda: client.seq > seq and "You have the lead" not in
                           driver.text(), what="the refusal gone")
    # own points taken; the round's summary says why a call failed, then the game's result
    while view().winner < 0 or model.overlays:
        await driver.until(player_.actionable, timeout=60, what="a decision")
        if view().won_counts[view().seat] and view().winner < 0:
            assert re.search(r"You: \d+ cards?, won \d+ pts", driver.text()), driver.text()
            player_.met.add("own points")
        if model.overlays and "is over" in model.overlays[-1].title:
            text = driver.text()
            assert "Calls: none" in text or re.search(r"Tichu (made|failed)", text), text
        await player_.step()
    assert "own points" in player_.met
    titles = player_.overlays_seen
    assert titles[-1] == "Game over" and titles[-2].endswith("is over"), titles
    await driver.stop()
    await client.close()


@pytest_twisted.ensureDeferred
async def test_a_name_with_a_control_character_is_saved_as_the_host_calls_it(start, pipe):
    host = start()
    args = build_parser("join").parse_args(["join", "--name", "Zo\u00eb\x7f", "127.0.0.1:9"])
    who = Player(args)
    driver, flow = await at_the_tables(pipe, host.port, who)
    driver.press("n")
    await driver.until(lambda: isinstance(flow.page, WaitingPage), what="the table")
    await wait_until(lambda: settings.config_path().exists())
    saved = settings.load()                     # reads back, and the next start works
    assert saved.name == "Zo\u00eb" and host.lobby.get(1).seats[0].name == "Zo\u00eb"
    await driver.stop()
    await flow.close()
