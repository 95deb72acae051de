"""The ``tichu`` command.

Each subcommand is a module ``NAME_command`` in `tichu_lan.commands` that
provides ``NAME``, ``HELP``, ``ORDER`` (its place in the help),
``add_arguments(parser)`` and ``run(args) -> int``; this file finds them and
wires them together, so adding a command never touches another command's code.
A command line that names its command imports only that command's module, which
keeps `tichu play` quick to draw its first screen.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import os
import pkgutil
import sys
from types import ModuleType

from . import __version__, commands, i18n
from .words.command_line import speak_through_argparse
from .i18n import _

SUFFIX = "_command"  # the other modules in commands/ are their shared argparse helpers


def command_names() -> list[str]:
    return [info.name.removesuffix(SUFFIX) for info in pkgutil.iter_modules(commands.__path__)
            if info.name.endswith(SUFFIX)]


def command_modules(only: str | None = None) -> list[ModuleType]:
    """The subcommand modules, in help order: just ``only`` when it names one."""
    names = command_names()
    chosen = [only] if only in names else names
    found = [importlib.import_module(f"{commands.__name__}.{name}{SUFFIX}") for name in chosen]
    return sorted(found, key=lambda m: (m.ORDER, m.NAME))


def _named_command(argv: list[str]) -> str | None:
    """The command a command line names (its first word that is not an option, nor the
    value of a ``--lang`` before it)."""
    words = [arg for i, arg in enumerate(argv) if i == 0 or argv[i - 1] != "--lang"]
    return next((arg for arg in words if not arg.startswith("-")), None)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser, worded in the language in use (`choose_language` comes first)."""
    parser = argparse.ArgumentParser(
        prog="tichu", description=_("Tichu, the partnership climbing card game, on a LAN."))
    parser.add_argument("--version", action="version", version=f"tichu-lan {__version__}",
                        help=_("show the program's version and exit"))
    add_language_argument(parser, None)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for module in command_modules(only):
        command = sub.add_parser(module.NAME, help=_(module.HELP),
                                 description=_(inspect.cleandoc(module.__doc__ or "")))
        module.add_arguments(command)
        add_language_argument(command, argparse.SUPPRESS)
        command.set_defaults(_module=module)
    return parser


def add_language_argument(parser: argparse.ArgumentParser, default: str | None) -> None:
    """``--lang``, before or after the command's name; after it the default is SUPPRESS,
    so that a subcommand's parser leaves a ``--lang`` given before the name alone."""
    parser.add_argument("--lang", type=language_code, default=default, metavar="CODE",
                        help=_("the language to speak: {codes} (default: the lang setting, "
                               "else the locale, else English)").format(
                            codes=", ".join(i18n.LANGUAGES)))


def language_code(text: str) -> str:
    try:
        return i18n.language_from(text, None, {})
    except i18n.UnknownLanguage as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _lang_option(argv: list[str]) -> str | None:
    """The value of the last ``--lang`` on the command line (read before the parser is
    built, as the parser's own words depend on it)."""
    found = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif arg.startswith("--lang="):
            found = arg.partition("=")[2]
    return found


def choose_language(argv: list[str]) -> str:
    """Speak ``--lang``, else the ``lang`` setting, else the locale, else English. A code
    this program does not know is passed over here; the parser then refuses it."""
    from . import settings
    try:
        setting = settings.load().lang
    except settings.ConfigError:    # the commands that use the settings report it
        setting = None
    candidates = [(_lang_option(argv), setting), (None, setting), (None, None)]
    for chosen, configured in candidates:
        try:
            code = i18n.language_from(chosen, configured, os.environ)
        except i18n.UnknownLanguage:
            continue
        break
    i18n.use_language(code)
    speak_through_argparse()
    return code


def install_reactor() -> None:
    """Twisted runs on asyncio's loop so that prompt_toolkit and zeroconf share it.

    Must happen before anything imports ``twisted.internet.reactor``."""
    if "twisted.internet.reactor" in sys.modules:
        return
    import asyncio

    from twisted.internet import asyncioreactor

    # Twisted's asyncio reactor needs a selector loop; Windows' default loop is a proactor
    loop = asyncio.SelectorEventLoop() if sys.platform == "win32" else asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    asyncioreactor.install(loop)


SIGPIPE_STATUS = 128 + 13    # what a shell reports for a command a closed pipe ended


def main(argv: list[str] | None = None) -> int:
    install_reactor()
    argv = sys.argv[1:] if argv is None else argv
    choose_language(argv)
    args = build_parser(_named_command(argv)).parse_args(argv)
    try:
        return int(args._module.run(args) or 0)
    except BrokenPipeError:
        return _pipe_closed()


def _pipe_closed() -> int:
    """The reader of our output went away (``tichu games --json | head``): end quietly, as
    other commands do. Python flushes stdout once more at exit, so it is pointed at nothing
    first, or that flush would fail again with a traceback."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    return SIGPIPE_STATUS


if __name__ == "__main__":
    sys.exit(main())
