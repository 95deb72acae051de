"""The play of a round as a mutable, unchecked simulation: the bots' fast path.

The pure engine (play.py) checks every action, reports events and never changes
a state, which is what a host needs. A simulation throws every state away after
one step and asks only what may be played, so it pays for none of that: a
`Playout` applies, in place, plays taken from its own `plays()`, without
checking them again and without events.

It follows play.py rule for rule. tests/engine/test_playout.py plays the same
random rounds through both, out-of-turn bombs included, and requires the same
`RoundState` after every step; change the two together.
"""

from __future__ import annotations

from .cards import DOG_BIT, DRAGON_BIT, MAHJONG_BIT, RANK_MASK
from .combos import Combo, Kind
from .plays import all_plays, beating, seat_plays_now
from .scoring import finish_round
from .state import Phase, RoundState, TrickEntry, evolve, next_in


# Enum members are looked up on their class at every use, which costs in the
# hot path of 3.11; these module names are the same members, found at once.
_PLAY, _WISH, _DRAGON, _OVER = Phase.PLAY, Phase.WISH, Phase.DRAGON, Phase.OVER
_DOG = Kind.DOG


def _entries(trick) -> tuple[TrickEntry, ...]:
    return tuple(TrickEntry(seat, combo) for seat, combo in trick)


class Playout:
    """A round from its first lead on (phases PLAY, WISH, DRAGON, OVER), changed in place.

    ``awaited`` is the seat the round waits for: the seat to play, or the one that
    names the wish or gives the Dragon's trick away. ``trick`` holds (seat, combo)
    pairs, combo None for a pass, as the state's `TrickEntry` tuples do.
    """

    __slots__ = ("base", "duel", "phase", "hands", "won", "out", "turn", "decider", "top",
                 "top_seat", "passes", "trick", "trick_cards", "set_aside", "wish",
                 "wish_answer", "last_answer", "dragon_out", "last_trick", "last_trick_winner",
                 "result")

    def __init__(self, state: RoundState) -> None:
        if state.phase not in (_PLAY, _WISH, _DRAGON, _OVER):
            raise ValueError(f"a playout starts once cards are played, not in {state.phase.value}")
        self.base = state
        self.duel = state.rules.duel
        self.phase = state.phase
        self.hands = list(state.hands)
        self.won = list(state.won)
        self.out = list(state.out)
        self.trick = list(state.trick)
        for name in ("turn", "decider", "top", "top_seat", "passes", "trick_cards", "set_aside",
                     "wish", "wish_answer", "last_answer", "dragon_out", "last_trick",
                     "last_trick_winner", "result"):
            setattr(self, name, getattr(state, name))

    def copy(self) -> Playout:
        twin = object.__new__(Playout)
        for name in Playout.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.hands, twin.won, twin.out, twin.trick = (
            self.hands[:], self.won[:], self.out[:], self.trick[:])
        return twin

    def to_round(self) -> RoundState:
        """The same round as the pure engine's immutable state."""
        base = self.base
        # Cards leave a hand during play only by being played, so these need no upkeep.
        gone = [before & ~now for before, now in zip(base.hands, self.hands)]
        played = base.played | sum(1 << seat for seat, cards in enumerate(gone) if cards)
        return evolve(base, phase=self.phase, hands=tuple(self.hands), won=tuple(self.won),
                      out=tuple(self.out), trick=_entries(self.trick), turn=self.turn,
                      decider=self.decider, top=self.top, top_seat=self.top_seat,
                      passes=self.passes, trick_cards=self.trick_cards, played=played,
                      played_cards=base.played_cards | sum(gone), set_aside=self.set_aside,
                      wish=self.wish, wish_answer=self.wish_answer, last_answer=self.last_answer,
                      dragon_out=self.dragon_out, last_trick=_entries(self.last_trick),
                      last_trick_winner=self.last_trick_winner, result=self.result)

    @property
    def awaited(self) -> int:
        return self.turn if self.phase is _PLAY else self.decider

    def plays(self, seat: int | None = None) -> tuple[tuple[Combo, ...], bool]:
        """What ``seat`` (by default the seat to play) may play now, and whether it may pass."""
        turn = self.turn
        seat = turn if seat is None else seat
        hand = self.hands[seat]
        if self.phase is not _PLAY or not hand:
            return (), False
        top = self.top
        if seat == turn and not self.wish:      # most turns: what seat_plays_now gives then
            if top is None:
                return all_plays(hand, self.duel), self.last_answer
            return beating(self.duel, hand, top), True
        return seat_plays_now(self.base.rules, seat, hand, top, turn=turn, wish=self.wish,
                              wish_answer=self.wish_answer, last_answer=self.last_answer)

    # --- the moves: each one of `plays()`, unchecked -----------------------------

    def play(self, seat: int, combo: Combo) -> None:
        """``seat`` plays ``combo``, one of its `plays()` (out of turn: a bomb)."""
        cards = combo.cards
        hands = self.hands
        hands[seat] &= ~cards
        wish = self.wish
        if wish and (cards & RANK_MASK[wish] or self.wish_answer):
            self.wish, self.wish_answer = 0, False
        if combo.kind == _DOG:
            self._play_dog(seat)
            return
        answered = self.last_answer
        self.trick.append((seat, combo))
        self.top, self.top_seat, self.passes = combo, seat, 0
        self.trick_cards |= cards
        self.turn = next_in(hands, seat)
        if not hands[seat]:
            self._went_out(seat, combo)
            if self._round_over():          # only a player going out can end it
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
        self.passes += 1
        if self.wish_answer:
            self.wish, self.wish_answer = 0, False
        if self.last_answer:
            self._end_round()
            return
        hands = self.hands
        # Everyone still holding cards, but the trick's top player, has passed.
        if self.passes >= len(hands) - len(self.out) - (hands[self.top_seat] != 0):
            self._win_trick()
        else:
            self.turn = next_in(hands, seat)

    def name_wish(self, rank: int) -> None:
        """The Mah Jong's player names a rank 2..14, or 0 for none."""
        self.phase, self.decider = _PLAY, -1
        self.wish, self.wish_answer = rank, self.duel and rank != 0

    def give_dragon(self, to: int) -> None:
        """The Dragon's winner gives the trick to ``to``, an opponent."""
        winner = self.decider
        self.phase, self.decider = _PLAY, -1
        self._clear_trick(winner, to)
        if self._round_over():
            self._end_round()

    # --- as in play.py -----------------------------------------------------------

    def _play_dog(self, seat: int) -> None:
        seats = len(self.hands)
        partner = (seat + seats // 2) % seats
        self.set_aside |= DOG_BIT
        self.turn = partner if self.hands[partner] else next_in(self.hands, partner)
        if not self.hands[seat]:
            self._went_out(seat, None)
        if self._round_over():
            self._end_round()

    def _went_out(self, seat: int, last_card: Combo | None) -> None:
        self.out.append(seat)
        if self.duel:
            dragon = len(self.out) == 1 and last_card is not None and last_card.cards == DRAGON_BIT
            self.last_answer = True
            self.dragon_out = self.dragon_out or dragon

    def _round_over(self) -> bool:
        return not self.duel and (self._double_victory() or len(self.out) >= 3)

    def _double_victory(self) -> bool:
        out = self.out
        return len(out) == 2 and out[0] % 2 == out[1] % 2

    def _win_trick(self) -> None:
        winner = self.top_seat
        dragon = self.top.cards == DRAGON_BIT
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
            dragon = self.top.cards == DRAGON_BIT
            if dragon and not self.duel and not self._double_victory():
                self.phase, self.decider, self.turn = _DRAGON, winner, -1
                return
            taker = winner
            if dragon and self.duel and not (self.dragon_out and self.out[0] == winner):
                taker = 1 - winner
            self._clear_trick(winner, taker)
        ended = finish_round(self.to_round(), [])[0]
        self.phase, self.turn, self.decider, self.result = _OVER, -1, -1, ended.result

