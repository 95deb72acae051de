"""The ``tichu`` command.

Each subcommand lives in its own module, which provides ``add_arguments(parser)``
and ``run(args) -> int``; this file only wires them together, so that adding a
command never touches another command's code.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from . import __version__

# name -> (module, one-line help). Modules are imported only when needed.
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("tichu_lan.commands.play", "play against bots on this machine (no network)"),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tichu", description="Tichu, the partnership climbing card game, on a LAN.")
    parser.add_argument("--version", action="version", version=f"tichu-lan {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name, (module_name, help_text) in COMMANDS.items():
        module = importlib.import_module(module_name)
        command = sub.add_parser(name, help=help_text, description=module.__doc__)
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
