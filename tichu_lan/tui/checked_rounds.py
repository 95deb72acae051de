"""The rounds of the game at the table that were checked, and how each fared (issue 30).

This program's own check of a round (`RoundChecked`) and a failure another seat's program
found (the host's ``round_check_failed`` notice) both mark the round: the log says it at
once, the round's summary says it under the result, and the scores page marks each round
(✓ held, ✗ found broken). A failure wins over a round held: whoever found it, everyone at
the table sees what failed. A round nobody's check reached (a spectator, a host that does
not shuffle with its guests) has no mark.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..host_messages import Notice, RoundChecked
from ..i18n import _
from ..words.findings import checked_words
from ..words.notices import notice_words
from .faces import Fragments

MARKS = {False: ("✓", "✗"), True: ("+", "!")}       # held, broken; plain


@dataclass
class CheckedRounds:
    rounds: dict[int, tuple[bool, str]] = field(default_factory=dict)   # held, words

    def heard(self, message: Notice | RoundChecked) -> Fragments:
        """A check or a notice, as the log says it (a failure in the error style)."""
        if isinstance(message, RoundChecked):
            held = message.ok
            words = checked_words(message.round, message.shared, message.finding)
            self._mark(message.round, held, words)
        else:
            words = notice_words(message.to_dict())
            held = message.code != "round_check_failed"
            if not held:
                self._mark(int((message.params or {}).get("round", 0)), held, words)
        return [("class:strong" if held else "class:error", words)]

    def saw(self, round_no: int) -> None:
        """A view of round ``round_no``: one before the rounds marked is a new game's."""
        if self.rounds and round_no < max(self.rounds):
            self.rounds.clear()

    def mark(self, round_no: int, ascii: bool) -> str:
        """" ✓" after a round that held, " ✗" after one found broken, "" before a check."""
        if round_no not in self.rounds:
            return ""
        return " " + MARKS[ascii][0 if self.rounds[round_no][0] else 1]

    def legend(self, ascii: bool) -> list[Fragments]:
        """What the marks mean, once any round has one."""
        if not self.rounds:
            return []
        held, broken = MARKS[ascii]
        return [[("class:dim", _("{held} the round was checked and held; {broken} a program "
                                 "found it broken (the log says what failed)").format(
                                     held=held, broken=broken))]]

    def summary(self, round_no: int) -> list[Fragments]:
        """The line a round's summary gives its check, once it has one."""
        if round_no not in self.rounds:
            return []
        held, words = self.rounds[round_no]
        return [[("class:strong" if held else "class:error", words)]]

    def _mark(self, round_no: int, held: bool, words: str) -> None:
        if round_no < 1 or (round_no in self.rounds and not self.rounds[round_no][0]):
            return                      # a failure stands, whoever else says the round held
        self.rounds[round_no] = (held, words)
