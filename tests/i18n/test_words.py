"""The words of refusals and of the game: each engine reason has client words, which in
English are the engine's own message; host codes are worded, with the host's English
when a code or its params cannot be read; the vocabulary speaks each language."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from engine import (CLASSIC, DUEL, CallTichu, GrandTichu, IllegalAction, Pass, Play, apply,
                    describe, legal_actions, new_game, parse_cards, readings, trick_to_collect,
                    waiting_for)
from engine.errors import REASON_CODES, Reason
from tichu_lan.words import vocabulary
from tichu_lan.protocol import HostError
from tichu_lan.words.refusals import ERROR_WORDS, REASON_WORDS, error_words, reason_words

ENGINE = Path(__file__).resolve().parents[2] / "engine"
REFUSALS = {"IllegalAction", "IllegalPlay", "WrongPhase", "NotYourTurn", "GameOver"}


def reasons_in_the_engine() -> set[str]:
    """The codes of every Reason the engine's source builds (errors.py makes the uncoded "")."""
    found = set()
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Reason"
                    and node.args and isinstance(node.args[0], ast.Constant)):
                found.add(node.args[0].value)
    return found


def test_every_reason_is_listed_and_worded():
    assert reasons_in_the_engine() - {""} == set(REASON_CODES) == set(REASON_WORDS)


def test_no_refusal_in_the_engine_is_a_bare_sentence():
    bare = []
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)
                    and getattr(node.exc.func, "id", None) in REFUSALS and node.exc.args
                    and isinstance(node.exc.args[0], (ast.Constant, ast.JoinedStr))):
                bare.append(f"{path.name}:{node.lineno}")
    assert bare == []


def refusals_met(rules, seed: int) -> list[IllegalAction]:
    """Refusals a random game meets when each awaited seat first tries passing, calling
    and playing a random selection of its hand."""
    rng, game, met = random.Random(seed), new_game(rules, seed=seed), []
    while not game.over and len(met) < 400:
        collect = trick_to_collect(game)
        if collect is not None:
            game, _ = apply(game, collect)
            continue
        seat = rng.choice(waiting_for(game))
        hand = game.round.hands[seat]
        cards = [1 << c for c in range(56) if hand >> c & 1]
        tries = [Pass(seat), CallTichu(seat), GrandTichu(seat, True),
                 Play(seat, sum(rng.sample(cards, min(len(cards), rng.randint(1, 3)))))]
        for action in tries:
            try:
                apply(game, action)
            except IllegalAction as exc:
                met.append(exc)
        game, _ = apply(game, rng.choice(legal_actions(game, seat)))
    return met


@pytest.mark.parametrize("rules", [CLASSIC, DUEL], ids=["classic", "duel"])
def test_in_english_the_client_words_every_reason_as_the_engine_does(rules):
    met = [exc for seed in range(3) for exc in refusals_met(rules, seed)]
    assert len({exc.reason.code for exc in met}) >= 8
    for exc in met:
        assert exc.reason.code in REASON_CODES
        assert reason_words(exc.reason) == str(exc)


def test_in_english_each_reason_words_as_its_engine_message():
    pair = readings(parse_cards("7j 7s"), CLASSIC)[0]
    nines = readings(parse_cards("9j 9s"), CLASSIC)[0]
    examples = [Reason("does_not_beat", "a pair of 7s does not beat a pair of 9s", pair, nines),
                Reason("not_held", "you do not hold 7j", cards=parse_cards("7j")),
                Reason("discard_count", "discard exactly 3 cards", count=3),
                Reason("wish_must_be_played", "the wish for Q is open and you can play it: "
                       "you must", rank=12),
                Reason("no_such_seat", "there is no seat 7 at this table", seat=7)]
    for reason in examples:
        assert reason_words(reason) == reason.message


def test_each_language_words_a_refusal_from_its_code(speaking):
    pair = readings(parse_cards("7j 7s"), CLASSIC)[0]
    nines = readings(parse_cards("9j 9s"), CLASSIC)[0]
    reason = Reason("does_not_beat", "a pair of 7s does not beat a pair of 9s", pair, nines)
    expected = {"pl": "para 7 nie przebija tego, co leży na stole: para 9",
                "ro": "o pereche de 7 nu bate o pereche de 9",
                "ja": "7 のペア は 9 のペア に勝てません",
                "zh_TW": "一對 7 打不過 一對 9",
                "de": "ein Paar 7 sticht nicht: auf dem Tisch liegt ein Paar 9"}
    for code, words in expected.items():
        speaking(code)
        assert reason_words(reason) == words


def test_host_codes_are_worded_and_unreadable_ones_keep_the_hosts_english(speaking):
    from tichu_lan.protocol import ERROR_CODES
    engine = {"not_your_turn", "wrong_phase", "illegal_play", "illegal_action", "game_over"}
    assert set(ERROR_WORDS) == set(ERROR_CODES) - engine   # those carry the engine's reason
    speaking("pl")
    taken = HostError("seat_taken", "seat 1 is taken by Ann", params={"seat": 1, "name": "Ann"})
    assert error_words(taken) == "miejsce 2 zajmuje Ann"      # people count seats from 1
    assert error_words(HostError("seat_taken", "seat 1 is taken by Ann")) == (
        "seat 1 is taken by Ann")                             # no params: the English
    assert error_words(HostError("from_the_future", "a newer host's words")) == (
        "a newer host's words")
    hostile = HostError("illegal_play", "English", params={"reason": "does_not_beat",
                                                           "combo": "not a map"})
    assert error_words(hostile) == "English"
    assert error_words(HostError("illegal_action", "a rule without a code")) == (
        "a rule without a code")
    empty = HostError("seats_empty", "empty seats: 2, 3", params={"seats": [2, 3]})
    assert error_words(empty) == "miejsca 3, 4 są wolne: dodaj boty albo poczekaj na graczy"


def test_the_vocabulary_in_english_is_the_engines_and_each_language_has_its_own(speaking):
    for text in ("DG", "MJ", "PH", "DR", "7j", "7j 7s", "7j 7s 7p", "5j 5s 6j 6s",
                 "7j 7s 7p 9j 9s", "2j 3s 4p 5r 6j", "7j 7s 7p 7r", "2j 3j 4j 5j 6j"):
        for combo in readings(parse_cards(text), CLASSIC):
            assert vocabulary.describe(combo) == describe(combo)
    dragon = readings(parse_cards("DR"), CLASSIC)[0]
    stairs = readings(parse_cards("5j 5s 6j 6s"), CLASSIC)[0]
    seen = {"pl": ("Smok", "grupa par od 5 do 6", "Duże Tichu", "Małe Tichu", "Pies"),
            "ja": ("龍", "5〜6 のステアー", "グランド・ティチュー", "ティチュー", "犬"),
            "zh_TW": ("龍", "5 到 6 的階梯對", "大地主", "小地主", "狗"),
            "de": ("der Drache", "eine Treppe von 5 bis 6", "Großes Tichu", "Kleines Tichu",
                   "Hund"),
            "ro": ("Dragonul", "un șir de perechi de la 5 la 6", "Grand Tichu", "Tichu",
                   "Câine")}
    from engine.cards import Card
    for code, (dragon_words, stairs_words, grand, tichu, dog) in seen.items():
        speaking(code)
        assert vocabulary.describe(dragon) == dragon_words
        assert vocabulary.describe(stairs) == stairs_words
        assert (vocabulary.call_name(True), vocabulary.call_name(False)) == (grand, tichu)
        assert vocabulary.special_name(Card.DOG) == dog
        assert vocabulary.rank_words(12) == "Q"                 # the cards' own marks


def test_the_protocol_document_lists_every_reason():
    text = (ENGINE.parent / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
    assert [code for code in REASON_CODES if f"| `{code}` |" not in text] == []
