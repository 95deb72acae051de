"""Errors the engine raises. A refusal carries a `Reason`: a stable code and the values it
names, for clients to word in their player's language, and the English words, which
str() gives and which clients that know no codes show as they are."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .combos import Combo


class TichuError(Exception):
    """Base of every error the engine raises on purpose."""


class NotationError(TichuError, ValueError):
    """Text that does not name cards, ranks or an action."""


@dataclass(frozen=True)
class Reason:
    """Why the rules refuse an action: ``code`` (one of `REASON_CODES`), the values the
    refusal names (only those it needs are set) and the English ``message``.

    ``cards`` is a set of cards (a bitmask), ``rank`` a rank 2..14, ``seat`` a seat,
    ``count`` a number of cards; ``combo`` is the combination refused, ``top`` the one
    it meets on the table."""

    code: str
    message: str
    combo: Combo | None = None
    top: Combo | None = None
    cards: int = 0
    rank: int = 0
    seat: int | None = None
    count: int | None = None

    def __str__(self) -> str:
        return self.message


# Every reason the engine gives (docs/PROTOCOL.md says what each names).
REASON_CODES: tuple[str, ...] = (
    # the phase
    "waiting_for_wish", "waiting_for_dragon", "round_over", "setup_not_done", "exchange_not_now",
    "exchange_over", "discard_not_now", "no_draft", "no_wish_now", "no_dragon_trick",
    "game_over", "trick_waits", "no_trick_to_collect", "no_deal_now",
    # whose turn
    "not_your_turn", "bomb_only_out_of_turn", "not_your_draft", "not_your_wish",
    "not_your_dragon", "spectator", "not_your_trick",
    # plays and passes
    "no_cards", "not_held", "not_a_combination", "phoenix_cannot_be", "does_not_beat",
    "dog_only_led", "wish_must_be_played", "cannot_lead", "only_a_higher_bomb",
    "same_kind_and_length", "only_a_bomb_beats_dragon", "lead_no_pass", "must_answer_wish",
    "no_pass_now",
    # calls
    "already_called", "duel_tichu_closed", "tichu_after_deal", "tichu_after_first_play",
    "grand_before_draft", "duel_one_call", "grand_after_eight", "grand_decided",
    "no_grand_table",
    # the set-up, the wish and the Dragon
    "duel_no_decline", "exchange_three_cards", "exchange_not_chosen", "already_discarded",
    "discard_count", "wish_rank", "dragon_to_opponent",
    # actions that are none
    "not_an_action", "no_such_seat",
)


class IllegalAction(TichuError):
    """An action the rules do not allow now; applying it changed nothing.

    ``code`` names the kind of refusal (the host's error code); the `Reason` says which
    rule. A bare message is a reason without a code, which clients show in English."""

    code = "illegal_action"

    def __init__(self, reason: Reason | str) -> None:
        self.reason = reason if isinstance(reason, Reason) else Reason("", reason)
        super().__init__(self.reason.message)


class WrongPhase(IllegalAction):
    """The action belongs to another part of the round (e.g. exchanging during play)."""

    code = "wrong_phase"


class NotYourTurn(IllegalAction):
    """The seat may not act now (another seat is to play, lead or decide)."""

    code = "not_your_turn"


class IllegalPlay(IllegalAction):
    """The cards are not a combination, do not beat the table, or break the wish."""

    code = "illegal_play"


class GameOver(IllegalAction):
    """The game has ended; no action applies any more."""

    code = "game_over"
