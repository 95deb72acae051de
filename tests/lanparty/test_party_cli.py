"""scripts/lanparty and scripts/fuzz_protocol refuse bad arguments with a clear message."""

import pytest

from tests.support import fuzz_campaign, party_report


@pytest.mark.parametrize("argv,words", [
    (["--schedule", "10:explode"], "no fault 'explode'"),
    (["--schedule", "soon:kill"], "SECONDS:FAULT"),
    (["--faults", "kill,melt"], "no fault melt"),
    (["--think", "0.5,0.1"], "MIN <= MAX"),
    (["--tables", "0"], "must be above 0"),
    (["--minutes", "x"], "not a number"),
])
def test_lanparty_refuses_bad_arguments(argv, words, capsys):
    with pytest.raises(SystemExit) as exited:
        party_report.main(argv)
    assert exited.value.code == 2 and words in capsys.readouterr().err


def test_fuzz_protocol_refuses_a_run_of_nothing(capsys):
    with pytest.raises(SystemExit) as exited:
        fuzz_campaign.main(["--frames", "3"])
    assert exited.value.code == 2 and "--frames must be at least 10" in capsys.readouterr().err
