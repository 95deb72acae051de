"""The ``tichu`` command.

Each subcommand is a module in `tichu_lan.commands` that provides ``NAME``,
``HELP``, ``ORDER`` (its place in the help), ``add_arguments(parser)`` and
``run(args) -> int``; this file finds them and wires them together, so adding a
command never touches another command's code.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys

from . import __version__, commands


def command_modules() -> list:
    """Every subcommand module, in help order."""
    found = [importlib.import_module(f"{commands.__name__}.{info.name}")
             for info in pkgutil.iter_modules(commands.__path__) if not info.name.startswith("_")]
    return sorted(found, key=lambda m: (m.ORDER, m.NAME))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tichu", description="Tichu, the partnership climbing card game, on a LAN.")
    parser.add_argument("--version", action="version", version=f"tichu-lan {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for module in command_modules():
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

    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    asyncioreactor.install(loop)


def main(argv: list[str] | None = None) -> int:
    install_reactor()
    args = build_parser().parse_args(argv)
    return int(args._module.run(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
