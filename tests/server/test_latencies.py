"""The host's latency record keeps the latest moves in memory allocated once."""

from hypothesis import given
from hypothesis import strategies as st

from tichu_lan.server.services import Latencies, Metrics


@given(st.lists(st.floats(0, 10), max_size=40), st.integers(1, 8))
def test_the_record_is_the_latest_values_oldest_first(values, keep):
    record = Latencies(keep)
    for value in values:
        record.append(value)
    assert list(record) == values[-keep:]
    assert len(record) == min(len(values), keep)


def test_clearing_forgets_everything_and_the_array_never_grows():
    metrics = Metrics(keep=3)
    size = len(metrics.latencies.values)
    for _ in range(10):
        metrics.action_done(0.0)
    assert metrics.actions == 10 and len(metrics.latencies) == 3
    metrics.latencies.clear()
    assert list(metrics.latencies) == [] and len(metrics.latencies.values) == size
    metrics.latencies.append(0.5)
    assert list(metrics.latencies) == [0.5]
    metrics.action_done(None)                    # a move that did not come from a person
    assert metrics.actions == 11 and len(metrics.latencies) == 1
