"""Bots' thinking shared fairly: whose decision a thinker (a bot worker process, or the threads
where no worker can start) takes next, and how long it may think.

Anyone may open tables of slow bots, so their thinking is shared like the connections and the
tables. Three rules keep one guest's tables, or many guests', from holding up the bots of
everyone else:

- **A decision nobody needs is never computed.** One waiting for a table that has closed, a
  bot that has left its seat, or a position the table has moved on from is dropped when its
  turn comes (its bot is asked again about the new position, in its table's turn); one being
  computed is cut short, and its answer is not played.
- **Turns go round.** The next decision is one of the address served longest ago among the
  addresses that opened tables with decisions waiting (a table resumed from its journal counts
  as an address of its own), and within that address, of its table served longest ago: a
  decision waits for the one being thought about and at most one decision of each other
  address, and of each other table of its own address.
- **While others wait, nobody thinks long.** A decision that starts, or goes on, while
  decisions of W other addresses wait may think for `PATIENCE` / W seconds in all (the
  `hard` bot then plays the best move it has found so far, at worst the heuristic's). Nobody
  waiting, a bot thinks up to its full cap.

So a round of turns takes about `PATIENCE` however many addresses take part, plus the last
step each decision takes once cut short (a deal played out: tens of milliseconds): a burst of
tables from one address or from many delays another table's bot by about half a second, less
than the pause before a bot's move is shown (`Pacing.bot_delay`, 0.8 s), within which its
decision is made anyway.

A table nobody watches (the bots' reference table of a solo duplicate set,
`server/reference_table.py`) asks in the **background**: its decisions are taken only while no
other decision waits, and one being thought about is cut short as soon as another comes, so it
never holds up a move anyone waits for beyond the last step of a cut-short decision.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from twisted.internet import defer

from engine import Action, SeatView

PATIENCE = 0.5      # seconds a round of turns may take while decisions wait
KEPT = 4096         # addresses and tables whose last turn is remembered


def always() -> bool:
    return True


@dataclass(frozen=True)
class Asking:
    """Who asks a bot to decide: the address that opened its table and the table (whose turn
    it is), and whether the answer is still wanted when its turn comes."""

    address: str
    table: int
    wanted: Callable[[], bool] = always
    background: bool = False        # nobody waits for it: after every other decision


ANYONE = Asking("", 0)      # a question outside any table (the tests')


@dataclass(eq=False)
class Decision:
    """One question to a bot, waiting for its turn or being thought about."""

    asking: Asking
    bot: object                     # the bot it is for: its thinker knows what it is
    view: SeatView
    request: int = 0                # the thinker's number for it
    cap: float | None = None        # the seconds it may think in all, from its start
    done: defer.Deferred[Action | None] = field(default_factory=defer.Deferred)


class Thinker(Protocol):
    """Where decisions are thought about: a worker process, or the reactor's threads."""

    def begin(self, decision: Decision) -> None:
        """Start thinking about ``decision`` for at most ``decision.cap`` seconds (None: the
        bot's own cap)."""

    def hurry(self, decision: Decision) -> None:
        """``decision.cap`` is shorter now: stop thinking once it has passed."""


class Turns:
    """The decisions waiting for one thinker, and the ones it is thinking about."""

    def __init__(self, thinker: Thinker, cap: float | None, patience: float = PATIENCE,
                 depth: int = 1) -> None:
        """``cap``: the seconds a decision may think with nobody waiting (None: no cap);
        ``depth``: how many decisions the thinker takes at once."""
        self.thinker = thinker
        self.cap = cap
        self.patience = patience
        self.depth = depth
        self.waiting: dict[str, dict[int, deque[Decision]]] = {}   # in the order they came
        self.served: dict[object, int] = {}     # an address, or (address, table): its last turn
        self.turn = 0
        self.running: list[Decision] = []
        self.turning = False        # handing out turns (a dropped decision may ask again)
        self.counts: Counter[str] = Counter()   # begun, dropped, hurried: what it did

    def add(self, decision: Decision) -> None:
        tables = self.waiting.setdefault(decision.asking.address, {})
        tables.setdefault(decision.asking.table, deque()).append(decision)
        self._turn()

    def finished(self, decision: Decision) -> None:
        """The thinker has answered ``decision`` (or failed to)."""
        if decision in self.running:
            self.running.remove(decision)
        self._turn()

    def moved_on(self, bot: object) -> None:
        """``bot``'s position has changed: the decision being thought about for it is cut
        short (one still waiting is dropped when its turn comes)."""
        for decision in self.running:
            if decision.bot is bot:
                self._hurry(decision, 0.0)

    def drop(self, bot: object) -> None:
        """``bot`` has left: its waiting decisions go unanswered (nobody waits for them), the
        one being thought about is cut short."""
        for address, tables in list(self.waiting.items()):
            for table, decisions in list(tables.items()):
                kept = deque(d for d in decisions if d.bot is not bot)
                self.counts["dropped"] += len(decisions) - len(kept)
                if kept:
                    tables[table] = kept
                else:
                    del tables[table]
            if not tables:
                del self.waiting[address]
        self.moved_on(bot)

    @property
    def queued(self) -> int:
        return sum(len(d) for tables in self.waiting.values() for d in tables.values())

    # --- helpers --------------------------------------------------------------------

    def _turn(self) -> None:
        """Start the next decisions while the thinker has room, and cut short the ones it
        thinks about to what the decisions waiting leave them."""
        if self.turning:
            return
        self.turning = True
        try:
            while len(self.running) < self.depth:
                decision = self._next()
                if decision is None:
                    break
                if not decision.asking.wanted():
                    self.counts["dropped"] += 1
                    decision.done.callback(None)
                    continue
                decision.cap = self._cap(decision.asking.address, decision.asking.background)
                self.running.append(decision)
                self.counts["begun"] += 1
                self.thinker.begin(decision)
            for decision in self.running:
                cap = self._cap(decision.asking.address, decision.asking.background)
                if cap is not None and (decision.cap is None or cap < decision.cap):
                    self._hurry(decision, cap)
        finally:
            self.turning = False

    def _next(self) -> Decision | None:
        """The first decision of the table served longest ago of the address served longest
        ago (one never served first, then the first to come)."""
        if not self.waiting:
            return None
        address = min(self.waiting, key=lambda a: (self._behind(a), self.served.get(a, -1)))
        tables = self.waiting[address]
        table = min(tables, key=lambda t: self.served.get((address, t), -1))
        decisions = tables[table]
        decision = decisions.popleft()
        if not decisions:
            del tables[table]
            if not tables:
                del self.waiting[address]
        if len(self.served) >= KEPT:
            self._forget()
        self.served[address] = self.served[(address, table)] = self.turn
        self.turn += 1
        return decision

    def _forget(self) -> None:
        """Forget the oldest half of the turns of addresses and tables with nothing waiting."""
        idle = [key for key in self.served if key not in self.waiting and not (
            isinstance(key, tuple) and key[1] in self.waiting.get(key[0], {}))]
        idle.sort(key=lambda key: self.served[key])
        for key in idle[:len(idle) // 2 + 1]:
            del self.served[key]

    def _behind(self, address: str) -> bool:
        """Every decision ``address`` has waiting is a background one."""
        return all(d.asking.background for decisions in self.waiting[address].values()
                   for d in decisions)

    def _cap(self, address: str, background: bool = False) -> float | None:
        """How long a decision of ``address`` may think, with the decisions waiting now (a
        background one: not at all while another waits; background ones waiting cut nobody
        short)."""
        if background and any(not self._behind(a) for a in self.waiting):
            return 0.0
        others = sum(1 for waiting in self.waiting
                     if waiting != address and not self._behind(waiting))
        if not others:
            return self.cap
        share = self.patience / others
        return share if self.cap is None else min(self.cap, share)

    def _hurry(self, decision: Decision, cap: float) -> None:
        if decision.cap is not None and decision.cap <= cap:
            return
        decision.cap = cap
        self.counts["hurried"] += 1
        self.thinker.hurry(decision)
