"""The share port's attacks of scripts/attack_host, small, against a share port in this
process: an honest guest asking for the page once a second is answered every time, and a
body is never spooled to disk."""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_twisted
from twisted.internet import defer

from tests.support.share_attacks import SHARE_ATTACKS
from tichu_lan.server import share_guard
from tichu_lan.server.share import Offer, share_factory

pytestmark = pytest.mark.timeout(120)

SMALL = {"share_slow": {"connections": 30, "seconds": 3.0},
         "share_body": {"requests": 4, "megabytes": 10, "seconds": 2.0},
         "share_flood": {"connections": 6, "seconds": 3.0},
         "share_downloads": {"count": 4, "seconds": 3.0}}


@dataclass
class Arena:
    share_port: int
    tmp_dir: Path
    host_pid: int = os.getpid()


@pytest.fixture
def arena(tmp_path, monkeypatch):
    from twisted.internet import reactor
    spool = tmp_path / "tmp"
    spool.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(spool))      # where Twisted would spool
    monkeypatch.setattr(share_guard, "HEAD_DEADLINE", 1.5)
    offer = Offer("Ann's laptop", lambda: defer.succeed(b"the bundle " * 200_000))
    factory, _ = share_factory(offer, reactor)
    listening = reactor.listenTCP(0, factory, interface="127.0.0.1")
    yield Arena(listening.getHost().port, spool)
    pytest_twisted.blockon(defer.maybeDeferred(listening.stopListening))


@pytest.mark.parametrize("name", sorted(SMALL))
@pytest_twisted.ensureDeferred
async def test_the_honest_guest_gets_the_page_through_each_attack(arena, name):
    facts = await SHARE_ATTACKS[name](arena, **SMALL[name])
    assert facts["honest_asked"] >= 2
    assert facts["honest_answered"] == facts["honest_asked"], facts
    if name == "share_body":
        assert facts["tmp_bytes_peak"] == 0 and facts["body_mib_sent"] > 0
    if name == "share_slow":
        assert facts["still_open_at_end"] == 0
    if name == "share_flood":
        assert facts["answers"] > 0
