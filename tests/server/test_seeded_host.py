"""A host given a seed deals its tables from it, so that a game can be played again."""

import pytest_twisted

from engine import RuleSet, new_game, view
from tests.support.live_host import seat_clients


@pytest_twisted.ensureDeferred
async def test_tables_are_dealt_from_the_host_seed_in_order(hosts):
    host = hosts(seed=41)
    (first,) = await seat_clients(host.port, 1, "classic", 200)
    (second,) = await seat_clients(host.port, 1, "duel", 200)
    for client, rules, seed in ((first, RuleSet("classic", 200), 41),
                                (second, RuleSet("duel", 200), 42)):
        assert client.view.hand == view(new_game(rules, seed), client.seating.seat).hand
