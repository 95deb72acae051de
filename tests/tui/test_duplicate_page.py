"""`tichu play --duplicate`'s pages at 80x24: a round's summary begins with its deal against
the bots (and fills in once the bots have finished it), D shows every deal, the final page
comes once the set is over."""

from engine import CLASSIC, new_game
from engine.events import RoundEnded
from tests.tui.harness import TableBench
from tichu_lan.records.solo_set import compare
from tichu_lan.tui.duplicate_page import DuplicatePages, matchpoints


def text(lines) -> list[str]:
    return [line if isinstance(line, str) else "".join(t for _, t in line) for line in lines]


class Set:
    def __init__(self) -> None:
        self.yours, self.bots = [(60, 40)], []

    def __call__(self):
        return compare("d-test", 2, self.yours, self.bots)


def bench_with(progress: Set) -> tuple[TableBench, DuplicatePages]:
    bench = TableBench(new_game(CLASSIC, 1))
    screen = bench.ui.screen
    screen.model = bench.model          # as a `TableScreen` has it
    return bench, DuplicatePages(screen, progress, bench.ui.changed)


def test_a_summary_begins_with_its_deal_and_fills_in_when_the_bots_have_finished():
    progress = Set()
    bench, _pages = bench_with(progress)
    ended = RoundEnded(1, (0, 1, 2, 3), (60, 40), (0, 0), -1, (60, 40))
    (summary,) = bench.model.tell(bench.model.view, ended)
    first = text(summary.text())
    assert first[0] == "Duplicate: deal 1 of 2"
    assert "the bots are still playing it" in first[1] and "+20" in first[1]
    assert first[2] == "No deal compared yet."
    progress.bots = [(100, 0)]
    later = text(summary.text())
    assert later[1] == ("Deal 1: your margin +20, the bots' on the same cards +100: -80, "
                        "matchpoints 0.")
    assert later[2] == "So far: 0 of 1 matchpoint (0%), net -80 points."
    bench.model.open(summary)
    assert "Duplicate: deal 1 of 2" in bench.text()     # seen at 80x24 without scrolling


def test_d_shows_every_deal_and_the_last_one_opens_the_final_page():
    progress = Set()
    bench, pages = bench_with(progress)
    bench.press("D")
    assert bench.model.overlays[-1].title == "Duplicate against the bots"
    assert "still playing" in bench.text()
    bench.press("enter")
    progress.yours, progress.bots = [(60, 40), (200, -100)], [(100, 0), (100, 0)]
    pages.changed()
    assert bench.model.overlays[-1].title == "The set is over"
    screen = bench.text()
    assert "In all: 1 of 2 matchpoints (50%), net +120" in screen
    assert "Best deal: 2 (+200 against the bots)" in screen
    assert "Worst deal: 1 (-80 against the bots)" in screen
    pages.changed()                                     # opened once
    assert sum(page.title == "The set is over" for page in bench.model.overlays) == 1


def test_matchpoints_read_as_halves():
    assert [matchpoints(v) for v in (0, 0.5, 1, 2.5)] == ["0", "1/2", "1", "2 1/2"]


def test_a_sets_table_offers_no_new_game_at_its_end():
    """The set ends with its deals: neither the key bar, the status line nor the game-over
    page offers y, and y says it does nothing here."""
    from engine import RuleSet, new_game
    from engine.bots import make_bot
    from tests.support import typed_host
    from tests.support.random_games import bot_action, play
    from tests.tui.harness import TableBench
    from tichu_lan.table_info import DuplicateRow, DuplicateSet
    rules = RuleSet(rounds=1)
    actions = play(rules, 4, bot_action([make_bot("easy", s) for s in range(4)])).actions
    told = DuplicateSet(id="d-1", deals=1, rows=(DuplicateRow(deal=1),))
    for duplicate, offered in ((None, True), (told, False)):
        bench = TableBench(new_game(rules, 4), 0, table=typed_host.table(
            ["Ann", "Bob", "Cat", "Dan"], duplicate=duplicate))
        bench.apply(*actions)
        text = "\n".join(bench.lines())
        assert ("y play again" in text) == offered and ("y plays again" in text) == offered
        bench.press("escape", "escape", "y")
        assert ("does nothing here" in bench.message()) == (not offered)
