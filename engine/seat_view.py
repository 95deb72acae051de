"""What one seat may know: the only thing about a game that leaves the host.

A `SeatView` holds the seat's own hand and cards it legitimately saw (what it
gave and received in the exchange, its discards, the draft cards turned face
up), and the public table: card counts, the trick, calls, the wish, scores.
`options_for_view` answers "what may I do now" from the view alone, exactly as
the host answers it from the whole state.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any

from .cards import card_text, cards_from_texts, cards_to_texts, parse_card, points
from .checks import choose_reading
from .codec import ComboDict, PlainDict, combo_from_dict, combo_to_dict
from .combos import Combo
from .call_windows import grand_open, tichu_window_open
from .deal import draft_card
from .errors import IllegalPlay, NotationError, Reason
from .game import GameState
from .seat_options import Options, SeatFacts, compute_options
from .rules import RuleSet
from .state import Call, DraftStep, Phase, RoundResult, TrickEntry

SPECTATOR = -1


@dataclass(frozen=True)
class SeatView:
    rules: RuleSet
    seat: int                               # -1 for a spectator
    round_no: int
    dealer: int
    phase: Phase
    hand: int                               # own cards (0 for a spectator)
    hand_counts: tuple[int, ...]
    calls: tuple[Call, ...]
    grand_decided: tuple[bool, ...]         # classic
    exchange_given: tuple[bool, ...]        # classic: who has chosen their exchange cards
    my_exchange: tuple[int, ...] | None     # classic: own gifts to seat+1, +2, +3
    received: tuple[int, ...] | None        # classic: own cards from seat+1, +2, +3
    discarded: tuple[bool, ...]             # duel
    my_discard: int                         # duel: own discards
    drafter: int                            # duel
    draft: tuple[DraftStep, ...]            # duel: table cards turned so far, and their fate
    draft_card: int                         # duel: the turned card awaiting a choice, or -1
    turn: int
    decider: int
    trick: tuple[TrickEntry, ...]
    top: Combo | None
    top_seat: int
    trick_points: int
    played_cards: int                       # every card played this round, in any trick
    won_points: tuple[int, ...]
    won_counts: tuple[int, ...]
    out: tuple[int, ...]
    wish: int
    wish_answer: bool
    last_answer: bool
    tichu_open: bool                        # own: may call Tichu now
    grand_open: bool                        # own: may decide on / call Grand Tichu now
    last_trick: tuple[TrickEntry, ...]
    last_trick_winner: int
    scores: tuple[int, int]
    history: tuple[RoundResult, ...]
    winner: int

    @property
    def spectator(self) -> bool:
        return self.seat == SPECTATOR

    @property
    def seats(self) -> int:
        return self.rules.seats


def view(game: GameState, seat: int) -> SeatView:
    """The view of ``seat``, or the spectator view for seat -1 (no hand at all)."""
    state = game.round
    rules = game.rules
    n = rules.seats
    own = 0 <= seat < n
    classic = not rules.duel
    drafting = state.phase is Phase.DRAFT
    return SeatView(
        rules=rules, seat=seat if own else SPECTATOR, round_no=game.round_no,
        dealer=game.dealer, phase=state.phase,
        hand=state.hands[seat] if own else 0,
        hand_counts=tuple(h.bit_count() for h in state.hands),
        calls=state.calls,
        grand_decided=state.grand_decided,
        exchange_given=tuple(g is not None for g in state.exchange) if classic else (),
        my_exchange=state.exchange[seat] if own and classic else None,
        received=state.received[seat] if own and classic else None,
        discarded=tuple(bool(d) for d in state.discards) if not classic else (),
        my_discard=state.discards[seat] if own and not classic else 0,
        drafter=state.drafter, draft=state.draft,
        draft_card=draft_card(state) if drafting else -1,
        turn=state.turn, decider=state.decider, trick=state.trick, top=state.top,
        top_seat=state.top_seat, trick_points=points(state.trick_cards),
        played_cards=state.played_cards,
        won_points=tuple(points(w) for w in state.won),
        won_counts=tuple(w.bit_count() for w in state.won),
        out=state.out, wish=state.wish, wish_answer=state.wish_answer,
        last_answer=state.last_answer,
        tichu_open=own and tichu_window_open(state, seat),
        grand_open=own and grand_open(state, seat),
        last_trick=state.last_trick, last_trick_winner=state.last_trick_winner,
        scores=game.scores, history=game.history, winner=game.winner)


def spectator_view(game: GameState) -> SeatView:
    return view(game, SPECTATOR)


def awaited(public: SeatView) -> tuple[int, ...]:
    """The seats the game waits for at this step (a spectator's view tells them as well as a
    seat's: who is awaited is public)."""
    if public.winner >= 0:
        return ()
    if public.phase is Phase.PLAY:
        return (public.turn,)
    if public.phase in (Phase.WISH, Phase.DRAGON):
        return (public.decider,)
    if public.phase is Phase.DRAFT:
        return (public.drafter,)
    if public.phase is Phase.GRAND:
        return tuple(s for s, done in enumerate(public.grand_decided) if not done)
    if public.phase is Phase.EXCHANGE:
        return tuple(s for s, given in enumerate(public.exchange_given) if not given)
    if public.phase is Phase.DISCARD:
        return tuple(s for s, done in enumerate(public.discarded) if not done)
    return ()


def facts_of_view(v: SeatView) -> SeatFacts:
    """The facts about the view's seat, as the host would find them in the whole state."""
    return SeatFacts(
        rules=v.rules, seat=v.seat, phase=v.phase, hand=v.hand, calls=v.calls, turn=v.turn,
        decider=v.decider,
        top=v.top, wish=v.wish, wish_answer=v.wish_answer, last_answer=v.last_answer,
        tichu_open=v.tichu_open, grand_open=v.grand_open,
        exchange_given=v.my_exchange is not None, discarded=bool(v.my_discard),
        drafter=v.drafter)


def options_for_view(v: SeatView) -> Options:
    """What the view's seat may do now, from the view alone."""
    if v.spectator or v.winner >= 0:
        return Options()
    return compute_options(facts_of_view(v))


def check_play(v: SeatView, cards: int, phoenix_as: int = 0) -> Combo:
    """The combination ``cards`` would be if played now, exactly as the host will judge it;
    raises IllegalPlay (or WrongPhase) with the reason in words."""
    if v.spectator:
        raise IllegalPlay(Reason("spectator", "spectators do not play"))
    return choose_reading(facts_of_view(v), cards, phoenix_as)


# --- dict form --------------------------------------------------------------------

_CARD_MASKS = {"hand", "my_discard", "played_cards"}
_CARD_TUPLES = {"my_exchange", "received"}
_TRICKS = {"trick", "last_trick"}


def _trick_to(entries: Iterable[TrickEntry]) -> list[list[int | ComboDict | None]]:
    return [[e.seat, combo_to_dict(e.combo) if e.combo else None] for e in entries]


def _trick_from(data: object) -> tuple[TrickEntry, ...]:
    if not isinstance(data, (list, tuple)):
        raise TypeError("a trick is a list of [seat, combination]")
    return tuple(TrickEntry(int(s), combo_from_dict(c) if c else None) for s, c in data)


def _result_to(r: RoundResult) -> PlainDict:
    return {"out_order": list(r.out_order), "calls": [c.value for c in r.calls],
            "card_points": list(r.card_points), "call_points": list(r.call_points),
            "double_victory": r.double_victory}


def _result_from(d: object) -> RoundResult:
    if not isinstance(d, dict):
        raise TypeError("a round's result is a map")
    return RoundResult(tuple(d["out_order"]), tuple(Call(c) for c in d["calls"]),
                       tuple(d["card_points"]), tuple(d["call_points"]), d["double_victory"])


def view_to_dict(v: SeatView) -> PlainDict:
    """msgpack-friendly form of a view (cards in notation)."""
    out: PlainDict = {}
    for f in fields(v):
        value = getattr(v, f.name)
        if f.name == "rules":
            value = value.to_dict()
        elif f.name in _CARD_MASKS:
            value = cards_to_texts(value)
        elif f.name in _CARD_TUPLES:
            value = None if value is None else [card_text(c) for c in value]
        elif f.name in _TRICKS:
            value = _trick_to(value)
        elif f.name == "top":
            value = combo_to_dict(value) if value else None
        elif f.name == "draft":
            value = [[card_text(s.card), s.taken] for s in value]
        elif f.name == "draft_card":
            value = card_text(value) if value >= 0 else None
        elif f.name == "phase":
            value = value.value
        elif f.name == "calls":
            value = [c.value for c in value]
        elif f.name == "history":
            value = [_result_to(r) for r in value]
        elif isinstance(value, tuple):
            value = list(value)
        out[f.name] = value
    return out


def view_from_dict(data: dict[str, Any]) -> SeatView:
    """The view a dict from `view_to_dict` describes (raises NotationError if malformed)."""
    try:
        kw: dict[str, Any] = {}
        for f in fields(SeatView):
            value = data[f.name]
            if f.name == "rules":
                value = RuleSet.from_dict(value)
            elif f.name in _CARD_MASKS:
                value = cards_from_texts(value)
            elif f.name in _CARD_TUPLES:
                value = None if value is None else tuple(int(parse_card(c)) for c in value)
            elif f.name in _TRICKS:
                value = _trick_from(value)
            elif f.name == "top":
                value = combo_from_dict(value) if value else None
            elif f.name == "draft":
                value = tuple(DraftStep(int(parse_card(c)), bool(t)) for c, t in value)
            elif f.name == "draft_card":
                value = -1 if value is None else int(parse_card(value))
            elif f.name == "phase":
                value = Phase(value)
            elif f.name == "calls":
                value = tuple(Call(c) for c in value)
            elif f.name == "history":
                value = tuple(_result_from(r) for r in value)
            elif isinstance(value, list):
                value = tuple(value)
            kw[f.name] = value
        return SeatView(**kw)
    except (KeyError, TypeError, ValueError) as exc:
        raise NotationError(f"not a seat view: {exc}") from None
