"""Clients that play by themselves through the real protocol.

An `AutoPlayer` watches its client's views and answers whenever the game waits
for its seat, with `calm_decision` (random legal moves that rarely call Tichu,
so games end) or any ``decide(view, rng)`` you give it. It keeps one move in
flight at a time, records the moves the host accepted (and the won tricks the
host collected itself, from the views that showed them waiting), and picks up
again after a reconnect.

Every round it plays is checked by its client once it is over (the shared shuffle's
proof, `tichu_lan.client.shuffle_check`): `checked` keeps what the client found, and
`settle`, `play_until` and `all_moves` fail the test when a round did not hold, so that
every test that plays rounds through the protocol checks them. The host's deals, which
a client learns from each round's proof, complete `all_moves`.
"""

from __future__ import annotations

import random
from typing import Any
from collections.abc import Callable

from twisted.internet import defer
from twisted.logger import Logger

from engine import (Action, CollectTrick, GameState, Phase, RuleSet, SeatView, action_from_dict,
                    options_for_view, replay)
from tichu_lan.client import Disconnected, TichuClient
from tichu_lan.host_messages import ConnectionNotice, Heard, RoundChecked, ViewMessage
from tichu_lan.protocol import HostError

from .random_games import calm_decision

log = Logger()
Decide = Callable[[SeatView, random.Random], Action]
# Refusals a correct client can still meet: the table moved on between its view and its move.
RACE_CODES = {"not_your_turn", "wrong_phase", "illegal_play", "game_over"}
RATE_BACKOFF = 0.2     # seconds to wait after the host's rate limit refused a move


class AutoPlayer:
    def __init__(self, client: TichuClient, seed: int = 0, decide: Decide = calm_decision) -> None:
        self.client = client
        self.rng = random.Random(seed)
        self.decide = decide
        self.paused = False
        self.in_flight = False
        self.accepted: dict[int, dict[str, Any]] = {}     # seq -> the move's dict
        self.waiting_tricks: dict[int, int] = {}          # seq -> the winner of a trick waiting
        self.refused: list[HostError] = []
        self.checked: dict[int, RoundChecked] = {}       # round -> what the client found
        self.finished: defer.Deferred[SeatView] = defer.Deferred()
        self.unsubscribe = client.subscribe(self._on_message)
        self._maybe_move()

    def pause(self) -> None:
        self.paused = True

    def resume(self) -> None:
        self.paused = False
        self._maybe_move()

    def stop(self) -> None:
        self.paused = True
        self.unsubscribe()

    @property
    def idle(self) -> bool:
        return not self.in_flight

    def _on_message(self, message: Heard) -> None:
        if isinstance(message, RoundChecked):
            self.checked[message.round] = message
            if not message.ok:
                log.error("round {round} did not hold: {finding}", round=message.round,
                          finding=message.finding)
            self._maybe_move()
        if isinstance(message, ViewMessage) and message.view.phase is Phase.COLLECT:
            self.waiting_tricks[message.seq] = message.view.top_seat
        if isinstance(message, ViewMessage) or \
                isinstance(message, ConnectionNotice) and message.state == "restored":
            self._maybe_move()

    def _maybe_move(self) -> None:
        view = self.client.view
        if view is None or not self.client.connected:
            return
        if view.winner >= 0:
            last_checked = not self.client.checks.helping or view.round_no in self.checked
            if not self.finished.called and last_checked:
                self.finished.callback(view)
            return
        if self.paused or self.in_flight or not options_for_view(view).waiting:
            return
        action = self.decide(view, self.rng)
        self.in_flight = True
        self.client.act(action).addCallbacks(self._accepted, self._refused,
                                             callbackArgs=(action,))

    def _accepted(self, seq: int, action: Action) -> None:
        self.accepted[seq] = action.to_dict()
        self.in_flight = False
        self._maybe_move()

    def _refused(self, failure) -> None:
        self.in_flight = False
        if failure.check(HostError) and failure.value.code == "rate_limited":
            from twisted.internet import reactor
            reactor.callLater(RATE_BACKOFF, self._maybe_move)
            return
        if failure.check(HostError):
            self.refused.append(failure.value)
            if failure.value.code not in RACE_CODES:
                log.error("move refused, stopping: {error!r}", error=failure.value)
                self.paused = True
                return
        elif not failure.check(Disconnected):
            log.failure("move failed", failure)
        self._maybe_move()


def assert_rounds_held(players: list[AutoPlayer]) -> None:
    """Every round a player's client checked held."""
    failed = [(p.client.name, c) for p in players for c in p.checked.values() if not c.ok]
    assert not failed, f"rounds that did not hold: {failed}"


def rounds_checked(players: list[AutoPlayer], rounds: int) -> bool:
    """Whether each player's client has checked every one of the first ``rounds`` rounds
    (its proof comes just after the move that ended it)."""
    return all(set(range(1, rounds + 1)) <= set(p.checked) for p in players)


def all_moves(players: list[AutoPlayer]) -> list[dict[str, Any]]:
    """Every accepted move of a table's players in order, with the host's own between them
    (the deals their clients checked, the collections of won tricks); fails if one is
    missing, or if a round a client checked did not hold."""
    assert_rounds_held(players)
    moves: dict[int, dict[str, Any]] = {}
    for player in players:
        moves.update({seq: deal.to_dict() for seq, deal in player.client.checks.deals.items()})
        moves.update(player.accepted)
    for player in players:
        for seq, winner in player.waiting_tricks.items():
            if seq + 1 not in moves and any(later > seq for later in moves):
                moves[seq + 1] = CollectTrick(winner).to_dict()
    assert sorted(moves) == list(range(1, len(moves) + 1)), "a move is missing"
    return [moves[seq] for seq in sorted(moves)]


def settle(players: list[AutoPlayer], timeout: float = 10.0) -> defer.Deferred[None]:
    """Pause everyone and wait until no move is in flight and every client saw the same move."""
    from .live_host import wait_until
    for player in players:
        player.pause()

    def settled() -> bool:
        seqs = {p.client.seq for p in players}
        return all(p.idle for p in players) and len(seqs) == 1

    return wait_until(settled, timeout).addCallback(lambda _: assert_rounds_held(players))


def replayed(rules: RuleSet, seed: int, moves: list[dict[str, Any]]) -> GameState:
    """The game ``moves`` make (a shared game's begin with its first deal)."""
    shared = bool(moves) and moves[0]["type"] == "deal"
    return replay(rules, seed, [action_from_dict(m) for m in moves], shared=shared)


def play_until(players: list[AutoPlayer], condition,
               timeout: float = 20.0) -> defer.Deferred[None]:
    """Let everyone play until ``condition()`` holds, then `settle`."""
    return defer.ensureDeferred(_play_until(players, condition, timeout))


async def _play_until(players: list[AutoPlayer], condition, timeout: float) -> None:
    from .live_host import wait_until
    for player in players:
        player.resume()
    await wait_until(condition, timeout)
    await settle(players, timeout)
