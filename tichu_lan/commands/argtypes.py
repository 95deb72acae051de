"""argparse types shared by the commands: numbers in a range, with messages a person can act on."""

from __future__ import annotations

import argparse
from collections.abc import Callable


def number(low: float, high: float, what: str,
           kind: type[int] | type[float] = int) -> Callable[[str], float]:
    """A whole number (or, with ``kind=float``, any number) from ``low`` to ``high``."""
    def parse(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            noun = "a whole number" if kind is int else "a number"
            raise argparse.ArgumentTypeError(f"{what} is {noun}, not {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what} is from {low:g} to {high:g}, not {text}")
        return value
    return parse


def text(longest: int, what: str) -> Callable[[str], str]:
    """A non-empty text of at most ``longest`` characters."""
    def parse(value: str) -> str:
        if not value.strip():
            raise argparse.ArgumentTypeError(f"{what} may not be empty")
        if len(value) > longest:
            raise argparse.ArgumentTypeError(f"{what} is at most {longest} characters, "
                                             f"not {len(value)}")
        return value
    return parse
