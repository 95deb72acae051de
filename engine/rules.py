"""Rule sets: which game is played, passed into every engine call (no rule is global)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import NotRequired, TypedDict

MAX_ROUNDS = 50


class RuleSetDict(TypedDict):
    """A rule set in its dict form (the protocol's and the journal's). The table options
    ``rounds`` and ``grand`` appear only when they differ from the default, so a game
    without them is written as before and an older record reads as that game."""

    variant: str
    target: int
    rounds: NotRequired[int]
    grand: NotRequired[bool]


class Variant(StrEnum):
    CLASSIC = "classic"
    DUEL = "duel"


@dataclass(frozen=True)
class RuleSet:
    """A rule set and its table options.

    ``target`` is the score that ends the game (classic 1000; duel 1000, or 333
    for the short "tournament" game). ``duel_loss`` is the total below which a
    duel player loses at once. ``rounds`` (1 to 50) plays that many rounds instead of
    playing to the target, and more while the scores are level (docs/RULES.md); 0 plays
    to the target. Without ``grand`` each seat gets its 14 cards at once and nobody
    calls Grand Tichu (a small Tichu may still be called).
    """

    variant: Variant = Variant.CLASSIC
    target: int = 1000
    duel_loss: int = -333
    rounds: int = 0
    grand: bool = True
    duel: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "variant", Variant(self.variant))
        object.__setattr__(self, "duel", self.variant is Variant.DUEL)
        if not isinstance(self.target, int) or not 50 <= self.target <= 100_000:
            raise ValueError("target score must be a whole number from 50 to 100000, "
                             f"not {self.target!r}")
        if (not isinstance(self.rounds, int) or isinstance(self.rounds, bool)
                or not 0 <= self.rounds <= MAX_ROUNDS):
            raise ValueError(f"rounds must be a whole number from 0 to {MAX_ROUNDS}, "
                             f"not {self.rounds!r}")
        if not isinstance(self.grand, bool):
            raise ValueError(f"grand must be true or false, not {self.grand!r}")

    @property
    def seats(self) -> int:
        return 2 if self.duel else 4

    def team_of(self, seat: int) -> int:
        """Team index 0 or 1: partners share one in classic; each duel player is a team."""
        return seat if self.duel else seat % 2

    def to_dict(self) -> RuleSetDict:
        data: RuleSetDict = {"variant": self.variant.value, "target": self.target}
        if self.rounds:
            data["rounds"] = self.rounds
        if not self.grand:
            data["grand"] = False
        return data

    @classmethod
    def from_dict(cls, data: object) -> RuleSet:
        try:
            if not isinstance(data, dict):
                raise TypeError("a rule set is a map")
            target = data.get("target", 1000)
            if not isinstance(target, (int, float, str)):
                raise TypeError(f"the target is {type(target).__name__}, not a number")
            rounds, grand = data.get("rounds", 0), data.get("grand", True)
            if not isinstance(rounds, int) or not isinstance(grand, bool):
                raise TypeError("rounds is a whole number and grand true or false")
            return cls(Variant(data["variant"]), int(target), rounds=rounds, grand=grand)
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a rule set: {data!r} ({exc})") from None


CLASSIC = RuleSet()
DUEL = RuleSet(Variant.DUEL)
