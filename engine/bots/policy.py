"""The heuristic's play: which combination to lead or follow with, when to bomb,
the wish and the Dragon gift. Pure functions of a `Situation`.

Every legal play gets a score; passing scores 0. The core of a score is how
much the play lowers the cost of the hand (see hand_split.py): leading the weakest
combination of the split, following with a combination the split would play
anyway. The rest is the table: going out, cashing sure winners before the last
combination, not leading what an opponent about to go out can match, leaving a
partner's trick alone, taking tricks from an opponent who threatens to go out
or called, and bombing only with a purpose.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..cards import DRAGON_BIT, PHOENIX_BIT, RANK_MASK
from ..combos import Combo, Kind
from ..enumeration import rank_counts
from .call_tactics import bomb_bonus, follow_bonuses, lead_bonus, overtakes_partner, supporting
from .hand_split import Part, cost, part_cost, split
from .situation import Situation
from .sure_winners import PHOENIX_PART, sure_part
from .sure_winners import sure as is_sure

Scored = tuple[float, Combo | None]     # a play decision's score, and the play (None: pass)

GO_OUT = 100.0
FOLLOW_BAR = 0.5     # a follow must lower the hand's cost by this much to be worth it


def part_of(combo: Combo) -> Part:
    """The split's name for a combination."""
    kind, length, height, cards, phoenix_as = combo
    if cards == PHOENIX_BIT and kind == Kind.SINGLE:
        return _PHOENIX_PART
    return (int(kind), length, int(height), phoenix_as)


_PHOENIX_PART = PHOENIX_PART


def play_scores(t: Situation, plays: Sequence[Combo], can_pass: bool) -> list[Scored]:
    """Every legal play (and the pass, as None) with its score, best first."""
    if not plays:
        return [(0.0, None)]
    if t.top is None:
        scored = _lead_scores(t, plays)
    else:
        scored = _follow_scores(t, plays)
        if can_pass:
            scored.append((0.0, None))
    scored.sort(key=lambda s: -s[0])
    return scored


def choose_play(t: Situation, plays: Sequence[Combo], can_pass: bool) -> Combo | None:
    """The first of the best scores `play_scores` would list, without sorting them all (the
    search bot's rollouts choose at every move); None: pass."""
    if not plays:
        return None
    scored = _lead_scores(t, plays) if t.top is None else _follow_scores(t, plays)
    best_score, best = scored[0]
    for score, combo in scored:
        if score > best_score:
            best_score, best = score, combo
    return None if t.top is not None and can_pass and best_score < 0.0 else best


def _going_out(t: Situation) -> float:
    """Score of playing one's last card: negative if it sinks the partner's Tichu."""
    partner = t.partner
    if partner >= 0 and t.called(partner) and t.counts[partner] and not t.out:
        return -2.0
    return GO_OUT


# --- leading ----------------------------------------------------------------


def _lead_scores(t: Situation, plays: Sequence[Combo]) -> list[Scored]:
    hand, unseen = t.hand, t.unseen
    whole = split(hand)
    parts = set(whole.parts)
    named = [(part_of(p), p) for p in plays]
    candidates = [(part, p) for part, p in named if part in parts] or named
    supports = t.follows_calls and supporting(t)
    if supports and all(c.cards == hand for _, c in candidates):    # do not go out first
        candidates = [(part, p) for part, p in named if p.cards != hand] or candidates
    losers = _Losers(whole.parts, unseen)
    base = whole.cost
    first_risk = _caller_first_risk_open(t)
    out: list[Scored] = []
    for part, combo in candidates:
        rest = hand & ~combo.cards
        if not rest:
            out.append((_going_out(t), combo))
            continue
        gain = part_cost(part) if part in parts else base - cost(rest)
        score = gain + 0.03 * combo.length - 0.002 * combo.height
        sure = is_sure(combo[0], combo[1], combo[2], unseen)
        if sure and losers.count() <= 1:
            score += 1.5                         # cash the winners, exit with the last one
        if combo.kind == Kind.BOMB and losers.count() > 1:
            score -= 1.0
        score -= _exit_risk(t, combo, sure) + (_down_to_one(rest) if first_risk else 0.0)
        if combo.kind == Kind.DOG:
            score += _dog_bonus(t)
        if t.follows_calls:
            score += lead_bonus(supports, combo)
        out.append((score, combo))
    return out


class _Losers:
    """How many parts of the split an unseen combination could beat, counted only when a
    score needs it (most do not)."""

    def __init__(self, parts: tuple[Part, ...], unseen: int) -> None:
        self.parts, self.unseen, self.found = parts, unseen, -1

    def count(self) -> int:
        if self.found < 0:
            unseen = self.unseen
            self.found = sum(1 for part in self.parts if not sure_part(part, unseen))
        return self.found


def _exit_risk(t: Situation, combo: Combo, sure: bool) -> float:
    """Leading what an opponent can go out on, or a partner can."""
    if sure or combo.kind == Kind.DOG:
        return 0.0
    risk = 0.0
    for seat in t.opponents():
        n = t.counts[seat]
        if n == combo.length:
            risk += 1.2
        elif n and combo.kind == Kind.SINGLE and n <= 3:
            risk += 0.2
    partner = t.partner
    if partner >= 0 and t.counts[partner] == combo.length and combo.height < 10:
        risk -= 0.4
    return risk


def _needs_lead(t: Situation) -> bool:
    """A Tichu caller takes the lead even from his partner."""
    return t.called(t.seat) and not t.out


def _caller_first_risk_open(t: Situation) -> bool:
    """Whether the partner called and is still in: going down to one combination could
    then take us out first at the next lead and sink his call (see `_down_to_one`)."""
    partner = t.partner
    return partner >= 0 and t.called(partner) and bool(t.counts[partner]) and not t.out


def _down_to_one(rest: int) -> float:
    return 0.8 if len(split(rest).parts) <= 1 else 0.0


def _dog_bonus(t: Situation) -> float:
    partner = t.partner
    if partner < 0:
        return 0.0
    if not t.counts[partner]:
        return -1.0                              # the lead would go to an opponent
    if t.called(partner):
        return 2.0
    if t.counts[partner] <= 3:
        return 0.8
    return 0.0


# --- following --------------------------------------------------------------


def _follow_scores(t: Situation, plays: Sequence[Combo]) -> list[Scored]:
    hand, unseen = t.hand, t.unseen
    whole = split(hand)
    base = whole.cost
    parts = whole.parts
    holder = t.top_seat
    partner_holds = t.is_partner(holder)
    pressure = 0.0 if partner_holds else _pressure(t, holder)
    losers = _Losers(parts, t.unseen)
    needs_lead = _needs_lead(t)
    first_risk = _caller_first_risk_open(t)
    follows = t.follows_calls
    # What the calls add depends on the play only through whether it is the Dragon.
    bonus = follow_bonuses(t) if follows else None
    out: list[Scored] = []
    for combo in plays:
        rest = hand & ~combo.cards
        if not rest:
            score = _going_out(t)
        elif combo.kind == Kind.BOMB:
            score = bomb_score(t, combo, rest, base)
        elif partner_holds and not needs_lead:
            dump = _may_overtake(t, combo) and _gain(combo, rest, base, parts) >= 0.9
            score = 0.05 if dump else -1.0
        else:
            gain = _gain(combo, rest, base, parts)
            sure = is_sure(combo[0], combo[1], combo[2], unseen)
            tempo = 0.25 if sure else 0.0
            score = gain - FOLLOW_BAR + tempo + pressure - 0.002 * combo.height
            score -= _down_to_one(rest) if first_risk else 0.0
            if bonus is not None:
                score += (overtakes_partner(t, sure, losers.count) if partner_holds
                          else bonus[combo.cards == DRAGON_BIT])
        out.append((score, combo))
    return out


def _gain(combo: Combo, rest: int, base: float, parts: Collection[Part]) -> float:
    """How much a play lowers the hand's cost: a combination of the best split lowers it
    by its own cost; anything else needs the rest split again."""
    part = part_of(combo)
    if part in parts:
        return part_cost(part)
    return base - cost(rest)


def _pressure(t: Situation, holder: int) -> float:
    """How much taking this trick from the opponent ``holder`` is worth."""
    value = t.trick_points / 40
    left = t.counts[holder]
    if 0 < left <= 2:
        value += 1.0
    elif 0 < left <= 4:
        value += 0.3
    if t.called(holder) and left:
        value += 0.4
    if t.called(t.seat):
        value += 0.3
    partner = t.partner
    if partner >= 0 and t.called(partner) and t.counts[partner]:
        value += 0.3
    if _double_victory_threat(t, holder):
        value += 1.0
    return value


def _double_victory_threat(t: Situation, holder: int) -> bool:
    return (not t.duel and len(t.out) == 1 and t.out[0] % 2 != t.seat % 2
            and holder % 2 != t.seat % 2 and t.counts[holder] > 0)


def _may_overtake(t: Situation, combo: Combo) -> bool:
    """Only with a low single or pair on a low lead of a partner far from going out
    (and then only as a pure dump: see the caller)."""
    partner = t.partner
    return (t.counts[partner] >= 6 and not t.called(partner) and t.top is not None
            and t.top.height < 9
            and combo.kind in (Kind.SINGLE, Kind.PAIR) and combo.height < 9)


def bomb_score(t: Situation, bomb: Combo, rest: int, base: float) -> float:
    """A bomb is worth its purpose: stop an exit, a double victory or a caller, take a rich
    trick, or clear the way out; never on a partner's trick."""
    holder = t.top_seat
    if t.top is None:
        return -5.0
    if t.is_partner(holder) or holder == t.seat:
        return -5.0
    left = t.counts[holder]
    purpose = 0.0
    if 0 < left <= 2:
        purpose += 2.0
    if t.called(holder) and left:
        purpose += 0.8
    if _double_victory_threat(t, holder):
        purpose += 2.0
    if t.trick_points >= 20:
        purpose += t.trick_points / 30
    if len(split(rest).parts) <= 1:
        purpose += 2.0
    if t.follows_calls:
        purpose += bomb_bonus(t)
    return purpose + (base - cost(rest)) - 1.2


def out_of_turn_bomb(t: Situation, plays: Sequence[Combo]) -> Combo | None:
    """A bomb worth playing now, out of turn (plays are then bombs only)."""
    best, best_score = None, 0.0
    base = cost(t.hand)
    for bomb in plays:
        rest = t.hand & ~bomb.cards
        score = _going_out(t) if not rest else bomb_score(t, bomb, rest, base)
        if score > best_score:
            best, best_score = bomb, score
    return best


# --- wish and Dragon ------------------------------------------------------------


def wish_rank(t: Situation, known_opponent: int = 0) -> int:
    """A rank we do not hold, high and likely with the opponents (0: no wish)."""
    unseen_counts = rank_counts(t.unseen)
    best, best_score = 0, 0.0
    for rank in range(2, 15):
        if t.hand & RANK_MASK[rank] or not unseen_counts[rank]:
            continue
        score = rank / 14 + 0.1 * unseen_counts[rank]
        if known_opponent & RANK_MASK[rank]:
            score += 1.0
        if score > best_score:
            best, best_score = rank, score
    return best


def dragon_to(t: Situation, choices: tuple[int, ...]) -> int:
    """The opponent likely to finish last: the one with more cards, preferring a non-caller."""
    return max(choices, key=lambda s: (t.counts[s], not t.called(s), s == (t.seat + 3) % 4))

