"""argparse types shared by the commands: numbers in a range, with messages a person can act on;
and the pair of options each extra door of a host has (its port, and none)."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from ..i18n import N_, _, ngettext


def number(low: float, high: float, what: str,
           kind: type[int] | type[float] = int) -> Callable[[str], float]:
    """A whole number (or, with ``kind=float``, any number) from ``low`` to ``high``;
    ``what`` (marked with `N_`) names it in the error, in the reader's language."""
    def parse(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            message = (_("{what} is a whole number, not {text!r}") if kind is int else
                       _("{what} is a number, not {text!r}"))
            raise argparse.ArgumentTypeError(message.format(what=_(what), text=text)) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(_("{what} is from {low:g} to {high:g}, not {text}")
                                             .format(what=_(what), low=low, high=high, text=text))
        return value
    return parse


def text(longest: int, what: str) -> Callable[[str], str]:
    """A non-empty text of at most ``longest`` characters (``what`` as for `number`)."""
    def parse(value: str) -> str:
        if not value.strip():
            raise argparse.ArgumentTypeError(_("{what} may not be empty").format(what=_(what)))
        if len(value) > longest:
            raise argparse.ArgumentTypeError(ngettext(
                "{what} is at most {longest} character, not {count}",
                "{what} is at most {longest} characters, not {count}", longest).format(
                what=_(what), longest=longest, count=len(value)))
        return value
    return parse


def add_door_options(parser: argparse.ArgumentParser, name: str, default: int, port_help: str,
                     none_help: str) -> None:
    """``--NAME-port PORT`` (0 picks a free one) and ``--no-NAME``, for a door a host opens
    beside its game port (the share page, the ssh door)."""
    parser.add_argument(f"--{name}-port", type=number(0, 65535, N_("a port")), default=default,
                        metavar="PORT", help=port_help)
    parser.add_argument(f"--no-{name}", action="store_true", help=none_help)
