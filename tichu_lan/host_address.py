"""A host's address as a person types it: ``HOST``, ``HOST:PORT`` or ``[IPv6]:PORT``."""

from __future__ import annotations

from .i18n import _
from .protocol import DEFAULT_PORT


def parse_target(text: str) -> tuple[str, int]:
    """``HOST``, ``HOST:PORT``, ``[IPv6]:PORT`` or a bare IPv6 address, as (host, port)."""
    text = text.strip()
    port_text: str | None = None
    if text.startswith("["):
        host, bracket, rest = text[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            raise ValueError(_("{text!r}: write an IPv6 address with a port as "
                               "[ADDRESS]:PORT").format(text=text))
        port_text = rest[1:] if rest else None
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    else:
        host = text
    if not host or any(c.isspace() for c in host):
        raise ValueError(_("{text!r} is not a host: write a name or address, e.g. "
                           "192.168.1.20").format(text=text))
    if port_text is None:
        return host, DEFAULT_PORT
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise ValueError(_("{text!r} is not a port: use a number from 1 to 65535").format(
            text=port_text))
    return host, int(port_text)
