"""Where bots think: fast levels on the reactor, slow ones in worker processes.

A strong bot may think for a second; doing that on the reactor would freeze every
table of the host. Levels named in ``inline_levels`` (the instant ones) are asked
directly; any other level lives in a worker process (`bot_worker`), which gets
the seat's view as a dict and answers with an action dict, so a slow bot uses
another core while the reactor goes on serving. Either way a bot is asked with
its seat's `SeatView` only and answers through a Deferred.

Where worker processes cannot start (Twisted spawns them on Windows only with
pywin32), a slow bot thinks on a thread of the reactor's pool instead: off the
reactor still, and making the same moves, only sharing one core with it.

A bot's thinking is counted in samples, not seconds, so its move is the same on any
machine; the host adds a time cap (`THINKING_CAP`) as a safety net, so that a machine
too slow for a searching bot's budget gets a weaker move rather than a table that
waits. Both places hold their bots to it. Whose decision a worker (or the threads) takes
next, and how much shorter than the cap it must then be, is `thinking.Turns`': the
host's bots share their thinkers fairly, by address and by table.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable
from typing import Any, Protocol, cast

import msgpack
from twisted.internet import defer, threads
from twisted.internet.interfaces import IProcessTransport
from twisted.internet.protocol import ProcessProtocol
from twisted.logger import Logger
from twisted.protocols.basic import Int32StringReceiver
from twisted.python.failure import Failure

from engine import Action, SeatView, action_from_dict, view_to_dict
from engine.bots import make_bot

from .. import protocol
from .bot_worker import Cuts, decide_within, time_cap
from .framing import read_frames
from .thinking import ANYONE, Asking, Decision, Turns

log = Logger()
THINKING_CAP = 2.0      # seconds a searching bot may think about one decision, at most
STDERR_LINE = 4096      # bytes of a worker's line of stderr the host logs (and holds) at most


class BotFailed(Exception):
    """A bot could not answer (it raised, or its worker process stopped)."""


class WorkersUnavailable(Exception):
    """A bot worker process cannot be started on this machine."""


class BotHandle(Protocol):
    level: str

    def decide(self, view: SeatView, asking: Asking = ANYONE) -> defer.Deferred[Action | None]:
        """The bot's answer to ``view``, in ``asking``'s turn; None without thinking if
        ``asking.wanted()`` is false by then."""

    def moved_on(self) -> None:
        """The position asked about has changed: the answer will not be played."""

    def close(self) -> None: ...


class InlineBot:
    """A bot fast enough to be asked on the reactor."""

    def __init__(self, level: str, seed: int, thinking_cap: float | None = None) -> None:
        self.level = level
        self.bot = make_bot(level, seed, time_cap(thinking_cap))

    def decide(self, view: SeatView, asking: Asking = ANYONE) -> defer.Deferred[Action | None]:
        try:
            return defer.succeed(self.bot.decide(view))
        except Exception as exc:
            return defer.fail(BotFailed(f"{type(exc).__name__}: {exc}"))

    def moved_on(self) -> None:
        pass

    def close(self) -> None:
        pass


class Threads:
    """The reactor's threads as the thinker of slow bots, one decision at a time (threads
    share one core, with the reactor)."""

    def __init__(self, reactor: Any, thinking_cap: float | None) -> None:
        self.reactor = reactor
        self.turns = Turns(self, thinking_cap)
        self.cuts = Cuts()
        self.requests = itertools.count(1)

    def begin(self, decision: Decision) -> None:
        decision.request = request = next(self.requests)
        bot = cast(ThreadBot, decision.bot)
        d = threads.deferToThreadPool(self.reactor, self.reactor.getThreadPool(), decide_within,
                                      bot.bot, decision.view,
                                      self.cuts.time_cap(request, decision.cap))

        def answered(result: Any) -> None:
            self.cuts.forget(request)
            self.turns.finished(decision)
            if isinstance(result, Failure):
                decision.done.errback(BotFailed(f"{type(result.value).__name__}: "
                                                f"{result.getErrorMessage()}"))
            else:
                decision.done.callback(result)
        d.addBoth(answered)

    def hurry(self, decision: Decision) -> None:
        if decision.cap is not None:
            self.cuts.cut(decision.request, decision.cap)


class ThreadBot:
    """A slow bot that thinks on a thread, where no worker process can be started."""

    def __init__(self, level: str, seed: int, reactor: Any,
                 thinking_cap: float | None = None, thinker: Threads | None = None) -> None:
        self.level = level
        self.thinker = thinker or Threads(reactor, thinking_cap)
        self.bot = make_bot(level, seed, time_cap(thinking_cap))

    def decide(self, view: SeatView, asking: Asking = ANYONE) -> defer.Deferred[Action | None]:
        decision = Decision(asking, self, view)
        self.thinker.turns.add(decision)
        return decision.done

    def moved_on(self) -> None:
        self.thinker.turns.moved_on(self)

    def close(self) -> None:
        self.thinker.turns.drop(self)


class WorkerBot:
    """A bot that lives in a worker process; this is its handle on the host."""

    def __init__(self, pool: WorkerPool, bot_id: int, level: str, seed: int) -> None:
        self.pool, self.id, self.level, self.seed = pool, bot_id, level, seed
        self.worker = bot_id % pool.size

    def decide(self, view: SeatView, asking: Asking = ANYONE) -> defer.Deferred[Action | None]:
        return self.pool.decide(self, view, asking)

    def moved_on(self) -> None:
        self.pool.turns[self.worker].moved_on(self)

    def close(self) -> None:
        self.pool.drop(self)


class _Frames(Int32StringReceiver):
    """Splits a worker's output into frames."""

    MAX_LENGTH = protocol.MAX_HOST_FRAME

    def __init__(self, deliver: Callable[[Any], None]) -> None:
        self.deliver = deliver

    def stringReceived(self, frame: bytes) -> None:
        self.deliver(msgpack.unpackb(frame, raw=False))

    def lengthLimitExceeded(self, length: int) -> None:
        log.error("a bot worker sent a frame of {length} bytes; ignoring its output", length=length)


class WorkerProcess(ProcessProtocol):
    """A worker's stdout carries its answers; its stderr (a warning, a traceback) goes to the
    host's log, line by line. A worker does not write to the host's terminal: one started
    before the host's screen (at --resume) would write over the screen."""

    def __init__(self, pool: WorkerPool, index: int) -> None:
        self.pool, self.index = pool, index
        self.frames = _Frames(pool.answered)
        self.said = b""                 # the start of a line of stderr, not ended yet
        self.alive = True
        self.ended: defer.Deferred[None] = defer.Deferred()

    def childDataReceived(self, fd: int, data: bytes) -> None:
        if fd == 2:
            self._stderr(data)
        else:
            read_frames(self.frames, data)

    def _stderr(self, data: bytes, ended: bool = False) -> None:
        *lines, self.said = (self.said + data).split(b"\n")
        if ended or len(self.said) > STDERR_LINE:
            lines, self.said = [*lines, self.said[:STDERR_LINE]], b""
        for line in filter(None, lines):
            log.warn("bot worker {index} says: {line}", index=self.index,
                     line=line.decode("utf-8", "replace").rstrip())

    @property
    def pipe(self) -> IProcessTransport:
        """The worker process, once spawned (`WorkerPool._worker` spawns it at once)."""
        if self.transport is None:
            raise BotFailed(f"bot worker {self.index} has not started")
        return self.transport

    def send(self, message: list[Any]) -> None:
        self.pipe.write(protocol.encode(message))

    def processEnded(self, reason: Failure) -> None:
        self._stderr(b"", ended=True)
        self.alive = False
        self.pool.worker_ended(self, reason.getErrorMessage())
        self.ended.callback(None)


class WorkerPool:
    """Worker processes, each owning some bots; a worker that dies is started again on demand.

    Each worker thinks about one decision at a time, the next one in its `Turns`, so that
    a decision nobody needs any more is dropped on the host before the worker sees it."""

    def __init__(self, size: int, reactor: Any, command: tuple[str, ...],
                 thinking_cap: float | None = None) -> None:
        self.size = size
        self.command = command
        self.thinking_cap = thinking_cap
        self.reactor = reactor
        self.workers: list[WorkerProcess | None] = [None] * size
        self.turns = [Turns(self, thinking_cap) for _ in range(size)]
        self.bots: dict[int, WorkerBot] = {}
        self.pending: dict[int, Decision] = {}      # by request: sent to a worker
        self.ids = itertools.count(1)
        self.stopping = False

    def make(self, level: str, seed: int) -> WorkerBot:
        bot = WorkerBot(self, next(self.ids), level, seed)
        worker = self._worker(bot.worker)
        self.bots[bot.id] = bot
        worker.send(self._new(bot))
        return bot

    def decide(self, bot: WorkerBot, view: SeatView,
               asking: Asking = ANYONE) -> defer.Deferred[Action | None]:
        if bot.id not in self.bots:
            return defer.fail(BotFailed("this bot has left the table"))
        decision = Decision(asking, bot, view)
        self.turns[bot.worker].add(decision)
        return decision.done

    def begin(self, decision: Decision) -> None:
        """Send ``decision`` to its bot's worker (numbered now: a worker takes decisions in
        the order of their numbers)."""
        bot = cast(WorkerBot, decision.bot)
        decision.request = next(self.ids)
        self.pending[decision.request] = decision
        try:
            self._worker(bot.worker).send(["decide", decision.request, bot.id,
                                           view_to_dict(decision.view), decision.cap])
        except (BotFailed, WorkersUnavailable) as exc:
            del self.pending[decision.request]
            self.reactor.callLater(0, self._failed, decision, exc)

    def _failed(self, decision: Decision, why: Exception) -> None:
        self.turns[cast(WorkerBot, decision.bot).worker].finished(decision)
        decision.done.errback(BotFailed(str(why)))

    def hurry(self, decision: Decision) -> None:
        worker = self.workers[cast(WorkerBot, decision.bot).worker]
        if decision.request in self.pending and worker is not None and worker.alive:
            worker.send(["hurry", decision.request, decision.cap])

    def drop(self, bot: WorkerBot) -> None:
        if self.bots.pop(bot.id, None) is not None:
            self.turns[bot.worker].drop(bot)
            worker = self.workers[bot.worker]
            if worker is not None and worker.alive:
                worker.send(["drop", bot.id])

    def _worker(self, index: int) -> WorkerProcess:
        worker = self.workers[index]
        if worker is None or not worker.alive:
            worker = WorkerProcess(self, index)
            try:
                self.reactor.spawnProcess(worker, self.command[0], list(self.command),
                                          env=os.environ.copy(), childFDs={0: "w", 1: "r", 2: "r"})
            except Exception as exc:    # Windows without pywin32: NotImplementedError
                raise WorkersUnavailable(f"{type(exc).__name__}: {exc}") from exc
            self.workers[index] = worker
            log.info("started bot worker {index} (pid {pid})", index=index,
                     pid=worker.pipe.pid)
            for bot in self.bots.values():
                if bot.worker == index:
                    worker.send(self._new(bot))
        return worker

    def _new(self, bot: WorkerBot) -> list[Any]:
        """The worker's order to make ``bot``, held to the pool's thinking cap."""
        return ["new", bot.id, bot.level, bot.seed, self.thinking_cap]

    def answered(self, message: Any) -> None:
        try:
            kind, request, payload = message
            decision = self.pending.pop(request)
        except (TypeError, ValueError, KeyError):
            log.error("a bot worker sent an answer to no question: {message!r}", message=message)
            return
        self.turns[cast(WorkerBot, decision.bot).worker].finished(decision)
        d = decision.done
        if kind == "answer":
            try:
                action = None if payload is None else action_from_dict(payload)
            except Exception as exc:
                d.errback(BotFailed(f"the bot's answer is not an action: {exc}"))
                return
            d.callback(action)
        else:
            d.errback(BotFailed(str(payload)))

    def worker_ended(self, worker: WorkerProcess, why: str) -> None:
        if self.workers[worker.index] is worker:
            self.workers[worker.index] = None
        if not self.stopping:
            log.warn("bot worker {index} stopped ({why}); it restarts when next needed",
                     index=worker.index, why=why)
        for request, decision in list(self.pending.items()):
            if cast(WorkerBot, decision.bot).worker == worker.index:
                del self.pending[request]
                self.turns[worker.index].finished(decision)
                decision.done.errback(BotFailed(f"the bot worker stopped ({why})"))

    def stop(self, patience: float = 1.0) -> defer.Deferred[Any]:
        """Close the workers' input so that they exit; kill any still thinking after ``patience`` s.

        Stopping never waits more than a moment longer: if the end of a killed worker is
        never reported (its SIGCHLD lost), the host stops anyway."""
        self.stopping = True
        waits = []
        for worker in self.workers:
            if worker is not None and worker.alive and worker.transport is not None:
                worker.transport.closeStdin()
                self.reactor.callLater(patience, self._kill, worker)
                waits.append(worker.ended)
        stopped: defer.Deferred[Any] = defer.Deferred()

        def late() -> None:
            log.warn("a bot worker's end was not reported; stopping without it")
            stopped.callback(None)

        def ended(_: Any) -> None:
            if timer.active():
                timer.cancel()
                stopped.callback(None)
        timer = self.reactor.callLater(patience + 2.0, late)
        defer.DeferredList(waits).addBoth(ended)
        return stopped

    def _kill(self, worker: WorkerProcess) -> None:
        if worker.alive and worker.transport is not None:
            worker.transport.signalProcess("KILL")


class BotRunner:
    """Makes bots by level, each in the right place."""

    def __init__(self, inline_levels: frozenset[str], workers: int, reactor: Any,
                 command: tuple[str, ...], thinking_cap: float | None = THINKING_CAP) -> None:
        self.inline_levels = inline_levels
        self.thinking_cap = thinking_cap
        self.reactor = reactor
        self.pool = WorkerPool(workers, reactor, command, thinking_cap) if workers > 0 else None
        self.threads = Threads(reactor, thinking_cap)
        self.no_workers: str | None = None     # why worker processes cannot start here

    def make(self, level: str, seed: int) -> BotHandle:
        if self.pool is None or level in self.inline_levels:
            return InlineBot(level, seed, self.thinking_cap)
        if self.no_workers is None:
            try:
                return self.pool.make(level, seed)
            except WorkersUnavailable as exc:
                self.no_workers = str(exc)
                log.warn("bot worker processes cannot start here ({why}); slow bots think on "
                         "threads instead", why=exc)
        return ThreadBot(level, seed, self.reactor, self.thinking_cap, self.threads)

    def turns(self) -> list[Turns]:
        """Every thinker's turns (what the benchmark counts)."""
        return [*(self.pool.turns if self.pool else []), self.threads.turns]

    def stop(self) -> defer.Deferred[Any]:
        return self.pool.stop() if self.pool else defer.succeed(None)
