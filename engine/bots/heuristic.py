"""The heuristic bot (levels "normal" and "easy").

"normal" remembers every card it saw this round (memory.py), splits its hand
into combinations and plays to go out in few tricks (policy.py), calls by the
calibrated chance of going out first and exchanges, discards and drafts to keep
its hand strong (opening.py). "easy" forgets the cards played, calls less,
never bombs out of turn and now and then takes its second-best play: a
forgiving table companion.
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
from .interface import TimeCap
from .memory import Memory
from .opening import (GRAND_BAR, TICHU_BAR, best_discard, choose_exchange, grand_chance,
                      take_in_draft, tichu_chance)
from .policy import dragon_to, out_of_turn_bomb, play_scores, wish_rank
from .situation import Situation, situation_from_view


class HeuristicBot:
    level = "normal"
    tichu_bar = TICHU_BAR
    grand_bar = GRAND_BAR
    bar_raise = 0.0          # added to both bars
    slip = 0.0               # chance of taking the second-best play
    remembers = True

    def __init__(self, seed: int = 0, *, time_cap: TimeCap | None = None) -> None:
        self.rng = random.Random(seed)      # (it answers at once: no time cap applies)
        self.memory = Memory()
        self._tichu_round = -1   # the round whose Tichu call is decided

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
        return situation_from_view(view, self.memory if self.remembers else None)

    def ranked_plays(self, view: SeatView, opts: Options) -> list[tuple[float, Combo | None]]:
        """The play decisions, scored, best first (the search bot's candidates)."""
        return play_scores(self.situation(view), opts.plays, opts.can_pass)

    # --- calls --------------------------------------------------------------

    def _call(self, view: SeatView, opts: Options) -> Action | None:
        seat, duel = view.seat, view.rules.duel
        if opts.call_grand and (duel or opts.waiting):
            bar = self.grand_bar[duel] + self.bar_raise
            calls = grand_chance(view.hand, duel) >= bar and not self._partner_called(view)
            if calls or not duel:
                return GrandTichu(seat, calls)
        if not opts.tichu or view.phase is not Phase.PLAY or self._tichu_round == view.round_no:
            return None
        self._tichu_round = view.round_no
        if self._partner_called(view) or any(c is Call.GRAND for c in view.calls):
            return None
        if tichu_chance(view.hand, duel) >= self.tichu_bar[duel] + self.bar_raise:
            return CallTichu(seat)
        return None

    def _partner_called(self, view: SeatView) -> bool:
        if view.rules.duel:
            return False
        return view.calls[(view.seat + 2) % 4] is not Call.NONE

    # --- answers -------------------------------------------------------------

    def _answer(self, view: SeatView, opts: Options) -> Action:
        seat, hand = view.seat, view.hand
        if opts.exchange:
            partner_called = self._partner_called(view)
            will_call = tichu_chance(hand, False) >= self.tichu_bar[False] + self.bar_raise
            return Exchange(seat, choose_exchange(hand, partner_called, will_call))
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
    spare = hand & ~flushes & ~cards
    for rank in range(2, 15):
        mine, alt = clash & RANK_MASK[rank], spare & RANK_MASK[rank]
        if mine and alt:
            cards = (cards & ~(mine & -mine)) | (alt & -alt)
    if cards != combo.cards and any(r.kind == combo.kind for r in readings(cards, CLASSIC)):
        return cards
    return combo.cards


class EasyBot(HeuristicBot):
    level = "easy"
    bar_raise = 0.15
    slip = 0.25
    remembers = False

