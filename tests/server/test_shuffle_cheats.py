"""A host that cheats is caught (issue 30): it changes its secret after the commitments,
deals from another seed, lets a pass break the wish, or swaps a card in the exchange, and
every program at the table finds it and names it (or, where only one seat can see it, is
told by the program that found it)."""

from __future__ import annotations

import random
import secrets

import pytest_twisted

from engine import IllegalAction, Pass, Phase, Wish, format_cards, options_for_view
from engine.cards import MAHJONG_BIT, cards_of, mask_of, rank_of
from engine.state import evolve, replace_at
from tests.support.autoplay import AutoPlayer
from tests.support.live_host import connect, wait_until
from tests.support.random_games import calm_decision
from tests.support.shuffle_table import Listener, people_at_a_table
from tichu_lan.server import table_moves

NAMES = ["Ann", "Bob", "Cat", "Dan"]


async def four_people(host, target=1000):
    clients = await people_at_a_table(host.port, NAMES, "classic", target)
    heard = [Listener(c) for c in clients]
    (table,) = host.lobby.tables.values()
    return clients, heard, table


def play(clients, decide=calm_decision):
    return [AutoPlayer(c, seed=i, decide=decide) for i, c in enumerate(clients)]


async def checked_by_all(heard, round_no, timeout=20.0):
    await wait_until(lambda: all(round_no in h.checked for h in heard), timeout=timeout)


async def close(clients, players):
    for player in players:
        player.stop()
    for client in clients:
        await client.close()


@pytest_twisted.ensureDeferred
async def test_a_secret_changed_after_the_commitments_is_found_by_everyone(host):
    clients, heard, table = await four_people(host)
    await clients[0].start()
    players = play(clients)
    await wait_until(lambda: table.game.round_no == 1)
    table.shuffle.current.secret = secrets.token_bytes(32)      # after every value was in
    await checked_by_all(heard, 1)
    assert [h.found(1) for h in heard] == ["secret_changed"] * 4
    await wait_until(lambda: all(len(h.told("round_check_failed")) == 4 for h in heard))
    await checked_by_all(heard, 2)
    assert [h.found(2) for h in heard] == [None] * 4                   # an honest round again
    await close(clients, players)


@pytest_twisted.ensureDeferred
async def test_a_deal_from_another_seed_is_found_by_everyone(host):
    clients, heard, table = await four_people(host)
    honest = table.shuffle.deal
    table.shuffle.deal = lambda seed: honest(secrets.token_hex(32))
    await clients[0].start()
    players = play(clients)
    await checked_by_all(heard, 1)
    assert [h.found(1) for h in heard] == ["deal_not_from_seed"] * 4
    await close(clients, players)


@pytest_twisted.ensureDeferred
async def test_a_pass_that_broke_the_wish_is_found_by_everyone(host, monkeypatch):
    clients, heard, table = await four_people(host)
    cheated: list[int] = []
    honest_apply = table_moves.apply

    def lenient(game, action):
        try:
            return honest_apply(game, action)
        except IllegalAction as exc:
            if not isinstance(action, Pass) or exc.reason.code != "wish_must_be_played":
                raise
        wish = game.round.wish
        after, events = honest_apply(evolve(game, round=evolve(game.round, wish=0)), action)
        cheated.append(game.round_no)
        return evolve(after, round=evolve(after.round, wish=wish)), events

    monkeypatch.setattr(table_moves, "apply", lenient)

    def decide(view, rng):
        opts = options_for_view(view)
        if view.seat == 0 and view.wish and view.trick and view.phase is Phase.PLAY \
                and view.turn == 0 and not opts.can_pass:
            return Pass(0)                                   # breaks the wish, knowingly
        if opts.wish:                                        # wish for what Ann holds
            ranks = sorted({rank_of(c) for c in cards_of(table.game.round.hands[0])
                            if 2 <= rank_of(c) <= 14})
            if ranks:
                return Wish(view.seat, random.choice(ranks))
        return calm_decision(view, rng)

    await clients[0].start()
    players = play(clients, decide)
    await wait_until(lambda: cheated, timeout=60)
    round_no = cheated[0]
    await checked_by_all(heard, round_no, timeout=30)
    for listener in heard:
        checked = listener.checked[round_no]
        assert checked.finding["code"] == "illegal_move"
        params = checked.finding["params"]
        assert params["seat"] == 0 and params["action"]["type"] == "pass"
        assert params["reason"]["reason"] == "wish_must_be_played"
    await close(clients, players)


@pytest_twisted.ensureDeferred
async def test_a_card_swapped_in_the_exchange_is_found_and_everyone_is_told(host, monkeypatch):
    clients, heard, table = await four_people(host)
    swapped: list[tuple[int, int, int]] = []        # (round, the card given, the one got)
    honest_apply = table_moves.apply

    def swapping(game, action):
        after, events = honest_apply(game, action)
        state = after.round
        if swapped or not any(e.type == "exchange_done" for e in events):
            return after, events
        given = state.received[1][2]                 # what Ann gave Bob
        others = [c for c in cards_of(state.hands[3]) if c not in state.received[3]]
        if (1 << given) & MAHJONG_BIT or not others or (1 << others[0]) & MAHJONG_BIT:
            return after, events
        got = others[0]
        hands = replace_at(state.hands, 1, state.hands[1] & ~mask_of([given]) | mask_of([got]))
        hands = replace_at(hands, 3, hands[3] & ~mask_of([got]) | mask_of([given]))
        received = replace_at(state.received, 1, (*state.received[1][:2], got))
        swapped.append((after.round_no, given, got))
        return evolve(after, round=evolve(state, hands=hands, received=received)), events

    monkeypatch.setattr(table_moves, "apply", swapping)
    eve = await connect(host.port, "Eve")
    await eve.spectate(table.id)
    watched = Listener(eve)
    await clients[0].start()
    players = play(clients)
    await wait_until(lambda: swapped, timeout=30)
    round_no = swapped[0][0]
    await checked_by_all(heard, round_no, timeout=30)
    assert heard[1].found(round_no) == "exchange_swapped" == heard[3].found(round_no)
    _round, given, got = swapped[0]
    params = heard[1].checked[round_no].finding["params"]
    assert (params["cards"], params["expected"]) == (format_cards(1 << got),
                                                     format_cards(1 << given))
    await wait_until(lambda: all(len(h.told("round_check_failed")) >= 2 for h in heard))
    for listener in heard:          # found by itself, or told by the seats that did
        told = {n["code"] for n in listener.told("round_check_failed")}
        assert listener.found(round_no) in ("exchange_swapped", "illegal_move") \
            or "exchange_swapped" in told
    await wait_until(lambda: len(watched.told("round_check_failed")) >= 2)   # a spectator too
    assert {n["round"] for n in watched.told("round_check_failed")} == {round_no}
    await close([*clients, eve], players)
