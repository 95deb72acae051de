"""A player at the keyboard: looks at the table screen and answers with keystrokes only.

It makes every kind of decision through the keys a person uses (Grand Tichu,
the exchange, a Tichu call, hints, passes, the wish, the Dragon gift, the duel's
discard and draft) and records which it met, so that a test can require them.
It reads the screen's `TableModel` and the client's move number, nothing else.
"""

from __future__ import annotations

import random

from engine import Call, Phase, check_play, IllegalAction
from engine.cards import DRAGON_ID, MAHJONG_ID, DRAGON_BIT, MAHJONG_BIT, PHOENIX_ID
from engine.enumeration import bombs
from tichu_lan.tui.dialogs import Choice


class KeyPlayer:
    def __init__(self, driver, model, client, seed: int = 0, call_tichu: bool = True) -> None:
        self.driver, self.model, self.client = driver, model, client
        self.rng = random.Random(seed)
        self.call_tichu = call_tichu
        self.met: set[str] = set()
        self.overlays_seen: list[str] = []

    @property
    def view(self):
        return self.model.view

    def actionable(self) -> bool:
        s, v = self.model, self.view
        if s.busy or v is None:
            return False
        return bool(s.overlays or s.forced or v.winner >= 0 or
                    (s.exchanging is not None and v.my_exchange is None) or s.options.waiting)

    async def play_game(self, timeout: float = 60.0) -> None:
        while True:
            await self.driver.until(self.actionable, timeout, "something to do")
            if self.view.winner >= 0 and not self.model.overlays:
                return
            await self.step()

    async def step(self) -> None:
        s, v = self.model, self.view
        if s.overlays:
            return await self.close_overlay(s.overlays[-1])
        if s.forced is not None:
            return await self.forced(v.phase)
        if s.exchanging is not None:
            return await self.exchange()
        if s.options.discard:
            return await self.discard()
        if s.options.waiting and v.phase is Phase.PLAY:
            return await self.play()

    async def keys(self, *keys: str) -> None:
        """Type keys and wait until the host has answered the move they make (or refused it)."""
        seq, errors = self.client.seq, self.model.errors
        self.driver.press(*keys)
        await self.driver.until(lambda: not self.model.busy and (
            self.client.seq != seq or self.model.errors != errors), what=f"keys {keys}")

    async def close_overlay(self, top) -> None:
        self.overlays_seen.append(top.title)
        if "is over" in top.title:
            self.met.add("round summary")
        if top.title == "Game over":
            self.met.add("game over")
        self.driver.press("y" if isinstance(top, Choice) else "enter")
        await self.driver.until(lambda: top not in self.model.overlays, what="overlay closed")

    async def forced(self, phase: Phase) -> None:
        if phase is Phase.GRAND:
            self.met.add("grand")
            return await self.keys("n")
        if phase is Phase.WISH:
            self.met.add("wish")
            return await self.keys(self.rng.choice("23456789jqka0n"))
        if phase is Phase.DRAGON:
            self.met.add("dragon")
            return await self.keys(self.rng.choice("lr"))
        if phase is Phase.DRAFT:
            self.met.add("draft")
            return await self.keys(self.rng.choice("yn"))

    def keep(self) -> int:
        """Cards worth keeping through the exchange and the discard: specials and bombs."""
        keep = MAHJONG_BIT | DRAGON_BIT | (1 << PHOENIX_ID)
        for bomb in bombs(self.view.hand):
            keep |= bomb.cards
        return keep

    def three_spares(self) -> list[str]:
        """The keys that walk the cursor to three cards not worth keeping, pressing Space
        at each."""
        hand, keep = self.model.hand, self.keep()
        keys: list[str] = []
        cursor = hand.cursor
        for index in [i for i, c in enumerate(hand.cards) if not keep >> c & 1][:3]:
            step = "right" if index >= cursor else "left"     # the cursor stops at the ends
            keys += [step] * abs(index - cursor) + ["space"]
            cursor = index
        return keys

    async def exchange(self) -> None:
        self.met.add("exchange")
        await self.keys(*self.three_spares(), "enter")

    async def discard(self) -> None:
        self.met.add("discard")
        hand = self.model.hand
        if hand.mask:
            self.driver.press("escape")
            await self.driver.until(lambda: not hand.mask, what="selection cleared")
        self.driver.press(*self.three_spares(), "enter")
        await self.driver.until(lambda: self.model.overlays, what="discard confirmation")
        await self.keys("y")

    async def play(self) -> None:
        s, v = self.model, self.view
        if self.call_tichu and s.options.tichu and v.calls[v.seat] is Call.NONE:
            self.call_tichu = False
            self.met.add("tichu")
            self.driver.press("t")
            await self.driver.until(lambda: s.overlays, what="Tichu confirmation")
            return await self.keys("y")
        if s.hand.mask:
            self.driver.press("escape")
            await self.driver.until(lambda: not s.hand.mask, what="selection cleared")
        for card, key in ((DRAGON_ID, "r"), (MAHJONG_ID, "1")):
            if v.hand >> card & 1 and self.legal(1 << card) and (card != DRAGON_ID or v.top):
                self.met.add("special")
                return await self.keys(key, "enter")
        if s.options.can_pass and self.rng.random() < 0.3:
            self.met.add("pass")
            return await self.keys("p")
        self.met.add("hint")
        await self.keys(*["tab"] * self.rng.randint(1, 2), "enter")

    def legal(self, cards: int) -> bool:
        try:
            check_play(self.view, cards)
            return True
        except IllegalAction:
            return False
