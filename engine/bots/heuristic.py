"""The heuristic bot (levels "normal", "easy" and "normal-ref").

"normal" remembers every card it saw this round (memory.py), splits its hand
into combinations and plays to go out in few tricks, answering the calls at the
table (policy.py, call_tactics.py), calls when the call model's estimated
success clears its bar (call_model.py), and exchanges, discards and drafts to
keep its hand strong (opening.py). "easy" forgets the cards played, never bombs
out of turn and now and then takes its second-best play: a forgiving table
companion. "normal-ref" is "normal" as it was before the call work, the
benchmark's fixed opponent.
"""

from __future__ import annotations

import random

from ..actions import (Action, CallTichu, Discard, Draft, Exchange, GiveDragon, GrandTichu, Pass,
                       Play, Wish)
from ..cards import RANK_MASK
from ..combos import Combo, Kind, readings
from ..seat_options import Options
from ..enumeration import bombs
from ..rules import CLASSIC
from ..state import Call, Phase
from ..seat_view import SeatView, options_for_view
from .call_model import FITTED, REFERENCE, CallModels, table_of
from .interface import CallNote, TimeCap, new_notes
from .memory import Memory
from .opening import best_discard, choose_exchange, take_in_draft
from .policy import dragon_to, out_of_turn_bomb, play_scores, wish_rank
from .situation import Situation, situation_from_view


class HeuristicBot:
    level = "normal"
    models: CallModels = FITTED
    bar_raise = 0.0          # added to both bars
    slip = 0.0               # chance of taking the second-best play
    remembers = True
    follows_calls = True     # the play answers the calls (policy.py); the reference's did less
    calls_over_grand = True  # may call Tichu after an opponent's Grand Tichu

    def __init__(self, seed: int = 0, *, time_cap: TimeCap | None = None) -> None:
        self.rng = random.Random(seed)      # (it answers at once: no time cap applies)
        self.memory = Memory()
        self.call_notes = new_notes()
        self._tichu_round = -1   # the round whose Tichu call is decided
        self._noted: set[tuple[int, str, bool]] = set()

    # --- the interface ---------------------------------------------------------

    def decide(self, view: SeatView) -> Action | None:
        self.memory.observe(view)
        opts = options_for_view(view)
        call = self._call(view, opts)
        if call is not None:
            return call
        if not opts.waiting:
            return self._optional_bomb(view, opts)
        return self._answer(view, opts)

    def situation(self, view: SeatView) -> Situation:
        return situation_from_view(view, self.memory if self.remembers else None,
                                   self.follows_calls)

    def ranked_plays(self, view: SeatView, opts: Options) -> list[tuple[float, Combo | None]]:
        """The play decisions, scored, best first (the search bot's candidates)."""
        return play_scores(self.situation(view), opts.plays, opts.can_pass)

    # --- calls --------------------------------------------------------------

    def _call(self, view: SeatView, opts: Options) -> Action | None:
        seat, duel = view.seat, view.rules.duel
        if opts.call_grand and (duel or opts.waiting):
            calls = self.wants_grand(view)
            if calls or not duel:
                return GrandTichu(seat, calls)
        if not opts.tichu or view.phase is not Phase.PLAY or self._tichu_round == view.round_no:
            return None
        self._tichu_round = view.round_no
        return CallTichu(seat) if self.wants_tichu(view) else None

    def grand_chance(self, view: SeatView) -> float:
        """The model's chance for Grand Tichu: classic on the first 8 cards, duel on the 14
        dealt after the best discard."""
        duel = view.rules.duel
        hand = view.hand & ~best_discard(view.hand) if duel else view.hand
        return self.models.success(duel, "grand", hand, table_of(view))

    def tichu_chance(self, view: SeatView, hand: int | None = None) -> float:
        table = table_of(view)
        return self.models.success(view.rules.duel, "tichu",
                                   view.hand if hand is None else hand, table)

    def wants_grand(self, view: SeatView) -> bool:
        chance = self.grand_chance(view)
        calls = (chance >= self.models.bar(view.rules.duel, "grand") + self.bar_raise
                 and not partner_called(view))
        self._note(view, "grand", chance, calls)
        return calls

    def wants_tichu(self, view: SeatView) -> bool:
        if partner_called(view) or (not self.calls_over_grand
                                    and any(c is Call.GRAND for c in view.calls)):
            return False
        chance = self.tichu_chance(view)
        calls = chance >= self.models.bar(view.rules.duel, "tichu") + self.bar_raise
        self._note(view, "tichu", chance, calls)
        return calls

    def will_call(self, view: SeatView) -> bool:
        """Whether the hand means to call Tichu after the exchange (it then keeps its
        strength rather than give the partner a good card)."""
        if view.calls[view.seat] is not Call.NONE and self.follows_calls:
            return True
        chance = self.tichu_chance(view)
        return chance >= self.models.bar(False, "tichu") + self.bar_raise

    def _note(self, view: SeatView, kind: str, chance: float, called: bool,
              simulated: bool = False, gain: float = 0.0) -> None:
        """Keep the decision for the benchmark: a call, and the first refusal of each call
        in a round (a duel's Grand Tichu is asked at every view of the discard)."""
        key = (view.round_no, kind, called)
        if key in self._noted:
            return
        if any(k[0] != view.round_no for k in self._noted):
            self._noted.clear()
        self._noted.add(key)
        self.call_notes.append(CallNote(view.round_no, kind, chance, called, simulated, gain))

    # --- answers -------------------------------------------------------------

    def _answer(self, view: SeatView, opts: Options) -> Action:
        seat, hand = view.seat, view.hand
        if opts.exchange:
            return Exchange(seat, choose_exchange(hand, partner_called(view),
                                                  self.will_call(view)))
        if opts.discard:
            return Discard(seat, best_discard(hand))
        if opts.draft:
            return Draft(seat, take_in_draft(hand, view.draft_card))
        if opts.wish:
            return Wish(seat, wish_rank(self.situation(view), self._known_opponent_cards(view)))
        if opts.dragon_to:
            return GiveDragon(seat, dragon_to(self.situation(view), opts.dragon_to))
        ranked = self.ranked_plays(view, opts)
        choice = ranked[0][1]
        if self.slip and len(ranked) > 1 and self.rng.random() < self.slip:
            choice = ranked[1][1]
        return as_action(seat, choice, hand)

    def _known_opponent_cards(self, view: SeatView) -> int:
        known, team_of = self.memory.known(view), view.rules.team_of
        return sum(known[s] for s in range(view.seats) if team_of(s) != team_of(view.seat))

    def _optional_bomb(self, view: SeatView, opts: Options) -> Action | None:
        if self.slip or not opts.plays or view.top is None:
            return None
        bomb = out_of_turn_bomb(self.situation(view), opts.plays)
        return None if bomb is None else Play(view.seat, bomb.cards, bomb.phoenix_as)


def partner_called(view: SeatView) -> bool:
    if view.rules.duel:
        return False
    return view.calls[(view.seat + 2) % 4] is not Call.NONE


def as_action(seat: int, combo: Combo | None, hand: int) -> Action:
    if combo is None:
        return Pass(seat)
    return Play(seat, keep_bombs(combo, hand), combo.phoenix_as)


def keep_bombs(combo: Combo, hand: int) -> int:
    """The play's cards, taking same-rank cards from outside the hand's straight-flush
    bombs where the engine's lowest-suit choice would break one."""
    if combo.kind == Kind.BOMB or combo.length == 1:
        return combo.cards
    flushes = 0
    for bomb in bombs(hand):
        if bomb.length >= 5:
            flushes |= bomb.cards
    cards = combo.cards
    clash = cards & flushes
    if not clash:
        return cards
    spare = hand & ~flushes & ~cards
    for rank in range(2, 15):
        mine, alt = clash & RANK_MASK[rank], spare & RANK_MASK[rank]
        if mine and alt:
            cards = (cards & ~(mine & -mine)) | (alt & -alt)
    if cards != combo.cards and any(r.kind == combo.kind for r in readings(cards, CLASSIC)):
        return cards
    return combo.cards


class ReferenceHeuristicBot(HeuristicBot):
    """Level "normal-ref": the heuristic bot as it was before the call work (commit
    e628d7c), kept unchanged as a fixed opponent for the benchmark."""

    level = "normal-ref"
    models = REFERENCE
    follows_calls = False
    calls_over_grand = False


class EasyBot(HeuristicBot):
    level = "easy"
    bar_raise = 0.15
    slip = 0.25
    remembers = False

