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
import pkgutil
import sys
from types import ModuleType

from . import __version__, commands

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
    """The command a command line names (its first word that is not an option)."""
    return next((arg for arg in argv if not arg.startswith("-")), None)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tichu", description="Tichu, the partnership climbing card game, on a LAN.")
    parser.add_argument("--version", action="version", version=f"tichu-lan {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for module in command_modules(only):
        command = sub.add_parser(module.NAME, help=module.HELP, description=module.__doc__)
        module.add_arguments(command)
        command.set_defaults(_module=module)
    return parser


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


def main(argv: list[str] | None = None) -> int:
    install_reactor()
    argv = sys.argv[1:] if argv is None else argv
    args = build_parser(_named_command(argv)).parse_args(argv)
    return int(args._module.run(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
