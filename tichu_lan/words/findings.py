"""A round's check in the reader's language: what a program found (docs/PROTOCOL.md,
"Checking a round"), its own or another seat's as the host passes it on.

A finding travels as a code and the values it names (`engine.shared_deal.Finding`); a code
this program does not know, or values it cannot read, are shown in the English that came
with it. Seats are numbered as people count them, from 1.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.codec import reason_from_dict
from engine.cards import rank_text
from engine.errors import NotationError

from ..i18n import _
from .refusals import reason_words

Params = Mapping[str, Any]


def _seat(params: Params) -> int:
    return int(params["seat"]) + 1


def _move(action: Any) -> str:
    """A move as a finding names it: what kind, and its cards."""
    kind = action.get("type") if isinstance(action, dict) else None
    cards = " ".join(map(str, action.get("cards") or action.get("gifts") or ())) \
        if isinstance(action, dict) else ""
    if kind == "pass":
        return _("pass")
    if kind == "play":
        return _("play of {cards}").format(cards=cards)
    if kind == "exchange":
        return _("exchange of {cards}").format(cards=cards)
    return _("move ({kind})").format(kind=kind)


def _illegal(params: Params) -> str:
    """The move and the rule it broke; the two rules a host is likeliest to let slip (a card
    the seat did not hold, the wish) worded of the seat, the others as the engine refuses."""
    given = params.get("reason")
    reason: Mapping[str, Any] = given if isinstance(given, dict) else {}
    code = reason.get("reason")
    move = {"seq": int(params["seq"]), "seat": _seat(params),
            "move": _move(params.get("action"))}
    if code == "wish_must_be_played":
        return _("move {seq}, seat {seat}'s {move}, breaks the wish: {rank} was wished and "
                 "the seat held one it could play").format(
            rank=rank_text(int(reason["rank"])), **move)
    if code == "not_held" and reason.get("cards"):
        return _("move {seq}, seat {seat}'s {move}, breaks a rule: the seat did not hold "
                 "{cards}").format(cards=" ".join(map(str, reason["cards"])), **move)
    why = reason_words(reason_from_dict(given, "")) if reason else "?"
    return _("move {seq}, seat {seat}'s {move}, breaks a rule: {why}").format(why=why, **move)


FINDING_WORDS: dict[str, Callable[[Params], str]] = {
    "no_proof": lambda p: _("the host did not show round {round}'s proof").format(
        round=int(p["round"])),
    "secret_changed": lambda p: _("the host's secret is not the one it committed to before the "
                                  "deal"),
    "value_mismatch": lambda p: _("seat {seat}'s value does not match its commitment").format(
        seat=_seat(p)),
    "commitment_changed": lambda p: _("seat {seat}'s commitment is not the one shown before the "
                                      "values").format(seat=_seat(p)),
    "value_dropped": lambda p: _("seat {seat}'s value, given in time, was left out of the "
                                 "deal").format(seat=_seat(p)),
    "deal_not_from_seed": lambda p: _("the cards were not dealt from the shared seed"),
    "hand_not_dealt": lambda p: _("seat {seat}'s hand is not the one the deck deals it").format(
        seat=_seat(p)),
    "illegal_move": _illegal,
    "moves_differ": lambda p: _("move {seq} is not the move the host showed").format(
        seq=int(p["seq"])),
    "score_differs": lambda p: _("the round's score is not what its moves give"),
    "exchange_swapped": lambda p: _("the exchange gave seat {seat} {cards} where the others "
                                    "gave {expected}").format(
        seat=_seat(p), cards=p["cards"], expected=p["expected"]),
    "hand_differs": lambda p: _("after move {seq} seat {seat}'s hand is not what the moves "
                                "give").format(seq=int(p["seq"]), seat=_seat(p)),
    "round_not_over": lambda p: _("the host's moves do not end the round"),
}


def finding_words(code: object, params: object, message: object = "") -> str:
    """What failed, in the reader's language (the English that came with it if the code or
    its values cannot be read)."""
    words = FINDING_WORDS.get(code) if isinstance(code, str) else None
    try:
        if words is not None and isinstance(params, Mapping):
            return words(params)
    except (NotationError, KeyError, TypeError, ValueError):
        pass
    return str(message or code)


def checked_words(round_no: int, shared: bool, finding: Mapping[str, Any] | None) -> str:
    """This program's own check of a round, for the table's log."""
    if finding is not None:
        return _("Round {round} does not hold: {what}").format(
            round=round_no, what=finding_words(finding.get("code"), finding.get("params"),
                                               finding.get("message")))
    if shared:
        return _("Round {round} checked: nobody chose the cards, and every rule was "
                 "kept").format(round=round_no)
    return _("Round {round} checked: every rule was kept").format(round=round_no)
