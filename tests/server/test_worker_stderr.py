"""A bot worker's stderr goes to the host's log, a line an event, never to the host's
terminal (where the host's screen may be): tests/cli/test_clean_screen.py sees it on a pty."""

from twisted.internet.task import Clock
from twisted.python.failure import Failure

from tichu_lan.server.botrunner import STDERR_LINE, WorkerPool, WorkerProcess


def said(host_log):
    return [event.split("says: ", 1)[1] for event in host_log if "says: " in event]


def test_each_line_is_logged_whole_and_the_last_one_when_the_worker_ends(host_log):
    worker = WorkerProcess(WorkerPool(1, Clock(), ("unused",)), 0)
    worker.childDataReceived(2, b"<frozen runpy>:128: Runtime")
    worker.childDataReceived(2, b"Warning: found\n\nTraceback (most")
    assert said(host_log) == ["<frozen runpy>:128: RuntimeWarning: found"]
    worker.processEnded(Failure(OSError("ended")))
    assert said(host_log)[-1] == "Traceback (most"


def test_a_line_that_never_ends_is_cut_not_held(host_log):
    worker = WorkerProcess(WorkerPool(1, Clock(), ("unused",)), 0)
    for _ in range(3):
        worker.childDataReceived(2, b"x" * STDERR_LINE)
    assert len(worker.said) <= STDERR_LINE
    assert said(host_log) and all(len(line) == STDERR_LINE for line in said(host_log))
