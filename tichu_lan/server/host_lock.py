"""One host per data directory: a second host on the same journals would resume the same
tables, write each journal twice and split the table between its guests.

The host holds an exclusive lock on ``journals/host.lock`` for its whole life and writes
its process id and port into the file. The operating system lets go of the lock when the
process ends however it ends, so a lock left by a host that was killed is no lock at all:
the next host takes it over and writes its own details. A host that finds the lock held
reads whose it is and refuses, naming that process and port.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

NAME = "host.lock"
_WINDOWS_BYTE = 1 << 20      # Windows locks a byte range: one far past what the file holds


@dataclass(frozen=True)
class Holder:
    """The host holding a lock, as it wrote itself into the file (unknown parts are 0)."""

    pid: int
    port: int


class HostLocked(Exception):
    """Another host holds the data directory."""

    def __init__(self, holder: Holder) -> None:
        super().__init__(f"held by process {holder.pid} on port {holder.port}")
        self.holder = holder


def _try_lock(fd: int) -> bool:
    if sys.platform == "win32":
        import msvcrt
        os.lseek(fd, _WINDOWS_BYTE, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


class HostLock:
    """The lock this host holds on its journals (see the module)."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path, self.fd = path, fd

    @classmethod
    def take(cls, journal_dir: Path) -> HostLock:
        """Hold the lock (taking over one its holder left by dying), or raise HostLocked;
        OSError when the file cannot be made."""
        path = journal_dir / NAME
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        if not _try_lock(fd):
            holder = read_holder(path)
            os.close(fd)
            raise HostLocked(holder)
        lock = cls(path, fd)
        lock.note(0)
        return lock

    def note(self, port: int) -> None:
        """Write who holds the lock (the port once the host listens)."""
        data = json.dumps({"pid": os.getpid(), "port": port}).encode()
        os.ftruncate(self.fd, 0)
        os.lseek(self.fd, 0, os.SEEK_SET)
        os.write(self.fd, data)

    def release(self) -> None:
        if self.fd >= 0:
            with contextlib.suppress(OSError):
                os.ftruncate(self.fd, 0)
            os.close(self.fd)           # the lock goes with the descriptor
            self.fd = -1


def read_holder(path: Path) -> Holder:
    """Who wrote itself into a lock file (0 for what cannot be read)."""
    try:
        data = json.loads(path.read_bytes()[:200] or b"{}")
        return Holder(int(data.get("pid", 0)), int(data.get("port", 0)))
    except (OSError, ValueError, TypeError, AttributeError):
        return Holder(0, 0)
