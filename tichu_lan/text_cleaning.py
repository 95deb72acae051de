"""Text from anyone else, made safe to show on a terminal, and cut to fit a limit.

Every string that came from the network or from a record passes `clean_text` before a
terminal shows it (the host cleans what people send; the client cleans what a host sends,
at its edge; records clean the names they hold; discovery the names it hears): one
function, so that what "safe" means is decided once.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

_DROP = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
MARKS = {"Mn", "Me"}          # combining marks: not visible alone
ELLIPSIS = "\u2026"


def clean_text(text: str) -> str:
    """Text safe to show on another person's terminal: one line, no control or format
    characters (no escapes, no bidi overrides), runs of white space made one space, in NFC.

    Normalised before and after the cleaning: dropping a character can bring a letter and
    its accent together, and the second pass joins them, so that cleaning cleaned text
    changes nothing. Normalising may lengthen a text (U+FB2C is three code points in NFC):
    limits are checked on the result (`protocol.Text`)."""
    text = unicodedata.normalize("NFC", text)
    kept = "".join(" " if ch.isspace() else ch for ch in text
                   if ch.isspace() or unicodedata.category(ch) not in _DROP)
    return unicodedata.normalize("NFC", " ".join(kept.split()))


def cut_text(text: str, limit: int) -> str:
    """``text`` in at most ``limit`` characters, ending in an ellipsis when cut (a cut never
    leaves accents behind without their letter: they go with it)."""
    if len(text) <= limit:
        return text
    end = max(0, limit - 1)
    while end > 0 and unicodedata.category(text[end]) in MARKS:
        end -= 1
    return text[:end] + ELLIPSIS


# A schema's text forms (`protocol.Text`): as sent, a person's words, a secret.
TEXT_FORMS: dict[str, Callable[[str], str]] = {
    "plain": lambda text: text,
    "line": clean_text,
    "secret": lambda text: unicodedata.normalize("NFC", text),
}
