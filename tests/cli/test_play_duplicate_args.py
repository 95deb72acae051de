"""`tichu play --duplicate`'s and `tichu host --duplicate`'s bad command lines: each refused
with a sentence that says why."""

import pytest

from tichu_lan import cli
from tichu_lan.commands import host_command, play_command


@pytest.mark.parametrize("argv, says", [
    (["--duplicate", "--deals", "0"], "the number of deals is from 1 to 50, not 0"),
    (["--duplicate", "--deals", "51"], "the number of deals is from 1 to 50, not 51"),
    (["--duplicate", "--deals", "two"], "the number of deals is a whole number, not 'two'"),
    (["--duplicate", "--duel"], "argument --duel: not allowed with argument --duplicate"),
])
def test_argparse_refuses(argv, says, capsys):
    with pytest.raises(SystemExit) as exited:
        cli.build_parser("play").parse_args(["play", *argv])
    assert exited.value.code == 2 and says in capsys.readouterr().err


@pytest.mark.parametrize("argv, says", [
    (["--deals", "3"], "--deals goes with --duplicate"),
    (["--duplicate", "--seed", "5"], "--seed cannot be used with --duplicate"),
    (["--duplicate", "--rounds", "4"], "cannot be used with --duplicate"),
    (["--duplicate", "--no-grand"], "cannot be used with --duplicate"),
    (["--duplicate", "--timer", "30"], "cannot be used with --duplicate"),
])
def test_options_that_do_not_go_together_are_refused_before_anything_starts(argv, says, capsys):
    args = cli.build_parser("play").parse_args(["play", *argv])
    assert play_command.run(args) == 2
    assert says in capsys.readouterr().err


def test_a_set_of_deals_is_eight_unless_told():
    args = cli.build_parser("play").parse_args(["play", "--duplicate"])
    assert args.duplicate and args.deals is None and play_command.refusal(args) is None
    assert play_command.DEALS == 8


@pytest.mark.parametrize("argv", [["--deals", "3"], ["--duplicate", "--duel"],
                                  ["--duplicate", "--bots", "2"],
                                  ["--duplicate", "--password", "pw"],
                                  ["--duplicate", "--target", "500"],
                                  ["--duplicate", "--rounds", "4"],
                                  ["--duplicate", "--no-grand"],
                                  ["--duplicate", "--timer", "30"]])
def test_hosting_a_set_refuses_what_does_not_go_with_it_before_anything_starts(argv, capsys):
    """`tichu host --duplicate`: nothing is listened on or announced before the refusal."""
    args = cli.build_parser("host").parse_args(["host", *argv])
    assert host_command.run(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("tichu host: ") and "--duplicate" in err


def test_hosting_a_set_takes_its_deals():
    args = cli.build_parser("host").parse_args(["host", "--duplicate", "--deals", "4"])
    assert args.deals == 4 and host_command.refusal(args) is None
    plain = cli.build_parser("host").parse_args(["host"])
    assert plain.target is None and host_command.refusal(plain) is None
