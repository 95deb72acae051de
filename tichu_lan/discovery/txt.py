"""What a host says about itself in its DNS-SD TXT record, and reading it safely.

The TXT record is written by whoever is on the network, so reading it never
trusts it: every field is checked, text is made safe to print in a terminal,
and anything wrong becomes a ``problem`` that `tichu find` shows beside the
host instead of an exception.

Keys (RFC 6763 style ``key=value`` strings, each well under 255 bytes):

    txtvers=1          layout of this record
    proto=1            protocol version of the game connection
    version=0.1.0      tichu-lan program version
    host=Alice's table the name the host chose (UTF-8)
    tables=2           tables open in the lobby
    open=3             free seats over all tables (empty, or a table bot's)
    bots=1             of those, the seats a table bot plays (a person may take one);
                       the others are empty: seats for people
    rules=classic,duel rule sets played at those tables
    share=47475        the port of the host's page for guests without the program (HTTP:
                       ``/`` the commands, ``/tichu-lan-VERSION.pyz`` the program); absent
                       when the host offers none. A malformed value is ignored: the game
                       can still be joined.
    ssh=47476          the port of the host's ssh door, where guests with only an ssh client
    sshkey=SHA256:...  play, and its host key's fingerprint (both or neither; a malformed
                       pair is ignored, as share= is)

``bots`` came later: a host that does not announce it is read with only ``open``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .. import __version__
from ..i18n import _, ngettext
from ..protocol import PROTOCOL_VERSION
from ..text_cleaning import clean_text

TXT_VERSION = 1
MAX_NAME_BYTES = 63  # one DNS label, the limit for a service instance name
MAX_COUNT = 9999
MAX_RULE_SETS = 8
RULE_SET = re.compile(r"[a-z0-9][a-z0-9_.+-]{0,23}")
_NUMBER = re.compile(r"[0-9]{1,6}")
_MAX_VERSION_CHARS = 32
_FINGERPRINT = re.compile(r"SHA256:[A-Za-z0-9+/]{43}")


class SummaryError(ValueError):
    """A lobby summary that cannot be announced; the message says which field."""


@dataclass(frozen=True)
class HostSummary:
    """The lobby as seen from outside: what `tichu find` shows for a host.

    The host fills it from its lobby and hands a new one to
    ``Announcer.update`` whenever tables open or seats fill. ``rule_sets``
    are short labels such as ``classic`` or ``duel`` (lower case letters,
    digits and ``_.+-``, at most 24 characters, at most 8 of them).
    """

    tables: int = 0
    open_seats: int = 0
    rule_sets: tuple[str, ...] = ()
    bot_seats: int | None = None        # of the open seats, a table bot's (None: not said)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rule_sets", tuple(self.rule_sets))
        for field_name in ("tables", "open_seats", "bot_seats"):
            value = getattr(self, field_name)
            if value is None and field_name == "bot_seats":
                continue
            if type(value) is not int or not 0 <= value <= MAX_COUNT:
                raise SummaryError(f"{field_name} must be a whole number from 0 to {MAX_COUNT}, "
                                   f"not {value!r}")
        if len(self.rule_sets) > MAX_RULE_SETS:
            raise SummaryError(f"at most {MAX_RULE_SETS} rule sets fit in the announcement, "
                               f"not {len(self.rule_sets)}")
        for label in self.rule_sets:
            if not isinstance(label, str) or not RULE_SET.fullmatch(label):
                raise SummaryError(f"rule set label {label!r} must be 1 to 24 characters of "
                                   "a-z, 0-9 and _.+- (starting with a letter or digit)")
        if self.bot_seats is not None and self.bot_seats > self.open_seats:
            raise SummaryError(f"bot_seats ({self.bot_seats}) cannot be more than open_seats "
                               f"({self.open_seats})")

    def seats_text(self) -> str:
        """The free seats as a person reads them: seats for people and bots apart (a host that
        does not say which is which: free seats)."""
        if self.bot_seats is None:
            return ngettext("{count} free seat", "{count} free seats",
                            self.open_seats).format(count=self.open_seats)
        empty = self.open_seats - self.bot_seats
        people = ngettext("{count} seat for people", "{count} seats for people",
                          empty).format(count=empty)
        if not self.bot_seats:
            return people
        bots = ngettext("{count} bot", "{count} bots", self.bot_seats).format(count=self.bot_seats)
        return f"{people}, {bots}"


@dataclass(frozen=True)
class Advert:
    """What a TXT record said, after checking. ``problem`` is None when usable."""

    protocol: int | None
    version: str
    host_name: str
    summary: HostSummary | None
    problem: str | None
    share_port: int | None = None
    ssh: tuple[int, str] | None = None      # the ssh door: its port and key's fingerprint


def printable(text: str, limit: int = MAX_NAME_BYTES) -> str:
    """``text`` safe for a terminal, as everything from the network is made safe
    (`text_cleaning.clean_text`: no escape sequence, no bidi override, one line), cut to
    ``limit`` characters."""
    return clean_text(text[:limit * 2])[:limit]


def fit_name(name: str, room: int = MAX_NAME_BYTES) -> str:
    """``name`` shortened to at most ``room`` UTF-8 bytes without splitting a character."""
    return name.encode("utf-8")[:room].decode("utf-8", "ignore")


def encode(host_name: str, summary: HostSummary, share_port: int | None = None,
           ssh: tuple[int, str] | None = None) -> dict[str, str]:
    """The TXT properties announcing ``summary`` for ``host_name`` (and the port of its
    download page, and its ssh door's port and key, if it has them)."""
    properties = {
        "txtvers": str(TXT_VERSION),
        "proto": str(PROTOCOL_VERSION),
        "version": __version__,
        "host": fit_name(host_name),
        "tables": str(summary.tables),
        "open": str(summary.open_seats),
        "rules": ",".join(summary.rule_sets),
        **({"bots": str(summary.bot_seats)} if summary.bot_seats is not None else {}),
    }
    if share_port is not None:
        if type(share_port) is not int or not 1 <= share_port <= 65535:
            raise SummaryError(f"the share port must be from 1 to 65535, not {share_port!r}")
        properties["share"] = str(share_port)
    if ssh is not None:
        if _port(str(ssh[0]).encode()) is None or not _FINGERPRINT.fullmatch(ssh[1]):
            raise SummaryError(f"the ssh door must be a port and a SHA256 fingerprint, not {ssh!r}")
        properties["ssh"], properties["sshkey"] = str(ssh[0]), ssh[1]
    return properties


class _Malformed(Exception):
    pass


def _text(properties: dict[bytes, bytes | None], key: str) -> str | None:
    raw = properties.get(key.encode())
    if raw is None:
        return None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _Malformed(f"{key}= is not UTF-8 text") from None


def _number(properties: dict[bytes, bytes | None], key: str) -> int:
    text = _text(properties, key)
    if text is None:
        raise _Malformed(f"{key}= is missing")
    if not _NUMBER.fullmatch(text) or int(text) > MAX_COUNT:
        raise _Malformed(f"{key}={printable(text, 12)!r} is not a count from 0 to {MAX_COUNT}")
    return int(text)


def share_port(properties: dict[bytes, bytes | None]) -> int | None:
    """The port of the host's download page, or None (none offered, or not a port)."""
    return _port(properties.get(b"share"))


def _port(raw: bytes | None) -> int | None:
    if raw is None or not re.fullmatch(rb"[0-9]{1,5}", raw) or not 1 <= int(raw) <= 65535:
        return None
    return int(raw)


def ssh_door(properties: dict[bytes, bytes | None]) -> tuple[int, str] | None:
    """The ssh door's port and key fingerprint, or None (none offered, or malformed)."""
    port, key = _port(properties.get(b"ssh")), properties.get(b"sshkey") or b""
    if port is None or not _FINGERPRINT.fullmatch(key.decode("ascii", "replace")):
        return None
    return port, key.decode("ascii")


def _summary(properties: dict[bytes, bytes | None]) -> HostSummary:
    rules = _text(properties, "rules") or ""
    labels = tuple(label for label in rules.split(",") if label)
    bots = _number(properties, "bots") if b"bots" in properties else None
    tables, open_seats = _number(properties, "tables"), _number(properties, "open")
    if bots is not None and bots > open_seats:
        raise _Malformed(f"bots={bots} is more than open={open_seats}")
    try:
        return HostSummary(tables, open_seats, labels, bots)
    except SummaryError as exc:
        raise _Malformed(f"bad rules=: {printable(str(exc), 120)}") from None


def decode(properties: dict[bytes, bytes | None]) -> Advert:
    """Read a host's TXT properties; never raises on what the network sent."""
    version, host_name, protocol = "?", "", None
    share, ssh = share_port(properties), ssh_door(properties)
    try:
        version = printable(_text(properties, "version") or "?", _MAX_VERSION_CHARS)
        host_name = printable(_text(properties, "host") or "")
        proto_text = _text(properties, "proto")
        if proto_text is None:
            raise _Malformed(_("it does not say which protocol it speaks (no proto=)"))
        if not _NUMBER.fullmatch(proto_text):
            raise _Malformed(f"proto={printable(proto_text, 12)!r} is not a version number")
        protocol = int(proto_text)
        if protocol != PROTOCOL_VERSION:
            return Advert(protocol, version, host_name, None,
                          _("it speaks protocol {protocol} (tichu-lan {version}); this tichu-lan "
                            "{ours} speaks protocol {our_protocol}").format(
                              protocol=protocol, version=version, ours=__version__,
                              our_protocol=PROTOCOL_VERSION), share)
        return Advert(protocol, version, host_name, _summary(properties), None, share, ssh)
    except _Malformed as exc:
        return Advert(protocol, version, host_name, None,
                      _("malformed announcement: {why}").format(why=exc), share)
