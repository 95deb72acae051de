"""Rule sets: which game is played, passed into every engine call (no rule is global)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypedDict


class RuleSetDict(TypedDict):
    """A rule set in its dict form (the protocol's and the journal's)."""

    variant: str
    target: int


class Variant(StrEnum):
    CLASSIC = "classic"
    DUEL = "duel"


@dataclass(frozen=True)
class RuleSet:
    """A rule set and its table options.

    ``target`` is the score that ends the game (classic 1000; duel 1000, or 333
    for the short "tournament" game). ``duel_loss`` is the total below which a
    duel player loses at once.
    """

    variant: Variant = Variant.CLASSIC
    target: int = 1000
    duel_loss: int = -333
    duel: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "variant", Variant(self.variant))
        object.__setattr__(self, "duel", self.variant is Variant.DUEL)
        if not isinstance(self.target, int) or not 50 <= self.target <= 100_000:
            raise ValueError("target score must be a whole number from 50 to 100000, "
                             f"not {self.target!r}")

    @property
    def seats(self) -> int:
        return 2 if self.duel else 4

    def team_of(self, seat: int) -> int:
        """Team index 0 or 1: partners share one in classic; each duel player is a team."""
        return seat if self.duel else seat % 2

    def to_dict(self) -> RuleSetDict:
        return {"variant": self.variant.value, "target": self.target}

    @classmethod
    def from_dict(cls, data: object) -> RuleSet:
        try:
            if not isinstance(data, dict):
                raise TypeError("a rule set is a map")
            target = data.get("target", 1000)
            if not isinstance(target, (int, float, str)):
                raise TypeError(f"the target is {type(target).__name__}, not a number")
            return cls(Variant(data["variant"]), int(target))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a rule set: {data!r} ({exc})") from None


CLASSIC = RuleSet()
DUEL = RuleSet(Variant.DUEL)
