"""Refusals in the reader's language: the engine's reasons and the host's error codes.

The table screen asks here too before it sends a pass, a call or a discard
(`why_no_pass` ...): the engine judges over the facts the seat knows
(`engine.checks`), so the screen refuses in the very words the host would answer.

A refusal travels as a code and the values it names: an `engine.errors.Reason`
when the engine refuses on this machine, a host's ``error`` message (``code``,
``params``) when the host does (docs/PROTOCOL.md). Each player's client words them
in its own language, so players at one table may each read their own. A code this
program does not know (a newer host) or values it cannot read are shown in the
English the host sent, which every error carries.

In English the words of a reason are the engine's own message, letter for letter
(tests/i18n hold them equal): one sentence, one msgid, whichever side words it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine import SeatView, checks
from engine.cards import format_cards, rank_text
from engine.codec import reason_from_dict
from engine.errors import NotationError, Reason
from engine.seat_view import facts_of_view

from ..i18n import _, ngettext
from ..protocol import PROTOCOL_VERSION, HostError
from .vocabulary import describe, listed, table_name

Words = Callable[[Reason], str]


def _combo(reason: Reason) -> str:
    return describe(reason.combo) if reason.combo is not None else "?"


def _top(reason: Reason) -> str:
    return describe(reason.top) if reason.top is not None else "?"


def _count(reason: Reason) -> int:
    return reason.count if reason.count is not None else 0


REASON_WORDS: dict[str, Words] = {
    # the phase
    "waiting_for_wish": lambda r: _("waiting for the Mah Jong's wish"),
    "waiting_for_dragon": lambda r: _("waiting for the Dragon's trick to be given away"),
    "round_over": lambda r: _("the round is over"),
    "setup_not_done": lambda r: _("cards are played only once the round's set-up is done"),
    "exchange_not_now": lambda r: ngettext(
        "cards are exchanged only after all {count} are dealt, before play",
        "cards are exchanged only after all {count} are dealt, before play",
        _count(r)).format(count=_count(r)),
    "exchange_over": lambda r: _("the exchange is over"),
    "discard_not_now": lambda r: _("cards are discarded only at the start of a duel round"),
    "no_draft": lambda r: _("there is no draft now"),
    "no_wish_now": lambda r: _("there is no wish to make now"),
    "no_dragon_trick": lambda r: _("there is no Dragon trick to give away"),
    "game_over": lambda r: _("the game is over"),
    "trick_waits": lambda r: _("the trick is won and waits to be collected: only a bomb may "
                               "still be played"),
    "no_trick_to_collect": lambda r: _("no trick waits to be collected"),
    "no_deal_now": lambda r: _("no round waits to be dealt"),
    # whose turn
    "not_your_turn": lambda r: _("it is not your turn"),
    "bomb_only_out_of_turn": lambda r: _(
        "it is not your turn (out of turn only a bomb may be played)"),
    "not_your_draft": lambda r: _("the other player drafts this round"),
    "not_your_wish": lambda r: _("the Mah Jong's player names the wish"),
    "not_your_dragon": lambda r: _("the Dragon's player gives the trick away"),
    "spectator": lambda r: _("spectators do not play"),
    "not_your_trick": lambda r: _("the trick is seat {seat}'s to collect, who won it").format(
        seat=r.seat),
    # plays and passes
    "no_cards": lambda r: _("choose at least one card to play"),
    "not_held": lambda r: _("you do not hold {cards}").format(cards=format_cards(r.cards)),
    "not_a_combination": lambda r: _("{cards} is not a combination").format(
        cards=format_cards(r.cards)),
    "phoenix_cannot_be": lambda r: _("the Phoenix cannot stand for {rank} there").format(
        rank=rank_text(r.rank)),
    "does_not_beat": lambda r: _("{combo} does not beat {top}").format(
        combo=_combo(r), top=_top(r)),
    "dog_only_led": lambda r: _("the Dog can only be led"),
    "wish_must_be_played": lambda r: _(
        "the wish for {rank} is open and you can play it: you must").format(
        rank=rank_text(r.rank)),
    "cannot_lead": lambda r: _("{combo} cannot be led now").format(combo=_combo(r)),
    "only_a_higher_bomb": lambda r: _("only a higher bomb beats {top}").format(top=_top(r)),
    "same_kind_and_length": lambda r: _(
        "{combo} cannot be played on {top}: play the same kind and length").format(
        combo=_combo(r), top=_top(r)),
    "only_a_bomb_beats_dragon": lambda r: _("only a bomb beats the Dragon"),
    "lead_no_pass": lambda r: _("you have the lead: play a combination"),
    "must_answer_wish": lambda r: _("you must answer the Mah Jong with a card if you can"),
    "no_pass_now": lambda r: _("you may not pass now"),
    # calls
    "already_called": lambda r: _("you have already called this round"),
    "duel_tichu_closed": lambda r: ngettext(
        "Tichu needs at least {count} card in hand and no call yet this round",
        "Tichu needs at least {count} cards in hand and no call yet this round",
        _count(r)).format(count=_count(r)),
    "tichu_after_deal": lambda r: ngettext(
        "Tichu can be called once the {count} card is dealt",
        "Tichu can be called once all {count} cards are dealt",
        _count(r)).format(count=_count(r)),
    "tichu_after_first_play": lambda r: _(
        "Tichu can only be called before playing your first card"),
    "grand_before_draft": lambda r: _("Grand Tichu can only be called before the draft starts"),
    "duel_one_call": lambda r: _("only one call is allowed per duel round, and one was made"),
    "grand_after_eight": lambda r: ngettext(
        "Grand Tichu is decided only after the first {count} card",
        "Grand Tichu is decided only after the first {count} cards",
        _count(r)).format(count=_count(r)),
    "grand_decided": lambda r: _("you have already decided on Grand Tichu this round"),
    "no_grand_table": lambda r: _("this table plays without Grand Tichu"),
    # the set-up, the wish and the Dragon
    "duel_no_decline": lambda r: _("in a duel there is nothing to decline: just discard"),
    "exchange_three_cards": lambda r: _(
        "give exactly three different cards, one to each other player"),
    "exchange_not_chosen": lambda r: _("you have not chosen cards to exchange yet"),
    "already_discarded": lambda r: _("you have already discarded this round"),
    "discard_count": lambda r: ngettext("discard exactly {count} card",
                                        "discard exactly {count} cards",
                                        _count(r)).format(count=_count(r)),
    "wish_rank": lambda r: _("wish for a rank from 2 to A, or for nothing"),
    "dragon_to_opponent": lambda r: _("give the Dragon's trick to one of your opponents"),
    # actions that are none
    "not_an_action": lambda r: _("that is not an action"),
    "no_such_seat": lambda r: (_("there is no seat {seat} at this table").format(seat=r.seat)
                               if r.seat is not None else _("there is no such seat at this table")),
}


def reason_words(reason: Reason) -> str:
    """Why the engine refuses, in the reader's language (a reason without a known code
    in the engine's English)."""
    words = REASON_WORDS.get(reason.code)
    return words(reason) if words is not None else reason.message


def why_no_pass(view: SeatView) -> str:
    return reason_words(checks.why_no_pass(facts_of_view(view)))


def why_no_tichu(view: SeatView) -> str:
    return reason_words(checks.why_no_tichu(facts_of_view(view)))


def why_no_grand_tichu(view: SeatView) -> str:
    return reason_words(checks.why_no_grand_tichu(facts_of_view(view)))


def why_no_discard(cards: int) -> str | None:
    """Why the duel cannot put ``cards`` aside; None when it can."""
    count = cards.bit_count()
    if count == 3:
        return None
    return ngettext("select exactly 3 cards to put aside ({count} selected)",
                    "select exactly 3 cards to put aside ({count} selected)",
                    count).format(count=count)


def refusal_words(refused: BaseException | None) -> str:
    """What a player reads about a refused request: an engine's `IllegalAction` (its
    reason), a host's `HostError` (its code and params), or any other error's message."""
    reason = getattr(refused, "reason", None)
    if isinstance(reason, Reason):
        return reason_words(reason)
    if isinstance(refused, HostError):
        return error_words(refused)
    return str(refused)


# --- the host's error codes ---------------------------------------------------------

Params = Mapping[str, Any]


def _seat(params: Params) -> int:
    """A seat as people count them, from 1 (the host counts from 0)."""
    return int(params["seat"]) + 1


def _field(params: Params) -> str:
    """The field of a request an error is about, in words where a person typed it."""
    field = str(params["field"])
    return {"name": _("the name"), "table name": _("the table's name"), "text": _("the message"),
            "password": _("the password"), "timer": _("the turn timer's seconds"),
            "rounds": _("the number of rounds"),
            "people": _("the evening's people")}.get(field, f"'{field}'")


def _too_long(params: Params) -> str:
    if "items" in params:
        items = int(params["items"])
        return ngettext("{field} may hold at most {count} item",
                        "{field} may hold at most {count} items", items).format(
            field=_field(params), count=items)
    limit = int(params["limit"])
    return ngettext("{field} may be at most {count} character long",
                    "{field} may be at most {count} characters long", limit).format(
        field=_field(params), count=limit)


def _bad_value(params: Params) -> str:
    if "choices" in params:
        return _("{field} must be one of {choices}").format(
            field=_field(params), choices=listed(map(str, params["choices"])))
    if "low" in params:
        return _("{field} must be from {low} to {high}").format(
            field=_field(params), low=params["low"], high=params["high"])
    return _("{field} needs at least one visible character").format(field=_field(params))


def _version(params: Params) -> str:
    if "theirs" not in params:    # this client found it out from the host's prologue
        return _("the host speaks another protocol version than this program's "
                 "{version}").format(version=PROTOCOL_VERSION)
    return _("this host speaks protocol version {version} ({program}); you speak version "
             "{theirs}: please use a matching tichu-lan").format(
        version=params["version"], program=params["program"], theirs=params["theirs"])


def _seats(params: Params) -> str:
    seats = [int(s) + 1 for s in params["seats"]]
    return ngettext("seat {seats} is empty: add a bot or wait for a player",
                    "seats {seats} are empty: add a bot or wait for a player",
                    len(seats)).format(seats=listed(map(str, seats)))


def _named(params: Params, key: str = "table") -> str:
    """The table a refusal names: its name, or "Ann's table" for one opened without a name."""
    return table_name(str(params[key]), str(params.get("opener", "")))


def _table_full(params: Params) -> str:
    if "spectators" in params:
        count = int(params["spectators"])
        return ngettext("table '{table}' has its {count} spectator already",
                        "table '{table}' has its {count} spectators already", count).format(
            table=_named(params), count=count)
    return _("every seat at table '{table}' is taken by a person").format(table=_named(params))


def _not_over(p: Params) -> str:
    """No new game by agreement: not yet, or never at a table whose next game is set."""
    if p.get("next") == "evening":
        return _("the evening's next game follows its plan, at the tables the host opens for it")
    if p.get("next") == "set":
        return _("a duplicate set ends with its deals: to play more, start a new set")
    return _("a new game can be agreed on once this one is over")


def _not_owner(params: Params) -> str:
    """Who runs the table, and the request only they may make (by its type)."""
    tasks = {"add_bot": _("only {name}, who runs this table, may add bots"),
             "remove_bot": _("only {name}, who runs this table, may remove bots"),
             "start": _("only {name}, who runs this table, may start the game"),
             "set_options": _("only {name}, who runs this table, may change the table's "
                              "options"),
             "grant_seat": _("only {name}, who runs this table, may let people take bots' "
                             "seats"),
             "start_evening": _("only a person at the host's machine or who runs its first "
                                "table may start an evening")}
    return tasks[str(params["what"])].format(name=params["name"])


def _no_such_table(params: Params) -> str:
    if "closed" in params:         # the table a seat was asked for at has closed
        return _("table '{table}' has closed").format(table=_named(params, "closed"))
    return _("there is no table {table} on this host").format(table=params["table"])


def _already_at_table(params: Params) -> str:
    if params.get("asking"):
        return _("you have asked for a seat at table {table}; leave to take the request "
                 "back").format(table=params["table"])
    return _("you are at table {table}; leave it first").format(table=params["table"])


def _too_many_tables(params: Params) -> str:
    count, per = int(params["count"]), params.get("per")
    if per == "address":
        return ngettext("{count} table opened from your address is open already; play at it, "
                        "or leave it first",
                        "{count} tables opened from your address are open already; play at one "
                        "of them, or leave one first", count).format(count=count)
    if per == "person":
        return ngettext("you have opened {count} table that is still open; play at it, or "
                        "leave it first",
                        "you have opened {count} tables that are still open; play at one of "
                        "them, or leave one first", count).format(count=count)
    return ngettext("this host runs at most {count} table; join it or wait until it closes",
                    "this host runs at most {count} tables; join one of them or wait until one "
                    "closes", count).format(count=count)



def _room_full(params: Params) -> str:
    count = int(params["count"])
    if params.get("per") == "address":
        return ngettext("{count} connection from your address watches the room already",
                        "{count} connections from your address watch the room already",
                        count).format(count=count)
    return ngettext("the room has its {count} watcher already; try again later",
                    "the room has its {count} watchers already; try again later",
                    count).format(count=count)


ERROR_WORDS: dict[str, Callable[[Params], str]] = {
    "bad_prologue": lambda p: _("that is not a tichu-lan host, or it did not understand this "
                                "program"),
    "version_mismatch": _version,
    "frame_too_large": lambda p: _("this program sent the host more than it accepts at once"),
    "bad_frame": lambda p: _("the host could not read what this program sent"),
    "bad_message": lambda p: _("the host could not read what this program sent"),
    "handshake_timeout": lambda p: _("the host heard no greeting in time and hung up"),
    "idle_timeout": lambda p: _("the host heard nothing from this program for too long and hung "
                                "up"),
    "too_many_connections": lambda p: _("the host takes no more connections now; try again later"),
    "flood": lambda p: _("this program sent the host too many requests in a row; it hung up"),
    "rate_limited": lambda p: _("too many requests at once: that one was not carried out"),
    "not_welcomed": lambda p: _("the host has not welcomed this program yet"),
    "already_welcomed": lambda p: _("the host has welcomed this program already"),
    "bad_token": lambda p: _("your seat on this host is gone: it was taken back with its token, "
                             "or the table has closed"),
    "bad_value": _bad_value,
    "too_long": _too_long,
    "too_many_tables": _too_many_tables,
    "no_such_table": _no_such_table,
    "wrong_password": lambda p: _("table '{table}' needs the right password").format(
        table=_named(p)),
    "no_such_seat": lambda p: ngettext("this table has only seat {count}",
                                       "this table has seats 1 to {count}",
                                       int(p["seats"])).format(count=int(p["seats"])),
    "seat_taken": lambda p: _("seat {seat} is taken by {name}").format(seat=_seat(p),
                                                                      name=p["name"]),
    "table_full": _table_full, "room_full": _room_full,
    "already_at_table": _already_at_table,
    "not_at_table": lambda p: _("you are not at a table: join or watch one first"),
    "not_seated": lambda p: _("only a person seated at a table may do that"),
    "not_a_bot": lambda p: _("no bot of the table's own sits in seat {seat}").format(
        seat=_seat(p)),
    "unknown_bot_level": lambda p: _("there is no bot level '{level}'; choose one of "
                                     "{levels}").format(level=p["level"],
                                                        levels=listed(map(str, p["levels"]))),
    "seats_empty": _seats,
    "not_started": lambda p: _("the game has not started yet"),
    "already_started": lambda p: (_("the game is running: a bot keeps its seat until a person "
                                    "joins in its place") if "seat" in p else
                                  _("the game has started already")),
    "wrong_seat": lambda p: _("you sit in seat {seat}; you cannot act for another").format(
        seat=_seat(p)),
    "bad_action": lambda p: _("the host could not read that move"),
    "host_collects": lambda p: _("the host collects a won trick itself, once its window for "
                                 "bombs is over; a seat cannot"),
    "host_deals": lambda p: _("the host deals each round itself, from the seed the table's "
                              "shared shuffle made; a seat cannot"),
    "not_taking_part": lambda p: _("this program does not help shuffle this round"),
    "no_shuffle": lambda p: _("no shuffle of round {round} is under way").format(
        round=int(p["round"])),
    "reveal_too_early": lambda p: _("a value is revealed once every commitment is in"),
    "already_given": lambda p: _("this program has answered for round {round} already").format(
        round=int(p["round"])),
    "bad_size": lambda p: _("a commitment or a value is 32 bytes, written as 64 hex digits"),
    "commitment_mismatch": lambda p: _("the value does not match the commitment"),
    "value_replayed": lambda p: _("that value was used before in this game"),
    "journal_failed": lambda p: _("the host could not save the move (is its disk full?); it was "
                                  "not made"),
    "internal": lambda p: _("the host hit a bug handling this request (it is logged)"),
    "not_owner": _not_owner,
    "seat_requested": lambda p: _("{name} has asked for seat {seat} already").format(
        name=p["name"], seat=_seat(p)),
    "no_request": lambda p: _("nobody is asking for seat {seat}").format(seat=_seat(p)),
    "withdrawn": lambda p: _("you took back your request for the seat"),
    "too_many_requests": lambda p: ngettext(
        "{count} request for a seat from your address waits at this table already; ask again "
        "once it is answered",
        "{count} requests for seats from your address wait at this table already; ask again "
        "once one is answered", int(p["count"])).format(count=int(p["count"])),
    "not_over": _not_over,
    "already_waiting": lambda p: _("you wait for a seat at table '{table}' already; stop "
                                   "waiting there first").format(table=_named(p, "name")),
    "not_waiting": lambda p: _("you wait for a seat at no table"),
    "evicted": lambda p: _("the host was full: this connection, without a seat, made room "
                           "for a newcomer"),
    "too_many_guesses": lambda p: ngettext(
        "too many wrong passwords: try again in {count} second",
        "too many wrong passwords: try again in {count} seconds",
        int(p["seconds"])).format(count=int(p["seconds"])),
}


def error_words(error: HostError) -> str:
    """A host's error in the reader's language: the engine's reason when it carries one,
    else its code's words; the host's English when neither can be read."""
    params = error.params
    try:
        if "reason" in params:
            return reason_words(reason_from_dict(params, error.message))
        words = ERROR_WORDS.get(error.code)
        return words(params) if words is not None else error.message
    except (NotationError, KeyError, TypeError, ValueError):
        return error.message
