"""Key r at a round's summary: the hard bot's look back at the seat's own plays and passes,
from the views this program got (never another seat's cards), the same figures as `tichu
review` computes from the kept game."""

from engine import RuleSet, view
from engine.bots import make_bot
from engine.bots.review import review_game
from tests.support import typed_host
from tests.support.random_games import bot_action, play
from tests.tui.harness import TableBench
from tichu_lan.tui.round_review import RoundReview, review_page
from tichu_lan.tui.table_intents import ReviewRound

RULES = RuleSet(target=200)


def a_round(seed: int = 6):
    bots = [make_bot("easy", seed * 10 + seat) for seat in range(4)]
    return play(RULES, seed, bot_action(bots), until=lambda game: game.round_no > 1).actions


def test_the_programs_own_review_equals_the_review_of_the_kept_game():
    """Seat 0's program sees its views and its accepted moves as the host sends them; its
    review of round 1 is `review_game`'s for seat 0 on the whole record."""
    from engine import new_game
    from engine.game import apply
    from engine.bots.memory import Memory
    actions = a_round()
    review, memory = RoundReview(), Memory()        # the memory: the table model's
    game = new_game(RULES, 6)
    seen = view(game, 0)
    memory.observe(seen)
    for number, action in enumerate(actions, start=1):
        accepted = (review.sending(action, seen, memory)
                    if getattr(action, "seat", -1) == 0 else None)
        game, _events = apply(game, action)
        if accepted is not None:
            accepted(number)
        seen = view(game, 0)
        memory.observe(seen)
    mine = review.review(1)
    assert mine and mine == review_game(RULES, 6, actions, [0], rounds=[1])


def test_the_summary_offers_r_and_the_page_thinks_then_lists_the_costliest():
    from engine import new_game
    actions = a_round()
    bench = TableBench(new_game(RULES, 6), 0,
                       table=typed_host.table(["Ann", "Bob", "Cat", "Dan"]))
    bench.apply(*actions)
    assert any("r: the hard bot looks back at your decisions" in line for line in bench.lines())
    bench.press("r")
    assert bench.sent[-1] == ReviewRound(1)
    found = [None]
    page = review_page(1, lambda: found[0], lambda seat: ["Ann", "Bob", "Cat", "Dan"][seat],
                       lambda mask: "cards")
    assert "looking back at your decisions" in str(page.text())
    found[0] = review_game(RULES, 6, actions, [0], rounds=[1])
    text = " ".join(str(line) for line in page.text())
    assert text.startswith("Round 1: ") and ("would have made about" in text
                                             or "within 10 points of the best" in text)
