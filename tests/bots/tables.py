"""Hand-built positions for bot tests: a round in its play phase, from card notation."""

from __future__ import annotations

from dataclasses import replace

from engine import CLASSIC, RuleSet, new_game, parse_cards, readings
from engine.cards import FULL_DECK, cards_of
from engine.game import GameState
from engine.state import Call, Phase, RoundState, TrickEntry


def combo(cards: str, rules: RuleSet = CLASSIC):
    return readings(parse_cards(cards), rules)[0]


def position(hands: dict[int, str], *, turn: int, trick: list[tuple[int, str | None]] = (),
             rules: RuleSet = CLASSIC, phase: Phase = Phase.PLAY, decider: int = -1,
             calls: dict[int, Call] | None = None, out: tuple[int, ...] = (),
             wish: int = 0) -> GameState:
    """A play-phase game whose seats hold ``hands`` (seats left out hold nothing); the
    cards in nobody's hand are in seat 0's won pile, or out of play in a duel."""
    seats = rules.seats
    masks = tuple(parse_cards(hands.get(s, "")) for s in range(seats))
    entries = tuple(TrickEntry(s, combo(c, rules) if c else None) for s, c in trick)
    trick_cards = 0
    for e in entries:
        if e.combo:
            trick_cards |= e.combo.cards
    top_entry = next((e for e in reversed(entries) if e.combo), None)
    passes = 0
    for e in reversed(entries):
        if e.combo:
            break
        passes += 1
    rest = FULL_DECK
    for m in masks:
        rest &= ~m
    rest &= ~trick_cards
    won = (rest,) + (0,) * (seats - 1) if not rules.duel else (0,) * seats
    classic = not rules.duel
    state = RoundState(
        rules=rules, phase=phase, hands=masks,
        calls=tuple((calls or {}).get(s, Call.NONE) for s in range(seats)),
        grand_decided=(True,) * seats if classic else (),
        second_deal=(0,) * seats if classic else (),
        exchange=((),) * seats if classic else (), received=((),) * seats if classic else (),
        discards=(1,) * seats if not classic else (), set_aside=rest if rules.duel else 0,
        played=(1 << seats) - 1, played_cards=(0 if rules.duel else rest) | trick_cards,
        turn=turn, decider=decider, trick=entries,
        top=top_entry.combo if top_entry else None, top_seat=top_entry.seat if top_entry else -1,
        passes=passes, trick_cards=trick_cards, won=won, out=out, wish=wish)
    return GameState(rules, 0, 1, 0, (0, 0), (), state)



def dealt_with(rules: RuleSet, seed: int, seat: int, cards: str) -> GameState:
    """Game ``seed`` at its first decision, with ``cards`` swapped into ``seat``'s hand (its
    first 8 in classic, its 14 in a duel) from wherever they were dealt."""
    game = new_game(rules, seed)
    state = game.round
    hands, second = list(state.hands), list(state.second_deal)
    set_aside, table = state.set_aside, list(state.draft_cards)
    wanted = parse_cards(cards)
    spare = list(cards_of(hands[seat] & ~wanted))
    for card in cards_of(wanted & ~hands[seat]):
        bit, other = 1 << card, spare.pop()
        if set_aside & bit:
            set_aside = (set_aside & ~bit) | (1 << other)
        elif card in table:
            table[table.index(card)] = other
        else:
            row = next(r for r in (hands, second) if any(m & bit for m in r))
            k = next(k for k, m in enumerate(row) if m & bit)
            row[k] = (row[k] & ~bit) | (1 << other)
        hands[seat] = (hands[seat] & ~(1 << other)) | bit
    state = replace(state, hands=tuple(hands), second_deal=tuple(second), set_aside=set_aside,
                    draft_cards=tuple(table))
    return replace(game, round=state)
