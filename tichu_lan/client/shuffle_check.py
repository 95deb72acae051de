"""This program's part in the shared shuffle, and its check of every round it plays.

A host that shuffles with its guests says so in its welcome (`Limits.shuffle`); the client
then takes part (`take_part`). Before each round the host asks for a commitment to a fresh
random value, then, once every seat's commitment is in, for the value (`ShuffleStep`).
While the round is played the client keeps what its seat sees: each move's public events
and its own hand after it (`engine.round_check.Seen`). When the round is over the host
shows what the round kept hidden (`Proof`): the client checks that the host kept its word
(`engine.shared_deal.check_shuffle`), that its own commitment and value went into the
seed, that the deck is the seed's, and replays the round's moves against the deck
(`engine.round_check.check_moves`). It tells its listeners what it found (`RoundChecked`)
and the host too (`checked`), which passes a failure on to everyone at the table.

A round the client saw only in part (it sat down in the middle, or its connection dropped
when the proof came) is checked as far as it was seen; a round's deal is marked verified
only if this client helped shuffle it and saw it dealt.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from twisted.internet import defer

from engine import Deal, NotationError, Phase, RuleSet, parse_card
from engine.game import deck_of
from engine.round_check import Seen, check_moves, round_start
from engine.shared_deal import Finding, Shuffle, check_shuffle, commitment, value_of

from ..host_messages import (Answer, HostMessage, Proof, RoundChecked, ShuffleStep, ViewMessage,
                             Welcome)
from ..protocol import SHUFFLE_VERSION, Message

KEPT_ROUNDS = 3         # rounds remembered while their proofs may still come


@dataclass
class Helped:
    """What this client gave to a round's shuffle, and what it was shown."""

    promise: str                    # the host's commitment to its secret
    value: bytes
    committed: bool = False         # the host took the commitment
    revealed: bool = False          # ... and the value
    shown: tuple[str, ...] = ()     # every seat's commitment, as shown before the values


@dataclass
class Watched:
    """A round as this seat saw it: where it began, and what it saw (`Seen`)."""

    rules: RuleSet
    dealer: int
    scores: tuple[int, int]
    seen: Seen
    proved: bool = False            # its proof came (or cannot come any more)
    excused: bool = False           # the connection dropped: a missing proof is no fault


@dataclass
class ShuffleCheck:
    send: Callable[[Message], defer.Deferred[Answer]]
    tell: Callable[[RoundChecked], None]
    helping: bool = False
    helped: dict[int, Helped] = field(default_factory=dict)
    rounds: dict[int, Watched] = field(default_factory=dict)
    checked: dict[int, RoundChecked] = field(default_factory=dict)
    deals: dict[int, Deal] = field(default_factory=dict)     # by move: each proved deal
    last_seq: int = 0                                         # of the last view seen
    table: int | None = None                                  # of the last step or view

    def heard(self, message: HostMessage) -> None:
        if isinstance(message, Welcome):
            self.helping = message.limits.shuffle >= SHUFFLE_VERSION
            if self.helping:
                self._ask({"type": "take_part", "shuffle": SHUFFLE_VERSION})
        elif isinstance(message, ShuffleStep):
            self._step(message)
        elif isinstance(message, ViewMessage):
            self._saw(message)
        elif isinstance(message, Proof):
            self._prove(message)

    def lost(self) -> None:
        """The connection dropped: a proof that came meanwhile is missed, not withheld."""
        for watched in self.rounds.values():
            watched.excused = True

    # --- the shuffle ----------------------------------------------------------------

    def _at(self, table: int) -> None:
        """A step or view of another table than the last (an evening moved this seat on):
        nothing this program gave to the last table's shuffles counts here, where a round
        dealt from another table's seed has no shuffle of its own (docs/SHUFFLE.md)."""
        if table != self.table:
            if self.table is not None:
                self._new_game()
            self.table = table

    def _step(self, step: ShuffleStep) -> None:
        self._at(step.table)
        if step.step == "commit":
            known = self.helped.get(step.round)
            if known is None or known.promise != step.host:
                if known is not None:       # a new game's: the last game is over
                    self._new_game()
                self._missing_proofs(step.round - 1)
                self.helped[step.round] = Helped(step.host, secrets.token_bytes(32))
                _forget_old(self.helped, step.round)
            helped = self.helped[step.round]

            def committed(answer: Answer) -> None:
                helped.committed = True
            self._ask({"type": "commit", "round": step.round,
                       "commitment": commitment(helped.value)}, committed)
        elif step.round in self.helped:
            helped = self.helped[step.round]
            helped.shown = step.commitments or ()

            def revealed(answer: Answer) -> None:
                helped.revealed = True
            self._ask({"type": "reveal", "round": step.round, "value": helped.value.hex()},
                      revealed)

    def _ask(self, request: Message,
             then: Callable[[Answer], None] | None = None) -> None:
        d = self.send(request)
        if then is not None:
            d.addCallback(then)
        d.addErrback(lambda failure: None)      # refused or lost: the round goes on without

    # --- what the seat sees -----------------------------------------------------------

    def _new_game(self, shuffled: bool = True) -> None:
        """A new game at the table (`play_again`): its rounds count from 1 again (its first
        view comes after its first shuffle, which has begun afresh already)."""
        if shuffled:
            self.helped.clear()
        self.rounds.clear()
        self.checked.clear()
        self.deals.clear()

    def _saw(self, message: ViewMessage) -> None:
        view = message.view
        if view.spectator or view.round_no < 1:
            return
        self._at(message.table)
        if message.seq < self.last_seq:
            self._new_game(shuffled=False)
        self.last_seq = message.seq
        watched = self.rounds.get(view.round_no)
        if watched is None and view.phase is Phase.OVER:
            return      # seated once the round was over (its end let them in): none of it seen
        if watched is None:
            self._missing_proofs(view.round_no - 2)
            watched = Watched(view.rules, view.dealer, view.scores,
                              Seen(view.round_no, view.seat))
            self.rounds[view.round_no] = watched
            _forget_old(self.rounds, view.round_no)
        seen = watched.seen
        if message.log is None:
            seen.events[message.seq] = message.events
        for logged in message.log or ():        # a newcomer's view: the moves are its log's
            seen.events[logged.seq] = logged.events
        seen.hands[message.seq] = view.hand
        for earlier in self.rounds.values():        # a move that ended the round before
            if earlier is not watched and message.seq not in earlier.seen.events:
                earlier.seen.events[message.seq] = message.events

    def _missing_proofs(self, up_to: int) -> None:
        """Rounds up to ``up_to`` whose proof should have come by now."""
        for round_no, watched in self.rounds.items():
            if round_no <= up_to and not watched.proved and not watched.excused:
                watched.proved = True
                self._found(round_no, False, Finding(
                    "no_proof", f"the host did not show round {round_no}'s proof",
                    {"round": round_no}))

    # --- the check ----------------------------------------------------------------------

    def _prove(self, proof: Proof) -> None:
        watched = self.rounds.get(proof.round)
        if watched is None or watched.proved or proof.cut:
            return
        watched.proved = True
        finding, seed = self._check_deal(proof)
        if finding is None:
            start = round_start(watched.rules, proof.round, watched.dealer, watched.scores,
                                _deck(proof) or [])
            finding = check_moves(start, proof.deal, proof.moves, watched.seen)
        helped = self.helped.get(proof.round)
        shared = helped is not None and seed is not None and proof.deal in watched.seen.hands
        if finding is None and seed is not None:
            self.deals[proof.deal] = Deal(watched.dealer, seed)
        self._found(proof.round, shared, finding)

    def _check_deal(self, proof: Proof) -> tuple[Finding | None, str | None]:
        """Whether the deck came from the shared seed (and the host kept its word), and the
        seed; no finding and no seed for a round dealt from the game's own seed."""
        deck = _deck(proof)
        if deck is None:
            return _not_from_seed(), None
        helped = self.helped.get(proof.round)
        if proof.shuffle is None:
            return (_not_from_seed() if helped is not None else None), None
        shown = proof.shuffle
        secret = value_of(shown.secret)
        values = [value_of(v) if v else None for v in shown.values]
        if secret is None or any(v and value_of(v) is None for v in shown.values):
            return _not_from_seed(), None
        shuffle = Shuffle(proof.round, secret, tuple(c or None for c in shown.commitments),
                          tuple(values))
        finding = self._own_part(proof, shuffle, helped)
        finding = finding or check_shuffle(shuffle, helped.promise if helped else None)
        seed = shuffle.seed()
        if finding is None and deck != deck_of(0, proof.round, seed):
            finding = _not_from_seed()
        return finding, seed

    def _own_part(self, proof: Proof, shuffle: Shuffle,
                  helped: Helped | None) -> Finding | None:
        """Every commitment is the one shown before the values, and this seat's value, given
        in time, is in the seed."""
        watched = self.rounds[proof.round]
        me = watched.seen.seat
        if helped is None or me >= len(shuffle.values):
            return None
        for seat, shown in enumerate(helped.shown):
            if shown and shuffle.commitments[seat] != shown:
                return Finding("commitment_changed", f"seat {seat}'s commitment is not the one "
                               "shown before the values", {"seat": seat})
        if helped.committed and shuffle.commitments[me] != commitment(helped.value):
            return Finding("commitment_changed", f"seat {me}'s commitment is not the one its "
                           "program gave", {"seat": me})
        if helped.revealed and shuffle.values[me] != helped.value:
            return Finding("value_dropped", f"seat {me}'s value, given in time, was left out "
                           "of the deal", {"seat": me})
        return None

    def _found(self, round_no: int, shared: bool, finding: Finding | None) -> None:
        result = RoundChecked(round=round_no, ok=finding is None, shared=shared,
                              finding=_plain(finding) if finding else None)
        self.checked[round_no] = result
        _forget_old(self.checked, round_no, 50)
        self.tell(result)
        if self.helping:
            request: Message = {"type": "checked", "round": round_no, "ok": finding is None}
            if finding is not None:
                request["finding"] = _plain(finding)
            self._ask(request)


def _deck(proof: Proof) -> list[int] | None:
    try:
        deck = [int(parse_card(text)) for text in proof.deck]
    except NotationError:
        return None
    return deck if sorted(deck) == list(range(56)) else None


def _not_from_seed() -> Finding:
    return Finding("deal_not_from_seed", "the cards were not dealt from the shared seed")


def _plain(finding: Finding) -> dict[str, Any]:
    return finding.to_dict()


def _forget_old(kept: dict[int, Any], newest: int, keep: int = KEPT_ROUNDS) -> None:
    for round_no in [r for r in kept if r <= newest - keep]:
        del kept[round_no]
