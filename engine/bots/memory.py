"""What a seat remembers during a round: every card it saw played, who played it,
and what the wish showed about the others' hands.

A `SeatView` shows the trick on the table, the last one and the set of cards
played this round; who played which card, and what the wish showed, a person at
the table remembers, and so does a bot. `Memory.observe` is fed every view
the bot gets (the host sends one after every change); it never sees more.
"""

from __future__ import annotations

from ..cards import DOG_BIT, FULL_DECK, RANK_MASK, mask_of
from ..combos import Combo, Kind
from ..state import Phase, TrickEntry
from ..seat_view import SeatView

_SET_UP = (Phase.GRAND, Phase.EXCHANGE, Phase.DISCARD, Phase.DRAFT)


class Memory:
    def __init__(self) -> None:
        self.round_no = -1
        self._reset(-1, 4)

    def _reset(self, round_no: int, seats: int) -> None:
        self.round_no = round_no
        self.played = [0] * seats          # cards each seat has played this round
        self.void = [0] * seats            # per seat: ranks (as card masks) it cannot hold
        self._trick: tuple[TrickEntry, ...] = ()
        self._wish = 0
        self._wish_answer = False

    def observe(self, v: SeatView) -> None:
        """Take in a view; call it with every view, in order."""
        if v.round_no != self.round_no or len(self.played) != v.seats:
            self._reset(v.round_no, v.seats)
        if v.phase in _SET_UP:
            return
        trick, prev = v.trick, self._trick
        if trick[:len(prev)] == prev:
            segments = [(prev, trick[len(prev):])]
        elif v.last_trick[:len(prev)] == prev:
            segments = [(prev, v.last_trick[len(prev):]), ((), trick)]
        else:                                   # a view was missed: take what is shown
            segments = [((), v.last_trick), ((), trick)]
        for before, entries in segments:
            top = next((e.combo for e in reversed(before) if e.combo is not None), None)
            for entry in entries:
                self._learn_from_wish(v, entry, top)
                if entry.combo is not None:
                    self.played[entry.seat] |= entry.combo.cards
                    top = entry.combo
        self._trick = trick
        self._wish, self._wish_answer = v.wish, v.wish_answer

    def _learn_from_wish(self, v: SeatView, entry: TrickEntry, top: Combo | None) -> None:
        """A seat that could have fulfilled the open wish and did not holds no such card."""
        wish = self._wish
        if not wish:
            return
        combo = entry.combo
        wanted = RANK_MASK[wish]
        if combo is not None and combo.cards & wanted:
            self._wish = 0
            return
        if entry.seat == v.seat or combo is not None and combo.kind == Kind.BOMB:
            return
        if v.rules.duel:
            shows = self._wish_answer
            self._wish_answer = False
        else:
            shows = top is None or (top.kind == Kind.SINGLE and top.height < wish)
        if shows:
            self.void[entry.seat] |= wanted

    def copy(self) -> Memory:
        """A twin that observes on without changing this one (the coach's)."""
        twin = Memory()
        twin.round_no, twin.played, twin.void = self.round_no, self.played[:], self.void[:]
        twin._trick, twin._wish, twin._wish_answer = self._trick, self._wish, self._wish_answer
        return twin

    # --- what follows from it -------------------------------------------------

    def seen(self, v: SeatView) -> int:
        """Every card this seat has seen leave a hand this round, and its own cards."""
        played = 0
        for cards in self.played:
            played |= cards
        for entry in v.trick:
            if entry.combo is not None:
                played |= entry.combo.cards
        if dog_played(v):
            played |= DOG_BIT
        return played | v.played_cards | v.hand | v.my_discard

    def known(self, v: SeatView) -> list[int]:
        """Per seat, cards this seat knows another holds: its exchange gifts, and in a
        duel the table cards the opponent got in the draft."""
        known = [0] * v.seats
        gone = self.seen(v)
        if v.my_exchange:
            for step, card in enumerate(v.my_exchange, start=1):
                known[(v.seat + step) % 4] |= (1 << card) & ~gone
        if v.rules.duel and v.draft:
            theirs = mask_of(s.card for s in v.draft if s.taken != (v.drafter == v.seat))
            known[1 - v.seat] |= theirs & ~gone
        return known

    def unseen(self, v: SeatView) -> int:
        """Cards that may be in other hands (in a duel, also among the cards out of play)."""
        return FULL_DECK & ~self.seen(v)


def dog_played(v: SeatView) -> bool:
    """The Dog leaves no trace in tricks; the card count shows it has gone."""
    if v.phase in _SET_UP:
        return False
    in_play = 28 if v.rules.duel else 56
    on_table = sum(e.combo.length for e in v.trick if e.combo is not None)
    return sum(v.hand_counts) + sum(v.won_counts) + on_table < in_play
