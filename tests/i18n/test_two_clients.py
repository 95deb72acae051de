"""Two players at one duel table, one reading Polish and one Japanese, through the real
client against a real host on loopback: each refusal either provokes (an unknown table,
a wrong password, a seat taken, a pass on the lead, a play out of turn, cards that are no
combination, a play that does not beat) reaches its client as
a code with params, and is worded in that player's language. The language is one per
process; a player's client is a process of its own, so here it is switched per reader."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest_twisted
from twisted.internet import utils

from engine import Discard, Draft, Pass, Phase, Play, cards_of, rank_of
from engine.cards import SPECIALS_MASK
from tests.support.live_host import connect, start_host
from tichu_lan.host_messages import ViewMessage
from tichu_lan.protocol import HostError
from tichu_lan.words.refusals import error_words
from tichu_lan.words.vocabulary import table_name

LANGUAGE = {0: "pl", 1: "ja"}
OUT_OF_TURN = {
    "not_your_turn": {"pl": "to nie twój ruch", "ja": "あなたの番ではありません"},
    "bomb_only_out_of_turn": {"pl": "to nie twój ruch (poza kolejką można zagrać tylko bombę)",
                              "ja": "あなたの番ではありません（手番外に出せるのはボムだけです）"}}


async def refusal(d) -> HostError:
    try:
        await d
    except HostError as exc:
        return exc
    raise AssertionError("the host granted what it should have refused")


def words(error: HostError, code: str, speaking) -> str:
    speaking(code)
    return error_words(error)


async def until(client, test) -> None:
    """Wait for the view (this client's latest) to pass ``test``."""
    while client.view is None or not test(client.view):
        await client.wait_for(lambda m: isinstance(m, ViewMessage))


async def play_to_the_first_lead(clients) -> None:
    for client in clients:
        await until(client, lambda v: v.phase is Phase.DISCARD)
    for seat, client in enumerate(clients):
        await client.act(Discard(seat, sum(1 << c for c in cards_of(client.view.hand)[:3])))
    await until(clients[0], lambda v: v.phase is not Phase.DISCARD)
    while clients[0].view.phase is Phase.DRAFT:
        drafter = clients[0].view.drafter
        await clients[drafter].act(Draft(drafter, True))
        steps = len(clients[drafter].view.draft)
        await until(clients[0], lambda v: len(v.draft) >= steps)  # noqa: B023 (awaited here)
    for client in clients:
        await until(client, lambda v: v.phase is Phase.PLAY)


@pytest_twisted.ensureDeferred
async def test_each_player_reads_the_hosts_refusals_in_their_own_language(tmp_path, speaking):
    host = start_host(tmp_path, seed=5)
    ann = await connect(host.port, "Ania")
    bob = await connect(host.port, "Haruto")
    try:
        seating = await ann.create_table("Kraków", "duel", 500, password="tajne", seat=0)
        unknown = await refusal(bob.join(99))
        assert (unknown.code, unknown.params) == ("no_such_table", {"table": 99})
        assert words(unknown, "ja", speaking) == "このホストにテーブル 99 はありません"
        wrong = await refusal(bob.join(seating.table, password="nie"))
        assert wrong.code == "wrong_password"
        assert words(wrong, "ja", speaking) == "テーブル 'Kraków' には正しいパスワードが必要です"
        twice = await refusal(ann.create_table("znowu"))
        assert words(twice, "pl", speaking) == "siedzisz przy stole 1; najpierw go opuść"
        assert twice.message == "you are at table 1; leave it first"     # for other clients

        taken = await refusal(bob.join(seating.table, password="tajne", seat=0))
        assert (taken.code, taken.params) == ("seat_taken", {"seat": 0, "name": "Ania"})
        assert words(taken, "ja", speaking) == "席 1 には Ania が座っています"
        await bob.join(seating.table, password="tajne")
        await ann.start()
        clients = [ann, bob]
        await play_to_the_first_lead(clients)
        leader = clients[0].view.turn
        lead, other = clients[leader], clients[1 - leader]

        passed = await refusal(lead.act(Pass(leader)))
        assert passed.params == {"reason": "lead_no_pass"}
        assert words(passed, LANGUAGE[leader], speaking) == {
            "pl": "zaczynasz lewę: zagraj układ",
            "ja": "あなたがリードです: 組み合わせを出してください"}[LANGUAGE[leader]]

        ordinary = [c for c in cards_of(lead.view.hand) if not (1 << c) & SPECIALS_MASK]
        high = max(ordinary, key=rank_of)
        await lead.act(Play(leader, 1 << high))
        again = [c for c in ordinary if c != high]
        out_of_turn = await refusal(lead.act(Play(leader, 1 << again[0])))
        assert out_of_turn.params["reason"] in OUT_OF_TURN
        assert words(out_of_turn, LANGUAGE[leader], speaking) == \
            OUT_OF_TURN[out_of_turn.params["reason"]][LANGUAGE[leader]]
        mixed = next((a, b) for a in cards_of(other.view.hand) for b in cards_of(other.view.hand)
                     if not ((1 << a) | (1 << b)) & SPECIALS_MASK and rank_of(a) < rank_of(b))
        nonsense = await refusal(other.act(Play(1 - leader, (1 << mixed[0]) | (1 << mixed[1]))))
        assert nonsense.params["reason"] == "not_a_combination"
        assert words(nonsense, LANGUAGE[1 - leader], speaking).endswith(
            {"pl": " to nie jest układ", "ja": " は組み合わせになりません"}[LANGUAGE[1 - leader]])
        lower = [c for c in cards_of(other.view.hand)
                 if not (1 << c) & SPECIALS_MASK and rank_of(c) < rank_of(high)]
        beaten = await refusal(other.act(Play(1 - leader, 1 << min(lower, key=rank_of))))
        assert beaten.code == "illegal_play" and beaten.params["reason"] == "does_not_beat"
        said = words(beaten, LANGUAGE[1 - leader], speaking)
        if LANGUAGE[1 - leader] == "ja":
            assert said.startswith("シングルの ") and said.endswith("に勝てません")
        else:
            assert said.startswith("pojedyncza ") and "nie przebija" in said
        assert "does not beat" in beaten.message     # the English stays for other clients
    finally:
        await ann.close()
        await bob.close()
        await host.stop()


ROOT = Path(__file__).resolve().parents[2]


@pytest_twisted.ensureDeferred
async def test_a_client_in_its_own_process_reads_japanese_while_this_one_reads_polish(
        tmp_path, speaking):
    """The language is the process's (as `tichu --lang` sets it): a Japanese player's client
    runs as a process of its own beside this Polish one, at one host and one table."""
    speaking("pl")
    host = start_host(tmp_path, seed=5)
    ann = await connect(host.port, "Ania")
    try:
        seating = await ann.create_table("Kraków", "duel", 500, password="tajne", seat=0)
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        out, err, code = await utils.getProcessOutputAndValue(
            sys.executable, ["-m", "tests.i18n.reader_process", str(host.port),
                             str(seating.table), "ja"], env=env, path=str(ROOT))
        assert code == 0, err.decode()
        seen = [json.loads(line) for line in out.decode("utf-8").splitlines()]
        assert [(s["code"], s["words"]) for s in seen] == [
            ("wrong_password", "テーブル 'Kraków' には正しいパスワードが必要です"),
            ("seat_taken", "席 1 には Ania が座っています"),
            ("no_such_table", f"このホストにテーブル {seating.table + 98} はありません")]
        assert seen[0]["english"] == "table 'Kraków' needs the right password"   # for others
        twice = await refusal(ann.create_table("znowu"))
        assert error_words(twice) == "siedzisz przy stole 1; najpierw go opuść"
    finally:
        await ann.close()
        await host.stop()


@pytest_twisted.ensureDeferred
async def test_a_table_opened_without_a_name_is_its_opener_s_in_each_reader_s_language(
        tmp_path, speaking):
    """The host keeps and sends who opened it, never words in the opener's language."""
    host = start_host(tmp_path, seed=5)
    ann = await connect(host.port, "Ania")
    bob = await connect(host.port, "Haruto")
    try:
        seating = await ann.create_table(None, "duel", 500, password="tajne")
        (listed,) = await bob.list_tables()
        assert (listed.name, listed.opener) == ("", "Ania")
        speaking("pl")
        assert table_name(listed.name, listed.opener) == "Stół: Ania"
        speaking("ja")
        assert table_name(listed.name, listed.opener) == "Ania のテーブル"
        wrong = await refusal(bob.join(seating.table, password="nie"))
        assert wrong.params == {"table": "", "opener": "Ania"}
        assert words(wrong, "ja", speaking) == \
            "テーブル 'Ania のテーブル' には正しいパスワードが必要です"
        assert wrong.message == "table \"Ania's table\" needs the right password"
    finally:
        await ann.close()
        await bob.close()
        await host.stop()
