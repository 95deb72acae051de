"""The evening at the table: where one sits next in the log, the whole plan on key E, each
duplicate deal's comparison as it is revealed, at 80x24."""

from __future__ import annotations

import json
import re
from pathlib import Path

from engine import CLASSIC, new_game, view
from tests.tui.harness import TableBench
from tichu_lan.host_messages import EveningMessage, Welcome
from tichu_lan.tui import evening_page
from tichu_lan.words.evening_words import seat_line

PROTOCOL_MD = Path(__file__).parents[2] / "docs" / "PROTOCOL.md"


def example() -> EveningMessage:
    """The `evening` message docs/PROTOCOL.md shows."""
    (text,) = [block for block in re.findall(r"```json\n(.*?)\n```", PROTOCOL_MD.read_text(),
                                             re.S) if '"type": "evening"' in block]
    return EveningMessage.from_dict(json.loads(text))


def welcome(name: str) -> Welcome:
    return Welcome.from_dict({"type": "welcome", "id": 1, "protocol": 1, "program": "t",
                              "host": "h", "name": name, "limits": {
                                  "max_frame": 16384, "rate": 20.0, "burst": 40, "name": 24,
                                  "table_name": 32, "chat": 300, "password": 64,
                                  "spectators": 8, "idle": 60.0}})


def test_where_one_sits_next() -> None:
    evening = example().evening
    assert seat_line(evening, "Ann") == "Game 1 of 2: you with Cat at table 1"
    assert seat_line(evening, "Dan") == "Game 1 of 2: you with Eve at table 2"
    assert seat_line(evening, "Bob") == "Game 1 of 2: you with a bot at table 1"
    assert seat_line(evening, "Bob", 2) == "Game 2 of 2: you with a bot at table 2"
    assert seat_line(evening, "Zed") is None


def test_the_plan_page_and_the_log_at_80x24() -> None:
    bench = TableBench(new_game(CLASSIC, seed=3), 0, welcome=welcome("Ann"))
    bench.model.new_view(view(new_game(CLASSIC, seed=3), 0), [])
    evening_page.heard(bench.model, example().evening)
    logged = ["".join(t for _, t in line) for line in bench.model.log]
    assert "Game 1 of 2: you with Cat at table 1" in logged
    assert "Game 1, deal 1:" in logged
    assert "    table 1, Ann and Cat: +40, 1 of 1" in logged
    bench.press("E")
    screen = bench.text()
    assert "The evening" in screen and "table 2: Dan and Eve against a bot and a bot" in screen
    evening_page.heard(bench.model, example().evening)      # the same again: nothing new
    assert len(bench.model.log) == len(logged)
