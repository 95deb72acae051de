"""The host's share port, on 127.0.0.1: the page and the bundle, and the documented answer
to everything else (other paths, other methods, long targets, slow readers, crowds), while
a game on the same reactor goes on."""

from __future__ import annotations

import hashlib
import re
import subprocess

import pytest
import pytest_twisted
from twisted.internet import defer, threads

from tests.support.autoplay import AutoPlayer
from tests.support.live_host import connect as connect_player
from tests.support.live_host import start_host, wait_until
from tichu_lan.bundling.where import bundle_name
from tichu_lan.server import share, share_guard
from tichu_lan.server.share import MAX_DOWNLOADS, PER_ADDRESS, Offer, share_factory

from .conftest import BARE
from .http_clients import connect, fetch, get

pytestmark = pytest.mark.timeout(120)

BUNDLE = "/" + bundle_name()
DATA = bytes(range(256)) * (64 * 1024)          # 16 MB: more than loopback buffers hold
SHA = hashlib.sha256(DATA).hexdigest()


def reactor():
    from twisted.internet import reactor
    return reactor


@pytest.fixture
def served():
    """A share port on 127.0.0.1 with ``DATA`` as the bundle: (port, resource, offer)."""
    listening = []

    def serve(pack=lambda: defer.succeed(DATA), host_name="Ann's laptop"):
        offer = Offer(host_name, pack)
        factory, root = share_factory(offer, reactor())
        listening.append(reactor().listenTCP(0, factory, interface="127.0.0.1"))
        return listening[-1].getHost().port, root, offer
    yield serve
    for port in listening:
        pytest_twisted.blockon(defer.maybeDeferred(port.stopListening))


@pytest_twisted.ensureDeferred
async def test_the_page_gives_the_commands_for_each_system_with_the_sha256(served):
    port, _, _ = served(host_name="<b>Ann</b>\x1b]0;owned\x07")
    url = f"http://127.0.0.1:{port}{BUNDLE}"
    page = await fetch(reactor(), port, get("/", accept="text/html,*/*"))
    assert page.status == 200 and page.headers["content-type"] == "text/html; charset=utf-8"
    html = page.body.decode()
    assert "&lt;b&gt;Ann&lt;/b&gt;" in html and "<b>Ann" not in html
    for command in (f"curl -fO {url}", f"sha256sum {bundle_name()}",
                    f"python3 {bundle_name()} join", f"curl.exe -fO {url}",
                    f"(Get-FileHash {bundle_name()}).Hash", f"py {bundle_name()} join", SHA):
        assert command in html
    text = (await fetch(reactor(), port, get("/"))).body.decode()
    assert text.startswith("tichu-lan 0.1.0 from <b>Ann</b>]0;owned\n")   # no escape left
    assert f"    curl -fO {url}" in text


@pytest_twisted.ensureDeferred
async def test_the_page_says_how_to_join_by_address_and_what_a_firewall_must_let_in(served):
    """For a Wi-Fi that drops the announcements: `join ADDRESS:PORT` at the address the
    guest reached; the ports are the host's own (not the defaults), the ssh door's too."""
    port, _, offer = served()
    offer.game_port = 5000
    text = (await fetch(reactor(), port, get("/"))).body.decode()
    assert f"    python3 {bundle_name()} join 127.0.0.1:5000" in text
    assert f"    py {bundle_name()} join 127.0.0.1:5000" in text
    assert f"TCP ports 5000, {port}." in text and "keeps its machines apart" in text
    offer.ssh = (5001, "SHA256:key")
    text = (await fetch(reactor(), port, get("/"))).body.decode()
    assert f"TCP ports 5000, {port}, 5001." in text
    offer.game_port = None                   # a page that does not know the game's port
    assert "Not listed" not in (await fetch(reactor(), port, get("/"))).body.decode()


@pytest_twisted.ensureDeferred
async def test_the_page_s_python_line_downloads_and_checks_the_bundle_with_urllib(served,
                                                                                  tmp_path):
    port, _, _ = served()
    text = (await fetch(reactor(), port, get("/"))).body.decode()
    (line,) = [s.strip() for s in text.splitlines() if s.strip().startswith("python3 -c")]
    code = re.fullmatch(r'python3 -c "(.*)"', line).group(1)
    done = await threads.deferToThread(subprocess.run, [*BARE, "-c", code], cwd=tmp_path,
                                       capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / bundle_name()).read_bytes() == DATA


@pytest_twisted.ensureDeferred
async def test_the_bundle_comes_whole_with_its_length_and_digest(served):
    port, root, _ = served()
    answer = await fetch(reactor(), port, get(BUNDLE))
    assert answer.status == 200 and answer.body == DATA
    assert answer.headers["content-length"] == str(len(DATA))
    assert answer.headers["content-type"] == "application/octet-stream"
    assert answer.headers["repr-digest"].startswith("sha-256=:")
    head = await fetch(reactor(), port, get(BUNDLE, "HEAD"))
    assert (head.status, head.body, head.headers["content-length"]) == (200, b"", str(len(DATA)))
    assert root.downloads == set() and not root.per_address


@pytest.mark.parametrize("target", [
    "/../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", BUNDLE + "/../../etc/passwd", "//etc/passwd",
    "/etc/passwd", "http://127.0.0.1/etc/passwd", "/favicon.ico", "/tichu-lan-0.0.1.pyz",
    "/pyproject.toml", "/tichu_lan/cli.py", BUNDLE + "x"])
@pytest_twisted.ensureDeferred
async def test_no_other_path_is_served(served, target):
    port, _, _ = served()
    answer = await fetch(reactor(), port, get(target))
    assert answer.status == 404
    assert answer.body == f"There is nothing here but / and {BUNDLE}.\n".encode()


@pytest_twisted.ensureDeferred
async def test_other_methods_and_long_targets_get_their_answers(served):
    port, _, _ = served()
    assert (await fetch(reactor(), port, get("/", "POST"))).status == 405
    assert (await fetch(reactor(), port, get(BUNDLE, "DELETE"))).status == 405
    assert (await fetch(reactor(), port, get("/" + "a" * 300))).status == 414
    # past Twisted's 16 KiB line limit: a 400 and the connection closed, with the rest of the
    # request unread, so the guest's system may drop the 400 on the reset that follows
    assert (await fetch(reactor(), port, get("/" + "a" * 20_000))).status in (400, 0)


@pytest_twisted.ensureDeferred
async def test_the_bundle_is_packed_once_when_first_asked_for_and_failures_are_told(served):
    packing: defer.Deferred[bytes] = defer.Deferred()
    calls = []
    port, _, _ = served(pack=lambda: calls.append(1) or packing)
    first = fetch(reactor(), port, get(BUNDLE))
    second = fetch(reactor(), port, get("/"))
    await wait_until(lambda: calls)
    packing.callback(DATA)
    assert (await first).body == DATA and (await second).status == 200
    assert calls == [1]
    port, _, _ = served(pack=lambda: defer.fail(OSError("disk full")))
    answer = await fetch(reactor(), port, get(BUNDLE))
    assert answer.status == 503
    assert answer.body == b"This host cannot offer the program: disk full\n"


@pytest_twisted.ensureDeferred
async def test_a_reader_that_stops_is_cut_and_frees_its_place(served, monkeypatch):
    monkeypatch.setattr(share, "STALL", 0.5)
    port, root, _ = served()
    slow = await connect(reactor(), port, get(BUNDLE), hold=True)
    assert (await slow.headers).status == 200
    await wait_until(lambda: len(root.downloads) == 1)
    await wait_until(lambda: not root.downloads)     # the host cut it...
    assert not root.per_address
    slow.transport.resumeProducing()
    raw = await slow.closed                          # ...and the reader finds it cut
    assert len(raw) < len(DATA)


@pytest_twisted.ensureDeferred
async def test_a_hundred_downloads_at_once_get_their_answers_while_a_game_goes_on(
        served, tmp_path):
    port, root, _ = served()
    host = start_host(tmp_path)
    player = await connect_player(host.port, "Ann")
    try:
        await player.create_table("t", "duel", 1000)
        await player.add_bot(1, "random")
        await player.start()
        AutoPlayer(player)
        crowd = [await connect(reactor(), port, get(BUNDLE), f"127.0.0.{2 + i}", hold=True)
                 for i in range(100)]
        answers = [await client.headers for client in crowd]
        seq = player.seq
        await wait_until(lambda: player.seq >= seq + 20, timeout=30)   # the game goes on
        assert (await player.ping()).TYPE == "pong"
        codes = sorted(a.status for a in answers)
        assert codes == [200] * MAX_DOWNLOADS + [503] * (100 - MAX_DOWNLOADS)
        busy = next(a for a in answers if a.status == 503)
        assert busy.headers["retry-after"] == "5"
        assert b"guests are downloading now; try again in a few seconds" in busy.body
        for client in crowd:
            client.close()
        await wait_until(lambda: not root.downloads)
        one_address = [await connect(reactor(), port, get(BUNDLE), hold=True)
                       for _ in range(PER_ADDRESS + 2)]
        codes = sorted([(await c.headers).status for c in one_address])
        assert codes == [200] * PER_ADDRESS + [429, 429]
        for client in one_address:
            client.close()
        await wait_until(lambda: not root.downloads)
        assert (await fetch(reactor(), port, get(BUNDLE))).body == DATA
    finally:
        await player.close()
        await host.stop()


@pytest_twisted.ensureDeferred
async def test_idle_connections_are_closed_and_too_many_are_refused(served, monkeypatch):
    monkeypatch.setattr(share, "IDLE", 0.3)
    monkeypatch.setattr(share_guard, "MAX_CONNECTIONS", 3)
    port, _, _ = served()
    quiet = [await connect(reactor(), port, b"") for _ in range(3)]
    extra = await connect(reactor(), port, b"")
    assert await extra.closed == b""                  # closed at once: three are open
    for client in quiet:
        assert await client.closed == b""             # closed after IDLE: they sent nothing
    assert (await fetch(reactor(), port, get("/"))).status == 200
