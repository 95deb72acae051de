"""The coach: key i on the table screen shows what the hard bot would play in the seat, from
the seat's view only; the owner may switch it off; an answer the game outran is dropped."""

import pytest_twisted

from engine import (CLASSIC, Exchange, GrandTichu, Pass, Phase, Play, apply, new_game,
                    options_for_view, view)
from engine.bots.advice import TEMPLATES, Advice, Place, Reason, advise
from engine.cards import parse_cards
from tests.bots.tables import position
from tests.support import typed_host
from tests.support.live_host import LOOPBACK
from tests.tui.harness import Driver, TableBench
from tests.tui.test_screen_games import CLASSIC_SEED
from tichu_lan.client import TichuClient
from tichu_lan.tui import coach
from tichu_lan.tui.coach import Coach, CoachState, coach_answer
from tichu_lan.words.coaching import WORDS, advice_words, reason_words
from tichu_lan.tui.faces import Faces
from tichu_lan.tui.run import solo_table, table_screen
from tichu_lan.tui.table_intents import AskCoach


class Screen(TableBench):
    """Seat 0's table with its real key bindings. The coach's questions wait in ``asked``
    until `think` answers them, with the whole budget (no clock): the same view always gets
    the same answer."""

    def __init__(self, game, options=None) -> None:
        self.asked = []
        super().__init__(game, 0, table=typed_host.table(["Ann", "Bob", "Cat", "Dan"],
                                                         options=options or {}))

    def emitted(self, intent) -> None:
        super().emitted(intent)
        if isinstance(intent, AskCoach):
            self.asked.append(intent.question)

    def think(self) -> None:
        question = self.asked.pop(0)
        coach.answered(self.model, question, coach_answer(question.view, question.memory,
                                                          cap=None))


def a_lead():
    return position({0: "3s 4p 9j Tj Jj Qj Kr", 1: "2j 3j 5s 6s", 2: "Ar 2s 7p", 3: "6j 7j 8s"},
                    turn=0)


def test_i_shows_the_advice_and_selects_its_cards():
    screen = Screen(a_lead())
    screen.press("i")
    assert screen.message() == "The coach is thinking..." and len(screen.asked) == 1
    assert screen.asked[0].view == screen.model.view
    screen.think()
    advice = screen.model.coach.advice
    assert isinstance(advice.action, Play) and screen.model.coach.state is CoachState.SHOWING
    assert screen.message() == f"Coach: {advice_words(advice, screen.model.faces)}"
    assert screen.model.hand.selected == advice.action.cards
    screen.press("enter")                    # Enter plays what the coach chose
    assert screen.sent[-1].action == advice.action


def test_the_advice_goes_with_esc_and_with_the_next_move():
    screen = Screen(position({0: "3s 4p 9j", 1: "2j 3j 5s", 2: "Kr 2s", 3: "6j 7j"}, turn=3))
    screen.press("i")
    screen.think()
    assert screen.message().startswith("Coach: nothing to do now")
    screen.press("escape")
    assert screen.message() == "" and screen.model.coach.state is CoachState.IDLE
    screen.press("i")
    screen.think()
    assert screen.message().startswith("Coach: ")
    screen.apply(Play(3, parse_cards("6j")))
    assert screen.message() == "" and screen.model.coach.advice is None


def test_the_advice_never_depends_on_cards_the_seat_cannot_see():
    mine = "3s 4p 9j Tj Jj Qj Kr"
    games = [position({0: mine, 1: "2j 3j 5s 6s", 2: "Ar 2s 7p", 3: "6j 7j 8s"}, turn=0),
             position({0: mine, 1: "Ar 2s 7p 6j", 2: "2j 3j 5s", 3: "6s 7j 8s"}, turn=0)]
    assert games[0].round.hands != games[1].round.hands
    assert view(games[0], 0) == view(games[1], 0)
    screens = [Screen(game) for game in games]
    for screen in screens:
        screen.press("i")
        screen.think()
    assert screens[0].model.coach.advice == screens[1].model.coach.advice
    assert screens[0].message() == screens[1].message() != ""


def test_the_owner_switched_the_coach_off():
    screen = Screen(a_lead(), options={"coach": False})
    screen.press("i")
    assert screen.message() == "The table's owner switched the coach off at this table."
    assert screen.asked == [] and screen.model.hand.selected == 0


def test_a_second_i_while_thinking_says_so_and_asks_nothing_more():
    screen = Screen(a_lead())
    screen.press("i", "i")
    assert screen.message() == "The coach is still thinking..." and len(screen.asked) == 1


def test_an_answer_the_game_outran_is_dropped():
    screen = Screen(position({0: "3s 4p 9j", 1: "2j 3j 5s", 2: "Kr 2s", 3: "6j 7j"}, turn=3))
    screen.press("i")
    screen.apply(Play(3, parse_cards("6j")))          # the view changes while it thinks
    assert screen.model.coach.state is CoachState.IDLE
    screen.think()
    assert screen.model.coach.advice is None and screen.model.hand.selected == 0
    assert screen.message() == "The game moved on before the coach answered: i asks again."
    screen.press("i")                        # a new question, about the new view
    assert screen.asked[0].view == screen.model.view


def test_the_coach_lifecycle_keeps_only_the_answer_to_the_question_out():
    game = a_lead()
    seen, later = view(game, 0), view(apply(game, Play(0, parse_cards("3s")))[0], 0)
    machine = Coach()
    machine.saw(seen)
    first = machine.ask(seen)
    assert machine.ask(seen) is None and machine.state is CoachState.THINKING
    answer = advise(seen, samples=2)
    assert machine.saw(later) is False and machine.state is CoachState.IDLE
    assert machine.answered(first, answer) is False
    second = machine.ask(later)
    machine.failed(first)                             # an old question's failure changes nothing
    assert machine.state is CoachState.THINKING
    assert machine.answered(second, answer) and machine.state is CoachState.SHOWING
    assert machine.saw(seen) is True and machine.state is CoachState.IDLE


def test_every_reason_has_words_whose_english_is_the_engines():
    assert set(WORDS) == set(TEMPLATES) and WORDS == TEMPLATES
    faces = Faces(ascii=True)
    for count in (1, 2):
        reason = Reason("cards_left", {"who": Place(1), "count": count})
        assert reason_words(reason, faces) == reason.text
    advice = advise(view(a_lead(), 0), samples=4)
    assert advice_words(advice, faces) == advice.line
    assert reason_words(Reason("nothing"), faces) == "nothing to do now"


# --- on the real screen, against a real host ------------------------------------------

async def open_table(start, pipe):
    host = start(seed=CLASSIC_SEED)
    driver = Driver(pipe)
    client = TichuClient(LOOPBACK, host.port, "Ann", reconnect=True)
    model = table_screen(driver.ui, client, Faces()).model
    driver.start()
    await solo_table(client, False, 1000, "calm")
    await driver.until(lambda: model.view is not None, what="the first view")
    return driver, client, model


def coached(model) -> bool:
    return model.coach.state is CoachState.SHOWING


@pytest_twisted.ensureDeferred
async def test_i_on_the_table_screen_coaches_the_exchange_and_the_lead(start, pipe):
    driver, client, model = await open_table(start, pipe)
    driver.press("n")                                          # no Grand Tichu
    await driver.until(lambda: model.exchanging is not None, what="the exchange")
    driver.press("i")
    await driver.until(lambda: coached(model), what="the coach's exchange")
    advice = model.coach.advice
    assert isinstance(advice.action, Exchange)
    assert coach.moment(model.coach.question.view) == coach.moment(client.view)
    assert model.exchanging.picks == list(advice.action.gifts)
    words = f"Coach: {advice_words(advice, model.faces)}"
    assert len(words) > 80 and words in " ".join(driver.text().split())   # on two lines
    driver.press("enter")                                      # the coach's three cards go
    await driver.until(lambda: client.view.phase is Phase.PLAY
                       and options_for_view(client.view).waiting, what="our lead")
    assert client.view.my_exchange == advice.action.gifts and not coached(model)
    driver.press("i")
    await driver.until(lambda: coached(model), what="the coach's lead")
    advice = model.coach.advice
    assert isinstance(advice.action, Play) and model.hand.selected == advice.action.cards
    shown = advice_words(advice, model.faces)
    assert f"Coach: {shown}"[:70] in driver.text()
    driver.press("enter")
    await driver.until(lambda: client.view.hand_counts[0] < 14, what="the lead played")
    assert client.view.hand & advice.action.cards == 0
    await driver.stop()
    await client.close()


@pytest_twisted.ensureDeferred
async def test_the_owner_switches_the_coach_off_and_i_says_so(start, pipe):
    driver, client, model = await open_table(start, pipe)
    await client.set_options(coach=False)
    await driver.until(lambda: not coach.coach_on(model), what="the option at the client")
    assert client.table.options.coach is False
    driver.press("i")
    await driver.until(lambda: "switched the coach off" in driver.text(), what="the note")
    assert model.coach.state is CoachState.IDLE
    await client.set_options(coach=True)
    await driver.until(lambda: coach.coach_on(model), what="the coach back on")
    await driver.stop()
    await client.close()


def advise_now(screen, action, what):
    """The coach answers the question out with ``action``, worded as ``what``."""
    screen.press("i")
    question = screen.asked.pop(0)
    coach.answered(screen.model, question, Advice(action, Reason(what), ()))


def test_enter_makes_an_advised_pass_as_it_plays_advised_cards():
    screen = Screen(position({0: "3s 4p 9j", 1: "2j 3j 5s", 2: "Kr 2s", 3: "6j 7j"}, turn=3))
    screen.apply(Play(3, parse_cards("6j")))
    screen.press("space")                      # a card selected before asking
    advise_now(screen, Pass(0), "pass")
    assert screen.model.hand.mask == 0
    screen.press("enter")
    assert screen.sent[-1].action == Pass(0)


def test_enter_takes_the_advised_answer_to_a_question_the_game_waits_for():
    screen = Screen(new_game(CLASSIC, 7))
    assert screen.model.forced is not None and screen.model.forced.index == 0    # "No"
    advise_now(screen, GrandTichu(0, True), "grand")
    screen.press("enter")
    assert screen.sent[-1].action == GrandTichu(0, True)
