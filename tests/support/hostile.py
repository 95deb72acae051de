"""What a hostile guest sends: text that normalising lengthens, marks, wide and invisible
characters; connections from other loopback addresses.

The text is what Unicode makes awkward for a host that measures before it cleans,
and for a terminal that draws it: U+FB2C and its like grow to three code points in
NFC, combining marks stack on one letter, wide characters take two cells, control,
format and bidi characters hide or reorder what follows.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st
from twisted.internet import defer
from twisted.internet.endpoints import TCP4ClientEndpoint, connectProtocol

from .live_host import LOOPBACK
from .raw import RawConnection

LENGTHENING = ["\ufb2c", "\ufb2d", "\u0344", "\U0001d160", "\u0958", "\ufb1d", "\u0f73", "\u2adc"]
MARKS = ["\u0301", "\u0308", "\u0327", "\u0489", "\u20dd", "\u0f71", "\u05b7"]
WIDE = ["中", "龍", "鳳", "😀", "👨\u200d👩\u200d👧", "Ａ", "\u3000", "ｶ", "\U00020000"]
CONTROL = ["\x1b[2J", "\x1b]0;pwned\x07", "\x07", "\x00", "\x7f", "\x9b", "\r", "\n", "\t"]
BIDI = ["\u202e", "\u202d", "\u2066", "\u2067", "\u2068", "\u2069", "\u200f", "\u061c"]
INVISIBLE = ["\u200b", "\u200d", "\ufeff", "\u2028", "\u2029", "\U000e0041", "\ufe0f",
             "\uffff", "\ue000", "\u115f", "\u3164"]
PLAIN = ["a", "Z", "é", "ß", "ł", "ă", "ü", " ", "7", "!"]
PIECES = LENGTHENING + MARKS + WIDE + CONTROL + BIDI + INVISIBLE + PLAIN

# any text, with the awkward pieces much more likely than chance would make them
hostile_text = st.lists(st.sampled_from(PIECES) | st.characters(codec="utf-8"),
                        max_size=400).map("".join)


def hostile_string(rng: random.Random, length: int) -> str:
    """A text of about ``length`` pieces, drawn from the awkward ones."""
    kind = rng.randrange(5)
    if kind == 0:
        return rng.choice(LENGTHENING) * length                  # 3x in NFC
    if kind == 1:
        return "e" + "".join(rng.choice(MARKS) for _ in range(length))
    if kind == 2:
        return "".join(rng.choice(WIDE) for _ in range(length))
    return "".join(rng.choice(PIECES) for _ in range(length))


def raw_connect_from(port: int, source: str = LOOPBACK) -> defer.Deferred[RawConnection]:
    """A raw connection to the host on 127.0.0.1 from the loopback address ``source``
    (any of 127.0.0.0/8: each is another address to the host)."""
    from twisted.internet import reactor
    endpoint = TCP4ClientEndpoint(reactor, LOOPBACK, port, timeout=5, bindAddress=(source, 0))
    return connectProtocol(endpoint, RawConnection())


async def welcomed_from(port: int, source: str, name: str = "guest",
                        **hello: Any) -> RawConnection:
    raw = await raw_connect_from(port, source)
    raw.hello(name, **hello)
    await raw.wait_message(lambda m: m["type"] in ("welcome", "error"))
    return raw
