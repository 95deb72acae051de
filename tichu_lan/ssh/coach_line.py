"""The ssh guests' coach, thinking in the host's process: one question at a time.

A guest at `tichu join` asks the coach (key i) on their own machine; an ssh guest's
coach thinks on the host, in a thread beside the reactor, for up to a second. Each
guest has at most one question out (the screen's own rule), and the door lets one of
them think at a time: a guest who keeps pressing i waits in line with the others, and
the reactor, which every player's moves go through, shares the interpreter with one
thinking coach at most. The answer is worded in the asking guest's language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from twisted.internet import defer
from twisted.internet.threads import deferToThread

from .. import i18n


class CoachLine:
    def __init__(self, at_once: int = 1) -> None:
        self.line = defer.DeferredSemaphore(at_once)

    def thinker(self, language: str) -> Callable[..., defer.Deferred[Any]]:
        """What a guest's table screen thinks with (`TableLink.think`)."""
        def think(question: Callable[..., Any], *args: Any) -> defer.Deferred[Any]:
            answer: defer.Deferred[Any] = defer.Deferred()
            thought = self.line.run(deferToThread, question, *args)
            thought.addBoth(lambda result: i18n.speaking(language, answer.callback, result))
            return answer
        return think
