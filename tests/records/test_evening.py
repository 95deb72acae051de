"""The game-over page shows the evening's standings of the people at the table: the host
counts them over the games it kept tonight (real host on 127.0.0.1, real clients)."""

from __future__ import annotations

import pytest_twisted

from tests.support.autoplay import AutoPlayer
from tests.support.live_host import seat_clients, wait_until
from tichu_lan.table_info import Standing
from tichu_lan.tui.evening import evening_lines
from tichu_lan.tui.faces import Faces
from tichu_lan.tui.summaries import game_over
from tichu_lan.tui.table_model import TableModel
from tichu_lan.tui.text import get_cwidth


async def a_game(clients, seed: int) -> None:
    players = [AutoPlayer(c, seed=seed + i) for i, c in enumerate(clients)]
    await players[0].finished
    await wait_until(lambda: all(c.table.state == "over" for c in clients))


@pytest_twisted.ensureDeferred
async def test_the_game_over_page_counts_tonights_games_of_the_people_here(hosts):
    host = hosts()
    ann, bob = await seat_clients(host.port, 2, target=50)
    await a_game([ann, bob], seed=1)
    first = ann.view.winner
    evening = {p.name: p for p in ann.table.evening}
    assert set(evening) == {"Ann", "Bob"} and evening == {p.name: p for p in bob.table.evening}
    assert evening["Ann"].finished == 1 and evening["Ann"].wins == (first == 0)
    assert evening["Bob"].wins == (first == 1)

    await ann.play_again()
    await bob.play_again()
    await wait_until(lambda: ann.table.state == "playing" and ann.table.evening is None)
    await a_game([ann, bob], seed=7)
    evening = {p.name: p for p in ann.table.evening}
    assert evening["Ann"].finished == 2 and evening["Bob"].finished == 2
    assert evening["Ann"].wins + evening["Bob"].wins == 2
    calls = sum(p.tichu + p.grand for p in evening.values())
    assert calls >= sum(p.tichu_made + p.grand_made for p in evening.values())

    model = TableModel(Faces(ascii=True))
    model.view, model.table = ann.view, ann.table
    page = ["".join(t for _, t in line) if isinstance(line, list) else line
            for line in game_over(model, 76)]
    assert "Tonight at this host" in page
    ranked = sorted(evening.values(), key=lambda p: -p.wins)
    assert any(line.startswith(ranked[0].name) and "won" in line and "of 2 games" in line
               for line in page)
    for client in (ann, bob):
        await client.close()


def test_no_standings_no_lines_and_long_names_are_cut_to_a_third_of_the_page():
    """The standing itself is never cut: the page breaks a long line between words."""
    assert evening_lines([], 76) == []
    wide = [Standing(name="東" * 20, finished=1, wins=1, tichu=1, tichu_made=1)]
    lines = evening_lines(wide, 40)
    assert lines[2].startswith("東" * 6 + "…") and get_cwidth(lines[2].split("  ")[0]) <= 13
    assert lines[2].endswith("won 1 of 1 game; calls made: Tichu 1/1, Grand Tichu 0/0")


@pytest_twisted.ensureDeferred
async def test_anyone_may_ask_the_host_for_its_evening_standings(hosts):
    host = hosts()
    ann, bob = await seat_clients(host.port, 2, target=50)
    started = await ann.party.standings()                 # a game under way counts as played
    assert (started.evening, started.games) == ("", 1)
    assert all(p.rounds == 0 and p.rating == 0 for p in started.people)
    await a_game([ann, bob], seed=3)
    found = await bob.party.standings()
    people = {p.name: p for p in found.people}
    assert found.games == 1 and set(people) == {"Ann", "Bob"}
    assert people["Ann"].margin == -people["Bob"].margin
    assert {p.name: p for p in ann.table.evening}["Ann"].rating == people["Ann"].rating
    assert [p.name for p in found.people] == sorted(people, key=lambda n: -people[n].rating)
    for client in (ann, bob):
        await client.close()
