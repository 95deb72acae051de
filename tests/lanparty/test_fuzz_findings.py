"""What the protocol fuzzer found, kept as tests."""

import pytest

from tichu_lan import protocol
from tichu_lan.protocol import HostError


@pytest.mark.parametrize("message", [
    {"type": "join", "id": -1},                                   # 'table' missing
    {"type": "join", "id": 2**31, "table": "one"},                # 'table' of the wrong type
    {"type": "chat", "id": 5, "text": 7},
    {"type": "hello", "id": 1, "protocol": 99999999, "program": "x", "name": 3},
], ids=["missing-key", "wrong-type", "wrong-type-ok-id", "range-and-type"])
def test_a_message_of_the_wrong_shape_is_a_violation_even_with_a_value_out_of_range(message):
    with pytest.raises(HostError) as refused:
        protocol.validate(message, protocol.CLIENT_MESSAGES)
    assert refused.value.code == "bad_message" and refused.value.closes


def test_a_well_shaped_message_with_a_value_out_of_range_is_a_plain_error():
    with pytest.raises(HostError) as refused:
        protocol.validate({"type": "join", "id": -1, "table": 3}, protocol.CLIENT_MESSAGES)
    assert refused.value.code == "bad_value" and not refused.value.closes
