"""The `tichu` command line: every subcommand is found, named as its module, and a named
command loads only its own module."""

import re
import subprocess
import sys

import pytest

from tichu_lan import cli

COMMANDS = ["play", "host", "join", "watch", "find", "server", "games", "replay", "export", "stats",
            "verify", "review", "bundle"]  # in the order the help lists them


def test_every_command_module_is_named_as_its_command():
    assert sorted(cli.command_names()) == sorted(COMMANDS)
    for name in cli.command_names():
        (module,) = cli.command_modules(name)
        assert name == module.NAME
        assert module.HELP and isinstance(module.ORDER, int)


def test_help_lists_every_command():
    out = subprocess.run([sys.executable, "-m", "tichu_lan.cli", "--help"], capture_output=True,
                         text=True, timeout=60).stdout
    for name in COMMANDS:
        assert name in out
    # one entry per command, in help order (a wrapped help text continues further in)
    assert re.findall(r"^ {4}(\w+) ", out, re.MULTILINE) == COMMANDS


@pytest.mark.parametrize("name", COMMANDS)
def test_a_named_command_imports_only_its_own_module(name):
    code = (f"import sys; from tichu_lan import cli; cli.build_parser({name!r}); "
            "print(sorted(m for m in sys.modules if m.endswith('_command')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60).stdout
    assert out.strip() == f"['tichu_lan.commands.{name}_command']"


@pytest.mark.parametrize("argv, says", [
    (["fly"], "invalid choice: 'fly'"),
    (["play", "--target", "ten"], "the target score is a whole number, not 'ten'"),
    (["play", "--timer", "0"], "argument --timer: the turn timer is from 15 to 120, not 0"),
    (["play", "--timer", "121"], "the turn timer is from 15 to 120, not 121"),
    (["host", "--timer", "20.5"], "the turn timer is a whole number, not '20.5'"),
    (["play", "--rounds", "0"], "argument --rounds: the number of rounds is from 1 to 50, not 0"),
    ([], "the following arguments are required: COMMAND"),
])
def test_a_bad_command_line_exits_2_with_a_message(argv, says):
    done = subprocess.run([sys.executable, "-m", "tichu_lan.cli", *argv], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and "usage: tichu" in done.stderr
    assert says in done.stderr


def test_output_piped_to_a_reader_that_went_away_ends_quietly(tmp_path):
    """`tichu games --json | head` with head gone before the first line: no traceback, the
    status a shell gives a command ended by a closed pipe."""
    process = subprocess.Popen([sys.executable, "-m", "tichu_lan.cli", "games", "--json",
                                "--data-dir", str(tmp_path)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    process.stdout.close()                   # the reader is gone before anything is written
    errors = process.stderr.read()
    assert process.wait(60) == 141
    assert errors == b""
