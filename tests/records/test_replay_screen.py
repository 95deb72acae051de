"""The replay screen, driven by keys through prompt_toolkit's pipe input at 80x24."""

import re

import pytest_twisted

from engine import view
from engine.cards import card_text, cards_of
from engine.events import DraftChosen, DraftTurned, Played
from tests.records.conftest import engine_game
from tests.tui.harness import Driver
from tichu_lan.tui.faces import Faces
from tichu_lan.tui.replay_screen import ReplayScreen

HOME, END, PAGE_UP, PAGE_DOWN = "\x1b[H", "\x1b[F", "\x1b[5~", "\x1b[6~"
# A card in plain notation; not a plural rank of the engine's words ("a pair of 6s", "three
# Js", "a bomb of four Ks", "stairs of 6s to 7s").
CARD = re.compile(r"(?<![A-Za-z0-9])(?<!of )(?<!to )(?<!three )(?<!four )"
                  r"([2-9TJQKA][jspr]|MJ|DG|PH|DR)(?![A-Za-z0-9])")


def cards_on(text: str) -> set[str]:
    return set(CARD.findall(text))


def hand_texts(mask: int) -> set[str]:
    return {card_text(c) for c in cards_of(mask)}


async def open_replay(pipe, seed=3, seat=None):
    record, _actions = engine_game(seed)
    driver = Driver(pipe, rows=24, columns=80)
    screen = ReplayScreen(record, Faces(ascii=True), driver.output.get_size, seat=seat,
                          on_quit=driver.ui.exit)
    driver.ui.show(screen)
    driver.start()
    return driver, screen.model


def assert_shows_no_other_hand(text: str, model) -> None:
    """Only the viewed seat's hand, and the cards it gave away itself, may be on screen."""
    seat = model.seat
    game = model.game
    mine = view(game, seat)
    known = set(hand_texts(mine.hand)) | {card_text(c) for c in (mine.my_exchange or ())}
    for index in model.log_range():          # what the table saw played and turned up
        for event in model.timeline.steps[index].events:
            if isinstance(event, Played):
                known |= hand_texts(event.combo.cards)
            elif isinstance(event, (DraftTurned, DraftChosen)):
                known |= hand_texts(event.card)
    for other in range(game.rules.seats):
        if other != seat:
            hidden = hand_texts(game.round.hands[other]) - known
            leaked = cards_on(text) & hidden
            assert not leaked, f"seat {other + 1}'s {sorted(leaked)} are on screen:\n{text}"
    assert hand_texts(mine.hand) <= cards_on(text)


@pytest_twisted.ensureDeferred
async def test_forward_back_trick_round_and_jump_by_keys(pipe):
    driver, model = await open_replay(pipe)
    timeline = model.timeline
    text = driver.text()
    assert "move 0 of" in text and "every hand open" in text and "Round 1 of 3" in text
    for seat in range(4):          # every hand open: all 32 cards of the first deal are shown
        assert hand_texts(model.game.round.hands[seat]) <= cards_on(text)

    driver.press("right", "right", "right")
    await driver.until(lambda: model.index == 3, what="three moves on")
    driver.press("left")
    await driver.until(lambda: model.index == 2, what="one move back")
    driver.press("down")
    await driver.until(lambda: model.index == timeline.trick_ends[0], what="the first trick")
    assert "Trick won by" in driver.text()
    driver.press("up")
    await driver.until(lambda: model.index == 0, what="back before the first trick")

    driver.press(PAGE_DOWN, PAGE_DOWN, PAGE_UP)
    await driver.until(lambda: model.index == timeline.round_starts[1], what="the next round")
    text = driver.text()
    assert "Round 1 of 3" in text and "Out: 1st" in text and "Totals" in text  # its score
    driver.press("right")
    await driver.until(lambda: "Round 2 of 3" in driver.text(), what="round 2 under way")

    driver.press("g", "3", "enter")
    await driver.until(lambda: model.index == timeline.round_starts[2], what="jump to round 3")
    driver.press("g", "9")
    await driver.until(lambda: "Jump to round (1 to 3): 9" in driver.text())
    driver.press("enter")
    await driver.until(lambda: "rounds 1 to 3" in driver.text(), what="a refused jump")
    assert model.index == timeline.round_starts[2]
    driver.press(END)
    await driver.until(lambda: model.index == timeline.last)
    assert "Game over" in driver.text()
    driver.press(HOME)
    await driver.until(lambda: model.index == 0)
    await driver.stop()


@pytest_twisted.ensureDeferred
async def test_a_seat_view_shows_that_seats_hand_and_no_other(pipe):
    driver, model = await open_replay(pipe)
    for seat in range(4):
        driver.press(str(seat + 1))
        await driver.until(lambda s=seat: model.seat == s, what=f"seat {seat + 1}'s view")
        for index in (0, 5, 12, 40, model.timeline.round_starts[1] + 9, model.timeline.last - 3):
            model.go(index)
            driver.ui.changed()
            text = driver.text()
            assert f"Bot {seat + 1}'s view" in text or "Ann's view" in text or \
                "Bob's view" in text
            assert_shows_no_other_hand(text, model)
    driver.press("o")
    await driver.until(lambda: model.seat is None, what="every hand open again")
    model.go(40)
    driver.ui.changed()
    text = driver.text()
    for seat in range(4):
        assert hand_texts(model.game.round.hands[seat]) <= cards_on(text)
    await driver.stop()


@pytest_twisted.ensureDeferred
async def test_pages_and_leaving(pipe):
    driver, model = await open_replay(pipe, seat=1)
    assert "Bob's view" in driver.text()
    driver.press("s")
    await driver.until(lambda: "Every round" in driver.text())
    assert "Round 3" in driver.text()
    driver.press("escape")
    await driver.until(lambda: model.page is None)
    driver.press("?")
    await driver.until(lambda: "Replay keys" in driver.text())
    driver.press("?")
    await driver.until(lambda: model.page is None)
    driver.press("q")
    await driver.running


@pytest_twisted.ensureDeferred
async def test_every_step_of_a_duel_draws_in_both_views(pipe):
    record, _ = engine_game(4, target=100, duel=True)
    driver = Driver(pipe, rows=24, columns=80)
    screen = ReplayScreen(record, Faces(ascii=True), driver.output.get_size,
                          on_quit=driver.ui.exit)
    driver.ui.show(screen)
    driver.start()
    model = screen.model
    seen = set()
    for index in range(model.timeline.last + 1):
        model.go(index)
        model.seat = None
        seen.add(model.game.round.phase.value)
        text = driver.text()
        assert "Replay" in text and "duel to 100" in text
        model.view_seat(index % 2)
        assert_shows_no_other_hand(driver.text(), model)
    assert {"discard", "draft", "play"} <= seen
    driver.press("q")              # heard once the Application runs
    await driver.running


@pytest_twisted.ensureDeferred
async def test_every_move_has_its_own_line_and_the_keys_fit(pipe):
    """A Grand Tichu declined and the Dragon's trick collected said "The deal, before the
    first move"; the key bar ended in a bare "? q"."""
    driver, model = await open_replay(pipe)
    await driver.until(lambda: "before the first move" in driver.text(), what="the deal")
    assert "? keys  q quit" in driver.text().splitlines()[-1]
    driver.press("right")
    await driver.until(lambda: "does not call Grand Tichu" in driver.text(), what="move 1")
    collect = next(i for i, step in enumerate(model.timeline.steps)
                   if type(step.action).__name__ == "CollectTrick" and not step.events)
    model.go(collect)
    driver.ui.changed()
    await driver.until(lambda: "with the Dragon and gives it away" in driver.text(),
                       what="the Dragon's trick collected")
    assert "before the first move" not in driver.text()
    await driver.stop()


@pytest_twisted.ensureDeferred
async def test_a_looks_back_at_the_move_and_never_at_hidden_cards(pipe):
    """Key a: the review of the move that led to the step, as `tichu review` gives it; in
    one seat's view, another seat's move is not reviewed (its better play would show cards
    that seat held)."""
    from engine import Pass, Play
    from engine.bots.review import review_game
    from tichu_lan.tui.round_review import review_move
    driver, model = await open_replay(pipe, seed=5)
    record, timeline = model.record, model.timeline
    index = next(i for i in range(1, len(timeline.steps))
                 if isinstance(timeline.steps[i].action, (Play, Pass))
                 and review_move(timeline, i))
    (reviewed, *_also) = review_move(timeline, index)
    whole = review_game(record.meta.rules, record.seed, record.actions, [reviewed.seat],
                        rounds=[reviewed.round_no])
    assert reviewed in whole
    model.go(index)
    driver.press("a")
    await driver.until(lambda: "A look back" in driver.text(), what="the review page")
    assert f"move {reviewed.move}, {record.meta.seat_name(reviewed.seat)} " in driver.text()
    driver.press("\x1b")
    other = (reviewed.seat + 1) % 4
    driver.press(str(other + 1), "a")
    await driver.until(lambda: "only" in driver.text() and "A look back" in driver.text(),
                       what="the refusal in a seat's view")
    assert_shows_no_other_hand(driver.text(), model)
    await driver.stop()
