"""How likely a call is to succeed, from a few facts about the hand: the heuristic
levels' Tichu and Grand Tichu estimate.

A model is a logistic regression on `call_facts`, one per variant and call. The
fitted models are in ``call_model.json`` beside this module, written by
``scripts/fit_calls.py`` from self-play of the search bot, whose calls are decided
by simulation (call_search.py): every call moment of every seat, the facts of the
hand there, whether the seat called, and whether it went out first. Each model
states its estimated success rate for a call (`CallModel.success`), which is what
the benchmark holds against the realised rate, bin by bin.

The reference levels keep the model they were tuned with (`REFERENCE`): fitted on
self-play of the heuristic bot without calls, on the hand alone.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources

from ..cards import DRAGON_BIT, MAHJONG_BIT, PHOENIX_BIT, rank_count
from ..combos import Kind
from ..seat_view import SeatView
from ..state import Call
from .hand_split import split, strength
from .opening import card_power

DATA_FILE = "call_model.json"
_PACKAGE = __name__.rpartition(".")[0]
KINDS = ("tichu", "grand")


def hand_facts(hand: int) -> tuple[float, ...]:
    """1, the hand's cost, its number of combinations, strong ones, weak ones, the Dragon,
    the Phoenix, bombs, aces, the Mah Jong (the reference model's facts)."""
    whole = split(hand)
    strong = sum(1 for p in whole.parts if strength(p) >= 0.6)
    weak = sum(1 for p in whole.parts if strength(p) < 0.2)
    bombs = sum(1 for p in whole.parts if p[0] == Kind.BOMB)
    return (1.0, whole.cost, len(whole.parts), strong, weak, float(bool(hand & DRAGON_BIT)),
            float(bool(hand & PHOENIX_BIT)), bombs, rank_count(hand, 14),
            float(bool(hand & MAHJONG_BIT)))


@dataclass(frozen=True)
class Table:
    """What a call's chance depends on besides the hand: what the exchange brought
    (classic, after it), and the calls already made at the table."""

    partner_gift: int = -1          # the card the partner gave (-1: no exchange yet)
    opponent_gifts: tuple[int, ...] = ()
    partner_called: bool = False
    opponent_calls: int = 0         # Tichu counts 1, Grand Tichu 2


NO_TABLE = Table()


def opponent_calls(calls: Sequence[Call], seat: int) -> int:
    """The opponents' calls, Tichu counting 1 and Grand Tichu 2."""
    return sum(0 if calls[s] is Call.NONE else 1 if calls[s] is Call.TICHU else 2
               for s in range(len(calls)) if (s - seat) % 2)


def table_of(view: SeatView) -> Table:
    """What the call models read about the table, as the view shows it."""
    seat, calls, got = view.seat, view.calls, view.received
    partner = not view.rules.duel and calls[(seat + 2) % 4] is not Call.NONE
    return Table(got[1] if got else -1, (got[0], got[2]) if got else (), partner,
                 opponent_calls(calls, seat))


def call_facts(hand: int, table: Table = NO_TABLE) -> tuple[float, ...]:
    """The fitted models' facts: `hand_facts`, then the partner's gift's worth as a single,
    the opponents' gifts' worth, whether the partner called, the opponents' calls."""
    partner = card_power(table.partner_gift) if table.partner_gift >= 0 else 0.0
    opponents = sum(card_power(c) for c in table.opponent_gifts)
    return hand_facts(hand) + (partner, opponents, float(table.partner_called),
                               float(table.opponent_calls))


def logistic(weights: Sequence[float], facts: Sequence[float], offset: float = 0.0) -> float:
    z = sum(w * f for w, f in zip(weights, facts, strict=True)) + offset
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


@dataclass(frozen=True)
class CallModel:
    """One call's model: weights on the facts and, last, on "the seat called" (the
    partner's support and the opponents' defence a call brings); the bar is the
    estimated success rate at which the heuristic calls."""

    weights: tuple[float, ...]
    bar: float
    called_weight: float = 0.0

    def success(self, facts: Sequence[float]) -> float:
        """The estimated chance that the call succeeds, if made with these facts."""
        return logistic(self.weights, facts, self.called_weight)


@dataclass(frozen=True)
class CallModels:
    """The models of one set, by variant (duel: True) and kind ("tichu", "grand");
    ``facts`` says which facts they read: "hand" (`hand_facts`) or "table"
    (`call_facts`)."""

    facts: str
    models: Mapping[tuple[bool, str], CallModel]

    def facts_of(self, hand: int, table: Table = NO_TABLE) -> tuple[float, ...]:
        return hand_facts(hand) if self.facts == "hand" else call_facts(hand, table)

    def success(self, duel: bool, kind: str, hand: int, table: Table = NO_TABLE) -> float:
        return self.models[duel, kind].success(self.facts_of(hand, table))

    def bar(self, duel: bool, kind: str) -> float:
        return self.models[duel, kind].bar


# The reference levels' models (fitted at commit e292264 by self-play of the heuristic
# bot without calls; bars set by self-play with calls on, see docs/BENCHMARKS.md).
REFERENCE = CallModels("hand", {
    (False, "tichu"): CallModel(
        (-1.191, -0.027, -0.087, 0.115, -0.092, 0.959, 0.362, 0.852, 0.255, 0.057), 0.58),
    (True, "tichu"): CallModel(
        (0.272, -0.109, -0.123, 0.093, -0.102, 1.034, 0.124, 0.766, 0.336, -0.083), 0.65),
    (False, "grand"): CallModel(
        (-1.133, 0.055, -0.099, -0.054, 0.01, 0.962, 0.444, 0.965, 0.274, -0.234), 0.6),
    (True, "grand"): CallModel(
        (-0.122, -0.069, -0.05, 0.039, 0.022, 0.765, 0.204, 0.364, 0.268, -0.277), 0.7),
})


class ModelFileError(ValueError):
    """The call model's data file is missing a model or holds one of the wrong shape."""


def models_from_dict(data: Mapping[str, object]) -> CallModels:
    """The models a `models_to_dict` mapping describes (raises ModelFileError)."""
    try:
        facts = str(data["facts"])
        width = len(hand_facts(0)) + (0 if facts == "hand" else 4)
        raw = data["models"]
        if not isinstance(raw, dict):
            raise TypeError("models is not a map")
        models = {}
        for variant in ("classic", "duel"):
            for kind in KINDS:
                entry = raw[variant][kind]
                weights = tuple(float(w) for w in entry["weights"])
                if len(weights) != width:
                    raise ValueError(f"{variant} {kind}: {len(weights)} weights for "
                                     f"{width} facts")
                models[variant == "duel", kind] = CallModel(
                    weights, float(entry["bar"]), float(entry["called_weight"]))
        return CallModels(facts, models)
    except (KeyError, TypeError, ValueError) as exc:
        raise ModelFileError(f"the call model is unreadable: {exc}") from None


def models_to_dict(models: CallModels, about: Mapping[str, object]) -> dict[str, object]:
    """The form ``call_model.json`` holds, with ``about`` (how it was fitted)."""
    out: dict[str, dict[str, object]] = {"classic": {}, "duel": {}}
    for (duel, kind), model in sorted(models.models.items()):
        out["duel" if duel else "classic"][kind] = {
            "weights": list(model.weights), "called_weight": model.called_weight,
            "bar": model.bar}
    return {"about": dict(about), "facts": models.facts, "models": out}


def load_fitted() -> CallModels:
    """The fitted models, read from the package (from a zip too: the program may run as
    one file) through importlib.resources."""
    text = resources.files(_PACKAGE).joinpath(DATA_FILE).read_text(encoding="utf-8")
    return models_from_dict(json.loads(text))


FITTED = load_fitted()
