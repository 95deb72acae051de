"""The rules of Tichu (classic, 4 players) and of the 2-player duel, as pure functions.

No I/O, no clock, no globals: a game is ``(rules, seed, actions)``. Play a round
in a few lines::

    import random
    from engine import (CLASSIC, new_game, apply, legal_actions, trick_to_collect,
                        waiting_for, view)

    game = new_game(CLASSIC, seed=7)
    rng = random.Random(7)
    start = game.round_no
    while game.round_no == start and not game.over:
        action = (trick_to_collect(game)   # a won trick waits: nobody else is awaited
                  or rng.choice(legal_actions(game, waiting_for(game)[0])))
        game, events = apply(game, action)
    print(game.history[-1].total, view(game, 0).hand_counts)

After a trick's last needed pass it waits to be collected (phase COLLECT): any seat
may still bomb it, no seat is awaited, and `trick_to_collect(game)` is the step that
gives it to its winner (a host takes it once its window for bombs is over).
`options(game, seat)` says what a seat may do (it is cheaper than
`legal_actions`, which spells every choice out); `view(game, seat)` is all a
seat may know, and `options_for_view(v)` answers the same question from it.
`Playout` is a round changed in place without checks, for simulations.
Cards are ints (see `cards`), sets of cards bitmasks; `parse_cards` and
`format_cards` speak the text notation.
"""

from .actions import (Action, CallTichu, CollectTrick, Deal, Discard, Draft, Exchange, GiveDragon,
                      GrandTichu, Pass, Play, WithdrawExchange, Wish, action_from_dict,
                      action_to_dict)
from .cards import (Card, card_text, cards_of, format_cards, mask_of, parse_card, parse_cards,
                    parse_rank, points, rank_of, rank_text, suit_of)
from .combos import Combo, Kind, beats, describe, readings
from .errors import (GameOver, IllegalAction, IllegalPlay, NotationError, NotYourTurn, TichuError,
                     WrongPhase)
from .events import Event, event_from_dict
from .game import (GameState, apply, legal_actions, new_game, options, replay, trick_to_collect,
                   waiting_for)
from .seat_options import Options
from .simulation import Playout
from .enumeration import all_plays
from .plays_now import legal_plays
from .rules import CLASSIC, DUEL, RuleSet, Variant
from .state import Call, Phase, RoundResult, TrickEntry
from .seat_view import (SeatView, awaited, check_play, options_for_view, spectator_view, view,
                        view_from_dict, view_to_dict)

__all__ = [
    "Action", "CallTichu", "CollectTrick", "Deal", "Discard", "Draft", "Exchange", "GiveDragon",
    "GrandTichu", "Pass", "Play", "WithdrawExchange", "Wish", "action_from_dict", "action_to_dict",
    "Card", "card_text", "cards_of", "format_cards", "mask_of", "parse_card", "parse_cards",
    "parse_rank", "points", "rank_of", "rank_text", "suit_of",
    "Combo", "Kind", "beats", "describe", "readings",
    "GameOver", "IllegalAction", "IllegalPlay", "NotationError", "NotYourTurn", "TichuError",
    "WrongPhase", "Event", "event_from_dict",
    "GameState", "apply", "legal_actions", "new_game", "options", "replay", "trick_to_collect",
    "waiting_for", "awaited",
    "Options", "Playout", "all_plays", "legal_plays", "CLASSIC", "DUEL", "RuleSet", "Variant",
    "Call", "Phase", "RoundResult", "TrickEntry",
    "SeatView", "check_play", "options_for_view", "spectator_view", "view", "view_from_dict",
    "view_to_dict",
]
