"""Every moment of a game the table screen draws, made with the engine alone (no host).

A `Scene` is a `TableModel` fed the views and events of seat 0 as a game is played
by steered random moves up to the moment named (the wish, the Dragon gift, the
round's end ...), with the seats named as a test asks (long names of wide
characters, say); `harness.Bench` draws it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from engine import (CLASSIC, DUEL, GameState, Pass, Phase, Play, RuleSet, apply,
                    legal_actions, new_game, trick_to_collect, view, waiting_for)
from engine.cards import DRAGON_ID, MAHJONG_ID
from engine.events import Event
from tests.support import typed_host
from tichu_lan.table_info import SeatInfo, TableInfo
from tichu_lan.tui.faces import Faces
from tichu_lan.tui.table_model import TableModel

Steer = Callable[[GameState, int, list], object]


def table_info(names: list[str], duel: bool, bots: tuple[int, ...] = ()) -> TableInfo:
    seats = [SeatInfo(seat=i, kind="bot" if i in bots else "person", name=name,
                      connected=True, bot="calm" if i in bots else None)
             for i, name in enumerate(names[:2 if duel else 4])]
    return typed_host.table(seats, duel=duel, name=f"{names[0]}'s table",
                            options={"collect": 0.0})


def _steered(game: GameState, seat: int, actions: list, rng: random.Random):
    """Steer towards the special moments: seat 0 leads the Mah Jong and plays the Dragon
    when it can, the others pass on the Dragon, nobody calls Grand Tichu."""
    round_ = game.round
    if round_.phase is Phase.GRAND:
        return next(a for a in actions if not a.call)
    if round_.phase is Phase.PLAY:
        plays = [a for a in actions if isinstance(a, Play)]
        if seat == 0:
            for special in (MAHJONG_ID, DRAGON_ID):
                single = [a for a in plays if a.cards == 1 << special]
                if single:
                    return single[0]
        top = round_.top
        if top is not None and round_.top_seat == 0 and top.cards == 1 << DRAGON_ID:
            passes = [a for a in actions if isinstance(a, Pass)]
            if passes:
                return passes[0]
    return rng.choice(actions)


def play_to(rules: RuleSet, seed: int, until: Callable[[GameState, list[Event]], bool],
            limit: int = 5000) -> tuple[GameState, list[Event]]:
    """The game from ``seed`` by steered moves until ``until(game, events of the last move)``;
    returns the game and every event seat 0 was told on the way."""
    rng = random.Random(seed)
    game = new_game(rules, seed)
    told: list[Event] = []
    if until(game, []):
        return game, told
    for _ in range(limit):
        collect, waiting = trick_to_collect(game), waiting_for(game)
        if collect is not None:                    # nobody bombs: the host collects it
            game, events = apply(game, collect)
        elif not waiting:
            break
        else:
            seat = waiting[0]
            game, events = apply(game, _steered(game, seat, legal_actions(game, seat), rng))
        told += events
        if until(game, events):
            return game, told
    raise AssertionError("the game never reached the moment asked for")


def deciding(phase: Phase) -> Callable[[GameState, list[Event]], bool]:
    """Seat 0 has to decide in ``phase`` now."""
    return lambda game, _: not game.over and game.round.phase is phase and \
        0 in waiting_for(game)


def after_event(kind: str) -> Callable[[GameState, list[Event]], bool]:
    return lambda game, events: any(e.type == kind for e in events)


@dataclass
class Scene:
    name: str
    model: TableModel


def scene(name: str, rules: RuleSet, seed: int, until, names: list[str], *, ascii: bool,
          bots: tuple[int, ...] = (), seat: int = 0, role: str = "play") -> Scene:
    """The table at the moment ``until`` finds; the pages of earlier rounds were read."""
    game, told = play_to(rules, seed, until)
    first = max((i for i, event in enumerate(told) if event.type == "round_ended"),
                default=len(told))
    model = TableModel(Faces(ascii=ascii), role=role, others=lambda: names[1:3])
    model.catch_up(None, table_info(names, rules.duel, bots),
                   typed_host.welcome(host=f"{names[0]}'s host"))
    model.new_view(view(game, seat), told[:first])
    model.overlays.clear()
    model.new_view(view(game, seat), told[first:])
    return Scene(name, model)


def scenes(names: list[str], ascii: bool, bots: tuple[int, ...] = ()) -> list[Scene]:
    """The table in each moment a player meets, classic and duel (``bots``: the seats bots
    play at the classic table)."""
    classic = RuleSet(CLASSIC.variant, 300)
    duel = RuleSet(DUEL.variant, 300)

    def at(name: str, until, seat: int = 0) -> Scene:
        return scene(name, classic, 13, until, names, ascii=ascii, bots=bots, seat=seat)

    def duelling(name: str, until) -> Scene:
        return scene(name, duel, 16, until, names, ascii=ascii)

    return [
        at("grand tichu", deciding(Phase.GRAND)),
        at("exchange", deciding(Phase.EXCHANGE)),
        at("lead", lambda g, e: deciding(Phase.PLAY)(g, e) and not g.round.trick),
        at("wish", deciding(Phase.WISH)),
        at("dragon gift", deciding(Phase.DRAGON)),
        at("trick", lambda g, e: deciding(Phase.PLAY)(g, e) and len(g.round.trick) >= 3),
        at("round over", after_event("round_ended")),
        at("game over", after_event("game_ended")),
        at("watching", deciding(Phase.PLAY), seat=-1),
        duelling("duel discard", deciding(Phase.DISCARD)),
        duelling("duel draft", deciding(Phase.DRAFT)),
        duelling("duel over", after_event("game_ended")),
    ]


def lobby_table(names: list[str], state: str = "waiting", owner: int = 0,
                name: str | None = None) -> TableInfo:
    """A classic table as the lobby lists it: a person, an away person, a bot, an empty
    seat (its ``name`` by default the first person's)."""
    seats = [typed_host.person(0, names[0]),
             typed_host.person(1, names[1], connected=False, takeover_in=41.5),
             typed_host.bot(2), typed_host.empty(3)]
    name = f"{names[0]}'s table"[:32] if name is None else name
    return typed_host.table(seats, state=state, name=name, spectators=1,
                            password=True, seq=0, owner=owner, options={"collect": 0.0})


JOIN_HINT = [("Others join with: tichu join (it lists this game), or tichu join "
              "10.88.0.1:47474, or tichu join [fd00:1234:5678::1]:47474 (and your password)")]
ADDRESSES = ("10.88.0.1:47474", "[fd00:1234:5678::1]:47474")
