"""Build exact positions for rule tests, in card notation."""

from __future__ import annotations

from engine import CLASSIC, DUEL, GameState, RuleSet, apply, parse_cards
from engine.cards import FULL_DECK
from engine.state import Call, Phase, RoundState


def position(hands: list[str], *, turn: int = 0, rules: RuleSet | None = None,
             calls: str = "", won: list[str] | None = None, played: int = 0,
             scores: tuple[int, int] = (0, 0), out: tuple[int, ...] = (),
             wish: int = 0) -> GameState:
    """A game in the play phase with the given hands; ``turn`` has the lead.

    Cards in no hand go to the won pile of seat 0 unless ``won`` says where they are
    (give every seat's pile, in notation). ``calls`` is one letter per seat:
    ``-`` none, ``t`` Tichu, ``g`` Grand Tichu. Seats in ``out`` went out in that order.
    """
    rules = rules or (DUEL if len(hands) == 2 else CLASSIC)
    masks = tuple(parse_cards(h) for h in hands)
    seats = len(masks)
    if won is None:
        rest = FULL_DECK
        for m in masks:
            rest &= ~m
        won_masks = (rest,) + (0,) * (seats - 1)
    else:
        won_masks = tuple(parse_cards(w) for w in won)
    letters = {"-": Call.NONE, "t": Call.TICHU, "g": Call.GRAND}
    call_tuple = tuple(letters[c] for c in (calls or "-" * seats))
    state = RoundState(
        rules=rules, phase=Phase.PLAY, hands=masks, calls=call_tuple,
        grand_decided=(True,) * seats if not rules.duel else (),
        second_deal=(0,) * seats if not rules.duel else (),
        exchange=((0, 0, 0),) * seats if not rules.duel else (),
        received=((0, 0, 0),) * seats if not rules.duel else (),
        discards=(0,) * seats if rules.duel else (),
        drafter=1 if rules.duel else -1,
        played=played, turn=turn, won=won_masks, out=out, wish=wish)
    return GameState(rules, 0, 1, 0, scores, (), state)


def act(game: GameState, *actions) -> tuple[GameState, list]:
    """Apply several actions; returns the final state and all events."""
    events: list = []
    for action in actions:
        game, more = apply(game, action)
        events += more
    return game, events


def event_types(events) -> list[str]:
    return [e.type for e in events]
