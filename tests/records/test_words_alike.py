"""Each event is worded once: the table's log, the replay and the text export read the same
sentence for it, each with its own cards drawn, and a seat reads its own moves spoken to
it in every language."""

from __future__ import annotations

import pytest

from engine.events import Played, RoundStarted, TichuCalled
from tests.records.conftest import engine_game
from tichu_lan import i18n
from tichu_lan.records.export import to_text
from tichu_lan.tui.faces import Faces
from tichu_lan.tui.replay_model import ReplayModel
from tichu_lan.tui.table_log import event_line
from tichu_lan.words.narration import Narrator
from tichu_lan.words.sentences import plain


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use_language("en")


@pytest.mark.parametrize("duel", [False, True], ids=["classic", "duel"])
def test_the_log_the_replay_and_the_export_word_each_event_alike(duel):
    record, _actions = engine_game(11, duel=duel)
    exported = set(to_text(record).splitlines())
    replay = ReplayModel(record, Faces(ascii=True))
    told = 0
    for step in replay.timeline.steps[1:]:
        replayed = {plain(line) for line in replay.step_lines(step)}
        for event in step.events:
            line = event_line(event, Faces(ascii=True), replay.name, -1, duel)
            if line is None:
                continue
            assert plain(line) in replayed
            if not isinstance(event, RoundStarted):          # the export shows the deal
                assert "  " + plain(line) in exported
            told += 1
    assert told > 200


@pytest.mark.parametrize("code", ["en", "de", "pl", "ro", "ja", "zh_TW"])
def test_a_seat_reads_its_own_moves_spoken_to_it(code):
    """The reader's own plays (and calls, bombs) are sentences of their own, never the
    third person's words around a name: no language's line names the reader."""
    record, _actions = engine_game(4)
    i18n.use_language(code)
    names = ["Ann", "Bob", "Cat", "Dan"]
    reader = Narrator(False, names.__getitem__, Faces(ascii=True).cards, reader=0)
    other = Narrator(False, names.__getitem__, Faces(ascii=True).cards)
    timeline = ReplayModel(record, Faces(ascii=True)).timeline
    own = [event for step in timeline.steps for event in step.events
           if isinstance(event, (Played, TichuCalled)) and event.seat == 0]
    assert len(own) > 10
    for event in own:
        mine, theirs = plain(reader.event(event) or []), plain(other.event(event) or [])
        assert "Ann" not in mine and "Ann" in theirs
