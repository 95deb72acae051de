"""Where a guest learns of the host's share port: the TXT record, `tichu find`, the host's
join hint, and the message a client of another version gets."""

from __future__ import annotations

import pytest
import pytest_twisted
from twisted.internet.protocol import Factory, Protocol

from tichu_lan import cli
from tichu_lan.bundling.where import DEFAULT_SHARE_PORT
from tichu_lan.client import TichuClient, where_to_get
from tichu_lan.commands import find_command as find
from tichu_lan.commands.host_command import download_hint
from tichu_lan.discovery import FoundHost, HostSummary
from tichu_lan.discovery.txt import SummaryError, decode, encode
from tichu_lan.protocol import HostError

SUMMARY = HostSummary(1, 3, ("classic",))


def txt(**extra: str) -> dict[bytes, bytes | None]:
    properties = {**encode("Ann", SUMMARY), **extra}
    return {k.encode(): v.encode() for k, v in properties.items()}


def test_the_share_port_is_announced_only_when_there_is_one():
    assert "share" not in encode("Ann", SUMMARY)
    assert encode("Ann", SUMMARY, 47475)["share"] == "47475"
    assert decode(txt(share="47475")).share_port == 47475
    assert decode(txt()).share_port is None
    with pytest.raises(SummaryError):
        encode("Ann", SUMMARY, 70000)


@pytest.mark.parametrize("value", ["0", "65536", "-1", "47475x", "", "1e3", "٤٧"])
def test_a_share_value_that_is_not_a_port_is_ignored_and_the_host_stays_joinable(value):
    advert = decode(txt(share=value))
    assert advert.share_port is None and advert.problem is None


def test_a_host_of_another_protocol_still_says_where_its_version_is():
    advert = decode(txt(proto="2", share="47475"))
    assert advert.problem and advert.share_port == 47475
    host = FoundHost("Bob", "Bob", ("10.0.0.6",), 4711, 2, "0.9.0", None, advert.problem,
                     advert.share_port)
    assert find.describe(host).endswith("; its version is at http://10.0.0.6:47475/")
    assert find.host_json(host)["download"] == "http://10.0.0.6:47475/"


def test_find_json_gives_the_page_or_null():
    ann = FoundHost("Ann", "Ann", ("10.0.0.5",), 4711, 1, "0.1.0", SUMMARY, None, 47475)
    assert find.host_json(ann)["download"] == "http://10.0.0.5:47475/"
    assert "share_port" not in find.host_json(ann)
    assert find.host_json(FoundHost("Cy", "Cy", ("10.0.0.7",), 4711, 1, "0.1.0", SUMMARY,
                                    None))["download"] is None


def test_the_join_hint_sends_guests_without_the_program_to_the_page():
    assert download_hint(["10.0.0.5"], 47475) == [
        "Without tichu-lan? Open http://10.0.0.5:47475/ for the commands"]
    assert download_hint(["fd00::5"], 47475) == [
        "Without tichu-lan? Open http://[fd00::5]:47475/ for the commands"]
    assert download_hint(["10.0.0.5"], None) == [] and download_hint([], 47475) == []


def test_a_client_of_another_version_is_told_where_to_get_the_host_s():
    assert where_to_get("10.0.0.5") == ("; get the host's version at http://10.0.0.5:47475/ "
                                        "(or where the host's screen says)")


@pytest_twisted.ensureDeferred
async def test_connecting_to_a_host_of_another_protocol_fails_with_where_to_get_it():
    from twisted.internet import reactor

    class NewerHost(Protocol):
        def connectionMade(self) -> None:
            self.transport.write(b"TICHU-LAN 2\n")

    listening = reactor.listenTCP(0, Factory.forProtocol(NewerHost), interface="127.0.0.1")
    try:
        client = TichuClient("127.0.0.1", listening.getHost().port, "Gus", reconnect=False)
        with pytest.raises(HostError) as refused:
            await client.connect()
        assert refused.value.code == "version_mismatch"
        assert refused.value.message.endswith(where_to_get("127.0.0.1"))
    finally:
        await listening.stopListening()


@pytest.mark.parametrize("command", ["host", "server"])
def test_hosting_commands_take_a_share_port_or_none(command, capsys):
    parse = cli.build_parser(command).parse_args
    assert parse([command]).share_port == DEFAULT_SHARE_PORT == 47475
    assert not parse([command]).no_share
    assert parse([command, "--share-port", "0", "--no-share"]).no_share
    with pytest.raises(SystemExit):
        parse([command, "--share-port", "70000"])
    assert "a port is from 0 to 65535, not 70000" in capsys.readouterr().err
