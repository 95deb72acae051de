"""Checking a round once it is over: its moves replayed against the cards it was dealt.

When a round ends the host reveals what the round kept hidden: the deck it was dealt from
and every move with its cards (an exchange's, a duel's discards). A seat's program replays
those moves with the engine from that deck and holds each step to what it saw while the
round was played: its own hand as dealt and after every move, and every move's public
events. A play from cards the seat did not hold, a pass that broke the wish, a score the
moves do not give: the engine refuses the move, or its events differ, and the check names
the first such move (`Finding`). Whether the deck itself came from the shared shuffle is
`shared_deal`'s part.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .actions import Action, Deal
from .cards import format_cards
from .codec import reason_to_dict
from .errors import IllegalAction
from .events import CardsDealt, Event, ExchangeDone, RoundEnded, RoundStarted
from .game import GameState, apply, dealt_round
from .rules import RuleSet
from .shared_deal import Finding


@dataclass
class Seen:
    """What one seat saw of round ``round_no`` while it was played: the public events of each
    move, and its own hand after each (by move number, where it saw them)."""

    round_no: int
    seat: int
    events: dict[int, tuple[Event, ...]] = field(default_factory=dict)
    hands: dict[int, int] = field(default_factory=dict)


def round_start(rules: RuleSet, round_no: int, dealer: int, scores: tuple[int, int],
                deck: Sequence[int]) -> GameState:
    """Round ``round_no`` as ``deck`` deals it, after rounds that scored ``scores``; the game
    waits once the round is over (it deals no next round by itself)."""
    state = dealt_round(rules, list(deck), scores, dealer)
    return GameState(rules, 0, round_no, dealer, scores, (), state, shared=True)


def check_moves(start: GameState, first: int, moves: Sequence[Action],
                seen: Seen) -> Finding | None:
    """The first thing wrong with ``moves`` (those after the deal, move ``first``) from
    ``start``, against what ``seen``'s seat saw; None when the round holds throughout."""
    seat = seen.seat
    dealt = seen.hands.get(first)
    if dealt is not None and dealt != start.round.hands[seat]:
        return Finding("hand_not_dealt", f"seat {seat}'s hand is not the one the deck deals it",
                       {"seat": seat, "seq": first})
    game = start
    for seq, action in enumerate(moves, start=first + 1):
        if isinstance(action, Deal) or game.round.result is not None:
            return _illegal(seq, action, "the round is over")
        try:
            game, events = apply(game, action)
        except IllegalAction as exc:
            return _illegal(seq, action, str(exc), reason_to_dict(exc.reason)
                            if exc.reason.code else None)
        finding = _compare(seq, game, events, seen)
        if finding is not None:
            return finding
    if game.round.result is None:
        return Finding("round_not_over", "the host's moves do not end the round",
                       {"seq": first + len(moves)})
    return None


def _illegal(seq: int, action: Action, why: str,
             reason: dict[str, object] | None = None) -> Finding:
    params: dict[str, object] = {"seq": seq, "seat": action.seat, "action": action.to_dict()}
    if reason is not None:
        params["reason"] = reason
    return Finding("illegal_move", f"move {seq} ({action!r}) breaks a rule: {why}", params)


def _compare(seq: int, game: GameState, events: list[Event], seen: Seen) -> Finding | None:
    """Move ``seq`` as replayed against what the seat saw of it."""
    saw = seen.events.get(seq)
    if saw is not None and this_round(saw) != tuple(events):
        ended = next((e for e in events if isinstance(e, RoundEnded)), None)
        if ended is not None and any(isinstance(e, RoundEnded) for e in saw):
            return Finding("score_differs", "the round's score is not what its moves give",
                           {"seq": seq})
        return Finding("moves_differ", f"move {seq} is not the move the host showed",
                       {"seq": seq})
    hand = seen.hands.get(seq)
    mine = game.round.hands[seen.seat]
    if hand is None or hand == mine or game.round.result is not None:
        return None
    params = {"seq": seq, "seat": seen.seat, "cards": format_cards(hand & ~mine),
              "expected": format_cards(mine & ~hand)}
    if any(isinstance(e, ExchangeDone) for e in events):
        return Finding("exchange_swapped", f"the exchange gave seat {seen.seat} "
                       f"{params['cards']} where the others gave {params['expected']}", params)
    return Finding("hand_differs", f"after move {seq} seat {seen.seat}'s hand is not what the "
                   "moves give", params)


def this_round(events: Sequence[Event]) -> tuple[Event, ...]:
    """A move's events but the next round's deal, which a game dealt from its own seed makes
    with the move that ends a round."""
    out: list[Event] = []
    ended = False
    for event in events:
        ended = ended or isinstance(event, RoundEnded)
        if not (ended and isinstance(event, (RoundStarted, CardsDealt))):
            out.append(event)
    return tuple(out)
