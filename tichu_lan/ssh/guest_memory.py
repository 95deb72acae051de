"""What the door remembers of each ssh guest, apart from the host owner's own settings.

A guest is known by the public key their ssh client signed in with (``key:SHA256:...``),
or, without one, by the seat code they were shown (``code:k7qx2m``). For each, the name
they played under, the language and card notation they chose, and the token of the seat
they hold: typing the same ssh command again takes the seat back, and typing the same name
from another key does not. The file is the data directory's, readable by the host's user
only, and never the owner's config.toml: no guest ever gets the owner's seat or settings.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from twisted.logger import Logger

from .. import paths

log = Logger()
FILE_NAME = "ssh_guests.json"
KEPT = 500          # guests remembered, the most recently seen


@dataclass(frozen=True)
class Guest:
    name: str | None = None
    language: str | None = None
    token: str | None = None
    ascii: bool = False
    seen: float = 0.0


def by_key(fingerprint: str) -> str:
    return f"key:{fingerprint}"


def by_code(code: str) -> str:
    return f"code:{code}"


def _guest(entry: dict[str, Any]) -> Guest:
    return Guest(**{key: value for key, value in entry.items() if key in FIELDS})


FIELDS = frozenset(Guest.__dataclass_fields__)


class GuestMemory:
    def __init__(self, data_dir: Path, now: Any = time.time) -> None:
        self.path = data_dir / FILE_NAME
        self.now = now
        self.guests: dict[str, Guest] = self._read()

    def _read(self) -> dict[str, Guest]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            return {str(who): _guest(entry) for who, entry in data.items()
                    if isinstance(entry, dict)}
        except FileNotFoundError:
            return {}
        except (OSError, ValueError, TypeError, AttributeError) as exc:
            log.warn("cannot read the ssh guests' memory {path} ({why}); starting afresh",
                     path=self.path, why=exc)
            return {}

    def get(self, who: str) -> Guest | None:
        return self.guests.get(who)

    def keep(self, who: str, **changes: Any) -> None:
        """Remember ``changes`` (name, language, token) for ``who``."""
        before = self.guests.get(who, Guest())
        after = replace(before, **changes)
        if after == before:
            return
        self.guests[who] = replace(after, seen=self.now())
        if len(self.guests) > KEPT:
            oldest = sorted(self.guests, key=lambda w: self.guests[w].seen)
            for gone in oldest[:len(self.guests) - KEPT]:
                del self.guests[gone]
        self._write()

    def _write(self) -> None:
        partial = self.path.with_name(f"{self.path.name}.{os.getpid()}.partial")
        text = json.dumps({who: asdict(guest) for who, guest in self.guests.items()})
        try:
            paths.private_dir(self.path.parent)
            descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(descriptor, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(partial, self.path)
        except OSError as exc:
            log.warn("cannot keep the ssh guests' memory in {path} ({why}); a guest who drops "
                     "gets the seat back only while the host runs", path=self.path, why=exc)
            with contextlib.suppress(OSError):
                partial.unlink()
