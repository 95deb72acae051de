"""What a hand can play: every combination, up to suit, and the plays allowed now.

Plays that differ only by suit appear once (the lowest suits are taken), except
straight flushes, whose suit is what makes them bombs. Plays that differ in
whether the Phoenix stands in for a card the hand also holds are different plays
and all appear: ``7 7`` and ``7 PH`` are both pairs of 7s.

Everything here is a pure function of ints, cached per hand: a hand is asked
again and again during a round and during the bots' simulations. The four cards
of a rank form one 4-bit "nibble" of the hand mask (see cards.py), so per-rank
facts come from small tables indexed by nibble.
"""

from __future__ import annotations

from functools import lru_cache

from .cards import (DOG_BIT, DRAGON_BIT, MAHJONG_BIT, PHOENIX_BIT, RANK_MASK, SPECIALS_MASK,
                    SUIT_MASK)
from .combos import DRAGON_HEIGHT, PHOENIX_LEAD_HEIGHT, Combo, Kind
from .rules import RuleSet

_CACHE = 1 << 12
_RANKS = range(2, 15)
_SHIFT = [0, 0] + [4 * r - 6 for r in _RANKS]


def _lowest(nibble: int, n: int) -> int:
    """The n lowest set bits of a nibble (n <= its popcount)."""
    out = 0
    for _ in range(n):
        low = nibble & -nibble
        out |= low
        nibble ^= low
    return out


_COUNT = [bin(n).count("1") for n in range(16)]
# _LOW[n][nibble]: the n lowest-suit cards of a rank; _NTH[n][nibble]: the n-th lowest alone.
_LOW = [[_lowest(nib, n) if n <= _COUNT[nib] else 0 for nib in range(16)] for n in range(5)]
_NTH = [[_LOW[n][nib] ^ _LOW[n - 1][nib] if n else 0 for nib in range(16)] for n in range(5)]

_MAHJONG_SINGLE = Combo(Kind.SINGLE, 1, 1, MAHJONG_BIT)
_PHOENIX_SINGLE = Combo(Kind.SINGLE, 1, PHOENIX_LEAD_HEIGHT, PHOENIX_BIT)
_DRAGON_SINGLE = Combo(Kind.SINGLE, 1, DRAGON_HEIGHT, DRAGON_BIT)
_DOG = Combo(Kind.DOG, 1, 0, DOG_BIT)
_DUEL_ONES = Combo(Kind.PAIR, 2, 1, MAHJONG_BIT | PHOENIX_BIT, 1)
_SET_KINDS = {1: Kind.SINGLE, 2: Kind.PAIR, 3: Kind.TRIPLE}


def _set_table(size: int, phoenix: bool) -> list[list[Combo | None]]:
    """[rank][nibble] -> the single, pair or triple of that rank (with the Phoenix in it)."""
    table: list[list[Combo | None]] = [[None] * 16 for _ in range(15)]
    for rank in _RANKS:
        for nib in range(1, 16):
            real = size - 1 if phoenix else size
            if _COUNT[nib] >= real and (real or _COUNT[nib]):
                cards = _LOW[real][nib] << _SHIFT[rank]
                if phoenix:
                    table[rank][nib] = Combo(_SET_KINDS[size], size, rank, cards | PHOENIX_BIT, rank)
                else:
                    table[rank][nib] = Combo(_SET_KINDS[size], size, rank, cards)
    return table


_NATURAL = {size: _set_table(size, False) for size in (1, 2, 3)}
_WITH_PHOENIX = {size: _set_table(size, True) for size in (2, 3)}


@lru_cache(maxsize=_CACHE)
def _nibbles(hand: int) -> tuple[int, ...]:
    """The hand's nibble per rank, index 0..14 (index 1: 1 if it holds the Mah Jong)."""
    return (0, (hand >> 1) & 1) + tuple((hand >> _SHIFT[r]) & 15 for r in _RANKS)


@lru_cache(maxsize=_CACHE)
def rank_counts(hand: int) -> tuple[int, ...]:
    """How many cards of each rank 0..14 a set holds (index 1: the Mah Jong)."""
    return tuple(_COUNT[nib] for nib in _nibbles(hand))


def _singles(hand: int, duel: bool) -> list[Combo]:
    nibs = _nibbles(hand)
    out = [_MAHJONG_SINGLE] if nibs[1] else []
    table = _NATURAL[1]
    out += [c for r in _RANKS if (c := table[r][nibs[r]]) is not None]
    if hand & PHOENIX_BIT:
        out.append(_PHOENIX_SINGLE)
    if hand & DRAGON_BIT:
        out.append(_DRAGON_SINGLE)
    return out


def _sets(size: int):
    natural, with_phoenix = _NATURAL[size], _WITH_PHOENIX[size]

    def generate(hand: int, duel: bool) -> list[Combo]:
        nibs = _nibbles(hand)
        out = [c for r in _RANKS if (c := natural[r][nibs[r]]) is not None]
        if hand & PHOENIX_BIT:
            if duel and size == 2 and nibs[1]:
                out.append(_DUEL_ONES)
            out += [c for r in _RANKS if (c := with_phoenix[r][nibs[r]]) is not None]
        return out
    return generate


def _full_houses(hand: int, duel: bool) -> list[Combo]:
    nibs = _nibbles(hand)
    trip_nat, trip_ph = _NATURAL[3], _WITH_PHOENIX[3]
    pair_nat, pair_ph = _NATURAL[2], _WITH_PHOENIX[2]
    phoenix = hand & PHOENIX_BIT
    triples = [(r, trip_nat[r][nibs[r]], trip_ph[r][nibs[r]] if phoenix else None) for r in _RANKS]
    pairs = [(r, pair_nat[r][nibs[r]], pair_ph[r][nibs[r]] if phoenix else None) for r in _RANKS]
    out = []
    for t, t_nat, t_ph in triples:
        if not (t_nat or t_ph):
            continue
        for p, p_nat, p_ph in pairs:
            if p == t or not p_nat and not (p_ph and t_nat):
                continue
            if t_nat and p_nat:
                out.append(Combo(Kind.FULL_HOUSE, 5, t, t_nat.cards | p_nat.cards))
            if t_ph and p_nat:
                out.append(Combo(Kind.FULL_HOUSE, 5, t, t_ph.cards | p_nat.cards, t))
            if t_nat and p_ph:
                out.append(Combo(Kind.FULL_HOUSE, 5, t, t_nat.cards | p_ph.cards, p))
    return out


def _runs(hand: int, width: int, kind: Kind, lowest: int, min_ranks: int) -> list[Combo]:
    """Stairs (width 2) or straights (width 1): each run of ranks the hand can fill, with
    the Phoenix standing in for at most one card."""
    nibs = _nibbles(hand)
    phoenix = bool(hand & PHOENIX_BIT)
    low_table, nth_table = _LOW[width], _NTH[width]
    out: list[Combo] = []
    for low in range(lowest, 16 - min_ranks):
        cards = 0            # the natural cards of the run so far
        gap = 0              # the one rank the Phoenix must fill, if any
        for high in range(low, 15):
            if high == 1:
                if not nibs[1]:
                    break
                cards |= MAHJONG_BIT
            else:
                nib = nibs[high]
                have = _COUNT[nib]
                if have >= width:
                    cards |= low_table[nib] << _SHIFT[high]
                elif have == width - 1 and phoenix and not gap:
                    gap = high
                    cards |= _LOW[have][nib] << _SHIFT[high]
                else:
                    break
            ranks = high - low + 1
            if ranks < min_ranks:
                continue
            length = width * ranks
            if gap:
                out.append(Combo(kind, length, high, cards | PHOENIX_BIT, gap))
                continue
            plain = cards if width == 2 else _unflushed(cards, nibs, low, high)
            if plain:
                out.append(Combo(kind, length, high, plain))
            if phoenix:
                for rank in range(max(low, 2), high + 1):
                    dropped = nth_table[nibs[rank]] << _SHIFT[rank]
                    out.append(Combo(kind, length, high, (cards ^ dropped) | PHOENIX_BIT, rank))
    return out


def _unflushed(cards: int, nibs, low: int, high: int) -> int:
    """The straight in at least two suits, or 0 if the hand can only make it a bomb."""
    if cards & MAHJONG_BIT or not any(cards & m == cards for m in SUIT_MASK):
        return cards
    for rank in range(low, high + 1):
        nib = nibs[rank]
        if _COUNT[nib] >= 2:
            shift = _SHIFT[rank]
            return cards ^ (_NTH[1][nib] << shift) ^ (_NTH[2][nib] << shift)
    return 0


def _stairs(hand: int, duel: bool) -> list[Combo]:
    return _runs(hand, 2, Kind.STAIRS, 2, 2)


def _straights(hand: int, duel: bool) -> list[Combo]:
    return _runs(hand, 1, Kind.STRAIGHT, 1, 5)


def _bombs(hand: int, duel: bool) -> list[Combo]:
    out = [Combo(Kind.BOMB, 4, r, RANK_MASK[r]) for r in _RANKS
           if hand & RANK_MASK[r] == RANK_MASK[r]]
    for suit_mask in SUIT_MASK:
        suited = hand & suit_mask
        if suited.bit_count() < 5:
            continue
        for low in range(2, 11):
            cards = 0
            for high in range(low, 15):
                bit = suited & RANK_MASK[high]
                if not bit:
                    break
                cards |= bit
                if high - low >= 4:
                    out.append(Combo(Kind.BOMB, high - low + 1, high, cards))
    out.sort(key=lambda c: (c.length, c.height))
    return out


def _dog(hand: int, duel: bool) -> list[Combo]:
    return [_DOG] if hand & DOG_BIT else []


_GENERATORS = {
    Kind.DOG: _dog,
    Kind.SINGLE: _singles,
    Kind.PAIR: _sets(2),
    Kind.TRIPLE: _sets(3),
    Kind.STAIRS: _stairs,
    Kind.FULL_HOUSE: _full_houses,
    Kind.STRAIGHT: _straights,
    Kind.BOMB: _bombs,
}


@lru_cache(maxsize=_CACHE)
def plays_of_kind(hand: int, kind: Kind, duel: bool) -> tuple[Combo, ...]:
    """Every combination of one kind in a hand, up to suit (Phoenix singles as led)."""
    return tuple(_GENERATORS[kind](hand, duel))


def all_plays(hand: int, duel: bool) -> tuple[Combo, ...]:
    """Every combination in a hand, up to suit: what it could lead with no wish in force."""
    out: list[Combo] = []
    for kind in Kind:
        out.extend(plays_of_kind(hand, kind, duel))
    return tuple(out)


def bombs(hand: int) -> tuple[Combo, ...]:
    """The bombs in a hand, weakest first."""
    return plays_of_kind(hand, Kind.BOMB, False)


def holds_rank(hand: int, rank: int) -> bool:
    return bool(rank and hand & RANK_MASK[rank])


def legal_plays(rules: RuleSet, hand: int, top: Combo | None, *, my_turn: bool,
                wish: int = 0, wish_answer: bool = False) -> tuple[tuple[Combo, ...], bool]:
    """The combinations a seat may play now, and whether it may pass.

    ``top`` is the combination to beat (None on an empty table), ``my_turn``
    whether the seat has the ordinary turn (out of turn only bombs are possible),
    ``wish`` the wished rank in force for this seat (0 for none). ``wish_answer``
    marks the duel's immediate answer to the Mah Jong, where any combination
    holding the wished rank may be played, whatever lies on the table.
    """
    return _legal_plays(rules.duel, hand, top, my_turn, wish if holds_rank(hand, wish) else 0,
                        wish_answer)


@lru_cache(maxsize=_CACHE)
def _legal_plays(duel: bool, hand: int, top: Combo | None, my_turn: bool, wish: int,
                 wish_answer: bool) -> tuple[tuple[Combo, ...], bool]:
    if top is None:
        if not my_turn:
            return (), False
        plays = all_plays(hand, duel)
        return (_fulfilling(plays, wish, plays) if wish else plays), False
    follow = _beating(duel, hand, top)
    if not my_turn:
        return tuple(c for c in follow if c.kind == Kind.BOMB), False
    if wish_answer:
        if wish:
            return _fulfilling(all_plays(hand, duel), wish, follow), False
        return follow, not follow
    if wish and any(c.cards & RANK_MASK[wish] for c in follow):
        return _fulfilling(follow, wish, follow), False
    return follow, True


def _beating(duel: bool, hand: int, top: Combo) -> tuple[Combo, ...]:
    """Every play of the hand that beats ``top`` (as it would lie on the table), bombs last.

    Equivalent to filtering with `beats`, written out because it is the hot path."""
    kind, length, height = top.kind, top.length, top.height
    if kind == Kind.BOMB:
        return tuple(b for b in bombs(hand) if (b.length, b.height) > (length, height))
    candidates = plays_of_kind(hand, kind, duel)
    if kind == Kind.SINGLE:
        if top.cards == DRAGON_BIT:
            follow = []
        else:
            follow = [Combo(Kind.SINGLE, 1, height + 0.5, PHOENIX_BIT) if c.cards == PHOENIX_BIT
                      else c for c in candidates if c.height > height or c.cards == PHOENIX_BIT]
    elif kind == Kind.STAIRS and duel:
        follow = [c for c in candidates
                  if c.length == length and c.height - length // 2 + 1 > height]
    else:
        follow = [c for c in candidates if c.length == length and c.height > height]
    return tuple(follow) + bombs(hand)


def permits(rules: RuleSet, hand: int, top: Combo | None, combo: Combo, *, my_turn: bool,
            wish: int = 0, wish_answer: bool = False) -> bool:
    """Whether ``combo`` (as it would lie on the table) is among the `legal_plays`, up to suit."""
    plays, _ = legal_plays(rules, hand, top, my_turn=my_turn, wish=wish, wish_answer=wish_answer)
    head = combo[:3]
    key = None
    for play in plays:
        if play[:3] == head:
            key = key or play_key(combo)
            if play_key(play) == key:
                return True
    return False


def play_key(combo: Combo) -> tuple:
    """What makes two plays the same play: everything but the suits (bombs: everything)."""
    if combo.kind == Kind.BOMB:
        return tuple(combo)
    return (combo.kind, combo.length, combo.height, combo.phoenix_as,
            rank_counts(combo.cards), combo.cards & SPECIALS_MASK)


def seat_plays_now(rules: RuleSet, seat: int, hand: int, top: Combo | None, *, turn: int,
                   wish: int, wish_answer: bool, last_answer: bool
                   ) -> tuple[tuple[Combo, ...], bool]:
    """`legal_plays` for a seat during play, from the round's flags: the wish binds only
    on the seat's ordinary turn (in a duel, only the answer to the Mah Jong), and the
    duel's answer to a last card may be a pass even on an empty table."""
    my_turn, in_force, answering = turn_flags(rules, seat, turn, wish, wish_answer)
    plays, can_pass = legal_plays(rules, hand, top, my_turn=my_turn, wish=in_force,
                                  wish_answer=answering)
    if my_turn and last_answer and top is None:
        can_pass = True
    return plays, can_pass


def turn_flags(rules: RuleSet, seat: int, turn: int, wish: int,
               wish_answer: bool) -> tuple[bool, int, bool]:
    """(has the ordinary turn, the wish binding it, answers the duel's Mah Jong now)."""
    my_turn = seat == turn
    answering = wish_answer and my_turn
    return my_turn, (wish if my_turn and (answering or not rules.duel) else 0), answering


def _fulfilling(plays, wish: int, allowed) -> tuple[Combo, ...]:
    """The plays holding a real card of the wished rank, then the other bombs of ``allowed``
    (a bomb is always allowed, wish or not)."""
    wanted = RANK_MASK[wish]
    return (tuple(c for c in plays if c.cards & wanted)
            + tuple(c for c in allowed if c.kind == Kind.BOMB and not c.cards & wanted))


def clear_caches() -> None:
    """Forget every cached hand (for benchmarks that must measure cold enumeration)."""
    for cached in (_nibbles, rank_counts, plays_of_kind, _legal_plays):
        cached.cache_clear()
