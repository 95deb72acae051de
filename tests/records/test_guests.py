"""Records never travel over the network: a guest who means harm gets nothing of them."""

import pytest
import pytest_twisted

from tests.support.live_host import seat_clients
from tests.support.raw import raw_connect
from tichu_lan import protocol


def test_the_protocol_has_no_message_for_records():
    words = ("record", "export", "replay", "journal", "game_file", "history")
    kinds = [*protocol.CLIENT_MESSAGES, *protocol.HOST_MESSAGES]
    assert kinds and not [kind for kind in kinds if any(w in kind for w in words)]


@pytest.mark.parametrize("kind", ["export", "replay", "records", "journal", "games"])
@pytest_twisted.ensureDeferred
async def test_a_guest_asking_for_a_game_in_progress_is_refused(hosts, kind):
    host = hosts()
    (ann,) = await seat_clients(host.port, 1)
    table = ann.seating.table
    raw = await raw_connect(host.port)
    raw.hello("Mallory")
    await raw.wait_message(lambda m: m["type"] == "welcome")
    raw.send({"type": kind, "id": 2, "table": table, "game": "1", "format": "json"})
    error = await raw.wait_message(lambda m: m["type"] == "error")
    assert error["code"] == "bad_message" and "unknown message type" in error["message"]
    await raw.wait_closed()
    seen = [m for m in raw.messages() if m["type"] not in ("welcome", "error")]
    assert all("seed" not in str(m) and "actions" not in str(m) for m in seen)
    await ann.close()
