"""Everything a real host says in a whole evening at one table decodes, and each message's
`to_dict` is the very map it came in: encoded again, it is the frame's bytes, key for key
and in the host's order (so the host may build these messages itself one day and send the
same bytes)."""

from __future__ import annotations

from collections import Counter

import pytest_twisted

from tests.support.autoplay import AutoPlayer
from tests.support.live_host import LOOPBACK, connect, seat_clients, wait_until
from tests.support.typed_host import said
from tichu_lan import host_messages, protocol
from tichu_lan.client import HostConnection, TichuClient
from tichu_lan.client import host_connection as connection_module
from tichu_lan.host_messages import ConnectionNotice, HostMessage


@pytest_twisted.ensureDeferred
async def test_every_message_of_an_evening_encodes_back_to_its_frame(host, monkeypatch):
    frames: list[bytes] = []
    decoded: list[HostMessage] = []
    heard = HostConnection.stringReceived

    def recording(self: HostConnection, frame: bytes) -> None:
        frames.append(frame)
        heard(self, frame)

    def decoding(message, skipped=None):
        decoded.append(host_messages.decode(message, skipped))
        return decoded[-1]
    monkeypatch.setattr(HostConnection, "stringReceived", recording)
    monkeypatch.setattr(connection_module, "decode", decoding)

    ann, bob = await seat_clients(host.port, 2, target=50)
    eve = await connect(host.port, "Eve")
    await eve.list_tables(watch=True)
    await eve.spectate(ann.seating.table)
    await eve.party.watch_room()
    await eve.ping()
    await eve.party.standings()
    await eve.join(ann.seating.table, seat=0).addErrback(lambda failure: None)  # refused
    await bob.chat("hi")
    fay = await connect(host.port, "Fay")
    asked = fay.join(ann.seating.table, seat=2)
    await wait_until(lambda: fay.asking is not None and ann.table.requests != ())
    await ann.grant_seat(2, now=True)
    await asked
    back = fay.wait_for(said(ConnectionNotice, state="restored"))
    fay.drop()
    await back
    twin = TichuClient(LOOPBACK, host.port, "Bob again", token=bob.token)
    await twin.connect()
    await wait_until(lambda: bob.seating is None)
    gus = await connect(host.port, "Gus")
    await gus.party.wait(ann.seating.table)        # asks for the bot's seat: his at the round's end
    await eve.party.wait(ann.seating.table)        # no seat left: first in line at the game's end
    await ann.party.sit_out()                      # ...when Ann gives up hers
    players = [AutoPlayer(c, seed=i) for i, c in enumerate((ann, twin, fay, gus))]
    await players[0].finished
    await wait_until(lambda: twin.table.state == "over" and twin.table.evening is not None)
    await wait_until(lambda: ann.seating is None and eve.seating is not None)
    for client in (ann, bob, eve, fay, twin, gus):
        await client.close()

    assert len(frames) == len(decoded) > 100
    for frame, message in zip(frames, decoded, strict=True):
        assert protocol.encode(message.to_dict()) == protocol.HEADER.pack(len(frame)) + frame
    kinds = Counter(message.TYPE for message in decoded)
    # an evening's plan: tests/server/test_evening_live.py encodes its frames back
    assert set(kinds) == set(protocol.HOST_MESSAGES) - {"notice", "evening"}, kinds
    tables = [m.table for m in decoded if m.TYPE == "table"]
    assert any(t.requests for t in tables) and any(t.seed is not None for t in tables)
    assert any(s.takeover_in is not None for t in tables for s in t.seats)
    assert any(m.TYPE == "view" and m.log for m in decoded)
    assert any(m.TYPE == "error" and m.id is None for m in decoded)
