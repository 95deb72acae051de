"""A round as a mutable, unchecked simulation: the bots' fast path.

The pure engine (deal.py, tricks.py) checks every action, reports events and never
changes a state, which is what a host needs. A simulation throws every state
away after one step and asks only what may be played, so it pays for none of
that: a `Playout` takes, in place, the decisions and plays its own `plays()`
allows, without checking them again and without events.

It follows deal.py and tricks.py rule for rule, sharing their set-up helpers; a won
trick waits to be collected here too (phase COLLECT, `collect`), so that both paths
agree step for step; a simulation that does not model bombs after the last pass
collects at once.
tests/engine/test_playout.py plays the same random rounds through both, from the
deal, out-of-turn bombs included, and requires the same `RoundState` after every
step; change them together.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import DOG_BIT, DRAGON_BIT, MAHJONG_BIT, RANK_MASK
from .combos import Combo, Kind
from .deal import draft_split, exchanged, first_lead
from .enumeration import all_plays, beating
from .plays_now import seat_plays_now
from .rules import RuleSet
from .tricks import round_over
from .scoring import double_victory, round_result
from .state import Call, DraftStep, Phase, RoundResult, RoundState, TrickEntry, evolve, next_in

# Enum members are looked up on their class at every use, which costs in the
# hot path of 3.11; these module names are the same members, found at once.
_PLAY, _WISH, _DRAGON, _OVER = Phase.PLAY, Phase.WISH, Phase.DRAGON, Phase.OVER
_COLLECT = Phase.COLLECT
_GRAND, _EXCHANGE, _DISCARD, _DRAFT = Phase.GRAND, Phase.EXCHANGE, Phase.DISCARD, Phase.DRAFT
_DOG = Kind.DOG

Trick = list[tuple[int, Combo | None]]   # (seat, combo) pairs, combo None for a pass


def _entries(trick: Sequence[tuple[int, Combo | None]]) -> tuple[TrickEntry, ...]:
    return tuple(TrickEntry(seat, combo) for seat, combo in trick)


class Playout:
    """A round changed in place, from the deal to its score.

    ``awaited`` is the seat the round waits for (-1 while a won trick waits to be
    collected, which `collect` does). ``trick`` holds (seat, combo)
    pairs, combo None for a pass, as the state's `TrickEntry` tuples do. The
    fields are the `RoundState`'s, as lists where they change; `to_round` gives
    the state back.
    """

    __slots__ = (
        "base", "duel", "hands", "won", "out", "trick", "calls", "grand_decided", "second_deal",
        "exchange", "received", "discards", "draft", "phase", "turn", "decider", "top",
        "top_seat", "passes", "trick_cards", "set_aside", "wish", "wish_answer", "last_answer",
        "dragon_out", "last_trick", "last_trick_winner", "result", "dealt", "played_before")

    base: RoundState                          # the round as it was handed in
    duel: bool
    # per seat, as the state's tuples
    hands: list[int]
    won: list[int]
    out: list[int]
    calls: list[Call]
    grand_decided: list[bool]
    second_deal: list[int]
    exchange: list[tuple[int, ...] | None]
    received: list[tuple[int, ...] | None]
    discards: list[int]
    draft: list[DraftStep]
    trick: Trick
    # as the state's fields of the same names
    phase: Phase
    turn: int
    decider: int
    top: Combo | None
    top_seat: int
    passes: int
    trick_cards: int
    set_aside: int
    wish: int
    wish_answer: bool
    last_answer: bool
    dragon_out: bool
    last_trick: tuple[tuple[int, Combo | None], ...]
    last_trick_winner: int
    result: RoundResult | None
    # Once play starts, cards leave a hand only by being played: `played` and
    # `played_cards` follow from the hands as they were dealt, and need no upkeep.
    dealt: tuple[int, ...]
    played_before: tuple[int, int]

    def __init__(self, state: RoundState) -> None:
        self.base = state
        self.duel = state.rules.duel
        self.hands = list(state.hands)
        self.won = list(state.won)
        self.out = list(state.out)
        self.calls = list(state.calls)
        self.grand_decided = list(state.grand_decided)
        self.second_deal = list(state.second_deal)
        self.exchange = list(state.exchange)
        self.received = list(state.received)
        self.discards = list(state.discards)
        self.draft = list(state.draft)
        self.trick = list(state.trick)
        self.phase = state.phase
        self.turn = state.turn
        self.decider = state.decider
        self.top = state.top
        self.top_seat = state.top_seat
        self.passes = state.passes
        self.trick_cards = state.trick_cards
        self.set_aside = state.set_aside
        self.wish = state.wish
        self.wish_answer = state.wish_answer
        self.last_answer = state.last_answer
        self.dragon_out = state.dragon_out
        self.last_trick = state.last_trick
        self.last_trick_winner = state.last_trick_winner
        self.result = state.result
        self.dealt = state.hands
        self.played_before = (state.played, state.played_cards)

    def copy(self) -> Playout:
        """A twin to play on from here; the original does not change with it."""
        twin = object.__new__(Playout)
        twin.base, twin.duel = self.base, self.duel
        twin.hands, twin.won, twin.out = self.hands[:], self.won[:], self.out[:]
        twin.calls, twin.grand_decided = self.calls[:], self.grand_decided[:]
        twin.second_deal, twin.exchange = self.second_deal[:], self.exchange[:]
        twin.received, twin.discards = self.received[:], self.discards[:]
        twin.draft, twin.trick = self.draft[:], self.trick[:]
        twin.phase, twin.turn, twin.decider = self.phase, self.turn, self.decider
        twin.top, twin.top_seat, twin.passes = self.top, self.top_seat, self.passes
        twin.trick_cards, twin.set_aside = self.trick_cards, self.set_aside
        twin.wish, twin.wish_answer = self.wish, self.wish_answer
        twin.last_answer, twin.dragon_out = self.last_answer, self.dragon_out
        twin.last_trick, twin.last_trick_winner = self.last_trick, self.last_trick_winner
        twin.result, twin.dealt, twin.played_before = self.result, self.dealt, self.played_before
        return twin

    def to_round(self) -> RoundState:
        """The same round as the pure engine's immutable state."""
        if self.phase in (_GRAND, _EXCHANGE, _DISCARD, _DRAFT):
            gone = [0] * len(self.hands)
        else:
            gone = [before & ~now for before, now in zip(self.dealt, self.hands, strict=True)]
        played, played_cards = self.played_before
        played |= sum(1 << seat for seat, cards in enumerate(gone) if cards)
        return evolve(
            self.base, hands=tuple(self.hands), won=tuple(self.won), out=tuple(self.out),
            calls=tuple(self.calls), grand_decided=tuple(self.grand_decided),
            second_deal=tuple(self.second_deal), exchange=tuple(self.exchange),
            received=tuple(self.received), discards=tuple(self.discards),
            draft=tuple(self.draft), trick=_entries(self.trick), phase=self.phase,
            turn=self.turn, decider=self.decider, top=self.top, top_seat=self.top_seat,
            passes=self.passes, trick_cards=self.trick_cards, played=played,
            played_cards=played_cards | sum(gone), set_aside=self.set_aside, wish=self.wish,
            wish_answer=self.wish_answer, last_answer=self.last_answer,
            dragon_out=self.dragon_out, last_trick=_entries(self.last_trick),
            last_trick_winner=self.last_trick_winner, result=self.result)

    @property
    def rules(self) -> RuleSet:
        return self.base.rules

    @property
    def awaited(self) -> int:
        phase = self.phase
        if phase is _PLAY:
            return self.turn
        if phase is _GRAND:
            return self.grand_decided.index(False)
        if phase is _EXCHANGE:
            return self.exchange.index(None)
        if phase is _DISCARD:
            return self.discards.index(0)
        return self.base.drafter if phase is _DRAFT else self.decider

    # --- the set-up, as in deal.py ------------------------------------------------

    def decide_grand(self, seat: int, call: bool) -> None:
        """``seat`` calls Grand Tichu or not (classic: on its first 8 cards; duel: before
        the draft, calling only)."""
        if call:
            self.calls[seat] = Call.GRAND
        if self.duel:
            return
        self.grand_decided[seat] = True
        if all(self.grand_decided):
            dealt = zip(self.hands, self.second_deal, strict=True)
            self.hands = [hand | extra for hand, extra in dealt]
            self.second_deal = [0] * 4
            self.phase = _EXCHANGE

    def call_tichu(self, seat: int) -> None:
        """``seat`` calls Tichu (while `call_windows.tichu_window_open` allows it: before
        its first card, in a duel while holding 9 cards and nobody has called)."""
        self.calls[seat] = Call.TICHU

    def give(self, seat: int, gifts: tuple[int, int, int]) -> None:
        """Classic: ``seat`` chooses its gifts, for seat+1, seat+2 and seat+3."""
        self.exchange[seat] = tuple(gifts)
        if None not in self.exchange:
            self.hands, received = exchanged(self.hands, self.exchange)
            self.received = list(received)
            self._begin_play()

    def discard(self, seat: int, cards: int) -> None:
        """Duel: ``seat`` puts three cards aside."""
        self.hands[seat] &= ~cards
        self.discards[seat] = cards
        self.set_aside |= cards
        if all(self.discards):
            self.phase = _DRAFT

    def take_draft(self, take: bool) -> None:
        """Duel: the drafter takes the turned table card or leaves it."""
        base = self.base
        self.draft.append(DraftStep(base.draft_cards[len(self.draft)], take))
        split = draft_split(base.draft_cards, self.draft)
        if split is not None:
            self.hands[base.drafter] |= split[0]
            self.hands[1 - base.drafter] |= split[1]
            self._begin_play()

    def _begin_play(self) -> None:
        self.phase, self.turn = _PLAY, first_lead(self.hands, self.base.drafter)
        self.dealt = tuple(self.hands)

    # --- the play -------------------------------------------------------------------

    def plays(self, seat: int | None = None) -> tuple[tuple[Combo, ...], bool]:
        """What ``seat`` (by default the seat to play) may play now, and whether it may pass."""
        turn = self.turn
        seat = turn if seat is None else seat
        if self.phase is not _PLAY:
            return self._bombs_on_waiting_trick(seat)
        hand = self.hands[seat]
        if not hand:
            return (), False
        top = self.top
        if seat == turn and not self.wish:      # most turns: what seat_plays_now gives then
            if top is None:
                return all_plays(hand, self.duel), self.last_answer
            return beating(self.duel, hand, top), True
        return seat_plays_now(self.base.rules, seat, hand, top, turn=turn, wish=self.wish,
                              wish_answer=self.wish_answer, last_answer=self.last_answer)

    def _bombs_on_waiting_trick(self, seat: int) -> tuple[tuple[Combo, ...], bool]:
        """Outside play proper: while a won trick waits, the bombs that beat it; else nothing."""
        if self.phase is not _COLLECT or seat < 0 or not self.hands[seat]:
            return (), False
        return seat_plays_now(self.base.rules, seat, self.hands[seat], self.top, turn=-1,
                              wish=self.wish, wish_answer=self.wish_answer,
                              last_answer=self.last_answer)

    def play(self, seat: int, combo: Combo) -> None:
        """``seat`` plays ``combo``, one of its `plays()` (out of turn: a bomb)."""
        kind, _, _, cards, _ = combo
        hands = self.hands
        hands[seat] &= ~cards
        wish = self.wish
        if wish and (cards & RANK_MASK[wish] or self.wish_answer):
            self.wish, self.wish_answer = 0, False
        if kind == _DOG:
            self._play_dog(seat)
            return
        answered = self.last_answer
        self.phase = _PLAY                  # a bomb on a trick that waited re-opens play
        self.trick.append((seat, combo))
        self.top, self.top_seat, self.passes = combo, seat, 0
        self.trick_cards |= cards
        self.turn = next_in(hands, seat)
        if not hands[seat]:
            self._went_out(seat, combo)
            if round_over(self.out, self.duel):     # only a player going out can end it
                self._end_round()
                return
        if answered and self.duel:
            self._end_round()
        elif cards & MAHJONG_BIT:
            self.phase, self.decider = _WISH, seat

    def pass_turn(self) -> None:
        """The seat to play passes (allowed when `plays()` says so)."""
        seat = self.turn
        self.trick.append((seat, None))
        self.passes = passes = self.passes + 1
        if self.duel:
            if self.wish_answer:
                self.wish, self.wish_answer = 0, False
            if self.last_answer:
                self._end_round()
                return
        hands = self.hands
        # Everyone still holding cards, but the trick's top player, has passed.
        if passes >= len(hands) - len(self.out) - (hands[self.top_seat] != 0):
            self.phase, self.turn = _COLLECT, -1
        else:
            self.turn = next_in(hands, seat)

    def collect(self) -> None:
        """The won trick that waits goes to its winner (the Dragon's: to its gift)."""
        self.phase = _PLAY
        self._win_trick()

    def name_wish(self, rank: int) -> None:
        """The Mah Jong's player names a rank 2..14, or 0 for none."""
        self.phase, self.decider = _PLAY, -1
        self.wish, self.wish_answer = rank, self.duel and rank != 0

    def give_dragon(self, to: int) -> None:
        """The Dragon's winner gives the trick to ``to``, an opponent."""
        winner = self.decider
        self.phase, self.decider = _PLAY, -1
        self._clear_trick(winner, to)
        if round_over(self.out, self.duel):
            self._end_round()

    # --- as in tricks.py-----------------------------------------------------------

    def _play_dog(self, seat: int) -> None:
        seats = len(self.hands)
        partner = (seat + seats // 2) % seats
        self.set_aside |= DOG_BIT
        self.turn = partner if self.hands[partner] else next_in(self.hands, partner)
        if not self.hands[seat]:
            self._went_out(seat, None)
        if round_over(self.out, self.duel):
            self._end_round()

    def _went_out(self, seat: int, last_card: Combo | None) -> None:
        self.out.append(seat)
        if self.duel:
            dragon = len(self.out) == 1 and last_card is not None and last_card.cards == DRAGON_BIT
            self.last_answer = True
            self.dragon_out = self.dragon_out or dragon

    def _win_trick(self) -> None:
        winner = self.top_seat
        dragon = self.top is not None and self.top.cards == DRAGON_BIT
        if dragon and not self.duel:
            self.phase, self.decider, self.turn = _DRAGON, winner, -1
            return
        self._clear_trick(winner, 1 - winner if dragon else winner)

    def _clear_trick(self, winner: int, taker: int) -> None:
        self.won[taker] |= self.trick_cards
        hands = self.hands
        self.turn = winner if hands[winner] else next_in(hands, winner)
        self.last_trick, self.last_trick_winner = tuple(self.trick), winner
        self.trick, self.top, self.top_seat, self.passes, self.trick_cards = [], None, -1, 0, 0

    def _end_round(self) -> None:
        if self.trick_cards:
            winner = self.top_seat
            dragon = self.top is not None and self.top.cards == DRAGON_BIT
            if dragon and not self.duel and not double_victory(self.out):
                self.phase, self.decider, self.turn = _DRAGON, winner, -1
                return
            taker = winner
            if dragon and self.duel and not (self.dragon_out and self.out[0] == winner):
                taker = 1 - winner
            self._clear_trick(winner, taker)
        self.phase, self.turn, self.decider = _OVER, -1, -1
        self.result = round_result(self.base.rules, tuple(self.out), tuple(self.calls),
                                   tuple(self.won), tuple(self.hands), self.dragon_out)

