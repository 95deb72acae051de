"""The `tichu` command line: every subcommand is found, named as its module, and a named
command loads only its own module."""

import subprocess
import sys

import pytest

from tichu_lan import cli


def test_every_command_module_is_named_as_its_command():
    for name in cli.command_names():
        (module,) = cli.command_modules(name)
        assert name == module.NAME
        assert module.HELP and isinstance(module.ORDER, int)


def test_help_lists_every_command():
    out = subprocess.run([sys.executable, "-m", "tichu_lan.cli", "--help"], capture_output=True,
                         text=True, timeout=60).stdout
    for name in ("play", "host", "join", "find", "server"):
        assert name in out


def test_a_named_command_imports_only_its_own_module():
    code = ("import sys; from tichu_lan import cli; cli.build_parser('play'); "
            "print(sorted(m for m in sys.modules if m.endswith('_command')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60).stdout
    assert out.strip() == "['tichu_lan.commands.play_command']"


@pytest.mark.parametrize("argv", [["fly"], ["play", "--target", "ten"], []])
def test_a_bad_command_line_exits_2_with_a_message(argv):
    done = subprocess.run([sys.executable, "-m", "tichu_lan.cli", *argv], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and "usage: tichu" in done.stderr
