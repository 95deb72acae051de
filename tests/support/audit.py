"""Checking that no message gave a seat a card it could not know.

Record what each client received with `MessageLog`; once the game's seed and
moves are known, `assert_no_hidden_cards` replays the game and, for every
message, compares each card named in it with the true hands at that moment: a
card in another seat's hand may appear only if this seat legitimately knows it
is there (a card it gave that seat in the exchange, or a duel draft card turned
face up for everyone).
"""

from __future__ import annotations

from typing import Any
from collections.abc import Iterable

from engine import GameState, RuleSet, action_from_dict, apply, new_game
from engine.cards import card_text
from tichu_lan.client import TichuClient


class MessageLog:
    """Every message one client receives, in order, as the map it was on the wire."""

    def __init__(self, client: TichuClient) -> None:
        self.messages: list[dict[str, Any]] = []
        self.unsubscribe = client.subscribe(lambda m: self.messages.append(m.to_dict()))


# Every way of writing a card in two characters that parse_card accepts, upper-cased.
_CARD_IDS = {text.upper(): card for card in range(56) for text in
             {card_text(card), card_text(card).upper(), card_text(card).lower()}}


def cards_named(value: Any) -> set[int]:
    """Every card written anywhere in a message (any string that is one card's notation)."""
    found: set[int] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and len(item) == 2:
            card = _CARD_IDS.get(item.upper())
            if card is not None:
                found.add(card)
    return found


def states_by_seq(rules: RuleSet, seed: int, moves: Iterable[dict[str, Any]]) -> list[GameState]:
    """The true game after each move: index n is the state after move n (0: the deal, or a
    shared game before its first deal)."""
    moves = list(moves)
    game = new_game(rules, seed, shared=bool(moves) and moves[0]["type"] == "deal")
    states = [game]
    for move in moves:
        game, _ = apply(game, action_from_dict(move))
        states.append(game)
    return states


def known_elsewhere(game: GameState, seat: int) -> set[int]:
    """Cards in other hands that ``seat`` may know about: its own exchange gifts, the draft."""
    state = game.round
    known = {step.card for step in state.draft}
    if 0 <= seat < len(state.exchange) and state.exchange[seat] is not None:
        known.update(state.exchange[seat])
    return known


def hidden_from(game: GameState, seat: int) -> set[int]:
    """Cards ``seat`` must not see: the other hands, less what it legitimately knows."""
    hands = game.round.hands
    others = set()
    for other, hand in enumerate(hands):
        if other != seat:
            others.update(c for c in range(56) if hand >> c & 1)
    return others - known_elsewhere(game, seat)


def assert_no_hidden_cards(messages: list[dict[str, Any]], seat: int,
                           states: list[GameState]) -> int:
    """Check every `view` message of one seat (-1: a spectator); returns how many were checked.

    The view must name no card hidden from the seat after the move; the events
    (and those of each earlier move in a newcomer's ``log``) may name only cards that
    were played by the seat the event names (taken from that seat's hand before the
    move) or draft cards turned face up. A round's `proof` names its cards once the round is
    over, never before. Other message types must name no card at all (chat is skipped:
    people type anything)."""
    checked = 0
    last_seen = 0
    for message in messages:
        kind = message["type"]
        if kind == "chat":
            continue
        if kind == "proof":
            over = len(states[last_seen].history)
            assert message["round"] <= over, (f"round {message['round']}'s proof came before "
                                              f"its end (move {last_seen}): {message}")
            continue
        if kind != "view":
            assert not cards_named(message), f"a {kind} message names cards: {message}"
            continue
        seq = last_seen = message["seq"]
        leaked = cards_named(message["view"]) & hidden_from(states[seq], seat)
        assert not leaked, f"seat {seat} saw hidden cards {sorted(leaked)} at move {seq}: {message}"
        if message["events"]:
            check_events(message["events"], states[seq - 1])
        for move in message.get("log") or ():          # the game's public log, for newcomers
            check_events(move["events"], states[move["seq"] - 1])
        checked += 1
    return checked


def check_events(events: list[dict[str, Any]], before: GameState) -> None:
    """Events name only cards the whole table may see: those played, and turned draft cards."""
    for event in events:
        named = cards_named(event)
        if event["type"] == "played":
            hand = before.round.hands[event["seat"]]
            assert all(hand >> c & 1 for c in named), f"{event} names cards its seat did not hold"
        elif event["type"] not in ("draft_turned", "draft_chosen"):
            assert not named, f"a {event['type']} event names cards: {event}"
