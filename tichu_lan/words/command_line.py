"""argparse's own words ("usage:", "options:", its error messages), in our catalogs.

argparse words its help and errors through the `gettext` module's global functions,
that is through whatever catalog the process bound to gettext's default domain. We
bind none: instead `speak_through_argparse` points argparse's two names for them at
ours (`tichu_lan.i18n`), so that `tichu --lang ja --help` is Japanese throughout, from
a zip file too, and nothing else in the process changes. The messages below are
argparse's own msgids (Python 3.11 to 3.13), marked here so that our catalogs carry
them; tests/i18n checks that the running Python's argparse asks for no other message a
person can meet.
"""

from __future__ import annotations

import argparse

from .. import i18n
from ..i18n import N_, N_plural

MESSAGES = (
    N_("usage: "), N_("positional arguments"), N_("options"),
    N_("show this help message and exit"), N_("show program's version number and exit"),
    N_("%(prog)s: error: %(message)s\n"), N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"), N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"), N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"), N_("expected one argument"),
    N_("expected at most one argument"), N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"), N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
)
PLURAL_MESSAGES = (N_plural("expected %s argument", "expected %s arguments"),)


def speak_through_argparse() -> None:
    """Make argparse word everything through our catalogs, in the language in use."""
    vars(argparse).update(_=i18n._, ngettext=i18n.ngettext)
