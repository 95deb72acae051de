"""Guessing a table's password costs time, per address and per table; a friend who mistypes
once or twice loses nothing; the token and the password's hash stay out of other people's
reach on disk."""

from __future__ import annotations

import stat
from dataclasses import dataclass

import pytest_twisted
from twisted.internet.task import Clock

from tests.support.hostile import raw_connect_from
from tests.support.live_host import connect
from tichu_lan import settings
from tichu_lan.protocol import HostError
from tichu_lan.server.guesses import FREE_PER_ADDRESS, FREE_PER_TABLE, PasswordGuard
from tichu_lan.server.seats import Password
from tichu_lan.records.meta import TableName


@dataclass
class Table:
    id: int
    password: Password | None
    name: TableName = TableName("t")


def attempt(guard, address, table, password):
    try:
        guard.check(address, table, password)
        return "ok"
    except HostError as refused:
        return refused.code if refused.code != "too_many_guesses" else (
            refused.code, refused.params["seconds"])


def test_an_address_waits_twice_as_long_after_each_wrong_guess_past_the_free_ones():
    clock, table = Clock(), Table(1, Password.make("s3cret"))
    guard = PasswordGuard(clock)
    answers = [attempt(guard, "10.0.0.9", table, "guess") for _ in range(FREE_PER_ADDRESS)]
    assert answers == ["wrong_password"] * FREE_PER_ADDRESS
    assert attempt(guard, "10.0.0.9", table, "s3cret") == ("too_many_guesses", 1)
    assert attempt(guard, "10.0.0.8", table, "s3cret") == "ok"        # another address
    waits = []
    for _ in range(8):
        clock.advance(guard.counts[("address", "10.0.0.9")].until - clock.seconds())
        assert attempt(guard, "10.0.0.9", table, "guess") == "wrong_password"
        waits.append(attempt(guard, "10.0.0.9", table, "guess")[1])
    assert waits == [2, 4, 8, 16, 32, 60, 60, 60]
    clock.advance(60)
    assert attempt(guard, "10.0.0.9", table, "s3cret") == "ok"
    assert ("address", "10.0.0.9") not in guard.counts               # a right one clears it


def test_a_table_guessed_at_from_many_addresses_makes_the_guessers_wait_not_a_friend():
    clock, table = Clock(), Table(7, Password.make("s3cret"))
    guard = PasswordGuard(clock)
    for n in range(FREE_PER_TABLE):
        assert attempt(guard, f"10.0.{n}.1", table, "guess") == "wrong_password"
    assert attempt(guard, "10.0.0.1", table, "s3cret") == ("too_many_guesses", 1)
    assert attempt(guard, "10.9.9.9", table, "s3cret") == "ok"       # has not been guessing
    assert attempt(guard, "10.9.9.8", table, "guess") == "wrong_password"   # checked: new here
    assert attempt(guard, "10.9.9.8", table, "s3cret") == ("too_many_guesses", 2)
    clock.advance(2)
    assert attempt(guard, "10.9.9.8", table, "s3cret") == "ok"
    open_table = Table(8, None)
    assert attempt(guard, "10.0.0.1", open_table, None) == "ok"      # no password, no count


def test_an_address_counts_as_guessing_until_its_wrong_passwords_fade():
    clock, table = Clock(), Table(7, Password.make("s3cret"))
    guard = PasswordGuard(clock)
    assert attempt(guard, "10.1.1.1", table, "typo") == "wrong_password"
    for n in range(FREE_PER_TABLE):
        attempt(guard, f"10.0.{n}.1", table, "guess")
    assert attempt(guard, "10.1.1.1", table, "s3cret") == ("too_many_guesses", 2)
    clock.advance(121)                       # its typo has faded; the table guessed at anew
    for n in range(FREE_PER_TABLE + 3):
        attempt(guard, f"10.2.{n}.1", table, "guess")
    assert attempt(guard, "10.1.1.1", table, "s3cret") == "ok"


@pytest_twisted.ensureDeferred
async def test_guesses_from_three_addresses_are_mostly_not_even_checked(host):
    ann = await connect(host.port, "Ann")
    seating = await ann.create_table("private", "classic", 1000, password="s3cret")
    codes = []
    for source in ("127.0.5.1", "127.0.5.2", "127.0.5.3"):
        raw = await raw_connect_from(host.port, source)
        raw.hello("guesser")
        for i in range(40):
            raw.send({"type": "join", "id": 10 + i, "table": seating.table,
                      "password": f"guess{i}"})
        await raw.wait_message(lambda m: m.get("id") == 49)
        codes += [m["code"] for m in raw.messages() if m.get("type") == "error"]
        raw.transport.loseConnection()
    assert codes.count("wrong_password") <= FREE_PER_TABLE
    assert codes.count("too_many_guesses") >= 120 - FREE_PER_TABLE
    await ann.close()


def test_the_settings_file_with_the_seat_token_is_for_its_owner_only(tmp_path):
    path = tmp_path / "config.toml"
    (tmp_path / "config.toml.partial").write_text("old\n")
    (tmp_path / "config.toml.partial").chmod(0o644)
    settings.save(settings.Settings(name="Ann", last_token="secret-token"), path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert settings.load(path).last_token == "secret-token"
