"""Where a guest learns of the door, and its key: the host's waiting page, the share page,
the announcement (`tichu find --json`); the key itself, the user name's options, the guests'
memory; and the bundle, which has no door and says so in one line."""

from __future__ import annotations

import argparse
import json
import os
import stat
import subprocess
import time
from pathlib import Path

import asyncssh
import pytest

from tests.discovery.lanhosts import tichu
from tichu_lan.commands import ssh_args
from tichu_lan.commands.host_command import join_hint
from tichu_lan.discovery.browser import FoundHost
from tichu_lan.discovery.txt import HostSummary, decode, encode
from tichu_lan.server.share_page import render
from tichu_lan.ssh import hostkey
from tichu_lan.ssh.guest_memory import KEPT, GuestMemory, by_code
from tichu_lan.ssh.login import Login, new_code, read_login, user_name

FINGERPRINT = "SHA256:" + "A" * 43


def test_the_host_key_is_made_once_kept_for_its_owner_only_and_read_again(tmp_path):
    key = hostkey.load_or_make(tmp_path / "data")
    path = hostkey.key_path(tmp_path / "data")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    again = hostkey.load_or_make(tmp_path / "data")
    assert hostkey.fingerprint(again) == hostkey.fingerprint(key)
    assert hostkey.fingerprint(key).startswith("SHA256:")
    os.chmod(path, 0o644)
    hostkey.load_or_make(tmp_path / "data")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    path.write_text("not a key")
    with pytest.raises(hostkey.HostKeyError, match="move it away"):
        hostkey.load_or_make(tmp_path / "data")


@pytest.mark.parametrize("user, login", [
    ("anna", Login("anna")),
    ("anna+ja", Login("anna", "ja")),
    ("anna+zh-TW+ascii", Login("anna", "zh_TW", True)),
    ("c++", Login("c++")),
    ("anna+de+k7qx2m", Login("anna", "de", False, "k7qx2m")),
    ("anna+K7QX2M+pl", Login("anna", "pl", False, "k7qx2m")),
    ("anna+xx", Login("anna+xx")),
    ("anna+ja+ja", Login("anna+ja", "ja")),
    ("+ja", Login("", "ja")),
])
def test_the_user_name_says_the_name_and_options(user, login):
    assert read_login(user) == login


def test_a_seat_code_comes_back_in_the_command():
    code = new_code()
    assert read_login(user_name(Login("anna", "de", True), code)) == Login("anna", "de", True,
                                                                          code)


def test_the_guests_memory_is_the_owners_alone_and_bounded(tmp_path):
    clock = iter(range(10_000))
    memory = GuestMemory(tmp_path, now=lambda: next(clock))
    for i in range(KEPT + 5):
        memory.keep(by_code(f"c{i}"), name="anna", token=f"t{i}")
    assert stat.S_IMODE(memory.path.stat().st_mode) == 0o600
    again = GuestMemory(tmp_path)
    assert len(again.guests) == KEPT and again.get(by_code("c0")) is None
    assert again.get(by_code(f"c{KEPT + 4}")).token == f"t{KEPT + 4}"
    memory.path.write_text("{not json")
    assert GuestMemory(tmp_path).guests == {}


def test_the_waiting_page_and_the_share_page_show_the_command_and_the_key():
    lines = join_hint(47474, "10.0.0.5", False, share=47475, ssh=(47476, FINGERPRINT))
    assert f"ssh -p 47476 NAME@10.0.0.5 (host key {FINGERPRINT})" in lines[-2]
    assert lines[-1].endswith("must let in TCP 47474, 47475, 47476.")
    page = render("Ann", "10.0.0.5", 47475, "ab" * 32, 1_000_000, html=False,
                  ssh=(47476, FINGERPRINT)).decode()
    assert "    ssh -p 47476 NAME@10.0.0.5" in page and FINGERPRINT in page
    assert "ssh -p" not in render("Ann", "10.0.0.5", 47475, "ab" * 32, 1_000_000,
                                  html=False).decode()


def test_the_announcement_carries_the_door_and_find_json_gives_it():
    summary = HostSummary(1, 3, ("classic",), 0)
    properties = {k.encode(): v.encode()
                  for k, v in encode("Ann", summary, 47475, (47476, FINGERPRINT)).items()}
    advert = decode(properties)
    assert advert.ssh == (47476, FINGERPRINT)
    found = FoundHost("Ann", "Ann", ("10.0.0.5",), 47474, 1, "0.1.0", summary, None, 47475,
                      advert.ssh)
    assert found.to_dict()["ssh"] == {"port": 47476, "fingerprint": FINGERPRINT}
    for broken in ({b"ssh": b"x"}, {b"sshkey": b"MD5:aa"}, {b"ssh": b"99999"}):
        assert decode({**properties, **broken}).ssh is None
        assert decode({**properties, **broken}).problem is None     # the game still joins
    assert decode({k: v for k, v in properties.items() if not k.startswith(b"ssh")}).ssh is None


def test_a_bundle_says_in_one_line_that_the_door_needs_the_installed_program(monkeypatch):
    from tichu_lan.bundling import origin
    args = argparse.Namespace(no_ssh=False, ssh_port=0)
    monkeypatch.setattr(origin, "running_archive", lambda: Path("tichu-lan-0.1.0.pyz"))
    door, why = ssh_args.start_ssh(args, None, None, "127.0.0.1", Path("."))
    assert door is None and why is not None and "installed program" in why
    assert "\n" not in why
    assert ssh_args.start_ssh(argparse.Namespace(no_ssh=True), None, None, "", Path(".")) == (
        None, None)


def test_tichu_server_opens_the_door_and_find_json_shows_its_key(loopback_netns, tmp_path):
    listening = tmp_path / "port"
    server = tichu(loopback_netns, "server", "--port", "4711", "--ssh-port", "4713",
                   "--data-dir", str(tmp_path), "--bot-workers", "0", "--port-file",
                   str(listening), stdin=subprocess.DEVNULL)
    try:
        key = hostkey.key_path(tmp_path)
        for _ in range(300):
            if key.exists() or server.poll() is not None:
                break
            time.sleep(0.05)
        assert key.exists(), server.communicate(timeout=10)
        fingerprint = hostkey.fingerprint(asyncssh.read_private_key(key))
        for _ in range(20):
            out, _ = tichu(loopback_netns, "find", "--json", "--timeout", "1.5").communicate(
                timeout=30)
            hosts = json.loads(out)["hosts"]
            if hosts and hosts[0]["ssh"]:
                break
        assert hosts[0]["ssh"] == {"port": 4713, "fingerprint": fingerprint}
    finally:
        server.terminate()
        server.wait(timeout=20)
