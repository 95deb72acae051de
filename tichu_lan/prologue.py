"""The line each side of a connection sends first (`protocol.PROLOGUE`): anything else
talking to our port is turned away before a byte of it is decoded, and a peer of another
major version is told which version this host speaks (docs/PROTOCOL.md)."""

from __future__ import annotations

from .protocol import (PROGRAM, PROLOGUE, PROLOGUE_MAX, PROLOGUE_PREFIX, PROTOCOL_VERSION,
                       HostError)


def read_prologue(buffer: bytes) -> tuple[int, bytes] | None:
    """The peer's major version and the bytes after its prologue; None until the line is complete.

    Raises a `HostError` (bad_prologue) for anything that is not our prologue line."""
    end = buffer.find(b"\n")
    head = buffer if end < 0 else buffer[:end]
    if not (PROLOGUE_PREFIX.startswith(head[:len(PROLOGUE_PREFIX)])):
        raise HostError("bad_prologue", "this is a tichu-lan host; the connection must start "
                        f"with {PROLOGUE!r}")
    if end < 0:
        if len(buffer) > PROLOGUE_MAX:
            raise HostError("bad_prologue", "the prologue line is too long")
        return None
    digits = head[len(PROLOGUE_PREFIX):]
    if not digits.isdigit() or len(digits) > 5:
        raise HostError("bad_prologue",
                        f"the prologue must be {PROLOGUE!r}, not {buffer[:end + 1]!r}")
    return int(digits), buffer[end + 1:]


def version_error(theirs: int) -> HostError:
    return HostError("version_mismatch", f"this host speaks protocol version {PROTOCOL_VERSION} "
                     f"({PROGRAM}); you speak version {theirs}: please use a matching tichu-lan",
                     params={"version": PROTOCOL_VERSION, "program": PROGRAM, "theirs": theirs})


class PrologueReader:
    """Collects the peer's prologue from the first bytes of a connection (both sides use it)."""

    def __init__(self) -> None:
        self.buffer = b""
        self.done = False

    def feed(self, data: bytes) -> bytes | None:
        """The bytes after the prologue once it is complete, else None. Raises `HostError`:
        bad_prologue, or version_mismatch when the peer speaks another major version."""
        read = read_prologue(self.buffer + data)
        if read is None:
            self.buffer += data
            return None
        version, rest = read
        self.buffer, self.done = b"", True
        if version != PROTOCOL_VERSION:
            raise version_error(version)
        return rest
