"""A short protocol fuzz against a live host on 127.0.0.1, and checks that its judge can fail."""

import itertools
import random

import msgpack
import pytest

from tests.support.fuzz import Expectation, check_answer, expectation, frame, mutants
from tests.support.fuzz_campaign import FuzzConfig, run_fuzz

pytestmark = pytest.mark.timeout(240)


def test_a_few_thousand_hostile_frames_leave_the_host_serving_and_other_games_untouched(tmp_path):
    report = run_fuzz(FuzzConfig(frames=3000, seconds=120, seed=3, data_dir=tmp_path / "host"))
    assert report.total >= 3000, report.frames
    assert set(report.frames) == {"intruder", "seated", "hypothesis", "mutation"}
    assert report.host_alive and report.host_failures == []
    assert report.problem_count == 0, report.problems
    assert report.victims["ok"], report.victims
    assert report.scripted["ok"] and report.scripted["leaks"] == 0, report.scripted
    # the mix reaches every layer: the decoder, the schema, the lobby, the engine
    for code in ("bad_frame", "bad_message", "frame_too_large", "bad_prologue", "not_seated",
                 "wrong_seat", "table_full", "wrong_password", "bad_token"):
        assert report.codes.get(code, 0) > 0, (code, report.codes)
    assert report.codes.get("ok", 0) > 0
    assert "internal" not in report.codes


def body(value) -> bytes:
    return msgpack.packb(value, use_bin_type=True)


@pytest.mark.parametrize("data,closes,codes", [
    (b"\xc1", True, {"bad_frame"}),
    (body({"type": "ping", "id": 1}) + b"\x00", True, {"bad_frame"}),
    (body([1, 2]), True, {"bad_message"}),
    (body({"type": "warp", "id": 1}), True, {"bad_message"}),
    (body({"type": "ping", "id": 1, "x": 1}), True, {"bad_message"}),
    (body({"type": "join", "id": -4}), True, {"bad_message"}),
    (body({"type": "join", "id": 4, "table": "1"}), True, {"bad_message"}),
    (body({1: "ping"}), True, {"bad_frame"}),
    (body({"type": "join", "id": 4, "table": -1}), False, None),
    (body({"type": "ping", "id": 9}), False, None),
])
def test_the_judge_reads_frames_as_the_protocol_document_does(data, closes, codes):
    expected = expectation(data)
    assert (expected.closes, expected.codes) == (closes, codes)


def test_the_judge_refuses_wrong_answers():
    stays = Expectation(False, None, 7, "pong")
    good = {"type": "pong", "id": 7}
    assert check_answer(stays, [good], closed=False) is None
    assert "2 answers" in check_answer(stays, [good, good], closed=False)
    assert "names id" in check_answer(stays, [{"type": "pong", "id": 8}], closed=False)
    assert "'ok' reply" in check_answer(stays, [{"type": "ok", "id": 7}], closed=False)
    bug = {"type": "error", "id": 7, "code": "internal", "message": "x"}
    assert "bug" in check_answer(stays, [bug], closed=False)
    shut = Expectation(True, {"bad_frame"}, None, None)
    refusal = {"type": "error", "code": "bad_frame", "message": "x"}
    assert check_answer(shut, [refusal], closed=True) is None
    assert "was kept" in check_answer(shut, [refusal], closed=False)
    assert "where the protocol says" in check_answer(
        shut, [{"type": "error", "code": "bad_message", "message": "x"}], closed=True)
    assert "undocumented" in check_answer(
        shut, [{"type": "error", "code": "oops", "message": "x"}], closed=True)


def test_mutants_are_reproducible_from_their_seed():
    def first_frames(seed: int) -> list[tuple[bytes, Expectation]]:
        return list(itertools.islice(mutants(random.Random(seed)), 200))

    first, again = first_frames(5), first_frames(5)
    assert first[0][0] == again[0][0] and frame(b"x") == b"\x00\x00\x00\x01x"
    assert first == again
    assert first != first_frames(6)  # the seed matters: the sameness above is not a constant
