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
from .call_tactics import bomb_bonus, follow_bonus, lead_bonus, overtakes_partner, supporting
from .hand_split import Part, cost, memo, part, part_cost, split
from .situation import Situation

Scored = tuple[float, Combo | None]     # a play decision's score, and the play (None: pass)

GO_OUT = 100.0
FOLLOW_BAR = 0.5     # a follow must lower the hand's cost by this much to be worth it


def part_of(combo: Combo) -> Part:
    """The split's name for a combination."""
    if combo.kind == Kind.SINGLE and combo.cards == PHOENIX_BIT:
        return _PHOENIX_PART
    return (int(combo.kind), combo.length, int(combo.height), combo.phoenix_as)


_PHOENIX_PART = part(Kind.SINGLE, 1, 0)


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
    return play_scores(t, plays, can_pass)[0][1]


def _going_out(t: Situation) -> float:
    """Score of playing one's last card: negative if it sinks the partner's Tichu."""
    partner = t.partner
    if partner >= 0 and t.called(partner) and t.counts[partner] and not t.out:
        return -2.0
    return GO_OUT


# --- leading ----------------------------------------------------------------


def _lead_scores(t: Situation, plays: Sequence[Combo]) -> list[Scored]:
    hand = t.hand
    whole = split(hand)
    parts = set(whole.parts)
    candidates = [p for p in plays if part_of(p) in parts] or list(plays)
    if t.follows_calls and supporting(t) and all(c.cards == hand for c in candidates):
        candidates = [p for p in plays if p.cards != hand] or candidates   # do not go out first
    losers = sum(1 for part in whole.parts if not _sure_part(part, t.unseen))
    base = whole.cost
    out: list[Scored] = []
    for combo in candidates:
        rest = hand & ~combo.cards
        if not rest:
            out.append((_going_out(t), combo))
            continue
        score = _gain(combo, rest, base, whole.parts) + 0.03 * combo.length - 0.002 * combo.height
        sure = sure_combo(combo, t.unseen)
        if sure and losers <= 1:
            score += 1.5                         # cash the winners, exit with the last one
        if combo.kind == Kind.BOMB and losers > 1:
            score -= 1.0
        score -= _exit_risk(t, combo, sure) + _caller_first_risk(t, rest)
        if combo.kind == Kind.DOG:
            score += _dog_bonus(t)
        if t.follows_calls:
            score += lead_bonus(t, combo)
        out.append((score, combo))
    return out


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


def _caller_first_risk(t: Situation, rest: int) -> float:
    """Down to one combination while the partner who called is still in: the next lead
    could take us out first and sink his call."""
    partner = t.partner
    if partner < 0 or not t.called(partner) or not t.counts[partner] or t.out:
        return 0.0
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
    hand = t.hand
    whole = split(hand)
    base = whole.cost
    parts = whole.parts
    holder = t.top_seat
    partner_holds = t.is_partner(holder)
    pressure = 0.0 if partner_holds else _pressure(t, holder)
    losers = (sum(1 for part in parts if not _sure_part(part, t.unseen))
              if t.follows_calls else 0)
    out: list[Scored] = []
    for combo in plays:
        rest = hand & ~combo.cards
        if not rest:
            score = _going_out(t)
        elif combo.kind == Kind.BOMB:
            score = bomb_score(t, combo, rest, base)
        elif partner_holds and not _needs_lead(t):
            dump = _may_overtake(t, combo) and _gain(combo, rest, base, parts) >= 0.9
            score = 0.05 if dump else -1.0
        else:
            gain = _gain(combo, rest, base, parts)
            sure = sure_combo(combo, t.unseen)
            tempo = 0.25 if sure else 0.0
            score = gain - FOLLOW_BAR + tempo + pressure - 0.002 * combo.height
            score -= _caller_first_risk(t, rest)
            if t.follows_calls:
                score += (overtakes_partner(t, sure, losers) if partner_holds
                          else follow_bonus(t, combo, losers))
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


# --- sure winners -----------------------------------------------------------


def sure_combo(combo: Combo, unseen: int) -> bool:
    return _sure(int(combo.kind), combo.length, combo.height, unseen)


def _sure_part(part: Part, unseen: int) -> bool:
    if part == _PHOENIX_PART:
        return _sure(Kind.SINGLE, 1, 14.5, unseen)
    return _sure(part[0], part[1], part[2], unseen)


@memo(1 << 16)
def _sure(kind: int, length: int, height: float, unseen: int) -> bool:
    """Whether no combination among the unseen cards can beat this one (bombs aside)."""
    if kind == Kind.BOMB:
        return True
    if kind == Kind.DOG:
        return False
    phoenix = 1 if unseen & PHOENIX_BIT else 0
    counts = rank_counts(unseen)
    h = int(height)
    if kind == Kind.SINGLE:
        if height >= 15:
            return True
        return not (unseen & DRAGON_BIT or phoenix or any(counts[r] for r in range(h + 1, 15)))
    if kind in (Kind.PAIR, Kind.TRIPLE, Kind.FULL_HOUSE):
        need = 2 if kind == Kind.PAIR else 3
        return not any(counts[r] + phoenix >= need for r in range(h + 1, 15))
    width = 2 if kind == Kind.STAIRS else 1
    ranks = length // width
    for top in range(h + 1, 15):
        gaps = sum(1 for r in range(top - ranks + 1, top + 1) if counts[r] < width)
        if gaps <= phoenix and top - ranks + 1 >= 1:
            return False
    return True


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

